"""The PostgreSQL backend: one class implementing the whole `Storage` contract, its opener."""

from __future__ import annotations

import asyncpg

from bot.storage.postgres.connection import DRIVER_ERRORS, redacted
from bot.storage.postgres.games import PostgresGames
from bot.storage.postgres.history import PostgresHistory
from bot.storage.postgres.relay import PostgresRelay
from bot.storage.postgres.results import PostgresResults, PostgresSettings
from bot.storage.records import StorageError

SCHEMES = ("postgresql://", "postgres://")


class PostgresStorage(PostgresGames, PostgresResults, PostgresSettings, PostgresHistory):
    """`Storage` on one PostgreSQL database, through a pool several processes may share."""

    def click_relay(self, me: str) -> PostgresRelay:
        """Return process `me`'s end of the click relay between processes."""
        return PostgresRelay(self, self._dsn, me)


def is_postgres_url(target: str) -> bool:
    """Whether a RUMMY_DB value names a PostgreSQL database rather than a SQLite file."""
    return target.startswith(SCHEMES)


async def open_postgres(dsn: str, *, max_connections: int = 10) -> PostgresStorage:
    """Connect to the database at `dsn` and bring its schema up to date."""
    try:
        pool = await asyncpg.create_pool(dsn, min_size=1, max_size=max_connections)
    except (*DRIVER_ERRORS, ValueError) as exc:
        raise StorageError(f"cannot open database at {redacted(dsn)}: {exc}") from exc
    storage = PostgresStorage(pool, dsn)
    try:
        await storage.migrate()
    except BaseException:
        await pool.close()
        raise
    return storage
