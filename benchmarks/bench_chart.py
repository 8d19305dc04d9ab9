"""Time the chart of running totals on a hand's result, per game.

Each game is played by its computer players until a few hands ended; then, on that hand's
result, are timed: building the chart from the score sheet (`score_chart`), drawing the
chart's panel, and the whole result picture (render + PNG) with and without the chart.

Run: python -m benchmarks.bench_chart [--runs N | --quick]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from card_images import HandEndSpec, render_hand_end
from card_images.chart import draw_chart
from cogs.adapters import Deal
from cogs.adapters.base import GameAdapter
from cogs.adapters.canasta import CANASTA
from cogs.adapters.gin import GIN
from cogs.adapters.ramino import RAMINO
from cogs.adapters.ramino51 import RAMINO51
from cogs.adapters.rummy500 import RUMMY500

NAMES = ["Alice", "Bruno", "Chiara", "Dario", "Elena", "Fabio", "Giulia"]
# game, its adapter, seats, hands played before timing
GAMES: list[tuple[str, GameAdapter, int, int]] = [
    ("gin", GIN, 2, 6), ("rummy500", RUMMY500, 4, 5), ("canasta", CANASTA, 4, 3),
    ("ramino", RAMINO, 7, 5), ("ramino51", RAMINO51, 4, 5)]


def played(adapter: GameAdapter, seats: int, hands: int) -> tuple[Any, HandEndSpec]:
    """Play by the computer's moves until `hands` hands ended; return the game and the last
    hand's result picture, its chart included."""
    game = adapter.new_game(adapter.options(adapter.presets()[0], {}), seats, Deal(seed=7))
    spec: HandEndSpec | None = None
    ended = 0
    while not game.is_over and ended < hands:
        seat = game.to_act()[0]
        events = game.apply(seat, adapter.choose(game, seat))
        result = adapter.hand_result(game, events, NAMES[:seats], "en")
        if result is not None:
            spec, ended = result[0], ended + 1
    assert spec is not None and spec.chart is not None
    return game, spec


def measure(call: Callable[[], object], runs: int) -> tuple[float, float]:
    """Return median and p99 ms of `call` after one warm-up call."""
    call()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        call()
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return statistics.median(times), times[min(len(times) - 1, int(len(times) * 0.99))]


def row(name: str, adapter: GameAdapter, seats: int, hands: int, runs: int) -> str:
    """Return one game's line: spec build and chart draw (median / p99), whole pictures."""
    game, spec = played(adapter, seats, hands)
    chart = spec.chart
    assert chart is not None
    names = NAMES[:seats]
    build = measure(lambda: adapter.score_chart(game, names, "en"), runs)
    draw = measure(lambda: draw_chart(chart, 530), runs)
    whole = measure(lambda: render_hand_end(spec), runs)[0]
    bare = measure(lambda: render_hand_end(replace(spec, chart=None)), runs)[0]
    return (f"{f'{name} ({seats}, {hands})':24} {build[0]:7.2f} /{build[1]:6.2f}"
            f"   {draw[0]:7.2f} /{draw[1]:6.2f}   {whole:16.1f} / {bare:.1f}")


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--quick", action="store_true", help="20 runs each, for CI smoke runs")
    args = parser.parse_args()
    runs = 20 if args.quick else args.runs
    print(f"{'game (seats, hands)':24} {'spec med/p99 ms':>16} {'chart med/p99 ms':>17}"
          f" {'result with/without chart (median ms)':>38}")
    for name, adapter, seats, hands in GAMES:
        print(row(name, adapter, seats, hands, runs))


if __name__ == "__main__":
    main()
