"""The SQLite backend: one class implementing the whole `Storage` contract, and its opener."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import aiosqlite

from bot.storage.sqlite.connection import configure, driver_errors
from bot.storage.sqlite.games import SqliteGames
from bot.storage.sqlite.history import SqliteHistory
from bot.storage.sqlite.results import SqliteResults
from bot.storage.sqlite.settings import SqliteSettings


class SqliteStorage(SqliteGames, SqliteResults, SqliteSettings, SqliteHistory):
    """`Storage` on one SQLite file (WAL mode, foreign keys on, numbered migrations)."""

    def click_relay(self, me: str) -> None:
        """Return None: one process owns the file, so every click reaches the game's owner."""
        return None


async def open_sqlite(path: str | Path) -> SqliteStorage:
    """Open (creating if needed) the database file and bring its schema up to date."""
    path = Path(path)
    with driver_errors(f"cannot open database at {path}", OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(path, isolation_level=None)
    conn.row_factory = sqlite3.Row
    storage = SqliteStorage(conn, path)
    try:
        with driver_errors(f"cannot open database at {path}", OSError):
            await configure(conn)
            await storage.migrate()
    except BaseException:
        await conn.close()
        raise
    return storage
