"""Ramino 51 engine speed: legal_actions on 15-card hands with two jokers, and random play.

Run: python -m benchmarks.bench_ramino51_engine [--games 12] [--seed 2024]
Random legal games (2 to 4 players) give real positions: a table of melds, opened and
unopened seats. At every position of the seat to act whose hand has 15 cards (an unopened
seat after his draw, the starter) or who has opened, both jokers are put into his hand when
neither is on the table (swapped, through the snapshot, for two of his natural cards), and
`legal_actions` is timed there, the collector off during the call: median, p99 and max for
unopened 15-card hands and for opened seats. The target is a p99 under 5 ms. Each figure
is split too: the part spent in search.py (openings, hand melds, the close in hand) and the
rest (the checks of every candidate and the one-card families). Then actions per second of
random 4-player games (legal_actions + apply, what the host does for a move).
Calls are timed in the thread's CPU time, so other work sharing the cores (the test suite,
other benchmarks) does not inflate the p99 by preempting the call.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import statistics
import time
from typing import Any

from engine.ramino51 import Ramino51Game, search

TARGET_P99_MS = 5.0
SEARCHES = ("hand_melds", "openings", "find_close")
SPENT = [0.0]  # seconds inside search.py since the last reset
clock = time.thread_time  # CPU seconds of this thread: preemption does not count


def clock_searches() -> None:
    """Wrap search.py's entry points so the time spent inside them adds up in SPENT."""
    for name in SEARCHES:
        inner = getattr(search, name)

        def timed(*args: Any, _inner: Any = inner) -> Any:
            start = clock()
            try:
                return _inner(*args)
            finally:
                SPENT[0] += clock() - start

        setattr(search, name, timed)


def with_jokers(data: dict[str, Any], seat: int) -> dict[str, Any] | None:
    """Return the snapshot with both jokers in the seat's hand, or None if one is on the table."""
    hand = data["hands"][seat]
    if hand.count("JK") >= 2:
        return data
    naturals = [i for i, c in enumerate(hand) if c != "JK"]
    places = [(key, i) for key in ("stock", "pile") for i, c in enumerate(data[key]) if c == "JK"]
    places += [(("hands", s), i) for s, h in enumerate(data["hands"]) if s != seat
               for i, c in enumerate(h) if c == "JK"]
    need = 2 - hand.count("JK")
    if len(places) < need or len(naturals) < need:
        return None
    out = json.loads(json.dumps(data))
    for (where, i), mine in zip(places[:need], naturals[:need]):
        pile = out["hands"][where[1]] if isinstance(where, tuple) else out[where]
        pile[i], out["hands"][seat][mine] = out["hands"][seat][mine], "JK"
    return out


Runs = dict[str, list[float]]


def timed_legal(game: Ramino51Game, seat: int, runs: Runs) -> None:
    """Time one legal_actions call: in all, in search.py, and the rest (collector off, as
    benchmarks/timing.py times calls: its pauses belong to no call)."""
    SPENT[0] = 0.0
    gc.disable()
    start = clock()
    game.legal_actions(seat)
    spent = clock() - start
    gc.enable()
    runs["all"].append(spent)
    runs["search.py"].append(SPENT[0])
    runs["the rest"].append(spent - SPENT[0])


def sample(game: Ramino51Game, seat: int, unopened: Runs, opened: Runs) -> None:
    """Time legal_actions at this position with both jokers in hand, where it can be made."""
    is_open = game.opened[seat]
    if not is_open and len(game.hands[seat]) != 15:
        return
    data = with_jokers(game.to_json(), seat)
    if data is None:
        return
    there = Ramino51Game.from_json(data)
    timed_legal(there, seat, opened if is_open else unopened)


def figures(name: str, runs: Runs) -> str:
    """Return median, p99 and max in milliseconds, and whether the p99 meets the target."""
    lines = []
    for part, run in runs.items():
        ms = sorted(t * 1000 for t in run)
        p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
        verdict = ("meets" if p99 < TARGET_P99_MS else "MISSES") if part == "all" else ""
        lines.append(f"  {part}: median {statistics.median(ms):.2f} ms, p99 {p99:.2f} ms, "
                     f"max {ms[-1]:.2f} ms {verdict}")
    return f"{name} ({len(runs['all'])} positions, target p99 < {TARGET_P99_MS:g} ms):\n" + (
        "\n".join(lines))


def bench_legal(games: int, seed: int) -> None:
    """Print legal_actions timings over the positions of random games of 2 to 4 players."""
    unopened: Runs = {"all": [], "search.py": [], "the rest": []}
    opened: Runs = {"all": [], "search.py": [], "the rest": []}
    for i in range(games):
        rng = random.Random(seed + i)
        game = Ramino51Game(players=2 + i % 3, seed=seed + i)
        while not game.is_over:
            seat = game.to_act()[0]
            sample(game, seat, unopened, opened)
            game.apply(seat, rng.choice(game.legal_actions(seat)))
    print(figures("unopened, 15 cards, 2 jokers", unopened))
    print(figures("opened, 2 jokers in hand", opened))


def bench_speed(games: int, seed: int) -> None:
    """Print the actions per second of random 4-player games played to their end."""
    steps, spent = 0, 0.0
    for i in range(games):
        rng = random.Random(seed + i)
        game = Ramino51Game(players=4, seed=seed + i)
        start = time.perf_counter()
        while not game.is_over:
            seat = game.to_act()[0]
            game.apply(seat, rng.choice(game.legal_actions(seat)))
            steps += 1
        spent += time.perf_counter() - start
    print(f"4 players: {games} games, {steps} actions in {spent:.2f} s: "
          f"{steps / spent:,.0f} actions/s (legal_actions + apply)")


def main() -> None:
    """Run the benchmarks and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=12, help="random games per figure")
    parser.add_argument("--seed", type=int, default=2024, help="first game's seed")
    parser.add_argument("--quick", action="store_true", help="2 games per figure (make bench)")
    args = parser.parse_args()
    if args.quick:
        args.games = 2
    print(f"Ramino 51, standard options, seed {args.seed}, CPU time per call")
    clock_searches()
    bench_legal(args.games, args.seed)
    bench_speed(args.games, args.seed)


if __name__ == "__main__":
    main()
