"""The payloads of gin's events, one frozen dataclass per kind of event.

An `engine.game.Event` carries the kind and the seat for the host; its `public` payload is one
of these classes (shown to all), and its `private` payload is a `DrawnCard` for a stock draw
(shown to the drawer only) or None.

| kind | seat | public | private |
|---|---|---|---|
| deal | None | `Dealt` | None |
| pass | passer | `Passed` | None |
| draw | drawer | `StockDraw` | `DrawnCard` |
| take | taker | `Taken` | None |
| take_pile | taker (Mahjong) | `PileTaken` | None |
| meld | melder (Mahjong) | `Melded` | None |
| layoff | layer (Mahjong) | `LaidOff` | None |
| discard | discarder | `Discarded` | None |
| knock, gin, big_gin | ender | `Knocked` | None |
| hand_end | winner or None | `HandEnded` | None |
| game_end | winner | `GameEnded` | None |
| match_end | winner or None | `MatchEnded` | None |
"""

from __future__ import annotations

from dataclasses import dataclass

from ..game import DrawnCard as DrawnCard  # the draw's payloads are every game's
from ..game import StockDraw as StockDraw
from ..table import LaidOff as LaidOff  # Mahjong gin's open-meld payloads are Rummy 500's
from ..table import Melded as Melded
from .views import Cards, HandReport, ScoreSheet


@dataclass(frozen=True, slots=True)
class Dealt:
    """A new hand: its number, who dealt, the upcard and Oklahoma's knock card."""

    hand: int
    dealer: int
    upcard: str | None  # None when the second deck gives the knock card (no upcard)
    knock_card: str | None


@dataclass(frozen=True, slots=True)
class Passed:
    """A seat let the upcard go by."""

    card: str


@dataclass(frozen=True, slots=True)
class Taken:
    """A seat took a card from the discard pile, with the meld it showed (deep pickup)."""

    card: str
    meld: Cards = ()  # the card and the hand's cards it melds with, shown to everybody


@dataclass(frozen=True, slots=True)
class PileTaken:
    """Mahjong gin: a seat took the top cards of the pile, the deepest first."""

    cards: Cards


@dataclass(frozen=True, slots=True)
class Discarded:
    """A seat threw a card on the discard pile."""

    card: str


@dataclass(frozen=True, slots=True)
class Knocked:
    """A seat ended the hand (a knock, gin or big gin) keeping this much deadwood."""

    deadwood: int


@dataclass(frozen=True, slots=True)
class HandEnded:
    """A hand is over: its number and result (both hands are laid open)."""

    hand: int
    result: HandReport


@dataclass(frozen=True, slots=True)
class GameEnded:
    """A game of the match is over (Hollywood may end several with one hand)."""

    game: int  # 1 for the first game of the match
    winner: int
    finals: tuple[int, ...]  # end-of-game bonuses included
    running: tuple[int, ...]
    boxes: tuple[int, ...]  # hands won in this game


@dataclass(frozen=True, slots=True)
class MatchEnded:
    """The match is over: the final score sheet."""

    scores: ScoreSheet


GinPayload = (Dealt | Passed | StockDraw | Taken | PileTaken | Melded | LaidOff | Discarded
              | Knocked | HandEnded | GameEnded | MatchEnded)
