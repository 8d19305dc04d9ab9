"""The `/rummy` slash commands, the per-server settings and one game per channel or thread."""

from __future__ import annotations

import discord
import simcord

from bot.i18n import t
from bot.storage import GameRecord
from cogs.adapters.gin import GIN
from cogs.host import ScriptedDeals
from tests.cogs.conftest import (
    LOOSE_A,
    LOOSE_B,
    cancel_game,
    children,
    custom_id,
    deal,
    dm,
    labels,
    lobby_message,
    open_table,
    png_of,
    script,
    table_message,
    texts,
)
from tests.cogs.host.test_routing import forged_in_dm
from tests.conftest import Sim


def quiet_deal(deals: ScriptedDeals) -> None:
    """Script a hand where nobody can end quickly."""
    script(deals, deal(LOOSE_A, LOOSE_B, upcard="5C", stock="2C 3C 4C 7S 8S 10S"), dealer=1)


async def game(sim: Sim, game_id: int = 1) -> GameRecord:
    return await sim.bot.storage.get_game(game_id)


def seat_names(record: GameRecord) -> list[str]:
    return [s["name"] for s in record.seats]


def public(channel: simcord.ChannelHandle) -> list[discord.Message]:
    """Return the messages everybody sees in a channel (no ephemeral answers)."""
    return [m for m in channel.history() if not m.flags.ephemeral]


async def refused(result: simcord.InteractionResult, text: str) -> None:
    """Check that an answer is ephemeral and says `text`."""
    assert result.ephemeral, result.response
    assert text in result.response.content, result.response.content


# ----- lobby commands ----------------------------------------------------------------------


async def test_join_leave_and_addbot_by_command_update_the_lobby(sim: Sim) -> None:
    await sim.alice.slash(sim.channel, "rummy new", game="gin")
    joined = await sim.bruno.slash(sim.channel, "rummy join")
    assert joined.ephemeral and "You have a seat" in joined.response.content
    assert seat_names(await game(sim)) == ["Alice", "Bruno"]
    assert "• Bruno" in lobby_message(sim).content

    await refused(await sim.bruno.slash(sim.channel, "rummy join"), "already have a seat")
    left = await sim.bruno.slash(sim.channel, "rummy leave")
    assert left.ephemeral and left.response.content == "You left the table."
    assert seat_names(await game(sim)) == ["Alice"]
    assert "• Bruno" not in lobby_message(sim).content
    await refused(await sim.bruno.slash(sim.channel, "rummy leave"), "not seated")

    # Only a seated member (or the host) may seat a computer.
    await refused(await sim.chiara.slash(sim.channel, "rummy addbot"), "not seated")
    added = await sim.alice.slash(sim.channel, "rummy addbot")
    assert added.ephemeral and "computer player joined" in added.response.content
    assert seat_names(await game(sim)) == ["Alice", "Computer 1"]
    content = lobby_message(sim).content
    assert "• Computer 1\n" in content and "(computer)" not in content  # named once
    full = "The table is full: 2 players at most."
    await refused(await sim.alice.slash(sim.channel, "rummy addbot"), full)
    await refused(await sim.chiara.slash(sim.channel, "rummy join"), full)
    assert seat_names(await game(sim)) == ["Alice", "Computer 1"]


async def test_start_by_command_deals_and_only_the_host_may(sim: Sim, deals: ScriptedDeals) -> None:
    quiet_deal(deals)
    await sim.alice.slash(sim.channel, "rummy new", game="gin")
    await refused(await sim.alice.slash(sim.channel, "rummy start"), "at least 2 players")
    await sim.bruno.slash(sim.channel, "rummy join")
    await refused(await sim.bruno.slash(sim.channel, "rummy start"), "Only the host")
    assert (await game(sim)).status == "lobby"
    started = await sim.alice.slash(sim.channel, "rummy start")
    assert started.ephemeral and started.response.content == "The game has started."
    record = await game(sim)
    assert record.status == "running" and record.state_version == 1
    assert "Pass" in labels(dm(sim.alice)) and "Pass" not in labels(dm(sim.bruno))
    assert "My hand" in labels(table_message(sim))
    # The lobby lost its buttons and says who plays first.
    assert children(lobby_message_after_start(sim)) == []
    assert "The game has started! Alice plays first." in lobby_message_after_start(sim).content
    await refused(await sim.alice.slash(sim.channel, "rummy start"), "already running")
    await refused(await sim.chiara.slash(sim.channel, "rummy join"), "already running")
    assert (await game(sim)).state_version == 1


def lobby_message_after_start(sim: Sim) -> discord.Message:
    return next(m for m in sim.channel.history() if "Players (" in m.content)


async def test_commands_without_a_game_are_refused(sim: Sim) -> None:
    for command in ("rummy join", "rummy leave", "rummy addbot", "rummy start",
                    "rummy table", "rummy hand", "rummy abandon"):
        result = await sim.alice.slash(sim.channel, command)
        await refused(result, "There is no game in this channel.")
    assert await sim.bot.storage.unfinished_games() == []


async def test_table_and_hand_commands_answer_privately(sim: Sim, deals: ScriptedDeals) -> None:
    quiet_deal(deals)
    await sim.alice.slash(sim.channel, "rummy new", game="gin")
    # In the lobby there is nothing to show yet.
    await refused(await sim.alice.slash(sim.channel, "rummy table"), "Waiting for players")
    await refused(await sim.alice.slash(sim.channel, "rummy hand"), "Waiting for players")
    await sim.bruno.slash(sim.channel, "rummy join")
    await sim.alice.slash(sim.channel, "rummy start")
    posted = len(public(sim.channel))

    table = await sim.chiara.slash(sim.channel, "rummy table")
    assert table.ephemeral and "Alice's turn" in table.response.content
    assert table.response.components == []  # a copy to look at, not to play from
    image = await png_of(table.response)
    assert image.size == (await png_of(table_message(sim))).size

    hand = await sim.alice.slash(sim.channel, "rummy hand")
    assert hand.ephemeral and "Pass" in labels(hand.response)
    await png_of(hand.response)
    await refused(await sim.chiara.slash(sim.channel, "rummy hand"), "not seated")
    # Nothing was posted for everybody, and Bruno does not see Alice's hand.
    assert len(public(sim.channel)) == posted
    assert hand.response.message.id not in [m.id for m in sim.channel.history(viewer=sim.bruno)]
    await sim.alice.click(hand.response, label="Pass")
    assert "Alice passed on the upcard." in table_message(sim).content


# ----- abandon ---------------------------------------------------------------------------------


async def test_abandon_is_for_the_host_or_a_server_manager(sim: Sim, deals: ScriptedDeals) -> None:
    quiet_deal(deals)
    lobby = await open_table(sim, sim.bruno)
    await sim.alice.click(lobby, label="Start")
    pass_id = custom_id(dm(sim.alice), ":pass")
    await refused(await sim.bruno.slash(sim.channel, "rummy abandon"), "Only the host")
    await refused(await sim.chiara.slash(sim.channel, "rummy abandon"), "Only the host")
    assert (await game(sim)).status == "running"

    managers = sim.guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    eva = sim.guild.add_member(sim.env.create_user("Eva"), roles=[managers])
    done = await cancel_game(sim, eva)
    assert done.response.ephemeral and done.response.content == "Eva cancelled the game."
    assert (await game(sim)).status == "abandoned"
    assert "Eva cancelled the game." in texts(sim)
    assert "My hand" not in labels(table_message(sim))
    # The hands lose their controls, saying why; a click sent anyway is refused, and the
    # channel is free for a new game.
    hand = dm(sim.alice)
    assert labels(hand) == [] and hand.content == t("hand.cancelled", "en")
    forged = await forged_in_dm(sim.alice, [pass_id])
    late = await sim.alice.user.click(forged, label="forged 0")
    assert late.ephemeral and "This game is over." in late.response.content
    again = await sim.alice.slash(sim.channel, "rummy new", game="gin")
    assert again.ephemeral and again.response.content == (
        f"You have a seat at [the table]({lobby_message(sim).jump_url}). Press Start there when "
        "everyone is seated.")


async def test_the_host_abandons_a_lobby(sim: Sim) -> None:
    await open_table(sim, sim.bruno)
    await refused(await sim.bruno.slash(sim.channel, "rummy abandon"), "Only the host")
    assert (await game(sim)).status == "lobby"
    done = await sim.alice.slash(sim.channel, "rummy abandon")
    assert done.ephemeral
    assert (await game(sim)).status == "abandoned"
    assert children(lobby_message_after_start(sim)) == []  # Join is gone
    assert "Alice cancelled the game." in lobby_message_after_start(sim).content


# ----- one game per place, many per server -------------------------------------------------


async def test_a_second_game_in_the_same_channel_is_refused(sim: Sim) -> None:
    await open_table(sim, sim.bruno)
    count = len(public(sim.channel))
    second = await sim.chiara.slash(sim.channel, "rummy new", game="gin")
    await refused(second, "A game is already running in this channel.")
    assert len(public(sim.channel)) == count
    assert [g.id for g in await sim.bot.storage.unfinished_games()] == [1]


async def test_two_channels_hold_two_games_at_once(sim: Sim, deals: ScriptedDeals) -> None:
    other = sim.guild.create_text_channel("rummy-2")
    quiet_deal(deals)
    lobby = await open_table(sim, sim.bruno)
    await sim.alice.click(lobby, label="Start")
    quiet_deal(deals)
    await sim.chiara.slash(other, "rummy new", game="gin")
    await sim.dario.slash(other, "rummy join")
    started = await sim.chiara.slash(other, "rummy start")
    assert started.response.content == "The game has started."
    first, second = await sim.bot.storage.unfinished_games()
    assert (first.channel_id, second.channel_id) == (sim.channel.id, other.id)
    assert first.status == second.status == "running"
    # Each channel's commands reach its own game.
    await refused(await sim.alice.slash(other, "rummy hand"), "not seated")
    theirs = await sim.chiara.slash(other, "rummy hand")
    assert "Pass" in labels(theirs.response)
    await sim.chiara.click(theirs.response, label="Pass")
    assert (await game(sim, 2)).state_version == 2
    assert (await game(sim, 1)).state_version == 1
    assert "Chiara passed" in table_in(other).content
    assert "Chiara passed" not in table_message(sim).content


def table_in(channel: simcord.ChannelHandle) -> discord.Message:
    return next(m for m in reversed(channel.history())
                if any(a.filename == "table.png" for a in m.attachments))


# ----- per-server settings -------------------------------------------------------------------


async def test_use_threads_opens_each_game_in_its_own_thread(
        sim: Sim, deals: ScriptedDeals) -> None:
    await sim.bot.storage.set_guild_settings(sim.guild.id, use_threads=True)
    quiet_deal(deals)
    opened = await sim.alice.slash(sim.channel, "rummy new", game="gin")
    assert opened.ephemeral
    [thread] = sim.channel.threads
    assert thread.name == "Gin Rummy #1"
    assert f"/{thread.id}/" in opened.response.content  # the jump link leads into the thread
    record = await game(sim)
    assert (record.channel_id, record.thread_id) == (sim.channel.id, thread.id)
    lobby = next(m for m in thread.history() if "Join" in labels(m))
    assert not any("Join" in labels(m) for m in sim.channel.history())

    await sim.bruno.slash(thread, "rummy join")
    await refused(await sim.chiara.slash(thread, "rummy new", game="gin"),
                  "already running")
    await sim.alice.click(lobby, label="Start")
    table = table_in(thread)
    assert "Alice's turn" in table.content
    await sim.alice.user.click(dm(sim.alice), label="Pass")
    assert "Alice passed on the upcard." in table_in(thread).content
    assert not any(a.filename == "table.png" for m in sim.channel.history()
                   for a in m.attachments)

    # The channel itself stays free: another game opens in another thread.
    quiet_deal(deals)
    second = await sim.chiara.slash(sim.channel, "rummy new", game="gin")
    assert second.ephemeral and "You have a seat" in second.response.content
    assert sorted(t.name or "" for t in sim.channel.threads) == ["Gin Rummy #1", "Gin Rummy #2"]
    assert [g.thread_id is not None for g in await sim.bot.storage.unfinished_games()] == [
        True, True]


async def test_channel_delivery_sends_no_dm_and_my_hand_serves_everyone(
        sim: Sim, deals: ScriptedDeals) -> None:
    await sim.bot.storage.set_guild_settings(sim.guild.id, hand_delivery="channel")
    quiet_deal(deals)
    lobby = await open_table(sim, sim.bruno)
    await sim.alice.click(lobby, label="Start")
    assert sim.alice.user.dm_channel.history() == []
    assert sim.bruno.user.dm_channel.history() == []
    assert not any("direct messages" in x for x in texts(sim))

    alice = await sim.alice.click(table_message(sim), label="My hand")
    bruno = await sim.bruno.click(table_message(sim), label="My hand")
    assert alice.ephemeral and bruno.ephemeral
    assert "Pass" in labels(alice.response) and labels(bruno.response) == ["Sort by rank"]
    await sim.alice.click(alice.response, label="Pass")
    # Bruno's ephemeral hand was edited in place: now he may take or pass.
    assert "Pass" in labels(bruno.response.message)
    await sim.bruno.click(bruno.response.message, label="Pass")
    assert "Draw from stock" in labels(alice.response.message)
    assert (await game(sim)).state_version == 3
    assert sim.alice.user.dm_channel.history() == []


# ----- autocomplete and a deleted table ------------------------------------------------------


async def test_preset_and_option_autocomplete_offer_what_matches(sim: Sim) -> None:
    choices = await sim.alice.autocomplete(sim.channel, "rummy new", "preset", "okla",
                                           game="gin")
    assert [c["value"] for c in choices] == ["oklahoma", "oklahoma_match"]
    assert choices[1]["name"] == "Oklahoma (knock card from a second deck)"
    everything = await sim.alice.autocomplete(sim.channel, "rummy new", "preset", "",
                                              game="gin")
    assert [c["value"] for c in everything] == GIN.presets()
    await sim.alice.slash(sim.channel, "rummy new", game="gin")
    options = await sim.alice.autocomplete(sim.channel, "rummy settings", "option", "deep")
    assert [c["value"] for c in options] == ["deep_discard_pickup"]
    assert await sim.alice.autocomplete(sim.channel, "rummy settings", "option", "zzz") == []


async def test_a_deleted_table_message_is_posted_again_with_the_next_move(
        sim: Sim, deals: ScriptedDeals) -> None:
    quiet_deal(deals)
    lobby = await open_table(sim, sim.bruno)
    await sim.alice.click(lobby, label="Start")
    old = table_message(sim)
    mods = sim.guild.create_role("Mods", permissions=discord.Permissions(manage_messages=True))
    eva = sim.guild.add_member(sim.env.create_user("Eva"), roles=[mods])
    await eva.delete(old)
    await sim.alice.user.click(dm(sim.alice), label="Pass")
    new = table_message(sim)
    assert new.id != old.id
    assert "Alice passed" in new.content and "Bruno's turn" in new.content
    assert (await game(sim)).table_message_id == new.id
    # The next move edits the new message rather than posting a third one.
    await sim.bruno.user.click(dm(sim.bruno), label="Pass")
    assert table_message(sim).id == new.id
    assert sum(1 for m in public(sim.channel) if m.attachments
               and m.attachments[0].filename == "table.png") == 1
