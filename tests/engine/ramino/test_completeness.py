"""Ramino's legal lists are sound and complete.

Seeded random play (players that keep their combinations, so that hands end by closes) walks
every preset and option sets that flip the house rules, with 2 to 7 players and low
elimination limits, so that re-entry offers come up. At every state, for every seat the game
waits for, tests/engine/completeness.py checks the listed actions against every candidate:
draw, take, a close without a discard, re-enter and decline, and a discard and a close with
each face of the deck (jokers included: both copies of a card are one face, and one action).
Nothing is bounded. A seat the game does not wait for gets the bare actions and a discard of
each of its cards: the seat check refuses them before their cards are looked at.

RUMMY_COMPLETENESS_STATES scales the walk (500 states per option set by default: 4,000 states,
about 5 seconds).
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from engine.cards import make_deck
from engine.ramino import PRESETS, RaminoGame, RaminoOptions
from tests.engine.completeness import Move, Tally, walk

from .players import keen_move

STATES = int(os.environ.get("RUMMY_COMPLETENESS_STATES", "500"))
FACES = sorted({c.text for c in make_deck(1, 1)})
BARE = ["draw", "take", "close", "reenter", "decline"]

SETS: dict[str, tuple[RaminoOptions, int]] = {
    **{name: (opts, players) for (name, opts), players in zip(PRESETS.items(), (4, 3, 5, 2))},
    "flipped_a": (RaminoOptions(
        hand_size=9, direction="reverse", same_suit_sets=True, close_mode="points",
        close_points_limit=5, joker_penalty=20, discard_taken_card=True, colore_multiplier=2,
        ramino_multiplier=2, stock_rebuilds=1, reentry=True, max_reentries=2,
        elimination_limit=40), 5),
    "flipped_b": (RaminoOptions(hand_size=7, stock_rebuilds=0, reentry=True,
                                elimination_limit=30), 7),
    "points_reentry": (RaminoOptions(close_mode="points", reentry=True, elimination_limit=35,
                                     same_suit_sets=True), 4),
    "chips_short": (RaminoOptions(scoring="chips", chips_hands=3, chips_start=0, hand_size=7,
                                  deck="single", stock_rebuilds=2), 3),
}


def candidates(game: RaminoGame, seat: int) -> list[str]:
    """Return every candidate text of a seat the game waits for."""
    return BARE + [f"{verb} {face}" for face in FACES for verb in ("discard", "close")]


def idle(game: RaminoGame, seat: int) -> list[str]:
    """Return the candidates of a seat the game does not wait for."""
    return BARE + [f"discard {c}" for c in game.hands[seat]]


def look(tally: Tally) -> Any:
    def at(game: Any) -> None:
        tally.states += 1
        waited = game.to_act()
        for seat in range(game.players):
            texts = candidates(game, seat) if seat in waited else idle(game, seat)
            tally.check(game, seat, texts)
    return at


def choose(game: Any, moves: list[Move], rng: random.Random) -> Move:
    """Play as `keen_move` for a seat the game waits for, picked at random."""
    seat = rng.choice(sorted({s for s, _ in moves}))
    return seat, keen_move(game, seat, [a for s, a in moves if s == seat], rng)


@pytest.mark.parametrize("name", list(SETS))
def test_ramino_lists_exactly_the_accepted_moves(name: str) -> None:
    opts, players = SETS[name]
    first = 1000 * list(SETS).index(name)
    tally = Tally(name)
    walk(lambda n: RaminoGame(opts, players=players, seed=first + n), STATES, look(tally),
         choose=choose)
    verbs = ["draw", "take", "discard", "close"]
    tally.assert_clean(min_states=STATES, verbs=verbs + (["reenter"] if opts.reentry else []))
