"""Events several games share, declared once (a game's own events live in its package).

A game with more to say subclasses one of these, adding fields (Canasta's draw names the red
threes it laid); the host's adapter base tells every shared event in the same words, and the
game's adapter adds its detail. Card codes are text ("7C"), as in every view.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

Cards = tuple[str, ...]


class ShownMeld(Protocol):
    """A table meld as an event shows it: its id and its cards."""

    @property
    def id(self) -> str: ...

    @property
    def cards(self) -> Cards: ...


MeldT = TypeVar("MeldT", bound=ShownMeld, covariant=True)


@dataclass(frozen=True, slots=True)
class Dealt:
    """A new hand: its number (1 for the first) and who dealt it."""

    hand_no: int
    dealer: int


@dataclass(frozen=True, slots=True)
class Drew:
    """A seat drew from the stock: how many cards, and how many the stock keeps."""

    stock: int
    count: int = 1


@dataclass(frozen=True, slots=True)
class Took:
    """A seat took these cards from the discard pile, the deepest first."""

    cards: Cards


@dataclass(frozen=True, slots=True)
class Discarded:
    """A seat threw a card on the discard pile."""

    card: str


@dataclass(frozen=True, slots=True)
class Melded(Generic[MeldT]):
    """A seat put new melds from the hand on the table."""

    melds: tuple[MeldT, ...]


@dataclass(frozen=True, slots=True)
class LaidOff:
    """A seat laid cards off on the table meld with this id."""

    cards: Cards
    meld: str


@dataclass(frozen=True, slots=True)
class HandEnded:
    """A hand is over (its report, every hand laid open, is the game's own subclass)."""

    hand_no: int


@dataclass(frozen=True, slots=True)
class GameEnded:
    """The game is over: the winner (a seat, or a side where sides play) and the totals."""

    winner: int
    totals: tuple[int, ...]  # per seat, or per side where sides play


@dataclass(frozen=True, slots=True)
class Rebuilt:
    """The pile but its top card was shuffled into a new stock."""

    stock: int
    rebuilds: int  # times this hand


# The events the adapter base tells in shared words.
SHARED = (Dealt, Drew, Took, Discarded, Melded, LaidOff, HandEnded, GameEnded, Rebuilt)
