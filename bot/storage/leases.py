"""Game-ownership leases: the statements each backend runs.

A process drives a game only while it holds the game's lease: `lease_owner` names the
process, `lease_until` (seconds since the epoch) is when the lease runs out unless renewed.
A claim takes a free, expired or already held lease; it never takes one another process
holds and renews in time.

The time a claim reads is the database's own clock unless the caller gives one (`now`, which
tests set to their simulated clock): every process then measures the leases by one clock, so
a machine whose clock is wrong can neither steal a lease nor keep one past its end.
"""

from __future__ import annotations

# The database's clock in seconds since the epoch, read where the statement runs (after any
# row lock it waited for), when the claim gives no time of its own.
_PG_NOW = "COALESCE($3::float8, extract(epoch FROM clock_timestamp())::float8)"
_SQLITE_NOW = "COALESCE(?, (julianday('now') - 2440587.5) * 86400.0)"

# PostgreSQL: every game of one claim in one statement. Parameters: owner, game ids, now (or
# NULL), seconds. The rows are locked in id order first, so two processes claiming
# overlapping games never deadlock; each UPDATE then re-reads a row a concurrent claim
# changed, so of two processes claiming one expired lease the second sees the first's.
PG_CLAIM_GAMES = (
    "WITH locked AS (SELECT id FROM games WHERE id = ANY($2::bigint[]) ORDER BY id FOR UPDATE)"
    f" UPDATE games SET lease_owner = $1, lease_until = {_PG_NOW} + $4::float8"
    " FROM locked WHERE games.id = locked.id AND status IN ('lobby', 'running')"
    f" AND (lease_owner IS NULL OR lease_owner = $1 OR lease_until <= {_PG_NOW})"
    " RETURNING games.id"
)

# Running games nobody drives: their lease free or run out. Parameter: now (or NULL).
PG_FREE_GAMES = (
    "SELECT id, guild_id FROM games WHERE status = 'running' AND state IS NOT NULL"
    " AND (lease_owner IS NULL"
    " OR lease_until <= COALESCE($1::float8, extract(epoch FROM clock_timestamp())::float8))"
    " ORDER BY id"
)
SQLITE_FREE_GAMES = (
    "SELECT id, guild_id FROM games WHERE status = 'running' AND state IS NOT NULL"
    f" AND (lease_owner IS NULL OR lease_until <= {_SQLITE_NOW}) ORDER BY id"
)

# PostgreSQL. Parameters: owner, game ids.
PG_RELEASE_GAMES = (
    "UPDATE games SET lease_owner = NULL, lease_until = NULL"
    " WHERE id = ANY($2::bigint[]) AND lease_owner = $1"
)

# SQLite, one game at a time (one process writes the file). Parameters: owner, now (or
# NULL), seconds, game id, owner, now (or NULL).
SQLITE_CLAIM_GAME = (
    f"UPDATE games SET lease_owner = ?, lease_until = {_SQLITE_NOW} + ?"
    " WHERE id = ? AND status IN ('lobby', 'running')"
    f" AND (lease_owner IS NULL OR lease_owner = ? OR lease_until <= {_SQLITE_NOW})"
)

# SQLite. Parameters: game id, owner.
SQLITE_RELEASE_GAME = (
    "UPDATE games SET lease_owner = NULL, lease_until = NULL WHERE id = ? AND lease_owner = ?"
)


def check_lease(owner: str, seconds: float) -> None:
    """Refuse an empty owner or a lease that is not a positive number of seconds."""
    if not owner:
        raise ValueError("a lease needs the id of the process taking it")
    if not seconds > 0:
        raise ValueError(f"a lease lasts a positive number of seconds, not {seconds!r}")
