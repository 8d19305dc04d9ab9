"""Canasta's refusals end to end: a rule a forged move breaks is told privately, "you" to a
player alone on his side (two players), "your side" to a partnership (four players)."""

from __future__ import annotations

import discord
import pytest

from cogs.custom_ids import ComponentId
from cogs.host import ScriptedDeals
from engine.canasta.views import CanastaHand
from tests.cogs.conftest import dm, set_locale, start_game
from tests.cogs.test_canasta import BRUNO, BRUNO2, CHIARA, DARIO, choose, click, running, script
from tests.conftest import Sim

# Alice keeps two of her five aces when she opens with three: she may add them to her aces,
# not start another meld of them.
ALICE = "AS AH AD AS AH KS KH KD 5C 6C 7D 8D 9S 10S 2C"


async def open_with_three_aces(sim: Sim) -> None:
    """Alice builds an opening of three aces (60 of 50), keeping two, and draws."""
    await click(sim.alice, "Build an opening")
    await choose(sim.alice, "ui_rank", ["A"])
    await choose(sim.alice, "ui_count", ["3"])
    assert await click(sim.alice, "Open with these (60 of 50)") == ""


async def forged_meld_of_aces(sim: Sim) -> str:
    """Click a forged "meld" of Alice's two kept aces and her two, posted among her hand's
    messages (a hand's move is refused anywhere public); return the private answer."""
    rt = running(sim)
    assert rt is not None
    hand: CanastaHand = rt.game.private_view(0)
    aces = [c for c in hand.hand if c.startswith("A")]
    assert len(aces) == 2 and "2C" in hand.hand
    version = rt.game.version
    move = f"meld {aces[0]},{aces[1]},2C"
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(
        label="forged", custom_id=str(ComponentId(rt.record.id, "act", version, move))))
    message = await dm(sim.alice).channel.send("forged", view=view)
    view.stop()
    answer = await sim.alice.user.click(message, label="forged")
    assert answer.ephemeral and rt.game.version == version
    return answer.response.content


async def test_two_players_a_rank_already_melded_is_refused_with_you(
        sim: Sim, deals: ScriptedDeals, monkeypatch: pytest.MonkeyPatch) -> None:
    script(deals, [ALICE, BRUNO2], stock="4C 5H 5S 6H 6S KD")
    await start_game(sim, "canasta", sim.bruno)
    await open_with_three_aces(sim)
    assert await forged_meld_of_aces(sim) == (
        "You already have a meld of that rank: add the cards to it.")
    set_locale(monkeypatch, sim.alice.id, "it")
    assert await forged_meld_of_aces(sim) == (
        "Hai già una combinazione di quel valore: attacca lì le carte.")


async def test_four_players_a_rank_already_melded_is_refused_with_your_side(
        sim: Sim, deals: ScriptedDeals, monkeypatch: pytest.MonkeyPatch) -> None:
    script(deals, [ALICE, BRUNO, CHIARA, DARIO], bottom="JS")
    await start_game(sim, "canasta", sim.bruno, sim.chiara, sim.dario)
    await open_with_three_aces(sim)
    assert await forged_meld_of_aces(sim) == (
        "Your side already has a meld of that rank: add the cards to it.")
    set_locale(monkeypatch, sim.alice.id, "it")
    assert await forged_meld_of_aces(sim) == (
        "La tua squadra ha già una combinazione di quel valore: attacca lì le carte.")
