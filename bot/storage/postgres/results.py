"""PostgreSQL `ResultRepository` and `SettingsRepository`: results, boards, server settings."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from bot.storage.postgres.connection import Connection, PostgresConnection, numbered
from bot.storage.records import (
    GuildSettings,
    LeaderboardRow,
    PlayerGameStats,
    ResultRow,
    changed_settings,
)
from bot.storage.rows import (
    INSERT_RESULT,
    LEADERBOARD,
    PLAYER_STATS,
    RESULT_COLUMNS,
    RUNNING,
    SAVE_SETTINGS,
    dump,
    now,
)


class PostgresResults(PostgresConnection):
    """Results and what is read from them, on the pool."""

    async def record_results(self, game_id: int, rows: Sequence[ResultRow], *,
                             counted_as: str | None = None) -> None:
        """Store the final results, under `counted_as` or the game's name, and mark the game
        finished, in one transaction."""
        stamp = now()
        async with self._writing() as conn:
            await self._guarded_update(conn, game_id, {"status": "finished"}, RUNNING)
            game = await self._get_game(conn, game_id)
            await conn.executemany(numbered(INSERT_RESULT), [
                (game_id, game.guild_id, counted_as or game.game, r.user_id, r.name, r.seat,
                 r.side, int(r.is_bot), r.points, int(r.won), stamp) for r in rows])

    async def results(self, game_id: int) -> list[ResultRow]:
        """Return a game's stored results by seat ([] if it has none)."""
        async with self._reading() as conn:
            rows = await conn.fetch(
                f"SELECT {RESULT_COLUMNS} FROM results WHERE game_id = $1 ORDER BY seat",
                game_id)
        return [ResultRow(**{**dict(r), "is_bot": bool(r["is_bot"]), "won": bool(r["won"])})
                for r in rows]

    async def leaderboard(self, guild_id: int, game: str, limit: int = 10) -> list[LeaderboardRow]:
        """Return the best human players: most wins, then win rate, then points."""
        async with self._reading() as conn:
            rows = await conn.fetch(numbered(LEADERBOARD), guild_id, game, limit)
        return [LeaderboardRow(**dict(r)) for r in rows]

    async def player_stats(self, guild_id: int, user_id: int) -> list[PlayerGameStats]:
        """Return one player's games, wins, win rate, points and best result per game, by name."""
        async with self._reading() as conn:
            rows = await conn.fetch(numbered(PLAYER_STATS), guild_id, user_id)
        return [PlayerGameStats(**dict(r)) for r in rows]


class PostgresSettings(PostgresConnection):
    """Server settings on the pool."""

    async def get_guild_settings(self, guild_id: int) -> GuildSettings:
        """Return the server's settings, or the defaults if it never saved any."""
        async with self._reading() as conn:
            return await self._get_guild_settings(conn, guild_id)

    @staticmethod
    async def _get_guild_settings(conn: Connection, guild_id: int) -> GuildSettings:
        row = await conn.fetchrow(
            "SELECT locale, use_threads, hand_delivery, turn_seconds, extra"
            " FROM guild_settings WHERE guild_id = $1", guild_id)
        if row is None:
            return GuildSettings()
        return GuildSettings(locale=row["locale"], use_threads=bool(row["use_threads"]),
                             hand_delivery=row["hand_delivery"],
                             turn_seconds=row["turn_seconds"], extra=json.loads(row["extra"]))

    async def set_guild_settings(self, guild_id: int, **changes: Any) -> GuildSettings:
        """Change some settings of a server (keyword per field) and return all of them."""
        async with self._writing() as conn:
            # One writer per server at a time: a concurrent change is not lost between the
            # read and the write.
            await conn.execute("SELECT pg_advisory_xact_lock($1)", guild_id)
            settings = changed_settings(await self._get_guild_settings(conn, guild_id), changes)
            await conn.execute(numbered(SAVE_SETTINGS), guild_id, settings.locale,
                               int(settings.use_threads), settings.hand_delivery,
                               settings.turn_seconds, dump(settings.extra))
        return settings
