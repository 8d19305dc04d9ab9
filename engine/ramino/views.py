"""What the players may see of a Ramino game: the public table, one seat's hand, a hand's end.

Cards are given as text ("10H", "JK"), as renderers, the computer player and JSON read them.
`RaminoTable` holds no card of any hand; `RaminoHand` adds one seat's own cards, moves and
best arrangement by holding the table rather than extending it, so a function publishing a
table cannot be handed a hand by mistake. Per-seat figures are tuples in seat order. Only
`HandReport` (the last hand's result, every hand laid open) is kept in a snapshot.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..events import HandEnded
from .actions import RaminoAction
from .options import RaminoOptions
from .penalty import Arrangement

Cards = tuple[str, ...]


def texts(cards: Iterable[Any]) -> Cards:
    """Return the cards' texts."""
    return tuple(str(c) for c in cards)


@dataclass(frozen=True, slots=True)
class ArrangementView:
    """A hand judged: its combinations, its unmatched cards, their value and the hand's shape."""

    combos: tuple[Cards, ...]
    unmatched: Cards
    penalty: int
    shape: str  # "ramino" | "colore" | "plain"

    @classmethod
    def of(cls, arrangement: Arrangement) -> ArrangementView:
        """Return the view of the solver's arrangement."""
        return cls(tuple(texts(c) for c in arrangement.combos), texts(arrangement.unmatched),
                   arrangement.penalty, arrangement.shape)

    def to_dict(self) -> dict[str, Any]:
        """Return the snapshot's form."""
        return {"combos": [list(c) for c in self.combos], "unmatched": list(self.unmatched),
                "penalty": self.penalty, "shape": self.shape}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> ArrangementView:
        """Rebuild from to_dict()."""
        return cls(tuple(texts(c) for c in d["combos"]), texts(d["unmatched"]),
                   int(d["penalty"]), str(d["shape"]))


class Thrown(NamedTuple):
    """A card of the discard pile and who threw it (None: the upcard of the deal)."""

    card: str
    by: int | None


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat as everybody sees it: its card count, score, and place in the game."""

    seat: int
    cards: int
    total: int  # penalty points (elimination) or chips (chips game)
    to_limit: int | None  # points left before elimination (None in the chips game)
    eliminated: bool
    reentries: int  # re-entries used

    @property
    def reentered(self) -> bool:
        """Whether the seat has come back into the game after an elimination."""
        return self.reentries > 0


@dataclass(frozen=True, slots=True)
class ReentryView:
    """The re-entry offer open after a hand: who was offered it, who must still answer."""

    offered: tuple[int, ...]
    waiting: tuple[int, ...]
    total: int  # the total a seat re-enters with


@dataclass(frozen=True, slots=True)
class SeatReport:
    """One seat at a hand's end: its cards laid open, their arrangement and what it scored."""

    seat: int
    hand: Cards  # the closer's kept cards (his discard is HandReport.discard)
    arrangement: ArrangementView
    multiplier: int  # applied to this seat's penalty (1 for the closer)
    points: int  # added to his total: a charge, or chips won or lost in the chips game

    def to_dict(self) -> dict[str, Any]:
        """Return the snapshot's form."""
        return {"seat": self.seat, "hand": list(self.hand),
                "arrangement": self.arrangement.to_dict(), "multiplier": self.multiplier,
                "points": self.points}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> SeatReport:
        """Rebuild from to_dict()."""
        return cls(int(d["seat"]), texts(d["hand"]), ArrangementView.from_dict(d["arrangement"]),
                   int(d["multiplier"]), int(d["points"]))


@dataclass(frozen=True, slots=True)
class HandReport(HandEnded):
    """How a hand ended: the close (or void), every hand laid open, totals, who went out."""

    reason: str  # "close" | "void" (the stock could not be rebuilt)
    closer: int | None
    discard: str | None  # the closer's discard (None: immediate close, or a void hand)
    multiplier: int  # ramino or colore multiplier of the close (1 otherwise)
    seats: tuple[SeatReport, ...]  # the seats that played the hand (none in a void hand)
    points: tuple[int, ...]  # added to each seat's total
    totals: tuple[int, ...]
    eliminated: tuple[int, ...]  # the seats this hand put out of the game
    offered: tuple[int, ...]  # those of them offered re-entry
    offer_total: int | None  # the total they may re-enter with
    tied: tuple[int, ...] = ()  # chips game: seats sharing the most chips play on

    @property
    def void(self) -> bool:
        """Whether the hand ended void (nobody charged)."""
        return self.reason == "void"

    def to_dict(self) -> dict[str, Any]:
        """Return the snapshot's form (the game saves its last hand's result)."""
        return {"hand_no": self.hand_no, "reason": self.reason, "closer": self.closer,
                "discard": self.discard, "multiplier": self.multiplier,
                "seats": [s.to_dict() for s in self.seats], "points": list(self.points),
                "totals": list(self.totals), "eliminated": list(self.eliminated),
                "offered": list(self.offered), "offer_total": self.offer_total,
                "tied": list(self.tied)}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> HandReport:
        """Rebuild from to_dict()."""
        return cls(int(d["hand_no"]), str(d["reason"]), _int(d["closer"]), _str(d["discard"]),
                   int(d["multiplier"]), tuple(SeatReport.from_dict(s) for s in d["seats"]),
                   ints(d["points"]), ints(d["totals"]), ints(d["eliminated"]),
                   ints(d["offered"]), _int(d["offer_total"]), ints(d["tied"]))


@dataclass(frozen=True, slots=True)
class RaminoTable:
    """Everything every player may see: no card of any hand, only counts, the pile and scores."""

    game: str
    version: int
    players: int
    hand_no: int
    dealer: int
    direction: str  # "forward" | "reverse"
    phase: str  # "first" | "draw" | "discard" | "reentry" | "over"
    turn: int | None  # the seat playing a turn (None while re-entry is answered, or over)
    to_act: tuple[int, ...]  # the seats the game waits for
    stock: int
    pile: int  # cards in the discard pile
    discards: tuple[Thrown, ...]  # the top of the pile, bottom first (the last one on top)
    rebuilds: int  # times the stock was rebuilt this hand
    seats: tuple[SeatView, ...]
    reentry: ReentryView | None
    hands_played: int  # void hands included
    options: RaminoOptions
    winner: int | None
    owed: tuple[int, ...]  # at the end: stake × final total for each loser (display only)
    last_result: HandReport | None
    # the hand's public history, by seat: the pile cards seen going into the hand and not
    # thrown since, and the cards it threw or left on the pile since its last take
    known: tuple[Cards, ...] = ()
    shunned: tuple[Cards, ...] = ()

    @property
    def top(self) -> str | None:
        """Return the top card of the pile, if any."""
        return self.discards[-1].card if self.discards else None

    @property
    def totals(self) -> tuple[int, ...]:
        """Return each seat's total."""
        return tuple(s.total for s in self.seats)


@dataclass(frozen=True, slots=True)
class RaminoHand:
    """What one seat may see: the table, its own cards, its moves and its best arrangement."""

    table: RaminoTable
    seat: int
    hand: Cards
    moves: tuple[RaminoAction, ...]  # each legal action, the engine's own object (cards by face)
    taken: str | None  # the card taken from the pile this turn (it and its twin stay)
    drawn: str | None  # the card drawn from the stock this turn
    arrangement: ArrangementView  # the solver's best arrangement of the hand as it is

    @property
    def legal(self) -> tuple[str, ...]:
        """Return the text of each legal action (as a player would type it)."""
        return tuple(str(a) for a in self.moves)


def ints(values: Iterable[Any]) -> tuple[int, ...]:
    """Return the values as ints."""
    return tuple(int(v) for v in values)


def _int(value: Any) -> int | None:
    return None if value is None else int(value)


def _str(value: Any) -> str | None:
    return None if value is None else str(value)
