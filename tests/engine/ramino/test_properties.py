"""Random legal Ramino games for every preset and other option sets, 2 to 7 players, with the
invariants checked after every action.

Each hand's charges, the totals, the eliminations and the re-entry offers are worked out
again here from the revealed hands and this file's own reading of the rules, and compared
with what the engine reports.
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

from engine.cards import Card, copies
from engine.ramino import PRESETS, RaminoGame, RaminoOptions
from engine.ramino.penalty import PenaltyRules, is_colore, is_ramino, penalty
from engine.ramino.state import build_deck
from engine.ramino.views import HandReport

from .players import keen_move, random_move

# games per option set; RUMMY_PROPERTY_MATCHES=1000 is the soak run, and
# RUMMY_PROPERTY_FIRST=1000 starts a further soak run where that one stopped
GAMES = int(os.environ.get("RUMMY_PROPERTY_MATCHES", "16"))
FIRST = int(os.environ.get("RUMMY_PROPERTY_FIRST", "0"))
MAX_ACTIONS = 1500

FLIPPED = {
    "flipped_a": RaminoOptions(
        hand_size=9, direction="reverse", same_suit_sets=True, close_mode="points",
        close_points_limit=5, joker_penalty=20, discard_taken_card=True, colore_multiplier=2,
        ramino_multiplier=2, stock_rebuilds=1, reentry=True, max_reentries=2,
        stake_per_point=3),
    "flipped_b": RaminoOptions(hand_size=7, stock_rebuilds=0, reentry=True),
    "chips_short": RaminoOptions(scoring="chips", chips_hands=3, chips_start=0, hand_size=7,
                                 deck="single", stock_rebuilds=2),
}
SETS = {**PRESETS, **FLIPPED}


class Ledger:
    """The match as this file reads the rules: totals, eliminations, re-entries."""

    def __init__(self, g: RaminoGame) -> None:
        self.opts, self.players = g.opts, g.players
        start = g.opts.chips_start if g.opts.chips else 0
        self.totals = [start] * g.players
        self.out: set[int] = set()
        self.used = [0] * g.players

    def follow(self, events: list[Any]) -> None:
        for e in events:
            if e.kind == "hand_end":
                self.hand(e.public)
            elif e.kind == "reenter":
                self.totals[e.seat] = e.public.total
                self.out.discard(e.seat)
                self.used[e.seat] += 1
            elif e.kind == "draw":
                assert e.private is not None and e.public.stock >= 0

    def hand(self, r: HandReport) -> None:
        if r.void:
            assert r.seats == () and set(r.points) == {0}
        else:
            self.charges(r)
        self.totals = [t + p for t, p in zip(self.totals, r.points)]
        assert list(r.totals) == self.totals
        if not self.opts.chips:
            self.eliminations(r)

    def charges(self, r: HandReport) -> None:
        opts, closer = self.opts, r.closer
        assert closer is not None
        kept = next(s for s in r.seats if s.seat == closer)
        cards = _cards(kept.hand)
        m = max([1, *([opts.ramino_multiplier] if is_ramino(cards) else []),
                 *([opts.colore_multiplier] if is_colore(cards) else [])])
        assert r.multiplier == m
        rules = _rules(opts)
        assert penalty(cards, rules) <= opts.close_limit  # the close was legal
        left = [s for s in range(self.players) if s not in self.out]
        assert [s.seat for s in r.seats] == left
        for s in r.seats:
            assert len(s.hand) == opts.hand_size
            own = penalty(_cards(s.hand), rules)
            assert s.arrangement.penalty == own
            if opts.chips:
                want = len(left) - 1 if s.seat == closer else -1
            elif s.seat == closer:
                want = own if opts.close_mode == "points" else 0
            else:
                want = own * m
            assert r.points[s.seat] == s.points == want

    def eliminations(self, r: HandReport) -> None:
        left = [s for s in range(self.players) if s not in self.out]
        limit = self.opts.elimination_limit
        over = {s for s in left if self.totals[s] > limit}
        if over == set(left):  # never everybody: the lowest stay in
            low = min(self.totals[s] for s in left)
            over = {s for s in left if self.totals[s] > low}
        assert set(r.eliminated) == over
        self.out |= over
        remain = len(left) - len(over)
        offered = [s for s in sorted(over) if self.used[s] < self.opts.max_reentries]
        if not self.opts.reentry or remain < 3:
            offered = []
        assert list(r.offered) == offered
        if offered:
            assert r.offer_total == max(self.totals[s] for s in left if s not in over)


def _cards(texts: tuple[str, ...]) -> list[Card]:
    return copies(Card.parse(c) for c in texts)


def _rules(opts: RaminoOptions) -> PenaltyRules:
    return PenaltyRules(opts.same_suit_sets, opts.joker_penalty)


def check_state(g: RaminoGame, ledger: Ledger) -> None:
    """Cards conserved, hand sizes, the figures, moves only for seats waited for, JSON."""
    every = [c for h in g.hands for c in h] + g.stock + g.pile
    assert Counter(c.face for c in every) == Counter(c.face for c in build_deck(g.opts))
    assert len(set(every)) == len(every)
    size = g.opts.hand_size
    sizes = [len(h) for h in g.hands]
    if g.phase in ("first", "draw", "discard"):
        want = [0 if s in g.eliminated else size for s in range(g.players)]
        want[g.turn] += g.phase == "discard"
        assert sizes == want
    assert g.eliminated == ledger.out and g.totals == ledger.totals
    assert g.reentries == ledger.used
    acting = g.to_act()
    assert bool(acting) != g.is_over
    for seat in set(range(g.players)) - set(acting):
        assert g.legal_actions(seat) == []
    data = json.loads(json.dumps(g.to_json()))
    assert RaminoGame.from_json(data).to_json() == g.to_json()


def play_checked(opts: RaminoOptions, seed: int) -> RaminoGame:
    """Play one random game, checking every invariant after every action."""
    rng = random.Random(seed)
    players = 2 + seed % (3 if opts.deck == "single" else 6)
    # short matches: more of them, and every way a game ends, within the test's time
    opts = replace(opts, elimination_limit=min(opts.elimination_limit, 40),
                   chips_hands=min(opts.chips_hands, 4))
    g = RaminoGame(opts, players=players, seed=seed)
    ledger = Ledger(g)
    # random moves end hands only by voiding them: played where the stock can run out
    move = random_move if seed % 4 == 0 and opts.stock_rebuilds is not None else keen_move
    check_state(g, ledger)
    for _ in range(MAX_ACTIONS):
        if g.is_over:
            break
        seat = rng.choice(g.to_act())
        legal = g.legal_actions(seat)
        assert legal  # a legal action always exists until the game ends
        action = move(g, seat, legal, rng)
        for probe in rng.sample(legal, min(3, len(legal))):
            g.verify(seat, probe)  # listed means accepted
        ledger.follow(g.apply(seat, action))
        check_state(g, ledger)
    return g


@pytest.mark.soak
@pytest.mark.parametrize("name", list(SETS))
def test_random_games(name: str) -> None:
    over = sum(play_checked(SETS[name], seed * 7919 + len(name)).is_over
               for seed in range(FIRST, FIRST + GAMES))
    assert over > 0
