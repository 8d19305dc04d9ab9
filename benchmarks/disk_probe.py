"""What the disk alone does: small durable SQLite commits, with no bot and no event loop.

bench_load's tail is the durable write's tail when the disk stalls; this probe, run right
after the load, tells a slow design from a slow disk. It commits one small transaction every
`gap` seconds (WAL, synchronous=FULL, as the bot) into a fresh file, and returns the commit
times and how many took longer than the load target.
"""

from __future__ import annotations

import sqlite3
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROW = "x" * 4000  # about a snapshot's size


@dataclass(frozen=True)
class DiskProbe:
    """Commit times (ms) of the probe, in the order they were made."""

    commits: list[float]

    def over(self, limit_ms: float) -> int:
        """Return how many commits took longer than `limit_ms`."""
        return sum(ms > limit_ms for ms in self.commits)


def probe(seconds: float, gap: float = 0.004) -> DiskProbe:
    """Commit small transactions for `seconds`; return their times."""
    with tempfile.TemporaryDirectory() as folder:
        conn = sqlite3.connect(Path(folder) / "probe.sqlite3", isolation_level=None)
        try:
            return DiskProbe(_commits(conn, seconds, gap))
        finally:
            conn.close()


def _commits(conn: sqlite3.Connection, seconds: float, gap: float) -> list[float]:
    """Time one UPDATE + INSERT transaction every `gap` s on the open connection."""
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA synchronous = FULL")
    conn.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, state TEXT)")
    conn.execute("CREATE TABLE actions (game_id INTEGER, action TEXT)")
    conn.executemany("INSERT INTO games VALUES (?, ?)", ((i, ROW) for i in range(100)))
    times: list[float] = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        start = time.perf_counter()
        conn.execute("BEGIN IMMEDIATE")
        game = len(times) % 100
        conn.execute("UPDATE games SET state = ? WHERE id = ?", (ROW, game))
        conn.execute("INSERT INTO actions VALUES (?, 'draw')", (game,))
        conn.execute("COMMIT")
        times.append((time.perf_counter() - start) * 1000)
        time.sleep(gap)
    return times
