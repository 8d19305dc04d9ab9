"""`/about`: what this bot is, answered only to the member who asks."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot import __version__
from bot.command_words import words
from bot.i18n import locale_of, t
from cogs.registry import game_names


def about_text(guild_count: int, locale: str = "en") -> str:
    """Return the `/about` answer: the games the registry hosts, in the member's language."""
    games = ", ".join(t(f"game.{name}", locale) for name in game_names())
    return "\n".join([f"**Rummy Bot** {__version__}", t("about.games", locale, names=games),
                      t("about.tables", locale), t("about.servers", locale, count=guild_count)])


class Meta(commands.Cog):
    """Small commands about the bot itself."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="about", description=words("cmd.about"))
    async def about(self, interaction: discord.Interaction) -> None:
        """Answer ephemerally with the bot's name, version and games."""
        text = about_text(len(self.bot.guilds), locale_of(interaction.locale))
        await interaction.response.send_message(text, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    """Add the cog (called by `load_extension`)."""
    await bot.add_cog(Meta(bot))
