"""The payloads of Canasta's events, one frozen dataclass per kind of event.

An `engine.game.Event` carries the kind and the seat; its `public` payload is one of these
(shown to all) and its `private` payload a `Drawn` for a stock draw, or `PileCards` for a pile
take (the drawer or taker only), or None.

| kind | seat | public | private |
|---|---|---|---|
| deal | None | `Dealt` | None |
| draw | drawer | `StockDrawn` | `Drawn` |
| open | opener | `Opened` | `Drawn` |
| take | taker | `PileTaken` | `PileCards` |
| meld | melder | `Melded` | None |
| add | adder | `Added` | None |
| discard | discarder | `Discarded` | None |
| hand_end | the seat out, or None | `HandReport` | None |
| game_end | None | `GameEnded` | None |

The shared events (engine/events.py) are told in shared words: `Dealt`, `StockDrawn`, `Opened`
and `Discarded` add Canasta's own fields to them. Taking the pile and adding to a side's meld
are Canasta's own.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import events as shared
from ..events import GameEnded as GameEnded  # the shared events Canasta tells as they are
from ..events import Melded as Melded
from .views import Cards, HandReport, MeldView


@dataclass(frozen=True, slots=True)
class Dealt(shared.Dealt):
    """A new hand (its number, the dealer): the first player, the turned card, the pile and
    stock sizes, the red threes each side set aside and each side's opening minimum."""

    first: int
    turned: str
    pile: int
    stock: int
    red_threes: tuple[int, ...]
    minimums: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class StockDrawn(shared.Drew):
    """A seat drew from the stock, and the red threes that went to the area."""

    red_threes: Cards = ()


@dataclass(frozen=True, slots=True)
class Drawn:
    """The cards drawn from the stock, for the drawer only."""

    cards: Cards


@dataclass(frozen=True, slots=True)
class PileCards:
    """The pile's cards that went into the taker's hand, for him only (some lay face down)."""

    cards: Cards


@dataclass(frozen=True, slots=True)
class Opened(shared.Melded[MeldView]):
    """A seat opened his side with these melds (worth `points`), then drew."""

    points: int
    red_threes: Cards
    stock: int


@dataclass(frozen=True, slots=True)
class PileTaken:
    """A seat took the pile: the melds made or grown, how many cards went to the hand, the red
    threes found in it; `opening` when the take opened the side."""

    melds: tuple[MeldView, ...]
    cards: int
    red_threes: Cards
    opening: bool


@dataclass(frozen=True, slots=True)
class Added:
    """A seat added cards to a meld; the meld as it lies now."""

    cards: Cards
    meld: MeldView


@dataclass(frozen=True, slots=True)
class Discarded(shared.Discarded):
    """A seat threw a card on the pile (`last`: his last card, he went out)."""

    last: bool


CanastaPayload = (Dealt | StockDrawn | Opened | PileTaken | Melded[MeldView] | Added | Discarded
                  | HandReport | GameEnded)
