"""Random legal Ramino 51 games for every preset and other option sets, 2 to 4 players, with
the invariants checked after every action.

Each hand's charges are worked out again here from the revealed hands and this file's own
card values, and the totals from them; the table's melds are read again through melds.py.
"""

from __future__ import annotations

import functools
import json
import os
import random
from collections import Counter
from typing import Any

import pytest

from engine.ramino51 import PRESETS, Ramino51Game, Ramino51Options
from engine.ramino51.rules import check_meld
from engine.ramino51.state import build_deck
from engine.ramino51.views import HandReport

# games per option set; RUMMY_PROPERTY_MATCHES=1000 is the soak run, and
# RUMMY_PROPERTY_FIRST=1000 starts a further soak run where that one stopped
GAMES = int(os.environ.get("RUMMY_PROPERTY_MATCHES", "2"))
FIRST = int(os.environ.get("RUMMY_PROPERTY_FIRST", "0"))
MAX_ACTIONS = 40_000
ROUND_TRIP_EVERY = 7  # actions between two JSON round trips (each one reads every meld)

FLIPPED = {
    "flipped_a": Ramino51Options(direction="reverse", opening_minimum=30,
                                 close_in_hand_multiplier=1, unopened_penalty=100,
                                 discard_taken_card=True, stock_rebuilds=0, hands_per_game=3),
    "flipped_b": Ramino51Options(jokers=4, stock_rebuilds=1, end_mode="limit",
                                 score_limit=150, opening_minimum=40),
}
SETS = {**PRESETS, **FLIPPED}
PLAYS = ("meld", "layoff", "swap", "close", "exchange")
VALUES = {"A": 11, "J": 10, "Q": 10, "K": 10, "JK": 20}


def penalty(card: str) -> int:
    """Return what a card left in hand costs, read from its text (ramino51.md's table)."""
    return VALUES.get(card[:-1] if card != "JK" else card, 0) or int(card[:-1])


class Ledger:
    """The match as this file reads the rules: each hand's charges, the totals."""

    def __init__(self, g: Ramino51Game) -> None:
        self.opts = g.opts
        self.totals = [0] * g.players
        self.reasons: Counter[str] = Counter()

    def follow(self, events: list[Any]) -> None:
        for e in events:
            if e.kind == "hand_end":
                self.hand(e.public)
            elif e.kind == "draw":
                assert e.private is not None and e.public.stock >= 0

    def hand(self, r: HandReport) -> None:
        self.reasons[r.reason] += 1
        m = self.opts.close_in_hand_multiplier if r.reason == "in_hand" else 1
        assert r.multiplier == m
        for s in r.seats:
            assert s.value == sum(penalty(c) for c in s.hand)
            fixed = self.opts.unopened_penalty
            owed = m * (fixed if fixed is not None and not s.opened else s.value)
            expected = 0 if r.closer is None or s.seat == r.closer else owed
            assert s.charge == expected == r.charges[s.seat]
        if r.closer is not None:
            closer = r.seats[r.closer]
            assert closer.hand == () and closer.opened
        self.totals = [t + c for t, c in zip(self.totals, r.charges)]
        assert list(r.totals) == self.totals


@functools.cache
def deck_faces(opts: Ramino51Options) -> Counter[Any]:
    """Return how many of each face the game's deck holds (counted once per option set)."""
    return Counter(c.face for c in build_deck(opts))


def check_cards(g: Ramino51Game) -> None:
    """Every card of the game is somewhere, once."""
    every = list(g.every_card())
    assert Counter(c.face for c in every) == deck_faces(g.opts)
    assert len({c.key for c in every}) == len(every)


def check_hands(g: Ramino51Game) -> None:
    """An unopened seat holds 14 cards (15 in his turn once drawn); nobody holds none."""
    if g.is_over:  # the last hand's closer holds nothing, and no hand is dealt
        return
    for seat, hand in enumerate(g.hands):
        if g.opened[seat]:
            assert hand
            continue
        drawn = seat == g.turn and g.phase == "play"
        assert len(hand) == 14 + drawn


def check_table(g: Ramino51Game, seen: set[tuple[Any, ...]]) -> None:
    """Every table meld reads back through melds.py; a run's jokers say what they stand for.

    A meld is read again only when it changed (`seen` holds those already read): reading every
    meld after every action was half the time of a game.
    """
    for meld in g.table:
        key = (meld.id, meld.low, tuple((e.card.key, e.stands_for) for e in meld.entries))
        if key not in seen:
            check_meld(meld)
            seen.add(key)
        if meld.kind == "run":
            assert all(e.stands_for is not None for e in meld.entries if e.card.is_joker)
        assert len(meld.entries) >= 3 and meld.owner in range(g.players)


def pick(legal: list[Any], rng: random.Random) -> Any:
    """Return a random legal action, a play (meld, lay-off, swap, close, exchange) seven
    times in ten when there is one: uniform play melds rarely and runs hands twice as long."""
    plays = [a for a in legal if str(a).startswith(PLAYS)]
    return rng.choice(plays if plays and rng.random() < 0.7 else legal)


def play(name: str, opts: Ramino51Options, game_no: int) -> Ledger:
    seed = 7919 * game_no + sorted(SETS).index(name)
    rng = random.Random(seed)
    g = Ramino51Game(opts, players=2 + game_no % 3, seed=seed)
    ledger = Ledger(g)
    seen: set[tuple[Any, ...]] = set()
    for n in range(MAX_ACTIONS):
        if g.is_over:
            break
        seat = g.to_act()[0]
        legal = g.legal_actions(seat)
        assert legal, "a legal action always exists until the game ends"
        for probe in rng.sample(legal, min(3, len(legal))):
            g.verify(seat, probe)  # listed means accepted
        ledger.follow(g.apply(seat, pick(legal, rng)))
        check_cards(g)
        check_hands(g)
        check_table(g, seen)
        if n % ROUND_TRIP_EVERY == 0 or g.is_over:
            data = json.loads(json.dumps(g.to_json()))
            assert Ramino51Game.from_json(data).to_json() == data
    assert g.is_over, "random legal play ends the game"
    assert g.totals == ledger.totals and g.board.played >= 1
    assert g.standings()[g.winner].rank == 1
    return ledger


@pytest.mark.soak
@pytest.mark.parametrize("name", sorted(SETS))
def test_random_games_keep_every_invariant(name: str) -> None:
    reasons: Counter[str] = Counter()
    for game_no in range(FIRST, FIRST + GAMES):
        reasons += play(name, SETS[name], game_no).reasons
    assert reasons["out"] + reasons["in_hand"] > 0  # hands end by going out, not only void
