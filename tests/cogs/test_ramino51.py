"""Ramino 51 end to end: an opening of 51 built in the menus, a lay-off, a joker taken from the
table, a close in hand with doubled charges, the exchange swap, refusals, restarts, a whole
game played by computers."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
import simcord

from card_images import PilesPanel
from card_images.style import DISPLAY_WIDTH
from cogs.adapters import ramino51_menus
from cogs.adapters.ramino51 import RAMINO51
from cogs.host import Runtime, ScriptedDeals
from engine.ramino51 import Ramino51Options
from engine.ramino51.state import build_deck
from engine.ramino51.views import R51Table
from tests.cogs.conftest import (
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
from tests.cogs.test_game_end import sheet_rows
from tests.conftest import Sim
from tests.engine.ramino51.scripted import deck_order

# Chiara deals, Alice starts with 15 cards: 8D JK 10D + 8S 8H 8C open with exactly 51.
ALICE = "8D JK 10D 8S 8H 8C 2S 4C 6H KC 3D QS 5C 9S 2H"
# Bruno opens with the queens and kings, lays 7D off on Alice's run and takes its joker.
BRUNO = "QC QD QS KS KH KD 9D 7D 4S 5S 2C 3H 6C JS"
# Chiara draws 8H and puts everything down but 3S: a close in hand.
CHIARA = "AC 2C 3C 4C 5H 6H 7H 9C 9S 9H JH QH KH 3S"
EXCHANGE = "10S"
STOCK = "AH 8H"


def script(deals: ScriptedDeals, hands: list[str] | None = None, exchange: str = EXCHANGE,
           stock: str = STOCK) -> None:
    """Deal the next Ramino 51 game: these hands by seat, the last seat deals."""
    hands = hands or [ALICE, BRUNO, CHIARA]
    dealer = len(hands) - 1
    deals.queue("ramino51", deck_order(hands, exchange, stock, dealer), first_dealer=dealer)


async def start(sim: Sim, *others: simcord.MemberActor, **rules: str) -> None:
    """Alice opens a Ramino 51 table with these rules, the others join, and it starts."""
    await start_game(sim, "ramino51", *others, **rules)


async def click(member: simcord.MemberActor, label: str) -> str:
    """Click a button of the member's hand; return a private answer's text."""
    result = await member.user.click(dm(member), label=label)
    return result.response.content if result.ephemeral else ""


def running(sim: Sim) -> Runtime | None:
    runtimes = sim.bot.get_cog("Rummy").host.runtimes  # type: ignore[union-attr]
    return next(iter(runtimes.values()), None)


def table(sim: Sim) -> R51Table:
    rt = running(sim)
    assert rt is not None
    return rt.game.public_view()  # type: ignore[no-any-return]


async def alice_opens_with_51(sim: Sim) -> None:
    """Alice builds her two melds in the menus and puts them down, then discards 2S."""
    await click(sim.alice, "Build a meld")
    await choose(sim.alice, "ui_add", ["8D", "JK", "10D"])
    assert button(dm(sim.alice), "Open with these (27 of 51): 24 more to open").disabled
    await choose(sim.alice, "ui_add", ["8S", "8H", "8C"])
    assert not button(dm(sim.alice), "Open with these (51 of 51)").disabled
    assert await click(sim.alice, "Open with these (51 of 51)") == ""
    await choose(sim.alice, "discard", ["2S"])


def button(message: Any, label: str) -> Any:
    """Return the message's button with this label."""
    found = [c for row in message.components for c in row.children
             if getattr(c, "label", None) == label]
    assert found, f"no button {label!r} in {labels(message)}"
    return found[0]


async def test_an_opening_a_lay_off_a_joker_and_a_close_in_hand(
        sim: Sim, deals: ScriptedDeals) -> None:
    script(deals)
    await start(sim, sim.bruno, sim.chiara)
    hand = dm(sim.alice)
    assert "You start: no draw on your first turn." in hand.content
    assert "You can open: 51 of 51." in hand.content
    hand_png = await png_of(hand, "r51_hand_start.png")
    assert hand_png.width <= DISPLAY_WIDTH
    assert dm(sim.bruno).content.endswith("\nYou can open: 60 of 51.")
    await alice_opens_with_51(sim)
    assert "open" not in dm(sim.alice).content.lower()  # opened: the sum is no longer said
    view = table(sim)
    assert view.seats[0].opened and view.melds[0].declared == ("8D", "JK=9D", "10D")
    log = "\n".join(texts(sim))
    assert ("Alice melded A: 8♦\ufe0e 🃏(9♦\ufe0e) 10♦\ufe0e; "
            "B: 8♠\ufe0e 8♥\ufe0e 8♣\ufe0e. An opening worth 51 points.") in log
    # Bruno draws, opens with a ready-made choice, lays 7D off, takes the joker.
    await click(sim.bruno, "Draw from stock")
    ready = option_values(dm(sim.bruno), ":meld")
    assert ready == ["QS,QD,QC KS,KH,KD"]
    await choose(sim.bruno, "meld", ready)
    await click(sim.bruno, "Lay off")
    await choose(sim.bruno, "ui_card", ["7D"])  # one place only: laid off at once
    assert table(sim).melds[0].cards[0] == "7D"
    await click(sim.bruno, "Take a joker")
    swaps = option_values(dm(sim.bruno), ":swap")
    assert "A 9D meld 4S,5S,JK=6S" in swaps
    await choose(sim.bruno, "swap", ["A 9D meld 4S,5S,JK=6S"])
    await choose(sim.bruno, "discard", ["JS"])
    log = "\n".join(texts(sim))
    assert "Bruno laid off 7♦\ufe0e on A. A is now 7♦\ufe0e 8♦\ufe0e" in log
    assert "Bruno took the joker from A with 9♦\ufe0e and put it down" in log
    png = await png_of(table_message(sim), "r51_table.png")
    assert png.width <= DISPLAY_WIDTH
    # Chiara draws 8H and closes in hand: every charge doubled.
    await click(sim.chiara, "Draw from stock")
    hand = dm(sim.chiara)
    assert "You can close in hand!" in hand.content
    assert await choose(sim.chiara, "close", ["now"]) == ""
    result = hand_end_message(sim).content.splitlines()
    assert result[0] == "Chiara closed in hand: every charge ×2!"
    assert "Alice: 49 points in hand ×2 → +98 (total 98)" in result
    assert "Bruno: 22 points in hand ×2 → +44 (total 44)" in result
    assert (await png_of(hand_end_message(sim), "r51_hand_end.png")).width <= DISPLAY_WIDTH
    assert table(sim).hand_no == 2


async def test_the_opening_button_stays_greyed_until_the_melds_chosen_open(
        sim: Sim, deals: ScriptedDeals, monkeypatch: pytest.MonkeyPatch) -> None:
    script(deals)
    await start(sim, sim.bruno, sim.chiara)
    await click(sim.alice, "Build a meld")
    await choose(sim.alice, "ui_add", ["8D", "JK", "10D"])
    hand = dm(sim.alice)
    greyed = button(hand, "Open with these (27 of 51): 24 more to open")
    assert greyed.disabled
    chosen = button(hand, "✓ 8♦\ufe0e 🃏(9♦\ufe0e) 10♦\ufe0e (27)")  # the meld chosen so far
    assert chosen.disabled
    # cards in no opening with that meld are not offered
    offered = option_values(hand, ":ui_add")
    assert {"8S", "8H", "8C"} <= set(offered) and not {"2S", "4C", "6H"} & set(offered)
    # a press forged on the greyed button changes nothing
    before = table(sim).version
    forged = await stale_click(sim, sim.alice, greyed.custom_id)
    assert forged.ephemeral and "no longer" in forged.response.content.lower()
    assert table(sim).version == before and not table(sim).melds


async def test_the_opening_builder_in_italian(sim: Sim, deals: ScriptedDeals,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    set_locale(monkeypatch, sim.alice.id, "it")
    script(deals)
    await start(sim, sim.bruno, sim.chiara)
    await click(sim.alice, "Componi una combinazione")
    assert button(dm(sim.alice), "Apri con queste (0 su 51): ne mancano 51 per aprire").disabled
    await choose(sim.alice, "ui_add", ["8S", "8H", "8C"])
    assert button(dm(sim.alice), "Apri con queste (24 su 51): ne mancano 27 per aprire").disabled
    await choose(sim.alice, "ui_add", ["8D", "JK", "10D"])
    hand = dm(sim.alice)
    assert [b for b in labels(hand) if b.startswith("✓")] == [
        "✓ 8♠\ufe0e 8♥\ufe0e 8♣\ufe0e (24)", "✓ 8♦\ufe0e 🃏(9♦\ufe0e) 10♦\ufe0e (27)"]
    assert not button(hand, "Apri con queste (51 su 51)").disabled
    await png_of(hand, "r51_build_it.png")
    assert await click(sim.alice, "Apri con queste (51 su 51)") == ""
    assert table(sim).seats[0].opened and len(table(sim).melds) == 2


async def test_the_exchange_card_is_swapped_on_the_first_turn(
        sim: Sim, deals: ScriptedDeals) -> None:
    script(deals)
    await start(sim, sim.bruno, sim.chiara)
    offered = option_values(dm(sim.alice), ":exchange")
    assert "2S" in offered and len(offered) == 15  # her 15 cards, none a twin of 10S
    await choose(sim.alice, "exchange", ["2S"])
    view = table(sim)
    assert view.exchange == "2S"
    assert "Alice gave 2♠\ufe0e for the exchange card 10♠\ufe0e." in "\n".join(texts(sim))
    assert not any(v.endswith(":exchange") for v in option_ids(dm(sim.alice)))


def option_ids(message: object) -> list[str]:
    """Return the custom ids of a message's selects."""
    out = []
    for row in getattr(message, "components", []):
        for child in row.children:
            if getattr(child, "options", None) is not None:
                out.append(child.custom_id)
    return out


async def test_a_stale_button_and_a_restart_mid_hand(sim: Sim, deals: ScriptedDeals) -> None:
    script(deals)
    await start(sim, sim.bruno, sim.chiara)
    old = dm(sim.alice)
    build = next(c.custom_id for row in old.components for c in row.children
                 if getattr(c, "label", "") == "Build a meld")
    await alice_opens_with_51(sim)
    stale = await stale_click(sim, sim.alice, build)
    assert stale.ephemeral and "no longer" in stale.response.content.lower()
    await sim.restart()
    await click(sim.bruno, "Draw from stock")
    assert option_values(dm(sim.bruno), ":meld") == ["QS,QD,QC KS,KH,KD"]
    assert table(sim).melds[0].declared == ("8D", "JK=9D", "10D")


async def test_three_absent_players_are_replaced_by_computers_that_finish_the_game(
        sim: Sim, deals: ScriptedDeals) -> None:
    await set_turn_seconds(sim, 30)
    deals.queue("ramino51", seed=20261123, first_dealer=2)
    await start(sim, sim.bruno, sim.chiara, hands_per_game="1")
    for _ in range(600):
        if running(sim) is None:
            break
        await sim.env.advance_time(30)
    lines = "\n".join(texts(sim))
    assert "wins the game! The lowest total wins: " in lines
    final = "\n".join(texts(sim)[texts(sim).index(table_message(sim).content):])
    assert final.count("wins the game") == 1  # the winner once: "Game over!" under his line
    rows = await sim.bot.storage.leaderboard(sim.guild.id, "ramino51")
    assert sorted(r.name for r in rows) == ["Alice", "Bruno", "Chiara"]
    assert sum(r.wins for r in rows) == 1
    board = await sim.bruno.slash(sim.channel, "leaderboard", game="ramino51")
    assert (await png_of(board.response, "r51_leaderboard.png")).width > 200


async def test_the_exchange_card_is_never_offered_for_its_twin(
        sim: Sim, deals: ScriptedDeals) -> None:
    alice = ALICE.replace("2H", "10S")  # the other 10S is the exchange card
    script(deals, [alice, BRUNO, CHIARA])
    await start(sim, sim.bruno, sim.chiara)
    menu = next(s for s in selects(dm(sim.alice)) if s.custom_id.endswith(":exchange"))
    values = [o.value for o in menu.options]
    assert "10S" not in values and "2S" in values
    assert "Give 2♠\ufe0e, take 10♠\ufe0e" in [o.label for o in menu.options]
    assert not any(o.label == "Give 10♠\ufe0e, take 10♠\ufe0e" for o in menu.options)


async def test_a_close_in_hand_with_the_exchange_card_instead_of_the_draw(
        sim: Sim, deals: ScriptedDeals) -> None:
    bruno = "QC QD QS KS KH KD 9D 10D JD 4S 5S 6S 7S 3H"  # QH, the exchange card, completes
    script(deals, [ALICE, bruno, CHIARA], exchange="QH")
    await start(sim, sim.bruno, sim.chiara)
    await choose(sim.alice, "discard", ["2S"])
    hand = dm(sim.bruno)
    assert "You can close in hand!" in hand.content and "Draw from stock" in labels(hand)
    assert await choose(sim.bruno, "close", ["now"]) == ""
    log = "\n".join(texts(sim))
    assert "Bruno took the exchange card and closed in hand, discarding 3♥\ufe0e" in log
    result = hand_end_message(sim).content.splitlines()
    assert result[0] == "Bruno closed in hand: every charge ×2!"
    assert "Bruno: nothing to pay (total 0)" in result


async def test_cards_confirmed_in_a_meld_leave_the_building_menu(
        sim: Sim, deals: ScriptedDeals) -> None:
    script(deals)
    await start(sim, sim.bruno, sim.chiara)
    await click(sim.alice, "Build a meld")
    everything = option_values(dm(sim.alice), ":ui_add")
    assert await choose(sim.alice, "ui_add", ["8S", "8H", "8C"]) == ""
    offered = option_values(dm(sim.alice), ":ui_add")
    assert sorted(offered) == ["10D", "8D", "JK"]  # the one meld that opens with the 8s
    assert "Open with these (24 of 51): 27 more to open" in labels(dm(sim.alice))
    await click(sim.alice, "Start again")
    assert option_values(dm(sim.alice), ":ui_add") == everything


async def take_joker(member: simcord.MemberActor, meld_id: str, swap: str) -> None:
    """Take a joker through the menus: the meld and the joker's place first if asked."""
    await click(member, "Take a joker")
    for verb, value in (("ui_from", meld_id), ("ui_to", "new")):
        if any(c.custom_id.endswith(f":{verb}") for c in selects(dm(member))):
            await choose(member, verb, [value])
    assert swap in option_values(dm(member), ":swap")
    await choose(member, "swap", [swap])


def selects(message: Any) -> list[Any]:
    """Return the select menus of a message."""
    return [c for row in message.components for c in row.children
            if getattr(c, "options", None) is not None]


async def test_a_joker_taken_from_a_three_card_set_goes_straight_into_a_new_meld(
        sim: Sim, deals: ScriptedDeals) -> None:
    alice = "8S 8H JK 9D 10D JD 2S 4C 6H KC 3D QS 5C 9S 2H"  # 24 + 29: an opening of 53
    bruno = "QC QD QS KS KH KD 8D 8C 4S 5S 2C 3H 6C JS"
    script(deals, [alice, bruno, CHIARA])
    await start(sim, sim.bruno, sim.chiara)
    await choose(sim.alice, "meld", ["9D,10D,JD 8S,8H,JK"])
    await choose(sim.alice, "discard", ["2S"])
    set_id = next(m.id for m in table(sim).melds if m.kind == "set")
    await click(sim.bruno, "Draw from stock")
    await choose(sim.bruno, "meld", ["QS,QD,QC KS,KH,KD"])
    await take_joker(sim.bruno, set_id, f"{set_id} 8D,8C meld 4S,5S,JK=6S")
    melds = {m.id: m for m in table(sim).melds}
    assert sorted(melds[set_id].cards) == ["8C", "8D", "8H", "8S"]  # a natural quartet now
    assert any(m.declared == ("4S", "5S", "JK=6S") and m.owner == 1 for m in melds.values())
    assert f"Bruno took the joker from {set_id} with 8♦\ufe0e 8♣\ufe0e" in "\n".join(texts(sim))


# Both jokers in one run: 9H 10H JH 🃏(QH) 🃏(KH) + 9D 10D JD QD open with 88.
TWO_JOKERS = "9H 10H JH JK JK 9D 10D JD QD 2S 5S 7C KS 3H 4D"


async def test_an_opening_with_both_jokers_declared_is_offered_and_played_from_its_key(
        sim: Sim, deals: ScriptedDeals, monkeypatch: pytest.MonkeyPatch) -> None:
    # No opening of 15 cards passes a value's 100 characters (14 cards at most, 6 characters
    # a declared joker): a lower limit sends this one as a key, through the real bot.
    monkeypatch.setattr(ramino51_menus, "VALUE", 30)
    script(deals, [TWO_JOKERS, BRUNO, CHIARA])
    await start(sim, sim.bruno, sim.chiara)
    hand = dm(sim.alice)
    assert "You can open: 99 of 51." in hand.content  # the most it could put down
    meld = next(s for s in selects(hand) if s.custom_id.endswith(":meld"))
    label = ("9♥\ufe0e 10♥\ufe0e J♥\ufe0e 🃏(Q♥\ufe0e) 🃏(K♥\ufe0e) + "
             "9♦\ufe0e 10♦\ufe0e J♦\ufe0e Q♦\ufe0e (88 of 51)")
    chosen = next(o for o in meld.options if o.label == label)
    assert chosen.value.startswith("#") and len(chosen.value) <= 30
    assert await choose(sim.alice, "meld", [chosen.value]) == ""
    declared = sorted(m.declared for m in table(sim).melds)
    assert declared == [("9D", "10D", "JD", "QD"), ("9H", "10H", "JH", "JK=QH", "JK=KH")]
    assert "An opening worth 88 points." in "\n".join(texts(sim))
    answer = await choose(sim.alice, "discard", ["2S"])
    assert answer == "" and table(sim).turn == 1


def shuffled_deck(seed: int) -> list[str]:
    """Return a whole Ramino 51 deck in an order fixed by the seed."""
    deck = [c.text for c in build_deck(Ramino51Options())]
    random.Random(seed).shuffle(deck)
    return deck


async def draw_and_throw_back(sim: Sim) -> None:
    """The player to move draws (or, starting, just discards) and discards the card drawn."""
    rt = running(sim)
    assert rt is not None
    seat = table(sim).turn
    assert seat is not None
    member = sim.members[seat]
    before = Counter(rt.game.private_view(seat).hand)
    draw = next((label for label in labels(dm(member)) if label.startswith("Draw")), None)
    if draw is not None:
        assert await click(member, draw) == ""
        if table(sim).hand_no > 1:  # the draw ended the hand
            return
    drawn = list(Counter(rt.game.private_view(seat).hand) - before) or [max(before)]
    assert await choose(member, "discard", drawn) == ""


async def test_the_stock_is_rebuilt_from_the_pile_and_a_stalled_hand_ends_void(
        sim: Sim, deals: ScriptedDeals) -> None:
    deals.queue("ramino51", shuffled_deck(12), first_dealer=3)
    await start(sim, sim.bruno, sim.chiara, sim.dario)
    assert table(sim).stock == 106 - 15 - 3 * 14 - 1
    while table(sim).rebuilds == 0:
        await draw_and_throw_back(sim)
    view = table(sim)
    # 48 drawn and thrown back after the starter's discard: 49 on the pile, its top stays
    assert ("The stock ran out: the pile was shuffled into a new stock of 48 cards.\n"
            "Bruno drew from the stock.") in "\n".join(texts(sim))
    assert (view.stock, view.pile, view.hand_no) == (47, 2, 1)  # one drawn, one thrown
    rt = running(sim)
    assert rt is not None
    spec = RAMINO51.table_spec(rt.game, rt.names, "en")
    assert spec.panel(PilesPanel).stock_count == 47 and "stock rebuilt 1 time" in spec.footer
    assert "mazzo rifatto 1 volta" in RAMINO51.table_spec(rt.game, rt.names, "it").footer
    assert (await png_of(table_message(sim), "r51_rebuilt.png")).width <= DISPLAY_WIDTH
    while table(sim).rebuilds == 1:
        await draw_and_throw_back(sim)
    while not table(sim).draw_voids:
        await draw_and_throw_back(sim)
    seat = table(sim).turn
    assert seat is not None
    hand = dm(sim.members[seat])
    assert "Draw (ends the hand)" in labels(hand)
    assert "drawing ends the hand with nobody charged" in hand.content
    await draw_and_throw_back(sim)
    result = hand_end_message(sim).content.splitlines()
    assert result[0] == ("The stock ran out and cannot be rebuilt: the hand is void and "
                         "nobody is charged.")
    assert result[1:] == [f"{name}: nothing to pay (total 0)"
                          for name in ("Alice", "Bruno", "Chiara", "Dario")]
    view = table(sim)
    assert view.hand_no == 2 and view.totals == (0, 0, 0, 0) and view.rebuilds == 0


async def test_a_seven_hand_game_played_by_computers_ends_with_the_lowest_total_winning(
        sim: Sim, deals: ScriptedDeals) -> None:
    await set_turn_seconds(sim, 30)
    deals.queue("ramino51", seed=20261123, first_dealer=2)
    await start(sim, sim.bruno, sim.chiara)
    rt = running(sim)
    assert rt is not None
    game = rt.game
    for _ in range(5000):  # nobody plays: computers take every seat and play the 7 hands
        if running(sim) is None:
            break
        await sim.env.advance_time(30)
    assert running(sim) is None and game.is_over
    final = table_message(sim).content
    totals = game.public_view().totals
    winner = ["Alice", "Bruno", "Chiara"][totals.index(min(totals))]
    assert f"{winner} wins the game! The lowest total wins: {min(totals)}." in final
    assert totals.count(min(totals)) == 1  # a tie plays another hand
    rows = sheet_rows(final)
    assert rows[0][:4] == ["Hand", "Alice", "Bruno", "Chiara"]
    hands = [r for r in rows if r[0].isdigit()]
    assert [r[0] for r in hands] == [str(n) for n in range(1, 8)]
    assert rows[-1] == ["Total", *map(str, totals)]
    assert [sum(int(r[1 + s]) for r in hands) for s in range(3)] == list(totals)
    board = await sim.bruno.slash(sim.channel, "leaderboard", game="ramino51")
    assert (await png_of(board.response, "r51_leaderboard_7.png")).width > 200
    rows_lb = await sim.bot.storage.leaderboard(sim.guild.id, "ramino51")
    assert sorted(r.name for r in rows_lb) == ["Alice", "Bruno", "Chiara"]
    assert [r.name for r in rows_lb if r.wins] == [winner]


async def press_one(sim: Sim, member: simcord.MemberActor, rng: random.Random) -> str:
    """Press one control of the member's hand at random (a select: a random choice; the
    cards of a meld: those of a listed meld the select offers); return a private answer."""
    hand = dm(member)
    shown = [c for row in hand.components for c in row.children
             if not getattr(c, "disabled", False) and ":sort:" not in (c.custom_id or "")]
    control = rng.choice(shown)
    if getattr(control, "options", None) is None:
        result = await member.user.click(hand, custom_id=control.custom_id)
    else:
        values = [o.value for o in control.options]
        if control.custom_id.endswith(":ui_add"):
            rt = running(sim)
            assert rt is not None
            view = rt.game.private_view(sim.members.index(member))
            cards = [[p.card.text for p in g] for a in view.moves if hasattr(a, "melds")
                     for g in a.melds]
            picks = [pick for pick in (pick_values(values, c) for c in cards) if pick]
            chosen = rng.choice(picks)
        else:
            chosen = [rng.choice(values)]
        result = await member.user.select(hand, chosen, custom_id=control.custom_id)
    return result.response.content if result.ephemeral else ""


def pick_values(values: list[str], cards: list[str]) -> list[str]:
    """Return the select values naming these cards (a second copy "7S.2"), or [] if one is
    not offered."""
    left, out = list(values), []
    for card in cards:
        value = next((v for v in left if v.partition(".")[0] == card), None)
        if value is None:
            return []
        left.remove(value)
        out.append(value)
    return out


async def test_any_control_pressed_at_random_is_never_refused(
        sim: Sim, deals: ScriptedDeals) -> None:
    rng = random.Random(51)
    deals.queue("ramino51", shuffled_deck(51), first_dealer=1)
    await start(sim, sim.bruno, hands_per_game="1")
    pressed = moves = 0
    while running(sim) is not None and pressed < 150:
        view = table(sim)
        assert view.turn is not None
        answer = await press_one(sim, sim.members[view.turn], rng)
        assert answer == "", answer
        pressed += 1
        moves += running(sim) is None or table(sim).version != view.version
    print(f"\n{pressed} controls pressed, {moves} of them moves")
    assert pressed == 150 and moves >= 40
