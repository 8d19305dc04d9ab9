"""Bad input to gin: any text at any reachable state and seat is an action or a clean refusal."""

from __future__ import annotations

import functools
import json
import random
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.errors import BadCard, RulesError
from engine.gin import GinGame, MahjongGin, load_game, parse_action, preset
from tests.engine.fuzz import FUZZ, Spot, arbitrary, play, refused_or_applied, throw

# Every shape of a gin action, with holes the fuzz fills with odd cards, numbers and words.
SHAPES = ("draw", "pass", "take", "take_upcard", "big_gin", "discard {c}", "knock {c}",
          "take {c} with {c} {c}", "take {c} with {c} {c} {c}", "{w} {c}", "{c} {w}",
          "discard {w}", "take {c} {w} {c} {c}", "take {w}", "meld {c},{c},{c}",
          "meld {c},{c},{c} {c},{c},{c}", "layoff {c} {w}", "layoff {c} {w} {w}")


@functools.cache
def spots() -> tuple[Spot, ...]:
    """States of seeded random games: upcard, draw and discard steps, hand ends, games over."""
    found: list[Spot] = []
    for seed, name in enumerate(("standard", "oklahoma", "german", "straight")):
        # a low target, so that games end (and their end is a state too)
        opts = replace(preset(name), target_score=30, deep_discard_pickup=seed % 2 == 0)
        game = GinGame(opts, seed=seed)
        found += play(game, random.Random(seed), 250, prefer=("knock", "big_gin", "take "))
    mahjong = replace(preset("mahjong"), target_score=60)  # open melds, lay-offs, depth takes
    found += play(MahjongGin(mahjong, seed=5), random.Random(5), 250,
                  prefer=("meld", "layoff", "take "))
    return tuple(found)


def test_the_states_cover_every_step_of_a_game() -> None:
    phases = {json.loads(s.snapshot)["phase"] for s in spots()}
    assert {"upcard_first", "upcard_second", "draw", "discard", "over"} <= phases
    assert max(json.loads(s.snapshot)["hand_no"] for s in spots()) >= 3
    assert any(" with " in text for s in spots() for text in s.legal)  # deep pickups
    for kind in ("take 2", "meld ", "layoff "):  # Mahjong gin's moves
        assert any(text.startswith(kind) for s in spots() for text in s.legal), kind


@pytest.mark.parametrize("text", [
    "discard ²H", "knock ²H", "discard 𝟐H", "knock 𝟐H", "take ²H with 3H 4H",
    "take 2H with ³H 4H", "discard 10ſ", "discard " + "9" * 5000 + "H",
])
def test_numbers_of_other_scripts_are_refused_as_cards(text: str) -> None:
    with pytest.raises(BadCard):
        parse_action(text)


@FUZZ
@given(st.data(), arbitrary(SHAPES))
def test_any_text_is_applied_or_refused_cleanly(data: st.DataObject, text: str) -> None:
    throw(data, spots(), load_game, text)


@FUZZ
@given(st.data())
def test_mutated_legal_texts_are_applied_or_refused_cleanly(data: st.DataObject) -> None:
    throw(data, spots(), load_game)


def test_legal_texts_are_accepted_and_refusals_keep_the_state() -> None:
    # The check itself works: a legal text is applied, a bad one refused.
    spot = next(s for s in spots() if any(t.startswith("discard ") for t in s.legal))
    game = load_game(json.loads(spot.snapshot))
    seat = game.to_act()[0]
    legal = next(t for t in spot.legal if t.startswith("discard "))
    assert not refused_or_applied(load_game, spot, seat, legal)
    assert refused_or_applied(load_game, spot, seat, "discard ²H")
    with pytest.raises(RulesError):
        game.apply(seat, "discard ²H")
