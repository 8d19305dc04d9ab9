"""Discord REST calls per human turn stay within budget, and the start answers at once.

Counted from SimCord's request log: every call the bot makes, interaction callbacks
included. A draw-and-discard turn needs two interaction answers (one per click), one
table edit and the next player's new DM: four calls is the floor without hiding the
move from the channel or the turn from the next player.
"""

from __future__ import annotations

from typing import Any

from bot.i18n import t
from cogs.host import ScriptedDeals
from tests.cogs.conftest import (
    LOOSE_A,
    LOOSE_B,
    custom_id,
    deal,
    dm,
    labels,
    open_table,
    option_values,
    play_pass,
    script,
    table_message,
)
from tests.cogs.test_canasta import ALICE, BRUNO, CHIARA, DARIO, STOCK
from tests.conftest import Sim
from tests.engine.canasta.scripted import deck_order as canasta_deck_order
from tests.engine.ramino.scripted import deck_order
from tests.engine.ramino51.scripted import deck_order as r51_deck_order

PASS_BUDGET = 3
DRAW_BUDGET = 1  # the draw is answered by editing the clicked hand, nothing else
DRAW_DISCARD_BUDGET = 4


async def start_quiet_hand(sim: Sim, deals: ScriptedDeals) -> None:
    """Alice and Bruno start a hand in which nobody can knock for a while."""
    script(deals, deal(LOOSE_A, LOOSE_B, upcard="5C", stock="2C 3C 4C 7S 8S 10S"), dealer=1)
    lobby = await open_table(sim, sim.bruno)
    await sim.alice.click(lobby, label="Start")


async def calls_of(sim: Sim, action: Any) -> list[Any]:
    """Run one member action and return the REST calls the bot made for it."""
    before = len(sim.env.http_requests)
    await action
    return list(sim.env.http_requests[before:])


def routes(calls: list[Any]) -> list[str]:
    """Return the calls as 'METHOD path' for readable failures."""
    return [f"{c.method} {c.path}" for c in calls]


async def draw_and_discard(sim: Sim, member: Any) -> tuple[list[Any], list[Any], str]:
    """The member draws from the stock and discards; return both moves' calls and the card."""
    draw = await calls_of(sim, member.user.click(dm(member), label="Draw from stock"))
    hand = dm(member)
    card = option_values(hand, ":discard")[0]
    discard = await calls_of(sim, member.user.select(hand, [card],
                                                     custom_id=custom_id(hand, ":discard")))
    return draw, discard, card


async def test_a_pass_turn_stays_within_budget(sim: Sim, deals: ScriptedDeals) -> None:
    await start_quiet_hand(sim, deals)
    await play_pass(sim.alice)  # the first pass also clears Bruno's deal DM: once per hand
    bruno_dm = dm(sim.bruno)
    calls = await calls_of(sim, play_pass(sim.bruno))
    assert len(calls) <= PASS_BUDGET, routes(calls)
    assert "Bruno passed on the upcard." in table_message(sim).content
    assert "Draw from stock" in labels(dm(sim.alice))
    # The DM he clicked was answered in place and has no controls left.
    assert sim.bruno.user.dm_channel.history()[-1].id == bruno_dm.id
    assert labels(dm(sim.bruno)) == []


async def test_draw_and_discard_turns_stay_within_budget(sim: Sim, deals: ScriptedDeals) -> None:
    await start_quiet_hand(sim, deals)
    await play_pass(sim.alice)
    await play_pass(sim.bruno)
    for member, other in ((sim.alice, sim.bruno), (sim.bruno, sim.alice), (sim.alice, sim.bruno)):
        table_before = table_message(sim).content
        other_dms = len(other.user.dm_channel.history())
        draw, discard, _card = await draw_and_discard(sim, member)
        assert len(draw) <= DRAW_BUDGET, routes(draw)
        assert len(draw) + len(discard) <= DRAW_DISCARD_BUDGET, routes(draw + discard)
        assert not any(c.method == "GET" and "/users/" in c.path for c in draw + discard)
        # The draw still shows in public, with the discard, in the turn's one table edit.
        assert table_message(sim).content != table_before
        content = table_message(sim).content
        assert f"{member.name} drew from the stock." in content
        assert f"{member.name} discarded" in content and f"{other.name}'s turn" in content
        # The other player got one new DM, with his moves; the mover's hand has no controls.
        assert len(other.user.dm_channel.history()) == other_dms + 1
        assert "Draw from stock" in labels(dm(other))
        assert labels(dm(member)) == []


async def test_the_waiting_players_hand_is_not_edited_on_the_other_players_draw(
        sim: Sim, deals: ScriptedDeals) -> None:
    await start_quiet_hand(sim, deals)
    await play_pass(sim.alice)
    await play_pass(sim.bruno)
    bruno_dm = sim.bruno.user.dm_channel.id
    calls = await calls_of(sim, sim.alice.user.click(dm(sim.alice), label="Draw from stock"))
    assert not [c for c in calls if f"/channels/{bruno_dm}/" in c.path], routes(calls)
    assert "Choose a card to discard" in dm(sim.alice).content


def assert_acknowledged_first(calls: list[Any]) -> None:
    """The first call answers the interaction with an ephemeral "thinking" (type 5)."""
    first = calls[0]
    assert "/interactions/" in first.path and first.json["type"] == 5, routes(calls)
    assert first.json["data"]["flags"] & 64  # ephemeral
    assert any(c.method == "POST" and "/webhooks/" in c.path for c in calls), routes(calls)


async def test_start_is_acknowledged_before_the_deal(sim: Sim, deals: ScriptedDeals) -> None:
    script(deals, deal(LOOSE_A, LOOSE_B, upcard="5C"), dealer=1)
    lobby = await open_table(sim, sim.bruno)
    refused = await sim.bruno.click(lobby, label="Start")
    assert refused.ephemeral and not refused.deferred and refused.response is not None
    assert refused.response.content == t("lobby.only_host_start", "en")
    before = len(sim.env.http_requests)
    started = await sim.alice.click(lobby, label="Start")
    assert_acknowledged_first(sim.env.http_requests[before:])
    assert started.ephemeral and started.response is not None
    assert started.response.content == t("lobby.started_short", "en")
    assert "Pass" in labels(dm(sim.alice))


async def test_slash_start_is_acknowledged_before_the_deal(sim: Sim, deals: ScriptedDeals) -> None:
    script(deals, deal(LOOSE_A, LOOSE_B, upcard="5C"), dealer=1)
    await open_table(sim, sim.bruno)
    before = len(sim.env.http_requests)
    started = await sim.alice.slash(sim.channel, "rummy start")
    assert_acknowledged_first(sim.env.http_requests[before:])
    assert started.ephemeral and started.response is not None
    assert started.response.content == t("lobby.started_short", "en")
    again = await sim.alice.slash(sim.channel, "rummy start")
    assert again.ephemeral
    assert "Pass" in labels(dm(sim.alice))


async def test_a_turn_at_a_table_of_four_edits_no_waiting_hand(sim: Sim,
                                                                deals: ScriptedDeals) -> None:
    """The waiting players' hands do not name whose turn it is: nothing to edit each turn
    (they name whom each plays after, which stays true until his turn)."""
    hands = ["AS 3C 5D 7S 8D 10C JH QS 2D 4S", "2H 2S 6D 7C 8C 9C QH QD 5C 5S",
             "4C 4D 4H 6S 7H 8S 10D 10S 10H 9H", "3H 4H 5H 6H 9S 9D 9C KC KD 2C"]
    deals.queue("ramino", deck_order(hands, "KS", "JS JD JC", dealer=3), first_dealer=3)
    lobby = await open_table(sim, sim.bruno, sim.chiara, sim.dario, game="ramino")
    await sim.alice.click(lobby, label="Start")
    await sim.alice.user.click(dm(sim.alice), label="Take discard (K♠\ufe0e)")
    hand = dm(sim.alice)
    card = option_values(hand, ":discard")[0]
    await sim.alice.user.select(hand, [card], custom_id=custom_id(hand, ":discard"))
    for member in (sim.bruno, sim.chiara, sim.dario):  # a deal's hands lose their sort
        await draw_and_discard(sim, member)                 # button once, at a first turn
    others = [m.user.dm_channel.id for m in (sim.chiara, sim.dario)]
    draw, discard, _card = await draw_and_discard(sim, sim.alice)
    assert len(draw) + len(discard) <= DRAW_DISCARD_BUDGET, routes(draw + discard)
    assert not [c for c in draw + discard if any(f"/channels/{o}/" in c.path for o in others)]
    assert "Draw from stock" in labels(dm(sim.bruno))  # the next player's new hand
    assert t("turn.waiting_after", "en", name="Chiara") in dm(sim.dario).content


async def test_a_ramino51_turn_at_a_table_of_three_stays_within_budget(
        sim: Sim, deals: ScriptedDeals) -> None:
    """Ramino 51's waiting hands say what their melds are worth: nothing that changes on
    another player's turn, so a draw and a discard edit no waiting hand."""
    hands = ["2S 4C 6H KC 3D QS 5C 9S 2H 7D JD AH 10C 8S 4H",
             "QC QD 9D 7H 4S 5S 2C 3H 6C JS KH AD 8C 10S",
             "AC 3C 5H 6S 9C 9H JH QH KS 3S 7C 10D 4D 6D"]
    deals.queue("ramino51", r51_deck_order(hands, "10H", dealer=2), first_dealer=2)
    lobby = await open_table(sim, sim.bruno, sim.chiara, game="ramino51")
    await sim.alice.click(lobby, label="Start")
    hand = dm(sim.alice)  # the starter does not draw on his first turn
    await sim.alice.user.select(hand, ["2S"], custom_id=custom_id(hand, ":discard"))
    for member in (sim.bruno, sim.chiara):  # a deal's hands lose their sort button once,
        await draw_and_discard(sim, member)    # at a first turn
    for member, waiting in ((sim.alice, sim.chiara), (sim.bruno, sim.alice),
                            (sim.chiara, sim.bruno)):
        draw, discard, _card = await draw_and_discard(sim, member)
        assert len(draw) <= DRAW_BUDGET, routes(draw)
        assert len(draw) + len(discard) <= DRAW_DISCARD_BUDGET, routes(draw + discard)
        mine = waiting.user.dm_channel.id
        assert not [c for c in draw + discard if f"/channels/{mine}/" in c.path
                    and c.method == "PATCH"]


async def test_a_canasta_turn_at_a_table_of_four_stays_within_budget(
        sim: Sim, deals: ScriptedDeals) -> None:
    """Canasta's waiting hands say only the side's opening minimum: a draw of two and a
    discard edit no waiting hand."""
    hands = [ALICE, BRUNO, CHIARA, DARIO]
    deals.queue("canasta", canasta_deck_order(hands, STOCK, "JS", dealer=3), first_dealer=3)
    lobby = await open_table(sim, sim.bruno, sim.chiara, sim.dario, game="canasta")
    await sim.alice.click(lobby, label="Start")
    members = (sim.alice, sim.bruno, sim.chiara, sim.dario)
    for turn in range(8):  # a deal's hands lose their sort button at a first turn
        member, waiting = members[turn % 4], members[(turn + 2) % 4]
        draw = await calls_of(sim, member.user.click(dm(member), label="Draw two"))
        hand = dm(member)
        card = option_values(hand, ":discard")[-1]
        discard = await calls_of(sim, member.user.select(
            hand, [card], custom_id=custom_id(hand, ":discard")))
        if turn < 4:
            continue
        assert len(draw) <= DRAW_BUDGET, routes(draw)
        assert len(draw) + len(discard) <= DRAW_DISCARD_BUDGET, routes(draw + discard)
        mine = waiting.user.dm_channel.id
        assert not [c for c in draw + discard if f"/channels/{mine}/" in c.path
                    and c.method == "PATCH"]
