"""The payloads of Ramino 51's events, one frozen dataclass per kind of event.

An `engine.game.Event` carries the kind and the seat for the host; its `public` payload is one
of these classes (shown to all) and its `private` payload a `DrawnCard` for a stock draw (the
drawer only) or None. A hand's end carries its `HandReport` (views.py): every hand laid open.

| kind | seat | public | private |
|---|---|---|---|
| deal | None | `Dealt` | None |
| exchange | swapper | `Exchanged` | None |
| rebuild | drawer | `Rebuilt` | None |
| draw | drawer | `StockDraw` | `DrawnCard` |
| take | taker | `Taken` | None |
| meld | melder | `Melded` | None |
| layoff | layer | `LaidOff` | None |
| swap | swapper | `JokerSwapped` | None |
| discard | discarder | `Discarded` | None |
| close | closer | `ClosedInHand` | None |
| hand_end | the closer, or None for a void hand | `HandReport` | None |
| game_end | the winner | `GameEnded` | None |
"""

from __future__ import annotations

from dataclasses import dataclass

from ..events import Rebuilt as Rebuilt  # the same rebuild of the stock as Ramino's
from ..game import DrawnCard as DrawnCard  # the draw's payloads are every game's
from ..game import StockDraw as StockDraw
from .views import HandReport, MeldView


@dataclass(frozen=True, slots=True)
class Dealt:
    """A new hand: its number, the dealer, the order dealt to (the starter first)."""

    dealer: int
    hand_no: int
    order: tuple[int, ...]
    exchange: str
    stock: int


@dataclass(frozen=True, slots=True)
class Exchanged:
    """A seat gave `given` for the exchange card `got` (both face up)."""

    given: str
    got: str


@dataclass(frozen=True, slots=True)
class Taken:
    """A seat took the top card of the discard pile."""

    card: str


@dataclass(frozen=True, slots=True)
class Melded:
    """A seat put new melds on the table; `opening` when they opened him (worth `points`)."""

    melds: tuple[MeldView, ...]
    points: int
    opening: bool


@dataclass(frozen=True, slots=True)
class LaidOff:
    """A seat added cards to a table meld; the meld as it lies now."""

    cards: tuple[str, ...]
    meld: MeldView


@dataclass(frozen=True, slots=True)
class JokerSwapped:
    """A seat retrieved a joker with natural cards and put it back at once (`used`)."""

    naturals: tuple[str, ...]
    meld: MeldView  # the meld the joker left, as it lies now
    used: MeldView  # the meld the joker went into (new, or laid off on)


@dataclass(frozen=True, slots=True)
class Discarded:
    """A seat threw a card on the pile (`last`: his last card, he went out)."""

    card: str
    last: bool


@dataclass(frozen=True, slots=True)
class ClosedInHand:
    """A seat closed in hand: the melds it made, the exchange card taken, the discard."""

    take_exchange: bool
    melds: tuple[MeldView, ...]  # every meld the close put down or changed, as it lies now
    discard: str


@dataclass(frozen=True, slots=True)
class GameEnded:
    """The game is over: the winner (the lowest total) and the totals."""

    winner: int
    totals: tuple[int, ...]


R51Payload = (Dealt | Exchanged | Rebuilt | StockDraw | Taken | Melded | LaidOff | JokerSwapped
              | Discarded | ClosedInHand | HandReport | GameEnded)
