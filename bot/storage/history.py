"""What both backends read alike for `/rummy history`: a server's last finished games."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Final

from bot.storage.records import FinishedGame, ResultRow
from bot.storage.rows import GAME_COLUMNS, RESULT_COLUMNS, game_from_row

MAX_HISTORY: Final = 25  # the most games one read returns

# A server's finished games, the latest finish first; `{member}` narrows them to the games a
# member played in (his results name him).
_FINISHED: Final = (
    f"SELECT {GAME_COLUMNS}, r.finished_at AS finished_at FROM games g JOIN ("
    " SELECT game_id, MAX(finished_at) AS finished_at FROM results GROUP BY game_id"
    ") r ON r.game_id = g.id WHERE g.guild_id = ? AND g.status = 'finished'{member}"
    " ORDER BY r.finished_at DESC, g.id DESC LIMIT ?"
)
_MEMBER: Final = " AND EXISTS (SELECT 1 FROM results m WHERE m.game_id = g.id AND m.user_id = ?)"


# The results of the games found, each with the board it is counted on.
RESULTS_OF: Final = f"SELECT game_id, game AS board, {RESULT_COLUMNS} FROM results"


def finished_query(guild_id: int, user_id: int | None, limit: int) -> tuple[str, list[int]]:
    """Return the statement (with `?` placeholders) and its arguments."""
    count = max(0, min(int(limit), MAX_HISTORY))
    if user_id is None:
        return _FINISHED.format(member=""), [guild_id, count]
    return _FINISHED.format(member=_MEMBER), [guild_id, user_id, count]


def result_row(row: Any) -> ResultRow:
    """Build a ResultRow from a results row read with its game id (any backend's row)."""
    return ResultRow(seat=row["seat"], name=row["name"], user_id=row["user_id"],
                     is_bot=bool(row["is_bot"]), points=row["points"], won=bool(row["won"]),
                     side=row["side"])


def finished_games(games: Sequence[Any],
                   results: Iterable[Any]) -> list[FinishedGame]:
    """Put each game's record and its results together, in the games' order."""
    by_game: dict[int, list[ResultRow]] = {}
    boards: dict[int, str] = {}
    for row in results:
        by_game.setdefault(int(row["game_id"]), []).append(result_row(row))
        boards[int(row["game_id"])] = str(row["board"])
    out = []
    for row in games:
        fields = dict(row)
        finished_at = str(fields.pop("finished_at"))
        record = game_from_row(fields)
        out.append(FinishedGame(record, by_game.get(record.id, []), finished_at,
                                boards.get(record.id, record.game)))
    return out
