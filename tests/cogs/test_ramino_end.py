"""How Ramino hands and games end through the real bot: the stock rebuilt or the hand void,
the chips game with its tie, stakes at the end, and seven seats played out by computers."""

from __future__ import annotations

import re

import discord
import simcord

from bot.i18n import card_text
from card_images.style import DISPLAY_WIDTH
from cogs.host import ScriptedDeals
from engine.ramino.views import RaminoTable
from tests.cogs.conftest import (
    BOT_DELAY,
    dm,
    hand_end_message,
    labels,
    open_table,
    option_values,
    png_of,
    select_id,
    set_turn_seconds,
    table_message,
    texts,
)
from tests.cogs.test_ramino import ALICE, BRUNO, CHIARA, DARIO, UP, pick, running, start
from tests.cogs.test_ramino_play import TAKE_KS
from tests.conftest import Sim
from tests.engine.ramino.scripted import deck_order


def table_view(sim: Sim) -> RaminoTable:
    """Return the running game's public view."""
    view: RaminoTable = running(sim).game.public_view()
    return view


def last_hand_end(sim: Sim) -> discord.Message:
    """Return the newest message carrying an end-of-hand picture."""
    return next(m for m in reversed(sim.channel.history())
                if any(a.filename == "hand.png" for a in m.attachments))


def running_games(sim: Sim) -> int:
    return len(sim.bot.get_cog("Rummy").host.runtimes)  # type: ignore[union-attr]


async def discard_first(member: simcord.MemberActor) -> None:
    """Throw the first card of the member's discard menu."""
    hand = dm(member)
    await member.user.select(hand, [option_values(hand, ":discard")[0]],
                             custom_id=select_id(hand, "discard"))


async def empty_the_stock(sim: Sim, deals: ScriptedDeals, **rules: str) -> simcord.MemberActor:
    """Four players, one deck: 13 cards in the stock, drawn and thrown back in turn.

    Return the member who is to draw from the empty stock.
    """
    deals.queue("ramino", seed=1111, first_dealer=3)
    await start(sim, sim.bruno, sim.chiara, sim.dario, deck="single", **rules)
    members = list(sim.members)
    top = card_text(table_view(sim).discards[-1].card)
    await sim.alice.user.click(dm(sim.alice), label=f"Take discard ({top})")
    await discard_first(sim.alice)
    assert table_view(sim).stock == 54 - 4 * 10 - 1
    for _ in range(13):
        member = members[table_view(sim).turn or 0]
        await member.user.click(dm(member), label="Draw from stock")
        await discard_first(member)
    view = table_view(sim)
    assert view.stock == 0 and view.pile == 14 and view.hand_no == 1
    return members[view.turn or 0]


# ----- the stock runs out -----------------------------------------------------------------------


async def test_drawing_from_the_empty_stock_shuffles_the_pile_into_a_new_one(
        sim: Sim, deals: ScriptedDeals) -> None:
    member = await empty_the_stock(sim, deals)
    top = card_text(table_view(sim).discards[-1].card)
    hand = dm(member)
    assert (f"The stock is empty: drawing shuffles the pile (all but {top}) into a new stock. "
            f"Or take {top}.") in hand.content
    assert labels(hand)[-2:] == ["Draw (new stock from the pile)", f"Take discard ({top})"]
    await member.user.click(hand, label="Draw (new stock from the pile)")
    view = table_view(sim)
    assert (view.stock, view.pile, view.rebuilds) == (12, 1, 1)  # 13 under the top, one drawn
    assert sum(seat.cards for seat in view.seats) + view.stock + view.pile == 54
    assert "You drew" in dm(member).content
    await discard_first(member)
    log = table_message(sim).content
    assert "The stock ran out: the pile was shuffled into a new stock of 13 cards." in log
    view = table_view(sim)
    assert (view.stock, view.pile, view.hand_no) == (12, 2, 1)
    assert sum(seat.cards for seat in view.seats) + view.stock + view.pile == 54
    nxt = sim.members[view.turn or 0]
    assert "Draw from stock" in labels(dm(nxt))
    assert (await png_of(table_message(sim), "ramino_rebuilt_table.png")).width <= DISPLAY_WIDTH


async def test_with_no_rebuild_drawing_from_the_empty_stock_voids_the_hand(
        sim: Sim, deals: ScriptedDeals) -> None:
    member = await empty_the_stock(sim, deals, stock_rebuilds="0")
    top = card_text(table_view(sim).discards[-1].card)
    hand = dm(member)
    assert ("The stock is empty and cannot be rebuilt: drawing ends the hand with nobody "
            f"charged. Or take {top}.") in hand.content
    assert labels(hand)[-2:] == ["Draw (ends the hand)", f"Take discard ({top})"]
    await member.user.click(hand, label="Draw (ends the hand)")
    lines = "\n".join(texts(sim))
    assert ("The stock ran out and cannot be rebuilt: the hand is void and nobody is "
            "charged.") in lines
    view = table_view(sim)
    assert view.totals == (0, 0, 0, 0) and view.hand_no == 2 and view.hands_played == 1
    assert (view.stock, view.pile) == (13, 1)  # a fresh deal
    assert "Hand 2: Alice deals." in table_message(sim).content
    assert "Take discard" in " ".join(labels(dm(sim.bruno)))  # Bruno plays first now
    # a void hand lays nothing open: no end-of-hand picture, its line in the log says it
    assert not [m for m in sim.channel.history()
                if any(a.filename == "hand.png" for a in m.attachments)]


# ----- the chips game ---------------------------------------------------------------------------


async def test_the_chips_game_plays_on_after_a_tie_and_records_the_winner(
        sim: Sim, deals: ScriptedDeals) -> None:
    deals.queue("ramino",
                deck_order([ALICE, BRUNO, CHIARA, DARIO], UP, dealer=3),  # Alice closes
                deck_order([BRUNO, ALICE, CHIARA, DARIO], UP, dealer=0),  # Bruno closes
                deck_order(["3H 4H 5H 9S 9D 9C KC KD KH 2C", DARIO, BRUNO, CHIARA], UP,
                           "7D 6H", dealer=1),  # Chiara, Dario, then Alice draws 6H
                first_dealer=3)
    await start(sim, sim.bruno, sim.chiara, sim.dario, scoring="chips", chips_hands="2")
    for member in (sim.alice, sim.bruno):
        await member.user.click(dm(member), label=TAKE_KS)
        await pick(member, "close", "2C")
    result = last_hand_end(sim).content.splitlines()
    assert result == [
        "Bruno closed!",
        "Alice: \u22121 chip (now 12)",
        "Bruno: +3 chips (now 12)",
        "Chiara: \u22121 chip (now 8)",
        "Dario: \u22121 chip (now 8)",
        "Alice, Bruno share the most chips: another hand is played.",
    ]
    assert table_view(sim).hand_no == 3
    await sim.chiara.user.click(dm(sim.chiara), label=TAKE_KS)
    await pick(sim.chiara, "discard", "AS")
    await sim.dario.user.click(dm(sim.dario), label="Draw from stock")
    await pick(sim.dario, "discard", "7D")
    await sim.alice.user.click(dm(sim.alice), label="Draw from stock")
    await pick(sim.alice, "close", "2C")
    lines = "\n".join(texts(sim))
    assert "Alice: +3 chips (now 15)" in lines and "Alice wins the game!" in lines
    assert running_games(sim) == 0
    table = table_message(sim)
    assert "Alice wins the game!" in table.content and labels(table) == ["Play again"]
    assert (await png_of(table, "ramino_chips_final.png")).width <= DISPLAY_WIDTH
    results = await sim.bot.storage.results(1)
    # chips won or lost against the 10 each began with: the leaderboard adds them up
    assert [(r.name, r.points, r.won) for r in results] == [
        ("Alice", 5, True), ("Bruno", 1, False), ("Chiara", -3, False), ("Dario", -3, False)]
    # on the chips game's own board, apart from Ramino's penalty totals
    board = await sim.bruno.slash(sim.channel, "leaderboard", game="ramino_chips")
    assert (await png_of(board.response, "ramino_leaderboard.png")).width > 200
    stats = await sim.bruno.slash(sim.channel, "stats", member=sim.alice)
    assert "Ramino (chips): 1 win in 1 game (100%), net chips +5" in stats.response.content


async def test_the_end_of_the_chips_game_counts_chips_not_points(
        sim: Sim, deals: ScriptedDeals) -> None:
    deals.queue("ramino", deck_order([ALICE, BRUNO, CHIARA, DARIO], UP, dealer=3),
                first_dealer=3)
    await start(sim, sim.bruno, sim.chiara, sim.dario, scoring="chips", chips_hands="1")
    await sim.alice.user.click(dm(sim.alice), label=TAKE_KS)
    await pick(sim.alice, "close", "2C")
    assert running_games(sim) == 0
    end = "\n".join(texts(sim)[-2:])  # the final table, then the game's results
    assert "Alice wins the game!" in end and "Alice: +3 chips (now 13)" in "\n".join(texts(sim))
    # 13 and 9 are chips: no line calls them points, nor the 10 each began with a bonus.
    assert not re.search(r"\b(13|9) points\b", end), end
    assert "Bonus" not in end, end


# ----- the end of an elimination game ---------------------------------------------------------


async def alice_closes_the_game(sim: Sim, deals: ScriptedDeals, **rules: str) -> None:
    """Alice closes at once; Bruno 70, Chiara 5 and Dario 9 all pass 4: she alone stays in."""
    deals.queue("ramino", deck_order([ALICE, BRUNO, CHIARA, DARIO], UP, dealer=3),
                first_dealer=3)
    await start(sim, sim.bruno, sim.chiara, sim.dario, elimination_limit="4", **rules)
    await sim.alice.user.click(dm(sim.alice), label=TAKE_KS)
    await pick(sim.alice, "close", "2C")


async def test_the_winner_line_says_what_each_loser_owes_at_the_stake(
        sim: Sim, deals: ScriptedDeals) -> None:
    await alice_closes_the_game(sim, deals, stake_per_point="2")
    lines = texts(sim)
    assert ("Alice wins the game! Owed to Alice at the table's stake: Bruno 140, Chiara 10, "
            "Dario 18.") in "\n".join(lines)
    end = hand_end_message(sim).content.splitlines()
    assert end[-3:] == ["Bruno is out with 70 points.", "Chiara is out with 5 points.",
                        "Dario is out with 9 points."]
    results = await sim.bot.storage.results(1)
    # penalty totals count against on the leaderboard: higher is better there
    assert [(r.points, r.won) for r in results] == [(0, True), (-70, False), (-5, False),
                                                    (-9, False)]
    assert (await png_of(table_message(sim), "ramino_stake_final.png")).width <= DISPLAY_WIDTH


async def test_the_leaderboard_ranks_a_lower_penalty_total_first(
        sim: Sim, deals: ScriptedDeals) -> None:
    await alice_closes_the_game(sim, deals)
    rows = await sim.bot.storage.leaderboard(sim.guild.id, "ramino")
    # No loser won a game: the fewer penalty points, the better he did (5, 9, then 70).
    assert [r.name for r in rows] == ["Alice", "Chiara", "Dario", "Bruno"]


async def test_seven_seats_played_by_computers_reach_a_winner(
        sim: Sim, deals: ScriptedDeals) -> None:
    await set_turn_seconds(sim, 30)
    deals.queue("ramino", seed=7, first_dealer=6)  # Alice plays first
    lobby = await open_table(sim, computer=True, game="ramino")
    for _ in range(5):
        await sim.alice.click(lobby, label="Add computer")
    changed = await sim.alice.slash(sim.channel, "rummy settings", option="elimination_limit",
                                    value="20")
    assert changed.response.content == "Settings saved:\n• Elimination limit: 101 → 20"
    await sim.alice.click(lobby, label="Start")
    assert table_view(sim).players == 7
    for _ in range(2000):  # Alice never plays: after two timeouts a computer takes her seat
        if not running_games(sim):
            break
        await sim.env.advance_time(BOT_DELAY)
    lines = "\n".join(texts(sim))
    assert "A computer player took Alice's seat." in lines
    assert running_games(sim) == 0 and "wins the game!" in lines
    results = await sim.bot.storage.results(1)
    assert len(results) == 7 and sum(r.won for r in results) == 1
    winner = next(r for r in results if r.won)
    assert f"{winner.name} wins the game!" in table_message(sim).content
    assert all(r.points < -20 for r in results if not r.won)  # every loser went above 20
    image = await png_of(table_message(sim), "ramino_seven_final.png")
    assert image.width <= DISPLAY_WIDTH
