"""Where a component was clicked: a public message, or a private hand (a DM or an ephemeral)."""

from __future__ import annotations

import discord


def is_ephemeral(interaction: discord.Interaction) -> bool:
    """Whether the component was clicked on an ephemeral message (not a DM)."""
    message = interaction.message
    return message is None or message.flags.ephemeral


def is_private(interaction: discord.Interaction) -> bool:
    """Whether the component was clicked where only its member sees it: an ephemeral or a DM."""
    return is_ephemeral(interaction) or interaction.guild_id is None
