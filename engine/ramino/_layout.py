"""From faces back to the hand's own cards, each combination in reading order."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card
from ._search import Combo


def lay_out(hand: Sequence[Card], combos: Sequence[Combo],
            leftover: Sequence[int]) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """Return the combinations and the unmatched cards as the hand's own Card objects."""
    pool: dict[int, list[Card]] = {}
    jokers = [c for c in hand if c.is_joker]
    for c in sorted(hand):
        if not c.is_joker:
            pool.setdefault(c.suit_index * 13 + c.rank - 1, []).append(c)
    laid = []
    for faces, j in combos:
        naturals = sorted(pool[f].pop(0) for f in faces)
        held, jokers = jokers[:j], jokers[j:]
        laid.append(_order(naturals, held))
    unmatched = sorted(pool[f].pop(0) for f in leftover) + jokers
    laid.sort(key=lambda combo: min(c for c in combo if not c.is_joker))
    return tuple(laid), tuple(unmatched)


def _order(naturals: list[Card], jokers: list[Card]) -> tuple[Card, ...]:
    """Order a combination: a run along its ranks, a set (or a lone card) jokers last."""
    ranks = {c.rank for c in naturals}
    size = len(naturals) + len(jokers)
    if len({c.suit for c in naturals}) == 1 and len(ranks) == len(naturals) and (
            len(naturals) > 1 or size > 4):
        return run_order(naturals + jokers)
    return tuple(naturals + jokers)


def run_order(cards: Sequence[Card]) -> tuple[Card, ...]:
    """Lay a valid run's cards along its positions, jokers in the gaps, then at the top."""
    naturals = [c for c in cards if not c.is_joker]
    jokers = [c for c in cards if c.is_joker]
    size = len(cards)
    ranks = [c.rank for c in naturals]
    ace_low = max(ranks) - min(ranks) < size
    at = {(14 if c.rank == 1 and not ace_low else c.rank): c for c in naturals}
    top = 13 if 1 in at else 14
    lo = min(min(at), top - size + 1)
    return tuple(at[p] if p in at else jokers.pop() for p in range(lo, lo + size))
