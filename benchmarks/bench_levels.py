"""Computer levels side by side: in every game, easy and hard each play normal.

Run: python -m benchmarks.bench_levels [--games 100] [--seconds 60] [--seed 7] [--game gin]
     [--players 2]
One seat plays the level, every other seat normal; the level's seat and the first dealer
rotate. Each line-up stops at `--games` games or `--seconds`, whichever comes first. A level
that plays as another (hard without a stronger player) is said, not played.

With partnerships (four-player Canasta) the level's side, its seat and a normal partner, is
counted against the other sides. A line reports the level side's share of the games won with
its 95 % interval, the fair share (one in the number of sides) and the multiple of it, and the
CPU time (time.process_time) of each of the level's decisions: median, 99th centile, most.
With more than two sides it also reports head to head: the share of the normal sides the
level's side finished ahead of (a tie counts half), a game's comparisons averaged first, so
its 95 % interval is over games. Heads-up that is the share of games won.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass, field
from typing import Any

from benchmarks.bench_ramino import wilson
from cogs.adapters import Deal
from cogs.registry import adapter_for, game_names
from engine.match import Standing

MOST_ACTIONS = 50_000  # a game still running after this many actions counts as undecided


@dataclass
class Tally:
    """A line-up's games, the level side's wins and the level's decision times (ms)."""

    games: int = 0
    wins: int = 0
    sides: int = 2
    times: list[float] = field(default_factory=list)
    ahead: list[float] = field(default_factory=list)  # per game: normal sides finished ahead of


def play(adapter: Any, levels: tuple[str, ...], seed: int, first_dealer: int,
         times: list[float] | None = None) -> list[Standing] | None:
    """Play one game, seat i at levels[i]; return its standings, None if it never ended.

    The CPU time of every decision of a seat not at normal is appended to `times` (ms).
    """
    options = adapter.options(adapter.presets()[0], {})
    game = adapter.new_game(options, len(levels), Deal(seed=seed, first_dealer=first_dealer))
    for _ in range(MOST_ACTIONS):
        if game.is_over:
            standings: list[Standing] = game.standings()
            return standings
        seat = game.to_act()[0]
        start = time.process_time()
        move = adapter.choose(game, seat, levels[seat])
        if times is not None and levels[seat] != "normal":
            times.append(1000 * (time.process_time() - start))
        game.apply(seat, move)
    return None


def seating(level: str, players: int, game_no: int) -> tuple[tuple[str, ...], int, int]:
    """Return game `game_no`'s levels by seat, the level's seat and the first dealer.

    The level's seat turns every game and the dealer every round of seats, so every seat
    meets every dealer.
    """
    me = game_no % players
    levels = tuple(level if seat == me else "normal" for seat in range(players))
    return levels, me, (game_no // players) % players


def centile(times: list[float], share: float) -> float:
    """Return the nearest-rank centile `share` (0–1) of the times, 0 if there are none."""
    if not times:
        return 0.0
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def run(name: str, level: str, players: int, games: int, seconds: float, seed: int) -> Tally:
    """Play `level` against normal at `players` seats; return the tally."""
    adapter = adapter_for(name)
    tally = Tally(sides=len(adapter.sides(players)))
    start = time.perf_counter()
    while tally.games < games and time.perf_counter() - start < seconds:
        levels, me, dealer = seating(level, players, tally.games)
        standings = play(adapter, levels, seed + tally.games, dealer, tally.times)
        won = [s.seats for s in standings or [] if s.won]
        tally.wins += len(won) == 1 and me in won[0]
        tally.ahead.append(head_to_head(standings or [], me))
        tally.games += 1
    return tally


def head_to_head(standings: list[Standing], me: int) -> float:
    """Return the share of the other sides the seat's side finished ahead of (ties half);
    a game that never ended counts a tie with everyone."""
    mine = next((s.rank for s in standings if me in s.seats), None)
    others = [s.rank for s in standings if me not in s.seats]
    if mine is None or not others:
        return 0.5
    return sum(1.0 if mine < rank else 0.5 if mine == rank else 0.0
               for rank in others) / len(others)


def mean_interval(values: list[float], z: float = 1.96) -> tuple[float, float, float]:
    """Return the mean of values and its 95 % interval (normal approximation)."""
    n = len(values)
    mean = sum(values) / max(1, n)
    spread = (sum((v - mean) ** 2 for v in values) / max(1, n - 1)) ** 0.5
    half = z * spread / max(1, n) ** 0.5
    return mean, mean - half, mean + half


def line(name: str, level: str, players: int, tally: Tally, elapsed: float) -> str:
    """Return the printed line of a line-up."""
    low, high = wilson(tally.wins, tally.games)
    share, fair = tally.wins / max(1, tally.games), 1 / tally.sides
    times = tally.times
    ahead = ""
    if tally.sides > 2:
        mean, lowest, highest = mean_interval(tally.ahead)
        ahead = (f" ahead of a normal side {100 * mean:.1f} %"
                 f" (95 % CI {100 * lowest:.1f}–{100 * highest:.1f} %);")
    return (f"{name:10} {level:5} v normal, {players} seats: {tally.wins:4} / {tally.games:4}"
            f" games = {100 * share:5.1f} % (95 % CI {100 * low:.1f}–{100 * high:.1f} %),"
            f" fair {100 * fair:.0f} % ×{share / fair:.2f};{ahead}"
            f" decision ms p50 {centile(times, 0.5):.1f} p99 {centile(times, 0.99):.1f}"
            f" max {max(times, default=0.0):.1f}; {elapsed:.0f} s")


def line_up(name: str, level: str, games: int, seconds: float, seed: int,
            players: int = 2) -> str:
    """Play `level` against normal; return the printed line."""
    adapter = adapter_for(name)
    if adapter.seated_level(level) != level:
        return f"{name:10} {level:5} v normal: plays as normal (no stronger player yet)"
    fewest, most = adapter.seat_range(adapter.options(adapter.presets()[0], {}))
    if not fewest <= players <= most:
        return f"{name:10} {level:5} v normal: not played at {players} seats"
    start = time.perf_counter()
    tally = run(name, level, players, games, seconds, seed)
    return line(name, level, players, tally, time.perf_counter() - start)


def main() -> None:
    """Print every game's easy and hard levels against normal."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100, help="most games per line-up")
    parser.add_argument("--seconds", type=float, default=60, help="most seconds per line-up")
    parser.add_argument("--seed", type=int, default=7, help="first game's seed")
    parser.add_argument("--game", choices=game_names(), help="one game only")
    parser.add_argument("--players", type=int, default=2, help="seats at the table")
    parser.add_argument("--level", choices=("easy", "hard"), help="one level only")
    parser.add_argument("--quick", action="store_true", help="5 s per line-up (make bench)")
    args = parser.parse_args()
    if args.quick:
        args.seconds = 5
    for name in [args.game] if args.game else game_names():
        for level in [args.level] if args.level else ["easy", "hard"]:
            print(line_up(name, level, args.games, args.seconds, args.seed, args.players),
                  flush=True)


if __name__ == "__main__":
    main()
