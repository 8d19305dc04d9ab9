"""Gin benchmarks: computer player strength, engine speed against RLCard, state size.

Run: python -m benchmarks.bench_gin [--quick] [--only strength|speed|memory]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

from benchmarks.bench_ramino import wilson
from engine.gin import GinGame, preset
from engine.gin.ai import PublicLog, choose_action, greedy_action, random_action
from engine.gin.ai_hard import choose_action_hard
from engine.gin.options import GinOptions
from engine.gin.views import GinHand

Policy = Callable[[GinHand, random.Random], str]


def play_match(policies: tuple[Policy, Policy], seed: int, options: GinOptions,
               first_dealer: int) -> int | None:
    """Play one whole match; return the winning seat (None for a drawn match)."""
    game = GinGame(options, seed=seed, first_dealer=first_dealer)
    log = PublicLog()
    rng = random.Random(seed)
    while not game.is_over:
        seat = game.to_act()[0]
        before = game.public_view()
        action = policies[seat](log.augment(game.private_view(seat)), rng)
        log.observe(before, seat, action, game.apply(seat, action))
    return game.match.winner


def win_rate(ours: Policy, theirs: Policy, games: int, options: GinOptions,
             seed0: int = 1000) -> tuple[int, int, int]:
    """Play `games` matches, alternating seats and first dealers; return (wins, losses, draws)."""
    wins = losses = draws = 0
    for i in range(games):
        me = i % 2
        policies = (ours, theirs) if me == 0 else (theirs, ours)
        winner = play_match(policies, seed0 + i, options, first_dealer=(i // 2) % 2)
        if winner is None:
            draws += 1
        elif winner == me:
            wins += 1
        else:
            losses += 1
    return wins, losses, draws


def bench_strength(quick: bool) -> None:
    """Print each computer player's win rate (95 % Wilson interval) against random and greedy."""
    std = preset("standard")
    for level, ours in (("normal", choose_action), ("hard", choose_action_hard)):
        for name, other, games in (("random", random_action, 100 if quick else 400),
                                   ("greedy", greedy_action, 200 if quick else 1000)):
            t0 = time.perf_counter()
            won, lost, drawn = win_rate(ours, other, games, std)
            low, high = wilson(won, games)
            dt = time.perf_counter() - t0
            print(f"AI {level} vs {name}: {games} games to 100 (standard): won {won}, "
                  f"lost {lost}, drawn {drawn}: win {100 * won / games:.1f}% "
                  f"[{100 * low:.1f}, {100 * high:.1f}] ({dt:.1f} s)")


# --- speed -----------------------------------------------------------------------------


def ours_hands_per_second(seconds: float, seed: int = 1) -> tuple[float, float]:
    """Random play on our engine with legal actions each step: (hands/s, steps/s)."""
    rng = random.Random(seed)
    game = GinGame(preset("standard"), seed=seed, first_dealer=0)
    hands = steps = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        if game.is_over:
            game = GinGame(preset("standard"), seed=rng.randrange(1 << 30), first_dealer=0)
        seat = game.to_act()[0]
        events = game.apply(seat, rng.choice(game.legal_actions(seat)))
        steps += 1
        hands += sum(1 for e in events if e.kind == "hand_end")
    dt = time.perf_counter() - t0
    return hands / dt, steps / dt


def rlcard_hands_per_second(seconds: float, seed: int = 1) -> tuple[float, float]:
    """Random play on RLCard's gin rummy game with its judge's legal actions: (hands/s, steps/s)."""
    from rlcard.games.gin_rummy.game import GinRummyGame  # type: ignore[import-untyped]

    rng = random.Random(seed)
    game = GinRummyGame()
    game.np_random.seed(seed)
    hands = steps = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        game.init_game()
        while not game.is_over():
            game.step(rng.choice(game.judge.get_legal_actions()))
            steps += 1
        hands += 1
    dt = time.perf_counter() - t0
    return hands / dt, steps / dt


def bench_speed(quick: bool) -> None:
    """Print random-play hands per second for our engine and RLCard's, and the ratio."""
    seconds = 3.0 if quick else 10.0
    ours, ours_steps = ours_hands_per_second(seconds)
    print(f"random play, legal actions every step, {seconds:.0f} s each:")
    print(f"  ours:   {ours:8.1f} hands/s  {ours_steps:9.0f} steps/s")
    try:
        theirs, theirs_steps = rlcard_hands_per_second(seconds)
    except ImportError:
        print("  RLCard: not installed (pip install rlcard), no comparison")
        return
    print(f"  RLCard: {theirs:8.1f} hands/s  {theirs_steps:9.0f} steps/s")
    print(f"  ratio ours/RLCard: {ours / theirs:.2f}x hands/s, "
          f"{ours_steps / theirs_steps:.2f}x steps/s")


# --- memory ----------------------------------------------------------------------------


def deep_size(obj: Any, seen: set[int] | None = None) -> int:
    """Return the bytes of an object and everything it references (shared objects once)."""
    seen = set() if seen is None else seen
    if id(obj) in seen:
        return 0
    seen.add(id(obj))
    size = sys.getsizeof(obj)
    if isinstance(obj, dict):
        size += sum(deep_size(k, seen) + deep_size(v, seen) for k, v in obj.items())
    elif isinstance(obj, (list, tuple, set, frozenset)):
        size += sum(deep_size(x, seen) for x in obj)
    elif hasattr(obj, "__dict__") or hasattr(obj, "__slots__"):
        if hasattr(obj, "__dict__"):
            size += deep_size(vars(obj), seen)
        for name in getattr(type(obj), "__slots__", ()):
            if hasattr(obj, name):
                size += deep_size(getattr(obj, name), seen)
    return size


def mid_game(seed: int = 5) -> GinGame:
    """Return a game in its second hand, some turns in, played by the computer player."""
    game = GinGame(preset("standard"), seed=seed, first_dealer=0)
    rng = random.Random(seed)
    while game.hand_no < 2 or len(game.stock) > 20:
        seat = game.to_act()[0]
        game.apply(seat, choose_action(game.private_view(seat), rng))
    return game


def bench_memory() -> None:
    """Print the serialized and in-memory sizes of a mid-game state."""
    game = mid_game()
    text = json.dumps(game.to_json())
    compact = json.dumps(game.to_json(), separators=(",", ":"))
    data = json.loads(text)
    GinGame.from_json(data)  # warm the parsing caches so only the state itself is traced
    copies = 50
    tracemalloc.start()
    snap0 = tracemalloc.take_snapshot()
    kept = [GinGame.from_json(data) for _ in range(copies)]
    snap1 = tracemalloc.take_snapshot()
    tracemalloc.stop()
    traced = sum(s.size_diff for s in snap1.compare_to(snap0, "filename")) // copies
    restored = kept[0]
    print(f"mid-game state (hand {game.hand_no}, stock {len(game.stock)}):")
    print(f"  json.dumps(to_json()): {len(text)} bytes ({len(compact)} compact)")
    print(f"  recursive sizeof of the GinGame: {deep_size(restored)} bytes "
          "(every object it reaches counted once, the shared Card objects included)")
    print(f"  tracemalloc per restored GinGame (mean of {copies} kept copies): {traced} bytes")


def main() -> None:
    """Run the benchmarks named on the command line."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer games and shorter timings")
    parser.add_argument("--only", choices=("strength", "speed", "memory"))
    args = parser.parse_args()
    if args.only in (None, "strength"):
        bench_strength(args.quick)
    if args.only in (None, "speed"):
        bench_speed(args.quick)
    if args.only in (None, "memory"):
        bench_memory()


if __name__ == "__main__":
    main()
