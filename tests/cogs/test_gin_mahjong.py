"""Mahjong gin end to end: a deep pile take, open melds, a lay-off on the opponent's meld, gin."""

from __future__ import annotations

from simcord import MemberActor

from card_images.style import DISPLAY_WIDTH
from cogs.host import ScriptedDeals
from tests.cogs.conftest import (
    _cid,
    children,
    choose,
    deal,
    dm,
    hand_end_message,
    labels,
    open_table,
    option_values,
    play_pass,
    png_of,
    script,
    table_message,
)
from tests.cogs.test_bad_input import forged_view, hand_version, version
from tests.conftest import Sim

# Alice (seat 0) plays first, Bruno deals. The pile will hold 8C 3H 5D when Alice takes 3.
ALICE = "8H 8S 3H 10D JD QD AH AS AC 5H"
BRUNO = "2C 3C 4C 5D KH 9S 6H 2S 4H 9D"
STOCK = "9H 7D 5C 6S"
CLUB, HEART, DIAMOND = "♣\ufe0e", "♥\ufe0e", "♦\ufe0e"


async def to_the_deep_take(sim: Sim, deals: ScriptedDeals) -> None:
    """Start the scripted Mahjong game and play until the pile ends 8C 3H 5D, Alice to take."""
    script(deals, deal(ALICE, BRUNO, upcard="8C", stock=STOCK), dealer=1)
    lobby = await open_table(sim, sim.bruno, preset="mahjong")
    await sim.alice.click(lobby, label="Start")
    await play_pass(sim.alice)
    await play_pass(sim.bruno)
    await sim.alice.user.click(dm(sim.alice), label="Draw from stock")
    await choose(sim.alice, "discard", ["3H"])
    await sim.bruno.user.click(dm(sim.bruno), label="Draw from stock")
    await choose(sim.bruno, "discard", ["5D"])


async def test_a_refused_depth_take_is_answered_privately_and_changes_nothing(
        sim: Sim, deals: ScriptedDeals) -> None:
    await to_the_deep_take(sim, deals)
    before, table = await version(sim), table_message(sim).content
    # take 2 would owe 3H, which nothing can use: a stale or forged menu could still send it
    cid = f"rs:1:{hand_version(sim.alice)}:take"
    view = forged_view(select=(cid, "2"))
    message = await dm(sim.alice).channel.send("stale", view=view)
    view.stop()  # only the game's own persistent components may answer
    result = await sim.alice.user.select(message, ["2"], custom_id=cid)
    assert result.ephemeral and f"3{HEART}" in result.response.content
    assert "melded or laid off this turn" in result.response.content
    assert await version(sim) == before and table_message(sim).content == table


async def test_a_mahjong_hand_with_a_depth_take_a_lay_off_and_gin_by_the_discard(
        sim: Sim, deals: ScriptedDeals) -> None:
    await to_the_deep_take(sim, deals)
    # Only depth 3 is offered: its deepest card, 8C, melds with 8H 8S.
    await sim.alice.user.click(dm(sim.alice), label="Take from the pile…")
    assert option_values(dm(sim.alice), ":take") == ["3"]
    await choose(sim.alice, "take", ["3"])
    hand = dm(sim.alice)
    assert f"Meld or lay off 8{CLUB} before you discard" in hand.content
    # The meld menu offers each listed meld whole, labelled with its cards.
    assert option_values(hand, ":meld") == ["AS,AH,AC", "8S,8H,8C", "10D,JD,QD"]
    assert not any(c.endswith(":discard") for c in ids(hand))  # 8C first
    # Three melds, one option each: A (eights), B (aces), C (diamonds).
    for cards in (["8C", "8H", "8S"], ["AH", "AS", "AC"], ["10D", "JD", "QD"]):
        await meld(sim.alice, cards)
    lines = table_message(sim).content
    assert f"Alice took 8{CLUB} 3{HEART} 5{DIAMOND} from the discard pile." in lines
    spade = "♠\ufe0e"
    assert f"Alice melded A: 8{spade} 8{HEART} 8{CLUB}." in lines
    assert f"Alice melded B: A{spade} A{HEART} A{CLUB}." in lines
    assert f"Alice melded C: 10{DIAMOND} J{DIAMOND} Q{DIAMOND}." in lines
    await choose(sim.alice, "discard", ["9H"])

    # Bruno melds his clubs and lays 9D off on Alice's diamonds (one target: no second step).
    await sim.bruno.user.click(dm(sim.bruno), label="Draw from stock")
    await meld(sim.bruno, ["2C", "3C", "4C", "5C"])
    await choose(sim.bruno, "ui_lay", ["9D"])
    assert f"Bruno laid off 9{DIAMOND} on C." in table_message(sim).content
    picture = await png_of(table_message(sim), save_as="mahjong_table.png")
    assert picture.width >= DISPLAY_WIDTH // 2
    await choose(sim.bruno, "discard", ["4H"])

    # Alice takes 4H, melds 3H 4H 5H and throws her last card: gin by the discard.
    await sim.alice.user.click(dm(sim.alice), label=f"Take discard (4{HEART})")
    await meld(sim.alice, ["3H", "4H", "5H"])
    await choose(sim.alice, "discard", ["5D"])
    end = hand_end_message(sim)
    assert "Alice goes gin and scores 130 points this hand." in end.content
    assert "Alice: put down 105, left in hand 0, gin bonus 25: 130 for the hand" in end.content
    assert "Bruno: put down 25, left in hand 30: −5 for the hand" in end.content
    image = await png_of(end, save_as="mahjong_end.png")
    assert image.width >= DISPLAY_WIDTH // 2
    assert "Draw from stock" in labels(dm(sim.bruno)) or "Pass" in labels(dm(sim.bruno))


async def meld(member: MemberActor, cards: list[str]) -> None:
    """Choose the meld menu's option putting down exactly these cards (found by its label)."""
    options = option_values(dm(member), ":meld")
    value = next((v for v in options if sorted(v.split(",")) == sorted(cards)), None)
    assert value is not None, (cards, options)
    assert await choose(member, "meld", [value]) == ""


def ids(message: object) -> list[str]:
    return [_cid(c) or "" for c in children(message)]


async def test_the_hand_shows_what_its_cards_would_cost_in_mahjong_values(
        sim: Sim, deals: ScriptedDeals) -> None:
    await to_the_deep_take(sim, deals)
    hand = dm(sim.alice)
    # 8H 8S 10D JD QD AH AS AC 5H 9H: 5+5+10+10+10+15+15+15+5+5
    assert "Left in hand: 95" in hand.content and "Deadwood" not in hand.content
    picture = await png_of(hand, save_as="mahjong_hand.png")
    assert picture.width >= DISPLAY_WIDTH // 2


async def test_the_rules_of_the_mahjong_preset_say_how_it_is_played(sim: Sim) -> None:
    rules = await sim.alice.slash(sim.channel, "rummy rules", game="gin", preset="mahjong")
    text = rules.response.content
    assert "Empty your hand to go gin (+25)." in text and "First to 500" in text
    assert "knock" not in text.lower()
