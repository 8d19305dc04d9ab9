"""The sandbox answers a move as soon as the bot has, not after the computers' next moves."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest

from bot.sandbox import PREVIEW_SETTLE, PreviewClient
from bot.settings import Settings
from cogs.host import BOT_DELAY, GameHost, ScriptedDeals
from tests.bot.test_sandbox import _controls, _outcome_id, _with_button, running_sandbox
from tests.engine.rummy500.scripted import deck_order

# Alice plays first (Computer 2 deals); she draws QC and throws 2S back.
ALICE = "4D 5D 6D 2S 8H KC 9C"
COMPUTER_1 = "KS KH 5C 8S 3H 10D 4C"
COMPUTER_2 = "4S 7C JC 2H 8D 5H AS"


@pytest.fixture
def scripted_rummy500(monkeypatch: pytest.MonkeyPatch) -> None:
    """Deal the sandbox's next Rummy 500 game from a fixed deck, for this test only."""
    deals = ScriptedDeals()
    deck = deck_order([ALICE, COMPUTER_1, COMPUTER_2], "3C", "QC 10S 6S", dealer=2)
    deals.queue("rummy500", deck, first_dealer=2)
    monkeypatch.setattr(GameHost, "deals", deals)


async def test_a_discard_is_answered_before_the_computers_move_and_they_then_play_on(
        tmp_path: Path, scripted_rummy500: None) -> None:
    assert PREVIEW_SETTLE < BOT_DELAY  # else every click waits for the computers' next moves
    settings = Settings(db_path=tmp_path / "sandbox.sqlite3", db_path_explicit=True,
                        sandbox_port=0)
    async with running_sandbox(settings) as sandbox, await PreviewClient.open(sandbox.url) as page:
        await start_against_two_computers(page)
        table = _with_button(page, "My hand")
        mine = await page.click(table["id"], label="My hand")
        hand_id = _outcome_id(mine, "response")
        await page.click(hand_id, label="Draw from stock")
        discard = select_of(page.state["messages"][hand_id], ":discard")
        started = time.monotonic()
        await page.select(hand_id, ["2S"], custom_id=discard)
        answered = time.monotonic() - started
        content = _with_button(page, "My hand")["content"]
        assert "Alice discarded 2♠\ufe0e." in content, content
        assert "**Computer 1's turn**" in content, content
        # Then the computers play in real time, with nobody clicking, until Alice's turn.
        for _ in range(100):
            await page.view_as(page.viewer_id)  # republish without waiting for the bot
            if "**Alice's turn" in _with_button(page, "My hand")["content"]:
                break
            await asyncio.sleep(0.2)
        else:
            raise AssertionError("the computers did not play on by themselves")
    assert answered < 4.0, answered  # SimCord's default settle made it 4-6 s


async def start_against_two_computers(page: PreviewClient) -> None:
    """Alice opens a Rummy 500 table, adds two computers and starts."""
    await page.run_command("rummy new", game="rummy500")
    lobby = _with_button(page, "Start")
    await page.click(lobby["id"], label="Add computer")
    await page.click(lobby["id"], label="Add computer")
    await page.click(lobby["id"], label="Start")


def select_of(message: dict[str, Any], suffix: str) -> str:
    """Return the custom id of the message's select whose id ends with `suffix`."""
    return next(str(c["custom_id"]) for c in _controls(message)
                if str(c.get("custom_id", "")).endswith(suffix))
