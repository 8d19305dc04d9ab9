"""SQLite `ResultRepository`: final results, the leaderboard and player stats."""

from __future__ import annotations

from collections.abc import Sequence

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
from bot.storage.records import LeaderboardRow, PlayerGameStats, ResultRow
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
    SKILL_COLUMNS,
    now,
)
from bot.storage.sqlite.connection import SqliteConnection


class SqliteResults(SqliteConnection):
    """Results and what is read from them, on the shared connection."""

    async def record_results(self, game_id: int, rows: Sequence[ResultRow], *,
                             counted_as: str | None = None) -> list[RatingChange]:
        """Store the final results, under `counted_as` or the game's name, mark the game
        finished and rate it, in one transaction; return the rating changes by seat."""
        stamp = now()
        async with self._writing() as conn:
            await self._guarded_update(game_id, {"status": "finished"}, RUNNING)
            game = await self._get_game(game_id)
            board = counted_as or game.game
            # The write lock (BEGIN IMMEDIATE) is held: no other game ends in between.
            rated = await self._rate(game.guild_id, board, rows) if rows else None
            seq, changes = rated or (None, [])
            await conn.executemany(INSERT_RESULT, result_values(
                game_id, game.guild_id, board, stamp, rows, seq))
            if seq is not None:
                await conn.executemany(SAVE_RATING, rating_values(
                    game.guild_id, board, seq, rows, changes))
                await conn.executemany(INSERT_RATING_CHANGE, change_values(
                    game_id, game.guild_id, board, seq, changes))
        return changes

    async def _rate(self, guild_id: int, board: str, rows: Sequence[ResultRow]
                    ) -> tuple[int, list[RatingChange]] | None:
        """Rate a game on its ladder (inside the transaction): its ladder game number and the
        changes, or None if the game is not rated."""
        setting = list(await self._conn.execute_fetchall(RATE_COMPUTER_GAMES, (guild_id,)))
        if not is_rated(rows, bool(setting[0][0]) if setting else True):
            return None
        [(seq,)] = await self._conn.execute_fetchall(NEXT_LADDER_GAME, (guild_id, board))
        players = sorted({key_of(r) for r in rows})
        prior = await self._conn.execute_fetchall(
            f"SELECT {SKILL_COLUMNS} FROM ratings WHERE guild_id = ? AND board = ?"
            f" AND player IN ({', '.join('?' * len(players))})", (guild_id, board, *players))
        return int(seq), rate_game({r["player"]: skill_of(r) for r in prior}, rows)

    async def game_ratings(self, game_id: int) -> list[RatingChange]:
        """Return what a finished game did to its players' ratings, by seat ([] if unrated)."""
        async with self._reading() as conn:
            rows = await conn.execute_fetchall(GAME_RATING_CHANGES, (game_id,))
        return [change_of(r) for r in rows]

    async def ladder(self, guild_id: int, board: str) -> list[PlayerRating]:
        """Return every rating on one ladder (people and computers), in no set order."""
        async with self._reading() as conn:
            rows = await conn.execute_fetchall(LADDER, (guild_id, board))
        return [player_rating_of(r) for r in rows]

    async def player_ratings(self, guild_id: int, user_id: int,
                             recent: int = 5) -> list[PlayerRating]:
        """Return a person's ratings, by board, each with its value before his last `recent`
        rated games there."""
        async with self._reading() as conn:
            rows = await conn.execute_fetchall(
                PLAYER_RATINGS, (guild_id, f"u:{user_id}", recent, recent, guild_id,
                                 f"u:{user_id}"))
        return [player_rating_of(r) for r in rows]

    async def rebuild_ratings(self) -> int:
        """Rebuild every ladder from the rated results alone; return how many games it rated."""
        async with self._writing() as conn:
            results = await conn.execute_fetchall(RATED_RESULTS)
            ladders = replay(stored_result_of(r) for r in results)
            games, ratings, changes = rebuilt_values(ladders)
            for table in ("ladders", "ratings", "rating_changes"):
                await conn.execute(f"DELETE FROM {table}")
            await conn.executemany(
                "INSERT INTO ladders (guild_id, board, games) VALUES (?, ?, ?)", games)
            await conn.executemany(SAVE_RATING, ratings)
            await conn.executemany(INSERT_RATING_CHANGE, changes)
        return sum(count for _, _, count in games)

    async def results(self, game_id: int) -> list[ResultRow]:
        """Return a game's stored results by seat ([] if it has none)."""
        async with self._reading() as conn:
            rows = await conn.execute_fetchall(
                f"SELECT {RESULT_COLUMNS} FROM results WHERE game_id = ? ORDER BY seat",
                (game_id,),
            )
        return [
            ResultRow(**{**dict(r), "is_bot": bool(r["is_bot"]), "won": bool(r["won"])})
            for r in rows
        ]

    async def leaderboard(self, guild_id: int, game: str, limit: int = 10) -> list[LeaderboardRow]:
        """Return the best human players: most wins, then win rate, then points."""
        async with self._reading() as conn:
            rows = await conn.execute_fetchall(LEADERBOARD, (guild_id, game, limit))
        return [LeaderboardRow(**dict(r)) for r in rows]

    async def player_stats(self, guild_id: int, user_id: int) -> list[PlayerGameStats]:
        """Return one player's games, wins, win rate, points and best result per game, by name."""
        async with self._reading() as conn:
            rows = await conn.execute_fetchall(
                PLAYER_STATS,
                (guild_id, user_id),
            )
        return [PlayerGameStats(**dict(r)) for r in rows]
