"""Bad input to Canasta: any text at any reachable state and seat is an action or a refusal.

The states come from seeded games of 2 to 4 players under several sets of house rules, and
include draws, openings, pile takes, melds on the table, ends of hands and games over.
"""

from __future__ import annotations

import functools
import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.canasta import CanastaGame, CanastaOptions, parse_action, preset
from engine.errors import IllegalMove, RulesError
from tests.engine.fuzz import FUZZ, Spot, arbitrary, play, throw

SHAPES = ("draw", "end", "discard {c}", "open {c},{c},{c}", "open {c},{c},{c} {c},{c},{c}",
          "take {c},{c}", "take {c},{c},JK {c},{c},{c}", "meld {c},{c},{c}", "add {w} {c}",
          "add A {c},{c}", "{w} {c}", "discard {n}", "take JK,JK,JK", "meld 3S,3C,{c}")
OPTIONS = (
    CanastaOptions(target_score=1500),
    preset("italian", target_score=1500, melds_past_seven=False),
    preset("short", target_score=1000, wild_on_clean_canasta=False, turned_joker_cards=5,
           black_three_meld_when_going_out=False),
)
MOVES = 300
PLAYS = ("meld", "add", "open", "take", "end")  # not draws and discards


@functools.cache
def spots() -> tuple[Spot, ...]:
    """States of seeded games of 2 to 4 players, played at random, every 4th one kept."""
    found: list[Spot] = []
    for seed, opts in enumerate(OPTIONS * 2):
        game = CanastaGame(opts, players=2 + seed % 3, seed=seed)
        # melds and takes more often than draws and discards, so the table fills up
        found += play(game, random.Random(seed), MOVES, PLAYS, every=4, liking=0.8)
    return tuple(found)


def test_the_states_cover_every_phase_and_a_table_of_melds() -> None:
    states = [json.loads(s.snapshot) for s in spots()]
    assert {s["phase"] for s in states} >= {"acquire", "play"}
    assert {len(s["hands"]) for s in states} == {2, 3, 4}
    assert any(len(s["melds"]) >= 3 for s in states)
    assert any(t.startswith(("add", "take")) for s in spots() for t in s.legal)


@pytest.mark.parametrize("text", ["discard ²H", "meld 𝟐H,2C,2D", "discard ٣C",
                                  "meld 1٠H,JH,QH", "discard " + "9" * 5000 + "H",
                                  "discard JΚ"])
def test_cards_of_other_scripts_are_refused(text: str) -> None:
    with pytest.raises(RulesError):
        parse_action(text)


@pytest.mark.parametrize("text", ["drаw", "ｔake 9S,9C", "add Ä KC", "take ,", "end now"])
def test_malformed_words_are_refused(text: str) -> None:
    with pytest.raises(IllegalMove):
        parse_action(text)


@FUZZ
@given(st.data(), arbitrary(SHAPES))
def test_any_text_is_applied_or_refused_cleanly(data: st.DataObject, text: str) -> None:
    throw(data, spots(), CanastaGame.from_json, text)


@FUZZ
@given(st.data())
def test_mutated_legal_texts_are_applied_or_refused_cleanly(data: st.DataObject) -> None:
    throw(data, spots(), CanastaGame.from_json)
