"""Random legal Rummy 500 games for every preset, with the invariants checked after every action.

The scores are recomputed here from the events alone, with this file's own value table, and
compared with what the engine reports at every hand's end.
"""

from __future__ import annotations

import json
import os
import random
from dataclasses import replace
from typing import Any

import pytest

from engine.cards import Card
from engine.game import Event
from engine.rummy500 import (
    PRESETS,
    LayOff,
    MeldCards,
    Rummy500Game,
    Rummy500Options,
    TakeDiscards,
)
from engine.rummy500.table import shape_of
from engine.rummy500.views import HandReport, MeldView

# games per option set; RUMMY_PROPERTY_MATCHES=1000 is the soak run. At least 10, so that
# random play always finishes some games within the hand cap (checked below).
GAMES = max(10, int(os.environ.get("RUMMY_PROPERTY_MATCHES", "30")))
MAX_HANDS = 12  # random play rarely reaches a target: a game stops being followed after this
MAX_ACTIONS = 6000

FLIPPED = {
    "flipped_a": Rummy500Options(
        top_card_free=True, draw_stock_until_opened=True, min_first_meld=30,
        go_out_without_discard="immediate", last_discard_unplayable=True, reuse_discards=2,
        rummy_call="announce", elimination_score=-150, win_by_closing_only=True,
        special_card="7H", special_card_value=25, special_card_per_hand=True,
        scala40_values=True),
    "flipped_b": Rummy500Options(
        rummy_rule=False, game_mode="closings", closings_to_win=3, last_discard_unplayable=True,
        go_out_without_discard="seed_redraw", reuse_discards=1, top_card_free=True),
}
SETS = {**PRESETS, **FLIPPED}


def value(card: Card, opts: Rummy500Options, special: str | None, where: str) -> int:
    """This test's own reading of the value table (where: set, low_ace, run, hand)."""
    if special is not None and card.text == special:
        return opts.special_card_value
    if card.rank == 1:
        return 5 if where == "low_ace" else 15
    if card.rank >= 10:
        return 10
    return card.rank if opts.scala40_values else 5


class Ledger:
    """Follow one hand from its events: who put down what, worth how much."""

    def __init__(self, opts: Rummy500Options, players: int) -> None:
        self.opts, self.players = opts, players
        self.special = opts.special_card
        self.totals = [0] * players
        self.new_hand(self.special)

    def new_hand(self, special: str | None) -> None:
        self.special = special
        self.melds: dict[str, tuple[str, list[Card]]] = {}
        self.melded = [0] * self.players
        self.laid = [0] * self.players

    def put(self, seat: int, melds: tuple[MeldView, ...]) -> None:
        for m in melds:
            cards = [Card.parse(c) for c in m.cards]
            self.melds[m.id] = (m.kind, cards)
            for i, c in enumerate(cards):
                low_ace = m.kind == "run" and i == 0 and c.rank == 1
                where = "set" if m.kind == "set" else ("low_ace" if low_ace else "run")
                self.melded[seat] += value(c, self.opts, self.special, where)

    def lay(self, seat: int, card_text: str, meld: str, end: str | None) -> None:
        kind, cards = self.melds[meld]
        card = Card.parse(card_text)
        if kind == "set":
            cards.append(card)
            self.laid[seat] += value(card, self.opts, self.special, "set")
            return
        first = cards[0]
        low = end == "low" or (end is None and card.rank == first.rank - 1 and first.rank != 1)
        low = low or (end is None and card.rank == 1 and first.rank == 2)
        if low:
            cards.insert(0, card)
        else:
            cards.append(card)
        where = "low_ace" if low and card.rank == 1 else "run"
        self.laid[seat] += value(card, self.opts, self.special, where)

    def follow(self, events: list[Event]) -> None:
        for e in events:
            p = e.public
            if e.kind == "deal":
                self.new_hand(p.special_card)
            elif e.kind in ("meld", "take"):
                self.put(e.seat, p.melds)  # type: ignore[arg-type]
            elif e.kind == "layoff":
                self.lay(e.seat, p.cards[0], p.meld, p.end)  # type: ignore[arg-type]
            elif e.kind == "claim":
                self.lay(p.claimer, p.card, p.meld, p.end)
            elif e.kind == "hand_end":
                self.check_hand(p)

    def check_hand(self, p: HandReport) -> None:
        for s in p.seats:
            seat = s.seat
            held = sum(value(Card.parse(c), self.opts, self.special, "hand") for c in s.hand)
            assert (s.melded, s.laid_off, s.in_hand) == (
                self.melded[seat], self.laid[seat], held)
            assert s.hand_score == self.melded[seat] + self.laid[seat] - held
            self.totals[seat] += s.hand_score
        assert list(p.totals) == self.totals


def check_state(g: Rummy500Game) -> None:
    """Cards conserved, melds valid, a legal move for the seat to act, JSON round trip."""
    table = [c for m in g.melds for c in m.cards]
    every = [c for h in g.hands for c in h] + g.stock + g.pile + table
    # before the dealer names the special card nothing is dealt; otherwise the whole deck is out
    assert len(set(every)) == len(every) == (0 if g.phase == "special" else 52)
    for m in g.melds:
        shape = shape_of(m.cards)
        # a set's cards lie in the order they were put down; a run's lie low to high
        order = m.cards if m.kind == "run" else sorted(m.cards, key=lambda c: "SHDC".index(c.suit))
        assert (shape.kind, list(shape.cards), shape.low, shape.rank) == (
            m.kind, order, m.low, m.rank)
    acting = g.to_act()
    assert len(acting) == (0 if g.is_over else 1)
    for seat in range(g.players):
        legal = g.legal_actions(seat)
        assert bool(legal) == (seat in acting), f"seat {seat}, phase {g.phase}: {legal}"
    data = json.loads(json.dumps(g.to_json()))
    assert Rummy500Game.from_json(data).to_json() == g.to_json()


def choose(g: Rummy500Game, seat: int, rng: random.Random) -> Any:
    """Random legal moves, leaning towards putting cards down so that hands end."""
    legal = g.legal_actions(seat)
    plays = [a for a in legal if isinstance(a, (MeldCards, LayOff))
             or (isinstance(a, TakeDiscards) and a.melds)]
    action = rng.choice(plays) if plays and rng.random() < 0.8 else rng.choice(legal)
    for probe in rng.sample(legal, min(4, len(legal))):
        g.verify(seat, probe)  # listed means accepted
    return action


def play_checked(opts: Rummy500Options, seed: int) -> Rummy500Game:
    """Play one random game, checking every invariant after every action."""
    rng = random.Random(seed)
    players = 2 + seed % 4
    g = Rummy500Game(replace(opts, target_score=150), players=players, seed=seed)
    ledger = Ledger(g.opts, players)
    ledger.new_hand(g.special.text if g.special else None)
    check_state(g)
    for _ in range(MAX_ACTIONS):
        if g.is_over or g.hand_no > MAX_HANDS:
            break
        events = step(g, rng)
        ledger.follow(events)
        check_state(g)
    return g


def step(g: Rummy500Game, rng: random.Random) -> list[Event]:
    """Play one action: sometimes a claim or the window's end, else the seat to act."""
    if g.claim_open:
        claimers = [s for s in range(g.players) if g.claim_targets(s)]
        if claimers and rng.random() < 0.4:
            seat = rng.choice(claimers)
            claim = rng.choice(g.claim_targets(seat))
            g.verify(seat, claim)
            return g.apply(seat, claim)
        if rng.random() < 0.3:
            return g.apply(-1, "end_claims")
    seat = g.to_act()[0]
    return g.apply(seat, choose(g, seat, rng))


@pytest.mark.soak
@pytest.mark.parametrize("name", list(SETS))
def test_random_games(name: str) -> None:
    over = 0
    for seed in range(GAMES):
        over += play_checked(SETS[name], seed * 7919 + len(name)).is_over
    assert over > 0  # random play still finishes some games within the hand cap
