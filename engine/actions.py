"""The actions every rummy game shares, as frozen values that print as text.

Each game's actions module re-exports them beside its own, so `engine.gin.DrawStock` and
`engine.ramino.DrawStock` are this one class: what a game lets them do stays in its rules.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card


@dataclass(frozen=True, slots=True)
class DrawStock:
    """Take the top card of the stock (what an empty one does is the game's rule)."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class TakeDiscard:
    """Take the top card of the discard pile (games that take deeper have their own)."""

    def __str__(self) -> str:
        return "take"


@dataclass(frozen=True, slots=True)
class Discard:
    """Throw a card on the discard pile, ending the turn."""

    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"
