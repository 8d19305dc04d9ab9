"""One suit, runs only: the least cost of a suit's cards for each number of jokers.

A suit vector holds a nibble of copies per rank (ace in the lowest nibble). Its cards
fall into clusters: two cards further apart than the jokers can bridge never share a
run, so each cluster is priced alone (_splits) and the suit's row is their min-plus
sum. The ace sits at position 1 or 14, so it joins the top cluster when a king or queen
is within reach.
"""

from __future__ import annotations

from functools import lru_cache

from ._combos import INF, ONES
from ._splits import Runs, Table, split_costs, split_table


@lru_cache(maxsize=1 << 16)
def suit_costs(vec: int, jokers: int) -> tuple[int, ...]:
    """Return, for k = 0..jokers, the least cost of a suit's cards with k jokers in runs."""
    row = None
    for cluster in _clusters(vec, jokers):
        more = split_costs(cluster, jokers)
        row = more if row is None else add_rows(row, more)
    assert row is not None  # a suit has at least one cluster, maybe empty
    return row


@lru_cache(maxsize=1 << 14)
def suit_table(vec: int, jokers: int) -> Table:
    """Return, for k = 0..jokers, the least cost and the runs with k jokers in runs."""
    clusters = _clusters(vec, jokers)
    table = split_table(clusters[0], jokers)
    for cluster in clusters[1:]:
        table = _add(table, split_table(cluster, jokers))
    return table


def add_rows(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    """Return the min-plus sum of two cost rows of the same length."""
    size = len(a)
    if size == 5:  # written out for one to four jokers: this is the hot spot
        a0, a1, a2, a3, a4 = a
        b0, b1, b2, b3, b4 = b
        return (a0 + b0, min(a0 + b1, a1 + b0), min(a0 + b2, a1 + b1, a2 + b0),
                min(a0 + b3, a1 + b2, a2 + b1, a3 + b0),
                min(a0 + b4, a1 + b3, a2 + b2, a3 + b1, a4 + b0))
    if size == 4:
        a0, a1, a2, a3 = a
        b0, b1, b2, b3 = b
        return (a0 + b0, min(a0 + b1, a1 + b0), min(a0 + b2, a1 + b1, a2 + b0),
                min(a0 + b3, a1 + b2, a2 + b1, a3 + b0))
    if size == 3:
        a0, a1, a2 = a
        b0, b1, b2 = b
        return (a0 + b0, min(a0 + b1, a1 + b0), min(a0 + b2, a1 + b1, a2 + b0))
    if size == 2:
        return (a[0] + b[0], min(a[0] + b[1], a[1] + b[0]))
    return tuple([min([a[i] + b[k - i] for i in range(k + 1)]) for k in range(size)])


def _clusters(vec: int, jokers: int) -> list[int]:
    """Split a suit vector where no run can bridge the gap (the ace may close the ring)."""
    present = (vec | vec >> 1 | vec >> 2 | vec >> 3) & ONES
    if not present:
        return [0]
    held = []
    while present:
        low = present & -present
        held.append((low.bit_length() - 1) >> 2)
        present -= low
    spans = [[held[0], held[0]]]
    for r in held[1:]:
        if r - spans[-1][1] - 1 > jokers:
            spans.append([r, r])
        spans[-1][1] = r
    masks = [(1 << (4 * top + 4)) - (1 << (4 * bottom)) for bottom, top in spans]
    if len(masks) > 1 and held[0] == 0 and 12 - held[-1] <= jokers:
        masks[0] |= masks.pop()  # the ace high reaches the top cluster
    return [vec & mask for mask in masks]


def _add(a: Table, b: Table) -> Table:
    """Return the min-plus sum of two tables (jokers shared between them)."""
    out: list[tuple[int, Runs]] = [(INF, ())] * len(a)
    for i, (ca, ra) in enumerate(a):
        if ca >= INF:
            continue
        for j in range(len(a) - i):
            cb, rb = b[j]
            if ca + cb < out[i + j][0]:
                out[i + j] = (ca + cb, ra + rb)
    return tuple(out)
