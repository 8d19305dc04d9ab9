"""`/about`: what this bot is, answered only to the member who asks."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot import __version__
from bot.i18n import t
from cogs.registry import game_names


def about_text(guild_count: int) -> str:
    """Return the `/about` answer."""
    games = ", ".join(t(f"game.{name}", "en") for name in game_names())
    return (
        f"**Rummy Bot** {__version__}\n"
        f"Rummy-family card games for Discord: {games}.\n"
        "Each game has a shared table in the channel and a private hand for every player.\n"
        f"Running in {guild_count} server{'s' if guild_count != 1 else ''}."
    )


class Meta(commands.Cog):
    """Small commands about the bot itself."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="about", description="What this bot is and which games it hosts")
    async def about(self, interaction: discord.Interaction) -> None:
        """Answer ephemerally with the bot's name, version and games."""
        await interaction.response.send_message(about_text(len(self.bot.guilds)), ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    """Add the cog (called by `load_extension`)."""
    await bot.add_cog(Meta(bot))
