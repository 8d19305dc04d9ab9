"""Time the card pictures: table render + PNG encode, and hands of 10, 11 and 25 cards; a
Canasta table late in a hand (played by computers) and a 40-card Canasta hand by rank.

Run: python benchmarks/bench_render.py [--runs N | --quick]
Targets: table median < 30 ms and PNG < 200 KB; hand median < 10 ms.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from card_images import (
    HandSpec,
    MeldSpec,
    PilesPanel,
    SeatGridPanel,
    SeatSpec,
    TableSpec,
    render_hand,
    render_table,
)

S = TypeVar("S")
SUITS = "SHDC"
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
DECK = [r + s for s in SUITS for r in RANKS]


def _seat(index: int, turn: bool) -> SeatSpec:
    """Return a seat with three melds, one holding a card laid off by someone else."""
    suit = SUITS[index % 4]
    melds = [
        MeldSpec(chr(65 + 3 * index), [r + suit for r in ("3", "4", "5", "6")], ["6" + suit]),
        MeldSpec(chr(66 + 3 * index), ["9S", "9H", "9D"]),
        MeldSpec(chr(67 + 3 * index), [r + suit for r in ("10", "J", "Q", "K")]),
    ]
    return SeatSpec(f"Player {index + 1}", 7 + index, f"Score: {40 * index}", melds, turn,
                    "knocked" if index == 1 else "")


def table_spec(seats: int) -> TableSpec:
    """Return a busy table: melds on every seat and a spread, numbered discard pile."""
    piles = PilesPanel(stock_count=17, discard=DECK[5:20], spread=True, numbers=True)
    return TableSpec(
        title=f"Rummy 500 — {seats} players",
        panels=[piles, SeatGridPanel([_seat(i, i == 0) for i in range(seats)])],
        status="Player 1 to play: draw from the stock or take from the pile",
        footer="Rummy! can be claimed while a discard fits a meld.")


def hand_spec(size: int) -> HandSpec:
    """Return a hand of `size` cards; the 10-card one is shown with melds and loose cards."""
    cards = [DECK[(i * 7) % 52] for i in range(size)]
    if size != 10:
        return HandSpec(cards, title=f"Your hand ({size} cards)", highlight=cards[-1:])
    hand = ["AS", "2S", "3S", "7H", "7D", "7C", "KD", "QC", "9S", "10H"]
    return HandSpec(hand, melds=[hand[:3], hand[3:6]], loose_value=39, title="Your hand")


def canasta_late() -> tuple[TableSpec, HandSpec]:
    """Return a Canasta table late in a hand (135 computer moves of four players) and a
    40-card hand grouped by rank."""
    from cogs.adapters import Deal
    from cogs.adapters.canasta import CANASTA

    names = ["Alice", "Bruno", "Chiara", "Dario"]
    game = CANASTA.new_game(CANASTA.options("standard", {}), 4, Deal(seed=5))
    for _ in range(135):
        seat = game.to_act()[0]
        game.apply(seat, CANASTA.choose(game, seat))
    cards = [r + s for r in ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K") for s in SUITS]
    groups = [cards[i:i + 4] for i in range(0, 40, 4)]
    hand = HandSpec(cards, melds=groups, sort="rank", title="Your hand: Canasta")
    return CANASTA.table_spec(game, names, "en"), hand


def measure(render: Callable[[S], bytes], spec: S, runs: int) -> tuple[float, float, int]:
    """Return median ms, p99 ms and the PNG size in bytes after one warm-up render."""
    size = len(render(spec))  # warm the face and font caches like a running bot has them
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        render(spec)
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    return statistics.median(times), p99, size


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--quick", action="store_true", help="20 runs each, for CI smoke runs")
    args = parser.parse_args()
    runs = 20 if args.quick else args.runs
    print(f"{'case':28} {'median ms':>10} {'p99 ms':>8} {'PNG KB':>8}  target")
    for seats in (2, 4):
        spec = table_spec(seats)
        median, p99, size = measure(render_table, spec, runs)
        print(f"{f'table, {seats} seats + melds':28} {median:10.1f} {p99:8.1f} {size / 1024:8.1f}"
              f"  < 30 ms, < 200 KB")
    for cards in (10, 11, 25):
        hand = hand_spec(cards)
        median, p99, size = measure(render_hand, hand, runs)
        print(f"{f'hand, {cards} cards':28} {median:10.1f} {p99:8.1f} {size / 1024:8.1f}  < 10 ms")
    table, hand = canasta_late()
    median, p99, size = measure(render_table, table, runs)
    print(f"{'canasta table, late hand':28} {median:10.1f} {p99:8.1f} {size / 1024:8.1f}"
          f"  < 30 ms, < 200 KB")
    median, p99, size = measure(render_hand, hand, runs)
    print(f"{'canasta hand, 40 cards':28} {median:10.1f} {p99:8.1f} {size / 1024:8.1f}")


if __name__ == "__main__":
    main()
