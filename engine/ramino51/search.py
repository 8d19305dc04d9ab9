"""Bounded searches over a Ramino 51 hand: its melds, its openings, its best melds, a close.

Everything works on faces (engine/ramino51/_shapes.py lists which melds are considered)
and turns into real cards only for its answer, so twins count once and the searches stay
small. Every search has a fixed step budget, so a 15-card hand with two jokers and long
runs costs no more than a plain one; beyond a budget a search returns what it found so
far (the typed action stays playable: the game verifies actions, not these lists).

- `hand_melds`: every listed shape once, at most MAX_HAND_MELDS, highest value first.
- `openings`: minimal combinations (no meld can be dropped) of at most MAX_PARTS disjoint
  melds reaching the minimum, at most MAX_OPENINGS, from a depth-first walk of the melds
  by value within OPENING_BUDGET steps; results sorted by value, then fewer cards.
- `best_melds`: exact within BEST_BUDGET steps (branch and bound on the highest card
  left: in one of its melds, or kept), the best found when the budget runs out.
- `find_close`: see engine/ramino51/_close.py (CLOSE_BUDGET steps, MAX_REST cards kept
  back for lay-offs and swaps).

The first three keep their last 64 answers (cards and melds are frozen; the lists returned
are new), since menus, the hand picture and legal actions ask about one hand many times.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ..cards import Card
from ..melds import Meld
from ._close import find_close
from ._shapes import Pool, Shape, shapes_of
from .melds import rank_value

MAX_HAND_MELDS = 200
MAX_PARTS = 5
MAX_OPENINGS = 12
OPENING_BUDGET = 3000
BEST_BUDGET = 500
JOKER_MOST = 11  # the most a joker counts in a meld (as an ace)

__all__ = ["best_melds", "find_close", "hand_melds", "openings"]


def hand_melds(hand: Sequence[Card]) -> list[Meld]:
    """Return the distinct melds the hand can make (jokers declared), highest value first."""
    return list(_hand_melds(tuple(sorted(hand))))


@lru_cache(maxsize=64)
def _hand_melds(hand: tuple[Card, ...]) -> tuple[Meld, ...]:
    # cached (cards and melds are frozen): menus and legal actions ask again and again
    pool = Pool(hand)
    return tuple(pool.meld(s) for s in shapes_of(pool)[:MAX_HAND_MELDS])


def openings(hand: Sequence[Card], minimum: int,
             keep_one: bool = True) -> list[tuple[Meld, ...]]:
    """Return minimal sets of disjoint melds worth at least `minimum`, best first."""
    return list(_openings(tuple(sorted(hand)), minimum, keep_one))


@lru_cache(maxsize=64)
def _openings(hand: tuple[Card, ...], minimum: int, keep_one: bool) -> tuple[
        tuple[Meld, ...], ...]:
    pool = Pool(hand)
    search = _Openings(pool, shapes_of(pool), minimum, len(hand) - keep_one)
    search.walk(0, [], 0, 0)
    found = sorted(search.found, key=lambda c: (-sum(s.value for s in c),
                                                sum(s.size for s in c)))
    return tuple(tuple(Pool(hand).melds(c)) for c in found)


class _Openings:
    """Depth-first over the melds by value: each combination's melds in that order."""

    def __init__(self, pool: Pool, shapes: Sequence[Shape], minimum: int, room: int) -> None:
        self.pool, self.shapes, self.minimum, self.room = pool, shapes, minimum, room
        self.found: list[tuple[Shape, ...]] = []
        self.budget = OPENING_BUDGET

    def walk(self, first: int, chosen: list[Shape], total: int, cards: int) -> None:
        """Add a meld from `first` on; keep combinations that just reach the minimum."""
        for j in range(first, len(self.shapes)):
            if self.budget <= 0 or len(self.found) >= MAX_OPENINGS:
                return
            self.budget -= 1
            s = self.shapes[j]
            if total + s.value * (MAX_PARTS - len(chosen)) < self.minimum:
                return  # values only fall from here on
            if cards + s.size > self.room or not self.pool.fits(s):
                continue
            if total + s.value >= self.minimum:
                # minimal: this meld is the smallest, and the others fell short without it
                self.found.append((*chosen, s))
            elif len(chosen) + 1 < MAX_PARTS:
                self.pool.take(s)
                self.walk(j, [*chosen, s], total + s.value, cards + s.size)  # j: twins
                self.pool.give(s)


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
