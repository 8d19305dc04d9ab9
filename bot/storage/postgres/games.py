"""PostgreSQL `GameRepository`: games, their lobby, status, message ids and action log.

Each write is one transaction on a pooled connection. A move's guarded UPDATE waits for the
row lock of a concurrent move on the same game and then sees its new version, so the later
of two moves at one version is refused (StaleVersion), from this process or another.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.jsondata import JsonDict
from bot.storage.contract import ActionLogRow
from bot.storage.leases import PG_CLAIM_GAMES, PG_FREE_GAMES, PG_RELEASE_GAMES, check_lease
from bot.storage.postgres.connection import Connection, Landed, PostgresConnection, numbered
from bot.storage.records import (
    ACTIVE_STATUSES,
    UNSET,
    ChannelBusy,
    GameRecord,
    Seat,
    Status,
    Unset,
    check_status,
)
from bot.storage.rows import (
    ANY_STATUS,
    BUSY_PLACE,
    GAME_COLUMNS,
    IN_LOBBY,
    INSERT_ACTION,
    RUNNING,
    dump,
    game_from_row,
    lobby_changes,
    message_id_changes,
    now,
    place_of,
    running_at,
    stale,
    start_changes,
)

NO_GAME = 0  # identity ids start at 1, so no game has this id
# Whether a logged action is in: a version's log row is written with its snapshot, once.
LOGGED = ("SELECT EXISTS (SELECT 1 FROM actions WHERE game_id = $1 AND state_version_after = $2"
          " AND action = $3 AND seat IS NOT DISTINCT FROM $4)")
META_SAVED = "SELECT session_meta = $2 FROM games WHERE id = $1"
# A move in one statement, so one round trip (not BEGIN, UPDATE, INSERT, COMMIT: four, each
# holding a pool connection while the busy event loop comes back to it). Parameters: state,
# version after, updated at, game id, seat, action. The log row is added only if the snapshot
# was written over the version the move was made from.
RECORD_MOVE = """
WITH moved AS (
    UPDATE games SET state = $1, state_version = $2, updated_at = $3
    WHERE id = $4 AND state_version = $2 - 1 AND status = 'running'
    RETURNING id
)
INSERT INTO actions (game_id, seq, seat, action, state_version_after, created_at)
SELECT id, (SELECT COALESCE(MAX(seq), 0) + 1 FROM actions WHERE game_id = $4), $5, $6, $2, $3
FROM moved
RETURNING seq
"""


def logged(game_id: int, version_after: int, action_text: str, seat: int | None) -> Landed:
    """Return the read-back of an action's log row: whether the move is in the database."""
    return LOGGED, (game_id, version_after, action_text, seat)


class PostgresGames(PostgresConnection):
    """Games and their action log on the pool."""

    async def create_game(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game: str,
        host_id: int,
        thread_id: int | None = None,
        preset: str = "standard",
        options: JsonDict | None = None,
        seats: Sequence[Seat] = (),
    ) -> int:
        """Open a lobby and return its id; raise ChannelBusy if the place has a game."""
        place = place_of(channel_id, thread_id)
        stamp = now()
        async with self._writing() as conn:
            await self._refuse_busy(conn, place, NO_GAME,
                                    f"a game is already open in channel {place}")
            game_id: int = await conn.fetchval(
                "INSERT INTO games (guild_id, channel_id, thread_id, game, preset, options,"
                " seats, host_id, status, created_at, updated_at)"
                " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'lobby', $9, $9) RETURNING id",
                guild_id, channel_id, thread_id, game, preset, dump(options or {}),
                dump(list(seats)), host_id, stamp)
        return game_id

    @staticmethod
    async def _refuse_busy(conn: Connection, place: int, game_id: int, message: str) -> None:
        """Raise ChannelBusy if a game other than `game_id` is open at `place`.

        The unique index on the place settles a race with another process.
        """
        if await conn.fetchval(numbered(BUSY_PLACE), place, game_id) is not None:
            raise ChannelBusy(message)

    async def get_game(self, game_id: int) -> GameRecord:
        """Return the game with this id or raise GameNotFound."""
        async with self._reading() as conn:
            return await self._get_game(conn, game_id)

    async def active_game_in_channel(self, place_id: int) -> GameRecord | None:
        """Return the lobby or running game in this channel or thread, if any."""
        async with self._reading() as conn:
            row = await conn.fetchrow(
                f"SELECT {GAME_COLUMNS} FROM games WHERE COALESCE(thread_id, channel_id) = $1"
                " AND status IN ('lobby', 'running')", place_id)
        return game_from_row(row) if row is not None else None

    async def update_lobby(
        self,
        game_id: int,
        *,
        seats: Sequence[Seat] | None = None,
        options: JsonDict | None = None,
        preset: str | None = None,
        host_id: int | None = None,
    ) -> None:
        """Change the seats, options, preset or host of a game still in its lobby."""
        changes = lobby_changes(seats, options, preset, host_id)
        async with self._writing() as conn:
            await self._guarded_update(conn, game_id, changes, IN_LOBBY)

    async def start_game(
        self, game_id: int, state_json: str, *, seats: Sequence[Seat] | None = None
    ) -> int:
        """Move a lobby to running with its first snapshot; return the new version (1)."""
        async with self._writing(logged(game_id, 1, "start", None)) as conn:
            await self._guarded_update(conn, game_id, start_changes(state_json, seats), IN_LOBBY)
            await self._append_action(conn, game_id, None, "start", 1)
        return 1

    async def record_action(
        self, game_id: int, seat: int | None, action_text: str, state_json: str, state_version: int
    ) -> None:
        """Append an action and store the snapshot it produced, durably, as one unit."""
        async with self._statement(logged(game_id, state_version, action_text, seat)) as conn:
            seq = await conn.fetchval(RECORD_MOVE, state_json, state_version, now(), game_id,
                                      seat, action_text)
            if seq is None:  # nothing written: the game moved on, ended, or is unknown
                raise stale(await self._get_game(conn, game_id), running_at(state_version - 1))

    @staticmethod
    async def _append_action(conn: Connection, game_id: int, seat: int | None,
                             action_text: str, version_after: int) -> None:
        """Insert the next action row of a game (inside the caller's transaction)."""
        await conn.execute(numbered(INSERT_ACTION), game_id, seat, action_text, version_after,
                           now(), game_id)

    async def actions(self, game_id: int) -> list[ActionLogRow]:
        """Return the game's action log as (seq, seat, action, state_version_after)."""
        async with self._reading() as conn:
            rows = await conn.fetch(
                "SELECT seq, seat, action, state_version_after FROM actions"
                " WHERE game_id = $1 ORDER BY seq", game_id)
        return [(r[0], r[1], r[2], r[3]) for r in rows]

    async def save_session_meta(self, game_id: int, meta_json: str) -> None:
        """Store a running game's session counters; the state and its version stay."""
        async with self._writing((META_SAVED, (game_id, meta_json))) as conn:
            await self._guarded_update(conn, game_id, {"session_meta": meta_json}, RUNNING)

    async def set_status(self, game_id: int, status: Status) -> None:
        """Set a game's status (e.g. abandoned); ChannelBusy if reopening clashes."""
        check_status(status)
        async with self._writing() as conn:
            if status in ACTIVE_STATUSES:
                game = await self._get_game(conn, game_id)
                await self._refuse_busy(conn, game.place_id, game_id,
                                        f"another game is open where game {game_id} is")
            await self._guarded_update(conn, game_id, {"status": status}, ANY_STATUS)

    async def set_thread(self, game_id: int, thread_id: int | None) -> None:
        """Record the thread opened for a game; ChannelBusy if it already has a game."""
        async with self._writing() as conn:
            game = await self._get_game(conn, game_id)
            if game.status in ACTIVE_STATUSES:
                place = place_of(game.channel_id, thread_id)
                await self._refuse_busy(conn, place, game_id,
                                        f"thread {thread_id} already has a game")
            await self._guarded_update(conn, game_id, {"thread_id": thread_id}, ANY_STATUS)

    async def set_message_ids(
        self,
        game_id: int,
        *,
        table_message_id: int | Unset | None = UNSET,
        lobby_message_id: int | Unset | None = UNSET,
    ) -> None:
        """Record the table and/or lobby message ids (omitted ones stay as they are)."""
        changes = message_id_changes(table_message_id, lobby_message_id)
        async with self._writing() as conn:
            await self._guarded_update(conn, game_id, changes, ANY_STATUS)

    async def unfinished_games(self) -> list[GameRecord]:
        """Return every lobby or running game, oldest first (to resume after a restart)."""
        async with self._reading() as conn:
            rows = await conn.fetch(f"SELECT {GAME_COLUMNS} FROM games"
                                    " WHERE status IN ('lobby', 'running') ORDER BY id")
        return [game_from_row(row) for row in rows]

    async def claim_games(self, owner: str, game_ids: Sequence[int], *,
                          now: float | None = None, seconds: float) -> set[int]:
        """Take or renew the leases `owner` may hold, in one statement; return the ids it
        holds."""
        check_lease(owner, seconds)
        if not game_ids:
            return set()
        async with self._writing() as conn:
            rows = await conn.fetch(PG_CLAIM_GAMES, owner, list(game_ids), now, seconds)
        return {int(row["id"]) for row in rows}

    async def free_games(self, *, now: float | None = None) -> list[tuple[int, int]]:
        """Return (game id, guild id) of each running game nobody's live lease holds."""
        async with self._reading() as conn:
            rows = await conn.fetch(PG_FREE_GAMES, now)
        return [(int(row["id"]), int(row["guild_id"])) for row in rows]

    async def release_games(self, owner: str, game_ids: Sequence[int]) -> None:
        """Give up `owner`'s leases on these games."""
        if not game_ids:
            return
        async with self._writing() as conn:
            await conn.execute(PG_RELEASE_GAMES, owner, list(game_ids))
