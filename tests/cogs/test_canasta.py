"""Canasta end to end: a partnership hand opened through the menus, a pile take joining the
partner's meld, red threes, a frozen pile, a clean canasta and going out with two players,
refusals, a restart mid-hand and a whole game played by computers."""

from __future__ import annotations

from typing import Any

import pytest
import simcord
from simcord.backend.errors import SetupError

from bot.i18n import card_text
from card_images.style import DISPLAY_WIDTH
from cogs.custom_ids import ComponentId
from cogs.host import Runtime, ScriptedDeals
from cogs.host.hands import hand_parts
from engine.canasta.views import CanastaTable
from tests.cogs.conftest import (
    children,
    choose,
    dm,
    hand_end_message,
    labels,
    option_values,
    png_of,
    set_locale,
    set_turn_seconds,
    stale_click,
    start_game,
    table_message,
    texts,
)
from tests.conftest import Sim
from tests.engine.canasta.scripted import deck_order

# Dario deals, Alice plays first: she opens with three kings and three aces (90 of 50).
ALICE = "KS KH KD AS AH AD 5C 6C 7D 8D 9S 10S JH QC 4S"
# Bruno's red three goes to his side at the deal (replaced by JS from the stock's bottom);
# he draws 3D (laid at once, replaced) and throws KC.
BRUNO = "KC 3H 5D 6D 7C 8C 9D 10D JD QD QS 4D 7S 8S 9H"
# Chiara, Alice's partner, takes the pile with KH KD: the forced meld joins Alice's kings.
CHIARA = "KH KD 5S 6S 7H 8H 9C 10H JD QH 4H 7C 8C 10C JS"
# Dario throws a black three: the pile is frozen for Alice.
DARIO = "3S 5H 6D 7D 8D 9D 10D JC QC QD 4C 5D 6C 7H 8S"
# The turned 4C with four cards under it, Alice's draw after opening, Bruno's two (3D
# replaced by JC).
STOCK = "4C 5H 5S 6H 6S 9C 3D 10C JC"


def script(deals: ScriptedDeals, hands: list[str], stock: str = STOCK,
           bottom: str = "") -> None:
    """Deal the next Canasta game: these hands by seat, the last seat deals."""
    dealer = len(hands) - 1
    deals.queue("canasta", deck_order(hands, stock, bottom, dealer), first_dealer=dealer)


async def click(member: simcord.MemberActor, label: str) -> str:
    """Click a button of the member's hand; return a private answer's text."""
    result = await member.user.click(dm(member), label=label)
    return result.response.content if result.ephemeral else ""


def running(sim: Sim) -> Runtime | None:
    runtimes = sim.bot.get_cog("Rummy").host.runtimes  # type: ignore[union-attr]
    return next(iter(runtimes.values()), None)


def table(sim: Sim) -> CanastaTable:
    rt = running(sim)
    assert rt is not None
    return rt.game.public_view()  # type: ignore[no-any-return]


def log(sim: Sim) -> str:
    return "\n".join(texts(sim))


async def four_players(sim: Sim, deals: ScriptedDeals) -> None:
    """Start the scripted partnership hand: Alice and Chiara against Bruno and Dario."""
    script(deals, [ALICE, BRUNO, CHIARA, DARIO], bottom="JS")
    await start_game(sim, "canasta", sim.bruno, sim.chiara, sim.dario)


async def alice_opens(sim: Sim) -> None:
    """Alice builds her opening rank by rank, opens, draws and discards 4S."""
    await click(sim.alice, "Build an opening")
    await choose(sim.alice, "ui_rank", ["K"])
    # greyed out while short, saying by how much
    assert button(dm(sim.alice), "Open with these (30 of 50: 20 more to open)").disabled
    await choose(sim.alice, "ui_rank", ["A"])
    assert not button(dm(sim.alice), "Open with these (90 of 50)").disabled
    assert await click(sim.alice, "Open with these (90 of 50)") == ""
    await choose(sim.alice, "discard", ["4S"])


def button(message: Any, label: str) -> Any:
    """Return the message's button with this label."""
    found = [c for c in children(message) if getattr(c, "label", None) == label]
    assert len(found) == 1, (label, labels(message))
    return found[0]


async def test_a_partnership_hand_opening_pile_take_red_threes_and_frozen_pile(
        sim: Sim, deals: ScriptedDeals) -> None:
    await four_players(sim, deals)
    view = table(sim)
    assert [s.seats for s in view.sides] == [(0, 2), (1, 3)]
    assert view.sides[1].red_threes == ("3H",)  # Bruno's, at the deal
    assert "Bruno & Dario: 1 red three at the deal." in log(sim)
    hand = dm(sim.alice)
    assert "To open, your first melds must be worth at least 50." in hand.content
    assert (await png_of(hand, "canasta_hand.png")).width <= DISPLAY_WIDTH
    # Alice holds one four: the pile (4♣ on top) is not hers to take, and no button says so.
    assert ("It's your turn: draw two. You can't take the pile now (4♣\ufe0e on top, 5 cards)."
            in hand.content)
    assert labels(hand) == ["Sort by rank", "Draw two", "Build an opening"]
    await alice_opens(sim)
    view = table(sim)
    assert view.sides[0].opened and [m.rank for m in view.sides[0].melds] == ["A", "K"]
    assert ("Alice melded K ×3: K♦\ufe0e K♥\ufe0e K♠\ufe0e; "
            "A ×3: A♦\ufe0e A♥\ufe0e A♠\ufe0e. An opening worth 90 points.") in log(sim)
    # Bruno draws a red three: laid at once, replaced; then he throws KC.
    await click(sim.bruno, "Draw two")
    assert table(sim).sides[1].red_threes == ("3H", "3D")
    await choose(sim.bruno, "discard", ["KC"])
    assert ("Bruno drew 2 cards from the stock. 92 cards left in the stock. "
            "Red threes laid: 3♦\ufe0e.") in log(sim)
    # Chiara takes the pile: the one way there is, built for her, joins Alice's kings.
    take = next(label for label in labels(dm(sim.chiara)) if label.startswith("Take the pile"))
    assert take == ("Take the pile (7 cards): K♦\ufe0e K♥\ufe0e with K♣\ufe0e onto your meld")
    assert await click(sim.chiara, take) == ""
    kings = next(m for m in table(sim).sides[0].melds if m.rank == "K")
    assert len(kings.cards) == 6 and kings.by.count(2) == 3
    assert "Chiara took the pile (6 cards go into the hand)" in log(sim)
    await choose(sim.chiara, "discard", ["5S"])
    # Dario freezes the pile with a black three: Alice may only draw.
    await click(sim.dario, "Draw two")
    await choose(sim.dario, "discard", ["3S"])
    view = table(sim)
    assert view.frozen
    assert "The pile is frozen (3♠\ufe0e on top)." in dm(sim.alice).content
    png = await png_of(table_message(sim), "canasta_table.png")
    assert png.width <= DISPLAY_WIDTH
    # No take is offered on a frozen pile; a forged one is refused privately.
    assert not any(label.startswith("Take the pile") for label in labels(dm(sim.alice)))
    rt = running(sim)
    assert rt is not None
    forged = str(ComponentId(rt.record.id, "act", view.version, "take KD,KH"))
    assert (await stale_click(sim, sim.alice, forged)).ephemeral
    italian = rt.adapter.hand_prompt(rt.game, 0, rt.names, "it")
    assert "Gli scarti sono congelati (in cima c'è 3♠\ufe0e)." in italian
    assert table(sim).version == view.version


# Alice holds six kings and seven queens: she opens with both canastas, adds the king she
# draws and goes out by discarding 5C.
ALICE2 = "KS KH KD KS KH KC QS QH QD QC QS QH QD KC 5C"
BRUNO2 = "4S 5D 6D 7C 8C 9D 10D JD QC AS 4D 7S 8S 9H 6H"  # worth 125, doubled: 250


async def test_two_players_a_clean_canasta_and_going_out(
        sim: Sim, deals: ScriptedDeals) -> None:
    script(deals, [ALICE2, BRUNO2], stock="4C 5H 5S 6H 6S KD")
    await start_game(sim, "canasta", sim.bruno)
    await click(sim.alice, "Build an opening")
    await choose(sim.alice, "ui_rank", ["K"])
    await choose(sim.alice, "ui_rank", ["Q"])
    assert await click(sim.alice, "Open with these (140 of 50)") == ""
    assert "That makes" not in log(sim)
    assert "clean canasta of K" in log(sim) and "clean canasta of Q" in log(sim)
    await click(sim.alice, "Add to a meld")
    kings = next(m for m in table(sim).sides[0].melds if m.rank == "K")
    await choose(sim.alice, "ui_meld", [kings.id])
    assert option_values(dm(sim.alice), ":play") == [f"add {kings.id} KD"]
    await choose(sim.alice, "play", [f"add {kings.id} KD"])
    assert "Alice added K♦\ufe0e: the meld is now a clean canasta of K." in log(sim)
    await choose(sim.alice, "discard", ["5C"])
    assert "Alice discarded 5♣\ufe0e.\nHand 1 is over. Alice went out." in log(sim)
    result = hand_end_message(sim).content.splitlines()
    assert ("Alice: melds 150 + canastas 1,000 + red threes 0 + going out 300 − cards left 0"
            " = 1,450 (total 1,450)") in result
    assert ("Bruno: melds 0 + canastas 0 + red threes 0 + going out 0 − cards left 250"
            " = −250 (total −250)") in result
    assert (await png_of(hand_end_message(sim), "canasta_hand_end.png")).width <= DISPLAY_WIDTH
    assert table(sim).hand_no == 2


async def test_bad_input_is_answered_privately_and_changes_nothing(
        sim: Sim, deals: ScriptedDeals) -> None:
    script(deals, [ALICE, BRUNO2], stock="4C 5H 5S 6H 6S KD")
    await start_game(sim, "canasta", sim.bruno)
    before = table(sim).version
    # Bruno clicks out of turn: his hand has no controls; a forged click is refused.
    rt = running(sim)
    assert rt is not None
    cid = str(ComponentId(rt.record.id, "act", before, "draw"))
    answer = await stale_click(sim, sim.bruno, cid)
    assert answer.ephemeral and table(sim).version == before
    # A stale button (an older version) is refused.
    old = str(ComponentId(rt.record.id, "act", before - 1, "draw"))
    answer = await stale_click(sim, sim.alice, old)
    assert answer.ephemeral and "no longer" in answer.response.content.lower()
    # An opening under the minimum is greyed out; pressed all the same (a forged click), it
    # is refused privately, the draft kept.
    await click(sim.alice, "Build an opening")
    await choose(sim.alice, "ui_rank", ["K"])
    short = "Open with these (30 of 50: 20 more to open)"
    assert button(dm(sim.alice), short).disabled
    with pytest.raises(SetupError):
        await click(sim.alice, short)
    forged = str(ComponentId(rt.record.id, "act", before, "open KD,KH,KS"))
    assert (await stale_click(sim, sim.alice, forged)).ephemeral
    assert short in labels(dm(sim.alice))
    # A rank the hand cannot meld (one card) is refused at its step.
    assert "5" not in option_values(dm(sim.alice), ":ui_rank")
    assert table(sim).version == before and not table(sim).sides[0].opened


async def test_a_restart_mid_hand_keeps_the_table_and_the_menus(
        sim: Sim, deals: ScriptedDeals) -> None:
    await four_players(sim, deals)
    await alice_opens(sim)
    before = table(sim)
    await sim.restart()
    after = table(sim)
    assert after.sides == before.sides and after.turn == 1
    await click(sim.bruno, "Draw two")
    assert table(sim).sides[1].red_threes == ("3H", "3D")


async def test_computers_finish_a_short_game_and_both_partners_count_the_win(
        sim: Sim, deals: ScriptedDeals) -> None:
    await set_turn_seconds(sim, 30)
    deals.queue("canasta", seed=20261123, first_dealer=3)
    await start_game(sim, "canasta", sim.bruno, sim.chiara, sim.dario, target_score="50")
    for _ in range(800):
        if running(sim) is None:
            break
        await sim.env.advance_time(30)
    assert running(sim) is None
    # The winning partnership is named once, in the plural, on the final table.
    final = "\n".join(texts(sim)[texts(sim).index(table_message(sim).content):])
    assert final.count(" win the game with ") == 1 and "wins" not in final
    assert "**Game over!**" in final and "Winner" not in log(sim)
    assert "Alice + Chiara  Bruno + Dario" in final and "…" not in final  # names whole
    rows = await sim.bot.storage.leaderboard(sim.guild.id, "canasta")
    assert sorted(r.name for r in rows) == ["Alice", "Bruno", "Chiara", "Dario"]
    winners = sorted(r.name for r in rows if r.wins)
    assert winners in (["Alice", "Chiara"], ["Bruno", "Dario"])
    board = await sim.bruno.slash(sim.channel, "leaderboard", game="canasta")
    assert (await png_of(board.response, "canasta_leaderboard.png")).width > 200


def message(sim: Sim, message_id: int) -> Any:
    """Return a message of the channel as it is now."""
    return next(m for m in sim.channel.history() if m.id == message_id)


async def test_the_table_is_posted_anew_at_each_hand_and_when_it_grows_old(
        sim: Sim, deals: ScriptedDeals) -> None:
    # A game to 15,000 lasts hours; Discord limits edits of messages older than an hour.
    await set_turn_seconds(sim, 0)  # untimed: nobody is replaced while the hour goes by
    script(deals, [ALICE2, BRUNO2], stock="4C 5H 5S 6H 6S KD")
    await start_game(sim, "canasta", sim.bruno)
    first = table_message(sim)
    await click(sim.alice, "Build an opening")
    await choose(sim.alice, "ui_rank", ["K"])
    await choose(sim.alice, "ui_rank", ["Q"])
    await click(sim.alice, "Open with these (140 of 50)")
    await click(sim.alice, "Add to a meld")
    kings = next(m for m in table(sim).sides[0].melds if m.rank == "K")
    await choose(sim.alice, "ui_meld", [kings.id])
    await choose(sim.alice, "play", [f"add {kings.id} KD"])
    await choose(sim.alice, "discard", ["5C"])  # Alice goes out: hand 2 is dealt
    second = table_message(sim)
    assert table(sim).hand_no == 2 and second.id != first.id
    assert sim.channel.history()[-1].id == second.id and "My hand" in labels(second)
    assert "My hand" not in labels(message(sim, first.id))
    await sim.env.advance_time(51 * 60)
    to_act = table(sim).turn
    member = sim.alice if to_act == 0 else sim.bruno
    await click(member, "Draw two")
    await choose(member, "discard", option_values(dm(member), ":discard")[:1])
    third = table_message(sim)
    assert third.id != second.id and sim.channel.history()[-1].id == third.id
    assert labels(message(sim, second.id)) == []  # the old one lost its buttons


async def test_an_italian_player_sees_the_greyed_out_opening_and_what_it_lacks(
        sim: Sim, deals: ScriptedDeals, monkeypatch: pytest.MonkeyPatch) -> None:
    set_locale(monkeypatch, sim.alice.id, "it")
    script(deals, [ALICE, BRUNO2], stock="4C 5H 5S 6H 6S KD")
    await start_game(sim, "canasta", sim.bruno)
    hand = dm(sim.alice)
    assert "Ora non puoi prendere gli scarti" in hand.content
    assert not any(label.startswith("Prendi gli scarti") for label in labels(hand))
    await click(sim.alice, "Componi l'apertura")
    await choose(sim.alice, "ui_rank", ["K"])
    assert button(dm(sim.alice), "Apri con queste (30 su 50: ancora 20 per aprire)").disabled
    await choose(sim.alice, "ui_rank", ["A"])
    assert await click(sim.alice, "Apri con queste (90 su 50)") == ""
    assert table(sim).sides[0].opened


async def test_the_cards_drawn_or_taken_are_named_and_marked_on_the_own_hand_only(
        sim: Sim, deals: ScriptedDeals) -> None:
    await four_players(sim, deals)
    await alice_opens(sim)
    await click(sim.bruno, "Draw two")  # 3D, laid and replaced by JC, and 10C
    rt = running(sim)
    assert rt is not None
    hand = dm(sim.bruno)
    assert "You drew 10♣\ufe0e and J♣\ufe0e." in hand.content.splitlines()
    spec, _fields, _key = hand_parts(rt, 1, True)
    assert sorted(spec.highlight) == ["10C", "JC"]  # both lifted in his picture
    others = [table_message(sim), dm(sim.alice), dm(sim.chiara), dm(sim.dario)]
    assert not any("J♣" in m.content for m in others)
    await choose(sim.bruno, "discard", ["KC"])
    assert "You drew" not in dm(sim.bruno).content  # the turn is over
    # Chiara takes the pile: the six cards under the king go to her hand, named and marked.
    take = next(label for label in labels(dm(sim.chiara)) if label.startswith("Take the pile"))
    await click(sim.chiara, take)
    line = next(line for line in dm(sim.chiara).content.splitlines()
                if line.startswith("You took "))
    assert sorted(line.removeprefix("You took ").rstrip(".").replace(" and ", ", ").split(", ")
                  ) == sorted(card_text(c) for c in ("4C", "5H", "5S", "6H", "6S", "4S"))
    spec, _fields, _key = hand_parts(rt, 2, True)
    assert sorted(spec.highlight) == ["4C", "4S", "5H", "5S", "6H", "6S"]
    assert "You took" not in table_message(sim).content
    assert not any("You took" in m.content for m in (dm(sim.alice), dm(sim.bruno)))
    await sim.restart()  # kept with the session, told again on the next redraw
    await sim.chiara.user.click(dm(sim.chiara), label="Sort by rank")
    assert line in dm(sim.chiara).content.splitlines()
