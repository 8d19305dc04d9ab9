"""Benchmark Ramino's penalty solver: engine.ramino.penalty against the brute-force reference.

Run from the repository root: `.venv/bin/python benchmarks/bench_ramino_penalty.py [--hands N]`.
Each suite is seeded random 11-card hands (the 108-card deck) with 0 to 4 jokers. Before
timing, the solver sees other seeded hands (`--warmup`), as a running bot would have: its
per-suit tables are remembered across hands, never whole answers for the timed hands.
Times are the calling thread's CPU time, so other processes on the machine do not count.
The reference (tests/engine/ramino/brute.py) runs on the first `--brute` hands of each
suite; every one of its answers is compared with ours.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # engine and tests/ helpers

from benchmarks.timing import time_calls, timer_overhead_ns, verdict
from engine.cards import Card, make_deck
from engine.ramino.penalty import penalty
from tests.engine.ramino.brute import brute_penalty

DECK = make_deck(2, 4)
NATURALS = [c for c in DECK if not c.is_joker]
JOKERS = [c for c in DECK if c.is_joker]
TARGET_MEDIAN_US = 100.0
TARGET_P99_US = 2000.0
CPU = time.thread_time_ns  # the calling thread's CPU time: other processes do not count


def hands(rng: random.Random, jokers: int, count: int) -> list[list[Card]]:
    """Return random 11-card hands holding exactly `jokers` jokers."""
    return [rng.sample(NATURALS, 11 - jokers) + JOKERS[:jokers] for _ in range(count)]


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3000, help="timed hands per suite")
    parser.add_argument("--warmup", type=int, default=2000,
                        help="other hands the solver sees first, per suite")
    parser.add_argument("--brute", type=int, default=100,
                        help="hands per suite timed and checked with the reference")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--quick", action="store_true", help="1000 hands, 20 checked (make bench)")
    args = parser.parse_args(argv)
    if args.quick:
        args.hands, args.brute = 1000, 20
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print the table; return 0 if every target is met."""
    args = parse_args(argv)
    print(f"Python {platform.python_version()}, {args.hands} timed hands per suite after "
          f"{args.warmup} warm-up hands, seed {args.seed}")
    print(f"clock-read overhead inside each figure: {timer_overhead_ns(CPU):.0f} ns\n")
    header = (f"{'suite':<14} {'ours med':>9} {'ours p99':>9} {'ours max':>9} "
              f"{'brute med':>10} {'brute p99':>10} {'brute max':>10} {'checked':>8} "
              f"{'differ':>7}")
    print("CPU microseconds per 11-card hand")
    print(header)
    print("-" * len(header))
    speed_ok = agree_ok = True
    for jokers in range(5):
        rng = random.Random(f"{args.seed}-{jokers}")
        for hand in hands(rng, jokers, args.warmup):
            penalty(hand)
        timed = hands(rng, jokers, args.hands)
        ours = time_calls(penalty, timed, warm=0, clock=CPU)
        sample = timed[: args.brute]
        reference = time_calls(brute_penalty, sample, warm=0, clock=CPU)
        differ = [i for i, answer in enumerate(reference.answers) if answer != ours.answers[i]]
        print(f"{f'{jokers} jokers':<14} {ours.median_us:>9.1f} {ours.p99_us:>9.1f} "
              f"{ours.max_us:>9.1f} {reference.median_us:>10.0f} {reference.p99_us:>10.0f} "
              f"{reference.max_us:>10.0f} {len(sample):>8} {len(differ):>7}")
        for i in differ[:2]:
            print(f"    differs: {' '.join(map(str, sample[i]))}: ours {ours.answers[i]}, "
                  f"reference {reference.answers[i]}")
        speed_ok &= ours.median_us <= TARGET_MEDIAN_US and ours.p99_us <= TARGET_P99_US
        agree_ok &= not differ
    print()
    print(f"target median <= {TARGET_MEDIAN_US:.0f} us and p99 <= {TARGET_P99_US:.0f} us "
          f"(every suite): {verdict(speed_ok)}")
    print(f"target zero disagreements with the reference: {verdict(agree_ok)}")
    return 0 if speed_ok and agree_ok else 1


if __name__ == "__main__":
    sys.exit(main())
