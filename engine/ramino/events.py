"""The payloads of Ramino's events, one frozen dataclass per kind of event.

An `engine.game.Event` carries the kind and the seat for the host; its `public` payload is one
of these classes (shown to all) and its `private` payload a `DrawnCard` for a stock draw (the
drawer only) or None. A hand's end carries its `HandReport` (views.py): every hand laid open.

| kind | seat | public | private |
|---|---|---|---|
| deal | None | `Dealt` | None |
| rebuild | drawer | `Rebuilt` | None |
| draw | drawer | `Drew` | `DrawnCard` |
| take | taker | `Taken` | None |
| discard | discarder | `Discarded` | None |
| close | closer | `Closed` | None |
| hand_end | the closer, or None for a void hand | `HandReport` | None |
| reentry_offer | None | `ReentryOffered` | None |
| reenter | the seat coming back | `Reentered` | None |
| decline | the seat staying out | `Declined` | None |
| game_end | winner | `GameEnded` | None |

The shared events (engine/events.py) are told in shared words: `Dealt`, `Taken` and
`GameEnded` add Ramino's own fields to them.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import events as shared
from ..events import Discarded as Discarded  # the shared events Ramino tells as they are
from ..events import Drew as Drew
from ..events import Rebuilt as Rebuilt
from ..game import DrawnCard as DrawnCard  # the draw's private payload is every game's
from .views import HandReport


@dataclass(frozen=True, slots=True)
class Dealt(shared.Dealt):
    """A new hand (its number, who dealt), the order dealt to (the first player first)."""

    order: tuple[int, ...]
    upcard: str
    stock: int


@dataclass(frozen=True, slots=True)
class Taken(shared.Took):
    """A seat took the top card of the pile (the upcard on the first turn)."""

    upcard: bool


@dataclass(frozen=True, slots=True)
class Closed:
    """A seat closed, discarding this card (None: at once, before taking the upcard)."""

    card: str | None


@dataclass(frozen=True, slots=True)
class ReentryOffered:
    """Seats eliminated by the last hand may come back with this total."""

    seats: tuple[int, ...]
    total: int


@dataclass(frozen=True, slots=True)
class Reentered:
    """A seat came back into the game with this total."""

    total: int


@dataclass(frozen=True, slots=True)
class Declined:
    """A seat refused the re-entry (or let its time run out) and is out for good."""


@dataclass(frozen=True, slots=True)
class GameEnded(shared.GameEnded):
    """The game is over: its winner, the totals, and what each loser owes at the stake."""

    owed: tuple[int, ...]


RaminoPayload = (Dealt | Rebuilt | Drew | Taken | Discarded | Closed | HandReport
                 | ReentryOffered | Reentered | Declined | GameEnded)
