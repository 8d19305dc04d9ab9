"""Benchmark gin's minimum deadwood: engine.gin.min_deadwood against RLCard's melding.

Run from the repository root: `.venv/bin/python benchmarks/bench_solver.py [--hands N]`.
Cards are converted for both libraries before timing; only the call itself is timed.
Every answer is checked against the brute-force reference in tests/engine/bruteforce.py.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
from collections.abc import Sequence
from importlib.metadata import version
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # engine and tests/ helpers

from rlcard.games.base import Card as RLCard  # type: ignore[import-untyped]
from rlcard.games.gin_rummy.utils import melding, utils  # type: ignore[import-untyped]

from benchmarks.timing import time_calls, timer_overhead_ns, verdict
from engine.cards import Card, make_deck
from engine.gin import card_value, min_deadwood
from engine.melds import GIN_RULES
from tests.engine.bruteforce import brute_min_leftover

DECK = make_deck(1)
RL_RANKS = "A23456789TJQK"
TARGET_MEDIAN_US = 5.0
TARGET_SPEEDUP = 3.0


def random_hands(rng: random.Random, n: int, count: int) -> list[list[Card]]:
    """Return random n-card hands from one pack."""
    return [rng.sample(DECK, n) for _ in range(count)]


def meld_heavy_hands(rng: random.Random, n: int, count: int) -> list[list[Card]]:
    """Return n-card hands drawn from 5 adjacent ranks (many sets and runs)."""
    out = []
    for _ in range(count):
        lo = rng.randint(1, 9)
        out.append(rng.sample([c for c in DECK if lo <= c.rank < lo + 5], n))
    return out


def to_rlcard(hand: Sequence[Card]) -> list[RLCard]:
    """Return the hand as RLCard card objects."""
    return [RLCard(c.suit, RL_RANKS[c.rank - 1]) for c in hand]


def rlcard_min_deadwood(hand: list[RLCard]) -> int:
    """Return RLCard's least deadwood: best meld clusters, then its deadwood count."""
    if len(hand) == 10:
        clusters = melding.get_best_meld_clusters(hand)
        return utils.get_deadwood_count(hand, clusters[0]) if clusters else _total(hand)
    # RLCard's 10-card helpers refuse 11 cards; its judge (get_going_out_cards) walks
    # get_meld_clusters and takes the hand minus the meld cards, as done here.
    best = _total(hand)
    for cluster in melding.get_meld_clusters(hand):
        melded = [card for pile in cluster for card in pile]
        best = min(best, _total([card for card in hand if card not in melded]))
    return best


def _total(hand: list[RLCard]) -> int:
    return sum(utils.get_deadwood_value(c) for c in hand)


def brute(hands: Sequence[list[Card]]) -> list[int]:
    """Return the brute-force least deadwood of each hand."""
    return [brute_min_leftover(h, GIN_RULES, card_value) for h in hands]


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000, help="hands per suite")
    parser.add_argument("--brute", type=int, default=None,
                        help="hands per suite checked by brute force (default: all)")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--quick", action="store_true", help="2,000 hands per suite (make bench)")
    args = parser.parse_args(argv)
    if args.quick:
        args.hands = 2000
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print the table; return 0 if every target is met."""
    args = parse_args(argv)
    rng = random.Random(args.seed)
    suites = {
        "10 random": random_hands(rng, 10, args.hands),
        "11 random": random_hands(rng, 11, args.hands),
        "10 meld-heavy": meld_heavy_hands(rng, 10, args.hands),
    }
    print(f"Python {platform.python_version()}, rlcard {version('rlcard')}, "
          f"{args.hands} hands per suite, seed {args.seed}")
    print(f"clock-read overhead inside each figure: {timer_overhead_ns():.0f} ns\n")
    header = (f"{'suite':<14} {'ours med':>9} {'ours p99':>9} {'RLCard med':>11} "
              f"{'RLCard p99':>11} {'x med':>7} {'x total':>8} {'brute chk':>10} "
              f"{'ours!=brute':>11} {'RL!=brute':>10} {'ours!=RL':>9}")
    print("times in microseconds per call; x = RLCard time / our time")
    print(header)
    print("-" * len(header))
    speed_ok = agree_ok = True
    ten_median = 0.0
    for name, hands in suites.items():
        rl_hands = [to_rlcard(h) for h in hands]
        ours = time_calls(min_deadwood, hands)
        theirs = time_calls(rlcard_min_deadwood, rl_hands)
        n_brute = len(hands) if args.brute is None else min(args.brute, len(hands))
        reference = brute(hands[:n_brute])
        ours_bad = sum(a != b for a, b in zip(ours.answers, reference))
        rl_bad = sum(a != b for a, b in zip(theirs.answers, reference))
        differ = [i for i, (a, b) in enumerate(zip(ours.answers, theirs.answers)) if a != b]
        x_med = theirs.median_us / ours.median_us
        x_total = theirs.total_s / ours.total_s
        print(f"{name:<14} {ours.median_us:>9.2f} {ours.p99_us:>9.2f} {theirs.median_us:>11.1f} "
              f"{theirs.p99_us:>11.1f} {x_med:>7.1f} {x_total:>8.1f} {n_brute:>10} "
              f"{ours_bad:>11} {rl_bad:>10} {len(differ):>9}")
        for i in differ[:2]:
            print(f"    differs: {' '.join(map(str, hands[i]))}: ours {ours.answers[i]}, "
                  f"RLCard {theirs.answers[i]}")
        speed_ok &= x_med >= TARGET_SPEEDUP
        agree_ok &= ours_bad == 0
        if name == "10 random":
            ten_median = ours.median_us
    median_ok = ten_median <= TARGET_MEDIAN_US
    print()
    print(f"target median <= {TARGET_MEDIAN_US} us (10-card random): {ten_median:.2f} us, "
          f"{verdict(median_ok)}")
    print(f"target >= {TARGET_SPEEDUP}x faster than RLCard (median, every suite): "
          f"{verdict(speed_ok)}")
    print(f"target zero disagreements with the brute force: {verdict(agree_ok)}")
    ok = median_ok and speed_ok and agree_ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
