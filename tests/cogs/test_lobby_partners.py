"""A game of partnerships (Canasta with four) in the lobby: the partnerships shown as the seats
fill, the host's menu to swap two seats, and the partnerships the game then plays."""

from __future__ import annotations

from typing import Any

import discord
import simcord

from tests.cogs.conftest import lobby_message, open_table, set_turn_seconds
from tests.conftest import Sim

SWAP = "rs:1:0:swap_seats"


def swap_options(message: Any) -> list[tuple[str, str]]:
    """Return the seat swap menu's (label, value) pairs."""
    menu = next(c for row in message.components for c in row.children
                if getattr(c, "custom_id", "") == SWAP)
    return [(o.label, o.value) for o in menu.options]


async def swap(sim: Sim, member: simcord.MemberActor, *names: str) -> str:
    """Choose two seats by name in the lobby's menu; return the private answer."""
    lobby = lobby_message(sim)
    values = [v for label, v in swap_options(lobby) if label in names]
    result = await member.select(lobby, values, custom_id=SWAP)
    assert result.ephemeral, result
    message = result.followups[-1] if result.followups else result.response
    return message.content


async def stale_menu(sim: Sim, values: list[str]) -> Any:
    """Post a copy of the swap menu as it was before a change (SimCord picks only what a
    message shows now)."""
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Select(custom_id=SWAP, min_values=2, max_values=2,
                                    options=[discord.SelectOption(label=v, value=v)
                                             for v in values]))
    return await sim.bot.get_channel(sim.channel.id).send("stale copy", view=view)


async def seated(sim: Sim) -> list[str]:
    return [s["name"] for s in (await sim.bot.storage.get_game(1)).seats]


async def test_the_lobby_shows_the_partnerships_a_full_table_plays(sim: Sim) -> None:
    await open_table(sim, sim.bruno, game="canasta")
    text = lobby_message(sim).content
    assert "Partnership 1: Alice + *free seat*" in text
    assert "Partnership 2: Bruno + *free seat*" in text
    assert "With fewer than 4 players, everyone plays alone." in text
    await sim.chiara.click(lobby_message(sim), label="Join")
    await sim.alice.click(lobby_message(sim), label="Add computer")
    text = lobby_message(sim).content
    assert "Partnership 1: Alice + Chiara" in text
    assert "Partnership 2: Bruno + Computer 1" in text
    assert [label for label, _ in swap_options(lobby_message(sim))] == [
        "Alice", "Bruno", "Chiara", "Computer 1"]


async def test_the_host_swaps_two_seats_and_the_game_seats_the_partners_so(sim: Sim) -> None:
    await set_turn_seconds(sim, 0)
    await open_table(sim, sim.bruno, sim.chiara, sim.dario, game="canasta")
    assert await swap(sim, sim.alice, "Bruno", "Chiara") == (
        "Bruno and Chiara have swapped seats.")
    assert await seated(sim) == ["Alice", "Chiara", "Bruno", "Dario"]
    text = lobby_message(sim).content
    assert "Partnership 1: Alice + Bruno" in text and "Partnership 2: Chiara + Dario" in text
    await sim.alice.click(lobby_message(sim), label="Start")
    game = sim.bot.get_cog("Rummy").host.runtimes[1].game  # type: ignore[union-attr]
    assert [list(g) for g in game.sides] == [[0, 2], [1, 3]]
    assert game.sides.partners(0) == (2,)  # Alice (seat 0) plays with Bruno (seat 2)


async def test_only_the_host_swaps_and_a_stale_choice_changes_nothing(sim: Sim) -> None:
    await open_table(sim, sim.bruno, sim.chiara, game="canasta")
    assert await swap(sim, sim.bruno, "Alice", "Chiara") == (
        "Only the host or a member with the Manage Server permission can swap seats.")
    values = [v for label, v in swap_options(lobby_message(sim)) if label in ("Bruno", "Chiara")]
    await sim.chiara.click(lobby_message(sim), label="Leave")
    result = await sim.alice.select(await stale_menu(sim, values), values, custom_id=SWAP)
    message = result.followups[-1] if result.followups else result.response
    assert result.ephemeral and "no longer available" in message.content
    assert await seated(sim) == ["Alice", "Bruno"]


async def test_a_game_played_alone_has_no_swap_menu(sim: Sim) -> None:
    await open_table(sim, sim.bruno, game="rummy500")
    lobby = lobby_message(sim)
    assert "• Alice" in lobby.content and "Partnership" not in lobby.content
    assert all(getattr(c, "custom_id", "") != SWAP
               for row in lobby.components for c in row.children)
