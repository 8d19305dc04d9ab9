"""Canasta engine speed: legal_actions over real positions, and random play.

Run: python -m benchmarks.bench_canasta_engine [--games 12] [--seed 2024]
Random legal games (2 to 4 players) give real positions; half the games are played by
hoarders, who take the pile whenever they can and meld nothing else, so hands of 40 cards
and more are reached. `legal_actions` is timed at every position of the seat to act, the
collector off during the call, and the figures are split by hand size: median, p99 and max.
The target is a p99 under 5 ms. Then actions per second of random 4-player games
(legal_actions + apply, what the host does for a move). Calls are timed in the thread's CPU
time, so other work sharing the cores does not inflate the p99 by preempting the call.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time

from engine.canasta import CanastaGame, CanastaOptions
from engine.canasta import actions as A

TARGET_P99_MS = 5.0
HANDS = 4  # hands played per game
clock = time.thread_time  # CPU seconds of this thread: preemption does not count
PLAYS = (A.OpenAndDraw, A.TakePile, A.NewMeld, A.AddToMeld)
SIZES = (("up to 24 cards", 0), ("25 to 39 cards", 25), ("40 cards or more", 40))


def pick(acts: list[A.CanastaAction], rng: random.Random, hoard: bool) -> A.CanastaAction:
    """Pick an action: a hoarder takes the pile, a builder melds most of the time."""
    if hoard:
        takes = [a for a in acts if isinstance(a, A.TakePile)]
        calm = [a for a in acts if isinstance(a, (A.DrawTwo, A.Discard, A.EndHand))]
        return rng.choice(takes or calm or acts)
    plays = [a for a in acts if isinstance(a, PLAYS)]
    return rng.choice(plays if plays and rng.random() < 0.85 else acts)


def timed_legal(game: CanastaGame, seat: int) -> tuple[float, list[A.CanastaAction]]:
    """Time one legal_actions call with the collector off."""
    gc.disable()
    start = clock()
    acts = game.legal_actions(seat)
    spent = clock() - start
    gc.enable()
    return spent, acts


def figures(runs: dict[str, list[float]]) -> str:
    """Return median, p99 and max in milliseconds per hand size, and the verdict."""
    lines = []
    for name, run in runs.items():
        if not run:
            lines.append(f"  {name}: no positions")
            continue
        ms = sorted(t * 1000 for t in run)
        p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
        verdict = "meets" if p99 < TARGET_P99_MS else "MISSES"
        lines.append(f"  {name} ({len(ms)} positions): median {statistics.median(ms):.2f} ms, "
                     f"p99 {p99:.2f} ms, max {ms[-1]:.2f} ms {verdict}")
    return f"legal_actions (target p99 < {TARGET_P99_MS:g} ms):\n" + "\n".join(lines)


def bucket(size: int) -> str:
    """Return the name of the hand-size bucket."""
    return [name for name, low in SIZES if size >= low][-1]


def bench_legal(games: int, seed: int) -> None:
    """Print legal_actions timings over the positions of random games of 2 to 4 players."""
    runs: dict[str, list[float]] = {name: [] for name, _ in SIZES}
    for i in range(games):
        rng = random.Random(seed + i)
        game = CanastaGame(CanastaOptions(), players=2 + i % 3, seed=seed + i)
        while not game.is_over and game.hand_no <= HANDS:
            seat = game.to_act()[0]
            spent, acts = timed_legal(game, seat)
            runs[bucket(len(game.hands[seat]))].append(spent)
            game.apply(seat, pick(acts, rng, hoard=i % 2 == 1))
    print(figures(runs))


def bench_speed(games: int, seed: int) -> None:
    """Print the actions per second of random 4-player games."""
    steps, spent = 0, 0.0
    for i in range(games):
        rng = random.Random(seed + i)
        game = CanastaGame(CanastaOptions(), players=4, seed=seed + i)
        start = time.perf_counter()
        while not game.is_over and game.hand_no <= HANDS:
            seat = game.to_act()[0]
            game.apply(seat, pick(game.legal_actions(seat), rng, hoard=False))
            steps += 1
        spent += time.perf_counter() - start
    print(f"4 players: {games} games of {HANDS} hands, {steps} actions in {spent:.2f} s: "
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
    print(f"Canasta, standard options, seed {args.seed}, CPU time per call")
    bench_legal(args.games, args.seed)
    bench_speed(args.games, args.seed)


if __name__ == "__main__":
    main()
