"""A computer's turn reads as one turn (issue 26): after one pause it plays all its actions,
each saved on its own, and the table shows them in one edit; a restart in its middle loses
nothing."""

from __future__ import annotations

import pytest

from cogs.host import ScriptedDeals
from tests.cogs.conftest import BOT_DELAY, table_message
from tests.cogs.test_rummy500 import LOOSE_2, deal3, draw, game_view, pick, running, script_rummy
from tests.cogs.test_rummy500_pace import alice_and_two_computers
from tests.conftest import Sim

# Computer 1 holds three queens: on its turn it draws, melds them and discards.
QUEENS = "QS QH QD 7D 3H 9S 4C"


class Crash(Exception):
    """The process dies here."""


async def computer_1_is_next(sim: Sim, deals: ScriptedDeals) -> None:
    """Alice plays two computers; she draws and discards 2♠\ufe0e, unopened (no window)."""
    script_rummy(deals, deal3(["4D 5D 6D 2S 8H KC 9C", QUEENS, LOOSE_2], "3C", "QC 10S 6S"))
    await alice_and_two_computers(sim)
    await draw(sim.alice)
    await pick(sim.alice, "discard", ["2S"])
    assert game_view(sim).turn == 1


async def computer_moves(sim: Sim, seat: int = 1) -> list[str]:
    """Return the stored moves of a seat, in order."""
    return [a for _, s, a, _ in await sim.bot.storage.actions(1) if s == seat]


def new_lines(before: str, after: str) -> list[str]:
    """Return the lines of the table's move log that are new, without its turn line."""
    return [line for line in after.splitlines()
            if line not in before.splitlines() and not line.startswith("**")]


async def test_a_computers_draw_melds_and_discard_come_in_one_table_edit_after_one_pause(
        sim: Sim, deals: ScriptedDeals) -> None:
    await computer_1_is_next(sim, deals)
    table = table_message(sim)
    before, requests = table.content, len(sim.env.http_requests)
    await sim.env.advance_time(BOT_DELAY - 0.5)
    assert await computer_moves(sim) == []  # the pause a person needs to follow
    await sim.env.advance_time(0.5)
    moves = await computer_moves(sim)
    assert [m.split()[0] for m in moves] == ["draw", "meld", "discard"]
    assert game_view(sim).turn == 2
    edits = [r for r in sim.env.http_requests[requests:]
             if r.method == "PATCH" and str(table.id) in r.path]
    assert len(edits) == 1  # not one edit per action
    after = table_message(sim).content
    lines = new_lines(before, after)
    assert len(lines) == 3 and all(line.startswith("Computer 1 ") for line in lines), lines
    assert "Q♠\ufe0e" in lines[1] and "**Computer 2's turn**" in after


async def test_a_restart_in_the_middle_of_a_computers_turn_loses_nothing(
        sim: Sim, deals: ScriptedDeals, monkeypatch: pytest.MonkeyPatch) -> None:
    await computer_1_is_next(sim, deals)
    before = table_message(sim).content
    storage = sim.bot.storage
    record = storage.record_action

    async def dies_before_the_meld_is_saved(game_id: int, seat: int | None, action: str,
                                            state: str, version: int) -> None:
        if seat == 1 and action.startswith("meld"):
            raise Crash()
        await record(game_id, seat, action, state, version)

    monkeypatch.setattr(storage, "record_action", dies_before_the_meld_is_saved)
    await sim.env.advance_time(BOT_DELAY)
    assert [m.split()[0] for m in await computer_moves(sim)] == ["draw"]
    assert new_lines(before, table_message(sim).content) == []  # held for the turn's end
    rt = running(sim)
    assert rt is not None
    rt.session.close()  # nothing of the dead process runs on
    await sim.restart()
    await sim.env.advance_time(BOT_DELAY)
    moves = await computer_moves(sim)
    assert [m.split()[0] for m in moves] == ["draw", "meld", "discard"]
    # The draw's line, saved before the crash, is shown with the rest of the turn, once.
    mine = [line for line in new_lines(before, table_message(sim).content)
            if line.startswith("Computer 1 ")]
    assert len(mine) == 3 and "drew" in mine[0] and "Q♠\ufe0e" in mine[1], mine
