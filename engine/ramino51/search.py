"""Searches over a Ramino 51 hand: its melds, its openings, its best melds, a close.

Everything works on faces (engine/ramino51/_shapes.py lists which melds are considered)
and turns into real cards only for its answer, so twins count once and the searches stay
small. The legal lists' two searches are complete within a bound that only freak hands
reach; the others have a fixed step budget and return what they found so far past it (the
typed action stays playable: the game verifies actions, not these lists).

- `hand_melds`: every meld the hand can make (every shape, a joker standing for any card it
  can), highest value first; past MAX_HAND_MELDS (a hand holding 13 cards of one suit and
  two jokers makes thousands) only the highest MAX_HAND_MELDS.
- `openings`: every minimal opening (disjoint melds of `hand_melds` reaching the minimum,
  none of which could be dropped), by value, then fewer cards; past OPENING_STEPS steps of
  the walk (freak hands: ten thousand openings) those found so far. `bounded` says
  whether either bound cut a hand's list.
- `best_melds`: exact within BEST_BUDGET steps (branch and bound on the highest card
  left: in one of its melds, or kept), the best found when the budget runs out.
- `find_close`: see engine/ramino51/_close.py (CLOSE_BUDGET steps, MAX_REST cards kept
  back for lay-offs and swaps).

The first three keep their last 64 answers (cards and melds are frozen; the lists returned
are new), since menus, the hand picture and legal actions ask about one hand many times.
An opening's melds are objects of `hand_melds`' answer (two melds may name the same face
when the hand holds it twice: actions name faces, and the game finds each copy).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import NamedTuple

from ..cards import Card
from ..melds import Meld
from ._close import find_close
from ._shapes import Pool, Shape, shapes_of
from .melds import rank_value

MAX_HAND_MELDS = 600
OPENING_STEPS = 40_000
MIN_CARDS = 3  # the fewest cards of a meld
BEST_BUDGET = 500
JOKER_MOST = 11  # the most a joker counts in a meld (as an ace)

__all__ = ["best_melds", "bounded", "find_close", "hand_melds", "openings"]


def hand_melds(hand: Sequence[Card]) -> list[Meld]:
    """Return every meld the hand can make (jokers declared), highest value first."""
    return list(_hand_melds(tuple(sorted(hand))))


@lru_cache(maxsize=64)
def _hand_melds(hand: tuple[Card, ...]) -> tuple[Meld, ...]:
    # cached (cards and melds are frozen): menus and legal actions ask again and again
    pool = Pool(hand)
    return tuple(pool.meld(s) for s in _every_shape(hand)[0])


@lru_cache(maxsize=64)
def _every_shape(hand: tuple[Card, ...]) -> tuple[tuple[Shape, ...], bool]:
    """Return the hand's shapes (the first MAX_HAND_MELDS) and whether that cut any."""
    shapes = shapes_of(Pool(hand), every=True)
    return shapes[:MAX_HAND_MELDS], len(shapes) > MAX_HAND_MELDS


class Openings(NamedTuple):
    """A hand's minimal openings: `found` holds each one's value, its cards and the indexes
    of its melds (richest first, then fewest cards); `shapes` the melds they use, by index
    (the same in every opening), made of the cards of `pool`; `cut` whether OPENING_STEPS
    cut the walk."""

    found: list[tuple[int, int, tuple[int, ...]]]
    shapes: dict[int, Shape]
    pool: Pool
    cut: bool

    def meld(self, i: int) -> Meld:
        """Return meld `i` made of the hand's cards (first copies)."""
        return self.pool.meld(self.shapes[i])

    def combos(self) -> list[tuple[Meld, ...]]:
        """Return each opening as its melds."""
        melds = {i: self.meld(i) for i in self.shapes}
        return [tuple(melds[i] for i in idx) for _, _, idx in self.found]


def openings(hand: Sequence[Card], minimum: int, keep_one: bool = True) -> Openings:
    """Return every minimal set of disjoint melds worth at least `minimum`, best first."""
    return _openings(tuple(sorted(hand)), minimum, keep_one)


def bounded(hand: Sequence[Card], minimum: int) -> bool:
    """Whether a bound cut the hand's melds or its openings (what they list is not all)."""
    key = tuple(sorted(hand))
    return _every_shape(key)[1] or _openings(key, minimum, True).cut


@lru_cache(maxsize=64)
def _openings(hand: tuple[Card, ...], minimum: int, keep_one: bool) -> Openings:
    shapes, _ = _every_shape(hand)
    pool = Pool(hand)
    walk = _Openings(pool, shapes, minimum, len(hand) - keep_one)
    walk.walk(0, (), 0, 0, 0)
    found = sorted(walk.combos(), key=_richest)
    used = sorted({i for _, _, idx in found for i in idx})
    return Openings(found, {i: shapes[i] for i in used}, pool, walk.cut)


def _richest(combo: tuple[int, int, tuple[int, ...]]) -> tuple[int, int]:
    return -combo[0], combo[1]


class _Openings:
    """Depth-first over the melds by value: each combination's melds in that order.

    The melds a combination can still take are the bits of an int (bit j: meld j): taking a
    meld blocks, at once, every meld that needs a face (or a joker) no longer left, so the
    walk visits only melds that fit. The melds that complete a combination are kept as the
    bits of one int beside it, and listed one by one at the end.
    """

    def __init__(self, pool: Pool, shapes: Sequence[Shape], minimum: int, room: int) -> None:
        self.pool, self.shapes, self.minimum, self.room = pool, shapes, minimum, room
        self.below = [-s.value for s in shapes]  # ascending, for bisect
        self.users: dict[int, int] = {}  # face -> the melds that need it
        self.needs = [0] * 3  # jokers -> the melds that need more than that many
        by_size = [0] * (room + 2)  # size (room + 1: larger) -> the melds of that size
        for j, s in enumerate(shapes):
            bit = 1 << j
            for f in s.faces:
                self.users[f] = self.users.get(f, 0) | bit
            for k in range(min(s.jokers, 3)):
                self.needs[k] |= bit
            by_size[min(s.size, room + 1)] |= bit
        self.larger = [0] * (room + 1)  # cards left -> the melds larger than that
        self.larger[room] = by_size[room + 1]
        for left in range(room - 1, -1, -1):
            self.larger[left] = self.larger[left + 1] | by_size[left + 1]
        self.found: list[tuple[tuple[int, ...], int, int, int]] = []
        self.steps, self.cut = OPENING_STEPS, False

    def first_below(self, first: int, value: float) -> int:
        """Return the first index from `first` on whose meld is worth less than `value`."""
        return bisect_right(self.below, -value, first)

    def walk(self, first: int, chosen: tuple[int, ...], total: int, cards: int,
             blocked: int) -> None:
        """Add a meld from `first` on; keep combinations that just reach the minimum."""
        left = self.room - cards
        more = left // MIN_CARDS  # how many more melds could fit at most
        if not more:
            return
        need = self.minimum - total
        stop = self.first_below(first, need / more)  # past it, no combination gets there
        enough = self.first_below(first, need)  # before it, one meld gets there
        free = ~(blocked | self.larger[left]) & ((1 << stop) - 1) >> first << first
        # minimal: a meld before `enough` is the smallest, the others fell short without it
        last = free & (1 << enough) - 1
        if last:
            self.steps -= last.bit_count()
            self.found.append((chosen, total, cards, last))
        free ^= last
        while free and more > 1:
            if self.steps <= 0:
                self.cut = True
                return
            self.steps -= 1
            low = free & -free
            free ^= low
            j = low.bit_length() - 1
            s = self.shapes[j]
            self.walk(j, (*chosen, j), total + s.value, cards + s.size, self.take(s, blocked))
            self.pool.give(s)

    def take(self, shape: Shape, blocked: int) -> int:
        """Take the meld's cards; return the melds blocked now."""
        pool = self.pool
        pool.take(shape)
        for f in shape.faces:
            if not pool.count[f]:
                blocked |= self.users[f]
        return blocked | self.needs[pool.jokers] if pool.jokers < 3 else blocked

    def combos(self) -> Iterator[tuple[int, int, tuple[int, ...]]]:
        """Yield each combination found: its value, its cards, its melds' indexes."""
        shapes = self.shapes
        for chosen, total, cards, last in self.found:
            while last:
                low = last & -last
                last ^= low
                j = low.bit_length() - 1
                yield total + shapes[j].value, cards + shapes[j].size, (*chosen, j)


def best_melds(hand: Sequence[Card]) -> tuple[tuple[Meld, ...], int]:
    """Return the disjoint melds worth the most (one card kept) and their value."""
    return _best_melds(tuple(sorted(hand)))


@lru_cache(maxsize=64)
def _best_melds(hand: tuple[Card, ...]) -> tuple[tuple[Meld, ...], int]:
    pool = Pool(hand)
    best = _Best(pool, shapes_of(pool), len(hand))
    best.walk([], 0, best.upper(), 0)
    return tuple(Pool(hand).melds(best.chosen)), best.value


def _most(f: int) -> int:
    return rank_value(f % 13 + 1)


class _Best:
    """Branch and bound: the highest card left goes into one of its melds, or stays."""

    def __init__(self, pool: Pool, shapes: Sequence[Shape], cards: int) -> None:
        self.pool, self.cards = pool, cards
        self.by_face: dict[int, list[tuple[Shape, int]]] = {}
        for s in shapes:
            most = sum(_most(f) for f in s.faces) + JOKER_MOST * s.jokers
            for f in s.faces:
                self.by_face.setdefault(f, []).append((s, most))
        # faces in no meld never count: leave them out of the order and the bound
        self.order = sorted(self.by_face, key=lambda f: (-_most(f), f))
        self.value, self.chosen, self.budget = 0, list[Shape](), BEST_BUDGET

    def upper(self) -> int:
        """Return what the cards still undecided could add at most (a joker as an ace)."""
        naturals = sum(self.pool.count[f] * _most(f) for f in self.order)
        return naturals + JOKER_MOST * self.pool.jokers

    def walk(self, chosen: list[Shape], total: int, bound: int, used: int) -> None:
        """Extend the choice; `bound` caps what the cards left can still add."""
        if total + bound <= self.value or self.budget <= 0:
            return
        self.budget -= 1
        count = self.pool.count
        pivot = next((f for f in self.order if count[f]), -1)
        if pivot < 0:
            if used < self.cards and total > self.value:
                self.value, self.chosen = total, list(chosen)
            return
        for s, most in self.by_face[pivot]:
            if used + s.size < self.cards and self.pool.fits(s):
                self.pool.take(s)
                self.walk([*chosen, s], total + s.value, bound - most, used + s.size)
                self.pool.give(s)
        count[pivot] -= 1  # the pivot stays in the hand
        self.walk(chosen, total, bound - _most(pivot), used)
        count[pivot] += 1
