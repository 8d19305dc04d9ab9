"""Rummy 500 pace and clarity (issue 10): short Rummy! windows, "No claim", the words around
opening, lay-offs, the empty stock and ties, end to end through SimCord."""

from __future__ import annotations

from cogs.host import ScriptedDeals
from tests.cogs.conftest import BOT_DELAY, dm, labels, lobby_message, open_table, table_message
from tests.cogs.test_rummy500 import (
    LOOSE_1,
    LOOSE_2,
    OPENER,
    deal3,
    draw,
    game_view,
    pick,
    plod,
    refused,
    script_rummy,
    three_players,
)
from tests.conftest import Sim
from tests.engine.rummy500.scripted import deck_order

NO_CLAIM = "No claim"


async def alice_opens_against_two_computers(sim: Sim, deals: ScriptedDeals) -> None:
    """Alice plays two computers; on her first turn she draws and melds 4-5-6♦\ufe0e (opens)."""
    script_rummy(deals, deal3(["4D 5D 6D 2S 8H KC 9C", LOOSE_1, LOOSE_2], "3C", "QC 10S 6S"))
    await alice_and_two_computers(sim)
    await draw(sim.alice)
    await pick(sim.alice, "meld", ["4D", "5D", "6D"])


async def alice_and_two_computers(sim: Sim) -> None:
    """Alice opens a Rummy 500 table, adds two computers and starts."""
    await open_table(sim, game="rummy500")
    lobby = lobby_message(sim)
    for _ in range(2):
        await sim.alice.click(lobby, label="Add computer")
    await sim.alice.click(lobby, label="Start")


async def until_a_window_or_alices_turn(sim: Sim) -> None:
    """Let the computers play until a Rummy! window is open or Alice is to play."""
    for _ in range(20):
        view = game_view(sim)
        if view.claim.open or view.turn == 0:
            return
        await sim.env.advance_time(BOT_DELAY)
    raise AssertionError("the computers never discarded")


async def two_players(sim: Sim, deals: ScriptedDeals, deck: list[str], **rules: str) -> None:
    """Alice (who deals) and Bruno (who plays first) at a Rummy 500 table with these rules."""
    deals.queue("rummy500", deck, first_dealer=0)
    lobby = await open_table(sim, sim.bruno, game="rummy500")
    for option, value in rules.items():
        changed = await sim.alice.slash(sim.channel, "rummy settings", option=option,
                                        value=value)
        assert changed.response.content.startswith("Settings saved:\n• "), (
            changed.response.content)
    await sim.alice.click(lobby, label="Start")


# ----- 1. the pace: windows wait only for people who may claim ----------------------------------


async def test_a_discard_only_computers_may_claim_closes_its_window_at_once(
        sim: Sim, deals: ScriptedDeals) -> None:
    await alice_opens_against_two_computers(sim, deals)
    before = len(sim.env.http_requests)
    await pick(sim.alice, "discard", ["2S"])
    # No person may claim Alice's own discard: no window to wait out before Computer 1 draws.
    assert not game_view(sim).claim.open
    table = table_message(sim)
    assert "Rummy!" not in labels(table)
    edits = [r for r in sim.env.http_requests[before:] if str(table.id) in r.path]
    assert len(edits) == 1  # the window opened and closed in one table edit
    await sim.env.advance_time(BOT_DELAY)
    # Computer 1 played at once, after one pause: its whole turn, draw to discard.
    assert game_view(sim).turn == 2 and game_view(sim).phase == "draw"


async def test_an_opened_person_presses_no_claim_and_the_computers_play_on(
        sim: Sim, deals: ScriptedDeals) -> None:
    await alice_opens_against_two_computers(sim, deals)
    await pick(sim.alice, "discard", ["2S"])
    await until_a_window_or_alices_turn(sim)
    # Computer 1 discarded; Alice has opened, so the window waits for her call.
    view = game_view(sim)
    assert view.claim.open and view.turn == 2
    table = table_message(sim)
    assert labels(table)[-2:] == ["Rummy!", NO_CLAIM]
    answer = await sim.alice.click(table, label=NO_CLAIM)
    assert answer.ephemeral
    assert answer.response.content == "Noted: no claim from you on this card."
    assert not game_view(sim).claim.open and NO_CLAIM not in labels(table_message(sim))
    await sim.env.advance_time(BOT_DELAY)  # not the ten-second window: Computer 2 plays now
    assert game_view(sim).turn == 0  # its whole turn, at once: Alice draws next


async def test_a_person_who_has_not_opened_is_not_waited_for(
        sim: Sim, deals: ScriptedDeals) -> None:
    script_rummy(deals, deal3([OPENER, LOOSE_1, LOOSE_2], "3C", "QC 10S 6S"))
    await alice_and_two_computers(sim)
    await draw(sim.alice)
    await pick(sim.alice, "discard", ["2C"])  # Alice does not meld: she may not claim
    for _ in range(20):
        view = game_view(sim)
        assert not view.claim.open, "a window stayed open for nobody"
        if view.turn == 0:
            break
        await sim.env.advance_time(BOT_DELAY)
    assert game_view(sim).turn == 0


async def bruno_discards_8s_alice_may_claim(sim: Sim, deals: ScriptedDeals) -> None:
    """Three people; Alice opens and discards, Bruno throws 8♠\ufe0e: only Alice may claim it."""
    script_rummy(deals, deal3([OPENER, LOOSE_1, LOOSE_2], "3C", "QC 10S 6S"))
    await three_players(sim)
    await draw(sim.alice)
    await pick(sim.alice, "meld", OPENER.split()[:3])  # each meld is an option of its own
    await pick(sim.alice, "meld", OPENER.split()[3:6])
    await pick(sim.alice, "discard", ["2C"])
    await draw(sim.bruno)
    await pick(sim.bruno, "discard", ["8S"])


async def test_no_claim_from_a_person_who_may_not_claim_says_why(
        sim: Sim, deals: ScriptedDeals) -> None:
    await bruno_discards_8s_alice_may_claim(sim, deals)
    table = table_message(sim)
    await refused(await sim.chiara.click(table, label=NO_CLAIM),
                  "You need a meld of your own on the table first.")
    await refused(await sim.bruno.click(table, label=NO_CLAIM),
                  "You can't claim your own discard.")
    assert game_view(sim).claim.open
    await sim.alice.click(table, label=NO_CLAIM)  # the only one who could claim
    assert not game_view(sim).claim.open
    assert "Rummy!" not in labels(table_message(sim))


# ----- 2. the caption invites a look, it does not say the card fits -----------------------------


async def test_the_window_caption_asks_whether_the_card_fits(
        sim: Sim, deals: ScriptedDeals) -> None:
    await bruno_discards_8s_alice_may_claim(sim, deals)  # 8♠\ufe0e fits nothing; Alice may call
    content = table_message(sim).content
    assert "8♠\ufe0e discarded — does it fit a meld? Press Rummy! to claim it" in content
    assert "can be claimed" not in content


# ----- 3. lay-offs wait for opening, and the player is told ------------------------------------


async def test_an_unopened_player_is_told_why_his_fitting_card_has_no_lay_off_menu(
        sim: Sim, deals: ScriptedDeals) -> None:
    # Alice deals; Bruno plays first and melds 10-J-Q♦\ufe0e; Alice holds 9♦\ufe0e and no meld.
    deck = deck_order(["9D 2C 5S 8H KC 4H 7S", "10D JD QD 3S 6C 9H AS"], "KD", "2H 5C",
                      dealer=0)
    await two_players(sim, deals, deck)
    await draw(sim.bruno)
    await pick(sim.bruno, "meld", ["10D", "JD", "QD"])
    await pick(sim.bruno, "discard", ["AS"])
    await draw(sim.alice)
    hand = dm(sim.alice)
    assert ("You can lay off 9♦\ufe0e only once you have opened: put down a meld of your own first."
            in hand.content)
    assert not any(str(getattr(c, "custom_id", "")).endswith(":ui_lay")
                   for row in hand.components for c in getattr(row, "children", [row]))
    rules = await sim.alice.slash(sim.channel, "rummy rules", game="rummy500")
    text = rules.response.content
    assert "once you have opened, lay off on any meld" in text
    assert "Opened: you have put down at least one meld of your own this hand." in text


# ----- 4. leaving the pile says what it does -----------------------------------------------------


async def test_with_the_stock_empty_the_prompt_and_button_say_the_hand_ends(
        sim: Sim, deals: ScriptedDeals) -> None:
    script_rummy(deals, deal3([OPENER, LOOSE_1, LOOSE_2], "3C"))
    await three_players(sim)
    members = [sim.alice, sim.bruno, sim.chiara]
    for _ in range(40):
        view = game_view(sim)
        hand = dm(members[view.turn])
        if view.stock == 0 and "Leave the pile: the hand ends" in labels(hand):
            break
        await plod(members[view.turn])
    else:
        raise AssertionError("nobody was offered to leave the pile")
    assert ("It's your turn and the stock is empty: take from the pile, or leave it and the "
            "hand ends now (nobody went out).") in hand.content
    assert "draw from the stock" not in hand.content
    await members[game_view(sim).turn].user.click(hand, label="Leave the pile: the hand ends")
    assert game_view(sim).hand_no == 2


# ----- 5. a tie past the target is announced ---------------------------------------------------


async def test_a_tie_past_the_target_is_announced_and_another_hand_follows(
        sim: Sim, deals: ScriptedDeals) -> None:
    # Bruno melds 30 + 15 and keeps 5♣\ufe0e (+40); Alice melds 20 + 20 and goes out (+40).
    deck = deck_order(["2H 3H 4H 5H 8D 9D KC", "QC QD QS 2D 3D 4D 5C"], "7S", "KS 10D",
                      dealer=0)
    await two_players(sim, deals, deck, target_score="10")
    await draw(sim.bruno)
    await pick(sim.bruno, "meld", ["QC", "QD", "QS"])
    await pick(sim.bruno, "meld", ["2D", "3D", "4D"])
    await pick(sim.bruno, "discard", ["KS"])
    await draw(sim.alice)
    await pick(sim.alice, "meld", ["2H", "3H", "4H", "5H"])
    await pick(sim.alice, "meld", ["8D", "9D", "10D"])
    await pick(sim.alice, "discard", ["KC"])
    view = game_view(sim)
    assert view.totals == (40, 40) and view.hand_no == 2 and view.winner is None
    lines = "\n".join(m.content for m in sim.channel.history())
    assert "Tied at 40: Alice, Bruno share the lead past the target, so play goes on." in lines
