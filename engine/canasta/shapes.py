"""A hand's cards by kind and the melds they make, counted: the legal list's building blocks.

No Canasta rule reads the suit of a card in a hand (the one suit that matters, a red three's,
never stays in a hand), so two cards of one rank are interchangeable in every move: a meld is
known by its `Shape`, how many naturals of its rank and how many wild jokers and twos it
holds. Whether a shape is a valid meld is asked of the rules' own meld check (melds.py), once
per shape, on stand-in cards.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache

from ..cards import PACKS_HELD, Card, joker
from ..errors import InvalidMeld
from ..melds import JOKER_MELD, TWOS_MELD
from .melds import check_meld, meld_rank
from .options import CanastaOptions

Group = tuple[Card, ...]
WILD_KINDS = (JOKER_MELD, TWOS_MELD)
MOST_WILDS = 2  # no meld ever holds more wild cards (canasta.md, Melds)
_FACES: dict[int, Card] = {}


def face(card: Card) -> Card:
    """Return the card without its pack (actions name faces)."""
    key = card.key // PACKS_HELD
    found = _FACES.get(key)
    if found is None:
        found = _FACES[key] = Card(card.rank, card.suit)
    return found


@dataclass(frozen=True, slots=True)
class Shape:
    """A meld counted by kind: naturals of its rank, wild jokers, wild twos (a joker meld's
    jokers and a twos meld's twos are its naturals)."""

    rank: int
    naturals: int
    jokers: int = 0
    twos: int = 0

    @property
    def size(self) -> int:
        """Return how many cards the meld holds."""
        return self.naturals + self.jokers + self.twos

    @property
    def used(self) -> tuple[int, int]:
        """Return how many jokers and twos of the hand the meld takes, naturals included."""
        return (self.jokers + self.naturals * (self.rank == JOKER_MELD),
                self.twos + self.naturals * (self.rank == TWOS_MELD))

    def __le__(self, other: Shape) -> bool:
        """Whether every card of this shape is one of the other's (same rank)."""
        return (self.rank == other.rank and self.naturals <= other.naturals
                and self.jokers <= other.jokers and self.twos <= other.twos)

    def plus(self, other: Shape) -> Shape:
        """Return the shape of both melds' cards together (a meld grown by an addition)."""
        return Shape(self.rank, self.naturals + other.naturals, self.jokers + other.jokers,
                     self.twos + other.twos)


def shape_of(rank: int, cards: Iterable[Card]) -> Shape:
    """Return the shape of cards in a meld of the rank."""
    listed = list(cards)
    naturals = sum(c.rank == rank for c in listed)
    jokers = sum(c.rank == JOKER_MELD and rank != JOKER_MELD for c in listed)
    return Shape(rank, naturals, jokers, len(listed) - naturals - jokers)


@dataclass(slots=True)
class Holding:
    """A hand's faces by kind: naturals by rank (3: black threes), jokers under 0, twos 2."""

    ranks: dict[int, list[Card]] = field(default_factory=dict)
    alone: dict[Shape, Group] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def of(cls, hand: Iterable[Card]) -> Holding:
        """Sort a hand's faces by kind."""
        out = cls()
        for card in sorted(hand):
            out.ranks.setdefault(card.rank, []).append(face(card))
        return out

    def count(self, rank: int) -> int:
        """Return how many cards of a kind the hand holds."""
        return len(self.ranks.get(rank, ()))

    def cards(self, *shapes: Shape) -> list[Group]:
        """Return each shape's cards, the melds taking different copies of a kind."""
        if len(shapes) != 1:
            return self._cards(shapes)
        # the legal lists ask a meld's cards alone most often: kept (the ranks never change)
        found = self.alone.get(shapes[0])
        if found is None:
            found = self.alone[shapes[0]] = self._cards(shapes)[0]
        return [found]

    def _cards(self, shapes: Iterable[Shape]) -> list[Group]:
        taken: dict[int, int] = {}
        out = []
        for shape in shapes:
            group: list[Card] = []
            for kind, count in ((shape.rank, shape.naturals), (JOKER_MELD, shape.jokers),
                                (TWOS_MELD, shape.twos)):
                start = taken.get(kind, 0)
                group += self.ranks.get(kind, [])[start:start + count]
                taken[kind] = start + count
            out.append(tuple(group))
        return out

    def holds(self, *shapes: Shape) -> bool:
        """Whether the hand holds the cards of all these shapes at once."""
        need: dict[int, int] = {}
        for s in shapes:
            jokers, twos = s.used
            need[JOKER_MELD] = need.get(JOKER_MELD, 0) + jokers
            need[TWOS_MELD] = need.get(TWOS_MELD, 0) + twos
            if s.rank not in WILD_KINDS:
                need[s.rank] = need.get(s.rank, 0) + s.naturals
        return all(self.count(kind) >= n for kind, n in need.items())

    def without(self, *shapes: Shape) -> Holding:
        """Return the hand once these shapes' cards are gone."""
        left = {r: list(cs) for r, cs in self.ranks.items()}
        for group in self.cards(*shapes):
            for card in group:
                left[card.rank].remove(card)
        return Holding({r: cs for r, cs in left.items() if cs})

    def kinds(self) -> list[int]:
        """Return the kinds held, with the wild kinds (which meld on their own too)."""
        return sorted(set(self.ranks) | set(WILD_KINDS))


def shapes(hold: Holding, rank: int, least: int = 1) -> list[Shape]:
    """Return the shapes of a rank the hand holds: `least` naturals or more, up to two wild
    cards of each kind (no meld holds more; joker melds take no wild joker, twos melds no
    wild two)."""
    jokers = 0 if rank == JOKER_MELD else min(MOST_WILDS, hold.count(JOKER_MELD))
    twos = 0 if rank == TWOS_MELD else min(MOST_WILDS, hold.count(TWOS_MELD))
    return _shapes(rank, least, hold.count(rank), jokers, twos)


@cache
def _shapes(rank: int, least: int, naturals: int, jokers: int, twos: int) -> list[Shape]:
    return [Shape(rank, n, j, t) for n in range(least, naturals + 1)
            for j in range(jokers + 1) for t in range(twos + 1) if n + j + t]


def stand_in(shape: Shape) -> list[Card]:
    """Return cards of the shape (any suits: the meld rules read none)."""
    natural = joker() if shape.rank == JOKER_MELD else Card(shape.rank, "S")
    return ([natural] * shape.naturals + [joker()] * shape.jokers
            + [Card(TWOS_MELD, "S")] * shape.twos)


def is_meld(shape: Shape, opts: CanastaOptions, new: bool = True) -> bool:
    """Whether cards of this shape make a valid meld of its rank; `new`: read as a new meld
    is (its rank found from its cards), else as a meld of that declared rank."""
    return _is_meld(shape, opts.melds_past_seven, new)


@cache
def _is_meld(shape: Shape, past_seven: bool, new: bool) -> bool:
    cards = stand_in(shape)
    try:
        if new and meld_rank(cards) != shape.rank:
            return False
        check_meld(cards, shape.rank, CanastaOptions(melds_past_seven=past_seven))
    except InvalidMeld:
        return False
    return True


def melds(hold: Holding, rank: int, opts: CanastaOptions) -> list[Shape]:
    """Return the shapes of a rank the hand holds that are valid new melds."""
    found = shapes(hold, rank)
    return _valid(tuple(found), None, opts.melds_past_seven) if found else []


def additions(hold: Holding, on: Shape, opts: CanastaOptions) -> list[Shape]:
    """Return the shapes of the cards the hand could add to a meld of shape `on` (that grow
    it into a valid meld of its rank)."""
    found = shapes(hold, on.rank, 0)
    return _valid(tuple(found), on, opts.melds_past_seven) if found else []


@cache
def _valid(found: tuple[Shape, ...], on: Shape | None, past_seven: bool) -> list[Shape]:
    if on is None:
        return [s for s in found if _is_meld(s, past_seven, True)]
    return [s for s in found if _is_meld(on.plus(s), past_seven, False)]
