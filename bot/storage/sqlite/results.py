"""SQLite `ResultRepository`: final results, the leaderboard and player stats."""

from __future__ import annotations

from collections.abc import Sequence

from bot.storage.records import LeaderboardRow, PlayerGameStats, ResultRow
from bot.storage.rows import (
    INSERT_RESULT,
    LEADERBOARD,
    PLAYER_STATS,
    RESULT_COLUMNS,
    RUNNING,
    now,
)
from bot.storage.sqlite.connection import SqliteConnection


class SqliteResults(SqliteConnection):
    """Results and what is read from them, on the shared connection."""

    async def record_results(self, game_id: int, rows: Sequence[ResultRow], *,
                             counted_as: str | None = None) -> None:
        """Store the final results, under `counted_as` or the game's name, and mark the game
        finished, in one transaction."""
        stamp = now()
        async with self._writing() as conn:
            await self._guarded_update(game_id, {"status": "finished"}, RUNNING)
            game = await self._get_game(game_id)
            await conn.executemany(
                INSERT_RESULT,
                [
                    (game_id, game.guild_id, counted_as or game.game, r.user_id, r.name, r.seat,
                     r.side, int(r.is_bot), r.points, int(r.won), stamp)
                    for r in rows
                ],
            )

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
