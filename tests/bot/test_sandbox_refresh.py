"""AutoRefresh: which Preview pages it republishes, and when it keeps still."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from typing import Any

import pytest

from bot.sandbox_refresh import AutoRefresh, auto_refresh, supported


@dataclass
class Page:
    id: str
    revision: int = 0


@dataclass
class FakePreview:
    """The Preview members AutoRefresh uses, recording each publication."""

    pages: list[Page]
    _active_action: object | None = None
    published: list[tuple[str, str]] = field(default_factory=list)
    clock_moves: int = 0

    def __post_init__(self) -> None:
        self._python = Page("python")
        self._pages = {p.id: p for p in [self._python, *self.pages]}

    def _publish(self, page: Page, *, reason: str = "action") -> None:
        page.revision += 1
        self.published.append((page.id, reason))

    def _advance_presentation_time(self) -> None:
        self.clock_moves += 1


class Bot:
    """Stands for the bot's REST call count."""

    def __init__(self) -> None:
        self.calls = 0


def refresher(*page_ids: str) -> tuple[FakePreview, Bot, AutoRefresh]:
    preview, bot = FakePreview([Page(i) for i in page_ids]), Bot()
    auto = AutoRefresh(preview, lambda: bot.calls)
    for page in preview.pages:  # both pages start published, as the Preview does on opening
        preview._publish(page, reason="initial")
    preview.published.clear()
    return preview, bot, auto


def test_nothing_is_republished_while_the_bot_rests() -> None:
    preview, _, auto = refresher("a", "b")
    assert [auto.tick(), auto.tick()] == [0, 0]
    assert preview.published == [] and preview.clock_moves == 0


def test_after_a_burst_of_rest_calls_every_page_but_python_s_is_republished_once() -> None:
    preview, bot, auto = refresher("a", "b")
    bot.calls += 3
    assert auto.tick() == 0  # still moving: wait for a quiet tick
    assert auto.tick() == 2
    assert preview.published == [("a", "refresh"), ("b", "refresh")]
    assert preview.clock_moves == 1
    assert auto.tick() == 0


def test_a_page_the_preview_published_after_the_calls_is_left_alone() -> None:
    preview, bot, auto = refresher("a", "b")
    bot.calls += 1
    auto.tick()
    preview._publish(preview._pages["a"], reason="action")  # "a"'s own click showed it all
    assert auto.tick() == 1
    assert preview.published[-1] == ("b", "refresh")


def test_no_page_is_touched_while_an_action_runs() -> None:
    preview, bot, auto = refresher("a")
    bot.calls += 1
    auto.tick()
    preview._active_action = object()
    assert auto.tick() == 0
    preview._active_action = None
    assert auto.tick() == 1


def test_a_page_pruned_meanwhile_is_skipped() -> None:
    preview, bot, auto = refresher("a", "b")
    bot.calls += 1
    auto.tick()
    stale = auto.stale_pages()
    del preview._pages["b"]
    assert [p.id for p in stale] == ["a", "b"]
    assert auto.tick() == 1 and preview.published == [("a", "refresh")]


async def test_the_task_runs_inside_the_block_and_stops_after_it() -> None:
    preview, bot, _ = refresher()
    page = Page("c")
    preview._pages["c"] = page
    async with auto_refresh(preview, lambda: bot.calls):
        await asyncio.sleep(0.6)
        assert ("c", "refresh") in preview.published  # never noted: published once
        count = len(preview.published)
        await asyncio.sleep(0.6)
        assert len(preview.published) == count
    bot.calls += 1
    await asyncio.sleep(0.6)
    assert len(preview.published) == count


async def test_a_preview_without_those_members_only_gets_a_warning(
    caplog: pytest.LogCaptureFixture,
) -> None:
    other: Any = object()
    assert not supported(other)
    with caplog.at_level(logging.WARNING):
        async with auto_refresh(other, lambda: 0):
            pass
    assert "press 'Refresh preview'" in caplog.text
