"""The PostgreSQL pool every repository of the backend shares: transactions, migrations,
error mapping, and the game-row helpers that games and results both need.

A write whose COMMIT was sent but not answered (the server restarting, the connection lost
while committing or while the pool takes the connection back) may or may not be in the
database. Such a write is settled by reading back what the database holds before its caller
hears anything: a move the database keeps stands, one it lacks is refused. An outage is told
once (a warning when the database stops answering, a line when it answers again), not by a
traceback for every failed save and every reconnect of the pool.
"""

from __future__ import annotations

import asyncio
import logging
import math
import re
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from functools import lru_cache
from typing import TYPE_CHECKING, Self, TypeAlias

import asyncpg

from bot.storage.postgres.schema import LATEST_VERSION, MIGRATIONS
from bot.storage.records import (
    ChannelBusy,
    GameNotFound,
    GameRecord,
    OutcomeUnknown,
    StorageError,
    StorageUnavailable,
)
from bot.storage.rows import GAME_COLUMNS, Changes, Guard, game_from_row, now, stale, update_sql

if TYPE_CHECKING:  # the driver's classes take no type arguments at run time
    Connection: TypeAlias = asyncpg.pool.PoolConnectionProxy[asyncpg.Record]
    Pool: TypeAlias = asyncpg.Pool[asyncpg.Record]
else:
    Connection, Pool = asyncpg.pool.PoolConnectionProxy, asyncpg.Pool
# Migrations run once however many processes start together: they queue on this lock.
MIGRATION_LOCK = 7_270_051
# What the driver raises when the server cannot be reached now (down, restarting, starting,
# the connection lost, the protocol left mid-operation by a dropped connection), rather than
# because a statement is wrong.
UNAVAILABLE = (asyncpg.InterfaceError, asyncpg.InternalClientError, OSError,
               asyncpg.PostgresConnectionError, asyncpg.OperatorInterventionError)
DRIVER_ERRORS = (asyncpg.PostgresError, *UNAVAILABLE)
# How long a write whose commit went unanswered waits for the database to say whether it
# holds it, and the pause between two tries.
SETTLE_SECONDS = 10.0
SETTLE_PAUSE = 0.2
# A failure this soon after the database answered again is of the same outage: told once.
RELAPSE_SECONDS = 5.0
# The pool's own note of each failed reconnect, with its traceback: the outage says it once.
POOL_RECONNECT = "Failed to restore the pool connection floor"

log = logging.getLogger(__name__)

# A query answering whether a write is in the database, and its arguments: see _settle.
Landed: TypeAlias = tuple[str, tuple[object, ...]]


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
    except UNAVAILABLE as exc:
        raise StorageUnavailable(f"{doing}: {_said(exc)}") from exc
    except asyncpg.PostgresError as exc:
        raise StorageError(f"{doing}: {exc}") from exc


def _said(error: BaseException) -> str:
    """Return an error in one line: its class and its message."""
    return f"{type(error).__name__}: {error}".strip().rstrip(":")


class _QuietReconnects(logging.Filter):
    """Turn the pool's warning with a traceback for each failed reconnect into a debug line:
    the outage is told once."""

    def filter(self, record: logging.LogRecord) -> bool:
        if str(record.msg).startswith(POOL_RECONNECT) and record.exc_info:
            error = record.exc_info[1]
            record.msg, record.args = f"{POOL_RECONNECT}: %s", (error and _said(error),)
            record.exc_info = record.exc_text = None
            record.levelno, record.levelname = logging.DEBUG, "DEBUG"
        return True


def quiet_pool_reconnects() -> None:
    """Install the filter on asyncpg's pool logger (once)."""
    pool_log = logging.getLogger("asyncpg.pool")
    if not any(isinstance(f, _QuietReconnects) for f in pool_log.filters):
        pool_log.addFilter(_QuietReconnects())


class Outage:
    """Whether the database has stopped answering, told once when it starts and once when
    it ends.

    A failure soon after the database answered again (a connection cut by the restart and
    lent once more) belongs to the same outage: it is not told again.
    """

    def __init__(self, where: str) -> None:
        self.where = where
        self.since: float | None = None  # when the outage began; None while the database answers
        self.told = False  # whether this outage's start has been told
        self.relapse = False  # whether it began right after the last one ended
        self.ended_at = -math.inf  # no outage ended yet

    def began(self, error: StorageUnavailable) -> None:
        """Note a failure to reach the database; warn only once an outage, at its first
        failure (or, for a relapse, once it has lasted)."""
        now = time.monotonic()
        if self.since is None:
            self.since = now
            self.relapse = now - self.ended_at < RELAPSE_SECONDS
        if self.told:
            return
        if self.relapse and now - self.since < RELAPSE_SECONDS:
            log.debug("database %s unreachable again (%s)", self.where, error)
            return
        self.told = True
        log.warning("database %s unreachable, saves are refused until it is back (%s)",
                    self.where, error.__cause__ and _said(error.__cause__))

    def ended(self) -> None:
        """Note that the database answered; tell it if its outage was told."""
        if self.since is None:
            return
        self.ended_at = time.monotonic()
        if self.told:
            log.info("database %s reachable again after %.1f s", self.where,
                     self.ended_at - self.since)
        self.since, self.told = None, False


class PostgresConnection:
    """A pool of connections to one database, shared by every coroutine and process."""

    def __init__(self, pool: Pool, dsn: str) -> None:
        self._pool = pool
        self._dsn = dsn
        self.where = redacted(dsn)
        self.outage = Outage(self.where)
        self.settle_seconds = SETTLE_SECONDS
        quiet_pool_reconnects()

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
    async def _watched(self) -> AsyncIterator[None]:
        """Map driver errors to StorageError, and keep the outage's state."""
        try:
            with driver_errors(f"database error in {self.where}"):
                yield
        except StorageUnavailable as error:
            # The pool's idle connections see their socket close and reconnect when lent
            # next; expiring them instead would close the dead ones in tasks whose broken
            # pipe asyncio logs with a traceback.
            self.outage.began(error)
            raise
        self.outage.ended()

    @asynccontextmanager
    async def _reading(self) -> AsyncIterator[Connection]:
        """Lend a connection for reads; driver errors become StorageError."""
        async with self._watched(), self._pool.acquire() as conn:
            yield conn

    @asynccontextmanager
    async def _writing(self, landed: Landed | None = None) -> AsyncIterator[Connection]:
        """Lend a connection inside one transaction; any exception rolls it back.

        If the connection fails once the body is done (committing, or the pool taking the
        connection back), whether the write is in the database is read back with `landed`:
        if it is, the write stands and nothing is raised. Without `landed` the write is
        reported failed (for writes no player's move hangs on).
        """
        committing = False
        try:
            async with self._watched(), self._pool.acquire() as conn, conn.transaction():
                yield conn
                committing = True
        except StorageUnavailable as error:
            if not committing or landed is None:
                raise
            await self._settle(landed, error)

    @asynccontextmanager
    async def _statement(self, landed: Landed) -> AsyncIterator[Connection]:
        """Lend a connection for one statement that commits by itself: no transaction's
        round trips. If the connection fails once lent, whether the write is in the database
        is read back with `landed`, as for a commit that went unanswered."""
        lent = done = False
        try:
            async with self._watched(), self._pool.acquire() as conn:
                lent = True
                yield conn
                done = True
        except StorageUnavailable as error:
            # Not sent: no connection, or the driver refused to start the statement.
            if not lent or (not done and isinstance(error.__cause__, asyncpg.InternalClientError)):
                raise
            await self._settle(landed, error)

    async def _settle(self, landed: Landed, error: StorageUnavailable) -> None:
        """Return if the database holds a write whose commit went unanswered; raise
        StorageUnavailable if it does not, or if it cannot tell in time (logged)."""
        deadline = time.monotonic() + self.settle_seconds
        while True:
            try:
                async with self._watched():
                    held = await self._read_back(landed)
                break
            except StorageUnavailable:
                if time.monotonic() >= deadline:
                    log.error("database %s: a write's commit went unanswered and the database"
                              " did not say whether it holds it (%s)", self.where, error)
                    raise OutcomeUnknown(f"not known whether it was saved ({error})"
                                         ) from error
                await asyncio.sleep(SETTLE_PAUSE)
        if not held:  # lost with the connection: refused like any save of the outage
            raise StorageUnavailable(f"not saved: the commit went unanswered ({error})"
                                     ) from error
        log.info("database %s: a write stands though its connection failed at the commit (%s)",
                 self.where, error)

    async def _read_back(self, landed: Landed) -> bool:
        """Ask a new connection whether the write is in; waits for a commit still running."""
        conn = await asyncpg.connect(self._dsn, timeout=2)
        try:
            async with conn.transaction():
                # The write locked its game's row: wait until its transaction has ended.
                await conn.execute("SET LOCAL lock_timeout = '2s'")
                sql, args = landed
                try:
                    await conn.execute("SELECT 1 FROM games WHERE id = $1 FOR SHARE", args[0])
                except asyncpg.LockNotAvailableError as exc:  # asked again until the deadline
                    raise TimeoutError("the write's game is still locked") from exc
                return bool(await conn.fetchval(sql, *args))
        finally:
            await conn.close()

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
