"""What the players may see of a Canasta game: the public table, one seat's hand, a hand's end.

Cards are given as text ("10H", "JK"). `CanastaTable` holds no card of any hand (card counts
only); `CanastaHand` adds one seat's own cards and legal actions (typed, and as texts) by
holding the table, so a function publishing a table cannot be handed a hand by mistake, and
partners do not see each other's cards. Per-seat and per-side figures are tuples in seat or
side order. Only `HandReport` (the last hand's result, every hand laid open) is kept in a
snapshot.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass
from typing import Any

from ..cards import rank_text
from ..events import HandEnded
from ..table import TableMeld
from .actions import CanastaAction
from .melds import canasta_kind, is_wild
from .options import CanastaOptions

Cards = tuple[str, ...]


def texts(cards: Iterable[Any]) -> Cards:
    """Return the cards' texts."""
    return tuple(str(c) for c in cards)


def rank_name(rank: int) -> str:
    """Return how a meld's rank prints: A, 4 … K, 2 (twos), JK (jokers), 3 (black threes)."""
    return "JK" if rank == 0 else rank_text(rank)


@dataclass(frozen=True, slots=True)
class MeldView:
    """A meld on the table: id, side, rank, cards, wild count and canasta state ("" if none:
    clean, dirty, clean_pinellata, dirty_pinellata, toro)."""

    id: str
    side: int
    rank: str
    cards: Cards
    wilds: int
    canasta: str
    by: tuple[int, ...]

    @classmethod
    def of(cls, meld: TableMeld) -> MeldView:
        """Return the meld as it lies now."""
        cards = meld.cards
        return cls(meld.id, meld.owner, rank_name(meld.rank), texts(cards),
                   sum(is_wild(c, meld.rank) for c in cards), canasta_kind(meld.rank, cards),
                   tuple(e.by for e in meld.entries))


def melds_of(melds: Iterable[TableMeld]) -> tuple[MeldView, ...]:
    """Return the views of table melds."""
    return tuple(MeldView.of(m) for m in melds)


@dataclass(frozen=True, slots=True)
class SideView:
    """One side as everybody sees it: seats, melds (table order), red threes, opened, the
    opening minimum of this hand, the total."""

    side: int
    seats: tuple[int, ...]
    melds: tuple[MeldView, ...]
    red_threes: Cards
    opened: bool
    minimum: int
    total: int


@dataclass(frozen=True, slots=True)
class CanastaTable:
    """Everything every player may see."""

    game: str
    version: int
    players: int
    hand_no: int
    dealer: int
    turn: int | None
    phase: str
    stock: int
    pile_top: str | None
    pile: int
    frozen: bool  # a three on top: the pile cannot be taken now
    sides: tuple[SideView, ...]
    cards: tuple[int, ...]  # how many cards each seat holds
    options: CanastaOptions
    last_result: HandReport | None
    # the hand's public history, by seat: the pile cards seen going into the hand and not
    # shown leaving it, and the cards thrown or left on the pile since its last take
    known: tuple[Cards, ...] = ()
    shunned: tuple[Cards, ...] = ()


@dataclass(frozen=True, slots=True)
class CanastaHand:
    """One seat's view: the table, his own cards, the actions legal for him now (`moves`,
    and their texts) and, before his draw, the new melds and additions his hand would make
    once he has drawn (`after_draw`: the hand he holds now, which the draw only adds to)."""

    table: CanastaTable
    seat: int
    hand: Cards
    actions: tuple[str, ...]
    moves: tuple[CanastaAction, ...] = ()
    after_draw: tuple[CanastaAction, ...] = ()


@dataclass(frozen=True, slots=True)
class SideReport:
    """A side's hand score, M + C + R + G − P, with each hand laid open."""

    side: int
    melds: int  # M
    canastas: int  # C
    red_threes: int  # R (negative without a meld)
    going_out: int  # G
    penalty: int  # P (doubled without a canasta)
    score: int
    hands: tuple[Cards, ...]  # the cards left in each of the side's seats' hands


@dataclass(frozen=True, slots=True)
class HandReport(HandEnded):
    """The end of a hand: why (out, exhausted, stuck), who went out, each side's score, the
    melds and red threes it was scored on, the totals after it and the sides tied for the
    lead at the target (they play on)."""

    reason: str
    out: int | None
    sides: tuple[SideReport, ...]
    melds: tuple[MeldView, ...]
    red_threes: tuple[int, ...]
    totals: tuple[int, ...]
    tied: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        """Return the snapshot's form."""
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> HandReport:
        """Rebuild from to_dict()."""
        sides = tuple(SideReport(**{**s, "hands": tuple(texts(h) for h in s["hands"])})
                      for s in d["sides"])
        melds = tuple(MeldView(**{**m, "cards": texts(m["cards"]), "by": ints(m["by"])})
                      for m in d["melds"])
        out = d["out"]
        return cls(int(d["hand_no"]), str(d["reason"]), None if out is None else int(out),
                   sides, melds, ints(d["red_threes"]), ints(d["totals"]), ints(d["tied"]))


def ints(values: Iterable[Any]) -> tuple[int, ...]:
    """Return the values as ints."""
    return tuple(int(v) for v in values)
