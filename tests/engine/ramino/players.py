"""Test players for random Ramino games: random legal moves, leaning towards closing.

`random_move` picks any legal action, but always closes when a close is legal; `keen_move`
also keeps its combinations (it takes the discard when that lowers its penalty and throws
the card whose loss costs least), so hands end by a close often enough for games to finish.
"""

from __future__ import annotations

import random
from typing import Any

from engine.ramino import Close, Decline, Discard, DrawStock, RaminoGame, Reenter, TakeDiscard
from engine.ramino.penalty import penalty
from engine.ramino.rules import without


def random_move(g: RaminoGame, seat: int, rng: random.Random) -> Any:
    """Return a random legal action; a close whenever one is legal."""
    legal = g.legal_actions(seat)
    closes = [a for a in legal if isinstance(a, Close)]
    return rng.choice(closes or legal)


def keen_move(g: RaminoGame, seat: int, rng: random.Random) -> Any:
    """Return a legal action that closes if it can and otherwise lowers its penalty."""
    legal = g.legal_actions(seat)
    closes = [a for a in legal if isinstance(a, Close)]
    if closes or rng.random() < 0.1:
        return rng.choice(closes or legal)
    if Reenter() in legal:
        return rng.choice([Reenter(), Decline()])
    if TakeDiscard() in legal and DrawStock() in legal:
        return _draw_or_take(g, seat)
    discards = [a for a in legal if isinstance(a, Discard)]
    return min(discards, key=lambda a: _left(g, seat, a)) if discards else legal[0]


def _draw_or_take(g: RaminoGame, seat: int) -> Any:
    hand, rules = g.hands[seat], g.penalty_rules
    with_top = hand + [g.pile[-1]]
    best = min(penalty(without(with_top, c), rules) for c in hand)
    return TakeDiscard() if best < penalty(hand, rules) else DrawStock()


def _left(g: RaminoGame, seat: int, action: Discard) -> int:
    card = g.discardable(seat, action.card)
    return penalty(without(g.hands[seat], card), g.penalty_rules)


def walk(g: RaminoGame, rng: random.Random, moves: int) -> list[Any]:
    """Play keen moves of the seats the game waits for; return every event, in order."""
    events: list[Any] = []
    for _ in range(moves):
        if g.is_over:
            break
        seat = rng.choice(g.to_act())
        events += g.apply(seat, keen_move(g, seat, rng))
    return events
