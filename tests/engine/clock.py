"""A loop clock tests move by hand, and its fixture (see tests/engine/conftest.py)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest


class LoopClock:
    """Replace the running loop's time() so tests jump it forward; timers fire in order.

    This drives the real asyncio scheduler (call_later handles, asyncio.sleep), only the
    clock it reads is ours. It peeks at the loop's private queues to know when it is idle.
    """

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.now = 0.0  # whole seconds stay exact, so tests can compare times with ==

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
            await asyncio.sleep(0)
            idle = idle + 1 if not self.loop._ready else 0  # type: ignore[attr-defined]
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
    try:
        yield clock
    finally:
        del loop.time  # back to the class method
