"""SQLite `GameRepository`: games, their lobby, status and message ids (the log: actions.py)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.jsondata import JsonDict
from bot.storage.leases import (
    SQLITE_CLAIM_GAME,
    SQLITE_FREE_GAMES,
    SQLITE_RELEASE_GAME,
    check_lease,
)
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
    RUNNING,
    dump,
    game_from_row,
    lobby_changes,
    message_id_changes,
    now,
    place_of,
    start_changes,
)
from bot.storage.sqlite.actions import SqliteActions

NO_GAME = 0  # SQLite row ids start at 1, so no game has this id


class SqliteGames(SqliteActions):
    """Games and their action log on the shared connection."""

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
            await self._refuse_busy(place, NO_GAME, f"a game is already open in channel {place}")
            cursor = await conn.execute(
                "INSERT INTO games (guild_id, channel_id, thread_id, game, preset,"
                " options, seats, host_id, status, created_at, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'lobby', ?, ?)",
                (guild_id, channel_id, thread_id, game, preset, dump(options or {}),
                 dump(list(seats)), host_id, stamp, stamp),
            )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    async def _refuse_busy(self, place: int, game_id: int, message: str) -> None:
        """Raise ChannelBusy if a game other than `game_id` is open at `place`.

        Run inside the write transaction: its lock keeps the answer true until
        the write. The unique index on the place stays as the last safeguard.
        """
        rows = await self._conn.execute_fetchall(BUSY_PLACE, (place, game_id))
        if list(rows):
            raise ChannelBusy(message)

    async def get_game(self, game_id: int) -> GameRecord:
        """Return the game with this id or raise GameNotFound."""
        async with self._reading():
            return await self._get_game(game_id)

    async def active_game_in_channel(self, place_id: int) -> GameRecord | None:
        """Return the lobby or running game in this channel or thread, if any."""
        async with self._reading() as conn:
            rows = list(
                await conn.execute_fetchall(
                    f"SELECT {GAME_COLUMNS} FROM games"
                    " WHERE COALESCE(thread_id, channel_id) = ?"
                    " AND status IN ('lobby', 'running')",
                    (place_id,),
                )
            )
        return game_from_row(rows[0]) if rows else None

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
        async with self._writing():
            await self._guarded_update(game_id, changes, IN_LOBBY)

    async def start_game(
        self, game_id: int, state_json: str, *, seats: Sequence[Seat] | None = None
    ) -> int:
        """Move a lobby to running with its first snapshot; return the new version (1)."""
        async with self._writing():
            await self._append_action(game_id, None, "start", 1)
            await self._guarded_update(game_id, start_changes(state_json, seats), IN_LOBBY)
        return 1

    async def save_session_meta(self, game_id: int, meta_json: str) -> None:
        """Store a running game's session counters; the state and its version stay as they are.

        Raise StaleVersion if the game is not running (finished games need no counters).
        """
        async with self._writing():
            await self._guarded_update(game_id, {"session_meta": meta_json}, RUNNING)

    async def set_status(self, game_id: int, status: Status) -> None:
        """Set a game's status (e.g. abandoned); ChannelBusy if reopening clashes."""
        check_status(status)
        async with self._writing():
            if status in ACTIVE_STATUSES:
                game = await self._get_game(game_id)
                await self._refuse_busy(
                    game.place_id, game_id, f"another game is open where game {game_id} is"
                )
            await self._guarded_update(game_id, {"status": status}, ANY_STATUS)

    async def set_thread(self, game_id: int, thread_id: int | None) -> None:
        """Record the thread opened for a game; ChannelBusy if it already has a game."""
        async with self._writing():
            game = await self._get_game(game_id)
            if game.status in ACTIVE_STATUSES:
                place = place_of(game.channel_id, thread_id)
                await self._refuse_busy(place, game_id, f"thread {thread_id} already has a game")
            await self._guarded_update(game_id, {"thread_id": thread_id}, ANY_STATUS)

    async def set_message_ids(
        self,
        game_id: int,
        *,
        table_message_id: int | Unset | None = UNSET,
        lobby_message_id: int | Unset | None = UNSET,
    ) -> None:
        """Record the table and/or lobby message ids (omitted ones stay as they are)."""
        changes = message_id_changes(table_message_id, lobby_message_id)
        async with self._writing():
            await self._guarded_update(game_id, changes, ANY_STATUS)

    async def unfinished_games(self) -> list[GameRecord]:
        """Return every lobby or running game, oldest first (to resume after a restart)."""
        async with self._reading() as conn:
            rows = await conn.execute_fetchall(
                f"SELECT {GAME_COLUMNS} FROM games"
                " WHERE status IN ('lobby', 'running') ORDER BY id"
            )
        return [game_from_row(row) for row in rows]

    async def claim_games(self, owner: str, game_ids: Sequence[int], *,
                          now: float | None = None, seconds: float) -> set[int]:
        """Take or renew the leases `owner` may hold; return the ids it holds."""
        check_lease(owner, seconds)
        held: set[int] = set()
        async with self._writing() as conn:
            for game_id in game_ids:
                cursor = await conn.execute(SQLITE_CLAIM_GAME,
                                            (owner, now, seconds, game_id, owner, now))
                if cursor.rowcount == 1:
                    held.add(game_id)
        return held

    async def free_games(self, *, now: float | None = None) -> list[tuple[int, int]]:
        """Return (game id, guild id) of each running game nobody's live lease holds."""
        async with self._reading() as conn:
            rows = await conn.execute_fetchall(SQLITE_FREE_GAMES, (now,))
        return [(int(row[0]), int(row[1])) for row in rows]

    async def release_games(self, owner: str, game_ids: Sequence[int]) -> None:
        """Give up `owner`'s leases on these games."""
        async with self._writing() as conn:
            await conn.executemany(SQLITE_RELEASE_GAME, [(game_id, owner) for game_id in game_ids])
