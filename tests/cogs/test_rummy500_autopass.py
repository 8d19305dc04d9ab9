"""Rummy 500's "Pass on every Rummy!" button (issue 26): a player's standing "No claim" for the
rest of the hand or game, set on his hand, whatever the cards, end to end through SimCord."""

from __future__ import annotations

import json
from typing import Any

import simcord

from cogs.host import ScriptedDeals
from tests.cogs.conftest import (
    BOT_DELAY,
    children,
    dm,
    labels,
    option_values,
    table_message,
)
from tests.cogs.test_bad_input import assert_unavailable, forged_view
from tests.cogs.test_rummy500 import (
    LOOSE_1,
    LOOSE_2,
    deal3,
    draw,
    game_view,
    meld,
    pick,
    running,
    script_rummy,
    three_players,
)
from tests.cogs.test_rummy500_pace import NO_CLAIM, alice_opens_against_two_computers
from tests.conftest import Sim

OFF, HAND, GAME = ("Pass on every Rummy!: off", "Pass on every Rummy!: this hand",
                   "Pass on every Rummy!: this game")
MY_HAND = "My hand"
REACTION = 1.0  # seconds a person looks at a discard before he presses "No claim"


async def toggle(member: simcord.MemberActor, message: Any, label: str) -> Any:
    """Click the member's pass button showing `label` on this hand message; return the answer."""
    return await member.user.click(message, label=label)


def hand_controls(message: Any) -> list[tuple[str, str]]:
    """Return a hand message's buttons and selects as (label, id without its version)."""
    out = []
    for c in children(message):
        field = c.get if isinstance(c, dict) else lambda name, c=c: getattr(c, name, None)
        parts = str(field("custom_id")).split(":")
        if parts[0] == "rm" and parts[2] in ("act", "tact"):
            del parts[3]  # the game version changes with every move
        out.append((str(field("label") or field("placeholder")), ":".join(parts)))
    return out


async def windows_until_alices_turn(sim: Sim) -> tuple[int, float]:
    """Let the computers play until Alice's turn, pressing "No claim" on every window that
    waits for her (after a look); return how many there were and the virtual seconds it
    took."""
    start, asked = sim.env.now().timestamp(), 0
    for _ in range(40):
        view = game_view(sim)
        if view.turn == 0 and not view.claim.open:
            return asked, sim.env.now().timestamp() - start
        table = table_message(sim)
        if view.claim.open and NO_CLAIM in labels(table):
            asked += 1
            await sim.env.advance_time(REACTION)
            answer = await sim.alice.click(table, label=NO_CLAIM)
            assert answer.response.content == "Noted: no claim from you on this card."
        else:
            await sim.env.advance_time(BOT_DELAY)
    raise AssertionError("Alice's turn never came")


# ----- the pace: windows no longer wait for her ----------------------------------------------


async def test_with_the_button_on_the_windows_no_longer_wait_for_her(
        sim: Sim, deals: ScriptedDeals) -> None:
    await alice_opens_against_two_computers(sim, deals)
    assert OFF in labels(dm(sim.alice))  # beside the sort button, on every hand
    await pick(sim.alice, "discard", ["2S"])
    asked, slow = await windows_until_alices_turn(sim)
    assert asked == 2  # each computer's discard waited for her call

    await draw(sim.alice)
    before = len(sim.env.http_requests)
    await toggle(sim.alice, dm(sim.alice), OFF)
    calls = sim.env.http_requests[before:]
    assert len(calls) == 1 and "/callback" in calls[0].path  # the hand redrawn in place
    hand = dm(sim.alice)
    assert HAND in labels(hand) and OFF not in labels(hand)
    await pick(sim.alice, "discard", [option_values(hand, ":discard")[0]])
    asked, fast = await windows_until_alices_turn(sim)
    assert asked == 0  # nothing to press: both windows closed at once
    assert fast < slow  # the computers' turns only, no look at a window between


async def test_the_choice_survives_a_restart_and_can_be_undone(
        sim: Sim, deals: ScriptedDeals) -> None:
    await alice_opens_against_two_computers(sim, deals)
    await toggle(sim.alice, dm(sim.alice), OFF)
    await toggle(sim.alice, dm(sim.alice), HAND)
    assert GAME in labels(dm(sim.alice))
    await sim.restart()
    await pick(sim.alice, "discard", ["2S"])
    asked, _ = await windows_until_alices_turn(sim)
    assert asked == 0
    mine = await sim.alice.click(table_message(sim), label=MY_HAND)
    assert GAME in labels(mine.response)
    # Undone on her turn's hand: the next windows wait for her again.
    await toggle(sim.alice, dm(sim.alice), GAME)
    assert OFF in labels(dm(sim.alice))
    await draw(sim.alice)
    await pick(sim.alice, "discard", [option_values(dm(sim.alice), ":discard")[0]])
    asked, _ = await windows_until_alices_turn(sim)
    assert asked == 2


# ----- people: another player's claim, the same controls whatever the card --------------------

ALICE = "4D 5D 6D 2S 8H KC 9C"
BRUNO = "7S 7H 7C 10H 4S QS JH"
CHIARA = "KS KH KD 3D 8D 2H 5H"


async def my_hand(sim: Sim, member: simcord.MemberActor) -> list[tuple[str, str]]:
    """Return the controls of the member's hand as "My hand" shows it now."""
    answer = await member.click(table_message(sim), label=MY_HAND)
    assert answer.ephemeral
    return hand_controls(answer.response)


async def around_the_window(sim: Sim) -> tuple[list[str], list[tuple[str, str]], list[Any]]:
    """Return the table's buttons, Bruno's hand's controls (he is waited for) and Alice's
    sort and pass buttons (she plays next: her other controls are her turn's moves)."""
    alice = hand_controls(dm(sim.alice))[:2]
    return labels(table_message(sim)), await my_hand(sim, sim.bruno), alice


async def discard(member: simcord.MemberActor, card: str) -> None:
    await draw(member)
    await pick(member, "discard", [card])


async def test_another_players_claim_still_wins_and_the_controls_never_tell_the_card(
        sim: Sim, deals: ScriptedDeals) -> None:
    script_rummy(deals, deal3([ALICE, BRUNO, CHIARA], "3C", "JD 5S 6S 9D 10S 2C"))
    await three_players(sim)
    await draw(sim.alice)
    await toggle(sim.alice, dm(sim.alice), OFF)
    await pick(sim.alice, "meld", ["4D", "5D", "6D"])  # A
    await pick(sim.alice, "discard", ["2S"])
    await draw(sim.bruno)
    await pick(sim.bruno, "meld", ["7S", "7H", "7C"])
    await pick(sim.bruno, "discard", ["10H"])
    # Only Alice may claim 10H, and she passes on every window: it closed at once.
    assert not game_view(sim).claim.open and "Rummy!" not in labels(table_message(sim))

    await draw(sim.chiara)
    await pick(sim.chiara, "meld", ["KS", "KH", "KD"])
    await pick(sim.chiara, "discard", ["8D"])  # fits no meld; the window waits for Bruno
    assert game_view(sim).claim.open
    # What the table, Bruno's hand and Alice's (her next turn's) show around the window.
    shown_then = await around_the_window(sim)
    # Her own "No claim" as well is taken as said: nothing new.
    noted = await sim.alice.click(table_message(sim), label=NO_CLAIM)
    assert noted.response.content == "Noted: no claim from you on this card."
    assert game_view(sim).claim.open
    await sim.bruno.click(table_message(sim), label=NO_CLAIM)
    await discard(sim.alice, "8H")
    for member in (sim.bruno, sim.chiara):
        await member.click(table_message(sim), label=NO_CLAIM)
    await discard(sim.bruno, "QS")
    await sim.chiara.click(table_message(sim), label=NO_CLAIM)  # Alice is not waited for

    await discard(sim.chiara, "3D")  # fits Alice's A, yet nothing waits for her call
    assert game_view(sim).claim.open
    assert await around_the_window(sim) == shown_then
    won = await sim.bruno.click(table_message(sim), label="Rummy!")
    assert won.response.content == "Rummy! The card is yours."
    assert meld(game_view(sim), "A") == ["3D", "4D", "5D", "6D"]


async def test_a_choice_for_this_hand_ends_with_it_and_one_for_the_game_stays(
        sim: Sim, deals: ScriptedDeals) -> None:
    script_rummy(deals, deal3(["4D 5D 6D 9S 9H 9D 2C", LOOSE_1, LOOSE_2], "3C", "7D"))
    await three_players(sim)
    await toggle(sim.bruno, dm(sim.bruno), OFF)  # on the deal's hand, before his turn
    await toggle(sim.bruno, dm(sim.bruno), HAND)
    await draw(sim.alice)
    await toggle(sim.alice, dm(sim.alice), OFF)
    await pick(sim.alice, "meld", ["4D", "5D", "6D"])
    await pick(sim.alice, "meld", ["9S", "9H", "9D"])
    await pick(sim.alice, "ui_lay", ["7D"])
    await pick(sim.alice, "discard", ["2C"])  # her last card: she goes out
    assert game_view(sim).hand_no == 2
    assert OFF in labels(dm(sim.alice)) and GAME in labels(dm(sim.bruno))
    rt = running(sim)
    assert rt is not None
    stored = json.loads((await sim.bot.storage.get_game(rt.record.id)).session_meta or "{}")
    assert stored.get("autopass") == {"1": ["game", 1]}


async def test_the_button_speaks_the_players_language(
        sim: Sim, deals: ScriptedDeals, chiara_speaks_italian: None) -> None:
    script_rummy(deals, deal3([ALICE, BRUNO, CHIARA], "3C"))
    await three_players(sim)
    assert OFF in labels(dm(sim.alice))
    await toggle(sim.chiara, dm(sim.chiara), "Passo su ogni Rummy!: no")
    await toggle(sim.chiara, dm(sim.chiara), "Passo su ogni Rummy!: questa mano")
    assert "Passo su ogni Rummy!: tutta la partita" in labels(dm(sim.chiara))


async def test_a_forged_or_unoffered_pass_button_is_refused(
        sim: Sim, deals: ScriptedDeals) -> None:
    script_rummy(deals, deal3([ALICE, BRUNO, CHIARA], "3C"))
    await three_players(sim, rummy_rule="false")
    hand = dm(sim.alice)
    assert not [label for label in labels(hand) if label.startswith("Pass on every")]
    ids = ["rm:1:autopass:forever", "rm:1:autopass:", "rm:1:autopass", "rm:1:autopass:game"]
    view = forged_view(ids)
    message = await hand.channel.send("forged", view=view)
    view.stop()
    for i in range(len(ids)):
        assert_unavailable(await sim.alice.user.click(message, label=f"forged {i}"))
    rt = running(sim)
    assert rt is not None and rt.autopass(0) == "off"
