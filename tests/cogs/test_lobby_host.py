"""The lobby's host role, a full table, the lobby's Cancel button and /rummy start once running."""

from __future__ import annotations

import simcord

from bot.storage import GameRecord
from cogs.host import ScriptedDeals
from tests.cogs.conftest import (
    LOOSE_A,
    LOOSE_B,
    children,
    deal,
    labels,
    lobby_message,
    open_table,
    script,
    stale_click,
    texts,
)
from tests.conftest import Sim


async def game(sim: Sim, game_id: int = 1) -> GameRecord:
    return await sim.bot.storage.get_game(game_id)


def answer(result: simcord.InteractionResult) -> str:
    """Return the ephemeral answer's text (a refusal may come as a followup)."""
    assert result.ephemeral, result
    message = result.followups[-1] if result.followups else result.response
    assert message is not None
    return message.content


# ----- the host role -------------------------------------------------------------------------


async def test_the_host_role_passes_to_the_next_seated_person(sim: Sim) -> None:
    lobby = await open_table(sim, sim.bruno, sim.chiara, game="rummy500")
    left = await sim.alice.click(lobby, label="Leave")
    assert answer(left) == "You left the table. Bruno is now the host."
    record = await game(sim)
    assert record.host_id == sim.bruno.id and record.status == "lobby"
    assert "Host: Bruno" in lobby_message(sim).content and "?" not in lobby_message(sim).content

    # The departed host's Start and Cancel are refused privately; the new host's are his own.
    assert "Only the host" in answer(await sim.alice.click(lobby, label="Start"))
    assert "Only the host" in answer(await sim.alice.click(lobby, label="Cancel game"))
    assert "Only the host" in answer(await sim.alice.slash(sim.channel, "rummy abandon"))
    assert (await game(sim)).status == "lobby"

    # Alice sits again, last. When Bruno leaves, the role goes to the next seat after his:
    # Chiara, not Alice.
    await sim.alice.click(lobby, label="Join")
    left = await sim.bruno.click(lobby, label="Leave")
    assert answer(left) == "You left the table. Chiara is now the host."
    assert (await game(sim)).host_id == sim.chiara.id
    assert "Host: Chiara" in lobby_message(sim).content
    # A seated player who is not the host leaves: the host stays.
    left = await sim.alice.click(lobby, label="Leave")
    assert answer(left) == "You left the table."
    assert (await game(sim)).host_id == sim.chiara.id


async def test_the_new_host_starts_the_game(sim: Sim, deals: ScriptedDeals) -> None:
    script(deals, deal(LOOSE_A, LOOSE_B, upcard="5C"), dealer=1)
    lobby = await open_table(sim, sim.bruno)
    await sim.alice.click(lobby, label="Leave")
    await sim.chiara.click(lobby, label="Join")
    refused = await sim.chiara.click(lobby, label="Start")
    assert "Only the host" in answer(refused)
    started = await sim.bruno.click(lobby, label="Start")
    assert answer(started) == "The game has started."
    assert (await game(sim)).status == "running"


async def test_when_the_last_person_leaves_the_table_closes(sim: Sim) -> None:
    lobby = await open_table(sim, computer=True)
    left = await sim.alice.click(lobby, label="Leave")
    assert answer(left) == (
        "You left the table. Nobody else was seated, so the table is closed.")
    assert (await game(sim)).status == "abandoned"
    closed = next(m for m in sim.channel.history() if m.id == lobby.id)
    assert "Everyone left, so the table is closed." in closed.content
    assert children(closed) == []
    # The channel is free again.
    again = await sim.bruno.slash(sim.channel, "rummy new", game="gin")
    assert "You have a seat" in answer(again)


# ----- a full table --------------------------------------------------------------------------


async def test_a_full_table_says_it_is_ready_and_offers_no_seat(sim: Sim) -> None:
    lobby = await open_table(sim)
    assert "Waiting for players" in lobby_message(sim).content
    assert labels(lobby_message(sim)) == ["Join", "Leave", "Add computer", "Start", "Cancel game"]

    await sim.bruno.click(lobby, label="Join")
    full = lobby_message(sim)
    assert "Players (2/2)" in full.content
    assert "The table is full. The host can start the game." in full.content
    assert "Waiting for players" not in full.content
    assert labels(full) == ["Leave", "Start", "Cancel game"]
    # Clicks on a stale copy of the buttons, and the commands, are answered privately.
    full = "The table is full: 2 players at most."
    assert answer(await stale_click(sim, sim.chiara, "rm:1:join")) == full
    assert answer(await stale_click(sim, sim.alice, "rm:1:addbot")) == full
    assert answer(await sim.chiara.slash(sim.channel, "rummy join")) == full
    assert [s["name"] for s in (await game(sim)).seats] == ["Alice", "Bruno"]

    await sim.bruno.click(lobby, label="Leave")  # a seat is free again
    assert "Waiting for players" in lobby_message(sim).content
    assert "Join" in labels(lobby_message(sim))


# ----- cancelling a lobby, starting a running game -------------------------------------------


async def test_the_lobby_cancel_button_closes_it_in_one_click(sim: Sim) -> None:
    lobby = await open_table(sim, sim.bruno)
    refused = await sim.bruno.click(lobby, label="Cancel game")
    assert "Only the host" in answer(refused)
    done = await sim.alice.click(lobby, label="Cancel game")
    assert answer(done) == "Alice cancelled the game."
    assert (await game(sim)).status == "abandoned"
    closed = next(m for m in sim.channel.history() if m.id == lobby.id)
    assert "Alice cancelled the game." in closed.content and children(closed) == []
    assert sum("cancelled" in text for text in texts(sim)) == 1


async def test_start_on_a_running_game_says_it_is_running(
        sim: Sim, deals: ScriptedDeals) -> None:
    script(deals, deal(LOOSE_A, LOOSE_B, upcard="5C"), dealer=1)
    lobby = await open_table(sim, sim.bruno)
    await sim.alice.click(lobby, label="Start")
    for member in (sim.bruno, sim.chiara, sim.alice):
        said = answer(await member.slash(sim.channel, "rummy start"))
        assert said == "A game is already running in this channel.", member.name
    stale = answer(await stale_click(sim, sim.bruno, "rm:1:start"))
    assert stale == "A game is already running in this channel."
    # /rummy settings too: the state comes before who asks (Chiara is not seated at all).
    for member in (sim.chiara, sim.alice):
        said = answer(await member.slash(sim.channel, "rummy settings", turn_seconds=60))
        assert said == "A game is already running in this channel.", member.name
