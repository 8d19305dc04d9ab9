"""The relaxation's arrangement: its combinations, their joker ranges, the unmatched."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ._combos import MAX_RUN
from ._relax import Choice, Shape, Suits, relax_choice, split_jokers
from ._splits import run_need
from ._suits import suit_table


@dataclass(frozen=True, slots=True)
class Plan:
    """A least-cost arrangement of the relaxation, jokers not yet placed."""

    cost: int
    combos: tuple[tuple[tuple[int, ...], int, int], ...]  # natural faces, least jokers, most
    groups: tuple[tuple[tuple[int, ...], int], ...]  # combo indices, jokers they share
    leftover: tuple[int, ...]  # unmatched natural faces
    jokers_left: int


@lru_cache(maxsize=1 << 10)
def relax_plan(suits: Suits, jokers: int, same: bool, jk: int) -> Plan:
    """Return a least-cost arrangement when any combination may hold any joker."""
    cost, choice, rest, need, cap = relax_choice(suits, jokers, same, jk)
    return _plan(cost, choice, rest, need, cap, jokers, jk)


def _plan(cost: int, choice: Choice, rest: Suits, need: int, cap: int, jokers: int,
          jk: int) -> Plan:
    """Rebuild the arrangement behind a least-cost choice of sets."""
    combos: list[tuple[tuple[int, ...], int, int]] = []
    for rank0, sets in choice:
        combos += [_set_combo(rank0, used) for used in sets]
    to_sets, per_suit = split_jokers(rest, need, cap, jokers, jk)
    groups = [(tuple(range(len(combos))), to_sets)]
    leftover: list[int] = []
    for s in range(4):
        if rest[s]:
            runs, left = _suit_layout(s, rest[s], jokers, per_suit[s])
            groups.append((tuple(range(len(combos), len(combos) + len(runs))), per_suit[s]))
            combos += runs
            leftover += left
    leftover.sort()
    spare = jokers - to_sets - sum(per_suit)
    return Plan(cost, tuple(combos), tuple(groups), tuple(leftover), spare)


@lru_cache(maxsize=1 << 10)
def _set_combo(rank0: int, used: Shape) -> tuple[tuple[int, ...], int, int]:
    """Return a set's natural faces and its least and most jokers."""
    faces = tuple(s * 13 + rank0 for s, n in enumerate(used) for _ in range(n))
    return faces, max(0, 3 - len(faces)), 4 - len(faces)


@lru_cache(maxsize=1 << 14)
def _suit_layout(suit: int, vec: int, jokers: int, k: int) -> tuple[
        tuple[tuple[tuple[int, ...], int, int], ...], tuple[int, ...]]:
    """Return a suit's runs with k jokers (faces, least and most jokers) and its leftover."""
    runs = []
    for run in suit_table(vec, jokers)[k][1]:
        runs.append((tuple(sorted(suit * 13 + (p - 1) % 13 for p in run)), run_need(run),
                     MAX_RUN - len(run)))
        for p in run:
            vec -= 1 << (4 * ((p - 1) % 13))
    return tuple(runs), tuple(_faces(suit, vec))


def _faces(suit: int, vec: int) -> list[int]:
    """Return the faces a suit vector holds, with repeats."""
    out: list[int] = []
    while vec:
        rank0 = ((vec & -vec).bit_length() - 1) >> 2
        copies = vec >> (4 * rank0) & 15
        out += [suit * 13 + rank0] * copies
        vec -= copies << (4 * rank0)
    return out
