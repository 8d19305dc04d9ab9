"""The PostgreSQL pool every repository of the backend shares: transactions, migrations,
error mapping, and the game-row helpers that games and results both need."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from functools import lru_cache
from typing import TYPE_CHECKING, Self, TypeAlias

import asyncpg

from bot.storage.postgres.schema import LATEST_VERSION, MIGRATIONS
from bot.storage.records import ChannelBusy, GameNotFound, GameRecord, StorageError
from bot.storage.rows import GAME_COLUMNS, Changes, Guard, game_from_row, now, stale, update_sql

if TYPE_CHECKING:  # the driver's classes take no type arguments at run time
    Connection: TypeAlias = asyncpg.pool.PoolConnectionProxy[asyncpg.Record]
    Pool: TypeAlias = asyncpg.Pool[asyncpg.Record]
else:
    Connection, Pool = asyncpg.pool.PoolConnectionProxy, asyncpg.Pool
# Migrations run once however many processes start together: they queue on this lock.
MIGRATION_LOCK = 7_270_051
DRIVER_ERRORS = (asyncpg.PostgresError, asyncpg.InterfaceError, OSError)


@lru_cache(maxsize=256)  # the same few statements, on every move
def numbered(sql: str) -> str:
    """Turn the shared statements' `?` placeholders into PostgreSQL's $1, $2, …"""
    count = iter(range(1, sql.count("?") + 1))
    return re.sub(r"\?", lambda _: f"${next(count)}", sql)


def redacted(dsn: str) -> str:
    """Return a connection URL without its password, for messages and logs."""
    return re.sub(r"(//[^:/@]*):[^@/]*@", r"\1:***@", dsn)


@contextmanager
def driver_errors(doing: str) -> Iterator[None]:
    """Turn the driver's errors raised in the body into a chained StorageError.

    The one-open-game-per-place index answers a race two processes ran at once: ChannelBusy.
    """
    try:
        yield
    except asyncpg.UniqueViolationError as exc:
        if exc.constraint_name == "games_one_active_per_place":
            raise ChannelBusy(f"a game is already open there: {exc}") from exc
        raise StorageError(f"{doing}: {exc}") from exc
    except DRIVER_ERRORS as exc:
        raise StorageError(f"{doing}: {exc}") from exc


class PostgresConnection:
    """A pool of connections to one database, shared by every coroutine and process."""

    def __init__(self, pool: Pool, dsn: str) -> None:
        self._pool = pool
        self.where = redacted(dsn)

    async def close(self) -> None:
        """Close every connection of the pool."""
        with driver_errors("cannot close the database"):
            await self._pool.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def schema_version(self) -> int:
        """Return the highest applied migration number."""
        async with self._reading() as conn:
            return await self._schema_version(conn)

    @staticmethod
    async def _schema_version(conn: Connection) -> int:
        value = await conn.fetchval("SELECT MAX(version) FROM schema_migrations")
        return int(value) if value is not None else 0

    async def migrate(self) -> None:
        """Apply every migration not yet applied, each all or nothing."""
        async with self._writing() as conn:
            await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            await conn.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations ("
                " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)")
            current = await self._schema_version(conn)
            if current > LATEST_VERSION:
                raise StorageError(f"database schema version {current} is newer than this bot"
                                   f" ({LATEST_VERSION})")
            for migration in MIGRATIONS[current:]:
                for statement in migration.statements:
                    await conn.execute(statement)
                await conn.execute("INSERT INTO schema_migrations VALUES ($1, $2, $3)",
                                   migration.version, migration.name, now())

    @asynccontextmanager
    async def _reading(self) -> AsyncIterator[Connection]:
        """Lend a connection for reads; driver errors become StorageError."""
        with driver_errors(f"database error in {self.where}"):
            async with self._pool.acquire() as conn:
                yield conn

    @asynccontextmanager
    async def _writing(self) -> AsyncIterator[Connection]:
        """Lend a connection inside one transaction; any exception rolls it back."""
        with driver_errors(f"database error in {self.where}"):
            async with self._pool.acquire() as conn, conn.transaction():
                yield conn

    async def _get_game(self, conn: Connection, game_id: int) -> GameRecord:
        row = await conn.fetchrow(f"SELECT {GAME_COLUMNS} FROM games WHERE id = $1", game_id)
        if row is None:
            raise GameNotFound(f"no game with id {game_id}")
        return game_from_row(row)

    async def _guarded_update(self, conn: Connection, game_id: int, changes: Changes,
                              guard: Guard) -> None:
        """UPDATE one game row if `guard` holds; raise StaleVersion (or GameNotFound) if not."""
        done = await conn.execute(numbered(update_sql(changes, guard)), *changes.values(), now(),
                                  game_id)
        if done != "UPDATE 1":
            raise stale(await self._get_game(conn, game_id), guard)  # or GameNotFound
