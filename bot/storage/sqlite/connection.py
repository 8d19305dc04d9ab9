"""The SQLite connection every repository of the backend shares: locking, transactions,
migrations, error mapping, and the game-row helpers that games and results both need."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Self, TypeVar, cast

import aiosqlite

from bot.storage.records import GameNotFound, GameRecord, StorageError
from bot.storage.rows import (
    GAME_COLUMNS,
    Changes,
    Guard,
    game_from_row,
    now,
    stale,
    update_sql,
)
from bot.storage.sqlite.migrations import LATEST_VERSION, MIGRATIONS, Migration

T = TypeVar("T")


@contextmanager
def driver_errors(doing: str, *also: type[Exception]) -> Iterator[None]:
    """Turn any sqlite3 error (or one of `also`) raised in the body into a chained StorageError."""
    caught: tuple[type[Exception], ...] = (sqlite3.Error, *also)
    try:
        yield
    except caught as exc:
        raise StorageError(f"{doing}: {exc}") from exc


class SqliteConnection:
    """One SQLite file through one aiosqlite connection, shared by every coroutine."""

    def __init__(self, conn: aiosqlite.Connection, path: Path) -> None:
        self._conn = conn
        self.path = path
        # One connection is shared by every coroutine: without this lock, a
        # statement from one task could land inside another task's transaction.
        self._lock = asyncio.Lock()

    # -- lifecycle -------------------------------------------------------------

    async def close(self) -> None:
        """Close the connection (checkpointing the WAL)."""
        async with self._lock:
            with driver_errors("cannot close the database"):
                await self._conn.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def schema_version(self) -> int:
        """Return the highest applied migration number."""
        async with self._reading():
            return await self._schema_version()

    async def _schema_version(self) -> int:
        rows = await self._conn.execute_fetchall("SELECT MAX(version) FROM schema_migrations")
        value = next(iter(rows))[0]
        return int(value) if value is not None else 0

    async def migrate(self) -> None:
        """Create the bookkeeping table and apply every migration not yet applied."""
        await self._conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations ("
            " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)"
        )
        current = await self._schema_version()
        if current > LATEST_VERSION:
            raise StorageError(
                f"database schema version {current} is newer than this bot ({LATEST_VERSION})"
            )
        for migration in MIGRATIONS:
            if migration.version > current:
                await self._apply(migration)

    async def _apply(self, migration: Migration) -> None:
        """Apply one migration and record it, all or nothing."""
        async with self._transaction():
            for statement in migration.statements:
                await self._conn.execute(statement)
            await self._conn.execute(
                "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
                (migration.version, migration.name, now()),
            )

    # -- access ------------------------------------------------------------------

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[None]:
        """Run the body in one write transaction; roll back on any exception."""
        # IMMEDIATE takes the write lock up front, so a check (version, busy
        # place) and the write that relies on it cannot be split by another writer.
        await self._conn.execute("BEGIN IMMEDIATE")
        try:
            yield
            # Inside the try: a COMMIT that fails (full disk, I/O error) leaves the
            # transaction open, and every later BEGIN on the shared connection would fail.
            await self._conn.commit()
        except BaseException:
            await self._rollback()
            raise

    async def _on_thread(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run `work` on the connection's own thread in one hop (the caller holds the lock)."""
        # aiosqlite makes each statement a hop to its thread and back, and under a busy
        # event loop each hop waits for the GIL (up to the 5 ms switch interval): a whole
        # transaction as one call waits once. `_execute` is aiosqlite's own queue (private).
        conn = self._conn
        run = cast("Callable[[Callable[[], T]], Awaitable[T]]", conn._execute)
        return await run(lambda: work(conn._conn))

    async def _rollback(self) -> None:
        """Roll back whatever is open; a rollback that fails too must not hide the cause."""
        # SQLite may already have ended the transaction itself (it does after some I/O errors).
        with contextlib.suppress(sqlite3.Error):
            await self._conn.rollback()

    @asynccontextmanager
    async def _reading(self) -> AsyncIterator[aiosqlite.Connection]:
        """Hold the connection for reads; driver errors become StorageError."""
        async with self._lock:
            with driver_errors(f"database error in {self.path}"):
                yield self._conn

    @asynccontextmanager
    async def _writing(self) -> AsyncIterator[aiosqlite.Connection]:
        """Hold the connection for one write transaction; driver errors become StorageError."""
        async with self._lock:
            with driver_errors(f"database error in {self.path}"):
                async with self._transaction():
                    yield self._conn

    # -- game rows (inside the caller's lock) --------------------------------------

    async def _get_game(self, game_id: int) -> GameRecord:
        rows = list(
            await self._conn.execute_fetchall(
                f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,)
            )
        )
        if not rows:
            raise GameNotFound(f"no game with id {game_id}")
        return game_from_row(rows[0])

    async def _guarded_update(self, game_id: int, changes: Changes, guard: Guard) -> None:
        """UPDATE one game row if `guard` holds; raise StaleVersion (or GameNotFound) if not."""
        cursor = await self._conn.execute(
            update_sql(changes, guard), (*changes.values(), now(), game_id))
        if cursor.rowcount == 1:
            return
        raise stale(await self._get_game(game_id), guard)  # or GameNotFound


def in_transaction(raw: sqlite3.Connection, work: Callable[[sqlite3.Connection], T]) -> T:
    """Run `work` in one write transaction on the raw connection; roll back on any exception."""
    raw.execute("BEGIN IMMEDIATE")  # the write lock up front, as `_transaction`
    try:
        result = work(raw)
        raw.execute("COMMIT")  # inside the try: a failed COMMIT leaves the transaction open
    except BaseException:
        with contextlib.suppress(sqlite3.Error):  # SQLite may have ended it itself
            raw.execute("ROLLBACK")
        raise
    return result


async def configure(conn: aiosqlite.Connection) -> None:
    """Set the connection pragmas: WAL, foreign keys, durable commits, lock wait."""
    await conn.execute("PRAGMA foreign_keys = ON")
    # Wait for a lock (another process, a backup) instead of failing at once.
    await conn.execute("PRAGMA busy_timeout = 5000")
    rows = list(await conn.execute_fetchall("PRAGMA journal_mode = WAL"))
    if rows[0][0].lower() != "wal":
        raise sqlite3.OperationalError(f"cannot switch to WAL mode (got {rows[0][0]})")
    # FULL makes each confirmed move survive a power cut, not only a crash;
    # turn-based games commit rarely, so the extra fsync costs nothing noticeable.
    await conn.execute("PRAGMA synchronous = FULL")
