"""The computers' moves, worked out in worker processes so that no game waits for them.

Every computer move costs the process: a normal one 0.3-4 ms of views and decision, a hard
one 100-500 ms of search on this project's 2-core machine. On the event loop every other
game of the process waits meanwhile, and at a thousand games the computers are most of the
loop's work. With RUMMY_COMPUTER_WORKERS (default 1) every computer seat's moves (and an
absent person's, played for him) are worked out in that many worker processes
(decider_worker.py) from the game's state text, the text the move's save writes: the worker
rebuilds the game and asks the same computer player, and the players decide from the state
alone, so the move is the one this process would have chosen.

The workers are asyncio subprocesses spoken to through their pipes: no thread in this
process. A concurrent.futures pool was tried first and kept for hard computers only: its
result thread takes the interpreter back from the busy loop for every answer (up to the
5 ms switch interval each time), which made bench_load's p99 worse with normal computers
there. Measured with the pipes (bench_load, SQLite, 1,000 games, 2026-11-28): the loop's
busy share fell from about 0.8 to 0.5 and the worst loop lag from 125-250 ms to about 30 ms.

The workers start at the first computer move (a second or two, once), not with the bot: a
bot whose tables seat no computer runs none.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from cogs.adapters import DEFAULT_LEVEL
from cogs.decider_worker import HEADER, Message, decided, frame, parse

log = logging.getLogger(__name__)

Decide = Callable[[str], Awaitable[str]]
ROOT = Path(__file__).resolve().parents[2]  # where the worker's module is found
WORKER = ("-m", "cogs.decider_worker")  # the worker's interpreter arguments
RETRY_SECONDS = 60.0  # after a worker failed to start, moves are made here this long


class WorkerGone(Exception):
    """The worker process ended before it answered."""


class WorkerRaised(Exception):
    """The computer player raised in the worker (the move is made here, where it raises too)."""


class Worker:
    """One worker process: the moves asked of it, and its answers read as they come."""

    def __init__(self) -> None:
        self.process: asyncio.subprocess.Process | None = None
        self.ready = asyncio.get_running_loop().create_future()  # True once it said so
        self.waiting: dict[int, asyncio.Future[str]] = {}
        self.reading = asyncio.create_task(self._run())

    @property
    def alive(self) -> bool:
        """Whether the worker still answers."""
        return not self.reading.done()

    async def ask(self, request: Message) -> str:
        """Send one request and return the move the worker answers."""
        future: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        self.waiting[request["id"]] = future
        assert self.process is not None and self.process.stdin is not None
        stdin = self.process.stdin
        try:
            stdin.write(frame(request))
            await stdin.drain()
        except ConnectionError as error:
            self.waiting.pop(request["id"], None)
            raise WorkerGone from error
        return await future

    async def _run(self) -> None:
        """Start the process, then read its answers until it ends."""
        try:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable, *WORKER, cwd=ROOT,
                stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE)
            assert self.process.stdout is not None
            await self._read(self.process.stdout)
        except OSError as error:
            log.warning("cannot start a computers' worker: %s", error)
        finally:
            self._gone()

    async def _read(self, stdout: asyncio.StreamReader) -> None:
        try:
            while True:
                header = await stdout.readexactly(HEADER.size)
                self._answered(parse(await stdout.readexactly(HEADER.unpack(header)[0])))
        except (asyncio.IncompleteReadError, ConnectionError):
            pass  # the worker ended: whoever still waits is told (_gone)

    def _answered(self, message: Message) -> None:
        if "ready" in message:
            self.ready.set_result(True)
            return
        future = self.waiting.pop(message["id"], None)
        if future is None or future.done():
            return  # its caller stopped waiting (the game closed)
        if "move" in message:
            future.set_result(message["move"])
        else:
            future.set_exception(WorkerRaised(message["error"]))

    def _gone(self) -> None:
        if not self.ready.done():
            self.ready.set_result(False)
        for future in self.waiting.values():
            if not future.done():
                future.set_exception(WorkerGone())
        self.waiting.clear()

    def stop(self) -> None:
        """End the process (its answers are no longer read)."""
        if self.process is not None and self.process.returncode is None:
            self.process.kill()

    async def ended(self) -> None:
        """Wait until the process has ended and its pipes are closed."""
        if self.process is not None:
            await self.process.wait()
        with contextlib.suppress(asyncio.CancelledError):
            await self.reading


class Deciders:
    """The worker processes of this bot process (none: every computer decides on the loop)."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.running: list[Worker] = []
        self._ids = itertools.count()
        self._failed_at = -RETRY_SECONDS  # when a worker last failed to start (monotonic)

    def for_seat(self, game: str, seat: int, level: str) -> Decide | None:
        """Return how a computer seat's moves are worked out away from the loop (None: here)."""
        if self.workers == 0:
            return None

        async def decide(state: str) -> str:
            return await self.decide(game, state, seat, level)

        return decide

    def away(self, game: str, levels: dict[int, str]) -> Callable[[int], Decide | None]:
        """Return the session's `away` hook: where each computer seat's moves are worked out,
        at the level it was seated at (a person's absent seat plays normal)."""
        return lambda seat: self.for_seat(game, seat, levels.get(seat, DEFAULT_LEVEL))

    async def decide(self, game: str, state: str, seat: int, level: str) -> str:
        """Return the move of a computer seat, worked out by a worker when one runs."""
        worker = await self._worker()
        if worker is None:
            return decided(game, state, seat, level)  # no worker would start: here
        request = {"id": next(self._ids), "game": game, "state": state, "seat": seat,
                   "level": level}
        try:
            return await worker.ask(request)
        except WorkerGone:
            # Killed (out of memory, by hand): this move is made here, the next by a new one.
            log.warning("a computers' worker died; starting a new one")
            return decided(game, state, seat, level)
        except WorkerRaised:
            return decided(game, state, seat, level)  # raises here, with its traceback

    async def _worker(self) -> Worker | None:
        """Return the least busy worker that answers, starting the missing ones first."""
        self.running = [worker for worker in self.running if worker.alive]
        if len(self.running) < self.workers and not self._resting():
            self.running += [Worker() for _ in range(self.workers - len(self.running))]
        ready = [w for w in self.running if w.ready.done() and w.ready.result()]
        if ready:
            return min(ready, key=lambda worker: len(worker.waiting))
        for worker in self.running:  # all starting: the first one up
            if await worker.ready:
                return worker
        if self.running:
            self._failed_at = time.monotonic()
            log.warning("the computers' workers did not start; their moves are made here")
        return None

    def _resting(self) -> bool:
        return time.monotonic() - self._failed_at < RETRY_SECONDS

    async def warm(self) -> None:
        """Start every worker now rather than at the first computer move."""
        await self._worker()
        await asyncio.gather(*(worker.ready for worker in self.running))

    def stop(self) -> None:
        """Kill the workers at once (the bot stops)."""
        for worker in self.running:
            worker.stop()
        self.running = []

    async def close(self) -> None:
        """Stop the workers and wait for them to end."""
        workers = self.running
        self.stop()
        await asyncio.gather(*(worker.ended() for worker in workers))
