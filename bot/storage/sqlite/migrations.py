"""Numbered schema migrations for the SQLite storage.

Each migration is a tuple of single SQL statements (not a script) so that the
storage can run them inside one explicit transaction: `executescript` would
commit early. Never edit a released migration; append a new one instead.
"""

from __future__ import annotations

from typing import NamedTuple


class Migration(NamedTuple):
    """One schema step: its number, a short name and its statements."""

    version: int
    name: str
    statements: tuple[str, ...]


_INITIAL: tuple[str, ...] = (
    """
    CREATE TABLE games (
        id               INTEGER PRIMARY KEY,
        guild_id         INTEGER NOT NULL,
        channel_id       INTEGER NOT NULL,
        thread_id        INTEGER,
        game             TEXT    NOT NULL,
        preset           TEXT    NOT NULL DEFAULT 'standard',
        options          TEXT    NOT NULL DEFAULT '{}',
        seats            TEXT    NOT NULL DEFAULT '[]',
        host_id          INTEGER NOT NULL,
        status           TEXT    NOT NULL DEFAULT 'lobby'
                         CHECK (status IN ('lobby', 'running', 'finished', 'abandoned')),
        state            TEXT,
        state_version    INTEGER NOT NULL DEFAULT 0,
        table_message_id INTEGER,
        lobby_message_id INTEGER,
        created_at       TEXT    NOT NULL,
        updated_at       TEXT    NOT NULL
    )
    """,
    # One open game per place: a thread when the game has one, else the channel.
    """
    CREATE UNIQUE INDEX games_one_active_per_place
        ON games (COALESCE(thread_id, channel_id))
        WHERE status IN ('lobby', 'running')
    """,
    "CREATE INDEX games_status ON games (status)",
    """
    CREATE TABLE actions (
        id                  INTEGER PRIMARY KEY,
        game_id             INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seq                 INTEGER NOT NULL,
        seat                INTEGER,
        action              TEXT    NOT NULL,
        state_version_after INTEGER NOT NULL,
        created_at          TEXT    NOT NULL,
        UNIQUE (game_id, seq)
    )
    """,
    """
    CREATE TABLE results (
        game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        guild_id    INTEGER NOT NULL,
        game        TEXT    NOT NULL,
        user_id     INTEGER,
        name        TEXT    NOT NULL,
        seat        INTEGER NOT NULL,
        is_bot      INTEGER NOT NULL DEFAULT 0 CHECK (is_bot IN (0, 1)),
        points      INTEGER NOT NULL,
        won         INTEGER NOT NULL CHECK (won IN (0, 1)),
        finished_at TEXT    NOT NULL,
        PRIMARY KEY (game_id, seat)
    )
    """,
    "CREATE INDEX results_leaderboard ON results (guild_id, game, user_id) WHERE is_bot = 0",
    "CREATE INDEX results_player ON results (guild_id, user_id)",
    """
    CREATE TABLE guild_settings (
        guild_id      INTEGER PRIMARY KEY,
        locale        TEXT,
        use_threads   INTEGER NOT NULL DEFAULT 0 CHECK (use_threads IN (0, 1)),
        hand_delivery TEXT    NOT NULL DEFAULT 'dm' CHECK (hand_delivery IN ('dm', 'channel')),
        turn_seconds  INTEGER NOT NULL DEFAULT 120 CHECK (turn_seconds >= 0),
        extra         TEXT    NOT NULL DEFAULT '{}'
    )
    """,
)

# The session's own counters (turn timeouts, taken-over seats) as JSON. They change
# without a move (a timeout, "I'm back"), so they cannot wait for the next snapshot.
_SESSION_META: tuple[str, ...] = ("ALTER TABLE games ADD COLUMN session_meta TEXT",)

# The side of each result row when sides are partnerships (Canasta 0+2 v 1+3);
# NULL, as in every older row, means the seat is a side of its own.
_RESULT_SIDES: tuple[str, ...] = ("ALTER TABLE results ADD COLUMN side INTEGER",)

MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "initial schema", _INITIAL),
    Migration(2, "session meta", _SESSION_META),
    Migration(3, "result sides", _RESULT_SIDES),
)

LATEST_VERSION: int = MIGRATIONS[-1].version
