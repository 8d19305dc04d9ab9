"""Game-ownership leases seen from the host: which games this process may drive.

On PostgreSQL several processes share the games: each drives only those whose lease it holds
(bot/storage/leases.py), takes a new game's lease as it starts, renews them every third of
the lease (RUMMY_LEASE_SECONDS, 30 s unset), and takes over, timers included, the games of its
shards whose lease ran out (their process died). With SQLite one process owns the file, so
there is nobody to share with: every claim succeeds.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from bot.settings import DEFAULT_LEASE_SECONDS
from bot.storage import Storage

LEASE_SECONDS = DEFAULT_LEASE_SECONDS  # how long a game waits for a silent process
RENEWALS = 3  # renewals per lease, so two may fail (a slow database) before it runs out
RENEW_EVERY = LEASE_SECONDS / RENEWALS


class Leases:
    """Takes, renews and gives up this process's leases on games."""

    # Seconds since the epoch by which leases are measured. None: the database's clock, one
    # for every process whatever its machine's clock says. Tests read SimCord's virtual clock
    # instead, which their timers run on.
    clock: Callable[[], float] | None = None

    def __init__(self, storage: Storage, owner: str | None,
                 seconds: float = LEASE_SECONDS) -> None:
        """Lease as `owner` for `seconds` (RUMMY_LEASE_SECONDS), renewed every third of it;
        owner None: this process shares no game (SQLite), claims always hold."""
        self.storage, self.owner = storage, owner
        self.seconds, self.every = seconds, seconds / RENEWALS

    @property
    def shared(self) -> bool:
        """Tell whether other processes may drive games of this database."""
        return self.owner is not None

    def now(self) -> float | None:
        """Return the time leases are measured by now (None: the database's clock)."""
        return None if self.clock is None else self.clock()

    async def claim(self, game_ids: Iterable[int]) -> set[int]:
        """Take or renew these games' leases; return the ids this process may drive."""
        ids = list(game_ids)
        if self.owner is None or not ids:
            return set(ids)
        return await self.storage.claim_games(self.owner, ids, now=self.now(),
                                              seconds=self.seconds)

    async def release(self, game_ids: Iterable[int]) -> None:
        """Give these games up at a clean stop, so their shard's next process takes them."""
        ids = list(game_ids)
        if self.owner is not None and ids:
            await self.storage.release_games(self.owner, ids)
