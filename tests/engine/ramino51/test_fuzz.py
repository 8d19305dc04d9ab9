"""Bad input to Ramino 51: any text at any reachable state and seat is an action or a refusal.

The states come from seeded games of 2 to 4 players under several sets of house rules, and
include starters' first turns, draws, plays with melds on the table, ends of hands and games
over.
"""

from __future__ import annotations

import functools
import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.errors import IllegalMove, RulesError
from engine.ramino51 import Ramino51Game, Ramino51Options, parse_action, preset
from tests.engine.fuzz import FUZZ, Spot, arbitrary, play, throw

SHAPES = ("draw", "take", "exchange {c}", "discard {c}", "meld {c},{c},{c}",
          "meld {c},{c},{c} {c},{c},{c}", "layoff {c} {w}", "layoff {c},{c} A {w}",
          "layoff JK={c} {w}", "swap {w} {c} meld {c},{c},JK", "swap A {c} layoff {w} {c}",
          "close drawn; meld {c},{c},{c}; discard {c}", "close exchange; discard {c}",
          "close {w}; layoff {c} A; discard {c}", "{w} {c}", "discard {n}")
OPTIONS = (
    Ramino51Options(hands_per_game=1),
    preset("four_jokers", hands_per_game=1, opening_minimum=30, direction="reverse"),
    preset("limit_500", score_limit=60, discard_taken_card=True, stock_rebuilds=0),
)
MOVES = 400


@functools.cache
def spots() -> tuple[Spot, ...]:
    """States of seeded games of 2 to 4 players, played at random, every 4th one kept."""
    found: list[Spot] = []
    for seed, opts in enumerate(OPTIONS * 2):
        game = Ramino51Game(opts, players=2 + seed % 3, seed=seed)
        found += play(game, random.Random(seed), MOVES, every=4)
    return tuple(found)


def test_the_states_cover_every_step_and_a_table_of_melds() -> None:
    states = [json.loads(s.snapshot) for s in spots()]
    assert {s["phase"] for s in states} >= {"draw", "play"}
    assert {len(s["hands"]) for s in states} == {2, 3, 4}
    assert any(len(s["melds"]) >= 3 for s in states)
    assert any(t.startswith(("layoff", "swap")) for s in spots() for t in s.legal)


@pytest.mark.parametrize("text", ["discard ²H", "exchange 𝟐H", "discard ٣C", "meld 1٠H,JH,QH",
                                  "discard " + "9" * 5000 + "H", "discard JΚ", "layoff JK=JK A",
                                  "meld JK=2H=3H,4H,5H"])
def test_cards_of_other_scripts_are_refused(text: str) -> None:
    with pytest.raises(RulesError):
        parse_action(text)


@pytest.mark.parametrize("text", ["drаw", "ｔake", "close drawn", "close; discard 9S",
                                  "layoff 7C Ä", "swap A 9H"])
def test_malformed_words_are_refused(text: str) -> None:
    with pytest.raises(IllegalMove):
        parse_action(text)


@FUZZ
@given(st.data(), arbitrary(SHAPES))
def test_any_text_is_applied_or_refused_cleanly(data: st.DataObject, text: str) -> None:
    throw(data, spots(), Ramino51Game.from_json, text)


@FUZZ
@given(st.data())
def test_mutated_legal_texts_are_applied_or_refused_cleanly(data: st.DataObject) -> None:
    throw(data, spots(), Ramino51Game.from_json)
