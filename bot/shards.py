"""Which Discord shard holds a guild, whether this process runs it, and its name."""

from __future__ import annotations

import os
import socket

import discord


def shard_of(guild_id: int, shard_count: int) -> int:
    """Return the shard Discord sends a guild's events to (its documented formula)."""
    return (guild_id >> 22) % shard_count


def owns_guild(client: discord.Client, guild_id: int) -> bool:
    """Tell whether this process runs the shard that holds a guild."""
    if not isinstance(client, discord.AutoShardedClient):
        return True  # one gateway connection: every guild it sees
    if client.shard_ids is None or client.shard_count is None:
        return True  # every shard of the count Discord recommended
    return shard_of(guild_id, client.shard_count) in client.shard_ids


def process_id() -> str:
    """Return this process's name in the game leases it holds: its host and process id."""
    return f"{socket.gethostname()}:{os.getpid()}"
