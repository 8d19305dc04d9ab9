"""The hard Ramino player decision by decision: duplicate comparisons against normal.

Run: python -m benchmarks.bench_ramino_hard [--quick] [--seconds 300] [--players 2] [--seed 1000]
     [--shuffles 8] [--policy quick|normal] [--oracle]
Normal players play seeded games (their first three hands). At each discard the hard player
would search, the search picks its move as hard_action does; where it differs from the
normal move, both are played out to the hand's end by normal players (the real opponents)
over the same `--shuffles` orders of the stock, the hands as they are, and the gain is the
difference of the seat's mean standing (ai_hard.standing: its rough chance to win the
match). Only that one decision differs, so the comparison is far less noisy than whole
games. `--oracle` hands the search the true other hands (the stock shuffled afresh in each
world): what the worlds would be worth if they guessed the hands right. The line gives the
gain per deviation and per searched decision, each with its standard error.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import dataclass, field, replace

from engine.hard import Search, choose, playing, view_seed
from engine.ramino import RaminoGame, RaminoOptions
from engine.ramino.ai import choose_action
from engine.ramino.ai_hard import SEARCH, Mark, candidates, settled, standing
from engine.ramino.views import RaminoHand

HANDS = 3  # hands played per game: the first hands are the most alike across games


@dataclass
class Tally:
    """Searched decisions, and the gain of each deviation from the normal move."""

    searched: int = 0
    gains: list[float] = field(default_factory=list)


def judge(game: RaminoGame, seat: int, move: str, shuffles: int, seed: int) -> float:
    """Return the seat's mean standing after the move, the hand played out by normal players
    over `shuffles` orders of the stock (the same orders for every move)."""
    total = 0.0
    for k in range(shuffles):
        world = RaminoGame.from_json(game.to_json())
        random.Random(seed + k).shuffle(world.stock)
        start = (world.hand_no, world.version)
        world.apply(seat, move)
        while not settled(start, world):
            actor = world.to_act()[0]
            world.apply(actor, choose_action(world.private_view(actor)))
        total += standing(start, world, seat)
    return total / shuffles


def searcher(policy: str, truth: list[RaminoGame] | None
             ) -> Search[RaminoHand, RaminoGame, Mark]:
    """Return the hard player's search, with normal play-outs or handed the true hands."""
    search = SEARCH
    if policy == "normal":
        search = replace(search, policy=playing(choose_action))
    if truth is not None:

        def oracle(view: RaminoHand, rng: random.Random) -> RaminoGame:
            world = RaminoGame.from_json(truth[0].to_json())
            rng.shuffle(world.stock)
            return world

        search = replace(search, sample=oracle)
    return search


def compare(search: Search[RaminoHand, RaminoGame, Mark], game: RaminoGame, seat: int,
            shuffles: int, tally: Tally) -> str:
    """Return the normal move at the seat's turn, judging the search's move if it differs."""
    view = game.private_view(seat)
    normal = str(choose_action(view))
    if len(candidates(view)) < 2:
        return normal
    tally.searched += 1
    move = str(choose(search, view))
    if move != normal:
        seed = view_seed(view)
        tally.gains.append(judge(game, seat, move, shuffles, seed)
                           - judge(game, seat, normal, shuffles, seed))
    return normal


def run(args: argparse.Namespace) -> Tally:
    """Play seeded normal games until the time is up, comparing at every searched decision."""
    tally, truth = Tally(), list[RaminoGame]()
    search = searcher(args.policy, truth if args.oracle else None)
    start, seed = time.process_time(), args.seed
    while time.process_time() - start < args.seconds:
        game = RaminoGame(RaminoOptions(), players=args.players, seed=seed,
                          first_dealer=seed % args.players)
        seed += 1
        while not game.is_over and game.hand_no <= HANDS:
            truth[:] = [game]
            seat = game.to_act()[0]
            game.apply(seat, compare(search, game, seat, args.shuffles, tally))
            if time.process_time() - start >= args.seconds:
                break
    return tally


def line(args: argparse.Namespace, tally: Tally) -> str:
    """Return the printed line: the gains per deviation and per searched decision."""
    gains, n = tally.gains, max(1, tally.searched)
    mean = statistics.mean(gains) if gains else 0.0
    error = statistics.pstdev(gains) / len(gains) ** 0.5 if len(gains) > 1 else 0.0
    per = sum(gains) / n
    per_error = error * len(gains) / n
    worlds = "true hands" if args.oracle else "worlds"
    return (f"ramino hard ({worlds}, {args.policy} play-outs), {args.players} seats: "
            f"{tally.searched} searched, {len(gains)} deviations, gain/deviation "
            f"{1000 * mean:+.2f}e-3 ± {1000 * error:.2f}e-3, gain/decision "
            f"{1000 * per:+.2f}e-3 ± {1000 * per_error:.2f}e-3 of a win")


def main() -> None:
    """Print the hard player's gain over normal at the decisions it searches."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=300, help="CPU seconds to run")
    parser.add_argument("--players", type=int, default=2, help="seats at the table")
    parser.add_argument("--seed", type=int, default=1000, help="first game's seed")
    parser.add_argument("--shuffles", type=int, default=8, help="stock orders per judgement")
    parser.add_argument("--policy", choices=("quick", "normal"), default="quick",
                        help="the search's play-outs")
    parser.add_argument("--oracle", action="store_true", help="hand the search the true hands")
    parser.add_argument("--quick", action="store_true", help="5 s (make bench)")
    args = parser.parse_args()
    if args.quick:
        args.seconds = 5.0
    print(line(args, run(args)), flush=True)


if __name__ == "__main__":
    main()
