"""What the players may see of a Ramino 51 game: the public table, one seat's hand, a hand's end.

Cards are given as text ("10H", "JK"), a joker on the table with the card it stands for.
`R51Table` holds no card of any hand; `R51Hand` adds one seat's own cards, moves and best
melds by holding the table rather than extending it, so a function publishing a table cannot
be handed a hand by mistake. A hand carries its legal actions as objects (`moves`) beside
their texts (`legal`), and what each meld they name is worth for the opening (`values`),
so menus need neither parse nor judge a move. Per-seat figures are tuples in seat order.
Only `HandReport` (the last hand's result, every hand laid open) is kept in a snapshot.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..cards import Card
from ..events import HandEnded
from ..table import TableMeld
from .actions import Group, Placed, Ramino51Action
from .options import Ramino51Options

Cards = tuple[str, ...]


def texts(cards: Iterable[Any]) -> Cards:
    """Return the cards' texts."""
    return tuple(str(c) for c in cards)


def ints(values: Iterable[Any]) -> tuple[int, ...]:
    """Return the values as ints."""
    return tuple(int(v) for v in values)


# Views are built at every version: the few distinct cards of melds are made once.
_PLACED: dict[tuple[str, str | None], tuple[Placed, str]] = {}


def placed(card: Card, stands_for: Card | None = None) -> tuple[Placed, str]:
    """Return a card of a meld as actions name it (pack 0: a view never tells which copy is
    which), a joker with the card it stands for, and its text ("JK=8H")."""
    key = card.text, None if stands_for is None else stands_for.text
    found = _PLACED.get(key)
    if found is None:
        as_ = None if key[1] is None else Card.parse(key[1])
        made = Placed(Card.parse(key[0]), as_)
        found = _PLACED[key] = made, str(made)
    return found


@dataclass(frozen=True, slots=True)
class MeldView:
    """A meld on the table: id, owner, kind, cards in table order and what each joker stands for.

    `placed` holds each card as an action names it, a joker with the card it stands for
    (`Placed.as_`, None for a set's joker); `declared` is its text, one per card: "7H", or
    "JK=8H" for a joker (as actions write it). `by` says who placed each card.
    """

    id: str
    owner: int
    kind: str  # "set" | "run"
    cards: Cards
    declared: Cards
    by: tuple[int, ...]
    placed: tuple[Placed, ...] = field(compare=False)  # `declared`'s cards, typed

    @classmethod
    def made(cls, mid: str, owner: int, kind: str, cards: Iterable[tuple[Placed, str]],
             by: Iterable[int]) -> MeldView:
        """Return the view of a meld of these cards (each with its text, see `placed`)."""
        pairs = tuple(cards)
        return cls(mid, owner, kind, tuple(p.card.text for p, _ in pairs),
                   tuple(text for _, text in pairs), tuple(by), tuple(p for p, _ in pairs))

    @classmethod
    def of(cls, meld: TableMeld) -> MeldView:
        """Return the meld as it lies now (later lay-offs and swaps do not change this view)."""
        return cls.made(meld.id, meld.owner, meld.kind,
                        (placed(e.card, e.stands_for) for e in meld.entries),
                        (e.by for e in meld.entries))

    def to_dict(self) -> dict[str, Any]:
        """Return the snapshot's form (a hand's result keeps its melds)."""
        return {"id": self.id, "owner": self.owner, "kind": self.kind,
                "declared": list(self.declared), "by": list(self.by)}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> MeldView:
        """Rebuild from to_dict()."""
        cards = (Placed.parse(str(c)) for c in d["declared"])
        return cls.made(str(d["id"]), int(d["owner"]), str(d["kind"]),
                        (placed(p.card, p.as_) for p in cards), ints(d["by"]))


def melds_of(melds: Iterable[TableMeld]) -> tuple[MeldView, ...]:
    """Return the views of table melds."""
    return tuple(MeldView.of(m) for m in melds)


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat as everybody sees it: its card count, whether it has opened, its total."""

    seat: int
    cards: int
    opened: bool
    total: int
    swapped: bool  # has swapped the exchange card this hand


@dataclass(frozen=True, slots=True)
class SeatReport:
    """One seat at a hand's end: its cards laid open, whether it had opened, its charge."""

    seat: int
    hand: Cards
    opened: bool
    value: int  # the penalty value of the cards held
    charge: int  # what the hand adds to the seat's total

    def to_dict(self) -> dict[str, Any]:
        """Return the snapshot's form."""
        return {"seat": self.seat, "hand": list(self.hand), "opened": self.opened,
                "value": self.value, "charge": self.charge}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> SeatReport:
        """Rebuild from to_dict()."""
        return cls(int(d["seat"]), texts(d["hand"]), bool(d["opened"]), int(d["value"]),
                   int(d["charge"]))


@dataclass(frozen=True, slots=True)
class HandReport(HandEnded):
    """How a hand ended: who closed (None: void) and how, every hand revealed, the charges."""

    reason: str  # "out" (went out) | "in_hand" (closed in hand) | "void" (stock exhausted)
    closer: int | None
    discard: str | None  # the closer's last card
    multiplier: int
    seats: tuple[SeatReport, ...]
    charges: tuple[int, ...]
    totals: tuple[int, ...]
    melds: tuple[MeldView, ...]
    tied: tuple[int, ...] = ()  # seats sharing the lowest total at the end: another hand

    @property
    def closed_in_hand(self) -> bool:
        """Whether the closer closed in hand (charges multiplied)."""
        return self.reason == "in_hand"

    @property
    def void(self) -> bool:
        """Whether the hand ended void (nobody charged)."""
        return self.reason == "void"

    def to_dict(self) -> dict[str, Any]:
        """Return the snapshot's form (the game saves its last hand's result)."""
        return {"hand_no": self.hand_no, "reason": self.reason, "closer": self.closer,
                "discard": self.discard, "multiplier": self.multiplier,
                "seats": [s.to_dict() for s in self.seats], "charges": list(self.charges),
                "totals": list(self.totals), "melds": [m.to_dict() for m in self.melds],
                "tied": list(self.tied)}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> HandReport:
        """Rebuild from to_dict()."""
        closer, discard = d["closer"], d["discard"]
        return cls(int(d["hand_no"]), str(d["reason"]), None if closer is None else int(closer),
                   None if discard is None else str(discard), int(d["multiplier"]),
                   tuple(SeatReport.from_dict(s) for s in d["seats"]), ints(d["charges"]),
                   ints(d["totals"]), tuple(MeldView.from_dict(m) for m in d["melds"]),
                   ints(d["tied"]))


@dataclass(frozen=True, slots=True)
class R51Table:
    """Everything every player may see: no card of any hand."""

    game: str
    version: int
    players: int
    hand_no: int
    hands_per_game: int
    dealer: int
    starter: int
    direction: str
    turn: int | None  # None once the game is over
    phase: str  # "draw" | "play" | "over"
    step: str  # this turn's step: "draw" | "first" (the starter's, no draw) | "play" | "over"
    stock: int  # cards left in the stock
    pile_top: str | None
    pile: int  # cards in the discard pile
    exchange: str | None  # the exchange card, face up
    rebuilds: int
    draw_voids: bool  # the stock is empty and cannot be rebuilt: a draw ends the hand void
    melds: tuple[MeldView, ...]
    seats: tuple[SeatView, ...]
    totals: tuple[int, ...]
    options: Ramino51Options
    last_result: HandReport | None
    pile_cards: tuple[str, ...]  # the pile, bottom to top: every card was shown thrown


@dataclass(frozen=True, slots=True)
class BestMelds:
    """The melds a hand could put down now and what they are worth for the opening."""

    groups: tuple[Group, ...]  # each meld as actions name it (a run's joker with its card)
    value: int
    minimum: int  # the opening minimum (0 once opened)

    @classmethod
    def of(cls, groups: Iterable[Group], value: int, minimum: int) -> BestMelds:
        """Return the best melds of these groups of a hand (its copies named as actions do)."""
        return cls(tuple(tuple(placed(p.card, p.as_)[0] for p in g) for g in groups), value,
                   minimum)

    @property
    def melds(self) -> tuple[Cards, ...]:
        """Each meld as actions write it ("JK=6D" for a run's joker)."""
        return tuple(tuple(str(p) for p in g) for g in self.groups)


@dataclass(frozen=True, slots=True)
class R51Hand:
    """What one seat may see: the table, its own cards, its moves, its best melds."""

    table: R51Table
    seat: int
    hand: Cards
    legal: tuple[str, ...]  # the text of each legal action
    taken: str | None  # the card taken from the pile this turn (not to be thrown back)
    may_swap: bool  # may still swap the exchange card this turn
    best: BestMelds
    close: str | None  # a close in hand the engine found (its action text), if any
    moves: tuple[Ramino51Action, ...] = ()  # the legal actions themselves, as `legal` writes them
    values: tuple[tuple[Group, int], ...] = ()  # each meld the moves list, and its value
