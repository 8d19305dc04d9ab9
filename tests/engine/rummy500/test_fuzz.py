"""Bad input to Rummy 500: any text at any reachable state and seat is an action or a refusal.

The states include "Rummy!" windows (claims out of turn, the system closing them), the
dealer naming the special card, ends of hands and games over.
"""

from __future__ import annotations

import functools
import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.errors import IllegalMove, RulesError
from engine.rummy500 import Rummy500Game, Rummy500Options, parse_action
from tests.engine.fuzz import FUZZ, Spot, arbitrary, play, refused_or_applied, throw

# Every shape of a Rummy 500 action, with holes the fuzz fills with odd cards, numbers, words.
SHAPES = ("draw", "decline", "end_claims", "special none", "special {c}", "discard {c}",
          "take {n}", "take {n} {c},{c},{c}", "take {n} {c},{c},{c} {c},{c},{c}",
          "meld {c},{c},{c}", "meld {c},{c},{c},{c} {c},{c},{c}", "layoff {c} {w}",
          "layoff {c} A", "layoff {c} A {w}", "claim {c} A", "claim {c} {w} high",
          "take {w} {c}", "{w} {n}", "meld {c} {c} {c}", "take {n} {c},{w},{c}")
OPTIONS = (
    Rummy500Options(target_score=60),
    Rummy500Options(target_score=60, rummy_call="announce", special_card_per_hand=True,
                    top_card_free=True, min_first_meld=30, reuse_discards=1),
    Rummy500Options(target_score=60, go_out_without_discard="seed_redraw",
                    last_discard_unplayable=True, elimination_score=-20),
)


@functools.cache
def spots() -> tuple[Spot, ...]:
    """States of seeded random games of 2 to 5 players under several sets of house rules."""
    found: list[Spot] = []
    for seed, opts in enumerate(OPTIONS * 2):
        # seed + 1: deals that reach a second hand within the moves played (per-deal shuffles)
        game = Rummy500Game(opts, players=2 + seed % 4, seed=seed + 1)
        found += play(game, random.Random(seed), 160,
                      prefer=("meld", "layoff", "claim", "take 1 ", "take 2 ", "end_claims"))
    return tuple(found)


def test_the_states_cover_windows_special_cards_hand_ends_and_games_over() -> None:
    states = [json.loads(s.snapshot) for s in spots()]
    assert {"special", "draw", "play", "over"} <= {s["phase"] for s in states}
    assert any(s["claim"]["open"] for s in states)
    assert any(text.startswith("claim ") for s in spots() for text in s.legal)
    assert max(s["hand_no"] for s in states) >= 2
    assert {len(s["hands"]) for s in states} == {2, 3, 4, 5}


@pytest.mark.parametrize("text", [
    "take ²", "take ³ 7C,7D,7S", "take 𝟐", "take ٣", "take " + "9" * 5000, "take -1",
    "take 1_0", "layoff 7C ß", "claim 7C Å high", "layoff 7C A ʜigh",
])
def test_numbers_and_ids_of_other_scripts_are_refused(text: str) -> None:
    with pytest.raises(IllegalMove):
        parse_action(text)


@pytest.mark.parametrize("text", ["discard ²H", "meld ²H,3H,4H", "layoff ²H A", "claim ²H A",
                                  "special ²H", "special 𝟐H", "take 3 ²H,3H,4H"])
def test_cards_of_other_scripts_are_refused(text: str) -> None:
    with pytest.raises(RulesError):
        parse_action(text)


@FUZZ
@given(st.data(), arbitrary(SHAPES))
def test_any_text_is_applied_or_refused_cleanly(data: st.DataObject, text: str) -> None:
    throw(data, spots(), Rummy500Game.from_json, text)


@FUZZ
@given(st.data())
def test_mutated_legal_texts_are_applied_or_refused_cleanly(data: st.DataObject) -> None:
    throw(data, spots(), Rummy500Game.from_json)


def test_a_refused_take_keeps_the_state() -> None:
    spot = next(s for s in spots() if any(t.startswith("take ") for t in s.legal))
    seat = Rummy500Game.from_json(json.loads(spot.snapshot)).to_act()[0]
    legal = next(t for t in spot.legal if t.startswith("take "))
    assert not refused_or_applied(Rummy500Game.from_json, spot, seat, legal)
    assert refused_or_applied(Rummy500Game.from_json, spot, seat, "take ²")
    assert refused_or_applied(Rummy500Game.from_json, spot, seat, "take " + "9" * 5000)
