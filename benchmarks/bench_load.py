"""Many games in one process: time per action including its write, under a steady load.

`--games` games (gin and Rummy 500 in turn) run at once in one event loop, each in its own
`GameSession` over the real SQLite storage, as the bot runs them. Every game makes one move
every `--interval` seconds (the computer players' pace is 1.5 s), a random legal move, sent
with `GameSession.submit` like a click. What is timed is `submit`: the engine's checks and
move, the snapshot, and the write (durable: synchronous=FULL) until it returns. Discord and
the pictures are not part of it (bench_bot.py times those).

Printed: actions per second, p50/p99/max per action, lost actions (a move whose submit
failed, or a game whose stored version differs from the one in memory at the end), and
memory per game (Python heap, tracemalloc, over the games' sessions and engines).

Run: python -m benchmarks.bench_load [--games 1000] [--interval 1.5] [--seconds 60] [--quick]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import random
import statistics
import tempfile
import time
import tracemalloc
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.storage import Storage, open_storage
from engine.game import Event, Game
from engine.gin import GinGame, GinOptions
from engine.rummy500 import Rummy500Game, Rummy500Options
from engine.session import GameSession, SessionHooks, StaleAction

P99_TARGET_MS = 50.0
KINDS: tuple[tuple[Any, Any, int], ...] = (  # (engine class, options, players)
    (GinGame, GinOptions(), 2), (Rummy500Game, Rummy500Options(), 3))


@dataclass
class Figures:
    """What the run measured."""

    latencies: list[float] = field(default_factory=list)
    failed: Counter[str] = field(default_factory=Counter)
    stale: int = 0


def new_game(index: int) -> Game:
    """Deal game number `index`: gin and Rummy 500 in turn."""
    cls, options, players = KINDS[index % len(KINDS)]
    game: Game = cls.create(options, players, seed=index)
    return game


def hooks_for(storage: Storage, game_id: int, kind: Any) -> SessionHooks:
    """Return hooks that save like the host does: the action and the snapshot, one commit."""
    async def persist(g: Game, seat: int, action: Any, _events: list[Event]) -> None:
        text = json.dumps({"engine": g.to_json(), "session": {}}, separators=(",", ":"))
        await storage.record_action(game_id, seat, str(action), text, g.version + 1)

    return SessionHooks(load=kind.from_json, persist=persist, choose=lambda g, s: None)


async def open_games(storage: Storage, count: int) -> list[tuple[int, GameSession]]:
    """Create and start `count` games, each in its own channel."""
    sessions = []
    for i in range(count):
        game = new_game(i)
        game_id = await storage.create_game(guild_id=1, channel_id=10_000 + i, game=game.name,
                                            host_id=1)
        text = json.dumps({"engine": game.to_json(), "session": {}}, separators=(",", ":"))
        await storage.start_game(game_id, text)
        kind = KINDS[i % len(KINDS)][0]
        sessions.append((game_id, GameSession(game, hooks_for(storage, game_id, kind))))
    return sessions


async def player(session: GameSession, interval: float, until: float, seed: int,
                 figures: Figures) -> None:
    """Make one random legal move every `interval` seconds (with jitter) until `until`."""
    rng = random.Random(seed)
    loop = asyncio.get_running_loop()
    await asyncio.sleep(rng.uniform(0, interval))
    while loop.time() < until and not session.game.is_over:
        acting = session.game.to_act()
        if acting:
            seat = acting[0]
            action = rng.choice(session.game.legal_actions(seat))
            start = time.perf_counter()
            try:
                await session.submit(seat, action, expected_version=session.game.version)
            except StaleAction:  # a claim window closed first: the click is refused, as live
                figures.stale += 1
            except Exception as error:  # counted and printed: a failed move is a lost action
                figures.failed[type(error).__name__] += 1
            else:
                figures.latencies.append(time.perf_counter() - start)
        await asyncio.sleep(interval * rng.uniform(0.8, 1.2))


async def lost_at_end(storage: Storage, sessions: list[tuple[int, GameSession]]) -> int:
    """Count games whose stored version is not the version in memory (a lost action)."""
    lost = 0
    for game_id, session in sessions:
        record = await storage.get_game(game_id)
        lost += record.state_version != session.game.version + 1
    return lost


async def run(games: int, interval: float, seconds: float) -> None:
    """Open the games, play them under load, and print the figures."""
    with tempfile.TemporaryDirectory() as folder:
        storage = await open_storage(Path(folder) / "load.sqlite3")
        gc.collect()
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        sessions = await open_games(storage, games)
        heap = tracemalloc.get_traced_memory()[0] - before
        tracemalloc.stop()
        figures = Figures()
        until = asyncio.get_running_loop().time() + seconds
        started = time.perf_counter()
        await asyncio.gather(*(player(s, interval, until, i, figures)
                               for i, (_, s) in enumerate(sessions)))
        elapsed = time.perf_counter() - started
        lost = await lost_at_end(storage, sessions)
        await storage.close()
    report(games, interval, figures, elapsed, lost, heap)


def report(games: int, interval: float, figures: Figures, elapsed: float, lost: int,
           heap: int) -> None:
    """Print the run's figures."""
    ms = sorted(x * 1000 for x in figures.latencies)
    p99 = ms[int(len(ms) * 0.99) - 1] if ms else float("nan")
    print(f"{games} games, one move per {interval} s each, for {elapsed:.0f} s")
    print(f"  actions saved: {len(ms)} ({len(ms) / elapsed:.0f}/s; one per game per interval "
          f"would be {games / interval:.0f}/s, less while a Rummy! window waits for nobody)")
    print(f"  per action incl. the write: p50 {statistics.median(ms):.1f} ms, "
          f"p99 {p99:.1f} ms (target <= {P99_TARGET_MS:.0f}), max {ms[-1]:.1f} ms")
    failed = ", ".join(f"{n} {kind}" for kind, n in figures.failed.items()) or "none"
    print(f"  lost actions: failed submits: {failed}; games whose stored version differs "
          f"from memory: {lost} (stale clicks refused: {figures.stale})")
    print(f"  memory per game (sessions and engines, Python heap): {heap / games / 1024:.1f} KiB")


def main() -> None:
    """Parse the arguments and run."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--interval", type=float, default=1.5)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--quick", action="store_true", help="200 games for 10 s (make bench)")
    args = parser.parse_args()
    if args.quick:
        args.games, args.seconds = 200, 10.0
    asyncio.run(run(args.games, args.interval, args.seconds))


if __name__ == "__main__":
    main()
