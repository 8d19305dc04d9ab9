"""Ramino engine speed: actions per second in random legal games, views and snapshots.

Run: python -m benchmarks.bench_ramino_engine [--games 40] [--seed 2024] [--actions 400]
Random legal play closes whenever a close is legal, otherwise picks any legal action; a game
is followed for at most --actions actions (random play seldom closes, so few games end).
Prints actions per second (legal_actions + apply, what the host does for a move) for 4 and 7
players, and the median time of a seat's private view and of a snapshot's round trip.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from engine.ramino import Close, RaminoGame, RaminoOptions


def random_game(players: int, seed: int, actions: int) -> tuple[int, float, RaminoGame]:
    """Play one random game; return its actions, the seconds they took, and the game."""
    game = RaminoGame(RaminoOptions(), players=players, seed=seed)
    rng = random.Random(seed)
    steps, spent = 0, 0.0
    while not game.is_over and steps < actions:
        start = time.perf_counter()
        seat = rng.choice(game.to_act())
        legal = game.legal_actions(seat)
        closes = [a for a in legal if isinstance(a, Close)]
        game.apply(seat, rng.choice(closes or legal))
        spent += time.perf_counter() - start
        steps += 1
    return steps, spent, game


def bench_speed(players: int, games: int, seed: int, actions: int) -> list[RaminoGame]:
    """Print the actions per second of random games with this many players."""
    steps, spent, played = 0, 0.0, []
    for i in range(games):
        n, t, game = random_game(players, seed + i, actions)
        steps, spent = steps + n, spent + t
        played.append(game)
    print(f"{players} players: {games} games, {steps} actions in {spent:.2f} s: "
          f"{steps / spent:,.0f} actions/s (legal_actions + apply)")
    return played


def median_ms(run: list[float]) -> str:
    """Return the median and p99 of timings in milliseconds, as text."""
    ms = sorted(t * 1000 for t in run)
    return f"median {statistics.median(ms):.2f} ms, p99 {ms[int(len(ms) * 0.99)]:.2f} ms"


def bench_views(games: list[RaminoGame]) -> None:
    """Print the time of the seat-to-act's private view and of a snapshot round trip."""
    views, trips = [], []
    for game in games:
        for seat in game.to_act() or [0]:
            start = time.perf_counter()
            game.private_view(seat)
            views.append(time.perf_counter() - start)
        start = time.perf_counter()
        RaminoGame.from_json(json.loads(json.dumps(game.to_json())))
        trips.append(time.perf_counter() - start)
    print(f"private view: {median_ms(views)}; snapshot round trip: {median_ms(trips)}")


def main() -> None:
    """Run the benchmarks and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=40, help="games per player count")
    parser.add_argument("--seed", type=int, default=2024, help="first game's seed")
    parser.add_argument("--actions", type=int, default=400, help="most actions per game")
    parser.add_argument("--quick", action="store_true", help="5 games a count (make bench)")
    args = parser.parse_args()
    if args.quick:
        args.games = 5
    print(f"Ramino, classic options, seed {args.seed}, at most {args.actions} actions a game")
    played = []
    for players in (4, 7):
        played += bench_speed(players, args.games, args.seed, args.actions)
    bench_views(played)


if __name__ == "__main__":
    main()
