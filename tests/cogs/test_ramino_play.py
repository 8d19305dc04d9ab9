"""Ramino hands played through the real bot: a close at zero after a round of draws, a points
close, a colore, the joker-needed rule, a restart mid-hand, and bad input refused unchanged."""

from __future__ import annotations

import discord
import pytest
import simcord

from bot.i18n import t
from card_images.style import DISPLAY_WIDTH
from cogs.errors import rules_text
from cogs.host import ScriptedDeals
from cogs.host.hands import hand_parts
from engine.errors import NotYourTurn
from engine.ramino.errors import CannotClose
from tests.cogs.conftest import (
    children,
    custom_id,
    dm,
    hand_end_message,
    labels,
    option_values,
    png_of,
    select_id,
    table_message,
    texts,
)
from tests.cogs.test_ramino import (
    ALICE,
    BRUNO,
    CHIARA,
    DARIO,
    pick,
    running,
    script_ramino,
    start,
)
from tests.conftest import Sim

VS = "\ufe0e"  # the text-style selector the bot writes after every suit symbol
TAKE_KS = f"Take discard (K♠{VS})"


async def version(sim: Sim) -> int:
    """Return the stored game's state version."""
    return (await sim.bot.storage.get_game(1)).state_version


def hands(sim: Sim) -> list[tuple[str, ...]]:
    """Return every seat's cards as the running game holds them."""
    game = running(sim).game
    return [game.private_view(seat).hand for seat in range(game.players)]


def menu(message: discord.Message, verb: str) -> dict[str, str]:
    """Return a hand menu's options: value -> description (what the card leaves)."""
    return {o.value: o.description for c in children(message)
            for o in getattr(c, "options", None) or [] if o.label.startswith(verb)}


def has_close_menu(message: discord.Message) -> bool:
    """Whether the hand offers the Close menu."""
    return any(str(getattr(c, "custom_id", "")).endswith(":close") for c in children(message))


async def pictures(sim: Sim, name: str) -> None:
    """Open the hand's end and the table pictures, as Discord shows them."""
    assert (await png_of(hand_end_message(sim), f"{name}_hand_end.png")).width <= DISPLAY_WIDTH
    assert (await png_of(table_message(sim), f"{name}_table.png")).width <= DISPLAY_WIDTH


# ----- closes and charges -----------------------------------------------------------------------


async def test_four_players_draw_in_turn_and_the_last_closes_at_zero(
        sim: Sim, deals: ScriptedDeals) -> None:
    script_ramino(deals, [
        "4C 5C 6C 8D 8H 8S JC QC 2H 9S",  # Alice takes K♣ (J-Q-K); 2H stays alone: 2
        "9H 10H JH QS QD QC AC AD 5S 6C",  # Bruno: with other cards unmatched, aces count 11
        "JK 4S 5S 2C 2D 2S KH KD KC AH",  # Chiara: the joker ends 4-5♠; a lone ace counts 1
        "3D 4D 5D 6D 7S 7H 7C 10C 10D 2S",  # Dario: draws 10♥ and throws 2♠
    ], up="KC", stock="8C 3H 10H")
    await start(sim, sim.bruno, sim.chiara, sim.dario)
    assert (await png_of(dm(sim.chiara), "ramino_zero_chiara.png")).width <= DISPLAY_WIDTH
    await sim.alice.user.click(dm(sim.alice), label=f"Take discard (K♣{VS})")
    await pick(sim.alice, "discard", "9S")
    for member, card in ((sim.bruno, "8C"), (sim.chiara, "3H")):
        await member.user.click(dm(member), label="Draw from stock")
        assert not has_close_menu(dm(member))
        assert card not in table_message(sim).content  # the drawn card stays his own
        await pick(member, "discard", card)
    await sim.dario.user.click(dm(sim.dario), label="Draw from stock")
    hand = dm(sim.dario)
    assert f"You drew 10♥{VS}." in hand.content and "You can close!" in hand.content
    assert option_values(hand, ":close") == ["2S"]  # 6D or 3D would break the run
    await pick(sim.dario, "close", "2S")
    assert hand_end_message(sim).content.splitlines() == [
        "Dario closed!",
        "Alice: penalty 2 → +2 (total 2)",
        "Bruno: penalty 33 → +33 (total 33)",  # 11 + 11 + 5 + 6
        "Chiara: penalty 1 → +1 (total 1)",
        "Dario: penalty 0 → 0 (total 0)",
    ]
    log = table_message(sim).content
    for line in ("Bruno drew from the stock.", f"Chiara discarded 3♥{VS}.",
                 f"Dario discarded 2♠{VS} and closed!", "Hand 2: Alice deals."):
        assert line in log
    assert running(sim).game.public_view().totals == (2, 33, 1, 0)
    assert "Take discard" in " ".join(labels(dm(sim.bruno)))  # Bruno opens hand 2
    await pictures(sim, "ramino_zero")


async def test_a_points_close_charges_the_closer_his_remainder(
        sim: Sim, deals: ScriptedDeals) -> None:
    script_ramino(deals, [
        "7C 8C 9C JD JH JS JC 2H 9D AC",  # with 10♣ two quartets; 2H 9D AC left
        "7C 8C 9C JD JH JS 4S 5S 6S 3H",  # ramino.md example 9
        "2H 2S 2D 3C 4C 5C QH QD QS 5S",  # only 5S unmatched: 5
    ], up="10C", stock="KD")
    await start(sim, sim.bruno, sim.chiara, close_mode="points", close_points_limit="10")
    await sim.alice.user.click(dm(sim.alice), label=f"Take discard (10♣{VS})")
    hand = dm(sim.alice)
    # The best discard leaves 2♥ 9♦ = 11, one above the limit: no Close menu.
    assert not has_close_menu(hand) and "Choose a card to discard." in hand.content
    assert menu(hand, "Discard")["AC"] == "leaves 11 points unmatched"
    await pick(sim.alice, "discard", "AC")
    await sim.bruno.user.click(dm(sim.bruno), label="Draw from stock")
    hand = dm(sim.bruno)
    assert "You can close!" in hand.content
    # 3♥ alone (3) or K♦ alone (10, the limit itself) may stay; anything else breaks a run.
    assert menu(hand, "Close") == {"3H": "leaves 10 points unmatched",
                                   "KD": "leaves 3 points unmatched"}
    await pick(sim.bruno, "close", "KD")
    assert hand_end_message(sim).content.splitlines() == [
        "Bruno closed!",
        "Alice: penalty 11 → +11 (total 11)",
        "Bruno: penalty 3 → +3 (total 3)",
        "Chiara: penalty 5 → +5 (total 5)",
    ]
    assert running(sim).game.public_view().totals == (11, 3, 5)
    await pictures(sim, "ramino_points")


async def test_a_colore_close_doubles_the_others_charges(sim: Sim, deals: ScriptedDeals) -> None:
    script_ramino(deals, ["2H 4H 5H 7H 9H 10H JH QH KH 3C", BRUNO, CHIARA, DARIO], up="AH")
    await start(sim, sim.bruno, sim.chiara, sim.dario, colore_multiplier="2")
    await sim.alice.user.click(dm(sim.alice), label=f"Take discard (A♥{VS})")
    assert option_values(dm(sim.alice), ":close") == ["3C"]  # all hearts: ramino.md example 11
    await pick(sim.alice, "close", "3C")
    result = hand_end_message(sim)
    assert result.content.splitlines() == [
        "Alice closed with a colore (×2)!",
        "Alice: penalty 0 → 0 (total 0)",
        "Bruno: penalty 70 ×2 → +140 (total 140)",
        "Chiara: penalty 5 ×2 → +10 (total 10)",
        "Dario: penalty 9 ×2 → +18 (total 18)",
        "Bruno is out with 140 points.",
    ]
    assert "Alice closed with a colore (×2)!" in table_message(sim).content
    view = running(sim).game.public_view()
    assert view.totals == (0, 140, 10, 18) and view.seats[1].eliminated
    await pictures(sim, "ramino_colore")


async def test_a_colore_the_options_do_not_double_says_no_times_one(
        sim: Sim, deals: ScriptedDeals) -> None:
    script_ramino(deals, ["2H 4H 5H 7H 9H 10H JH QH KH 3C", BRUNO, CHIARA, DARIO], up="AH")
    await start(sim, sim.bruno, sim.chiara, sim.dario)  # colore_multiplier 1 (the default)
    await sim.alice.user.click(dm(sim.alice), label=f"Take discard (A♥{VS})")
    await pick(sim.alice, "close", "3C")
    lines = hand_end_message(sim).content.splitlines()
    assert lines[0] == "Alice closed with a colore!"
    assert "Bruno: penalty 70 → +70 (total 70)" in lines
    assert "×" not in table_message(sim).content and "×" not in "\n".join(lines)


@pytest.mark.parametrize(("joker", "charged"), [("25", 27), ("20", 22)])
async def test_a_joker_the_full_quartets_cannot_use_is_charged(
        sim: Sim, deals: ScriptedDeals, joker: str, charged: int) -> None:
    # ramino.md example 1 (Sempronio): 5555 KKKK 2♥ JK is 27 (22), never 7.
    script_ramino(deals, [ALICE, "5C 5D 5H 5S KC KD KH KS 2H JK", CHIARA])
    await start(sim, sim.bruno, sim.chiara, joker_penalty=joker)
    assert f"Your unmatched cards are worth {charged} points." in dm(sim.bruno).content
    await png_of(dm(sim.bruno), f"ramino_joker_{joker}_hand.png")
    await sim.alice.user.click(dm(sim.alice), label=TAKE_KS)
    await pick(sim.alice, "close", "2C")
    assert hand_end_message(sim).content.splitlines()[2] == (
        f"Bruno: penalty {charged} → +{charged} (total {charged})")
    assert running(sim).game.public_view().totals == (0, charged, 5)
    await pictures(sim, f"ramino_joker_{joker}")


# ----- a restart in the middle of a hand --------------------------------------------------------


async def test_a_restart_between_a_draw_and_its_discard_keeps_the_hand(
        sim: Sim, deals: ScriptedDeals) -> None:
    script_ramino(deals, [ALICE, BRUNO, CHIARA, DARIO], up="9H", stock="6D 7D 8D")
    await start(sim, sim.bruno, sim.chiara, sim.dario)
    await sim.alice.user.click(dm(sim.alice), label=f"Take discard (9♥{VS})")
    await pick(sim.alice, "discard", "KC")
    await sim.bruno.user.click(dm(sim.bruno), label="Draw from stock")
    before, cards, old_dm = await version(sim), hands(sim), dm(sim.bruno)
    assert f"You drew 6♦{VS}." in old_dm.content
    await sim.restart()
    assert await version(sim) == before and hands(sim) == cards
    assert running(sim).game.public_view().turn == 1
    assert running(sim).seat(1).drawn == ("6D",)  # still told to Bruno alone, as drawn
    await sim.bruno.user.select(old_dm, ["6D"], custom_id=select_id(old_dm, "discard"))
    log = table_message(sim).content
    assert "Bruno drew from the stock." in log and f"Bruno discarded 6♦{VS}." in log
    assert await version(sim) == before + 1
    # Chiara's controls work on the bot that restarted; Dario then plays on.
    await sim.chiara.user.click(dm(sim.chiara), label="Draw from stock")
    await pick(sim.chiara, "discard", "7D")
    await sim.dario.user.click(dm(sim.dario), label=f"Take discard (7♦{VS})")
    await pick(sim.dario, "discard", "9H")
    cards = hands(sim)
    assert sorted(cards[1]) == sorted(BRUNO.split()) and sorted(cards[2]) == sorted(
        CHIARA.split())
    assert "7D" in cards[3] and "9H" not in cards[3]
    assert "Draw from stock" in labels(dm(sim.alice))


# ----- bad input ------------------------------------------------------------------------------


async def forged_dm(sim: Sim, member: simcord.MemberActor, item: discord.ui.Item[
        discord.ui.View]) -> discord.Message:
    """Send the member a DM carrying a control the bot did not offer him; return it."""
    view = discord.ui.View(timeout=None)
    view.add_item(item)
    user = await sim.bot.fetch_user(member.id)
    await user.send("forged", view=view)
    return dm(member)


async def forged_close(sim: Sim, member: simcord.MemberActor, card: str
                       ) -> simcord.InteractionResult:
    """Choose `close <card>` on a close menu the member's hand does not show."""
    select_cid = f"rs:1:{running(sim).game.version}:close"
    forged = await forged_dm(sim, member, discord.ui.Select(
        custom_id=select_cid, options=[discord.SelectOption(label=card, value=card)]))
    return await member.user.select(forged, [card], custom_id=select_cid)


@pytest.mark.usefixtures("chiara_speaks_italian")
async def test_out_of_turn_players_have_no_moves_and_a_crafted_one_is_refused(
        sim: Sim, deals: ScriptedDeals) -> None:
    script_ramino(deals, [ALICE, BRUNO, CHIARA])
    await start(sim, sim.bruno, sim.chiara)
    shown = await sim.bruno.slash(sim.channel, "rummy hand")
    assert shown.ephemeral and "Not your turn yet" in shown.response.content
    assert labels(shown.response) == ["Sort by rank"]
    assert labels(dm(sim.chiara)) == ["Ordina per valore"]
    before, cards = await version(sim), hands(sim)
    take = custom_id(dm(sim.alice), ":take")  # Alice's own button, copied to the others
    # The refusal says whose turn it is.
    for member, said in ((sim.bruno, "Not your turn: it is Alice's turn."),
                         (sim.chiara, "Non è il tuo turno: ora gioca Alice.")):
        forged = await forged_dm(sim, member, discord.ui.Button(label="take", custom_id=take))
        refused = await member.user.click(forged, label="take")
        assert refused.ephemeral and refused.response.content == said
    # The session itself refuses a move sent for the wrong seat.
    rt = running(sim)
    with pytest.raises(NotYourTurn) as error:
        await rt.session.submit(2, "take", rt.game.version)
    assert rules_text(error.value, "it") == "Non è il tuo turno."
    assert await version(sim) == before and hands(sim) == cards
    assert labels(dm(sim.alice))[-1] == TAKE_KS


async def test_a_second_copy_of_my_hand_says_it_is_not_live_once_the_first_was_used(
        sim: Sim, deals: ScriptedDeals) -> None:
    script_ramino(deals, [ALICE, BRUNO, CHIARA])
    await start(sim, sim.bruno, sim.chiara)
    first = await sim.alice.click(table_message(sim), label="My hand")
    second = await sim.alice.click(table_message(sim), label="My hand")
    assert TAKE_KS in labels(first.response) and TAKE_KS in labels(second.response)
    await sim.alice.click(first.response, label=TAKE_KS)
    # The other copy offers no dead button: it says the hand is shown elsewhere.
    assert labels(second.response) == []
    assert second.response.content == t("hand.moved", "en")
    assert [a for _, _, a, _ in await sim.bot.storage.actions(1)] == ["start", "take"]


@pytest.mark.usefixtures("chiara_speaks_italian")
async def test_a_close_the_cards_do_not_allow_is_refused_in_each_language(
        sim: Sim, deals: ScriptedDeals) -> None:
    # Alice (English) holds nothing matched; Chiara (Italian) is one card short of closing.
    script_ramino(deals, [BRUNO, CHIARA, DARIO], up="KS", stock="9D")
    await start(sim, sim.chiara, sim.dario)
    await sim.alice.user.click(dm(sim.alice), label=TAKE_KS)
    hand = dm(sim.alice)
    assert not has_close_menu(hand)
    before, cards = await version(sim), hands(sim)
    refused = await forged_close(sim, sim.alice, "2D")
    assert refused.ephemeral and refused.response.content == (
        "You can't close: the unmatched cards left in your hand would be worth 47 points, "
        "and the most allowed is 0.")  # K♠ joins Q♠ A♠; 3+5+7+8+10+10+4 stay
    assert await version(sim) == before and hands(sim) == cards
    await sim.alice.user.select(hand, ["2D"], custom_id=select_id(hand, "discard"))
    await sim.chiara.user.click(dm(sim.chiara), label="Pesca dal mazzo")
    assert not has_close_menu(dm(sim.chiara))
    before, cards = await version(sim), hands(sim)
    italian = ("Non puoi chiudere: ti resterebbero in mano 5 punti di carte non combinate, "
               "e il massimo è 0.")
    refused = await forged_close(sim, sim.chiara, "9D")  # 5♠ would stay unmatched
    assert refused.ephemeral and refused.response.content == italian
    rt = running(sim)
    with pytest.raises(CannotClose) as error:
        await rt.session.submit(1, "close 9D", rt.game.version)
    assert error.value.params == {"points": 5, "limit": 0}
    assert rules_text(error.value, "it") == italian
    assert rules_text(error.value, "en") == t("error.cannot_close", "en", points=5, limit=0)
    assert await version(sim) == before and hands(sim) == cards
    assert not any("ha chiuso" in line or "closed" in line for line in texts(sim))


# ----- the card taken from the pile -------------------------------------------------------------


async def test_the_card_taken_from_the_pile_is_named_and_marked_once_on_his_hand_only(
        sim: Sim, deals: ScriptedDeals) -> None:
    script_ramino(deals, [ALICE, BRUNO, CHIARA, DARIO], up="9H", stock="6D 7D 8D")
    await start(sim, sim.bruno, sim.chiara, sim.dario)
    await sim.alice.user.click(dm(sim.alice), label=f"Take discard (9♥{VS})")
    assert f"You took 9♥{VS}." in dm(sim.alice).content.splitlines()
    spec, _fields, _key = hand_parts(running(sim), 0, True)
    assert spec.highlight == ["9H"]  # marked by the adapter already: no twin rises beside it
    assert "You took" not in table_message(sim).content
    assert not any("You took" in m.content for m in (dm(sim.bruno), dm(sim.chiara)))
    await pick(sim.alice, "discard", "KC")
    assert "You took" not in dm(sim.alice).content  # the turn is over
