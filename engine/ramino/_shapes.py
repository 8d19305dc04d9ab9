"""Suits without an ace: how they split into runs does not depend on where they sit.

A suit's shape is its vector moved down to rank 0 (runs fit anywhere from 2 to K: only
the ace is tied to the ends). For each number of jokers a shape keeps only the splits
whose unmatched cards are not a superset of another split's: every card has a positive
value, so one of those is the cheapest wherever the shape sits. A suit's table then
prices those few candidates at its real ranks.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from ._combos import INF, MAX_RUN, card_cost

HIGH_BITS = 0x8888888888888  # bit 3 of each of 13 nibbles (copies stay below 8)
Runs = tuple[tuple[int, ...], ...]  # each run's natural positions
Split = tuple[int, Runs]  # unmatched vector, runs


def shape_costs(vec: int, jokers: int) -> tuple[int, ...]:
    """Return, for k = 0..jokers, the least cost of an ace-free suit with k jokers in runs."""
    low = ((vec & -vec).bit_length() - 1) >> 2
    return tuple([min([vector_cost(left << (4 * low)) for left, _ in splits]) if splits else INF
                  for splits in shape_rows(vec >> (4 * low), jokers)])


def shape_table(vec: int, jokers: int) -> tuple[tuple[int, Runs], ...]:
    """Return, for k = 0..jokers, the least cost and the runs of an ace-free suit."""
    low = ((vec & -vec).bit_length() - 1) >> 2
    out = []
    for splits in shape_rows(vec >> (4 * low), jokers):
        best: tuple[int, Runs] = (INF, ())
        for left, runs in splits:
            cost = vector_cost(left << (4 * low))
            if cost < best[0]:
                best = (cost, runs)
        out.append((best[0], tuple(tuple(p + low + 1 for p in run) for run in best[1])))
    return tuple(out)


@lru_cache(maxsize=1 << 14)
def shape_rows(shape: int, jokers: int) -> tuple[tuple[Split, ...], ...]:
    """Return, for k = 0..jokers, the candidate splits of a shape with k jokers in runs."""
    found = _splits(tuple(shape >> (4 * r) & 15 for r in range(13)), jokers)
    rows = []
    for k in range(jokers + 1):
        row: list[Split] = []
        for (need, room), splits in found.items():
            if need <= k <= room:
                for left, runs in splits:
                    _keep_in(row, left, runs)
        rows.append(tuple(row))
    return tuple(rows)


@lru_cache(maxsize=1 << 14)
def vector_cost(vec: int) -> int:
    """Return the cost of leaving a suit vector's cards unmatched."""
    cost = 0
    while vec:
        rank0 = ((vec & -vec).bit_length() - 1) >> 2
        copies = vec >> (4 * rank0) & 15
        cost += copies * card_cost(rank0 + 1)
        vec -= copies << (4 * rank0)
    return cost


@lru_cache(maxsize=1 << 14)
def _splits(counts: tuple[int, ...], jokers: int) -> dict[tuple[int, int], list[Split]]:
    p = next((i for i, n in enumerate(counts) if n), None)
    if p is None:
        return {(0, 0): [(0, ())]}
    out: dict[tuple[int, int], list[Split]] = {}
    alone = list(counts)
    alone[p] -= 1
    for key, splits in _splits(tuple(alone), jokers).items():
        for left, runs in splits:
            _keep(out, key, left + (1 << (4 * p)), runs)
    for run in _runs_from(counts, p, jokers):
        rest = list(counts)
        for q in run:
            rest[q] -= 1
        need = max(run[-1] - run[0] + 1 - len(run), 3 - len(run))
        for (n0, r0), splits in _splits(tuple(rest), jokers).items():
            if n0 + need <= jokers:
                for left, runs in splits:
                    _keep(out, (n0 + need, min(jokers, r0 + MAX_RUN - len(run))), left,
                          (run, *runs))
    return out


def _keep(out: dict[tuple[int, int], list[Split]], key: tuple[int, int], left: int,
          runs: Runs) -> None:
    _keep_in(out.setdefault(key, []), left, runs)


def _keep_in(splits: list[Split], left: int, runs: Runs) -> None:
    """Add a split unless another leaves a subset unmatched; drop those it beats."""
    if any(_within(other, left) for other, _ in splits):
        return
    splits[:] = [s for s in splits if not _within(left, s[0])]
    splits.append((left, runs))


def _within(a: int, b: int) -> bool:
    """Whether every nibble of a is at most b's."""
    return ((b | HIGH_BITS) - a) & HIGH_BITS == HIGH_BITS


def _runs_from(counts: tuple[int, ...], low: int, jokers: int) -> Iterator[tuple[int, ...]]:
    """Yield every run (positions from 0) whose lowest natural is at `low`."""
    stack: list[tuple[tuple[int, ...], int]] = [((low,), 0)]
    while stack:
        run, gaps = stack.pop()
        if max(gaps, 3 - len(run)) <= jokers:
            yield run
        if len(run) == MAX_RUN:
            continue
        for q in range(run[-1] + 1, 13):
            extra = gaps + q - run[-1] - 1
            if extra > jokers:
                break
            if counts[q]:
                stack.append(((*run, q), extra))
