"""Rummy 500 benchmarks: computer player strength, engine speed, decision time.

Run: python -m benchmarks.bench_rummy500 [--quick] [--games 200] [--seed 2024] [--cap 60]
Prints figures; the default seed makes them reproducible. --quick plays 30 games per line-up
and 60 for engine speed. The AI's median decision time has a budget (DECISION_BUDGET_MS):
the figure says whether it is met.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from engine.rummy500 import Rummy500Action, Rummy500Game
from engine.rummy500.ai import choose_action, choose_claim, random_action
from engine.rummy500.ai_greedy import greedy_action
from engine.rummy500.views import R500Hand

Policy = Callable[[R500Hand, random.Random], Rummy500Action]
DECISION_BUDGET_MS = 20.0  # median time of one computer decision, on the machine running this


def ai_policy(view: R500Hand, rng: random.Random) -> Rummy500Action:
    """Play the computer player (it needs no randomness)."""
    return choose_action(view)


def greedy_policy(view: R500Hand, rng: random.Random) -> Rummy500Action:
    """Play the greedy baseline (the computer's easy level; it never claims)."""
    return greedy_action(view)


@dataclass
class Tally:
    """What a series of games produced."""

    games: int = 0
    wins: dict[str, int] = field(default_factory=dict)
    capped: int = 0
    hands: int = 0
    decisions: list[float] = field(default_factory=list)

    def win(self, name: str) -> None:
        """Count a win for the policy called name."""
        self.wins[name] = self.wins.get(name, 0) + 1


def play_game(policies: Sequence[tuple[str, Policy]], seed: int, cap: int,
              tally: Tally) -> None:
    """Play one game to the target (or `cap` hands) and add it to the tally."""
    n = len(policies)
    game = Rummy500Game(players=n, seed=seed, first_dealer=seed % n)
    rng = random.Random(seed)
    while not game.is_over and game.hand_no <= cap:
        if game.claim_open:
            offer_claims(game, policies)
            if game.is_over:
                break
        seat = game.turn
        name, policy = policies[seat]
        view = game.private_view(seat)
        start = time.perf_counter()
        action = policy(view, rng)
        if name.startswith("ai"):
            tally.decisions.append(time.perf_counter() - start)
        game.apply(seat, action)
    tally.games += 1
    tally.hands += min(game.hand_no, cap)
    if not game.is_over:
        tally.capped += 1  # a capped game is won by nobody
    elif game.winner is not None:
        tally.win(policies[game.winner][0])


def offer_claims(game: Rummy500Game, policies: Sequence[tuple[str, Policy]]) -> None:
    """Let the computer players after the discarder claim, in play order (random never does)."""
    assert game.discarder is not None
    for step in range(1, game.players):
        seat = (game.discarder + step) % game.players
        if not policies[seat][0].startswith("ai"):
            continue
        claim = choose_claim(game.private_view(seat))
        if claim is not None:
            game.apply(seat, claim)
            return


def series(names: Sequence[str], games: int, seed: int, cap: int) -> Tally:
    """Play `games` games, rotating the seats so every policy sits everywhere."""
    table: dict[str, Policy] = {"ai": ai_policy, "greedy": greedy_policy,
                                "random": random_action}
    tally = Tally()
    n = len(names)
    for i in range(games):
        shift = i % n
        seated = [names[(j - shift) % n] for j in range(n)]
        policies = [(name, table[name.rstrip("0123456789")]) for name in seated]
        play_game(policies, seed + i, cap, tally)
    return tally


def report(title: str, names: Sequence[str], tally: Tally, elapsed: float) -> None:
    """Print one series' figures."""
    print(f"{title}: {tally.games} games in {elapsed:.1f} s, "
          f"{tally.hands / max(1, tally.games):.2f} hands per game, "
          f"{tally.capped} hit the cap (won by nobody)")
    for name in dict.fromkeys(names):
        wins = tally.wins.get(name, 0)
        print(f"  {name:8} wins {wins:4}  ({100 * wins / max(1, tally.games):.1f}%)")


def bench_strength(games: int, seed: int, cap: int) -> list[float]:
    """Print the win figures of the three line-ups; return the AI's decision times."""
    times: list[float] = []
    for title, names in (("AI vs 2 random (3 players)", ("ai", "random1", "random2")),
                         ("AI vs AI vs random (3 players; ai1 plays after random, ai2 after ai1)",
                          ("ai1", "ai2", "random")),
                         ("AI vs random (2 players)", ("ai", "random")),
                         ("AI vs greedy (2 players)", ("ai", "greedy")),
                         ("greedy vs random (2 players)", ("greedy", "random"))):
        start = time.perf_counter()
        tally = series(names, games, seed, cap)
        report(title, names, tally, time.perf_counter() - start)
        times += tally.decisions
    return times


def bench_speed(games: int, seed: int, cap: int) -> None:
    """Print engine actions per second (legal_actions + apply) in random 4-player games."""
    steps = finished = 0
    start = time.perf_counter()
    for i in range(games):
        game = Rummy500Game(players=4, seed=seed + i)
        rng = random.Random(seed + i)
        while not game.is_over and game.hand_no <= cap:
            seat = game.turn
            game.apply(seat, rng.choice(game.legal_actions(seat)))
            steps += 1
        finished += game.is_over
    elapsed = time.perf_counter() - start
    print(f"Engine, random legal play, 4 players: {games} games ({finished} finished), "
          f"{steps} actions in {elapsed:.2f} s")
    print(f"  {steps / elapsed:,.0f} actions/s (legal_actions + apply), "
          f"{games / elapsed:.1f} games/s")


def report_times(times: list[float]) -> None:
    """Print the AI's decision time median and p99."""
    ms = sorted(t * 1000 for t in times)
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    median = statistics.median(ms)
    verdict = "within" if median < DECISION_BUDGET_MS else "OVER"
    print(f"AI decision time over {len(ms)} decisions: median {median:.2f} ms "
          f"({verdict} the {DECISION_BUDGET_MS:.0f} ms budget), p99 {p99:.2f} ms, "
          f"max {ms[-1]:.2f} ms")


def main() -> None:
    """Run every benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200, help="games per line-up")
    parser.add_argument("--seed", type=int, default=2024, help="first game's seed")
    parser.add_argument("--cap", type=int, default=60, help="most hands played per game")
    parser.add_argument("--speed-games", type=int, default=200, help="games for engine speed")
    parser.add_argument("--quick", action="store_true",
                        help="30 games per line-up and 60 for engine speed")
    args = parser.parse_args()
    if args.quick:
        args.games, args.speed_games = 30, 60
    print(f"Rummy 500, standard options, target 500, seed {args.seed}, cap {args.cap} hands")
    times = bench_strength(args.games, args.seed, args.cap)
    bench_speed(args.speed_games, args.seed, args.cap)
    report_times(times)


if __name__ == "__main__":
    main()
