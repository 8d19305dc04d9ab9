"""Persistent storage for games, action logs, results and server settings.

The bot talks to the small `Storage` protocol; `SqliteStorage` implements it on
one aiosqlite connection (WAL mode, foreign keys on, numbered migrations). A
PostgreSQL backend can implement the same protocol later.

Snapshots (`state`) are opaque JSON text owned by the engine: storage never
parses them, so a reloaded game gets back exactly the text it saved.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field, fields, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final, Literal, NotRequired, Protocol, Self, TypedDict

import aiosqlite

from bot.migrations import LATEST_VERSION, MIGRATIONS, Migration

__all__ = [
    "ChannelBusy",
    "GameNotFound",
    "GameRecord",
    "GuildSettings",
    "LeaderboardRow",
    "PlayerGameStats",
    "ResultRow",
    "Seat",
    "SqliteStorage",
    "StaleVersion",
    "Storage",
    "StorageError",
    "open_storage",
]

Status = Literal["lobby", "running", "finished", "abandoned"]
STATUSES: Final = ("lobby", "running", "finished", "abandoned")
HAND_DELIVERY: Final = ("dm", "channel")


class StorageError(Exception):
    """The database cannot do what was asked."""


class GameNotFound(StorageError):
    """No game has the given id."""


class StaleVersion(StorageError):
    """The game changed since the caller read it (a double click, a lost race)."""


class ChannelBusy(StorageError):
    """A lobby or running game already occupies that channel or thread."""


class Seat(TypedDict):
    """One seat at a table, as stored in `games.seats`."""

    user_id: int | None
    name: str
    is_bot: bool
    locale: NotRequired[str]


@dataclass(frozen=True)
class GameRecord:
    """One row of `games`, with JSON columns decoded (except the engine snapshot)."""

    id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    game: str
    preset: str
    options: dict[str, Any]
    seats: list[Seat]
    host_id: int
    status: Status
    state: str | None
    state_version: int
    table_message_id: int | None
    lobby_message_id: int | None
    created_at: str
    updated_at: str
    session_meta: str | None = None  # JSON of the session's counters; None until first saved

    @property
    def place_id(self) -> int:
        """Return the id of the channel or thread where the game is played."""
        return self.thread_id if self.thread_id is not None else self.channel_id


@dataclass(frozen=True)
class ResultRow:
    """One seat's final line, given to `record_results`."""

    seat: int
    name: str
    user_id: int | None
    is_bot: bool
    points: int
    won: bool


@dataclass(frozen=True)
class LeaderboardRow:
    """One human player's totals for one game on one server."""

    user_id: int
    name: str
    games: int
    wins: int
    win_rate: float
    points: int


@dataclass(frozen=True)
class PlayerGameStats:
    """One player's totals for one game on one server."""

    game: str
    games: int
    wins: int
    win_rate: float
    points: int


@dataclass(frozen=True)
class GuildSettings:
    """Per-server settings; a server that never saved any gets these defaults."""

    locale: str | None = None
    use_threads: bool = False
    hand_delivery: Literal["dm", "channel"] = "dm"
    turn_seconds: int = 120  # 0 means untimed
    extra: dict[str, Any] = field(default_factory=dict)


class Storage(Protocol):
    """The repository interface the bot uses; backends implement all of it."""

    async def close(self) -> None: ...

    async def create_game(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game: str,
        host_id: int,
        thread_id: int | None = None,
        preset: str = "standard",
        options: dict[str, Any] | None = None,
        seats: Sequence[Seat] = (),
    ) -> int: ...

    async def get_game(self, game_id: int) -> GameRecord: ...

    async def active_game_in_channel(self, place_id: int) -> GameRecord | None: ...

    async def update_lobby(
        self,
        game_id: int,
        *,
        seats: Sequence[Seat] | None = None,
        options: dict[str, Any] | None = None,
        preset: str | None = None,
    ) -> None: ...

    async def start_game(
        self, game_id: int, state_json: str, *, seats: Sequence[Seat] | None = None
    ) -> int: ...

    async def record_action(
        self, game_id: int, seat: int | None, action_text: str, state_json: str, state_version: int
    ) -> None: ...

    async def save_session_meta(self, game_id: int, meta_json: str) -> None: ...

    async def actions(self, game_id: int) -> list[tuple[int, int | None, str, int]]: ...

    async def set_status(self, game_id: int, status: Status) -> None: ...

    async def set_thread(self, game_id: int, thread_id: int | None) -> None: ...

    async def set_message_ids(
        self,
        game_id: int,
        *,
        table_message_id: int | _Unset | None = ...,
        lobby_message_id: int | _Unset | None = ...,
    ) -> None: ...

    async def unfinished_games(self) -> list[GameRecord]: ...

    async def record_results(self, game_id: int, rows: Sequence[ResultRow]) -> None: ...

    async def leaderboard(
        self, guild_id: int, game: str, limit: int = 10
    ) -> list[LeaderboardRow]: ...

    async def player_stats(self, guild_id: int, user_id: int) -> list[PlayerGameStats]: ...

    async def get_guild_settings(self, guild_id: int) -> GuildSettings: ...

    async def set_guild_settings(self, guild_id: int, **changes: Any) -> GuildSettings: ...


class _Unset:
    """Marker type for "leave this column as it is"."""

    def __repr__(self) -> str:
        return "UNSET"


UNSET: Final = _Unset()

_GAME_COLUMNS: Final = (
    "id, guild_id, channel_id, thread_id, game, preset, options, seats, host_id, status, "
    "state, state_version, table_message_id, lobby_message_id, created_at, updated_at,"
    " session_meta"
)


def _now() -> str:
    """Return the current UTC time as ISO 8601 text (sorts like time)."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _dump(value: object) -> str:
    """Encode a JSON column compactly and deterministically."""
    return json.dumps(value, separators=(",", ":"), sort_keys=True, ensure_ascii=False)


def _game_from_row(row: sqlite3.Row) -> GameRecord:
    """Build a GameRecord from a `games` row."""
    return GameRecord(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        thread_id=row["thread_id"],
        game=row["game"],
        preset=row["preset"],
        options=json.loads(row["options"]),
        seats=json.loads(row["seats"]),
        host_id=row["host_id"],
        status=row["status"],
        state=row["state"],
        state_version=row["state_version"],
        table_message_id=row["table_message_id"],
        lobby_message_id=row["lobby_message_id"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        session_meta=row["session_meta"],
    )


def _is_busy_error(exc: sqlite3.IntegrityError) -> bool:
    """Tell whether an IntegrityError comes from the one-game-per-place index."""
    return "games_one_active_per_place" in str(exc)


class SqliteStorage:
    """`Storage` on one SQLite file through one aiosqlite connection."""

    def __init__(self, conn: aiosqlite.Connection, path: Path) -> None:
        self._conn = conn
        self.path = path
        # One connection is shared by every coroutine: without this lock, a
        # statement from one task could land inside another task's transaction.
        self._lock = asyncio.Lock()

    # -- lifecycle ---------------------------------------------------------

    async def close(self) -> None:
        """Close the connection (checkpointing the WAL)."""
        async with self._lock:
            await self._conn.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def schema_version(self) -> int:
        """Return the highest applied migration number."""
        async with self._lock:
            return await self._schema_version()

    async def _schema_version(self) -> int:
        rows = await self._conn.execute_fetchall("SELECT MAX(version) FROM schema_migrations")
        value = next(iter(rows))[0]
        return int(value) if value is not None else 0

    async def _migrate(self) -> None:
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
                (migration.version, migration.name, _now()),
            )

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[None]:
        """Run the body in one write transaction; roll back on any exception."""
        # IMMEDIATE takes the write lock up front, so the version check and
        # the write cannot be separated by another writer.
        await self._conn.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            await self._conn.rollback()
            raise
        else:
            await self._conn.commit()

    # -- games ---------------------------------------------------------------

    async def create_game(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game: str,
        host_id: int,
        thread_id: int | None = None,
        preset: str = "standard",
        options: dict[str, Any] | None = None,
        seats: Sequence[Seat] = (),
    ) -> int:
        """Open a lobby and return its id; raise ChannelBusy if the place has a game."""
        now = _now()
        async with self._lock:
            try:
                async with self._transaction():
                    cursor = await self._conn.execute(
                        "INSERT INTO games (guild_id, channel_id, thread_id, game, preset,"
                        " options, seats, host_id, status, created_at, updated_at)"
                        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'lobby', ?, ?)",
                        (
                            guild_id,
                            channel_id,
                            thread_id,
                            game,
                            preset,
                            _dump(options or {}),
                            _dump(list(seats)),
                            host_id,
                            now,
                            now,
                        ),
                    )
            except sqlite3.IntegrityError as exc:
                if _is_busy_error(exc):
                    place = thread_id if thread_id is not None else channel_id
                    raise ChannelBusy(f"a game is already open in channel {place}") from exc
                raise
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    async def get_game(self, game_id: int) -> GameRecord:
        """Return the game with this id or raise GameNotFound."""
        async with self._lock:
            return await self._get_game(game_id)

    async def _get_game(self, game_id: int) -> GameRecord:
        rows = list(
            await self._conn.execute_fetchall(
                f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,)
            )
        )
        if not rows:
            raise GameNotFound(f"no game with id {game_id}")
        return _game_from_row(rows[0])

    async def active_game_in_channel(self, place_id: int) -> GameRecord | None:
        """Return the lobby or running game in this channel or thread, if any."""
        async with self._lock:
            rows = list(
                await self._conn.execute_fetchall(
                    f"SELECT {_GAME_COLUMNS} FROM games"
                    " WHERE COALESCE(thread_id, channel_id) = ?"
                    " AND status IN ('lobby', 'running')",
                    (place_id,),
                )
            )
        return _game_from_row(rows[0]) if rows else None

    async def update_lobby(
        self,
        game_id: int,
        *,
        seats: Sequence[Seat] | None = None,
        options: dict[str, Any] | None = None,
        preset: str | None = None,
    ) -> None:
        """Change the seats, options or preset of a game still in its lobby."""
        sets: list[str] = []
        params: list[object] = []
        for column, value in (
            ("seats", None if seats is None else _dump(list(seats))),
            ("options", None if options is None else _dump(options)),
            ("preset", preset),
        ):
            if value is not None:
                sets.append(f"{column} = ?")
                params.append(value)
        async with self._lock, self._transaction():
            await self._guarded_update(game_id, sets, params, "status = 'lobby'", "in its lobby")

    async def _guarded_update(
        self, game_id: int, sets: list[str], params: list[object], guard: str, wanted: str
    ) -> None:
        """UPDATE one game row if `guard` holds; raise StaleVersion (or GameNotFound) if not."""
        sql = f"UPDATE games SET {', '.join([*sets, 'updated_at = ?'])} WHERE id = ? AND {guard}"
        cursor = await self._conn.execute(sql, (*params, _now(), game_id))
        if cursor.rowcount == 1:
            return
        game = await self._get_game(game_id)  # raises GameNotFound
        raise StaleVersion(
            f"game {game_id} is no longer {wanted} (status {game.status},"
            f" version {game.state_version})"
        )

    async def start_game(
        self, game_id: int, state_json: str, *, seats: Sequence[Seat] | None = None
    ) -> int:
        """Move a lobby to running with its first snapshot; return the new version (1)."""
        sets = ["status = 'running'", "state = ?", "state_version = 1"]
        params: list[object] = [state_json]
        if seats is not None:
            sets.append("seats = ?")
            params.append(_dump(list(seats)))
        async with self._lock, self._transaction():
            await self._append_action(game_id, None, "start", 1)
            await self._guarded_update(game_id, sets, params, "status = 'lobby'", "in its lobby")
        return 1

    async def record_action(
        self, game_id: int, seat: int | None, action_text: str, state_json: str, state_version: int
    ) -> None:
        """Append an action and store the snapshot it produced, in one transaction.

        `state_version` is the version after the action; the stored version must be
        exactly one less, else StaleVersion is raised and nothing is written.
        """
        async with self._lock, self._transaction():
            # The log row goes first: if the version guard then fails, the
            # rollback removes it, so log and snapshot never disagree.
            await self._append_action(game_id, seat, action_text, state_version)
            await self._guarded_update(
                game_id,
                ["state = ?", "state_version = ?"],
                [state_json, state_version],
                f"state_version = {int(state_version) - 1} AND status = 'running'",
                f"running at version {int(state_version) - 1}",
            )

    async def save_session_meta(self, game_id: int, meta_json: str) -> None:
        """Store a running game's session counters; the state and its version stay as they are.

        Raise StaleVersion if the game is not running (finished games need no counters).
        """
        async with self._lock, self._transaction():
            await self._guarded_update(
                game_id, ["session_meta = ?"], [meta_json], "status = 'running'", "running"
            )

    async def _append_action(
        self, game_id: int, seat: int | None, action_text: str, version_after: int
    ) -> None:
        """Insert the next action row of a game (inside the caller's transaction)."""
        try:
            await self._conn.execute(
                "INSERT INTO actions (game_id, seq, seat, action, state_version_after, created_at)"
                " VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM actions WHERE game_id = ?),"
                " ?, ?, ?, ?)",
                (game_id, game_id, seat, action_text, version_after, _now()),
            )
        except sqlite3.IntegrityError as exc:
            if "FOREIGN KEY" in str(exc):
                raise GameNotFound(f"no game with id {game_id}") from exc
            raise

    async def actions(self, game_id: int) -> list[tuple[int, int | None, str, int]]:
        """Return the game's action log as (seq, seat, action, state_version_after)."""
        async with self._lock:
            rows = await self._conn.execute_fetchall(
                "SELECT seq, seat, action, state_version_after FROM actions"
                " WHERE game_id = ? ORDER BY seq",
                (game_id,),
            )
        return [(r[0], r[1], r[2], r[3]) for r in rows]

    async def set_status(self, game_id: int, status: Status) -> None:
        """Set a game's status (e.g. abandoned); ChannelBusy if reopening clashes."""
        if status not in STATUSES:
            raise ValueError(f"unknown game status {status!r}")
        async with self._lock:
            try:
                async with self._transaction():
                    await self._guarded_update(game_id, ["status = ?"], [status], "1", "open")
            except sqlite3.IntegrityError as exc:
                if _is_busy_error(exc):
                    raise ChannelBusy(f"another game is open where game {game_id} is") from exc
                raise

    async def set_thread(self, game_id: int, thread_id: int | None) -> None:
        """Record the thread opened for a game; ChannelBusy if it already has a game."""
        async with self._lock:
            try:
                async with self._transaction():
                    await self._guarded_update(game_id, ["thread_id = ?"], [thread_id], "1", "open")
            except sqlite3.IntegrityError as exc:
                if _is_busy_error(exc):
                    raise ChannelBusy(f"thread {thread_id} already has a game") from exc
                raise

    async def set_message_ids(
        self,
        game_id: int,
        *,
        table_message_id: int | _Unset | None = UNSET,
        lobby_message_id: int | _Unset | None = UNSET,
    ) -> None:
        """Record the table and/or lobby message ids (omitted ones stay as they are)."""
        sets: list[str] = []
        params: list[object] = []
        for column, value in (
            ("table_message_id", table_message_id),
            ("lobby_message_id", lobby_message_id),
        ):
            if not isinstance(value, _Unset):
                sets.append(f"{column} = ?")
                params.append(value)
        async with self._lock, self._transaction():
            await self._guarded_update(game_id, sets, params, "1", "open")

    async def unfinished_games(self) -> list[GameRecord]:
        """Return every lobby or running game, oldest first (to resume after a restart)."""
        async with self._lock:
            rows = await self._conn.execute_fetchall(
                f"SELECT {_GAME_COLUMNS} FROM games"
                " WHERE status IN ('lobby', 'running') ORDER BY id"
            )
        return [_game_from_row(row) for row in rows]

    # -- results -------------------------------------------------------------

    async def record_results(self, game_id: int, rows: Sequence[ResultRow]) -> None:
        """Store the final results and mark the game finished, in one transaction."""
        now = _now()
        async with self._lock, self._transaction():
            await self._guarded_update(
                game_id, ["status = 'finished'"], [], "status = 'running'", "running"
            )
            game = await self._get_game(game_id)
            await self._conn.executemany(
                "INSERT INTO results (game_id, guild_id, game, user_id, name, seat, is_bot,"
                " points, won, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (
                        game_id,
                        game.guild_id,
                        game.game,
                        r.user_id,
                        r.name,
                        r.seat,
                        int(r.is_bot),
                        r.points,
                        int(r.won),
                        now,
                    )
                    for r in rows
                ],
            )

    async def leaderboard(self, guild_id: int, game: str, limit: int = 10) -> list[LeaderboardRow]:
        """Return the best human players: most wins, then win rate, then points."""
        async with self._lock:
            rows = await self._conn.execute_fetchall(
                # The bare `name` column comes from the row holding MAX(finished_at)
                # (an SQLite rule), i.e. the player's most recent display name.
                "SELECT user_id, name, MAX(finished_at), COUNT(*) AS games, SUM(won) AS wins,"
                " CAST(SUM(won) AS REAL) / COUNT(*) AS win_rate, SUM(points) AS points"
                " FROM results WHERE guild_id = ? AND game = ? AND is_bot = 0"
                " AND user_id IS NOT NULL"
                " GROUP BY user_id"
                " ORDER BY wins DESC, win_rate DESC, points DESC, user_id"
                " LIMIT ?",
                (guild_id, game, limit),
            )
        return [
            LeaderboardRow(
                user_id=r["user_id"],
                name=r["name"],
                games=r["games"],
                wins=r["wins"],
                win_rate=r["win_rate"],
                points=r["points"],
            )
            for r in rows
        ]

    async def player_stats(self, guild_id: int, user_id: int) -> list[PlayerGameStats]:
        """Return one player's games, wins, win rate and points per game, by game name."""
        async with self._lock:
            rows = await self._conn.execute_fetchall(
                "SELECT game, COUNT(*) AS games, SUM(won) AS wins,"
                " CAST(SUM(won) AS REAL) / COUNT(*) AS win_rate, SUM(points) AS points"
                " FROM results WHERE guild_id = ? AND user_id = ? AND is_bot = 0"
                " GROUP BY game ORDER BY game",
                (guild_id, user_id),
            )
        return [
            PlayerGameStats(
                game=r["game"],
                games=r["games"],
                wins=r["wins"],
                win_rate=r["win_rate"],
                points=r["points"],
            )
            for r in rows
        ]

    # -- guild settings --------------------------------------------------------

    async def get_guild_settings(self, guild_id: int) -> GuildSettings:
        """Return the server's settings, or the defaults if it never saved any."""
        async with self._lock:
            return await self._get_guild_settings(guild_id)

    async def _get_guild_settings(self, guild_id: int) -> GuildSettings:
        rows = list(
            await self._conn.execute_fetchall(
                "SELECT locale, use_threads, hand_delivery, turn_seconds, extra"
                " FROM guild_settings WHERE guild_id = ?",
                (guild_id,),
            )
        )
        if not rows:
            return GuildSettings()
        r = rows[0]
        return GuildSettings(
            locale=r["locale"],
            use_threads=bool(r["use_threads"]),
            hand_delivery=r["hand_delivery"],
            turn_seconds=r["turn_seconds"],
            extra=json.loads(r["extra"]),
        )

    async def set_guild_settings(self, guild_id: int, **changes: Any) -> GuildSettings:
        """Change some settings of a server (keyword per field) and return all of them."""
        known = {f.name for f in fields(GuildSettings)}
        unknown = set(changes) - known
        if unknown:
            raise ValueError(f"unknown guild settings: {', '.join(sorted(unknown))}")
        async with self._lock, self._transaction():
            settings = replace(await self._get_guild_settings(guild_id), **changes)
            _check_settings(settings)
            await self._conn.execute(
                "INSERT INTO guild_settings"
                " (guild_id, locale, use_threads, hand_delivery, turn_seconds, extra)"
                " VALUES (?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET locale = excluded.locale,"
                " use_threads = excluded.use_threads, hand_delivery = excluded.hand_delivery,"
                " turn_seconds = excluded.turn_seconds, extra = excluded.extra",
                (
                    guild_id,
                    settings.locale,
                    int(settings.use_threads),
                    settings.hand_delivery,
                    settings.turn_seconds,
                    _dump(settings.extra),
                ),
            )
        return settings


def _check_settings(settings: GuildSettings) -> None:
    """Refuse settings values the bot cannot honour."""
    if settings.hand_delivery not in HAND_DELIVERY:
        raise ValueError(f"hand_delivery must be one of {HAND_DELIVERY}")
    if not isinstance(settings.turn_seconds, int) or settings.turn_seconds < 0:
        raise ValueError("turn_seconds must be a whole number of seconds, 0 for untimed")
    if not isinstance(settings.extra, dict):
        raise TypeError("extra must be a dict (stored as a JSON object)")


async def open_storage(path: str | Path) -> SqliteStorage:
    """Open (creating if needed) the database file and bring its schema up to date."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(path, isolation_level=None)
    except (OSError, sqlite3.Error) as exc:
        raise StorageError(f"cannot open database at {path}: {exc}") from exc
    conn.row_factory = sqlite3.Row
    storage = SqliteStorage(conn, path)
    try:
        await _configure(conn)
        await storage._migrate()
    except BaseException as exc:
        await conn.close()
        if isinstance(exc, sqlite3.Error):
            raise StorageError(f"cannot open database at {path}: {exc}") from exc
        raise
    return storage


async def _configure(conn: aiosqlite.Connection) -> None:
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
