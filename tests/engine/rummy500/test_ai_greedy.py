"""Rummy 500's greedy baseline (the computer's easy level): it plays for this turn only."""

from __future__ import annotations

from engine.rummy500 import DrawStock, TakeDiscards
from engine.rummy500.ai_greedy import greedy_action

from .test_ai import cards, position


def greedy(hand: str, **kw: object) -> object:
    """Return the greedy action for seat 0 holding `hand`, checked to be a legal one."""
    view = position(hand, **kw).private_view(0)  # type: ignore[arg-type]
    action = greedy_action(view)
    assert str(action) in view.legal
    return action


def test_takes_the_pile_down_to_the_depth_that_puts_most_points_down() -> None:
    # The pile, bottom first: KD 8H 2C. Down to the KD it melds KS KH KD (30) and leaves
    # 8H 2C in hand (10): +20. Down to the 8H it melds 6H 7H 8H (15) and leaves 2C: +10.
    action = greedy("KS KH 6H 7H 3C 9S 2D", pile="KD 8H 2C", phase="draw")
    assert isinstance(action, TakeDiscards) and action.k == 1
    assert set(action.melds[0]) == cards("KS KH KD")


def test_draws_when_no_take_puts_more_down_than_it_leaves_in_hand() -> None:
    # taking down to the 4S (the bottom card) melds 4C 4D 4S (15) but leaves a king, a
    # queen, a jack and an ace in hand (45)
    action = greedy("4C 4D 7S 9H 2C 6D 3S", pile="4S KH QD JC AS", phase="draw")
    assert action == DrawStock()


def test_melds_the_biggest_meld_first_then_lays_off_then_throws_its_dearest_card() -> None:
    game = position("5D 6D 7D 8D 9S 9H 9C KS QC 2S", melds=((1, "10S JS QS"),), pile="3D")
    played: list[str] = []
    while game.turn == 0 and played[-1:] != ["discard QC"]:
        action = greedy_action(game.private_view(0))
        played.append(str(action))
        game.apply(0, action)
    # the 9S could go on the spades too, but the set of nines is a meld of its own first
    assert played == ["meld 5D,6D,7D,8D", "meld 9S,9H,9C", "layoff KS A", "discard QC"]
