"""Many games at once: time per action including its durable write, SQLite and PostgreSQL.

`--games` games (gin, Rummy 500, Ramino, Ramino 51 and Canasta in turn, each at a usual table
size, every seat a normal computer as `/rummy addbot` seats it) each make one move every
`--interval` seconds, the move decided by the game's computer player and sent with
`GameSession.submit`. Each game starts at a random stage (its computers play up to
`--advance` moves first, untimed), as games are in a live bot.

Timed per action: from when the move was due to when `submit` returned (the engine's checks
and move, the snapshot and the durable write), so a move that waited for the event loop
(another game's computer deciding, a write's own work, a garbage collection) counts.
Discord and the pictures are not part of it (bench_bot.py times those).

Both backends in one run, one after the other: SQLite (synchronous=FULL) in this process,
then a real PostgreSQL server (started as the tests start theirs, but with fsync on) with
the games split across two worker processes, which print their raw figures for this one to
merge. Printed side by side: actions per second, p50/p99/max per action, lost actions (a
failed submit, or a game whose stored version differs from the one in memory at the end),
memory per game (Python heap, tracemalloc), and where the time goes: the write alone, each
game's computer decision, how late the event loop wakes a 5 ms sleeper, full collections.
Then the disk alone (disk_probe.py): small durable SQLite commits with nothing else running,
so that a tail the disk made is told from one the bot made.

Where the tail came from, and what was done (measured on this 2-core VM, 2026-11-27):
- The process is CPU-bound. A move costs about 1.3-1.4 ms of interpreter time; the computer's
  decision and its view (each game's legal moves are listed in the view: Canasta's and Ramino
  51's lists are the costliest) are about 60 % of it, the engine's checks, the snapshot and
  the write the rest. ~650 moves/s then fill ~0.9 of a core, so moves queue for the loop.
  Single decisions are short (p50 0.3-0.7 ms, p99 1-4 ms per game, rarely 10-50 ms).
- Full garbage collections walked every game's ~200,000 objects several times a minute
  (150-300 ms each, stopping every game). The bot now collects the young generation every
  20,000 allocations once ready (bot/app.py `YOUNG_COLLECTION`; Python's default is 700):
  objects living a move or two die young, and no full collection runs in the minute.
- A move serialized its game twice (the save, the rollback copy); now once.
- PostgreSQL's writes queued for the pool: a write held one of the process's 10 connections
  over four round trips (BEGIN, UPDATE, INSERT, COMMIT), each waiting for the busy loop, and
  the write alone took 1.6-1.8 s at p50. A move is now one statement (one round trip): the
  write alone is 1.7 ms p50, 16 ms p99.
- Deciding on a thread was tried and dropped: under the GIL the loop waits up to the switch
  interval (5 ms) each time it takes the interpreter back from a busy computers' thread, many
  times per move (at 1,000 games p50 35 -> 328 ms, p99 328 ms -> 2.4 s), and deciding over a
  copy of the game cost as much as the decision.
- Less CPU per computer move, every decision unchanged (tests/cogs/adapters/
  test_computer_moves.py plays seeded games of each game with the easy and normal computers
  and compares the move lists with those recorded before). Profiled first: every computer
  reads its view's whole legal list on every move, so a lazily built list would save nothing
  (only Canasta's `after_draw` and Ramino 51's meld values go unread, a few per cent of their
  views, and a view read later than it was built would see a game that has moved on, as
  games change in place). What paid was in the computers' own work: Ramino 51's read a table
  meld once per card it tested (and that cache thrashed at a thousand games); gin's fast
  solver combines a hand's sets by growing suit masks (2-2.5x faster on hands with sets);
  gin's and Ramino's computers made a card's neighbours and partners anew for every card of
  every decision; Rummy 500's looked for sets rank by rank. CPU per move alone, normal
  computers, view + decision + move, seeded games: gin 0.70 -> 0.49 ms, Rummy 500 0.54 ->
  0.47, Ramino 0.78 -> 0.66, Ramino 51 0.86 -> 0.62, Canasta 0.40 (unchanged). This run,
  on a busy VM (load average 10-13: other processes held the cores, so the latencies were
  seconds of queueing and say nothing): CPU per action 1.07 -> 0.89 ms.
- SQLite's group write was four hops to aiosqlite's thread (BEGIN, two executemany,
  COMMIT), each waiting for the busy loop to give up the GIL (queued p50 0.7-1.0 ms, p99
  7 ms a hop, timed by wrapping aiosqlite's queue). It is one call now (2026-11-28): write
  alone p99 26-27 ms against 51-145 ms in alternate 40 s runs.
- A checkpointer on its own connection (autocheckpoint off, PASSIVE every 0.5 s) was tried
  and dropped: the commit's worst stayed near 190 ms and the WAL grew to 146 MB.
- Where SQLite's tail comes from (2026-11-28; on SQLite's thread each commit's BEGIN,
  statements and COMMIT timed with that thread's run and run-queue time from /proc, the
  collector's pauses from gc callbacks, the loop's lateness with timestamps):
  - The process is nearly saturated: 1.29 ms of CPU a move at 641 moves/s is 0.83 of a core
    (PostgreSQL's two processes run at about 0.42 each). Any pause leaves a queue that drains
    slowly.
  - Young collections (every 20,000 net allocations, about 4.5 s) took 60-105 ms each, and
    every loop stall over 50 ms began with one: the young generation held ~113,000 objects
    (views, melds, plans: what 650 moves/s make that outlives a collection or two). A
    first threshold of 1,000 (and 1,000 for the middle one) cut them to 4 ms (max 19), but
    the p99 did not follow: the disk's stalls below remained.
  - Commits whose COMMIT step took 50-490 ms while SQLite's thread ran under 1 ms and waited
    for no CPU: blocked on the disk (none of them a checkpoint: the wal-index's backfill
    count read around each commit). The disk alone shows the same stalls when both cores are
    busy (a probe beside two busy loops: max 716 ms, 10 commits over 50 ms in 20 s; idle:
    max 185 ms, 5), their rate not tied to the commit rate (80 and 240 commits/s alike).
  - Tried: every computer's decision in a worker process spoken to through asyncio pipes
    (no thread in the bot). SQLite's loop then ran at ~0.5 of a core, its worst stall fell
    from 125-250 ms to 30-65 ms and the p50 from 4.8 to 1.7 ms, but the p99 stayed at
    94-105 ms (the write alone's p99 87 ms: the disk). And the worker rebuilds each game
    from its state text: 1.0-1.3 ms of its CPU a move against the loop's 0.6 ms saved, so
    PostgreSQL's two processes and two workers saturated both cores (p99 711 ms against
    65 ms without). Dropped: the hard computers alone decide in workers (cogs/host/
    deciders.py).
  - Tried and dropped: compressing the snapshots (zlib level 1) wrote no fewer bytes a move
    (each group's pages are rewritten whole: about one 4 KiB page a move either way).
- Both causes, told apart (2026-11-28, SQLite, 1,000 games, 40 s, quiet machine; throwaway
  wrappers outside the repository):
  - The disk: every fdatasync timed by strace during a run (p50 0.35, p99 2.6 ms) had 3-7
    over 50 ms a minute (max 282 ms), alone or under load. Each stops every move in flight.
  - The interpreter: with `synchronous = OFF` (no fsync at all, not durable) the p99 was
    still 75-86 ms (p50 3.4-7.7), whatever the collector's thresholds (1,000/10/1,000:
    74.9 ms) or the switch interval (0.5 ms: 85.9). Split by phase, the write itself was
    small then (one group's hop to SQLite's thread p99 6 ms, its transaction 4.7, the way
    back 0.5; a move's write p99 26 ms): the rest is moves waiting for a loop that is busy
    ~0.9 of the time (1.37-1.45 ms of CPU a move at 641 moves/s).
  - So the interpreter's part came first: a disk stall costs little when the loop has room
    to drain what queued behind it (750 games, loop ~0.66 busy: p99 24.5 ms with a 125 ms
    stall in the run).
- The cure (2026-11-28): the easy and normal computers decide in a worker process that keeps
  a copy of each game (cogs/host/replicas.py, RUMMY_COMPUTER_WORKERS): it is sent a game's
  state once, then the moves saved since with each question, so a decision costs it no
  rebuild. SQLite, 1,000 games, 60 s, quiet machine: p50/p99/max 1.9 / 11.7 / 111.5 ms
  (40 s: 1.9 / 10.8 / 56.6), the process 0.78 ms of CPU a move, the worker 0.84; 0 lost. A
  decision's round trip is p50 2 ms, p99 ~110 ms (the worker's own queue and collections:
  the decisions are made ahead of their moves here, and a computer waits its 1.5 s anyway).
  PostgreSQL's two processes with a worker each shared both cores: p99 59.9 ms against
  37.1 ms without, so on PostgreSQL the bot runs none unless told (its processes split the
  games already).

Run: python -m benchmarks.bench_load [--games 1000] [--interval 1.5] [--seconds 60]
     [--backend both|sqlite|postgresql] [--no-settle] [--no-fsync] [--pool N] [--gc0 N]
     [--workers N] [--probe SECONDS] [--quick]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

from benchmarks.disk_probe import GROUP, probe
from benchmarks.load_games import Pace, play
from bot.app import YOUNG_COLLECTION
from bot.settings import computer_workers_by_default
from bot.storage import open_storage

P99_TARGET_MS = 50.0
WORKERS = 2  # PostgreSQL's games are split across this many processes


def pct(values: list[float], q: float) -> float:
    """Return the nearest-rank percentile `q` (0..1) of `values`."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)] if ordered else float("nan")


def spread(values: list[float]) -> str:
    """Return p50/p99/max of values in ms, as one cell."""
    if not values:
        return "-"
    return f"{pct(values, 0.5):.1f} / {pct(values, 0.99):.1f} / {max(values):.1f}"


def merge(parts: list[dict[str, Any]]) -> dict[str, Any]:
    """Merge the raw figures of several processes into one."""
    merged: dict[str, Any] = {"processes": len(parts), "failed": Counter(), "decisions": {}}
    for key in ("latencies", "writes", "lag", "gc_pauses"):
        merged[key] = [x for part in parts for x in part[key]]
    for key in ("games", "heap", "lost", "stale", "redecided", "idle", "cpu", "workers_cpu"):
        merged[key] = sum(part[key] for part in parts)
    merged["rate"] = sum(len(part["latencies"]) / part["elapsed"] for part in parts)
    merged["elapsed"] = max(part["elapsed"] for part in parts)
    merged["workers"] = max(part["workers"] for part in parts)
    for part in parts:
        merged["failed"].update(part["failed"])
        for game, times in part["decisions"].items():
            merged["decisions"].setdefault(game, []).extend(times)
    return merged


def pace_of(args: argparse.Namespace, postgres: bool) -> Pace:
    """Return how the run plays, from the arguments."""
    return Pace(args.interval, args.seconds, args.advance, not args.no_settle, args.pool,
                args.gc0, workers_of(args, postgres))


def workers_of(args: argparse.Namespace, postgres: bool) -> int:
    """Return the computers' workers per process: as asked, else as the bot would run."""
    return computer_workers_by_default(postgres) if args.workers is None else args.workers


async def run_sqlite(args: argparse.Namespace) -> dict[str, Any]:
    """Play every game in this process on a SQLite file."""
    with tempfile.TemporaryDirectory() as folder:
        part = await play(Path(folder) / "load.sqlite3", 0, args.games,
                          pace_of(args, postgres=False))
    return merge([part])


async def run_postgres(args: argparse.Namespace) -> dict[str, Any] | str:
    """Play the games in WORKERS processes on a real PostgreSQL server; or say why not."""
    from tests.postgres_server import running_server  # the tests' own way to start one

    try:
        with running_server(durable=not args.no_fsync) as server:
            dsn = server.dsn()
            storage = await open_storage(dsn)  # the schema, once, before the workers race
            await storage.close()
            share = math.ceil(args.games / WORKERS)
            parts = await asyncio.gather(*(
                worker(args, dsn, i * share, min(share, args.games - i * share))
                for i in range(WORKERS)))
    except RuntimeError as error:  # no PostgreSQL binaries on this machine
        return str(error).splitlines()[0]
    return merge(list(parts))


async def worker(args: argparse.Namespace, dsn: str, first: int, count: int) -> dict[str, Any]:
    """Run one worker process on its share of the games; return its raw figures."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "benchmarks.bench_load", "--worker", dsn, "--first", str(first),
        "--games", str(count), "--interval", str(args.interval),
        "--seconds", str(args.seconds), "--advance", str(args.advance),
        *(["--no-settle"] if args.no_settle else []), "--gc0", str(args.gc0),
        "--pool", str(args.pool), "--workers", str(workers_of(args, postgres=True)),
        stdout=asyncio.subprocess.PIPE)
    out, _ = await process.communicate()
    if process.returncode != 0:
        raise RuntimeError(f"a worker failed (exit {process.returncode})")
    result: dict[str, Any] = json.loads(out)
    return result


def rows(figures: dict[str, Any]) -> list[tuple[str, str]]:
    """Return one backend's column: (row name, cell)."""
    lat, games = figures["latencies"], figures["games"]
    failed = sum(figures["failed"].values())
    lost = failed + figures["lost"]
    met = pct(lat, 0.99) <= P99_TARGET_MS and lost == 0 and bool(lat)
    decisions = figures["decisions"]
    return [
        ("processes", str(figures["processes"])),
        ("computers' workers per process", str(figures["workers"])),
        ("actions saved", f"{len(lat)} ({figures['rate']:.0f}/s)"),
        ("per action p50/p99/max ms", spread(lat)),
        (f"target p99 <= {P99_TARGET_MS:.0f} ms, 0 lost", "PASS" if met else "FAIL"),
        ("lost: failed submits", str(failed) + "".join(
            f" {n} {kind}" for kind, n in figures["failed"].items())),
        ("lost: stored version differs", str(figures["lost"])),
        ("refused as stale / redecided / idle",
         f"{figures['stale']} / {figures['redecided']} / {figures['idle']}"),
        ("CPU per action, process (ms)", f"{figures['cpu'] * 1000 / max(1, len(lat)):.2f}"),
        ("CPU per action, computers' workers (ms)",
         f"{figures['workers_cpu'] * 1000 / max(1, len(lat)):.2f}"),
        ("memory per game (KiB)", f"{figures['heap'] / games / 1024:.1f}"),
        ("write alone p50/p99/max ms", spread(figures["writes"])),
        ("loop lag p50/p99/max ms", spread(figures["lag"])),
        ("full collections: count, max ms",
         f"{len(figures['gc_pauses'])}, {max(figures['gc_pauses'], default=0):.1f}"),
        *((f"decision {game} p50/p99/max ms", spread(decisions.get(game, [])))
          for game in sorted(decisions)),
    ]


def report(args: argparse.Namespace, results: dict[str, dict[str, Any] | str]) -> bool:
    """Print the backends side by side; return whether every target was met."""
    heap = "unfrozen startup heap" if args.no_settle else "startup heap frozen as the bot's"
    print(f"{args.games} games (five games in turn), one computer move per {args.interval} s "
          f"each, for {args.seconds:.0f} s per backend ({heap})")
    columns = {name: rows(r) for name, r in results.items() if not isinstance(r, str)}
    names = next(iter(columns.values()), [])
    print(f"  {'':38}" + "".join(f"{name:>26}" for name in columns))
    for i, (label, _) in enumerate(names):
        print(f"  {label:38}" + "".join(f"{col[i][1]:>26}" for col in columns.values()))
    for name, result in results.items():
        if isinstance(result, str):
            print(f"  {name}: not run ({result})")
    return all(dict(col)[f"target p99 <= {P99_TARGET_MS:.0f} ms, 0 lost"] == "PASS"
               for col in columns.values())


def report_disk(seconds: float) -> None:
    """Probe the disk alone right after the load, and print what its commits took."""
    commits = probe(seconds)
    print(f"  disk alone, {len(commits.commits)} durable SQLite commits of {GROUP} moves in"
          f" {seconds:.0f} s (no load): p50/p99/max ms {spread(commits.commits)},"
          f" {commits.over(P99_TARGET_MS)} over {P99_TARGET_MS:.0f} ms")


async def run(args: argparse.Namespace) -> bool:
    """Run the chosen backends one after the other and print their figures."""
    results: dict[str, dict[str, Any] | str] = {}
    if args.backend in ("both", "sqlite"):
        results["SQLite"] = await run_sqlite(args)
    if args.backend in ("both", "postgresql"):
        results[f"PostgreSQL ({WORKERS} proc.)"] = await run_postgres(args)
    met = report(args, results)
    if args.probe > 0:
        report_disk(args.probe)
    return met


def main() -> None:
    """Parse the arguments and run (or run one PostgreSQL worker's share)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--interval", type=float, default=1.5)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--advance", type=int, default=60,
                        help="each game starts after up to this many untimed moves")
    parser.add_argument("--no-settle", action="store_true",
                        help="leave the startup heap unfrozen (the bot freezes it once ready)")
    parser.add_argument("--no-fsync", action="store_true",
                        help="PostgreSQL without fsync, as the tests run it (not durable)")
    parser.add_argument("--pool", type=int, default=0,
                        help="PostgreSQL connections per process (0: the bot's default, 10)")
    parser.add_argument("--gc0", type=int, default=0,
                        help="the collector's first threshold (an experiment; 0: the bot's,"
                             f" {YOUNG_COLLECTION} once ready; Python's own is 700)")
    parser.add_argument("--workers", type=int, default=None,
                        help="computers' worker processes per bot process, each keeping its"
                             " games (RUMMY_COMPUTER_WORKERS; unset: the bot's default, 1 on"
                             " SQLite, 0 on PostgreSQL; 0: the computers decide on the loop)")
    parser.add_argument("--backend", choices=("both", "sqlite", "postgresql"), default="both")
    parser.add_argument("--probe", type=float, default=20.0,
                        help="then probe the disk alone for this many seconds (0: not)")
    parser.add_argument("--quick", action="store_true", help="100 games for 10 s (make bench)")
    parser.add_argument("--worker", metavar="DSN", help=argparse.SUPPRESS)
    parser.add_argument("--first", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        part = asyncio.run(play(args.worker, args.first, args.games,
                                pace_of(args, postgres=True)))
        print(json.dumps(part))
        return
    if args.quick:
        args.games, args.seconds, args.probe = 100, 10.0, min(args.probe, 3.0)
    sys.exit(0 if asyncio.run(run(args)) else 1)


if __name__ == "__main__":
    main()
