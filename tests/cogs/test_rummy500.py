"""Rummy 500 end to end: three members, the spread pile, melds by id, lay-offs and "Rummy!"."""

from __future__ import annotations

import simcord

from cogs.adapters.rummy500 import RUMMY500
from tests.cogs.conftest import (
    dm,
    labels,
    open_table,
    option_values,
    png_of,
    select_id,
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


def script_rummy(*decks: list[str], dealer: int = 2) -> None:
    """Deal the next Rummy 500 game from these decks."""
    RUMMY500.next_decks = [list(d) for d in decks]
    RUMMY500.next_first_dealer = dealer


async def three_players(sim: Sim, **rules: str) -> None:
    """Alice opens a Rummy 500 table with these rules; Bruno and Chiara join; it starts."""
    lobby = await open_table(sim, sim.bruno, sim.chiara, game="rummy500")
    for option, value in rules.items():
        changed = await sim.alice.slash(sim.channel, "rummy settings", option=option,
                                        value=value)
        assert changed.response.content == "Settings saved.", changed.response.content
    await sim.alice.click(lobby, label="Start")


async def pick(member: simcord.MemberActor, verb: str, values: list[str]) -> str:
    """Choose values in the member's hand select `verb`; return the answer's text."""
    hand = dm(member)
    result = await member.user.select(hand, values, custom_id=select_id(hand, verb))
    return result.response.content if result.ephemeral else ""


async def draw(member: simcord.MemberActor) -> None:
    await member.user.click(dm(member), label="Draw from stock")


def game_view(sim: Sim) -> dict:
    rt = next(iter(sim.bot.get_cog("Rummy").host.runtimes.values()))  # type: ignore[union-attr]
    return rt.game.public_view()


def meld(view: dict, mid: str) -> list[str]:
    return [c["card"] for m in view["melds"] if m["id"] == mid for c in m["cards"]]


async def test_a_scripted_hand_with_a_deep_pickup_chained_layoffs_both_aces_and_a_claim(
        sim: Sim) -> None:
    script_rummy(deck_order([ALICE, BRUNO, CHIARA], "JC", STOCK, dealer=2))
    await three_players(sim)
    table = table_message(sim)
    assert "Alice's turn" in table.content

    # Alice draws, melds 4D 5D 6D (meld A) from the multi-select and discards 2S.
    await draw(sim.alice)
    assert await pick(sim.alice, "meld", ["4D", "5D", "6D"]) == ""
    await pick(sim.alice, "discard", ["2S"])
    assert "Alice melded. New meld(s) A: 4♦ 5♦ 6♦." in table_message(sim).content

    # Bruno opens with 7S 7H 7C (B) and lays 3D off on Alice's run: one target, no second step.
    await draw(sim.bruno)
    await pick(sim.bruno, "meld", ["7S", "7H", "7C"])
    await pick(sim.bruno, "ui_lay", ["3D"])
    await pick(sim.bruno, "discard", ["10H"])
    assert "Bruno laid off 3♦ on A (+5)." in table_message(sim).content

    # Chiara takes the whole pile from JC (position 1): the depth first, then the meld.
    hand = dm(sim.chiara)
    await sim.chiara.user.click(hand, label="Take from the pile…")
    assert option_values(dm(sim.chiara), ":ui_take") == ["1"]
    await pick(sim.chiara, "ui_take", ["1"])
    # JC can go into J-Q-K or J-Q-K-A; Chiara keeps her ace to lay it off herself.
    assert option_values(dm(sim.chiara), ":take") == ["1 JC,QC,KC,AC", "1 JC,QC,KC"]
    await pick(sim.chiara, "take", ["1 JC,QC,KC"])
    view = game_view(sim)
    assert view["pile"] == [] and meld(view, "C") == ["JC", "QC", "KC"]
    await pick(sim.chiara, "ui_lay", ["2D"])  # the chain: 2D on Bruno's 3D
    await pick(sim.chiara, "ui_lay", ["AC"])  # the ace at the high end: 15
    await pick(sim.chiara, "discard", ["10H"])  # a taken card other than JC may go
    lines = table_message(sim).content
    assert "Chiara took 3 card(s) from the pile, from J♣ (position 1)." in lines
    assert "Chiara laid off A♣ on C (+15)." in lines

    # Alice ends the chain with AD at the low end (5) and discards 7D: it fits A and B.
    await draw(sim.alice)
    await pick(sim.alice, "ui_lay", ["AD"])
    await pick(sim.alice, "discard", ["7D"])
    view = game_view(sim)
    assert meld(view, "A") == ["AD", "2D", "3D", "4D", "5D", "6D"]
    assert view["claim"]["open"] and "Rummy!" in labels(table_message(sim))

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
    assert "Rummy! Chiara claims 7♦ onto B (+5)." in table.content
    assert "Rummy!" not in labels(table)  # the window is closed
    view = game_view(sim)
    assert meld(view, "B") == ["7S", "7H", "7C", "7D"] and view["pile"] == ["10H"]
    points = [s["hand_points"] for s in view["seats"]]
    assert points == [20, 20, 55]  # 15+5; 15+5; 30 + 5 + 15 + 5
    assert "Bruno's turn" in table.content  # the claim did not change the turn order

    # The table picture is a real PNG of a sensible size, public cards only.
    image = await png_of(table)
    assert image.size[0] >= 800
    public = "\n".join(texts(sim))
    for hidden in ("8♥", "K♥", "Q♦"):  # Alice's cards stay private
        assert hidden not in public
