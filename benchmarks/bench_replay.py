"""Time replays: a whole game of each game, played by computers, re-played from its start and
its moves to its final state (engine.replay, what the viewer and the export run), in moves per
second; the game at one position of the viewer (from the last kept state, at most 40 moves
re-applied), median over every position; and the export file written and checked again.

Run: python -m benchmarks.bench_replay [--games N | --quick] [--level easy|normal|hard]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cogs.adapters import Deal
from cogs.registry import GAMES, adapter_for
from engine.base import SYSTEM_SEAT
from engine.replay import Move, Start, check_export, export_text, parse_export, replay

SEATS = {"gin": 2, "rummy500": 3, "ramino": 3, "ramino51": 3, "canasta": 4}


def play(name: str, seed: int, level: str) -> tuple[Start, list[Move], dict[str, Any]]:
    """Play a whole game of computers; return its start, its moves and its final state."""
    adapter = adapter_for(name)
    game = adapter.new_game(adapter.options(adapter.presets()[0], {}), SEATS[name],
                            Deal(seed=seed))
    start, moves = Start.of(game), []
    while not game.is_over:
        waiting = game.to_act()
        if waiting:
            seat, text = waiting[0], adapter.choose(game, waiting[0], level)
        else:
            timer = game.system_timer()
            assert timer is not None
            seat, text = SYSTEM_SEAT, str(timer[1])
        game.apply(seat, text)
        moves.append(Move(seat, text))
    return start, moves, game.to_json()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5, help="games played per game (seeds)")
    parser.add_argument("--quick", action="store_true", help="one game each")
    parser.add_argument("--level", default="easy", choices=("easy", "normal", "hard"),
                        help="the computers' level (easy plays fastest)")
    args = parser.parse_args()
    games = 1 if args.quick else args.games
    print(f"{'game':<10}{'moves':>8}{'hands':>7}{'replay ms':>11}{'moves/s':>10}"
          f"{'position ms':>13}{'export+check ms':>17}")
    for adapter in GAMES:
        name = adapter.name
        rates, moves, hands, replay_ms, export_ms, at_ms = [], [], [], [], [], []
        for seed in range(1, games + 1):
            start, played, final = play(name, seed, args.level)
            began = time.perf_counter()
            record = replay(start, played, final)
            spent = time.perf_counter() - began
            began = time.perf_counter()
            check_export(parse_export(export_text(record, [f"P{i}" for i in
                                                           range(start.players)])))
            export_ms.append((time.perf_counter() - began) * 1000)
            for step in range(0, record.moves + 1, 7):
                began = time.perf_counter()
                record.game_at(step)
                at_ms.append((time.perf_counter() - began) * 1000)
            rates.append(len(played) / spent)
            moves.append(len(played))
            hands.append(record.hands())
            replay_ms.append(spent * 1000)
        print(f"{name:<10}{statistics.median(moves):>8.0f}{statistics.median(hands):>7.0f}"
              f"{statistics.median(replay_ms):>11.0f}{statistics.median(rates):>10.0f}"
              f"{statistics.median(at_ms):>13.1f}{statistics.median(export_ms):>17.0f}")


if __name__ == "__main__":
    main()
