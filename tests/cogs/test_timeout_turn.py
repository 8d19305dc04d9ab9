"""A timed-out turn reads as one turn (issue 26): when a person's time runs out, the clock
plays his default move and the rest of his turn at once, and the table shows it in one edit."""

from __future__ import annotations

from cogs.host import ScriptedDeals
from tests.cogs.conftest import BOT_DELAY, labels, set_turn_seconds, table_message, texts
from tests.cogs.test_computer_pace import computer_moves, new_lines
from tests.cogs.test_rummy500 import LOOSE_2, deal3, game_view, script_rummy
from tests.cogs.test_rummy500_pace import alice_and_two_computers
from tests.conftest import Sim

TURN_SECONDS = 60


async def alices_turn_is_timed(sim: Sim, deals: ScriptedDeals) -> None:
    """Alice plays two computers with a minute a turn; she draws first and has nothing to meld."""
    await set_turn_seconds(sim, TURN_SECONDS)
    script_rummy(deals, deal3(["4D 7S 10D 2S 8H KC 9C", "QS QH QD 7D 3H 9S 4C", LOOSE_2],
                              "3C", "QC 10S 6S"))
    await alice_and_two_computers(sim)
    assert game_view(sim).turn == 0


async def test_a_timed_out_draw_and_discard_come_at_the_timeout_in_one_table_edit(
        sim: Sim, deals: ScriptedDeals) -> None:
    await alices_turn_is_timed(sim, deals)
    await sim.env.advance_time(TURN_SECONDS / 2)  # the reminder: a post, not a table edit
    table = table_message(sim)
    before, requests = table.content, len(sim.env.http_requests)
    await sim.env.advance_time(TURN_SECONDS / 2 - 0.1)
    assert await computer_moves(sim, seat=0) == []
    await sim.env.advance_time(0.1)
    # Her draw and her discard, both at the timeout: no pause after the draw.
    assert [m.split()[0] for m in await computer_moves(sim, seat=0)] == ["draw", "discard"]
    assert game_view(sim).turn == 1
    edits = [r for r in sim.env.http_requests[requests:]
             if r.method == "PATCH" and str(table.id) in r.path]
    assert len(edits) == 1  # one turn, one edit: not one per action
    lines = new_lines(before, table_message(sim).content)
    assert [line.split(":")[0] for line in lines] == ["Time's up"] * 2, lines
    assert "Alice drew" in lines[0] and "Alice discarded" in lines[1], lines
    # Computer 1 then plays after its own pause, as after any turn.
    await sim.env.advance_time(BOT_DELAY)
    assert game_view(sim).turn == 2


async def test_the_turn_of_a_takeover_is_one_table_edit_that_offers_im_back(
        sim: Sim, deals: ScriptedDeals) -> None:
    await alices_turn_is_timed(sim, deals)
    await sim.env.advance_time(TURN_SECONDS)  # her first timeout
    await sim.env.advance_time(2 * BOT_DELAY)  # the computers' turns
    assert game_view(sim).turn == 0 and "I'm back" not in labels(table_message(sim))
    await sim.env.advance_time(TURN_SECONDS / 2)
    table = table_message(sim)
    requests = len(sim.env.http_requests)
    await sim.env.advance_time(TURN_SECONDS / 2)  # the second in a row: a computer takes over
    assert [m.split()[0] for m in await computer_moves(sim, seat=0)] == ["draw", "discard"] * 2
    edits = [r for r in sim.env.http_requests[requests:]
             if r.method == "PATCH" and str(table.id) in r.path]
    assert len(edits) == 1
    assert "I'm back" in labels(table_message(sim))
    assert texts(sim)[-1].startswith("A computer player took Alice's seat.")  # below the table
