"""`/rummy server`: a manager sets threads, hand delivery, the default timer, the language."""

from __future__ import annotations

import discord

from tests.conftest import Sim


async def test_anyone_sees_the_settings_but_only_a_manager_changes_them(sim: Sim) -> None:
    shown = await sim.bruno.slash(sim.channel, "rummy server")
    assert shown.ephemeral and "Games are played directly in the channel." in shown.response.content
    assert "Time per turn: 120 seconds" in shown.response.content
    refused = await sim.bruno.slash(sim.channel, "rummy server", use_threads=True)
    assert refused.ephemeral and "Manage Server" in refused.response.content
    assert (await sim.bot.storage.get_guild_settings(sim.guild.id)).use_threads is False

    managers = sim.guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    eva = sim.guild.add_member(sim.env.create_user("Eva"), roles=[managers])
    saved = await eva.slash(sim.channel, "rummy server", use_threads=True, hand_delivery="channel",
                            turn_seconds=0, language="it")
    assert saved.ephemeral and saved.response.content.startswith("Settings saved.")
    assert "No time limit per turn" in saved.response.content
    assert "Italiano" in saved.response.content
    settings = await sim.bot.storage.get_guild_settings(sim.guild.id)
    assert (settings.use_threads, settings.hand_delivery, settings.turn_seconds,
            settings.locale) == (True, "channel", 0, "it")
    back = await eva.slash(sim.channel, "rummy server", language="auto")
    assert "each member's Discord language" in back.response.content
    assert (await sim.bot.storage.get_guild_settings(sim.guild.id)).locale is None


async def test_new_games_follow_the_server_settings(sim: Sim) -> None:
    managers = sim.guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    eva = sim.guild.add_member(sim.env.create_user("Eva"), roles=[managers])
    await eva.slash(sim.channel, "rummy server", use_threads=True, turn_seconds=45)
    await sim.alice.slash(sim.channel, "rummy new", game="gin")
    record = await sim.bot.storage.get_game(1)
    assert record.thread_id is not None  # the lobby went into its own thread
    assert record.options.get("turn_seconds") == 45
