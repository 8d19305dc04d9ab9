"""Melds on the table, shared by the rummy games: ids, owners, credits and declared jokers.

A meld belongs to a side, its `owner`: one player, or a partnership (Canasta 0+2 v 1+3).
Games whose sides are single players (gin, Rummy 500) use the seat number as the side id,
so there side == seat. Every card on the table is an `Entry` that remembers the seat that
placed it (`by`), how ("meld", "layoff", "claim", …), the points that placement earned the
placer (0 where a game scores at the end instead) and, for a wild card, the card it stands
for. Melds are named A, B, C … Z, AA, AB … in the order they reach the table.

What fits where, what cards are worth and which melds are valid stay with each game
(engine/rummy500/table.py for Rummy 500): this module only keeps the table and its records.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from . import events
from .cards import Card
from .errors import IllegalMove, InvalidMeld, NoSuchMeld


def meld_id(index: int) -> str:
    """Return the id of the index-th meld of a hand: A … Z, then AA, AB …"""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def parse_meld_id(word: str) -> str:
    """Return the meld id a player typed (any case), or raise IllegalMove if it is none."""
    mid = word.upper()
    if not (word.isascii() and mid.isalpha() and len(mid) <= 3):
        raise IllegalMove(f"'{word}' is not a meld id")
    return mid


def _card_data(card: Card) -> dict[str, Any]:
    """Return the fields that name a card; the pack only where there are several."""
    return {"deck": card.deck} if card.deck else {}


@dataclass(slots=True)
class Entry:
    """One card on the table: who placed it, how, what it earned him, what a wild stands for."""

    card: Card
    by: int  # the seat that placed it (not the side: partners are credited apart)
    value: int = 0
    how: str = "meld"  # "meld" | "layoff" | "claim" | whatever else a game records
    stands_for: Card | None = None  # a declared wild: the card it plays as

    def to_dict(self) -> dict[str, Any]:
        """Return the entry as JSON-able data (keys for a pack or a wild only when needed)."""
        out: dict[str, Any] = {"card": self.card.text, "by": self.by, "value": self.value,
                               "how": self.how, **_card_data(self.card)}
        if self.stands_for is not None:
            out["as"] = self.stands_for.text
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Entry:
        """Rebuild an entry from to_dict()."""
        stands = data.get("as")
        return cls(Card.parse(str(data["card"]), int(data.get("deck", 0))), int(data["by"]),
                   int(data["value"]), str(data["how"]),
                   Card.parse(str(stands)) if stands else None)


@dataclass(slots=True)
class TableMeld:
    """A meld on the table, cards in table order, each credited to whoever placed it."""

    id: str
    owner: int  # a side id (the seat, where every side is one seat)
    kind: str  # "set" | "run" | "group" (a Canasta meld of one rank)
    suit: str = ""  # a run's suit
    rank: int = 0  # a set's or group's rank
    low: int = 0  # a run's first position (1 = low ace; a game may read 14 as high ace)
    entries: list[Entry] = field(default_factory=list)

    @property
    def high(self) -> int:
        """Return a run's last position."""
        return self.low + len(self.entries) - 1

    @property
    def cards(self) -> list[Card]:
        """Return the cards in table order."""
        return [e.card for e in self.entries]

    @property
    def points(self) -> int:
        """Return what the placements on this meld earned, all placers together."""
        return sum(e.value for e in self.entries)

    def place(self, entry: Entry, end: str) -> None:
        """Add a card at a run's "low" end, or after the last card (high end, sets, groups)."""
        if end == "low":
            self.entries.insert(0, entry)
            self.low -= 1
        else:
            self.entries.append(entry)

    def declared(self) -> str:
        """Print the cards with what each wild stands for, e.g. 5H JK(6H) 7H."""
        return " ".join(f"{e.card}({e.stands_for})" if e.stands_for else e.card.text
                        for e in self.entries)

    def to_dict(self) -> dict[str, Any]:
        """Return the meld as JSON-able data."""
        return {"id": self.id, "owner": self.owner, "kind": self.kind, "suit": self.suit,
                "rank": self.rank, "low": self.low, "cards": [e.to_dict() for e in self.entries]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TableMeld:
        """Rebuild a meld from to_dict() (the game checks that its cards still form a meld)."""
        return cls(str(data["id"]), int(data["owner"]), str(data["kind"]), str(data["suit"]),
                   int(data["rank"]), int(data["low"]),
                   [Entry.from_dict(e) for e in data["cards"]])


@dataclass(slots=True)
class Table:
    """The melds of one hand, in the order they were put down.

    `one_meld_per_rank` is Canasta's rule: a side holds at most one set or group of a rank,
    and further cards of that rank go onto it (see `of_rank`).
    """

    melds: list[TableMeld] = field(default_factory=list)
    one_meld_per_rank: bool = False

    def __iter__(self) -> Iterator[TableMeld]:
        return iter(self.melds)

    def __len__(self) -> int:
        return len(self.melds)

    def add(self, owner: int, kind: str, suit: str = "", rank: int = 0,
            low: int = 0) -> TableMeld:
        """Open a new meld with the next id (no cards yet) and return it."""
        if self.one_meld_per_rank and kind != "run" and self.of_rank(owner, rank) is not None:
            raise InvalidMeld("your side already has a meld of that rank: add to it",
                              rank=rank)
        meld = TableMeld(meld_id(len(self.melds)), owner, kind, suit, rank, low)
        self.melds.append(meld)
        return meld

    def get(self, mid: str) -> TableMeld:
        """Return the meld with that id (any case), or raise NoSuchMeld."""
        wanted = mid.upper()
        for m in self.melds:
            if m.id == wanted:
                return m
        raise NoSuchMeld(f"there is no meld {mid} on the table", meld=mid)

    def of_rank(self, owner: int, rank: int) -> TableMeld | None:
        """Return the side's set or group of that rank, if it has one."""
        return next((m for m in self.melds
                     if m.owner == owner and m.kind != "run" and m.rank == rank), None)

    def owned_by(self, owner: int) -> list[TableMeld]:
        """Return the side's melds."""
        return [m for m in self.melds if m.owner == owner]

    def credits(self, seat: int) -> dict[str, int]:
        """Return the points the seat's placements earned, by how he placed the cards."""
        out: dict[str, int] = {}
        for m in self.melds:
            for e in m.entries:
                if e.by == seat:
                    out[e.how] = out.get(e.how, 0) + e.value
        return out

    def to_list(self) -> list[dict[str, Any]]:
        """Return the melds as JSON-able data (the option belongs to the game's rules)."""
        return [m.to_dict() for m in self.melds]

    @classmethod
    def from_list(cls, data: list[dict[str, Any]], one_meld_per_rank: bool = False) -> Table:
        """Rebuild a table from to_list()."""
        return cls([TableMeld.from_dict(m) for m in data], one_meld_per_rank)


# --- what everybody sees of the table ------------------------------------------------


class Placed(NamedTuple):
    """One card of a table meld: who placed it, what it earned him, and how (meld, layoff …).

    A named tuple rather than a frozen dataclass: every view holds one per card on the table,
    and a tuple is several times cheaper to build.
    """

    card: str
    by: int
    value: int
    how: str


@dataclass(frozen=True, slots=True)
class MeldView:
    """A meld on the table as everybody sees it: its id, owner, kind and cards in table order."""

    id: str
    owner: int
    kind: str  # "set" | "run" | "group"
    entries: tuple[Placed, ...]

    @classmethod
    def of(cls, meld: TableMeld) -> MeldView:
        """Return the meld as it lies now (later lay-offs do not change this view)."""
        return cls(meld.id, meld.owner, meld.kind,
                   tuple(Placed(e.card.text, e.by, e.value, e.how) for e in meld.entries))

    @property
    def cards(self) -> tuple[str, ...]:
        """Return the cards' texts in table order."""
        return tuple(e.card for e in self.entries)

    @property
    def points(self) -> int:
        """Return what the placements on this meld earned, all placers together."""
        return sum(e.value for e in self.entries)

    def to_dict(self) -> dict[str, Any]:
        """Return the snapshot's form (a hand's result keeps its melds)."""
        return {"id": self.id, "owner": self.owner, "kind": self.kind,
                "cards": [{"card": e.card, "by": e.by, "value": e.value, "how": e.how}
                          for e in self.entries]}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> MeldView:
        """Rebuild from to_dict()."""
        return cls(str(d["id"]), int(d["owner"]), str(d["kind"]), tuple(
            Placed(str(e["card"]), int(e["by"]), int(e["value"]), str(e["how"]))
            for e in d["cards"]))


def melds_of(melds: Iterable[TableMeld]) -> tuple[MeldView, ...]:
    """Return the views of table melds."""
    return tuple(MeldView.of(m) for m in melds)


# --- the events of open play, every open-meld game's ------------------------------------


@dataclass(frozen=True, slots=True)
class LaidOff(events.LaidOff):
    """A seat laid a card off on a table meld (the end it named, if any), earning its points."""

    end: str | None  # "low" | "high" where the player named the end
    points: int
