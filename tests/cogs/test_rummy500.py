"""Rummy 500 end to end: three members, the spread pile, melds by id, lay-offs and "Rummy!"."""

from __future__ import annotations

from typing import Any

import simcord

from card_images.style import DISPLAY_WIDTH
from cogs.adapters.rummy500 import RUMMY500
from cogs.host import Runtime, ScriptedDeals
from engine.rummy500.views import R500Table
from tests.cogs.conftest import (
    choose,
    dm,
    labels,
    open_table,
    option_values,
    png_of,
    select_id,
    set_turn_seconds,
    start_game,
    table_message,
    texts,
)
from tests.conftest import Sim
from tests.engine.rummy500.scripted import deck_order

# Seat 0 Alice, 1 Bruno, 2 Chiara; Chiara deals, Alice plays first. JC is turned up.
ALICE = "4D 5D 6D AD 7D 2S 8H"
BRUNO = "7S 7H 7C 3D 10H 4S 9C"
CHIARA = "QC KC 2D AC 5S 6H 8S"
STOCK = "KH 3S 9H QD 10S 2H 4H 5C 6C"


def script_rummy(deals: ScriptedDeals, *decks: list[str], dealer: int = 2) -> None:
    """Deal the next Rummy 500 game from these decks."""
    deals.queue("rummy500", *decks, first_dealer=dealer)


def deal3(hands: list[str], up: str, stock: str = "") -> list[str]:
    """Return a deck dealing these hands to Alice, Bruno and Chiara; Chiara deals."""
    return deck_order(hands, up, stock, dealer=2)


async def three_players(sim: Sim, **rules: str) -> None:
    """Alice opens a Rummy 500 table with these rules; Bruno and Chiara join; it starts."""
    await start_game(sim, "rummy500", sim.bruno, sim.chiara, **rules)


async def pick(member: simcord.MemberActor, verb: str, values: list[str]) -> str:
    """Choose values in the member's hand select `verb` (for "meld", the option putting
    down exactly these cards); return the answer's text."""
    if verb == "meld":
        values = [meld_option(dm(member), values)]
    return await choose(member, verb, values)


def meld_option(message: Any, cards: list[str]) -> str:
    """Return the meld menu's option putting down exactly these cards, as a player finds it
    by its label."""
    options = option_values(message, ":meld")
    for value in options:
        if sorted(value.replace(" ", ",").split(",")) == sorted(cards):
            return value
    raise AssertionError(f"no meld of {cards} among {options}")


async def draw(member: simcord.MemberActor) -> None:
    await member.user.click(dm(member), label="Draw from stock")


def running(sim: Sim) -> Runtime | None:
    """Return the one game the bot runs now, or None once it has finished."""
    runtimes = sim.bot.get_cog("Rummy").host.runtimes  # type: ignore[union-attr]
    return next(iter(runtimes.values()), None)


def game_view(sim: Sim) -> R500Table:
    rt = running(sim)
    assert rt is not None
    return rt.game.public_view()


def hand_of(sim: Sim, seat: int) -> list[str]:
    rt = running(sim)
    assert rt is not None
    return list(rt.game.private_view(seat).hand)


def meld(view: R500Table, mid: str) -> list[str]:
    return [c for m in view.melds if m.id == mid for c in m.cards]


async def test_a_scripted_hand_with_a_deep_pickup_chained_layoffs_both_aces_and_a_claim(
        sim: Sim, deals: ScriptedDeals) -> None:
    script_rummy(deals, deal3([ALICE, BRUNO, CHIARA], "JC", STOCK))
    await three_players(sim)
    table = table_message(sim)
    assert "Alice's turn" in table.content

    # Alice draws, melds 4D 5D 6D (meld A) from the meld menu and discards 2S.
    await draw(sim.alice)
    assert await pick(sim.alice, "meld", ["4D", "5D", "6D"]) == ""
    await pick(sim.alice, "discard", ["2S"])
    assert "Alice melded A: 4♦\ufe0e 5♦\ufe0e 6♦\ufe0e." in table_message(sim).content

    # Bruno opens with 7S 7H 7C (B) and lays 3D off on Alice's run: one target, no second step.
    await draw(sim.bruno)
    await pick(sim.bruno, "meld", ["7S", "7H", "7C"])
    await pick(sim.bruno, "ui_lay", ["3D"])
    await pick(sim.bruno, "discard", ["10H"])
    assert "Bruno laid off 3♦\ufe0e on A. +5 points." in table_message(sim).content

    # Chiara takes the whole pile from JC (position 1): the depth first, then the meld.
    hand = dm(sim.chiara)
    await sim.chiara.user.click(hand, label="Take from the pile…")
    assert option_values(dm(sim.chiara), ":ui_take") == ["1"]
    await pick(sim.chiara, "ui_take", ["1"])
    # JC can go into J-Q-K or J-Q-K-A; Chiara keeps her ace to lay it off herself.
    assert option_values(dm(sim.chiara), ":take") == ["1 JC,QC,KC,AC", "1 JC,QC,KC"]
    await pick(sim.chiara, "take", ["1 JC,QC,KC"])
    view = game_view(sim)
    assert view.pile == () and meld(view, "C") == ["JC", "QC", "KC"]
    await pick(sim.chiara, "ui_lay", ["2D"])  # the chain: 2D on Bruno's 3D
    await pick(sim.chiara, "ui_lay", ["AC"])  # the ace at the high end: 15
    await pick(sim.chiara, "discard", ["10H"])  # a taken card other than JC may go
    lines = table_message(sim).content
    assert ("Chiara took J♣\ufe0e 2♠\ufe0e 10♥\ufe0e from the discard pile. "
            "New meld C: J♣\ufe0e Q♣\ufe0e K♣\ufe0e.") in lines
    assert "Chiara laid off A♣\ufe0e on C. +15 points." in lines

    # Alice ends the chain with AD at the low end (5) and discards 7D: it fits A and B.
    await draw(sim.alice)
    await pick(sim.alice, "ui_lay", ["AD"])
    await pick(sim.alice, "discard", ["7D"])
    view = game_view(sim)
    assert meld(view, "A") == ["AD", "2D", "3D", "4D", "5D", "6D"]
    assert view.claim.open and "Rummy!" in labels(table_message(sim))

    # Bruno and Chiara both press Rummy!; each is asked which meld; Chiara answers first.
    bruno_ask = await sim.bruno.click(table_message(sim), label="Rummy!")
    chiara_ask = await sim.chiara.click(table_message(sim), label="Rummy!")
    assert bruno_ask.ephemeral and chiara_ask.ephemeral
    assert option_values(chiara_ask.response, ":table_choice") == ["claim 7D A", "claim 7D B"]
    won = await sim.chiara.select(chiara_ask.response, ["claim 7D B"],
                                  custom_id=select_id(chiara_ask.response, "table_choice"))
    assert won.ephemeral and won.response.content == "Rummy! The card is yours."
    late = await sim.bruno.select(bruno_ask.response, [option_values(
        bruno_ask.response, ":table_choice")[0]],
        custom_id=select_id(bruno_ask.response, "table_choice"))
    assert late.ephemeral and late.response.content.startswith("Too late")
    table = table_message(sim)
    assert "Rummy! Chiara claims 7♦\ufe0e onto B (+5)." in table.content
    assert "Rummy!" not in labels(table)  # the window is closed
    view = game_view(sim)
    assert meld(view, "B") == ["7S", "7H", "7C", "7D"] and view.pile == ("10H",)
    points = [s.hand_points for s in view.seats]
    assert points == [20, 20, 55]  # 15+5; 15+5; 30 + 5 + 15 + 5
    assert "Bruno's turn" in table.content  # the claim did not change the turn order

    # The table picture is a real PNG of a sensible size, public cards only.
    image = await png_of(table)
    assert image.size[0] == DISPLAY_WIDTH  # as Discord shows it (was >= 800 before 550 px)
    public = "\n".join(texts(sim))
    for hidden in ("8♥\ufe0e", "K♥\ufe0e", "Q♦\ufe0e"):  # Alice's cards stay private
        assert hidden not in public


# ----- options that change the flow ------------------------------------------------------------

OPENER = "10H JH QH 9S 9H 9D 2C"
LOOSE_1 = "KS KH 5C 8S 3H 10D 4C"
LOOSE_2 = "4S 7C JC 2H 8D 5H AS"


async def refused(result: simcord.InteractionResult, text: str) -> None:
    assert result.ephemeral, result.response
    assert result.response.content == text, result.response.content


async def version(sim: Sim) -> int:
    return (await sim.bot.storage.get_game(1)).state_version


async def test_a_first_meld_under_the_minimum_is_refused_and_wrong_calls_are_private(
        sim: Sim, deals: ScriptedDeals) -> None:
    script_rummy(deals, deal3([OPENER, LOOSE_1, LOOSE_2], "3C", "QC 10S 6S"))
    await three_players(sim, min_first_meld="40")
    await draw(sim.alice)
    before = await version(sim)
    # The menu lists only the openings: 9-9-9 alone (15) is not enough, both melds are (45).
    assert option_values(dm(sim.alice), ":meld") == ["10H,JH,QH 9S,9H,9D"]
    assert await version(sim) == before
    await pick(sim.alice, "meld", OPENER.split()[:6])
    view = game_view(sim)
    assert sorted(meld(view, "A") + meld(view, "B")) == sorted(OPENER.split()[:6])
    await pick(sim.alice, "discard", ["2C"])
    # Nobody else has a meld, so nobody may claim 2C: its window closed at once (issue 10).
    assert "Rummy!" not in labels(table_message(sim))
    await draw(sim.bruno)
    await pick(sim.bruno, "discard", ["8S"])
    # Rummy! is on the table after every discard someone may claim, whether or not the card
    # fits (manual calls reveal nothing).
    table = table_message(sim)
    assert "Rummy!" in labels(table)
    await refused(await sim.chiara.click(table, label="Rummy!"),
                  "You need a meld of your own on the table first.")
    await refused(await sim.bruno.click(table, label="Rummy!"),
                  "You can't claim your own discard.")
    await refused(await sim.alice.click(table_message(sim), label="Rummy!"),
                  "Wrong call: 8♠\ufe0e fits no meld on the table.")
    assert game_view(sim).pile == ("3C", "2C", "8S")  # nothing moved


async def test_announce_mode_tells_everyone_and_shows_the_button_only_for_a_playable_card(
        sim: Sim, deals: ScriptedDeals) -> None:
    script_rummy(deals, deal3(["4D 5D 6D 2S 8H KC 9C", "QS QH QD 7D 3H 9S 4C", LOOSE_2],
                              "3C", "QC 10S 6S"))
    await three_players(sim, rummy_call="announce")
    await draw(sim.alice)
    await pick(sim.alice, "meld", ["4D", "5D", "6D"])
    await pick(sim.alice, "discard", ["2S"])
    await draw(sim.bruno)
    await pick(sim.bruno, "meld", ["QS", "QH", "QD"])
    await pick(sim.bruno, "discard", ["7D"])  # fits Alice's run; Alice may claim it
    table = table_message(sim)
    assert "Rummy! 7♦\ufe0e can be played (on A). First to press Rummy! wins it." in table.content
    assert "Rummy!" in labels(table)
    await draw(sim.chiara)
    await pick(sim.chiara, "discard", ["JC"])  # fits nothing: no button, no announcement
    table = table_message(sim)
    assert "Rummy!" not in labels(table) and "J♣\ufe0e can be played" not in table.content


async def test_announce_mode_says_nothing_of_a_playable_card_nobody_may_claim(
        sim: Sim, deals: ScriptedDeals) -> None:
    script_rummy(deals, deal3(["4D 5D 6D 7D 2S 8H KC", LOOSE_1, LOOSE_2], "3C", "QC 10S 6S"))
    await three_players(sim, rummy_call="announce")
    await draw(sim.alice)
    await pick(sim.alice, "meld", ["4D", "5D", "6D"])
    await pick(sim.alice, "discard", ["7D"])  # fits A, but only Alice has opened
    table = table_message(sim)
    assert "Alice discarded 7♦\ufe0e." in table.content
    assert "can be played" not in table.content and "Rummy!" not in labels(table)
    assert not game_view(sim).claim.open


async def test_top_card_free_takes_the_top_card_alone_and_keeps_it_this_turn(
        sim: Sim, deals: ScriptedDeals) -> None:
    script_rummy(deals, deal3([OPENER, LOOSE_1, LOOSE_2], "3C", "QC 10S 6S"))
    await three_players(sim, top_card_free="true")
    await sim.alice.user.click(dm(sim.alice), label="Take 3♣\ufe0e alone")
    discards = option_values(dm(sim.alice), ":discard")
    assert "3C" not in discards and "2C" in discards
    assert game_view(sim).pile == () and "3C" in hand_of(sim, 0)


async def test_draw_stock_until_opened_offers_no_pile_to_an_unopened_player(
        sim: Sim, deals: ScriptedDeals) -> None:
    # 3C 3S sit in Alice's hand: without the option she could take the 3H from the pile.
    script_rummy(deals, deal3(["3C 3S 9H 9S KD 2C 7H", LOOSE_1, LOOSE_2], "3D", "QC 10S 6S"))
    await three_players(sim, draw_stock_until_opened="true")
    assert labels(dm(sim.alice))[-1] == "Draw from stock"
    assert "Take from the pile…" not in labels(dm(sim.alice))


# ----- stock exhaustion, a whole game, a restart during a window --------------------------------


async def plod(member: simcord.MemberActor) -> None:
    """Draw (or leave the pile when the stock is empty) and discard the first card offered."""
    hand = dm(member)
    if "Draw from stock" in labels(hand):
        await member.user.click(hand, label="Draw from stock")
    elif "Leave the pile: the hand ends" in labels(hand):
        await member.user.click(hand, label="Leave the pile: the hand ends")
        return
    hand = dm(member)
    await member.user.select(hand, [option_values(hand, ":discard")[0]],
                             custom_id=select_id(hand, "discard"))


async def test_when_the_stock_runs_out_the_hand_ends_with_nobody_out(
        sim: Sim, deals: ScriptedDeals) -> None:
    script_rummy(deals, deal3([OPENER, LOOSE_1, LOOSE_2], "3C"))
    await three_players(sim)
    members = [sim.alice, sim.bruno, sim.chiara]
    turns = 0
    while game_view(sim).hand_no == 1 and turns < 40:
        await plod(members[game_view(sim).turn])
        turns += 1
    assert game_view(sim).hand_no == 2, "the hand did not end"
    lines = "\n".join(texts(sim))
    assert "The stock ran out: nobody went out." in lines
    # Nobody melded: every player scores minus his hand, by the value table.
    assert all(total < 0 for total in game_view(sim).totals)
    end = next(m for m in sim.channel.history()
               if any(a.filename == "hand.png" for a in m.attachments))
    assert (await png_of(end)).size[0] == DISPLAY_WIDTH  # was >= 600 before 550 px
    assert turns >= 30  # 52 - 21 - 1 = 30 stock cards were drawn first


async def test_a_whole_game_to_500_finishes_with_computers_in_the_seats(
        sim: Sim, deals: ScriptedDeals) -> None:
    await set_turn_seconds(sim, 30)
    deals.queue("rummy500", seed=20261121)
    await three_players(sim)
    # Nobody plays: two timeouts each and the computer takes every seat to the end.
    for _ in range(400):
        if any("wins the game" in line for line in texts(sim)):
            break
        await sim.env.advance_time(30)
    lines = "\n".join(texts(sim))
    assert "wins the game with" in lines
    assert running(sim) is None  # the finished game left the host
    rows = await sim.bot.storage.leaderboard(sim.guild.id, "rummy500")
    assert sorted(r.name for r in rows) == ["Alice", "Bruno", "Chiara"]
    assert [r.games for r in rows] == [1, 1, 1] and sum(r.wins for r in rows) == 1
    winner = next(r for r in rows if r.wins)
    assert winner.points >= 500 and winner.points == max(r.points for r in rows)
    assert f"{winner.name} wins the game with {winner.points} points!" in lines


async def test_a_claim_after_a_restart_during_the_window_still_wins(
        sim: Sim, deals: ScriptedDeals) -> None:
    script_rummy(deals, deal3(["4D 5D 6D 2S 8H KC 9C", "7S 7H 7C 3D 10H 4S QS",
                        "KS 8C JC 2H 8D 5H AS"], "3C",
                       "JD 5S 6S"))
    await three_players(sim)
    await draw(sim.alice)
    await pick(sim.alice, "meld", ["4D", "5D", "6D"])
    await pick(sim.alice, "discard", ["2S"])
    await draw(sim.bruno)
    await pick(sim.bruno, "meld", ["7S", "7H", "7C"])
    await pick(sim.bruno, "discard", ["3D"])  # fits Alice's run A at the low end
    old_table = table_message(sim)
    await sim.restart()
    won = await sim.alice.click(old_table, label="Rummy!")
    assert won.ephemeral and won.response.content == "Rummy! The card is yours."
    view = game_view(sim)
    assert meld(view, "A") == ["3D", "4D", "5D", "6D"]
    assert view.seats[0].hand_points == 20 and view.turn == 2


async def test_the_dealer_names_the_special_card_of_each_hand(
        sim: Sim, deals: ScriptedDeals) -> None:
    script_rummy(deals, deal3([OPENER, LOOSE_1, LOOSE_2], "3C"))
    await three_players(sim, special_card_per_hand="true")
    hand = dm(sim.chiara)  # Chiara deals: she names the card before the cards are dealt
    assert "No special card" in labels(hand)
    assert option_values(hand, ":ui_suit") == ["S", "H", "D", "C"]
    await pick(sim.chiara, "ui_suit", ["H"])
    assert len(option_values(dm(sim.chiara), ":special")) == 13
    await pick(sim.chiara, "special", ["QH"])
    view = game_view(sim)
    assert view.special_card == "QH" and view.phase == "draw" and view.turn == 0
    lines = "\n".join(texts(sim))
    assert "Chiara names the special card: Q♥\ufe0e." in lines
    rt = running(sim)
    assert rt is not None
    footer = RUMMY500.table_spec(rt.game, rt.names, "en").footer
    assert "Special card: Q♥\ufe0e = 40 points." in footer  # printed under the table picture
    assert "Draw from stock" in labels(dm(sim.alice))


async def test_menus_in_steps_work_on_the_ephemeral_hand_too(
        sim: Sim, deals: ScriptedDeals) -> None:
    await sim.bot.storage.set_guild_settings(sim.guild.id, hand_delivery="channel")
    script_rummy(deals, deal3(["7D 7S QH 3C 5S 6H 9D", LOOSE_1, LOOSE_2], "7H"))
    await three_players(sim)
    mine = await sim.alice.click(table_message(sim), label="My hand")
    assert mine.ephemeral and "Take from the pile…" in labels(mine.response)
    step = await sim.alice.click(mine.response, label="Take from the pile…")
    assert option_values(step.response, ":ui_take") == ["1"]
    await sim.alice.select(step.response, ["1"], custom_id=select_id(step.response, "ui_take"))
    assert option_values(step.response, ":take") == ["1 7S,7H,7D"]
    await sim.alice.click(step.response, label="Back")
    assert "Take from the pile…" in labels(step.response)
    rules = await sim.alice.slash(sim.channel, "rummy rules", game="rummy500", preset="italian")
    assert "Your first melds must total at least 40 points." in rules.response.content


async def test_card_and_off_settings_are_read_the_way_people_type_them(sim: Sim) -> None:
    await open_table(sim, sim.bruno, game="rummy500")

    async def setting(option: str, value: str) -> str:
        answer = await sim.alice.slash(sim.channel, "rummy settings", option=option, value=value)
        return answer.response.content

    async def rules() -> dict:
        return (await sim.bot.storage.get_game(1)).options["rules"]

    assert await setting("special_card", "qs") == (
        "Settings saved:\n• Special card: off → Q♠\ufe0e")
    assert (await rules())["special_card"] == "QS"
    assert await setting("elimination_score", "-101") == (
        "Settings saved:\n• Elimination score: off → −101")
    assert (await rules())["elimination_score"] == -101
    assert await setting("elimination_score", "none") == (
        "Settings saved:\n• Elimination score: −101 → off")
    assert await setting("special_card", "off") == (
        "Settings saved:\n• Special card: Q♠\ufe0e → off")
    assert (await rules())["elimination_score"] is None and (await rules())["special_card"] is None
    assert await setting("special_card", "zz") == (
        "zz is not a valid value for Special card (special_card): a card written like QS, or off.")
    refused = await setting("elimination_score", "5")
    assert refused == ("5 is not a valid value for Elimination score (elimination_score): "
                       "off, or a whole number below zero.")
    assert (await rules())["special_card"] is None  # a refusal changes nothing
