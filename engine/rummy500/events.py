"""The payloads of Rummy 500's events, one frozen dataclass per kind of event.

An `engine.game.Event` carries the kind and the seat for the host; its `public` payload is one
of these classes (shown to all), and its `private` payload is a `DrawnCard` for a stock draw
(shown to the drawer only) or None. A hand's end carries its `HandReport` (engine/rummy500/
views.py): once a hand is over, every hand is laid open.

| kind | seat | public | private |
|---|---|---|---|
| special | dealer | `SpecialNamed` | None |
| deal | None | `Dealt` | None |
| draw | drawer | `Drew` | `DrawnCard` |
| take | taker | `Taken` | None |
| decline | decliner | `Declined` | None |
| reuse | decliner | `Reused` | None |
| meld | melder | `Melded` | None |
| layoff | layer | `LaidOff` | None |
| empty_hand | seat left without cards | `EmptyHand` | None |
| discard | discarder | `Discarded` | None |
| rummy_announce | None | `Announced` | None |
| claims_closed | None | `ClaimsClosed` | None |
| claim | claimer | `Claimed` | None |
| hand_end | the seat who went out, or None | `HandReport` | None |
| game_end | winner | `GameEnded` | None |

The shared events (engine/events.py) are told in shared words: `Dealt`, `Taken`, `Discarded`
and `GameEnded` add Rummy 500's own fields to them.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import events as shared
from ..events import Drew as Drew  # the shared events Rummy 500 tells as they are
from ..events import Melded as Melded
from ..game import DrawnCard as DrawnCard  # the draw's private payload is every game's
from ..table import LaidOff as LaidOff  # the lay-off is shared with Mahjong gin
from .views import Cards, HandReport, MeldView


@dataclass(frozen=True, slots=True)
class SpecialNamed:
    """The dealer named this hand's special card (None: no special card)."""

    card: str | None


@dataclass(frozen=True, slots=True)
class Dealt(shared.Dealt):
    """A new hand (its number, who dealt), the play order, the upcard pile and the stock."""

    order: tuple[int, ...]  # the seats dealt to, from the dealer's left
    pile: Cards
    stock: int
    special_card: str | None


@dataclass(frozen=True, slots=True)
class Taken(shared.Took):
    """A seat took the pile from position k up (the `cards`), putting down these new melds."""

    k: int
    melds: tuple[MeldView, ...]
    free: bool  # top_card_free: the top card joined the hand with no meld


@dataclass(frozen=True, slots=True)
class Declined:
    """A seat declined the pile with the stock empty (auto: the engine did, nothing to take)."""

    auto: bool


@dataclass(frozen=True, slots=True)
class Reused:
    """The pile was turned over as the new stock."""

    stock: int
    reuses: int  # times this hand


@dataclass(frozen=True, slots=True)
class EmptyHand:
    """A seat's play emptied the hand: the turn ends with no discard (seed_redraw)."""


@dataclass(frozen=True, slots=True)
class Discarded(shared.Discarded):
    """A seat threw a card on the pile, opening a "Rummy!" window on it or not."""

    claim_window: bool


@dataclass(frozen=True, slots=True)
class Announced:
    """Under rummy_call=announce: the discard fits these melds."""

    card: str
    fits: Cards  # meld ids


@dataclass(frozen=True, slots=True)
class ClaimsClosed:
    """The "Rummy!" window closed, and what closed it (a draw, a take, a claim, the timer …)."""

    card: str | None
    by: str


@dataclass(frozen=True, slots=True)
class Claimed:
    """A seat won the discard with "Rummy!" and laid it on a table meld."""

    claimer: int
    card: str
    meld: str
    end: str | None
    points: int
    discarder: int | None


@dataclass(frozen=True, slots=True)
class GameEnded(shared.GameEnded):
    """The game is over: its winner, the totals and the closings."""

    closings: tuple[int, ...]


R500Payload = (SpecialNamed | Dealt | Drew | Taken | Declined | Reused | Melded[MeldView] | LaidOff
               | EmptyHand | Discarded | Announced | ClaimsClosed | Claimed | HandReport
               | GameEnded)
