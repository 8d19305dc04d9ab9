"""Ramino 51 paired hands: a player against normal on the same deals, every seat in turn.

Run: python -m benchmarks.bench_ramino51_pairs [--quick] [--player hard] [--players 2] [--deals 300]
     [--seed 5000] [--seconds 600]
Each deal is played as one hand once per seat, the player in that seat and normal in every
other, the first dealer the same: the cards are the same every time, so what differs is the
player's play (duplicate scoring, far less noisy than whole games). A deal's figure is, summed
over its seatings, the mean charge of the other seats less the player's charge: positive when
the player pays less than the normal players around it. Printed: the mean per deal with its
95 % interval and standard deviation, the deals where the seatings came out equal, and the
player's decision CPU times (time.process_time, ms). A normal hand is some 35 actions, so a
few hundred deals take a minute with a cheap player.

For scale (round 3 of issue 29, 2 seats, seed 5000): greedy -34.9 +/- 4.1 a deal (400 deals),
round 3's searching discard +0.4 +/- 2.6 (300 deals); round 4's searched opening
+9.4 +/- 8.4 (85 deals), +14.3 +/- 7.9 at 4 seats (208 deals). One hand's charges differ by 27
points (standard deviation) between two normal players, 72 over a game of 7 hands, so 58 %
of games asks some 4 points a deal heads-up.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Sequence

from benchmarks.bench_levels import centile
from engine.ramino51 import Ramino51Action, Ramino51Game
from engine.ramino51.ai import choose_action, greedy_action
from engine.ramino51.ai_hard import choose_action_hard
from engine.ramino51.options import Ramino51Options
from engine.ramino51.views import R51Hand

Player = Callable[[R51Hand], Ramino51Action]
PLAYERS: dict[str, Player] = {"hard": choose_action_hard, "greedy": greedy_action,
                              "normal": choose_action}
MOST_ACTIONS = 3_000  # a hand still going after this many actions (a stalled hand) counts 0


def hand(seed: int, dealer: int, players: Sequence[Player],
         times: list[float] | None = None, timed: int = -1) -> list[int]:
    """Play one hand of the deal, seat i as players[i]; return each seat's charge.

    The CPU time of every decision of seat `timed` is appended to `times` (ms).
    """
    game = Ramino51Game(Ramino51Options(hands_per_game=1), players=len(players), seed=seed,
                        first_dealer=dealer)
    for _ in range(MOST_ACTIONS):
        if game.board.played:
            return list(game.board.hands[0])
        seat = game.to_act()[0]
        start = time.process_time()
        move = players[seat](game.private_view(seat))
        if times is not None and seat == timed:
            times.append(1000 * (time.process_time() - start))
        game.apply(seat, move)
    return [0] * len(players)


def deal(seed: int, player: Player, seats: int, times: list[float] | None = None) -> float:
    """Return the player's gain over normal on one deal, summed over its seatings."""
    gain = 0.0
    for me in range(seats):
        lineup = [player if s == me else choose_action for s in range(seats)]
        charges = hand(seed, seed % seats, lineup, times, me)
        others = [c for s, c in enumerate(charges) if s != me]
        gain += sum(others) / len(others) - charges[me]
    return gain


def run(name: str, seats: int, deals: int, seed: int, seconds: float) -> str:
    """Play the deals (or as many as fit in `seconds`); return the printed line."""
    gains: list[float] = []
    times: list[float] = []
    start = time.perf_counter()
    while len(gains) < deals and time.perf_counter() - start < seconds:
        gains.append(deal(seed + len(gains), PLAYERS[name], seats, times))
    mean = statistics.fmean(gains) if gains else 0.0
    spread = statistics.pstdev(gains) if len(gains) > 1 else 0.0
    half = 1.96 * spread / max(1, len(gains)) ** 0.5
    equal = sum(g == 0 for g in gains)
    return (f"{name} v normal, {seats} seats: {mean:+.2f} +/- {half:.2f} points a deal"
            f" (sd {spread:.1f}; {len(gains)} deals, {equal} equal); decision ms"
            f" p50 {centile(times, 0.5):.1f} p99 {centile(times, 0.99):.1f}"
            f" max {max(times, default=0.0):.1f}; {time.perf_counter() - start:.0f} s")


def main() -> None:
    """Print a player's paired gain over normal."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--player", choices=sorted(PLAYERS), default="hard")
    parser.add_argument("--players", type=int, default=2, help="seats at the table (2-4)")
    parser.add_argument("--deals", type=int, default=300, help="most deals")
    parser.add_argument("--seed", type=int, default=5000, help="first deal's seed")
    parser.add_argument("--seconds", type=float, default=600, help="most seconds")
    parser.add_argument("--quick", action="store_true", help="10 s (make bench)")
    args = parser.parse_args()
    if args.quick:
        args.seconds = 10.0
    print(run(args.player, args.players, args.deals, args.seed, args.seconds), flush=True)


if __name__ == "__main__":
    main()
