"""SQLite read of a server's last finished games, for `/rummy history`."""

from __future__ import annotations

from bot.storage.history import RESULTS_OF, finished_games, finished_query
from bot.storage.records import FinishedGame
from bot.storage.sqlite.connection import SqliteConnection


class SqliteHistory(SqliteConnection):
    """Finished games and their results, on the shared connection."""

    async def finished_games(self, guild_id: int, *, user_id: int | None = None,
                             limit: int = 10) -> list[FinishedGame]:
        """Return the server's last finished games (a member's, if named), latest first."""
        sql, args = finished_query(guild_id, user_id, limit)
        async with self._reading() as conn:
            games = list(await conn.execute_fetchall(sql, args))
            ids = [int(g["id"]) for g in games]
            marks = ", ".join("?" for _ in ids)
            results = list(await conn.execute_fetchall(
                f"{RESULTS_OF} WHERE game_id IN ({marks})"
                " ORDER BY game_id, seat", ids)) if ids else []
        return finished_games(games, results)
