"""Persistent storage for games, action logs, results and server settings.

`records` holds what is stored and the errors; `contract` the repository
Protocols the bot talks to (games, results, settings, and `Storage` combining
them); `sqlite` the aiosqlite backend with its numbered migrations. A
PostgreSQL backend will implement the same contract and pass the same tests.
"""

from __future__ import annotations

from pathlib import Path

from bot.storage.contract import (
    GameRepository,
    ResultRepository,
    SettingsRepository,
    Storage,
)
from bot.storage.records import (
    UNSET,
    ChannelBusy,
    GameNotFound,
    GameRecord,
    GuildSettings,
    LeaderboardRow,
    PlayerGameStats,
    ResultRow,
    Seat,
    StaleVersion,
    Status,
    StorageError,
)
from bot.storage.sqlite import SqliteStorage, open_sqlite

__all__ = [
    "UNSET",
    "ChannelBusy",
    "GameNotFound",
    "GameRecord",
    "GameRepository",
    "GuildSettings",
    "LeaderboardRow",
    "PlayerGameStats",
    "ResultRepository",
    "ResultRow",
    "Seat",
    "SettingsRepository",
    "SqliteStorage",
    "StaleVersion",
    "Status",
    "Storage",
    "StorageError",
    "open_storage",
]


async def open_storage(path: str | Path) -> Storage:
    """Open the bot's storage at `path` (the SQLite backend) with its schema up to date."""
    return await open_sqlite(path)
