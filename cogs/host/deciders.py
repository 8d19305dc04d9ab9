"""The hard computers' moves, worked out in worker processes so that no game waits for them.

A hard computer searches (100-500 ms a move on this project's 2-core machine); on the event
loop every other game of the process would wait that long. With RUMMY_HARD_WORKERS (default
1) the moves of the seats that play hard are worked out in that many worker processes from
the game's state text, the text the move's save writes: the worker rebuilds the game and asks
the same computer player, and the hard players decide from what they see alone (seeded by the
view), so the move is the one this process would have chosen. Easy and normal computers
take a millisecond or two, less than rebuilding a game: they decide in workers that keep a
copy of each game (replicas.py, RUMMY_COMPUTER_WORKERS), or on the loop without them.
Threads would not do: the interpreter runs one at a time, and the loop would wait for it.

The workers start at the first hard move (a second or two, once), not with the bot: a bot
whose tables seat no hard computer runs none.
"""

from __future__ import annotations

import asyncio
import json
import logging
import multiprocessing
from collections.abc import Awaitable, Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from cogs.adapters import DEFAULT_LEVEL
from cogs.host.replicas import Replicas
from cogs.registry import adapter_for, game_names

log = logging.getLogger(__name__)

Decide = Callable[[str, int], Awaitable[str]]  # (state text, version) -> move
HARD = "hard"


def decided(game: str, state: str, seat: int, level: str) -> str:
    """Return the computer's move for a seat of a game given as its state text (in a worker)."""
    adapter = adapter_for(game)
    return str(adapter.choose(adapter.load(json.loads(state)), seat, level))


def _ready() -> None:
    """Load the games' modules in a new worker before its first move is asked."""
    for name in game_names():
        adapter_for(name)


class Deciders:
    """The worker processes of this bot process (none: every computer decides on the loop):
    a pool for the hard computers, and workers keeping copies of games for the others."""

    def __init__(self, workers: int, computer_workers: int = 0) -> None:
        self.workers = workers
        self.pool: ProcessPoolExecutor | None = None
        self.replicas = Replicas(computer_workers)

    def for_seat(self, game: str, seat: int, level: str, key: int | None = None
                 ) -> Decide | None:
        """Return how a computer seat's moves are worked out away from the loop (None: here);
        `key` is the game's id (None: a game without one keeps no copy in a worker)."""
        if adapter_for(game).seated_level(level) == HARD:
            return self._hard(game, seat, level) if self.workers else None
        if key is None or not self.replicas.available:
            return None  # decided here, on the live game (no rebuilding it from its text)

        async def decide(state: str, version: int) -> str:
            move = await self.replicas.decide(key, game, seat, level, state, version)
            return decided(game, state, seat, level) if move is None else move

        return decide

    def _hard(self, game: str, seat: int, level: str) -> Decide:
        async def decide(state: str, _version: int) -> str:
            loop = asyncio.get_running_loop()
            try:
                return await loop.run_in_executor(self._pool(), decided, game, state, seat,
                                                  level)
            except BrokenProcessPool:
                # A worker died (killed, out of memory): this move is worked out here, the
                # next one by new workers.
                log.warning("a hard computers' worker died; starting new ones")
                self.pool = None
                return decided(game, state, seat, level)

        return decide

    def away(self, game: str, levels: dict[int, str], key: int | None = None
             ) -> Callable[[int], Decide | None]:
        """Return the session's `away` hook: where each computer seat's moves are worked out,
        from the level it was seated at (a person's absent seat plays normal)."""
        return lambda seat: self.for_seat(game, seat, levels.get(seat, DEFAULT_LEVEL), key)

    def moved(self, key: int, seat: int, text: str, version: int, over: bool) -> None:
        """Note a game's saved move (`version`: the game's after it) for a worker's copy."""
        self.replicas.moved(key, seat, text, version, over)

    def forget(self, key: int) -> None:
        """Drop a worker's copy of a game no longer driven here."""
        self.replicas.forget(key)

    def _pool(self) -> ProcessPoolExecutor:
        if self.pool is None:
            # spawn, not fork: the bot process has threads (the database's), which fork
            # copies in whatever state they are.
            self.pool = ProcessPoolExecutor(self.workers, multiprocessing.get_context("spawn"),
                                            initializer=_ready)
        return self.pool

    async def warm(self) -> None:
        """Start every worker now rather than at the first hard move."""
        loop = asyncio.get_running_loop()
        await asyncio.gather(*(loop.run_in_executor(self._pool(), _ready)
                               for _ in range(self.workers)))

    async def wait_closed(self) -> None:
        """Stop the workers and wait until the computers' workers have ended."""
        await self.replicas.close()
        self.close()

    def close(self) -> None:
        """Stop the workers (the bot stops)."""
        self.replicas.stop()
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
            self.pool = None
