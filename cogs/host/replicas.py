"""The computers' moves, worked out in worker processes that keep a copy of each game.

At a thousand games the computers' decisions are most of the event loop's work (about 0.6
of a core at 650 moves a second), and every other move of the process waits behind them.
With RUMMY_COMPUTER_WORKERS (default 1) the easy and normal computers decide in that many
worker processes (cogs/computer_worker.py). A worker keeps a copy of each game it decided
for: the bot sends the state text once, then, with each later question, the moves saved
since (playing a move costs the copy ~0.1-0.2 ms, rebuilding the game 1-1.3 ms). The copy
is the saved game, so the move is the one this process would choose; if the copy is not at
the game's version (a move adopted unsaved, a worker restarted) the worker says so and the
bot sends the state. A move is still verified by the game here, like any move.

Games are spread over the workers by their id. The workers are asyncio subprocesses spoken
to through their pipes, no thread in this process: a thread's answer takes the interpreter
back from the busy loop (up to the 5 ms switch interval each time). They start at the first
computer move, not with the bot. If a worker dies, its questions are answered here and the
next one starts a new worker.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

ROOT = Path(__file__).resolve().parents[2]  # where the worker's module is found
WORKER = ("-m", "cogs.computer_worker")  # the worker's interpreter arguments
RETRY_SECONDS = 60.0  # after a worker died young, moves are made here this long
YOUNG_SECONDS = 5.0  # a worker that dies sooner than this is not started again at once
MAX_PENDING = 500  # moves kept for one copy; past them the state is sent instead

Message = dict[str, Any]


class WorkerGone(Exception):
    """The worker process ended (or would not start) before it answered."""


class WorkerRaised(Exception):
    """The computer player raised in the worker (the move is made here, where it raises too)."""


@dataclass
class Held:
    """What a worker's copy of a game will be once it reads what it was sent: its version,
    and the moves saved since, to send with the next question."""

    version: int
    moves: list[tuple[int, str]] = field(default_factory=list)

    @property
    def after(self) -> int:
        """The copy's version once it has played the moves waiting for it."""
        return self.version + len(self.moves)


class Worker:
    """One worker process: the copies it holds, the questions asked of it, its answers."""

    def __init__(self) -> None:
        self.started = time.monotonic()
        self.process: asyncio.subprocess.Process | None = None
        self.held: dict[int, Held] = {}
        self.waiting: dict[int, asyncio.Future[Message]] = {}
        self._up = asyncio.Event()
        self.reading = asyncio.get_running_loop().create_task(self._run())

    @property
    def alive(self) -> bool:
        """Whether the worker still answers."""
        return not self.reading.done()

    async def ask(self, request: Message) -> Message:
        """Send one question and return the worker's answer."""
        future: asyncio.Future[Message] = asyncio.get_running_loop().create_future()
        self.waiting[request["id"]] = future
        try:
            self.send(request)
        except WorkerGone:
            self.waiting.pop(request["id"], None)
            raise
        return await future

    def send(self, message: Message) -> None:
        """Write one message (in order after every earlier one)."""
        stdin = self.process.stdin if self.process is not None else None
        if stdin is None or stdin.is_closing():
            raise WorkerGone
        stdin.write((json.dumps(message, separators=(",", ":")) + "\n").encode())

    async def until_up(self) -> bool:
        """Wait until the process has started (or failed to); return whether it runs."""
        await self._up.wait()
        return self.alive

    async def _run(self) -> None:
        """Start the process, then read its answers until it ends."""
        try:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable, *WORKER, cwd=ROOT, limit=1 << 24,
                stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE)
            self._up.set()
            assert self.process.stdout is not None
            while line := await self.process.stdout.readline():
                self._answered(json.loads(line))
        except (OSError, ValueError) as error:
            log.warning("a computers' worker failed: %s", error)
        finally:
            self._up.set()
            self._gone()

    def _answered(self, message: Message) -> None:
        future = self.waiting.pop(message["id"], None)
        if future is not None and not future.done():  # else its caller stopped waiting
            future.set_result(message)

    def _gone(self) -> None:
        for future in self.waiting.values():
            if not future.done():
                future.set_exception(WorkerGone())
        self.waiting.clear()

    def stop(self) -> None:
        """End the process (its answers are no longer read)."""
        if self.process is not None and self.process.returncode is None:
            self.process.kill()
        self.reading.cancel()

    async def ended(self) -> None:
        """Wait until the process has ended and its pipes are closed."""
        if self.process is not None:
            await self.process.wait()
        with contextlib.suppress(asyncio.CancelledError):
            await self.reading


class Replicas:
    """This process's computers' workers (none: every computer decides on the loop)."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.running: dict[int, Worker] = {}
        self._ids = itertools.count()
        self._failed_at = -RETRY_SECONDS  # when a worker last died young (monotonic)
        self._ending: set[asyncio.Task[None]] = set()  # lost workers, their pipes closing

    async def decide(self, key: int, game: str, seat: int, level: str, state: str,
                     version: int) -> str | None:
        """Return a seat's move worked out by the game's worker; None: decide it here (no
        worker runs, it died, or the computer raised there)."""
        worker = await self._worker(key)
        if worker is None:
            return None
        try:
            answer = await self._ask(worker, key, game, seat, level, state, version)
            if "stale" in answer:  # its copy was not the game: send the state this time
                worker.held.pop(key, None)
                answer = await self._ask(worker, key, game, seat, level, state, version)
        except WorkerGone:
            self._lost(worker)
            return None
        if "error" in answer:
            log.warning("a computers' worker raised (%s); deciding here", answer["error"])
        return answer.get("move")

    async def _ask(self, worker: Worker, key: int, game: str, seat: int, level: str,
                   state: str, version: int) -> Message:
        request: Message = {"id": next(self._ids), "key": key, "game": game, "seat": seat,
                            "level": level, "version": version}
        held = worker.held.get(key)
        if held is None or held.after != version:
            request["state"] = state
        else:
            request["moves"] = held.moves
        worker.held[key] = Held(version)
        return await worker.ask(request)

    def moved(self, key: int, seat: int, text: str, version: int, over: bool) -> None:
        """Note a saved move of a game (`version`: the game's after it), for its copy."""
        worker = self._holder(key)
        held = worker.held.get(key) if worker is not None else None
        if worker is None or held is None:
            return  # no copy of it: its next question sends the state
        if over:
            self.forget(key)
        elif held.after == version - 1 and len(held.moves) < MAX_PENDING:
            held.moves.append((seat, text))
        else:
            del worker.held[key]

    def forget(self, key: int) -> None:
        """Drop a game's copy (it ended, or is driven elsewhere now)."""
        worker = self._holder(key)
        if worker is not None and worker.held.pop(key, None) is not None:
            with contextlib.suppress(WorkerGone):
                worker.send({"forget": key})

    def _holder(self, key: int) -> Worker | None:
        """Return the running worker a game's questions go to (None: none runs for it)."""
        return self.running.get(key % self.workers) if self.workers else None

    @property
    def available(self) -> bool:
        """Whether questions go to workers now: some are set, and none died young lately."""
        return self.workers > 0 and time.monotonic() - self._failed_at >= RETRY_SECONDS

    async def _worker(self, key: int) -> Worker | None:
        """Return the game's worker once it runs, starting it if needed (None: none will)."""
        if self.workers == 0:
            return None
        index = key % self.workers
        worker = self.running.get(index)
        if worker is not None and not worker.alive:  # it ended between two questions
            self._lost(worker)
            worker = None
        if worker is None:
            if not self.available:
                return None
            worker = self.running[index] = Worker()
        if not await worker.until_up():
            self._lost(worker)
            return None
        return worker

    def _lost(self, worker: Worker) -> None:
        """Forget a worker that ended; one that died young is not started again for a while."""
        for index, running in list(self.running.items()):
            if running is worker:
                del self.running[index]
        worker.stop()
        ending = asyncio.get_running_loop().create_task(worker.ended())
        self._ending.add(ending)
        ending.add_done_callback(self._ending.discard)
        if time.monotonic() - worker.started < YOUNG_SECONDS:
            self._failed_at = time.monotonic()
            log.warning("a computers' worker did not start; their moves are made here")
        else:
            log.warning("a computers' worker died; its moves are made here, then by a new one")

    async def warm(self) -> None:
        """Start every worker now rather than at the first computer move."""
        await asyncio.gather(*(self._worker(index) for index in range(self.workers)))

    async def close(self) -> None:
        """Stop the workers and wait for them to end."""
        workers = list(self.running.values())
        self.stop()
        await asyncio.gather(*(worker.ended() for worker in workers), *self._ending)

    def stop(self) -> None:
        """Kill the workers at once (the bot stops)."""
        for worker in self.running.values():
            worker.stop()
        self.running = {}
