"""Ramino benchmarks: the computer player's strength and decision time, engine speed.

Run: python -m benchmarks.bench_ramino [--quick] [--games 150] [--duels 200] [--tables 60]
Prints figures; the default seed makes them reproducible. Whole games are played to the
elimination limit (classic options). Line-ups:
- the computer player against three random players (4 players, its seat rotated): target
  at least 90 % of games won;
- the computer player against the greedy "least penalty" player heads-up (2 players, seats
  alternating): target at least 55 %. Heads-up because against three greedy players an even
  share of the games is 25 %: 55 % of them would ask far more than "beats the baseline";
- for information, the computer player against three greedy players (4 players, seat
  rotated), where its fair share is 25 %.
Win rates come with their 95 % Wilson intervals. --quick plays 10, 20 and 0 games.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from engine.ramino import RaminoAction, RaminoGame, RaminoOptions
from engine.ramino.ai import choose_action, greedy_action, random_action
from engine.ramino.views import RaminoHand

Policy = Callable[[RaminoHand, random.Random], RaminoAction]
DECISION_BUDGET_MS = 20.0  # median time of one computer decision, on the machine running this
CAP_HANDS = 80  # a game still going after this many hands is won by nobody


def ai_policy(view: RaminoHand, rng: random.Random) -> RaminoAction:
    """Play the computer player (it needs no randomness)."""
    return choose_action(view)


def greedy_policy(view: RaminoHand, rng: random.Random) -> RaminoAction:
    """Play the greedy baseline."""
    return greedy_action(view)


POLICIES: dict[str, Policy] = {"ai": ai_policy, "greedy": greedy_policy,
                               "random": random_action}


@dataclass
class Tally:
    """What a series of games produced."""

    games: int = 0
    wins: dict[str, int] = field(default_factory=dict)
    capped: int = 0
    hands: int = 0
    actions: int = 0
    decisions: list[float] = field(default_factory=list)

    def win(self, name: str) -> None:
        """Count a win for the policy called name."""
        self.wins[name] = self.wins.get(name, 0) + 1


def play_game(names: Sequence[str], seed: int, options: RaminoOptions, tally: Tally) -> None:
    """Play one whole game and add it to the tally (the computer player's times included)."""
    game = RaminoGame(options, players=len(names), seed=seed, first_dealer=seed % len(names))
    rng = random.Random(seed)
    while not game.is_over and game.hand_no <= CAP_HANDS:
        seat = game.to_act()[0]
        view = game.private_view(seat)
        policy = POLICIES[names[seat]]
        start = time.perf_counter()
        action = policy(view, rng)
        if names[seat] == "ai":
            tally.decisions.append(time.perf_counter() - start)
        game.apply(seat, action)
        tally.actions += 1
    tally.games += 1
    tally.hands += min(game.hand_no, CAP_HANDS)
    if game.winner is None:
        tally.capped += 1
    else:
        tally.win(names[game.winner])


def series(others: Sequence[str], games: int, seed: int, options: RaminoOptions) -> Tally:
    """Play `games` games of the computer player against `others`, its seat rotating."""
    tally = Tally()
    n = len(others) + 1
    for i in range(games):
        names = list(others)
        names.insert(i % n, "ai")
        play_game(names, seed + i, options, tally)
    return tally


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """Return the 95 % Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def report(title: str, tally: Tally, elapsed: float, target: float, mark: str) -> None:
    """Print one series' figures and whether the mark (a target, a fair share) is reached."""
    wins = tally.wins.get("ai", 0)
    low, high = wilson(wins, tally.games)
    rate = wins / max(1, tally.games)
    verdict = "reaches" if rate >= target else "BELOW"
    print(f"{title}: {tally.games} games in {elapsed:.1f} s, "
          f"{tally.hands / max(1, tally.games):.2f} hands per game, {tally.capped} capped")
    print(f"  AI wins {wins}/{tally.games} = {100 * rate:.1f}% "
          f"(95% CI {100 * low:.1f}–{100 * high:.1f}%), {verdict} the {100 * target:.0f}% {mark}")
    others = {k: v for k, v in tally.wins.items() if k != "ai"}
    if others:
        print("  others: " + ", ".join(f"{k} {v}" for k, v in sorted(others.items())))


def bench_strength(games: int, duels: int, tables: int, seed: int) -> list[float]:
    """Print the line-ups' figures; return the computer player's decision times."""
    options = RaminoOptions()
    times: list[float] = []
    for title, others, count, target, mark in (
            ("AI vs 3 random (4 players, seat rotated)", ("random",) * 3, games, 0.90,
             "target"),
            ("AI vs greedy heads-up (2 players, seats alternating)", ("greedy",), duels, 0.55,
             "target"),
            ("AI vs 3 greedy (4 players, seat rotated)", ("greedy",) * 3, tables, 0.25,
             "fair share")):
        if not count:
            continue
        start = time.perf_counter()
        tally = series(others, count, seed, options)
        report(title, tally, time.perf_counter() - start, target, mark)
        times += tally.decisions
    return times


def report_times(times: Sequence[float]) -> None:
    """Print the computer player's decision time median and p99."""
    us = sorted(t * 1e6 for t in times)
    if not us:
        return
    p99 = us[min(len(us) - 1, int(len(us) * 0.99))]
    median = statistics.median(us)
    verdict = "within" if median < DECISION_BUDGET_MS * 1000 else "OVER"
    print(f"AI decision time over {len(us)} decisions: median {median:.0f} µs "
          f"({verdict} the {DECISION_BUDGET_MS:.0f} ms budget), p99 {p99 / 1000:.2f} ms, "
          f"max {us[-1] / 1000:.2f} ms")


def bench_speed(seconds: float, seed: int) -> None:
    """Print engine actions per second (legal_actions + apply) in random 4- and 7-player games."""
    for players in (4, 7):
        steps = hands = games = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            game = RaminoGame(RaminoOptions(), players=players, seed=seed + games)
            rng = random.Random(seed + games)
            games += 1
            while not game.is_over and time.perf_counter() - start < seconds:
                seat = game.to_act()[0]
                events = game.apply(seat, rng.choice(game.legal_actions(seat)))
                steps += 1
                hands += sum(e.kind == "hand_end" for e in events)
        elapsed = time.perf_counter() - start
        print(f"Engine, random legal play, {players} players, {elapsed:.1f} s: {steps} actions, "
              f"{hands} hands ended: {steps / elapsed:,.0f} actions/s (legal_actions + apply)")


def main() -> None:
    """Run every benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=150, help="games against random players")
    parser.add_argument("--duels", type=int, default=200, help="heads-up games against greedy")
    parser.add_argument("--tables", type=int, default=60, help="games against 3 greedy players")
    parser.add_argument("--seed", type=int, default=2024, help="first game's seed")
    parser.add_argument("--speed-seconds", type=float, default=5.0,
                        help="seconds of random play per table size for engine speed")
    parser.add_argument("--quick", action="store_true",
                        help="10, 20 and 0 games, 1 s for speed")
    args = parser.parse_args()
    if args.quick:
        args.games, args.duels, args.tables, args.speed_seconds = 10, 20, 0, 1.0
    print(f"Ramino, classic options (limit 101), seed {args.seed}, cap {CAP_HANDS} hands")
    times = bench_strength(args.games, args.duels, args.tables, args.seed)
    report_times(times)
    bench_speed(args.speed_seconds, args.seed)


if __name__ == "__main__":
    main()
