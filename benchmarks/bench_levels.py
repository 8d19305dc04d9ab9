"""Computer levels side by side: in every game, easy and hard each play normal heads-up.

Run: python -m benchmarks.bench_levels [--games 100] [--seconds 60] [--seed 7] [--game gin]
Seats alternate; each line-up stops at `--games` games or `--seconds`, whichever comes first.
A level that plays as another (hard without a stronger player) is said, not played.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from benchmarks.bench_ramino import wilson
from cogs.adapters import Deal
from cogs.registry import adapter_for, game_names

MOST_ACTIONS = 50_000  # a game still running after this many actions counts as undecided


def play(adapter: Any, levels: tuple[str, str], seed: int) -> int | None:
    """Play one heads-up game, seat i at levels[i]; return the winning seat, None if none."""
    options = adapter.options(adapter.presets()[0], {})
    game = adapter.new_game(options, 2, Deal(seed=seed, first_dealer=seed % 2))
    for _ in range(MOST_ACTIONS):
        if game.is_over:
            won = [s.seats for s in game.standings() if s.won]
            return won[0][0] if len(won) == 1 and len(won[0]) == 1 else None
        seat = game.to_act()[0]
        game.apply(seat, adapter.choose(game, seat, levels[seat]))
    return None


def line_up(name: str, level: str, games: int, seconds: float, seed: int) -> str:
    """Play `level` against normal; return the printed line."""
    adapter = adapter_for(name)
    if adapter.seated_level(level) != level:
        return f"{name:10} {level:5} v normal: plays as normal (no stronger player yet)"
    wins = played = 0
    start = time.perf_counter()
    while played < games and time.perf_counter() - start < seconds:
        me = played % 2
        seats = (level, "normal") if me == 0 else ("normal", level)
        wins += play(adapter, seats, seed + played) == me
        played += 1
    low, high = wilson(wins, played)
    return (f"{name:10} {level:5} v normal: {wins:4} / {played:4} games = "
            f"{100 * wins / max(1, played):5.1f} % (95 % CI {100 * low:.1f}–{100 * high:.1f} %)"
            f" in {time.perf_counter() - start:.0f} s")


def main() -> None:
    """Print every game's easy and hard levels against normal."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100, help="most games per line-up")
    parser.add_argument("--seconds", type=float, default=60, help="most seconds per line-up")
    parser.add_argument("--seed", type=int, default=7, help="first game's seed")
    parser.add_argument("--game", choices=game_names(), help="one game only")
    parser.add_argument("--quick", action="store_true", help="5 s per line-up (make bench)")
    args = parser.parse_args()
    if args.quick:
        args.seconds = 5
    for name in [args.game] if args.game else game_names():
        for level in ("easy", "hard"):
            print(line_up(name, level, args.games, args.seconds, args.seed), flush=True)


if __name__ == "__main__":
    main()
