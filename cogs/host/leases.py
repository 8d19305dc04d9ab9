"""Game-ownership leases seen from the host: which games this process may drive.

On PostgreSQL several processes share the games: each drives only those whose lease it holds
(bot/storage/leases.py), renews them every RENEW_EVERY seconds, and takes over, timers
included, the games of its shards whose lease ran out (their process died). With SQLite one
process owns the file, so there is nobody to share with: every claim succeeds.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable

from bot.storage import Storage

LEASE_SECONDS = 30.0  # how long a game waits for a silent process before another takes it
RENEW_EVERY = 10.0  # so two renewals may fail (a slow database) before the lease runs out


class Leases:
    """Takes, renews and gives up this process's leases on games."""

    seconds: float = LEASE_SECONDS
    every: float = RENEW_EVERY
    # Seconds since the epoch, the same in every process (NTP keeps them far closer than a
    # lease); tests read SimCord's virtual clock, which their timers run on.
    clock: Callable[[], float] = time.time

    def __init__(self, storage: Storage, owner: str | None) -> None:
        """Lease as `owner`; None: this process shares no game (SQLite), claims always hold."""
        self.storage, self.owner = storage, owner

    @property
    def shared(self) -> bool:
        """Tell whether other processes may drive games of this database."""
        return self.owner is not None

    async def claim(self, game_ids: Iterable[int]) -> set[int]:
        """Take or renew these games' leases; return the ids this process may drive."""
        ids = list(game_ids)
        if self.owner is None or not ids:
            return set(ids)
        return await self.storage.claim_games(self.owner, ids, now=self.clock(),
                                              seconds=self.seconds)

    async def release(self, game_ids: Iterable[int]) -> None:
        """Give these games up at a clean stop, so their shard's next process takes them."""
        ids = list(game_ids)
        if self.owner is not None and ids:
            await self.storage.release_games(self.owner, ids)
