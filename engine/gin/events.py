"""The payloads of gin's events, one frozen dataclass per kind of event.

An `engine.game.Event` carries the kind and the seat for the host; its `public` payload is one
of these classes (shown to all), and its `private` payload is a `DrawnCard` for a stock draw
(shown to the drawer only) or None.

| kind | seat | public | private |
|---|---|---|---|
| deal | None | `Dealt` | None |
| pass | passer | `Passed` | None |
| draw | drawer | `Drew` | `DrawnCard` |
| take | taker | `Taken` | None |
| take_pile | taker (Mahjong) | `Took` | None |
| meld | melder (Mahjong) | `Melded` | None |
| layoff | layer (Mahjong) | `LaidOff` | None |
| discard | discarder | `Discarded` | None |
| knock, gin, big_gin | ender | `Knocked` | None |
| hand_end | winner or None | `HandEnded` | None |
| game_end | winner | `GameEnded` | None |
| match_end | winner or None | `MatchEnded` | None |

The shared events (engine/events.py) are told in shared words: `Dealt`, `Taken`, `HandEnded`
and `GameEnded` add gin's own fields to them; Mahjong gin's pile take is the shared `Took`.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import events as shared
from ..events import Discarded as Discarded  # the shared events gin tells as they are
from ..events import Drew as Drew
from ..events import Melded as Melded
from ..events import Took as Took
from ..game import DrawnCard as DrawnCard  # the draw's private payload is every game's
from ..table import LaidOff as LaidOff  # Mahjong gin's lay-off is Rummy 500's
from ..table import MeldView
from .views import Cards, HandReport, ScoreSheet


@dataclass(frozen=True, slots=True)
class Dealt(shared.Dealt):
    """A new hand (its number, who dealt), the upcard and Oklahoma's knock card."""

    upcard: str | None  # None when the second deck gives the knock card (no upcard)
    knock_card: str | None


@dataclass(frozen=True, slots=True)
class Passed:
    """A seat let the upcard go by."""

    card: str


@dataclass(frozen=True, slots=True)
class Taken(shared.Took):
    """A seat took a card from the discard pile, with the meld it showed (deep pickup)."""

    meld: Cards = ()  # the card and the hand's cards it melds with, shown to everybody


@dataclass(frozen=True, slots=True)
class Knocked:
    """A seat ended the hand (a knock, gin or big gin) keeping this much deadwood."""

    deadwood: int


@dataclass(frozen=True, slots=True)
class HandEnded(shared.HandEnded):
    """A hand is over: its number and result (both hands are laid open)."""

    result: HandReport


@dataclass(frozen=True, slots=True, kw_only=True)
class GameEnded(shared.GameEnded):
    """A game of the match is over (Hollywood may end several with one hand); its `totals`
    are the finals, end-of-game bonuses included."""

    game: int  # 1 for the first game of the match
    running: tuple[int, ...]
    boxes: tuple[int, ...]  # hands won in this game


@dataclass(frozen=True, slots=True)
class MatchEnded:
    """The match is over: the final score sheet."""

    scores: ScoreSheet


GinPayload = (Dealt | Passed | Drew | Taken | Took | Melded[MeldView] | LaidOff | Discarded
              | Knocked | HandEnded | GameEnded | MatchEnded)
