"""Ramino end to end: the forced upcard, the discard and close menus, charges, re-entry."""

from __future__ import annotations

import pytest
import simcord

from card_images.style import DISPLAY_WIDTH
from cogs.adapters.ramino import offer_text
from cogs.host import Runtime, ScriptedDeals
from tests.cogs.conftest import (
    dm,
    hand_end_message,
    labels,
    option_values,
    png_of,
    select_id,
    set_turn_seconds,
    start_game,
    table_message,
    texts,
)
from tests.conftest import Sim
from tests.engine.ramino.scripted import deck_order

# Alice takes the upcard KS and closes by discarding 2C (three combinations kept).
ALICE = "3H 4H 5H 6H 9S 9D 9C KC KD 2C"
BRUNO = "AS 3C 5D 7S 8D 10C JH QS 2D 4S"  # nothing matched: 11+3+5+7+8+10+10+10+2+4 = 70
CHIARA = "2H 2S 2D 7C 8C 9C QH QD QS 5S"  # only 5S unmatched: 5
DARIO = "4C 4D 4H 6S 7S 8S 10D 10S 10H 9H"  # only 9H unmatched: 9
UP = "KS"


def script_ramino(deals: ScriptedDeals, hands: list[str], up: str = UP, stock: str = "") -> None:
    """Deal the next Ramino game: these hands by seat, the last seat deals, seat 0 plays first."""
    dealer = len(hands) - 1
    deals.queue("ramino", deck_order(hands, up, stock, dealer), first_dealer=dealer)


async def start(sim: Sim, *others: simcord.MemberActor, **rules: str) -> None:
    """Alice opens a Ramino table with these rules, the others join, and it starts."""
    await start_game(sim, "ramino", *others, **rules)


async def pick(member: simcord.MemberActor, verb: str, value: str) -> None:
    """Choose a card in the member's hand menu `verb` (discard or close)."""
    hand = dm(member)
    await member.user.select(hand, [value], custom_id=select_id(hand, verb))


def running(sim: Sim) -> Runtime:
    runtimes = sim.bot.get_cog("Rummy").host.runtimes  # type: ignore[union-attr]
    return next(iter(runtimes.values()))


async def test_the_first_player_takes_the_upcard_and_closes(sim: Sim, deals: ScriptedDeals
                                                            ) -> None:
    script_ramino(deals, [ALICE, BRUNO, CHIARA])
    await start(sim, sim.bruno, sim.chiara)
    hand = dm(sim.alice)
    assert "You play first: take the face-up card K♠\ufe0e, then discard." in hand.content
    assert labels(hand) == ["Sort by rank", "Take discard (K♠\ufe0e)"]  # no draw on turn one
    assert "Not your turn yet: you play after Alice." in dm(sim.bruno).content
    await sim.alice.user.click(hand, label="Take discard (K♠\ufe0e)")
    hand = dm(sim.alice)
    assert "You can close!" in hand.content
    assert option_values(hand, ":close") == ["2C"]  # only that discard closes
    discards = [o for row in hand.components for o in getattr(row.children[0], "options", [])
                if o.value == "2C" and o.label.startswith("Discard")]
    assert discards and discards[0].description == "leaves 0 points unmatched"
    assert "KS" not in option_values(hand, ":discard")  # the taken card stays this turn
    await pick(sim.alice, "close", "2C")
    result = hand_end_message(sim)
    assert result.content.splitlines() == [
        "Alice closed!",
        "Alice: penalty 0 → 0 (total 0)",
        "Bruno: penalty 70 → +70 (total 70)",
        "Chiara: penalty 5 → +5 (total 5)",
    ]
    image = await png_of(result, "ramino_hand_end.png")
    assert image.width <= DISPLAY_WIDTH
    table = table_message(sim)
    assert "Alice took K♠\ufe0e from the discard pile." in table.content
    assert "Alice discarded 2♣\ufe0e and closed!" in table.content
    assert "Hand 2: Alice deals." in table.content
    assert (await png_of(table, "ramino_table.png")).width <= DISPLAY_WIDTH
    assert running(sim).game.public_view().totals == (0, 70, 5)


async def test_a_dealt_hand_that_closes_closes_at_once(sim: Sim, deals: ScriptedDeals) -> None:
    script_ramino(deals, ["3D 4D 5D 7S 7H 7C JC QC KC AC", BRUNO, CHIARA])
    await start(sim, sim.bruno, sim.chiara)
    hand = dm(sim.alice)
    assert "your cards already close" in hand.content
    assert "Close now" in labels(hand)
    await sim.alice.user.click(hand, label="Close now")
    assert "Alice closed at once, without drawing!" in table_message(sim).content
    assert running(sim).game.public_view().totals == (0, 70, 5)


async def test_a_hand_that_cannot_close_gets_no_close_menu(sim: Sim, deals: ScriptedDeals
                                                          ) -> None:
    script_ramino(deals, [BRUNO, ALICE, CHIARA])  # Alice holds the 70-point hand now
    await start(sim, sim.bruno, sim.chiara)
    await sim.alice.user.click(dm(sim.alice), label="Take discard (K♠\ufe0e)")
    hand = dm(sim.alice)
    assert "Choose a card to discard." in hand.content and "close" not in hand.content
    assert option_values(hand, ":discard") and not any(
        str(c.custom_id).endswith(":close") for row in hand.components for c in row.children)
    # K♠ joins Q♠ and A♠ (Q-K-A): 3+5+7+8+10+10+2+4 stay unmatched
    assert "Your unmatched cards are worth 49 points." in hand.content
    assert [x for x in labels(dm(sim.bruno)) if x != "Sort by rank"] == []  # not his turn


async def test_an_eliminated_player_may_re_enter(sim: Sim, deals: ScriptedDeals) -> None:
    script_ramino(deals, [ALICE, BRUNO, CHIARA, DARIO])
    await start(sim, sim.bruno, sim.chiara, sim.dario, reentry="on",
                elimination_limit="20")
    await sim.alice.user.click(dm(sim.alice), label="Take discard (K♠\ufe0e)")
    await pick(sim.alice, "close", "2C")
    assert "Bruno is out with 70 points." in hand_end_message(sim).content
    offer = dm(sim.bruno)
    # The offer comes in a message of its own: what re-entering means, no dead hand drawn.
    assert offer.content.splitlines()[1:] == [
        "You are out: your total went above 20.",
        "Re-enter, and you are back in with 9 points: the highest total among the players "
        "still in.",
        "Above 20 you are out again: you can take 11 more points and stay in.",
        "Re-enter, or stay out?"]
    assert offer.attachments == [] and labels(offer)[-2:] == ["Re-enter with 9", "Stay out"]
    earlier = [m for m in sim.bruno.user.dm_channel.history() if m.id != offer.id]
    assert earlier and all(m.attachments for m in earlier)  # his hands, each with its picture
    assert "Re-entry: waiting for Bruno" in table_message(sim).content
    assert "Waiting for Bruno." in dm(sim.chiara).content
    await sim.bruno.user.click(offer, label="Re-enter with 9")
    table = table_message(sim).content
    assert "Bruno is back in with 9 points." in table and "Hand 2: Alice deals." in table
    view = running(sim).game.public_view()
    assert view.totals == (0, 9, 5, 9) and view.seats[1].reentered


@pytest.mark.usefixtures("chiara_speaks_italian")
async def test_time_running_out_on_a_re_entry_offer_declines_it(
        sim: Sim, deals: ScriptedDeals) -> None:
    script_ramino(deals, [ALICE, BRUNO, CHIARA, DARIO])  # seat 1 is Chiara here
    await set_turn_seconds(sim, 30)
    await start(sim, sim.chiara, sim.bruno, sim.dario, reentry="on", elimination_limit="20")
    await sim.alice.user.click(dm(sim.alice), label="Take discard (K♠\ufe0e)")
    await pick(sim.alice, "close", "2C")
    offer = dm(sim.chiara)  # Chiara holds the 70-point hand now, and reads Italian
    assert "Se rientri, torni in gioco con 9 punti: il totale più alto fra i giocatori " \
        "ancora in gioco.\nSopra 20 sei di nuovo fuori: puoi prendere al massimo ancora 11 " \
        "punti.\nRientri o resti fuori?" in offer.content and offer.attachments == []
    assert labels(offer)[-2:] == ["Rientra con 9", "Resta fuori"]
    await sim.env.advance_time(31)
    assert any("Chiara stays out." in text for text in texts(sim))
    view = running(sim).game.public_view()
    assert view.seats[1].eliminated and view.reentry is None
    assert view.turn is not None  # the next hand is under way without her


async def test_a_re_entry_offer_shown_by_command_has_no_dead_hand_either(
        sim: Sim, deals: ScriptedDeals) -> None:
    script_ramino(deals, [ALICE, BRUNO, CHIARA, DARIO])
    await start(sim, sim.bruno, sim.chiara, sim.dario, reentry="on", elimination_limit="20")
    await sim.alice.user.click(dm(sim.alice), label="Take discard (K♠\ufe0e)")
    await pick(sim.alice, "close", "2C")
    shown = await sim.bruno.slash(sim.channel, "rummy hand")
    assert shown.ephemeral and "Re-enter, or stay out?" in shown.response.content
    assert shown.response.attachments == []
    assert labels(shown.response)[-2:] == ["Re-enter with 9", "Stay out"]
    await sim.bruno.click(shown.response, label="Stay out")
    assert any("Bruno stays out." in text for text in texts(sim))


@pytest.mark.parametrize(("total", "limit", "english", "italian"), [
    (30, 30, "That is the limit itself: any points charged to you put you out again.",
     "È proprio il limite: qualsiasi punto ti venga addebitato ti rimette fuori."),
    (29, 30, "Above 30 you are out again: you can take 1 more point and stay in.",
     "Sopra 30 sei di nuovo fuori: puoi prendere al massimo ancora 1 punto."),
])
def test_a_re_entry_offer_says_how_close_to_the_limit_it_leaves_him(
        total: int, limit: int, english: str, italian: str) -> None:
    assert offer_text(total, limit, "en").splitlines()[2] == english
    assert offer_text(total, limit, "it").splitlines()[2] == italian
