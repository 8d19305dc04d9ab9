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

# Ratings (bot/ratings.py). Each result row keeps what rating it needs: the seat's final place
# (NULL: from won and points, as in older rows), a computer's level, and the ladder's game
# number it was rated as (NULL: not rated), so the ladder can be rebuilt from results alone.
# `ladders` holds one row per server and board, locked by each rating update; `ratings` each
# player's (a person "u:<id>", a computer level "bot:<level>"), `rating_changes` each game's.
# A server may keep games with computers off its ladder (guild_settings.rate_computer_games).
_RATINGS: tuple[str, ...] = (
    "ALTER TABLE results ADD COLUMN place INTEGER",
    "ALTER TABLE results ADD COLUMN level TEXT",
    "ALTER TABLE results ADD COLUMN rated_seq INTEGER",
    "ALTER TABLE guild_settings ADD COLUMN rate_computer_games INTEGER NOT NULL DEFAULT 1"
    " CHECK (rate_computer_games IN (0, 1))",
    """
    CREATE TABLE ladders (
        guild_id INTEGER NOT NULL,
        board    TEXT    NOT NULL,
        games    INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (guild_id, board)
    )
    """,
    """
    CREATE TABLE ratings (
        guild_id   INTEGER NOT NULL,
        board      TEXT    NOT NULL,
        player     TEXT    NOT NULL,
        user_id    INTEGER,
        name       TEXT    NOT NULL,
        mu         REAL    NOT NULL,
        sigma      REAL    NOT NULL,
        games      INTEGER NOT NULL,
        wins       INTEGER NOT NULL,
        last_seq   INTEGER NOT NULL,
        PRIMARY KEY (guild_id, board, player)
    )
    """,
    """
    CREATE TABLE rating_changes (
        game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat         INTEGER NOT NULL,
        guild_id     INTEGER NOT NULL,
        board        TEXT    NOT NULL,
        seq          INTEGER NOT NULL,
        player       TEXT    NOT NULL,
        mu_before    REAL    NOT NULL,
        sigma_before REAL    NOT NULL,
        mu_after     REAL    NOT NULL,
        sigma_after  REAL    NOT NULL,
        games_after  INTEGER NOT NULL,
        PRIMARY KEY (game_id, seat)
    )
    """,
    "CREATE INDEX rating_changes_player ON rating_changes (guild_id, board, player, seq)",
    "CREATE INDEX results_rated ON results (guild_id, game, rated_seq) WHERE rated_seq IS NOT NULL",
)

# Game-ownership leases (bot/storage/leases.py): the process driving a game and until when.
_LEASES: tuple[str, ...] = (
    "ALTER TABLE games ADD COLUMN lease_owner TEXT",
    "ALTER TABLE games ADD COLUMN lease_until REAL",
)

MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "initial schema", _INITIAL),
    Migration(2, "session meta", _SESSION_META),
    Migration(3, "result sides", _RESULT_SIDES),
    Migration(4, "ratings", _RATINGS),
    Migration(5, "game leases", _LEASES),
)

LATEST_VERSION: int = MIGRATIONS[-1].version
