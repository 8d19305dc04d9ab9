"""The lobby seats as many players as the rules in force take: Ramino with a single deck
seats four, says so, and refuses a fifth seat when it is taken, not at the start."""

from __future__ import annotations

from engine.ramino import RaminoGame, preset
from tests.cogs.conftest import labels, lobby_message, open_table, stale_click
from tests.conftest import Sim


def test_the_engine_says_how_many_seats_the_rules_take() -> None:
    assert RaminoGame.seat_range(preset("classic")) == (2, 7)
    assert RaminoGame.seat_range(preset("short")) == (2, 4)


async def test_a_single_deck_ramino_table_seats_four(sim: Sim) -> None:
    await open_table(sim, sim.bruno, sim.chiara, game="ramino", preset="short")
    assert "Players (3/4)" in lobby_message(sim).content
    await sim.dario.click(lobby_message(sim), label="Join")
    lobby = lobby_message(sim)
    assert "Players (4/4)" in lobby.content
    assert "Join" not in labels(lobby) and "Add computer" not in labels(lobby)
    eva = sim.guild.add_member(sim.env.create_user("Eva"))
    full = "The table is full: 4 players at most."
    refused = await stale_click(sim, eva, "rm:1:join")
    assert refused.ephemeral and refused.response.content == full
    computer = await stale_click(sim, sim.alice, "rm:1:addbot")
    assert computer.ephemeral and computer.response.content == full
    # With two decks the same table takes seven.
    await sim.alice.slash(sim.channel, "rummy settings", option="deck", value="double")
    assert "Players (4/7)" in lobby_message(sim).content
    assert "Join" in labels(lobby_message(sim))
