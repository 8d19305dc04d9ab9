"""Melds a hand can make, at the level of faces, and the pool of cards that pays for them.

A face is an int 0..51: suit index (engine.cards.SUITS order) * 13 + rank - 1, the bit
order of `Card.bit`. A shape is a meld without its copies: the natural faces it needs (each
once: no meld holds a face twice), how many jokers, and where a run's jokers stand. Twins
are counted, not told apart, so a meld is listed once however many copies the hand holds.

Which shapes are listed: every set (3 or 4 distinct suits, or 2-3 naturals and a joker);
every run window of 3 to 13 positions whose missing positions the hand's jokers fill (at
most 2); and the same window with a joker standing for a held card instead. `every` lists
each such window (every meld the hand can make: the legal moves); without it, only those
whose joker stands for a held card another meld could want (its rank held in another suit,
or the ace, which runs at both ends can use): the searches for the best melds and a close
need no others, as two runs of one suit that would share a held card are one longer run.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from ..cards import SUITS, Card
from ..melds import Meld
from .melds import HIGH_ACE, rank_value

MAX_JOKERS_RUN = 2
MAX_RUN = 13


def face_of(card: Card) -> int:
    """Return a natural card's face index (its bit's position)."""
    return card.suit_index * 13 + card.rank - 1


def face_at(suit: int, position: int) -> int:
    """Return the face at a run position of a suit (14 is the ace)."""
    return suit * 13 + (0 if position == HIGH_ACE else position - 1)


@dataclass(frozen=True, slots=True)
class Shape:
    """A meld as faces: its naturals, its jokers, and for a run where the jokers stand."""

    value: int
    faces: tuple[int, ...]
    jokers: int
    kind: str  # "set" | "run"
    suit: int = -1  # a run's suit index
    low: int = 0  # a run's first position; a set's rank
    wild: tuple[int, ...] = ()  # a run's joker positions
    size: int = 0  # how many cards: naturals and jokers (set by the makers below)


class Pool:
    """The cards of a hand by face, with counts the searches take from and give back."""

    def __init__(self, cards: Sequence[Card]) -> None:
        self.copies: dict[int, list[Card]] = {}
        self.joker_cards = [c for c in cards if c.is_joker]
        for c in cards:
            if not c.is_joker:
                self.copies.setdefault(face_of(c), []).append(c)
        self.count = [0] * 52
        for f, cs in self.copies.items():
            self.count[f] = len(cs)
        self.jokers = len(self.joker_cards)

    def fits(self, shape: Shape) -> bool:
        """Whether the cards left can pay for the shape."""
        if self.jokers < shape.jokers:
            return False
        # map() in C: all() over a generator costs more, and this runs a lot
        return 0 not in map(self.count.__getitem__, shape.faces)

    def take(self, shape: Shape) -> None:
        """Remove the shape's cards from the counts."""
        for f in shape.faces:
            self.count[f] -= 1
        self.jokers -= shape.jokers

    def give(self, shape: Shape) -> None:
        """Put the shape's cards back."""
        for f in shape.faces:
            self.count[f] += 1
        self.jokers += shape.jokers

    def meld(self, shape: Shape) -> Meld:
        """Return one shape as a meld of the pool's cards (first copies)."""
        return _meld(shape, {f: self.copies[f][0] for f in shape.faces},
                     self.joker_cards[:shape.jokers])

    def cards(self, shape: Shape) -> list[Card]:
        """Return the cards the shape takes (first copies; not taken from the counts)."""
        return [self.copies[f][0] for f in shape.faces] + self.joker_cards[:shape.jokers]

    def melds(self, shapes: Sequence[Shape]) -> list[Meld]:
        """Return the shapes as melds of real cards, each copy used once."""
        return self.split(shapes)[0]

    def split(self, shapes: Sequence[Shape]) -> tuple[list[Meld], list[Card]]:
        """Return the shapes as melds of real cards and the cards they leave."""
        left = {f: list(cs) for f, cs in self.copies.items()}
        jokers = list(self.joker_cards)
        out = []
        for s in shapes:
            cards = {f: left[f].pop(0) for f in s.faces}
            out.append(_meld(s, cards, [jokers.pop(0) for _ in range(s.jokers)]))
        return out, [c for cs in left.values() for c in cs] + jokers


def _meld(shape: Shape, cards: dict[int, Card], jokers: list[Card]) -> Meld:
    if shape.kind == "set":
        ordered = [cards[f] for f in sorted(shape.faces)] + jokers
        return Meld("set", tuple(ordered), (shape.low,) * len(ordered))
    wild = iter(jokers)
    span = range(shape.low, shape.low + shape.size)
    placed = [next(wild) if p in shape.wild else cards[face_at(shape.suit, p)] for p in span]
    return Meld("run", tuple(placed), tuple(span), SUITS[shape.suit])


def shapes_of(pool: Pool, every: bool = False) -> tuple[Shape, ...]:
    """Return the shapes the pool's cards can make (`every`: all of them), highest value
    first."""
    return _shapes(bytes(pool.count), min(pool.jokers, MAX_JOKERS_RUN), every)


@lru_cache(maxsize=256)
def _shapes(count: bytes, jokers: int, every: bool) -> tuple[Shape, ...]:
    # cached: a hand is searched again and again during a turn (menus, legal actions)
    out: list[Shape] = []
    for rank in range(1, 14):
        out += _rank_sets(rank, tuple(s for s in range(4) if count[s * 13 + rank - 1]), jokers)
    for suit in range(4):
        held = swap = 0
        for p in range(1, HIGH_ACE + 1):
            copies = count[face_at(suit, p)]
            held |= (copies > 0) << p
            swap |= (copies > 0 and (every or (copies == 1 and (
                p in (1, HIGH_ACE) or _in_other_suit(count, suit, p))))) << p
        out += _suit_runs(suit, held, swap, jokers)
    out.sort(key=lambda s: (-s.value, s.kind, s.faces, s.wild))
    return tuple(out)


def _in_other_suit(count: bytes, suit: int, rank: int) -> bool:
    return any(count[s * 13 + rank - 1] for s in range(4) if s != suit)


@lru_cache(maxsize=1 << 12)
def _rank_sets(rank: int, held: tuple[int, ...], jokers: int) -> tuple[Shape, ...]:
    """Return the sets of one rank: 3 or 4 suits held, or 2 or 3 and a joker."""
    out = []
    for jk in range(min(jokers, 1) + 1):
        for size in (3 - jk, 4 - jk):
            for suits in combinations(held, size):
                faces = tuple(s * 13 + rank - 1 for s in suits)
                out.append(Shape(rank_value(rank) * (size + jk), faces, jk, "set", -1, rank, (),
                                 size + jk))
    return tuple(out)


@lru_cache(maxsize=1 << 12)
def _suit_runs(suit: int, held: int, swap: int, jokers: int) -> tuple[Shape, ...]:
    """Return the runs of one suit; `held` and `swap` are masks of positions 1..14.

    A joker may stand for a held card another meld could want (`swap`): one of a rank
    held in another suit (a set), or the ace, which runs at both ends can use.
    """
    out: list[Shape] = []
    for low in range(1, HIGH_ACE - 1):
        missing: tuple[int, ...] = ()
        for high in range(low, min(low + MAX_RUN, HIGH_ACE + 1)):
            if not held >> high & 1:
                missing += (high,)
                if len(missing) > jokers:
                    break
            if high - low >= 2:
                out += _windows(suit, low, high, missing, jokers, swap)
    return tuple(out)


def _windows(suit: int, low: int, high: int, missing: tuple[int, ...], jokers: int,
             swap: int) -> list[Shape]:
    """Return the window with jokers in its gaps, then with jokers for swappable cards."""
    span = range(low, high + 1)
    value = sum(rank_value(p) for p in span)
    extra = [p for p in span if swap >> p & 1]
    out = []
    for k in range(jokers - len(missing) + 1):
        for subs in combinations(extra, k):
            wild = tuple(sorted(missing + subs))
            faces = tuple(face_at(suit, p) for p in span if p not in wild)
            if faces:
                out.append(Shape(value, faces, len(wild), "run", suit, low, wild, len(span)))
    return out
