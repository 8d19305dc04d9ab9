"""The exact search: every arrangement, the joker-needed rule checked as it is built.

Used only when the relaxation's own arrangement breaks the joker-needed rule. The
lowest natural face left is either unmatched (all its copies: the other orders give the
same arrangements) or in a combination with later faces and some jokers; a branch stops
as soon as an unmatched face could replace a joker of a combination already chosen, or
when its cost plus the relaxation of the cards left cannot beat the best found.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ._combos import MAX_RUN, card_cost, is_valid, replaceable
from ._relax import relax_cost

Combo = tuple[tuple[int, ...], int]  # natural faces, jokers


@dataclass(frozen=True, slots=True)
class Solution:
    """An arrangement at the level of faces: combinations, unmatched faces and jokers."""

    cost: int
    combos: tuple[Combo, ...]
    leftover: tuple[int, ...]
    jokers_left: int


def exact(suits: tuple[int, int, int, int], jokers: int, same: bool, jk: int,
          outside: int, bound: int, stop: int = -1) -> Solution | None:
    """Return a least-cost valid arrangement costing less than `bound`, or None.

    `outside` is a mask of faces unmatched but not among these cards (the lone ace); the
    search ends at the first arrangement costing less than `stop`.
    """
    search = _Search(same, jk, bound, stop)
    search.go(list(suits), jokers, outside, 0, 0)
    return search.best


class _Search:
    def __init__(self, same: bool, jk: int, bound: int, stop: int) -> None:
        self.same, self.jk, self.bound, self.stop = same, jk, bound, stop
        self.best: Solution | None = None
        self.combos: list[Combo] = []
        self.left: list[int] = []

    def go(self, suits: list[int], jokers: int, unmatched: int, banned: int, cost: int) -> None:
        """Extend the partial arrangement; `banned` = faces a chosen joker could take."""
        if self.bound <= self.stop:
            return  # good enough already
        key = (suits[0], suits[1], suits[2], suits[3])
        if cost + relax_cost(key, jokers, self.same, self.jk) >= self.bound:
            return
        s = next((i for i, v in enumerate(suits) if v), -1)
        if s < 0:
            self._found(cost + jokers * self.jk, jokers)
            return
        rank0 = ((suits[s] & -suits[s]).bit_length() - 1) // 4
        face = s * 13 + rank0
        for faces, j in _combos_with(suits, s, rank0, jokers, self.same):
            mask = replaceable(faces, j, self.same)
            if mask & unmatched:
                continue
            self._take(suits, faces, -1)
            self.combos.append((faces, j))
            self.go(suits, jokers - j, unmatched, banned | mask, cost)
            self.combos.pop()
            self._take(suits, faces, 1)
        if not banned >> face & 1:
            self._leave(suits, s, rank0, jokers, unmatched, banned, cost)

    def _leave(self, suits: list[int], s: int, rank0: int, jokers: int, unmatched: int,
               banned: int, cost: int) -> None:
        """Leave every copy of the face unmatched and go on."""
        copies = suits[s] >> (4 * rank0) & 15
        face = s * 13 + rank0
        suits[s] -= copies << (4 * rank0)
        self.left += [face] * copies
        self.go(suits, jokers, unmatched | 1 << face, banned, cost + copies * card_cost(rank0 + 1))
        del self.left[-copies:]
        suits[s] += copies << (4 * rank0)

    def _found(self, cost: int, jokers: int) -> None:
        if cost < self.bound:
            self.bound = cost
            self.best = Solution(cost, tuple(self.combos), tuple(sorted(self.left)), jokers)

    @staticmethod
    def _take(suits: list[int], faces: tuple[int, ...], sign: int) -> None:
        for f in faces:
            suits[f // 13] += sign << (4 * (f % 13))


def _combos_with(suits: list[int], s: int, rank0: int, jokers: int, same: bool) -> list[Combo]:
    """Return every valid combination holding one copy of the face and later faces only."""
    out: set[Combo] = set()
    for faces in _natural_groups(suits, s, rank0, jokers, same):
        for j in range(min(jokers, MAX_RUN - len(faces)) + 1):
            if is_valid(faces, j, same):
                out.add((faces, j))
    return sorted(out, key=lambda c: (-len(c[0]), c[1], c[0]))


def _natural_groups(suits: list[int], s: int, rank0: int, jokers: int,
                    same: bool) -> Iterator[tuple[int, ...]]:
    """Yield the naturals a combination holding the face could have: a set's, a run's."""
    face = s * 13 + rank0
    yield from _set_naturals(suits, s, rank0, same)
    ranks = [r for r in range(13) if suits[s] >> (4 * r) & 15 and r != rank0]
    positions = [r + 1 for r in ranks]
    for run in _runs(rank0 + 1, positions, jokers, 1):
        yield tuple(sorted([face] + [s * 13 + p - 1 for p in run]))
    if rank0 == 0:  # the ace high: the run grows downwards from position 14
        for run in _runs(14, positions, jokers, -1):
            yield tuple(sorted([face] + [s * 13 + p - 1 for p in run]))


def _set_naturals(suits: list[int], s: int, rank0: int, same: bool) -> Iterator[tuple[int, ...]]:
    """Yield every group of two to four naturals of the face's rank holding the face."""
    most = [min(v >> (4 * rank0) & 15, 4 if same else 1) for v in suits]
    most[s] -= 1  # one copy of the face is in already
    groups: list[list[int]] = [[s * 13 + rank0]]
    for t in range(s, 4):
        groups = [g + [t * 13 + rank0] * n for g in groups for n in range(most[t] + 1)]
    for g in groups:
        if 2 <= len(g) <= 4:
            yield tuple(sorted(g))


def _runs(start: int, positions: list[int], jokers: int, step: int) -> Iterator[tuple[int, ...]]:
    """Yield the other naturals' positions of runs from `start` going `step`, gaps <= jokers."""
    ahead = sorted((p for p in positions if (p - start) * step > 0), key=lambda p: p * step)
    stack: list[tuple[tuple[int, ...], int, int]] = [((), start, 0)]
    while stack:
        run, last, gaps = stack.pop()
        yield run
        if len(run) + 1 == MAX_RUN:
            continue
        for p in ahead:
            extra = gaps + (p - last) * step - 1
            if (p - last) * step <= 0:
                continue
            if extra > jokers:
                break
            stack.append(((*run, p), p, extra))
