"""Test players for random Ramino games: random legal moves, leaning towards closing.

Both are given the seat's legal actions. `random_move` picks any of them but always closes
when a close is legal; `keen_move` also keeps its combinations (it takes the discard when the
card joins one, and throws its highest unmatched card), so that hands end by a close often
enough for games to finish.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.ramino import (
    Close,
    Decline,
    Discard,
    DrawStock,
    RaminoAction,
    RaminoGame,
    Reenter,
    TakeDiscard,
    best_arrangement,
)

Legal = Sequence[RaminoAction]


def random_move(g: RaminoGame, seat: int, legal: Legal, rng: random.Random) -> Any:
    """Return a random legal action; a close whenever one is legal."""
    closes = [a for a in legal if isinstance(a, Close)]
    return rng.choice(closes or legal)


def keen_move(g: RaminoGame, seat: int, legal: Legal, rng: random.Random) -> Any:
    """Return a legal action that closes if it can and otherwise keeps its combinations."""
    closes = [a for a in legal if isinstance(a, Close)]
    if closes or rng.random() < 0.05:
        return rng.choice(closes or legal)
    if Reenter() in legal:
        return rng.choice([Reenter(), Decline()])
    if DrawStock() in legal:
        return _draw_or_take(g, seat)
    if TakeDiscard() in legal:
        return TakeDiscard()
    return _discard(g, seat, [a for a in legal if isinstance(a, Discard)])


def _draw_or_take(g: RaminoGame, seat: int) -> Any:
    top = g.pile[-1]
    judged = best_arrangement([*g.hands[seat], top], g.penalty_rules)
    return DrawStock() if top in judged.unmatched else TakeDiscard()


def _discard(g: RaminoGame, seat: int, discards: list[Discard]) -> Discard:
    unmatched = best_arrangement(g.hands[seat], g.penalty_rules).unmatched
    faces = {c.face for c in unmatched}
    loose = [a for a in discards if a.card.face in faces] or discards
    return max(loose, key=lambda a: (min(a.card.rank or 25, 10) if a.card.rank != 1 else 11))


def walk(g: RaminoGame, rng: random.Random, moves: int) -> list[Any]:
    """Play keen moves of the seats the game waits for; return every event, in order."""
    events: list[Any] = []
    for _ in range(moves):
        if g.is_over:
            break
        seat = rng.choice(g.to_act())
        events += g.apply(seat, keen_move(g, seat, g.legal_actions(seat), rng))
    return events
