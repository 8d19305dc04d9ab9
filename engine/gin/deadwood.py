"""Gin deadwood: card values and the minimum-deadwood functions."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from ..cards import Card, as_card
from ..melds import GERMAN_GIN_RULES, GIN_RULES, MeldRules
from ..solver import Arrangement, FastSolver, best_arrangements


def card_value(card: Card, ace_value: int = 1) -> int:
    """Return a card's deadwood value: ace 1 (or 15 in German gin), faces 10."""
    return ace_value if card.rank == 1 else min(card.rank, 10)


@cache
def fast_solver(wrap: bool = False, ace_value: int = 1) -> FastSolver:
    """Return the table-driven solver for one ace mode and ace value (built once)."""
    return FastSolver([ace_value] + [min(r, 10) for r in range(2, 14)], wrap=wrap)


_STANDARD = fast_solver()


def min_deadwood(cards: Iterable[Card | str], wrap: bool = False, ace_value: int = 1) -> int:
    """Return the minimum deadwood of exactly these cards (no discard)."""
    mask = 0
    for c in cards:
        mask |= c.bit if isinstance(c, Card) else as_card(c).bit
    solver = _STANDARD if not wrap and ace_value == 1 else fast_solver(wrap, ace_value)
    return solver.min_deadwood_mask(mask)


def meld_rules(wrap: bool) -> MeldRules:
    """Return gin's meld rules for the ace mode."""
    return GERMAN_GIN_RULES if wrap else GIN_RULES


def arrangements(
    cards: Iterable[Card], wrap: bool = False, ace_value: int = 1
) -> list[Arrangement]:
    """Return every minimum-deadwood arrangement of the cards."""
    return best_arrangements(list(cards), meld_rules(wrap), lambda c: card_value(c, ace_value))
