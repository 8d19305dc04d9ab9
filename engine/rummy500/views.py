"""What the players may see of a Rummy 500 game: the public table, one seat's hand, a hand's end.

Cards are given as text ("10H"), as the renderers, the computer player and JSON read them.
`R500Table` holds no hand: it is what everybody may see. `R500Hand` adds one seat's own cards
and moves to the table, by holding it rather than extending it, so a function that publishes
an `R500Table` cannot be handed a seat's hand by mistake. Its moves are the engine's own action
objects (their texts only on demand). Per-seat figures are tuples in seat order. `HandReport`
is the only view kept in a snapshot (the last hand's result), in the dict form the live bot
has always saved.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..events import HandEnded
from ..table import MeldView as MeldView
from ..table import Placed as Placed
from ..table import melds_of as melds_of
from .actions import ClaimRummy, Rummy500Action
from .options import Rummy500Options

Cards = tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat as everybody sees it: how many cards it holds, its scores, whether it is out."""

    seat: int
    cards: int
    opened: bool
    total: int
    hand_points: int  # melded + laid off this hand (what is held counts only at the end)
    eliminated: bool
    closings: int


@dataclass(frozen=True, slots=True)
class ClaimWindow:
    """The "Rummy!" window on the last discard."""

    open: bool
    card: str | None
    discarder: int | None
    fits: Cards | None  # the melds the card fits, said aloud under rummy_call=announce only


@dataclass(frozen=True, slots=True)
class SeatReport:
    """One seat's hand once it is over: what it melded, laid off, held (revealed), and the net."""

    seat: int
    melded: int
    laid_off: int
    in_hand: int
    hand: Cards

    @property
    def hand_score(self) -> int:
        """Return melded + laid off − held."""
        return self.melded + self.laid_off - self.in_hand

    def to_dict(self) -> dict[str, Any]:
        """Return the snapshot's form."""
        return {"seat": self.seat, "melded": self.melded, "laid_off": self.laid_off,
                "in_hand": self.in_hand, "hand": list(self.hand), "hand_score": self.hand_score}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> SeatReport:
        """Rebuild from to_dict()."""
        return cls(int(d["seat"]), int(d["melded"]), int(d["laid_off"]), int(d["in_hand"]),
                   tuple(str(c) for c in d["hand"]))


@dataclass(frozen=True, slots=True)
class HandReport(HandEnded):
    """How a hand ended: who went out, every seat's score with its hand laid open, the totals."""

    reason: str  # "out" (a seat went out) | "stock" (the stock ran out)
    out: int | None
    seats: tuple[SeatReport, ...]  # the seats still in the game
    totals: tuple[int, ...]
    eliminated: tuple[int, ...]  # the seats this hand put out of the game
    closings: tuple[int, ...]
    melds: tuple[MeldView, ...]
    tied: tuple[int, ...] = ()  # seats tied for the lead past the target: another hand follows

    def to_dict(self) -> dict[str, Any]:
        """Return the snapshot's form (the game saves its last hand's result)."""
        data = {"hand_no": self.hand_no, "reason": self.reason, "out": self.out,
                "seats": [s.to_dict() for s in self.seats], "totals": list(self.totals),
                "eliminated": list(self.eliminated), "closings": list(self.closings),
                "melds": [m.to_dict() for m in self.melds]}
        if self.tied:  # only then: snapshots saved before ties were told stay the same
            data["tied"] = list(self.tied)
        return data

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> HandReport:
        """Rebuild from to_dict()."""
        out = d["out"]
        return cls(int(d["hand_no"]), str(d["reason"]), None if out is None else int(out),
                   tuple(SeatReport.from_dict(s) for s in d["seats"]), _ints(d["totals"]),
                   _ints(d["eliminated"]), _ints(d["closings"]),
                   tuple(MeldView.from_dict(m) for m in d["melds"]), _ints(d.get("tied", ())))


@dataclass(frozen=True, slots=True)
class R500Table:
    """Everything every player may see: no card of any hand, only the table and the pile."""

    game: str
    version: int
    players: int
    hand_no: int
    dealer: int
    turn: int | None  # None once the game is over
    phase: str  # "special" | "draw" | "play" | "over"
    stock: int  # cards left in the stock
    pile: Cards  # the discard pile, bottom first
    melds: tuple[MeldView, ...]
    seats: tuple[SeatView, ...]
    claim: ClaimWindow
    options: Rummy500Options
    special_card: str | None  # this hand's special card
    reuses: int  # times the pile has been turned into a new stock this hand
    winner: int | None
    totals: tuple[int, ...]
    eliminated: tuple[int, ...]
    last_result: HandReport | None


@dataclass(frozen=True, slots=True)
class R500Hand:
    """What one seat may see: the table, its own hand and the moves it may make now."""

    table: R500Table
    seat: int
    hand: Cards
    free_card: str | None  # the free top card just taken, which may not be thrown back
    moves: tuple[Rummy500Action, ...]  # each legal action, as the engine's own object
    claim_moves: tuple[ClaimRummy, ...]  # each "Rummy!" claim it may make now

    @property
    def legal(self) -> tuple[str, ...]:
        """Return the text of each legal action (as a player would type it)."""
        return tuple(str(a) for a in self.moves)

    @property
    def claims(self) -> tuple[str, ...]:
        """Return the text of each "Rummy!" claim the seat may make now."""
        return tuple(str(a) for a in self.claim_moves)


def _ints(values: Iterable[Any]) -> tuple[int, ...]:
    return tuple(int(v) for v in values)
