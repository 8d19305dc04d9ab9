"""The lobby's seats for every game: partners chosen before the start (Canasta with members
and computers), a table the rules make smaller (single-deck Ramino), and the host's menu to
remove a computer."""

from __future__ import annotations

from typing import Any

import discord
import simcord

from bot.i18n import t
from tests.cogs.conftest import labels, lobby_message, open_table, set_turn_seconds
from tests.conftest import Sim

SWAP = "rs:1:0:swap_seats"
REMOVE = "rs:1:0:remove_computer"


def answer(result: simcord.InteractionResult) -> str:
    """Return the private answer's text (a refusal after "thinking" comes as a followup)."""
    assert result.ephemeral, result
    message = result.followups[-1] if result.followups else result.response
    assert message is not None
    return message.content


def menu(message: Any, custom_id: str) -> list[tuple[str, str]]:
    """Return a lobby menu's (label, value) pairs; [] if the message has no such menu."""
    found = [c for row in message.components for c in row.children
             if getattr(c, "custom_id", "") == custom_id]
    return [(o.label, o.value) for o in found[0].options] if found else []


async def choose(sim: Sim, member: simcord.MemberActor, custom_id: str, *names: str) -> str:
    """Choose seats by name in one of the lobby's menus; return the private answer."""
    lobby = lobby_message(sim)
    values = [value for label, value in menu(lobby, custom_id) if label in names]
    return answer(await member.select(lobby, values, custom_id=custom_id))


async def stale_menu(sim: Sim, custom_id: str, values: list[str]) -> discord.Message:
    """Post a copy of a lobby menu as it was before a change (SimCord picks only what a
    message shows now)."""
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Select(custom_id=custom_id, options=[
        discord.SelectOption(label=v, value=v) for v in values]))
    return await sim.bot.get_channel(sim.channel.id).send("stale copy", view=view)


async def seated(sim: Sim) -> list[str]:
    return [s["name"] for s in (await sim.bot.storage.get_game(1)).seats]


async def add_computers(sim: Sim, count: int) -> None:
    for _ in range(count):
        assert answer(await sim.alice.click(lobby_message(sim), label="Add computer")) == (
            "A computer player joined the table.")


async def set_rule(sim: Sim, option: str, value: str) -> str:
    return answer(await sim.alice.slash(sim.channel, "rummy settings", option=option,
                                        value=value))


# ----- partners chosen before the start ------------------------------------------------------


async def test_two_members_and_two_computers_choose_to_be_canasta_partners(sim: Sim) -> None:
    await set_turn_seconds(sim, 0)
    await open_table(sim, sim.bruno, game="canasta")
    await add_computers(sim, 2)
    text = lobby_message(sim).content  # as they sat down: Bruno opposite Alice's partner
    assert "Partnership 1: Alice + Computer 1" in text
    assert "Partnership 2: Bruno + Computer 2" in text
    assert [label for label, _ in menu(lobby_message(sim), SWAP)] == [
        "Alice", "Bruno", "Computer 1", "Computer 2"]
    assert await choose(sim, sim.alice, SWAP, "Bruno", "Computer 1") == (
        "Bruno and Computer 1 have swapped seats.")
    text = lobby_message(sim).content
    assert "Partnership 1: Alice + Bruno" in text
    assert "Partnership 2: Computer 1 + Computer 2" in text

    await sim.alice.click(lobby_message(sim), label="Start")
    rt = sim.bot.get_cog("Rummy").host.runtimes[1]  # type: ignore[union-attr]
    assert rt.names == ["Alice", "Computer 1", "Bruno", "Computer 2"]
    assert [[rt.names[s] for s in side] for side in rt.game.sides] == [
        ["Alice", "Bruno"], ["Computer 1", "Computer 2"]]
    spec = rt.adapter.table_spec(rt.game, rt.names, "en")
    grid = spec.panels[1]
    assert [seat.name for seat in grid.seats] == ["Alice & Bruno", "Computer 1 & Computer 2"]
    assert "Partnership 1: Alice + Bruno" in lobby_message_after_start(sim)


def lobby_message_after_start(sim: Sim) -> str:
    """Return the lobby message once started (it has no buttons left)."""
    return next(m.content for m in sim.channel.history() if m.content.startswith("**Canasta"))


# ----- a table the rules make smaller --------------------------------------------------------


async def test_a_single_deck_ramino_table_seats_four_and_refuses_a_fifth_at_once(
        sim: Sim) -> None:
    await open_table(sim, sim.bruno, game="ramino")
    assert "Players (2/7)" in lobby_message(sim).content
    assert await set_rule(sim, "deck", "single") == "Settings saved:\n• Deck: double → single"
    assert "Players (2/4)" in lobby_message(sim).content
    await add_computers(sim, 2)
    lobby = lobby_message(sim)
    assert "Players (4/4)" in lobby.content
    assert "The table is full. The host can start the game." in lobby.content
    assert "Add computer" not in labels(lobby) and "Join" not in labels(lobby)
    full = "The table is full: 4 players at most."
    assert answer(await sim.chiara.slash(sim.channel, "rummy join")) == full
    assert answer(await sim.alice.slash(sim.channel, "rummy addbot")) == full
    assert await seated(sim) == ["Alice", "Bruno", "Computer 1", "Computer 2"]


async def test_a_single_deck_chosen_with_five_seated_says_what_to_do(sim: Sim) -> None:
    await open_table(sim, sim.bruno, sim.chiara, game="ramino")
    await add_computers(sim, 2)
    over = ("Too many players for these rules: at most 4. Before the start, 1 player has to "
            "leave, or the host removes a computer.")
    assert await set_rule(sim, "deck", "single") == (
        "Settings saved:\n• Deck: double → single\n" + over)
    lobby = lobby_message(sim)
    assert "Players (5/4)" in lobby.content and lobby.content.endswith(over)
    assert "The host can start" not in lobby.content
    assert answer(await sim.alice.click(lobby, label="Start")) == over  # what to do, again
    assert await choose(sim, sim.alice, REMOVE, "Computer 2") == (
        "Computer 2 left the table: the seat is free.")
    lobby = lobby_message(sim)
    assert "Players (4/4)" in lobby.content
    assert lobby.content.endswith("The table is full. The host can start the game.")


def test_too_many_seats_are_counted_in_both_languages() -> None:
    assert t("lobby.over_seated", "en", max=4, extra=2) == (
        "Too many players for these rules: at most 4. Before the start, 2 players have to "
        "leave, or the host removes computers.")
    assert t("lobby.over_seated", "it", max=4, extra=1) == (
        "Troppi giocatori per queste regole: al massimo 4. Prima dell'avvio deve uscire "
        "1 giocatore, o chi gestisce il tavolo toglie un computer.")
    assert t("lobby.over_seated", "it", max=4, extra=3) == (
        "Troppi giocatori per queste regole: al massimo 4. Prima dell'avvio devono uscire "
        "3 giocatori, o chi gestisce il tavolo toglie dei computer.")
    assert t("lobby.over_seated_people", "it", max=2, extra=1) == (
        "Troppi giocatori per queste regole: al massimo 2. Prima dell'avvio deve uscire "
        "1 giocatore.")
    assert t("lobby.full", "it", max=2) == "Il tavolo è al completo: al massimo 2 giocatori."


# ----- removing a computer -------------------------------------------------------------------


async def test_the_host_removes_a_computer_and_its_number_is_given_again(sim: Sim) -> None:
    await open_table(sim, sim.bruno, game="rummy500")
    assert menu(lobby_message(sim), REMOVE) == []  # no computer, no menu
    await add_computers(sim, 2)
    assert [label for label, _ in menu(lobby_message(sim), REMOVE)] == [
        "Computer 1", "Computer 2"]
    assert await choose(sim, sim.alice, REMOVE, "Computer 1") == (
        "Computer 1 left the table: the seat is free.")
    assert await seated(sim) == ["Alice", "Bruno", "Computer 2"]
    assert "• Computer 1" not in lobby_message(sim).content
    await add_computers(sim, 1)  # the free number, not a second "Computer 2"
    assert await seated(sim) == ["Alice", "Bruno", "Computer 2", "Computer 1"]


async def test_only_the_host_removes_a_computer(sim: Sim) -> None:
    await open_table(sim, sim.bruno, game="rummy500")
    await add_computers(sim, 1)
    assert await choose(sim, sim.bruno, REMOVE, "Computer 1") == (
        "Only the host or a member with the Manage Server permission can remove a computer.")
    assert await seated(sim) == ["Alice", "Bruno", "Computer 1"]


async def test_a_choice_from_an_older_menu_removes_nobody(sim: Sim) -> None:
    await open_table(sim, game="rummy500")
    await add_computers(sim, 2)
    old = [value for _, value in menu(lobby_message(sim), REMOVE)]
    await choose(sim, sim.alice, REMOVE, "Computer 1")  # Computer 2 moves to seat 1
    refused = await sim.alice.select(await stale_menu(sim, REMOVE, old), [old[1]],
                                     custom_id=REMOVE)
    assert "no longer available" in answer(refused)
    assert await seated(sim) == ["Alice", "Computer 2"]


async def test_after_the_start_no_computer_can_be_removed(sim: Sim) -> None:
    await set_turn_seconds(sim, 0)
    await open_table(sim, sim.bruno, game="rummy500")
    await add_computers(sim, 1)
    values = [value for _, value in menu(lobby_message(sim), REMOVE)]
    await sim.alice.click(lobby_message(sim), label="Start")
    started = next(m for m in sim.channel.history() if m.content.startswith("**Rummy 500"))
    assert started.components == []  # the lobby's controls are gone
    refused = await sim.alice.select(await stale_menu(sim, REMOVE, values), values,
                                     custom_id=REMOVE)
    assert answer(refused) == "A game is already running in this channel."
    assert await seated(sim) == ["Alice", "Bruno", "Computer 1"]
