"""What the disk alone does: small durable SQLite commits, with no bot and no event loop.

bench_load's tail is the durable write's tail when the disk stalls; this probe, run right
after the load, tells a slow design from a slow disk. It commits a group of moves every `gap`
seconds (WAL, synchronous=FULL, as the bot) into a fresh file the size of the load's
(a thousand games' snapshots, so that SQLite's checkpoints write back as much as there), and
returns the commit times and how many took longer than the load target.
"""

from __future__ import annotations

import sqlite3
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROW = "x" * 6000  # about a snapshot's size
GAMES = 1000
GROUP = 3  # moves a commit, as the load's group commit makes them


@dataclass(frozen=True)
class DiskProbe:
    """Commit times (ms) of the probe, in the order they were made."""

    commits: list[float]

    def over(self, limit_ms: float) -> int:
        """Return how many commits took longer than `limit_ms`."""
        return sum(ms > limit_ms for ms in self.commits)


def probe(seconds: float, gap: float = 0.003) -> DiskProbe:
    """Commit small transactions for `seconds`; return their times."""
    with tempfile.TemporaryDirectory() as folder:
        conn = sqlite3.connect(Path(folder) / "probe.sqlite3", isolation_level=None)
        try:
            return DiskProbe(_commits(conn, seconds, gap))
        finally:
            conn.close()


def _commits(conn: sqlite3.Connection, seconds: float, gap: float) -> list[float]:
    """Time one transaction of GROUP moves every `gap` s on the open connection."""
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA synchronous = FULL")
    conn.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, state TEXT)")
    conn.execute("CREATE TABLE actions (game_id INTEGER, action TEXT)")
    conn.executemany("INSERT INTO games VALUES (?, ?)", ((i, ROW) for i in range(GAMES)))
    times: list[float] = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        start = time.perf_counter()
        conn.execute("BEGIN IMMEDIATE")
        for move in range(GROUP):
            game = (len(times) * 7 + move) % GAMES  # spread, as moves of many games are
            conn.execute("UPDATE games SET state = ? WHERE id = ?", (ROW, game))
            conn.execute("INSERT INTO actions VALUES (?, 'draw')", (game,))
        conn.execute("COMMIT")
        times.append((time.perf_counter() - start) * 1000)
        time.sleep(gap)
    return times
