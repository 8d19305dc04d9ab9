"""bench_ramino_hard judges the same move alike every time and counts the searched decisions."""

from __future__ import annotations

import argparse

from benchmarks import bench_ramino_hard as bench
from engine.ramino import RaminoGame, RaminoOptions
from engine.ramino.ai import choose_action


def _discarding(seed: int) -> tuple[RaminoGame, int]:
    """Return a seeded game at a seat's discard, a few turns in."""
    game = RaminoGame(RaminoOptions(), players=2, seed=seed, first_dealer=0)
    while game.phase != "discard" or len(game.stock) > 80:
        seat = game.to_act()[0]
        game.apply(seat, choose_action(game.private_view(seat)))
    return game, game.to_act()[0]


def test_a_move_is_judged_the_same_every_time_and_the_game_is_left_alone() -> None:
    game, seat = _discarding(11)
    before = game.to_json()
    move = str(choose_action(game.private_view(seat)))
    value = bench.judge(game, seat, move, 2, 5)
    assert 0.0 <= value <= 1.0
    assert bench.judge(game, seat, move, 2, 5) == value
    assert game.to_json() == before


def test_a_short_run_searches_and_judges_only_its_deviations() -> None:
    args = argparse.Namespace(seconds=1.0, players=2, seed=1000, shuffles=1,
                              policy="quick", oracle=True)
    tally = bench.run(args)
    assert tally.searched > 0 and len(tally.gains) <= tally.searched
    assert "searched" in bench.line(args, tally)
