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
"""

from __future__ import annotations

from dataclasses import dataclass

from .views import Cards, HandReport, MeldView


@dataclass(frozen=True, slots=True)
class Dealt:
    """A new hand: the dealer, the first player, the turned card, the pile and stock sizes,
    the red threes each side set aside and each side's opening minimum."""

    dealer: int
    hand_no: int
    first: int
    turned: str
    pile: int
    stock: int
    red_threes: tuple[int, ...]
    minimums: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class StockDrawn:
    """A seat drew from the stock: the red threes that went to the area, the stock left."""

    count: int
    red_threes: Cards
    stock: int


@dataclass(frozen=True, slots=True)
class Drawn:
    """The cards drawn from the stock, for the drawer only."""

    cards: Cards


@dataclass(frozen=True, slots=True)
class PileCards:
    """The pile's cards that went into the taker's hand, for him only (some lay face down)."""

    cards: Cards


@dataclass(frozen=True, slots=True)
class Opened:
    """A seat opened his side with these melds (worth `points`), then drew."""

    melds: tuple[MeldView, ...]
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
class Melded:
    """A seat put a new meld on the table."""

    meld: MeldView


@dataclass(frozen=True, slots=True)
class Added:
    """A seat added cards to a meld; the meld as it lies now."""

    cards: Cards
    meld: MeldView


@dataclass(frozen=True, slots=True)
class Discarded:
    """A seat threw a card on the pile (`last`: his last card, he went out)."""

    card: str
    last: bool


@dataclass(frozen=True, slots=True)
class GameEnded:
    """The game is over: the winning side and the totals."""

    winner: int
    totals: tuple[int, ...]


CanastaPayload = (Dealt | StockDrawn | Opened | PileTaken | Melded | Added | Discarded
                  | HandReport | GameEnded)
