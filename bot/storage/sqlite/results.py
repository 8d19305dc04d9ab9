"""SQLite `ResultRepository`: final results, the leaderboard and player stats."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from bot.storage.records import LeaderboardRow, PlayerGameStats, ResultRow
from bot.storage.sqlite.connection import SqliteConnection, now

# Totals per human player, with the name from their most recent result (the
# latest finish; the later game, then the later seat, if two finished at once).
# Plain SQL with a window function, so PostgreSQL reads it the same way.
_LEADERBOARD: Final = """
WITH mine AS (
    SELECT game_id, seat, user_id, name, points, won, finished_at FROM results
    WHERE guild_id = ? AND game = ? AND is_bot = 0 AND user_id IS NOT NULL
), totals AS (
    SELECT user_id, COUNT(*) AS games, SUM(won) AS wins,
           CAST(SUM(won) AS REAL) / COUNT(*) AS win_rate, SUM(points) AS points
    FROM mine GROUP BY user_id
), latest AS (
    SELECT user_id, name, ROW_NUMBER() OVER (
        PARTITION BY user_id ORDER BY finished_at DESC, game_id DESC, seat DESC) AS recency
    FROM mine
)
SELECT t.user_id, l.name, t.games, t.wins, t.win_rate, t.points
FROM totals t JOIN latest l ON l.user_id = t.user_id AND l.recency = 1
ORDER BY t.wins DESC, t.win_rate DESC, t.points DESC, t.user_id
LIMIT ?
"""


class SqliteResults(SqliteConnection):
    """Results and what is read from them, on the shared connection."""

    async def record_results(self, game_id: int, rows: Sequence[ResultRow]) -> None:
        """Store the final results and mark the game finished, in one transaction."""
        stamp = now()
        async with self._writing() as conn:
            await self._guarded_update(
                game_id, ["status = 'finished'"], [], "status = 'running'", "running"
            )
            game = await self._get_game(game_id)
            await conn.executemany(
                "INSERT INTO results (game_id, guild_id, game, user_id, name, seat, side,"
                " is_bot, points, won, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (game_id, game.guild_id, game.game, r.user_id, r.name, r.seat, r.side,
                     int(r.is_bot), r.points, int(r.won), stamp)
                    for r in rows
                ],
            )

    async def results(self, game_id: int) -> list[ResultRow]:
        """Return a game's stored results by seat ([] if it has none)."""
        async with self._reading() as conn:
            rows = await conn.execute_fetchall(
                "SELECT seat, name, user_id, is_bot, points, won, side FROM results"
                " WHERE game_id = ? ORDER BY seat",
                (game_id,),
            )
        return [
            ResultRow(**{**dict(r), "is_bot": bool(r["is_bot"]), "won": bool(r["won"])})
            for r in rows
        ]

    async def leaderboard(self, guild_id: int, game: str, limit: int = 10) -> list[LeaderboardRow]:
        """Return the best human players: most wins, then win rate, then points."""
        async with self._reading() as conn:
            rows = await conn.execute_fetchall(_LEADERBOARD, (guild_id, game, limit))
        return [LeaderboardRow(**dict(r)) for r in rows]

    async def player_stats(self, guild_id: int, user_id: int) -> list[PlayerGameStats]:
        """Return one player's games, wins, win rate and points per game, by game name."""
        async with self._reading() as conn:
            rows = await conn.execute_fetchall(
                "SELECT game, COUNT(*) AS games, SUM(won) AS wins,"
                " CAST(SUM(won) AS REAL) / COUNT(*) AS win_rate, SUM(points) AS points"
                " FROM results WHERE guild_id = ? AND user_id = ? AND is_bot = 0"
                " GROUP BY game ORDER BY game",
                (guild_id, user_id),
            )
        return [PlayerGameStats(**dict(r)) for r in rows]
