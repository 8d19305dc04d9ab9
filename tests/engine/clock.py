"""A loop clock tests move by hand, and its fixture (see tests/engine/conftest.py)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Executor
from typing import Any, TypeVar

import pytest

T = TypeVar("T")


class LoopClock:
    """Replace the running loop's time() so tests jump it forward; timers fire in order.

    This drives the real asyncio scheduler (call_later handles, asyncio.sleep), only the
    clock it reads is ours. It peeks at the loop's private queues to know when it is idle,
    and waits for the work the loop handed to threads (a computer deciding) as it would for
    a ready callback: time does not move on while a decision is under way.
    """

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.now = 0.0  # whole seconds stay exact, so tests can compare times with ==
        self.working: set[asyncio.Future[Any]] = set()  # executor work not yet done

    def run_in_executor(self, executor: Executor | None, func: Callable[..., T],
                        *args: Any) -> asyncio.Future[T]:
        """Hand work to a thread as the loop does, and note it until it is done."""
        future = type(self.loop).run_in_executor(self.loop, executor, func, *args)
        self.working.add(future)
        future.add_done_callback(self.working.discard)
        return future

    @property
    def elapsed(self) -> float:
        """Seconds of loop time since the clock was installed."""
        return self.now

    def time(self) -> float:
        """Return the virtual loop time."""
        return self.now

    async def settle(self) -> None:
        """Run everything runnable until the loop has nothing ready."""
        idle = 0
        for _ in range(100_000):
            if self.working:
                await asyncio.wait(list(self.working))
            await asyncio.sleep(0)
            busy = self.loop._ready or self.working  # type: ignore[attr-defined]
            idle = idle + 1 if not busy else 0
            if idle >= 3:
                return
        raise AssertionError("the loop never went idle")

    async def advance(self, seconds: float) -> None:
        """Move time forward by `seconds`, firing every timer due on the way, in order."""
        target = self.now + seconds
        await self.settle()
        while True:
            scheduled = self.loop._scheduled  # type: ignore[attr-defined]
            due = [h.when() for h in scheduled if not h.cancelled() and h.when() <= target]
            if not due:
                break
            self.now = max(self.now, min(due))
            await self.settle()
        self.now = target
        await self.settle()


@pytest.fixture
async def clock() -> AsyncIterator[LoopClock]:
    """Put the running loop on a clock the test moves by hand."""
    loop = asyncio.get_running_loop()
    clock = LoopClock(loop)
    loop.time = clock.time  # type: ignore[method-assign]
    loop.run_in_executor = clock.run_in_executor  # type: ignore[method-assign]
    try:
        yield clock
    finally:
        del loop.time, loop.run_in_executor  # back to the class methods
