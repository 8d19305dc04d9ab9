"""PostgreSQL `ResultRepository` and `SettingsRepository`: results, boards, server settings."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from bot.storage.postgres.connection import Connection, PostgresConnection, numbered
from bot.storage.ratings import (
    PlayerRating,
    RatingChange,
    change_of,
    change_values,
    is_rated,
    key_of,
    player_rating_of,
    rate_game,
    rating_values,
    rebuilt_values,
    replay,
    result_values,
    skill_of,
    stored_result_of,
)
from bot.storage.records import (
    GuildSettings,
    LeaderboardRow,
    PlayerGameStats,
    ResultRow,
    changed_settings,
)
from bot.storage.rows import (
    GAME_RATING_CHANGES,
    INSERT_RATING_CHANGE,
    INSERT_RESULT,
    LADDER,
    LEADERBOARD,
    NEXT_LADDER_GAME,
    PLAYER_RATINGS,
    PLAYER_STATS,
    RATE_COMPUTER_GAMES,
    RATED_RESULTS,
    RESULT_COLUMNS,
    RUNNING,
    SAVE_RATING,
    SAVE_SETTINGS,
    SKILL_COLUMNS,
    dump,
    now,
)

# Whether a game's end is in: only its results' transaction moves a game to finished.
FINISHED = "SELECT status = 'finished' FROM games WHERE id = $1"


class PostgresResults(PostgresConnection):
    """Results and what is read from them, on the pool."""

    async def record_results(self, game_id: int, rows: Sequence[ResultRow], *,
                             counted_as: str | None = None) -> list[RatingChange]:
        """Store the final results, under `counted_as` or the game's name, mark the game
        finished and rate it, in one transaction; return the rating changes by seat."""
        stamp = now()
        async with self._writing((FINISHED, (game_id,))) as conn:
            await self._guarded_update(conn, game_id, {"status": "finished"}, RUNNING)
            game = await self._get_game(conn, game_id)
            board = counted_as or game.game
            rated = await self._rate(conn, game.guild_id, board, rows) if rows else None
            seq, changes = rated or (None, [])
            await conn.executemany(numbered(INSERT_RESULT), result_values(
                game_id, game.guild_id, board, stamp, rows, seq))
            if seq is not None:
                await conn.executemany(numbered(SAVE_RATING), rating_values(
                    game.guild_id, board, seq, rows, changes))
                await conn.executemany(numbered(INSERT_RATING_CHANGE), change_values(
                    game_id, game.guild_id, board, seq, changes))
        return changes

    @staticmethod
    async def _rate(conn: Connection, guild_id: int, board: str, rows: Sequence[ResultRow]
                    ) -> tuple[int, list[RatingChange]] | None:
        """Rate a game on its ladder (inside the transaction): its ladder game number and the
        changes, or None if the game is not rated.

        The ladder's row, bumped first, stays locked until the commit: another process ending
        a game on the same ladder waits, then reads the ratings this one wrote.
        """
        setting = await conn.fetchval(numbered(RATE_COMPUTER_GAMES), guild_id)
        if not is_rated(rows, True if setting is None else bool(setting)):
            return None
        seq: int = await conn.fetchval(numbered(NEXT_LADDER_GAME), guild_id, board)
        prior = await conn.fetch(
            f"SELECT {SKILL_COLUMNS} FROM ratings WHERE guild_id = $1 AND board = $2"
            " AND player = ANY($3::text[])", guild_id, board, sorted({key_of(r) for r in rows}))
        return seq, rate_game({r["player"]: skill_of(r) for r in prior}, rows)

    async def game_ratings(self, game_id: int) -> list[RatingChange]:
        """Return what a finished game did to its players' ratings, by seat ([] if unrated)."""
        async with self._reading() as conn:
            rows = await conn.fetch(numbered(GAME_RATING_CHANGES), game_id)
        return [change_of(r) for r in rows]

    async def ladder(self, guild_id: int, board: str) -> list[PlayerRating]:
        """Return every rating on one ladder (people and computers), in no set order."""
        async with self._reading() as conn:
            rows = await conn.fetch(numbered(LADDER), guild_id, board)
        return [player_rating_of(r) for r in rows]

    async def player_ratings(self, guild_id: int, user_id: int,
                             recent: int = 5) -> list[PlayerRating]:
        """Return a person's ratings, by board, each with its value before his last `recent`
        rated games there."""
        async with self._reading() as conn:
            rows = await conn.fetch(numbered(PLAYER_RATINGS), guild_id, f"u:{user_id}", recent,
                                    recent, guild_id, f"u:{user_id}")
        return [player_rating_of(r) for r in rows]

    async def rebuild_ratings(self) -> int:
        """Rebuild every ladder from the rated results alone; return how many games it rated."""
        async with self._writing() as conn:
            # Every ladder at once: no game may be rated while they are rewritten.
            await conn.execute("LOCK TABLE ladders IN EXCLUSIVE MODE")
            ladders = replay(stored_result_of(r) for r in await conn.fetch(RATED_RESULTS))
            games, ratings, changes = rebuilt_values(ladders)
            await conn.execute("DELETE FROM rating_changes")
            await conn.execute("DELETE FROM ratings")
            await conn.execute("DELETE FROM ladders")
            await conn.executemany(
                "INSERT INTO ladders (guild_id, board, games) VALUES ($1, $2, $3)", games)
            await conn.executemany(numbered(SAVE_RATING), ratings)
            await conn.executemany(numbered(INSERT_RATING_CHANGE), changes)
        return sum(count for _, _, count in games)

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
            "SELECT locale, use_threads, hand_delivery, turn_seconds, extra, rate_computer_games"
            " FROM guild_settings WHERE guild_id = $1", guild_id)
        if row is None:
            return GuildSettings()
        return GuildSettings(locale=row["locale"], use_threads=bool(row["use_threads"]),
                             hand_delivery=row["hand_delivery"],
                             turn_seconds=row["turn_seconds"], extra=json.loads(row["extra"]),
                             rate_computer_games=bool(row["rate_computer_games"]))

    async def set_guild_settings(self, guild_id: int, **changes: Any) -> GuildSettings:
        """Change some settings of a server (keyword per field) and return all of them."""
        async with self._writing() as conn:
            # One writer per server at a time: a concurrent change is not lost between the
            # read and the write.
            await conn.execute("SELECT pg_advisory_xact_lock($1)", guild_id)
            settings = changed_settings(await self._get_guild_settings(conn, guild_id), changes)
            await conn.execute(numbered(SAVE_SETTINGS), guild_id, settings.locale,
                               int(settings.use_threads), settings.hand_delivery,
                               settings.turn_seconds, dump(settings.extra),
                               int(settings.rate_computer_games))
        return settings
