"""Ramino 51 hand searches: time of hand_melds, openings(…, 51), best_melds and find_close.

Run: python -m benchmarks.bench_ramino51_search [--hands 300] [--seed 51]
Random 15-card hands from the 106-card deck with exactly 0, 1 and 2 jokers, against a
table of 8 melds (some with jokers) put together from the rest of the deck; and crafted
hands that close (random melds of 14 cards and one card to discard), where find_close
must find the close. Prints median, p99 and max in milliseconds per function and line-up.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence

from engine.cards import Card, make_deck
from engine.ramino51.melds import to_table
from engine.ramino51.search import best_melds, find_close, hand_melds, openings
from engine.table import TableMeld, meld_id

TABLE_MELDS = 8


def random_hand(rng: random.Random, jokers: int) -> tuple[list[Card], list[Card]]:
    """Return 15 cards holding exactly `jokers` jokers, and the rest of the deck."""
    deck = make_deck(2, 2)
    naturals = [c for c in deck if not c.is_joker]
    rng.shuffle(naturals)
    hand = naturals[:15 - jokers] + [c for c in deck if c.is_joker][:jokers]
    rest = naturals[15 - jokers:] + [c for c in deck if c.is_joker][jokers:]
    return hand, rest


def random_table(rng: random.Random, cards: Sequence[Card]) -> list[TableMeld]:
    """Return up to TABLE_MELDS disjoint melds taken from the cards."""
    pool = list(cards)
    rng.shuffle(pool)
    table: list[TableMeld] = []
    for meld in hand_melds(pool[:60]):
        if len(table) == TABLE_MELDS:
            break
        if all(c in pool for c in meld.cards):
            table.append(to_table(meld, len(table) % 3, meld_id(len(table)), 0))
            pool = [c for c in pool if c not in meld.cards]
    return table


def closing_hand(rng: random.Random) -> list[Card]:
    """Return 15 cards of which 14 form disjoint melds (jokers included at random)."""
    while True:
        deck = make_deck(2, 2)
        rng.shuffle(deck)
        chosen: list[Card] = []
        for meld in hand_melds(deck[:40]):
            if len(chosen) + len(meld) <= 14 and not set(meld.cards) & set(chosen):
                chosen += meld.cards
            if len(chosen) == 14:
                left = [c for c in deck if c not in chosen and not c.is_joker]
                return chosen + [left[0]]


def timed(call: Callable[..., object], *args: object) -> tuple[float, object]:
    """Return the call's CPU time in ms and its result.

    CPU time, not wall time: the machine is shared, and a wall clock counts the time
    other processes held the core (a few ms now and then) against the search.
    """
    start = time.thread_time()
    out = call(*args)
    return (time.thread_time() - start) * 1000, out


def report(name: str, times: list[float]) -> None:
    """Print median, p99 and max."""
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    print(f"  {name:<16} median {statistics.median(ordered):6.2f} ms   p99 {p99:6.2f} ms"
          f"   max {ordered[-1]:6.2f} ms")


def bench_random(rng: random.Random, hands: int, jokers: int) -> None:
    """Time every search on random hands with that many jokers."""
    times: dict[str, list[float]] = {"hand_melds": [], "openings 51": [], "best_melds": [],
                                     "find_close": []}
    closes = 0
    for _ in range(hands):
        hand, rest = random_hand(rng, jokers)
        table = random_table(rng, rest)
        times["hand_melds"].append(timed(hand_melds, hand)[0])
        times["openings 51"].append(timed(openings, hand, 51)[0])
        times["best_melds"].append(timed(best_melds, hand)[0])
        spent, found = timed(find_close, hand, table, None, None)
        times["find_close"].append(spent)
        closes += found is not None
    print(f"random 15-card hands, {jokers} joker(s), table of {TABLE_MELDS} melds "
          f"({closes} of {hands} close):")
    for name, spent_list in times.items():
        report(name, spent_list)


def bench_closing(rng: random.Random, hands: int) -> None:
    """Time find_close on crafted hands that close; count those it finds."""
    times: list[float] = []
    found = 0
    for _ in range(hands):
        hand = closing_hand(rng)
        spent, close = timed(find_close, hand, [], None, None)
        times.append(spent)
        found += close is not None
    print(f"crafted 15-card hands that close: found {found} of {hands}")
    report("find_close", times)


def main() -> None:
    """Run the benchmark."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--seed", type=int, default=51)
    parser.add_argument("--quick", action="store_true", help="30 hands (make bench)")
    args = parser.parse_args()
    if args.quick:
        args.hands = 30
    rng = random.Random(args.seed)
    for jokers in (0, 1, 2):
        bench_random(rng, args.hands, jokers)
    bench_closing(rng, args.hands)


if __name__ == "__main__":
    main()
