"""Republish the sandbox's Preview pages when the bot changed the world on its own.

SimCord's Preview publishes a page after that page's own action; what the bot does later (a
computer's move, a turn timer, the end of a Rummy! window) stays unseen until someone presses
"Refresh preview". SimCord offers `Preview.refresh()` for scripts, but it first settles the bot
while holding the Env's operation guard, and a click arriving meanwhile would then fail. So
`AutoRefresh` republishes without settling, between actions, each page whose last publication
is older than the bot's last REST call, once the bot has been quiet for one tick.

It relies on a few private members of SimCord's Preview (checked by `supported`); with another
SimCord the sandbox says so in the log and works as before, refreshed by hand.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable
from typing import Any

log = logging.getLogger(__name__)

INTERVAL = 0.25  # seconds between looks: pages follow the bot within about half a second
_NEEDED = ("_pages", "_publish", "_active_action", "_advance_presentation_time", "_python")


def supported(preview: Any) -> bool:
    """Whether this Preview has the members AutoRefresh works through."""
    return all(hasattr(preview, name) for name in _NEEDED)


class AutoRefresh:
    """Keep every open page of one Preview up to date with the bot's own moves."""

    def __init__(self, preview: Any, requests: Callable[[], int]) -> None:
        self._preview = preview
        self._requests = requests  # how many REST calls the bot has made so far
        self._seen_at: dict[str, int] = {}  # page id -> REST calls made when last published
        self._last_count = requests()
        self._publish = preview._publish
        preview._publish = self._publish_and_note  # note the Preview's own publications too

    def _publish_and_note(self, page: Any, **kwargs: Any) -> None:
        self._seen_at[page.id] = self._requests()
        self._publish(page, **kwargs)

    def stale_pages(self) -> list[Any]:
        """Return the open pages that miss some of the bot's REST calls."""
        count = self._requests()
        pages = tuple(self._preview._pages.values())
        return [p for p in pages if p is not self._preview._python
                and self._seen_at.get(p.id, -1) < count]

    def tick(self) -> int:
        """Republish the stale pages if nothing is under way; return how many were."""
        count = self._requests()
        settling, self._last_count = count != self._last_count, count
        # Wait while an action runs (it publishes its own page) or the bot is mid-burst.
        if settling or self._preview._active_action is not None:
            return 0
        stale = self.stale_pages()
        if stale:
            self._preview._advance_presentation_time()
        for page in stale:
            if page.id in self._preview._pages:  # a publication may prune expired pages
                self._publish_and_note(page, reason="refresh")
        return len(stale)

    async def run(self, interval: float = INTERVAL) -> None:
        """Tick until cancelled."""
        while True:
            await asyncio.sleep(interval)
            self.tick()


@contextlib.asynccontextmanager
async def auto_refresh(preview: Any, requests: Callable[[], int]) -> AsyncIterator[None]:
    """Keep the Preview's pages up to date while the block runs (when SimCord allows it)."""
    if not supported(preview):
        log.warning("this SimCord's Preview cannot refresh itself: press 'Refresh preview' "
                    "to see moves made by timers and computers")
        yield
        return
    task = asyncio.ensure_future(AutoRefresh(preview, requests).run())
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
