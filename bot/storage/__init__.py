"""Persistent storage for games, action logs, results and server settings.

`records` holds what is stored and the errors; `contract` the repository
Protocols the bot talks to (games, results, settings, and `Storage` combining
them); `sqlite` the aiosqlite backend with its numbered migrations; `postgres`
the asyncpg backend, which implements the same contract and passes the same tests;
`rows` what both write and read alike.
"""

from __future__ import annotations

from pathlib import Path

from bot.storage.contract import (
    GameRepository,
    ResultRepository,
    SettingsRepository,
    Storage,
)
from bot.storage.postgres import is_postgres_url, open_postgres
from bot.storage.ratings import PlayerRating, RatingChange, Skill
from bot.storage.records import (
    UNSET,
    ChannelBusy,
    GameNotFound,
    GameRecord,
    GuildSettings,
    LeaderboardRow,
    OutcomeUnknown,
    PlayerGameStats,
    ResultRow,
    Seat,
    StaleVersion,
    Status,
    StorageError,
    StorageUnavailable,
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
    "OutcomeUnknown",
    "PlayerGameStats",
    "PlayerRating",
    "RatingChange",
    "ResultRepository",
    "ResultRow",
    "Seat",
    "SettingsRepository",
    "Skill",
    "SqliteStorage",
    "StaleVersion",
    "Status",
    "Storage",
    "StorageError",
    "StorageUnavailable",
    "open_storage",
]


async def open_storage(target: str | Path) -> Storage:
    """Open the bot's storage with its schema up to date: a PostgreSQL URL, else a SQLite file."""
    if isinstance(target, str) and is_postgres_url(target):
        return await open_postgres(target)
    return await open_sqlite(target)
