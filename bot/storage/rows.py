"""What every backend writes and reads the same way: timestamps, JSON columns, game rows,
and the statements whose SQL both databases read alike (written with `?` placeholders)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any, Final

from bot.storage.records import GameRecord

GAME_COLUMNS: Final = (
    "id, guild_id, channel_id, thread_id, game, preset, options, seats, host_id, status, "
    "state, state_version, table_message_id, lobby_message_id, created_at, updated_at,"
    " session_meta"
)

# Totals per human player, with the name from their most recent result (the
# latest finish; the later game, then the later seat, if two finished at once).
LEADERBOARD: Final = """
WITH mine AS (
    SELECT game_id, seat, user_id, name, points, won, finished_at FROM results
    WHERE guild_id = ? AND game = ? AND is_bot = 0 AND user_id IS NOT NULL
), totals AS (
    SELECT user_id, COUNT(*) AS games, SUM(won) AS wins,
           CAST(SUM(won) AS DOUBLE PRECISION) / COUNT(*) AS win_rate, SUM(points) AS points
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

PLAYER_STATS: Final = (
    "SELECT game, COUNT(*) AS games, SUM(won) AS wins,"
    " CAST(SUM(won) AS DOUBLE PRECISION) / COUNT(*) AS win_rate, SUM(points) AS points"
    " FROM results WHERE guild_id = ? AND user_id = ? AND is_bot = 0"
    " GROUP BY game ORDER BY game"
)

RESULT_COLUMNS: Final = "seat, name, user_id, is_bot, points, won, side"

INSERT_RESULT: Final = (
    "INSERT INTO results (game_id, guild_id, game, user_id, name, seat, side,"
    " is_bot, points, won, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)

BUSY_PLACE: Final = (
    "SELECT id FROM games WHERE COALESCE(thread_id, channel_id) = ?"
    " AND status IN ('lobby', 'running') AND id <> ? LIMIT 1"
)

# The next log row of a game; a missing game gets no row (rather than a foreign-key error).
INSERT_ACTION: Final = (
    "INSERT INTO actions (game_id, seq, seat, action, state_version_after, created_at)"
    " SELECT id, (SELECT COALESCE(MAX(seq), 0) + 1 FROM actions WHERE game_id = ?),"
    " ?, ?, ?, ? FROM games WHERE id = ?"
)

SAVE_SETTINGS: Final = (
    "INSERT INTO guild_settings"
    " (guild_id, locale, use_threads, hand_delivery, turn_seconds, extra)"
    " VALUES (?, ?, ?, ?, ?, ?)"
    " ON CONFLICT (guild_id) DO UPDATE SET locale = excluded.locale,"
    " use_threads = excluded.use_threads, hand_delivery = excluded.hand_delivery,"
    " turn_seconds = excluded.turn_seconds, extra = excluded.extra"
)


def now() -> str:
    """Return the current UTC time as ISO 8601 text (sorts like time)."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def dump(value: object) -> str:
    """Encode a JSON column compactly and deterministically."""
    return json.dumps(value, separators=(",", ":"), sort_keys=True, ensure_ascii=False)


def game_from_row(row: Any) -> GameRecord:
    """Build a GameRecord from a `games` row (GAME_COLUMNS, any backend's row type)."""
    decoded = {"options": json.loads(row["options"]), "seats": json.loads(row["seats"])}
    return GameRecord(**{**dict(row), **decoded})
