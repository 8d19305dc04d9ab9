"""Game-ownership leases: the statements both backends run (`?` placeholders).

A process drives a game only while it holds the game's lease: `lease_owner` names the
process, `lease_until` (seconds since the epoch, by the claiming process's clock) is when the
lease runs out unless renewed. A claim takes a free, expired or already held lease; it never
takes one another process holds and renews in time.
"""

from __future__ import annotations

# Parameters: owner, until, game id, owner, now.
CLAIM_GAME = (
    "UPDATE games SET lease_owner = ?, lease_until = ?"
    " WHERE id = ? AND status IN ('lobby', 'running')"
    " AND (lease_owner IS NULL OR lease_owner = ? OR lease_until <= ?)"
)

# Parameters: game id, owner.
RELEASE_GAME = (
    "UPDATE games SET lease_owner = NULL, lease_until = NULL WHERE id = ? AND lease_owner = ?"
)


def check_lease(owner: str, seconds: float) -> None:
    """Refuse an empty owner or a lease that is not a positive number of seconds."""
    if not owner:
        raise ValueError("a lease needs the id of the process taking it")
    if not seconds > 0:
        raise ValueError(f"a lease lasts a positive number of seconds, not {seconds!r}")
