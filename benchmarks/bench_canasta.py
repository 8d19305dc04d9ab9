"""Canasta computer player: win rates against random and greedy sides, decision time.

Run: python -m benchmarks.bench_canasta [--quick] [--preset standard] [--seconds 150]
     [--games 200] [--seed 13]
Whole games to the preset's target (standard: 15,000; short: 5,000), seeded, so a figure
comes back the same for the same number of games. Line-ups (sides alternated: the computer
partnership plays seats 0+2 in even games, 1+3 in odd ones):
- AI partnership v random partnership (4 players): target at least 90 % of games won;
- AI partnership v greedy partnership (4 players): target at least 55 %;
- AI v greedy heads-up (2 players, seats alternating): for information, target 55 %.
Each line-up plays as many games as fit in --seconds (at most --games); a game still going
after CAP_HANDS hands is won by nobody. Win rates come with their 95 % Wilson intervals.
The decision time is `choose_action` on a view already built (legal_actions is the engine
benchmark's, bench_canasta_engine.py). --quick plays the short preset, 12 s per line-up.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence

from benchmarks.bench_ramino import Tally, report, report_times
from engine.canasta import CanastaAction, CanastaGame, parse_action, preset
from engine.canasta.ai import choose_action, greedy_action
from engine.canasta.options import CanastaOptions
from engine.canasta.views import CanastaHand

Policy = Callable[[CanastaHand, random.Random], CanastaAction]
CAP_HANDS = 60  # a game to 15,000 takes 6 to 10 hands; one still going is won by nobody


def random_action(view: CanastaHand, rng: random.Random) -> CanastaAction:
    """Play a random legal action."""
    return parse_action(rng.choice(view.actions))


POLICIES: dict[str, Policy] = {"ai": lambda v, _: choose_action(v),
                               "greedy": lambda v, _: greedy_action(v),
                               "random": random_action}


def seating(other: str, players: int, game_no: int) -> list[str]:
    """Return the seats' policies: the AI on the even seats in even games, else the odd."""
    pair = ["ai", other] if game_no % 2 == 0 else [other, "ai"]
    return (pair * 2)[:players]


def play_game(names: Sequence[str], seed: int, options: CanastaOptions, tally: Tally) -> None:
    """Play one whole game and add it to the tally (the computer player's times included)."""
    game = CanastaGame(options, players=len(names), seed=seed, first_dealer=seed % len(names))
    rng = random.Random(seed)
    while not game.is_over and game.hand_no <= CAP_HANDS:
        seat = game.turn
        view = game.private_view(seat)
        start = time.perf_counter()
        action = POLICIES[names[seat]](view, rng)
        if names[seat] == "ai":
            tally.decisions.append(time.perf_counter() - start)
        game.apply(seat, action)
        tally.actions += 1
    tally.games += 1
    tally.hands += min(game.hand_no, CAP_HANDS)
    if game.winner is None:
        tally.capped += 1
    else:
        tally.win(names[game.sides.groups[game.winner][0]])


def series(other: str, players: int, options: CanastaOptions, seconds: float, most: int,
           seed: int) -> Tally:
    """Play games of the AI against `other` for `seconds` (at most `most`), sides alternated."""
    tally = Tally()
    start = time.perf_counter()
    while tally.games < most and time.perf_counter() - start < seconds:
        play_game(seating(other, players, tally.games), seed + tally.games, options, tally)
    return tally


def bench_strength(options: CanastaOptions, seconds: float, most: int,
                   seed: int) -> list[float]:
    """Print the line-ups' figures; return the computer player's decision times."""
    times: list[float] = []
    for title, other, players in (
            ("AI partnership v random partnership (4 players, sides alternated)", "random", 4),
            ("AI partnership v greedy partnership (4 players, sides alternated)", "greedy", 4),
            ("AI v greedy heads-up (2 players, seats alternated)", "greedy", 2)):
        start = time.perf_counter()
        tally = series(other, players, options, seconds, most, seed)
        elapsed = time.perf_counter() - start
        report(title, tally, elapsed, 0.90 if other == "random" else 0.55, "target")
        print(f"  {tally.actions / max(1, tally.games):.0f} actions per game, "
              f"{tally.games / elapsed:.2f} games/s")
        times += tally.decisions
    return times


def main() -> None:
    """Run the line-ups and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--preset", default="standard", help="standard (15,000) or short")
    parser.add_argument("--seconds", type=float, default=150.0, help="seconds per line-up")
    parser.add_argument("--games", type=int, default=200, help="most games per line-up")
    parser.add_argument("--seed", type=int, default=13, help="first game's seed")
    parser.add_argument("--quick", action="store_true", help="short preset, 12 s per line-up")
    args = parser.parse_args()
    if args.quick:
        args.preset, args.seconds = "short", 12.0
    options = preset(args.preset)
    print(f"Canasta, {args.preset} preset (games to {options.target_score:,}), "
          f"seed {args.seed}, cap {CAP_HANDS} hands")
    report_times(bench_strength(options, args.seconds, args.games, args.seed))


if __name__ == "__main__":
    main()
