"""What every backend writes and reads the same way: timestamps, JSON columns, game rows,
and the statements whose SQL both databases read alike (written with `?` placeholders)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any, Final, NamedTuple

from bot.jsondata import JsonDict
from bot.storage.records import UNSET, GameRecord, Seat, StaleVersion, Unset

Changes = dict[str, Any]  # column -> new value of a games row

GAME_COLUMNS: Final = (
    "id, guild_id, channel_id, thread_id, game, preset, options, seats, host_id, status, "
    "state, state_version, table_message_id, lobby_message_id, created_at, updated_at,"
    " session_meta"
)

# Totals per human player, with the name from their most recent result (the
# latest finish; the later game, then the later seat, if two finished at once).
# Most wins first (a player who never won is never above one who did), then the higher
# win rate (as many wins in fewer games), then points.
LEADERBOARD: Final = """
WITH mine AS (
    SELECT game_id, seat, user_id, name, points, won, finished_at FROM results
    WHERE guild_id = ? AND game = ? AND is_bot = 0 AND user_id IS NOT NULL
), totals AS (
    SELECT user_id, COUNT(*) AS games, SUM(won) AS wins,
           CAST(SUM(won) AS DOUBLE PRECISION) / COUNT(*) AS win_rate, SUM(points) AS points,
           MAX(points) AS best
    FROM mine GROUP BY user_id
), latest AS (
    SELECT user_id, name, ROW_NUMBER() OVER (
        PARTITION BY user_id ORDER BY finished_at DESC, game_id DESC, seat DESC) AS recency
    FROM mine
)
SELECT t.user_id, l.name, t.games, t.wins, t.win_rate, t.points, t.best
FROM totals t JOIN latest l ON l.user_id = t.user_id AND l.recency = 1
ORDER BY t.wins DESC, t.win_rate DESC, t.points DESC, t.user_id
LIMIT ?
"""

PLAYER_STATS: Final = (
    "SELECT game, COUNT(*) AS games, SUM(won) AS wins,"
    " CAST(SUM(won) AS DOUBLE PRECISION) / COUNT(*) AS win_rate, SUM(points) AS points,"
    " MAX(points) AS best FROM results WHERE guild_id = ? AND user_id = ? AND is_bot = 0"
    " GROUP BY game ORDER BY game"
)

RESULT_COLUMNS: Final = "seat, name, user_id, is_bot, points, won, side, place, level"

INSERT_RESULT: Final = (
    "INSERT INTO results (game_id, guild_id, game, user_id, name, seat, side,"
    " is_bot, points, won, finished_at, place, level, rated_seq)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)

# --- ratings (bot/storage/ratings.py) ---------------------------------------------------------

RATE_COMPUTER_GAMES: Final = "SELECT rate_computer_games FROM guild_settings WHERE guild_id = ?"

# The next game number of a ladder. Its row stays locked until the commit: two games ending
# at once on one ladder are rated one after the other, each from the other's ratings.
NEXT_LADDER_GAME: Final = (
    "INSERT INTO ladders (guild_id, board, games) VALUES (?, ?, 1)"
    " ON CONFLICT (guild_id, board) DO UPDATE SET games = ladders.games + 1 RETURNING games"
)

SKILL_COLUMNS: Final = "player, mu, sigma, games, wins"

SAVE_RATING: Final = (
    "INSERT INTO ratings (guild_id, board, player, user_id, name, mu, sigma, games, wins,"
    " last_seq) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
    " ON CONFLICT (guild_id, board, player) DO UPDATE SET user_id = excluded.user_id,"
    " name = excluded.name, mu = excluded.mu, sigma = excluded.sigma, games = excluded.games,"
    " wins = excluded.wins, last_seq = excluded.last_seq"
)

INSERT_RATING_CHANGE: Final = (
    "INSERT INTO rating_changes (game_id, seat, guild_id, board, seq, player, mu_before,"
    " sigma_before, mu_after, sigma_after, games_after) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)

RATING_COLUMNS: Final = "board, player, user_id, name, mu, sigma, games, wins"

LADDER: Final = f"SELECT {RATING_COLUMNS} FROM ratings WHERE guild_id = ? AND board = ?"

# A person's rating on each board, with what it was before his last few rated games.
PLAYER_RATINGS: Final = f"""
WITH recent AS (
    SELECT board, mu_before, sigma_before, ROW_NUMBER() OVER (
        PARTITION BY board ORDER BY seq DESC) AS back
    FROM rating_changes WHERE guild_id = ? AND player = ?
)
SELECT {", ".join(f"r.{c}" for c in RATING_COLUMNS.split(", "))},
       e.mu_before AS earlier_mu, e.sigma_before AS earlier_sigma,
       (SELECT COUNT(*) FROM recent c WHERE c.board = r.board AND c.back <= ?) AS recent
FROM ratings r
LEFT JOIN recent e ON e.board = r.board AND e.back = (
    SELECT MAX(back) FROM recent m WHERE m.board = r.board AND m.back <= ?)
WHERE r.guild_id = ? AND r.player = ?
ORDER BY r.board
"""

GAME_RATING_CHANGES: Final = (
    "SELECT seat, player, mu_before, sigma_before, mu_after, sigma_after, games_after"
    " FROM rating_changes WHERE game_id = ? ORDER BY seat"
)

RATED_RESULTS: Final = (
    f"SELECT game_id, guild_id, game, rated_seq, {RESULT_COLUMNS} FROM results"
    " WHERE rated_seq IS NOT NULL ORDER BY guild_id, game, rated_seq, seat"
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
    " (guild_id, locale, use_threads, hand_delivery, turn_seconds, extra, rate_computer_games)"
    " VALUES (?, ?, ?, ?, ?, ?, ?)"
    " ON CONFLICT (guild_id) DO UPDATE SET locale = excluded.locale,"
    " use_threads = excluded.use_threads, hand_delivery = excluded.hand_delivery,"
    " turn_seconds = excluded.turn_seconds, extra = excluded.extra,"
    " rate_computer_games = excluded.rate_computer_games"
)


class Guard(NamedTuple):
    """What a games row must hold for an update to apply, and how a refusal says it."""

    sql: str
    wanted: str


IN_LOBBY: Final = Guard("status = 'lobby'", "in its lobby")
RUNNING: Final = Guard("status = 'running'", "running")
ANY_STATUS: Final = Guard("TRUE", "open")


def running_at(version: int) -> Guard:
    """Return the guard of a move computed from `version`."""
    before = int(version)
    return Guard(f"state_version = {before} AND status = 'running'", f"running at version {before}")


def update_sql(changes: Changes, guard: Guard) -> str:
    """Return the guarded UPDATE of one games row (values, then updated_at, then the id)."""
    sets = [f"{column} = ?" for column in changes] + ["updated_at = ?"]
    return f"UPDATE games SET {', '.join(sets)} WHERE id = ? AND {guard.sql}"


def stale(game: GameRecord, guard: Guard) -> StaleVersion:
    """Return the refusal of an update whose guard the game no longer holds."""
    return StaleVersion(f"game {game.id} is no longer {guard.wanted} (status {game.status},"
                        f" version {game.state_version})")


def place_of(channel_id: int, thread_id: int | None) -> int:
    """Return where a game is played: its thread if it has one, else its channel."""
    return thread_id if thread_id is not None else channel_id


def lobby_changes(seats: Sequence[Seat] | None, options: JsonDict | None,
                  preset: str | None, host_id: int | None) -> Changes:
    """Return the columns a lobby update sets: those given."""
    given = {"seats": None if seats is None else dump(list(seats)),
             "options": None if options is None else dump(options),
             "preset": preset, "host_id": host_id}
    return {column: value for column, value in given.items() if value is not None}


def start_changes(state_json: str, seats: Sequence[Seat] | None) -> Changes:
    """Return the columns that move a lobby to running with its first snapshot."""
    changes: Changes = {"status": "running", "state": state_json, "state_version": 1}
    if seats is not None:
        changes["seats"] = dump(list(seats))
    return changes


def message_id_changes(table_message_id: int | Unset | None = UNSET,
                       lobby_message_id: int | Unset | None = UNSET) -> Changes:
    """Return the message-id columns given (None clears one; UNSET leaves it)."""
    given = {"table_message_id": table_message_id, "lobby_message_id": lobby_message_id}
    return {column: value for column, value in given.items() if not isinstance(value, Unset)}


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
