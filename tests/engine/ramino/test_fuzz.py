"""Bad input to Ramino: any text at any reachable state and seat is an action or a refusal.

The states come from seeded games of 2 to 7 players under several sets of house rules, and
include first turns, open re-entry offers, ends of hands and games over.
"""

from __future__ import annotations

import functools
import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.errors import IllegalMove, RulesError
from engine.ramino import RaminoGame, RaminoOptions, parse_action, preset
from tests.engine.fuzz import FUZZ, Spot, arbitrary, legal_moves, refused_or_applied, throw

from .players import keen_move

SHAPES = ("draw", "take", "close", "reenter", "decline", "discard {c}", "close {c}",
          "discard {c} {c}", "close {w}", "{w} {c}", "discard {n}", "{w}", "take {n}")
OPTIONS = (
    RaminoOptions(elimination_limit=40, reentry=True, max_reentries=2),
    preset("points", elimination_limit=40, stock_rebuilds=0, direction="reverse"),
    preset("chips", chips_hands=2, discard_taken_card=True),
    preset("short", elimination_limit=30, reentry=True, same_suit_sets=True),
)
MOVES = 150


def spot(game: RaminoGame) -> Spot:
    """Return the game's state and the texts legal there."""
    legal = legal_moves(game)
    return Spot(json.dumps(game.to_json()), game.seats, tuple(sorted({str(a) for _, a in legal})))


@functools.cache
def spots() -> tuple[Spot, ...]:
    """States of seeded games of 2 to 7 players, played by keen random players."""
    found = []
    for seed, opts in enumerate(OPTIONS * 3):
        rng = random.Random(seed)
        players = 2 + seed % (3 if opts.deck == "single" else 6)
        game = RaminoGame(opts, players=players, seed=seed)
        for _ in range(MOVES):
            found.append(spot(game))
            if game.is_over:
                break
            seat = rng.choice(game.to_act())
            game.apply(seat, keen_move(game, seat, game.legal_actions(seat), rng))
    return tuple(found)


def test_the_states_cover_every_phase_and_seven_players() -> None:
    states = [json.loads(s.snapshot) for s in spots()]
    assert {s["phase"] for s in states} == {"first", "draw", "discard", "reentry", "over"}
    assert {len(s["hands"]) for s in states} == {2, 3, 4, 5, 6, 7}
    assert any(t.startswith("close") for s in spots() for t in s.legal)


@pytest.mark.parametrize("text", ["discard ²H", "close 𝟐H", "discard ٣C", "close 1٠H",
                                  "discard " + "9" * 5000 + "H", "discard JΚ"])
def test_cards_of_other_scripts_are_refused(text: str) -> None:
    with pytest.raises(RulesError):
        parse_action(text)


@pytest.mark.parametrize("text", ["drаw", "ｔake", "close 9C 9C", "reenter 1", "decline ²"])
def test_words_of_other_scripts_are_refused(text: str) -> None:
    with pytest.raises(IllegalMove):
        parse_action(text)


@FUZZ
@given(st.data(), arbitrary(SHAPES))
def test_any_text_is_applied_or_refused_cleanly(data: st.DataObject, text: str) -> None:
    throw(data, spots(), RaminoGame.from_json, text)


@FUZZ
@given(st.data())
def test_mutated_legal_texts_are_applied_or_refused_cleanly(data: st.DataObject) -> None:
    throw(data, spots(), RaminoGame.from_json)


def test_a_refused_answer_keeps_the_state() -> None:
    offer = next(s for s in spots() if json.loads(s.snapshot)["phase"] == "reentry")
    waiting = RaminoGame.from_json(json.loads(offer.snapshot)).to_act()
    assert not refused_or_applied(RaminoGame.from_json, offer, waiting[0], "decline")
    others = set(range(offer.seats)) - set(waiting)
    assert refused_or_applied(RaminoGame.from_json, offer, min(others), "reenter")
    assert refused_or_applied(RaminoGame.from_json, offer, waiting[0], "draw")
