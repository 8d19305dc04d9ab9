"""bench_ramino_feed labels a discard by the next player's real choice, reads only the public
history, and its statistics (the fit, the AUC) are right on known cases."""

from __future__ import annotations

import argparse
import math
import random

from benchmarks import bench_ramino_feed as bench
from engine.ramino import RaminoGame
from engine.ramino.actions import TakeDiscard
from engine.ramino.ai import choose_action
from engine.ramino.ai_know import face, know
from tests.engine.ramino.scripted import crafted

NEXT = "7H 9S 2C 5D JH KC 3D 6S QD 4H"  # seat 1: its known 7H and 9S, and eight more


def _discarding(seed: int) -> tuple[RaminoGame, int]:
    """Return a seeded heads-up game at a seat's discard, a few turns in."""
    for game, seat in bench.games(2, seed):
        if len(game.stock) < 80 and bench.throwable(game.private_view(seat)):
            return game, seat
    raise AssertionError("unreachable: games() does not end")


def test_the_label_is_the_next_player_s_own_choice_and_the_game_is_left_alone() -> None:
    checked = 0
    for seed in range(20):
        game, seat = _discarding(seed)
        before = game.to_json()
        for card in bench.throwable(game.private_view(seat)):
            label = bench.takes(game, seat, card)
            world = RaminoGame.from_json(before)
            world.apply(seat, f"discard {card}")
            nxt = world.to_act()[0]
            assert label == isinstance(choose_action(world.private_view(nxt)), TakeDiscard)
            checked += label
        assert game.to_json() == before
    assert checked > 0  # some cards are taken, so both answers were met


def test_the_next_player_s_known_cards_and_throws_are_counted_by_how_they_fit() -> None:
    # seat 1 (next) was seen taking 7H and 9S; it threw the QC on the pile; seat 0 reads
    game = crafted({0: "2D 3D 4D 6C 6D 6S KS KH 10C 5S 8C", 1: NEXT}, pile="QC", players=2,
                   throwers=[1], known=[[], ["7H", "9S"]], shunned=[[], ["QC"]])
    view = game.private_view(0)
    k = know(view)
    row = dict(zip(bench.FEATURES, bench.features(view, k, face("8H"))))
    fits = ("known twin", "known rank", "known next", "known gap")
    assert [row[name] for name in fits] == [0, 0, 1, 0]  # 7H is next to it
    row = dict(zip(bench.FEATURES, bench.features(view, k, face("7S"))))
    assert (row["known rank"], row["known gap"]) == (1, 1)  # 7H's rank, two from 9S
    row = dict(zip(bench.FEATURES, bench.features(view, k, face("QC"))))
    assert (row["shunned"], row["thrown"], row["known cards"]) == (1, 1, 2)


def test_relations_of_faces_follow_runs_and_sets_the_ace_both_ends() -> None:
    rel = bench.relation
    assert rel(face("7H"), face("7H")) == 0
    assert rel(face("7H"), face("7S")) == 1
    assert rel(face("7H"), face("8H")) == 2 and rel(face("KH"), face("AH")) == 2
    assert rel(face("AH"), face("2H")) == 2 and rel(face("QH"), face("AH")) == 3
    assert rel(face("7H"), face("9H")) == 3
    assert rel(face("7H"), face("10H")) == -1 and rel(face("7H"), face("8S")) == -1


def test_the_fit_recovers_the_weights_that_made_the_labels() -> None:
    rng = random.Random(3)
    rows = [[1.0, rng.uniform(-2, 2), rng.choice((0.0, 1.0))] for _ in range(4000)]
    truth = (-0.5, 1.5, -2.0)
    labels = [rng.random() < bench.logistic(x, truth) for x in rows]
    fitted = bench.fit(rows, labels)
    assert all(math.isclose(a, b, abs_tol=0.25) for a, b in zip(fitted, truth)), fitted


def test_auc_is_the_chance_a_positive_outranks_a_negative() -> None:
    assert bench.auc([0.1, 0.2, 0.8, 0.9], [False, False, True, True]) == 1.0
    assert bench.auc([0.9, 0.8, 0.2, 0.1], [False, False, True, True]) == 0.0
    assert bench.auc([0.5, 0.5, 0.5, 0.5], [False, True, False, True]) == 0.5
    assert bench.auc([0.1, 0.6, 0.4, 0.9], [False, False, True, True]) == 0.75


def test_the_truth_reads_one_exactly_for_the_cards_the_next_player_takes() -> None:
    game, seat = _discarding(4)
    view = game.private_view(seat)
    read = bench.truth_reader(view, game, know(view))
    for card in bench.throwable(view):
        assert read(face(card)) == float(bool(bench.takes(game, seat, card)))


def test_a_short_run_prints_the_aucs_and_each_reading_s_games() -> None:
    args = argparse.Namespace(seconds=1.0, games=2, players=2, seed=3000)
    out = bench.run(args)
    assert "AUC" in out and out.count("against normal: wins") == 3
    assert "ahead of" not in out
    args.players, args.games = 4, 4
    assert bench.run(args).count("ahead of a normal seat") == 3
