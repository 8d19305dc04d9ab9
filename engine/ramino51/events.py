"""The payloads of Ramino 51's events, one frozen dataclass per kind of event.

An `engine.game.Event` carries the kind and the seat for the host; its `public` payload is one
of these classes (shown to all) and its `private` payload a `DrawnCard` for a stock draw (the
drawer only) or None. A hand's end carries its `HandReport` (views.py): every hand laid open.

| kind | seat | public | private |
|---|---|---|---|
| deal | None | `Dealt` | None |
| exchange | swapper | `Exchanged` | None |
| rebuild | drawer | `Rebuilt` | None |
| draw | drawer | `Drew` | `DrawnCard` |
| take | taker | `Took` | None |
| meld | melder | `Melded` | None |
| layoff | layer | `LaidOff` | None |
| swap | swapper | `JokerSwapped` | None |
| discard | discarder | `Discarded` | None |
| close | closer | `ClosedInHand` | None |
| hand_end | the closer, or None for a void hand | `HandReport` | None |
| game_end | the winner | `GameEnded` | None |

The shared events (engine/events.py) are told in shared words: `Dealt`, `Melded`, `LaidOff`
and `Discarded` add Ramino 51's own fields to them.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import events as shared
from ..events import Drew as Drew  # the shared events Ramino 51 tells as they are
from ..events import GameEnded as GameEnded
from ..events import Rebuilt as Rebuilt
from ..events import Took as Took
from ..game import DrawnCard as DrawnCard  # the draw's private payload is every game's
from .views import HandReport, MeldView


@dataclass(frozen=True, slots=True)
class Dealt(shared.Dealt):
    """A new hand (its number, the dealer), the order dealt to (the starter first)."""

    order: tuple[int, ...]
    exchange: str
    stock: int


@dataclass(frozen=True, slots=True)
class Exchanged:
    """A seat gave `given` for the exchange card `got` (both face up)."""

    given: str
    got: str


@dataclass(frozen=True, slots=True)
class Melded(shared.Melded[MeldView]):
    """A seat put new melds on the table; `opening` when they opened him (worth `points`)."""

    points: int
    opening: bool


@dataclass(frozen=True, slots=True)
class LaidOff(shared.LaidOff):
    """A seat added cards to a table meld (a joker as "JK=8H"); `result`: the meld as it
    lies now."""

    result: MeldView


@dataclass(frozen=True, slots=True)
class JokerSwapped:
    """A seat retrieved a joker with natural cards and put it back at once (`used`)."""

    naturals: tuple[str, ...]
    meld: MeldView  # the meld the joker left, as it lies now
    used: MeldView  # the meld the joker went into (new, or laid off on)


@dataclass(frozen=True, slots=True)
class Discarded(shared.Discarded):
    """A seat threw a card on the pile (`last`: his last card, he went out)."""

    last: bool


@dataclass(frozen=True, slots=True)
class ClosedInHand:
    """A seat closed in hand: the melds it made, the exchange card taken, the discard."""

    take_exchange: bool
    melds: tuple[MeldView, ...]  # every meld the close put down or changed, as it lies now
    discard: str


R51Payload = (Dealt | Exchanged | Rebuilt | Drew | Took | Melded | LaidOff | JokerSwapped
              | Discarded | ClosedInHand | HandReport | GameEnded)
