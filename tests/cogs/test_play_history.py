"""What happened stays visible: the table's move log, the drawn card, melds at once, and a
table that stays near the bottom of the channel while old hands lose their controls."""

from __future__ import annotations

import io
from dataclasses import replace
from typing import Any

import simcord
from PIL import Image

from card_images import render_hand
from cogs.host import ScriptedDeals
from cogs.host.hands import hand_parts
from cogs.host.movelog import LOG_LINES
from tests.cogs.conftest import (
    ALICE_GIN,
    BOT_DELAY,
    LOOSE_A,
    LOOSE_B,
    children,
    custom_id,
    deal,
    dm,
    hand_end_message,
    labels,
    open_table,
    option_values,
    play_pass,
    png_of,
    script,
    set_turn_seconds,
    table_message,
)
from tests.cogs.test_rest_budget import calls_of, routes, start_quiet_hand
from tests.cogs.test_rummy500 import (
    ALICE,
    LOOSE_1,
    LOOSE_2,
    STOCK,
    deal3,
    draw,
    game_view,
    pick,
    running,
    script_rummy,
    three_players,
)
from tests.conftest import Sim

QUIET_STOCK = "2C 3C 4C 7S 8S 10S"  # Alice draws 2C first


def table_lines(sim: Sim) -> list[str]:
    return table_message(sim).content.splitlines()


def tables(sim: Sim) -> list[Any]:
    """Return every table message of the channel, oldest first."""
    return [m for m in sim.channel.history()
            if any(a.filename == "table.png" for a in m.attachments)]


async def alices_draw(sim: Sim, deals: ScriptedDeals) -> None:
    """Start a quiet gin hand in which both pass the upcard: Alice is to draw (2C)."""
    await start_quiet_hand(sim, deals)
    await play_pass(sim.alice)
    await play_pass(sim.bruno)


async def discard(member: simcord.MemberActor, card: str) -> None:
    hand = dm(member)
    await member.user.select(hand, [card], custom_id=custom_id(hand, ":discard"))


# ----- the running move log ---------------------------------------------------------------------


async def test_the_rummy500_table_keeps_the_computers_moves_after_the_rummy_window(
        sim: Sim, deals: ScriptedDeals) -> None:
    script_rummy(deals, deal3([ALICE, LOOSE_1, LOOSE_2], "3C", "3S 9H QD 10S 4H 6C 9S"))
    lobby = await open_table(sim, game="rummy500")
    await sim.alice.click(lobby, label="Add computer")
    await sim.alice.click(lobby, label="Add computer")
    await sim.alice.click(lobby, label="Start")
    await draw(sim.alice)
    await pick(sim.alice, "discard", ["2S"])
    for _ in range(30):  # two computer turns, each with its Rummy! window closing
        view = game_view(sim)
        if view.turn == 0 and not view.claim.open:
            break
        await sim.env.advance_time(BOT_DELAY)
    lines = table_lines(sim)
    assert lines[-1] == "**Alice's turn**"
    for computer in ("Computer 1", "Computer 2"):
        assert any(line.startswith(f"{computer} discarded") for line in lines), lines
        assert any(line.startswith(computer) and ("drew" in line or "took" in line)
                   for line in lines), lines
    assert len(lines) <= LOG_LINES + 1


async def test_times_up_stays_on_the_table_after_the_computers_move(
        sim: Sim, deals: ScriptedDeals) -> None:
    await set_turn_seconds(sim, 60)
    script(deals, deal(LOOSE_A, LOOSE_B, upcard="5C", stock=QUIET_STOCK), dealer=1)
    lobby = await open_table(sim, computer=True)
    await sim.alice.click(lobby, label="Start")
    await sim.env.advance_time(60)  # Alice's clock passes the upcard for her
    await sim.env.advance_time(2 * BOT_DELAY)  # then the computer moves
    lines = table_lines(sim)
    timed = lines.index("Time's up: Alice passed on the upcard.")
    assert any(line.startswith("Computer 1") for line in lines[timed + 1:]), lines


async def test_the_log_survives_a_restart_and_never_names_a_drawn_card(
        sim: Sim, deals: ScriptedDeals) -> None:
    await alices_draw(sim, deals)
    await sim.restart()
    await sim.alice.user.click(dm(sim.alice), label="Draw from stock")
    await discard(sim.alice, "KS")
    lines = table_lines(sim)
    assert lines == ["Hand 1: Bruno deals.", "Alice passed on the upcard.",
                     "Bruno passed on the upcard.", "Alice drew from the stock.",
                     "Alice discarded K♠\ufe0e.", "**Bruno's turn**"]
    assert "2♣" not in table_message(sim).content  # Alice's draw is hers alone


# ----- the card drawn from the stock ------------------------------------------------------------


def pixels(data: bytes) -> bytes:
    return Image.open(io.BytesIO(data)).convert("RGB").tobytes()


async def test_the_drawn_card_is_marked_in_the_picture_and_named_in_the_prompt(
        sim: Sim, deals: ScriptedDeals) -> None:
    await alices_draw(sim, deals)
    await sim.alice.user.click(dm(sim.alice), label="Draw from stock")
    hand = dm(sim.alice)
    assert hand.content.splitlines()[1] == "You drew 2♣\ufe0e."
    # The DM's picture is the hand with 2C marked (lifted and gold), not the plain hand.
    rt = running(sim)
    assert rt is not None
    spec, _fields, _key = hand_parts(rt, 0, True)
    assert spec.highlight == ["2C"]
    shown = await png_of(hand, "hand_drawn.png")
    assert shown.convert("RGB").tobytes() == pixels(render_hand(spec))
    assert shown.convert("RGB").tobytes() != pixels(render_hand(replace(spec, highlight=[])))
    # Bruno never hears of it, and the mark goes with the turn.
    assert all("2♣" not in m.content for m in sim.bruno.user.dm_channel.history())
    await discard(sim.alice, "KS")
    assert "You drew" not in dm(sim.alice).content
    await sim.bruno.user.click(dm(sim.bruno), label="Draw from stock")
    assert "You drew 3♣\ufe0e." in dm(sim.bruno).content


async def test_the_drawn_card_is_still_marked_after_a_restart(
        sim: Sim, deals: ScriptedDeals) -> None:
    await alices_draw(sim, deals)
    await sim.alice.user.click(dm(sim.alice), label="Draw from stock")
    await sim.restart()
    await sim.alice.user.click(dm(sim.alice), label="Sort by rank")
    assert "You drew 2♣\ufe0e." in dm(sim.alice).content


# ----- Rummy 500: a player's own melds show at once -------------------------------------------


async def test_a_meld_and_a_layoff_show_on_the_table_at_once_within_budget(
        sim: Sim, deals: ScriptedDeals) -> None:
    script_rummy(deals, deal3([ALICE, "7S 7H 7C 3D 10H 4S 9C", "QC KC 2D AC 5S 6H 8S"],
                              "JC", STOCK))
    await three_players(sim)
    await draw(sim.alice)
    assert "You drew K♥\ufe0e." in dm(sim.alice).content
    before = await png_of(table_message(sim))
    calls = await calls_of(sim, pick(sim.alice, "meld", ["4D", "5D", "6D"]))
    assert len(calls) == 2, routes(calls)  # the answer to the click and one table edit
    lines = table_lines(sim)
    assert "Alice drew from the stock." in lines
    assert "Alice melded A: 4♦\ufe0e 5♦\ufe0e 6♦\ufe0e." in lines
    assert lines[-1].startswith("**Alice's turn")
    after = await png_of(table_message(sim))
    assert after.tobytes() != before.tobytes()  # the meld is in the picture too
    calls = await calls_of(sim, pick(sim.alice, "ui_lay", ["7D"]))
    assert len(calls) == 2, routes(calls)
    assert "Alice laid off 7♦\ufe0e on A. +5 points." in table_lines(sim)
    # A turn without melds still costs one call for the draw: the table waits for the discard.
    await pick(sim.alice, "discard", ["2S"])
    while game_view(sim).claim.open:
        await sim.env.advance_time(BOT_DELAY)
    calls = await calls_of(sim, draw(sim.bruno))
    assert len(calls) == 1, routes(calls)


# ----- the table stays near the bottom; old hands lose their controls ---------------------------


async def alice_about_to_go_gin(sim: Sim, deals: ScriptedDeals) -> tuple[Any, Any]:
    """Start a hand Alice can end with gin by knocking JC; return the table and her hand."""
    hand1 = deal(ALICE_GIN, "KS QH JD 9S 7D 5S 3H KH 2D 6C", upcard="4D", stock="JC")
    script(deals, hand1, deal(LOOSE_A, LOOSE_B, upcard="5C"), dealer=1)
    lobby = await open_table(sim, sim.bruno)
    await sim.alice.click(lobby, label="Start")
    first = table_message(sim)
    await play_pass(sim.alice)
    await play_pass(sim.bruno)
    await sim.alice.user.click(dm(sim.alice), label="Draw from stock")
    hand = dm(sim.alice)
    return first, hand


async def test_after_a_hand_ends_the_table_moves_below_its_result(
        sim: Sim, deals: ScriptedDeals) -> None:
    first, hand = await alice_about_to_go_gin(sim, deals)
    calls = await calls_of(sim, sim.alice.user.select(hand, ["JC"],
                                                      custom_id=custom_id(hand, ":knock")))
    # The answer, the table message turned into the hand's result, the table posted below
    # it, two new hands: moving the table costs no call of its own.
    assert len(calls) == 5, routes(calls)
    history = sim.channel.history()
    result, [new] = hand_end_message(sim), tables(sim)
    assert result.id == first.id and children(result) == []  # the old table is the result now
    assert result.content.startswith("Alice wins the hand and scores 97 points.")
    assert [a.filename for a in result.attachments] == ["hand.png"]
    assert history.index(new) > history.index(result) and history[-1].id == new.id
    assert "My hand" in labels(new) and "Alice went gin!" in new.content
    assert (await sim.bot.storage.get_game(1)).table_message_id == new.id
    mine = await sim.bruno.click(new, label="My hand")  # its buttons reach the game
    assert mine.ephemeral and "Pass" in labels(mine.response)
    # After a restart, moves edit the moved table in place; the result stays as it was.
    await sim.restart()
    await play_pass(sim.bruno)
    assert [m.id for m in tables(sim)] == [new.id]
    assert "Bruno passed on the upcard." in table_message(sim).content
    assert hand_end_message(sim).content == result.content


async def test_a_result_is_posted_below_when_the_table_cannot_become_it(
        sim: Sim, deals: ScriptedDeals) -> None:
    first, hand = await alice_about_to_go_gin(sim, deals)
    sim.env.inject_error("PATCH", f"/channels/{sim.channel.id}/messages/{first.id}",
                         status=403, code=50001, message="Missing Access")
    await sim.alice.user.select(hand, ["JC"], custom_id=custom_id(hand, ":knock"))
    result = hand_end_message(sim)
    assert result.id != first.id and result.content.startswith("Alice wins the hand")
    assert sim.channel.history()[-1].id == table_message(sim).id  # the table still below it


async def three_reminders(sim: Sim, deals: ScriptedDeals) -> Any:
    """Play to Alice's draw with a reminder posted in each of the three turns; return the table."""
    await set_turn_seconds(sim, 60)
    await start_quiet_hand(sim, deals)
    first = table_message(sim)
    await sim.env.advance_time(30)  # a reminder for Alice
    await play_pass(sim.alice)
    await sim.env.advance_time(30)  # one for Bruno
    await play_pass(sim.bruno)
    assert [m.id for m in tables(sim)] == [first.id]  # two lines below: still edited
    await sim.env.advance_time(30)  # the third
    await sim.alice.user.click(dm(sim.alice), label="Draw from stock")
    return first


async def test_reminders_push_the_table_down_after_three(
        sim: Sim, deals: ScriptedDeals) -> None:
    first = await three_reminders(sim, deals)
    await discard(sim.alice, "KS")
    old, new = tables(sim)
    assert old.id == first.id and children(old) == []
    assert sim.channel.history()[-1].id == new.id
    assert "Alice discarded K♠\ufe0e." in new.content
    assert "Take discard (K♠\ufe0e)" in labels(dm(sim.bruno))


async def test_a_table_that_cannot_move_down_is_edited_where_it_is(
        sim: Sim, deals: ScriptedDeals) -> None:
    first = await three_reminders(sim, deals)
    sim.env.inject_error("POST", f"/channels/{sim.channel.id}/messages", status=403,
                         code=50013, message="Missing Permissions")
    await discard(sim.alice, "KS")
    assert [m.id for m in tables(sim)] == [first.id]
    assert "Alice discarded K♠\ufe0e." in table_message(sim).content
    assert "My hand" in labels(table_message(sim))
    await sim.bruno.user.click(dm(sim.bruno), label="Draw from stock")
    await discard(sim.bruno, option_values(dm(sim.bruno), ":discard")[0])
    assert tables(sim)[0].id == first.id and len(tables(sim)) == 2  # moved now


def live_dms(member: simcord.MemberActor) -> list[Any]:
    """Return the member's DM hands that still show controls."""
    return [m for m in member.user.dm_channel.history() if children(m)]


async def test_a_waiting_hand_loses_its_controls_after_a_restart(
        sim: Sim, deals: ScriptedDeals) -> None:
    await start_quiet_hand(sim, deals)
    deal_dm = dm(sim.bruno)
    assert "Sort by rank" in labels(deal_dm)  # Bruno deals and waits, his hand sortable
    await sim.restart()
    await play_pass(sim.alice)
    assert [m.id for m in live_dms(sim.bruno)] == [dm(sim.bruno).id] != [deal_dm.id]


async def test_a_hand_played_from_my_hand_leaves_no_live_dm_behind(
        sim: Sim, deals: ScriptedDeals) -> None:
    await start_quiet_hand(sim, deals)
    mine = await sim.alice.click(table_message(sim), label="My hand")
    await sim.alice.click(mine.response, label="Pass")
    await play_pass(sim.bruno)
    assert "Draw from stock" in labels(dm(sim.alice))
    assert [m.id for m in live_dms(sim.alice)] == [dm(sim.alice).id]


async def test_a_table_nearly_an_hour_old_is_posted_anew_before_its_next_edit(
        sim: Sim, deals: ScriptedDeals) -> None:
    await set_turn_seconds(sim, 0)  # untimed: nobody is replaced while the hour goes by
    await start_quiet_hand(sim, deals)
    first = table_message(sim)
    await sim.env.advance_time(49 * 60)
    await play_pass(sim.alice)
    assert [m.id for m in tables(sim)] == [first.id]  # 49 minutes old: still edited
    await sim.env.advance_time(2 * 60)
    await play_pass(sim.bruno)
    old, new = tables(sim)
    assert old.id == first.id and children(old) == []
    assert old.content == "The game goes on in the table below. ⬇️"
    assert sim.channel.history()[-1].id == new.id and "My hand" in labels(new)
    await sim.alice.user.click(dm(sim.alice), label="Draw from stock")
    assert [m.id for m in tables(sim)] == [first.id, new.id]  # the new one is edited again
