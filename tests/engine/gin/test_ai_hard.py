"""The hard gin computer player: legal, sensible in scripted positions, reproducible."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engine.gin import PRESETS, GinGame, MahjongGin, preset, two_seat_class
from engine.gin.ai import PublicLog, _mask, _table, choose_action, greedy_action
from engine.gin.ai_hard import choose_action_hard, choose_action_hard_v1, undercut_risk
from engine.gin.views import GinHand

from .scripted import scripted
from .test_ai import AI_HAND, OPP, interest_position, play


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_only_legal_actions_in_every_preset(name: str) -> None:
    for seed in range(2):
        game = two_seat_class(preset(name))(preset(name), seed=seed, first_dealer=seed % 2)
        assert play(game, (choose_action_hard, choose_action), 150, random.Random(seed)) > 0


def test_finishes_a_match_against_greedy() -> None:
    game = GinGame(preset("standard"), seed=4, first_dealer=0)
    play(game, (choose_action_hard, greedy_action), 10_000, random.Random(4))
    assert game.is_over and game.match.winner in (0, 1)


def test_throws_a_lone_high_card_rather_than_break_a_meld() -> None:
    game = scripted(OPP, "3S 4S 5S 7C 7D 7H 9C 9D 2H KD", upcard="AD")
    game.apply(0, "pass")
    game.apply(1, "take_upcard")
    assert choose_action_hard(game.private_view(1)) == "discard KD"


@pytest.mark.parametrize("picked, fed", [("QD", "QH"), ("10D", "10S"), ("KD", "KC")])
def test_does_not_feed_the_card_the_opponent_just_took(picked: str, fed: str) -> None:
    _, view = interest_position(picked)
    action = choose_action_hard(view)
    assert action.startswith("discard ") and action.split()[1] in ("QH", "10S", "KC")
    assert action != f"discard {fed}"


def knock_position(opp_melded: str) -> GinHand:
    """The AI may knock with 10 (QH or 10S thrown); the opponent showed `opp_melded`."""
    game = scripted(OPP, AI_HAND, upcard="9H")
    game.apply(0, "pass")
    game.apply(1, "take_upcard")
    view = game.private_view(1)
    shown = tuple(opp_melded.split())
    return replace(view, table=replace(view.table, pickups=(shown, ())))


def test_the_first_hard_player_knocks_at_once_against_an_unknown_hand() -> None:
    view = knock_position("")
    assert choose_action_hard_v1(view) in ("knock QH", "knock 10S")


def test_plays_on_early_for_the_undercut_of_a_knock_it_expects() -> None:
    # a knock with 10 wins little early in the hand; the opponent is likely to knock into it
    view = knock_position("")
    assert choose_action_hard(view).startswith("discard ")


def test_plays_on_when_the_opponent_has_shown_a_hand_that_undercuts() -> None:
    # nine cards the opponent took from the pile are all melded: a knock with 10 loses
    view = knock_position("AC 2C 3C 4D 5D 6D JC JS JD")
    assert undercut_risk_of(view) > 0.5
    assert choose_action_hard(view).startswith("discard ")


def undercut_risk_of(view: GinHand) -> float:
    """Return the sampled undercut chance of the knock with QH."""
    t = _table(view)
    return undercut_risk(t, _mask([c for c in t.hand if c != "QH"]), random.Random(1))


def test_mahjong_is_left_to_the_mahjong_player() -> None:
    game = MahjongGin(preset("mahjong"), seed=2, first_dealer=0)
    log = PublicLog()
    play(game, (choose_action_hard, choose_action), 20_000, random.Random(2), log)
    assert game.is_over
