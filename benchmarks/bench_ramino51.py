"""Ramino 51 computer player: win rates against random and greedy players, decision time.

Run: python -m benchmarks.bench_ramino51 [--quick] [--seconds 120] [--games 400] [--seed 51]
Whole games of 7 hands (standard options), the lowest total wins; seeded, so a figure comes
back the same for the same number of games. Line-ups (the computer player's seat rotated):
- 1 AI vs 2 random players (3 players): target at least 90 % of games won;
- AI vs greedy heads-up (2 players, seats alternating): target at least 55 % of games. The
  fair reading of "55 % against the greedy baseline": at a table of three its even share
  would be 33 %;
- 1 AI vs 2 greedy (3 players), for information: its fair share is 33 %.
Each line-up plays as many games as fit in --seconds (at most --games); a game past
CAP_ACTIONS actions (a hand that cannot end, see CAP_ACTIONS) is won by nobody. Win rates
come with their 95 % Wilson intervals. The decision time is `choose_action` on a view
already built (the engine's legal actions and close search are bench_ramino51_engine.py's).
--quick plays 6 s per line-up.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence

from benchmarks.bench_ramino import Tally, report, report_times
from engine.ramino51 import Ramino51Action, Ramino51Game, parse_action
from engine.ramino51.ai import choose_action, greedy_action
from engine.ramino51.views import R51Hand

Policy = Callable[[R51Hand, random.Random], Ramino51Action]
CAP_HANDS = 30  # 7 hands and the ties' extra hands: a game still going is won by nobody
# A hand can go on for ever: with every set full and no run on the table, two players left
# with two cards each can neither lay off nor meld (one card must stay), and the stock is
# rebuilt without end. A game is some 1,000 actions; one past this cap is won by nobody.
CAP_ACTIONS = 10_000


def random_action(view: R51Hand, rng: random.Random) -> Ramino51Action:
    """Play a random legal action."""
    return parse_action(rng.choice(view.legal))


POLICIES: dict[str, Policy] = {"ai": lambda v, _: choose_action(v),
                               "greedy": lambda v, _: greedy_action(v),
                               "random": random_action}


def play_game(names: Sequence[str], seed: int, tally: Tally) -> None:
    """Play one whole game and add it to the tally (the computer player's times included)."""
    game = Ramino51Game(players=len(names), seed=seed, first_dealer=seed % len(names))
    rng = random.Random(seed)
    actions = 0
    while not game.is_over and game.hand_no <= CAP_HANDS and actions < CAP_ACTIONS:
        seat = game.turn
        view = game.private_view(seat)
        start = time.perf_counter()
        action = POLICIES[names[seat]](view, rng)
        if names[seat] == "ai":
            tally.decisions.append(time.perf_counter() - start)
        game.apply(seat, action)
        actions += 1
    tally.actions += actions
    tally.games += 1
    tally.hands += min(game.hand_no, CAP_HANDS)
    if game.winner is None:
        tally.capped += 1
    else:
        tally.win(names[game.winner])


def series(others: Sequence[str], seconds: float, most: int, seed: int) -> Tally:
    """Play games of the AI against `others` for `seconds` (at most `most`), seat rotated."""
    tally = Tally()
    n = len(others) + 1
    start = time.perf_counter()
    while tally.games < most and time.perf_counter() - start < seconds:
        names = list(others)
        names.insert(tally.games % n, "ai")
        play_game(names, seed + tally.games, tally)
    return tally


def bench_strength(seconds: float, most: int, seed: int) -> list[float]:
    """Print the line-ups' figures; return the computer player's decision times."""
    times: list[float] = []
    for title, others, target, mark in (
            ("AI vs 2 random (3 players, seat rotated)", ("random",) * 2, 0.90, "target"),
            ("AI vs greedy heads-up (2 players, seats alternating)", ("greedy",), 0.55,
             "target"),
            ("AI vs 2 greedy (3 players, seat rotated)", ("greedy",) * 2, 1 / 3,
             "fair share")):
        start = time.perf_counter()
        tally = series(others, seconds, most, seed)
        report(title, tally, time.perf_counter() - start, target, mark)
        times += tally.decisions
    return times


def main() -> None:
    """Run the line-ups and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=120.0, help="seconds per line-up")
    parser.add_argument("--games", type=int, default=400, help="most games per line-up")
    parser.add_argument("--seed", type=int, default=51, help="first game's seed")
    parser.add_argument("--quick", action="store_true", help="6 s per line-up")
    args = parser.parse_args()
    if args.quick:
        args.seconds = 6.0
    print(f"Ramino 51, standard options (7 hands), seed {args.seed}, cap {CAP_HANDS} hands")
    report_times(bench_strength(args.seconds, args.games, args.seed))


if __name__ == "__main__":
    main()
