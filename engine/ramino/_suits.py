"""One suit, runs only: the least cost of a suit's cards for each number of jokers.

A suit vector holds a nibble of copies per rank (ace in the lowest nibble). Its cards
fall into clusters: two cards further apart than the jokers can bridge never share a
run, so each cluster is tabulated alone (small, so seen again and again across hands)
and the suit's table is their min-plus sum. The ace sits at position 1 or 14, so it
joins the top cluster when a king or queen is within reach.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from ._combos import INF, MAX_RUN, card_cost
from ._shapes import shape_costs, shape_table

ONES = 0x1111111111111  # the lowest bit of each of 13 nibbles
Counts = tuple[int, ...]  # copies per run position 1..14 (index 13: an ace kept high)
Runs = tuple[tuple[int, ...], ...]  # each run's natural positions (1..14)
Table = tuple[tuple[int, Runs], ...]  # per joker count k: (least cost, its runs)
Parts = dict[tuple[int, int], tuple[int, Runs]]  # (jokers needed, room) -> (cost, runs)


@lru_cache(maxsize=1 << 16)
def suit_costs(vec: int, jokers: int) -> tuple[int, ...]:
    """Return, for k = 0..jokers, the least cost of a suit's cards with k jokers in runs."""
    row = None
    for cluster in _clusters(vec, jokers):
        if cluster and not cluster & 15:
            more = shape_costs(cluster, jokers)  # no ace: priced from its shape's splits
        else:
            more = tuple(cost for cost, _ in _cluster_table(cluster, jokers))
        row = more if row is None else add_rows(row, more)
    assert row is not None  # a suit has at least one cluster, maybe empty
    return row


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




@lru_cache(maxsize=1 << 14)
def suit_table(vec: int, jokers: int) -> Table:
    """Return, for k = 0..jokers, the least cost and the runs with k jokers in runs."""
    clusters = _clusters(vec, jokers)
    table = _cluster_table(clusters[0], jokers)
    for cluster in clusters[1:]:
        table = _add(table, _cluster_table(cluster, jokers))
    return table


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


@lru_cache(maxsize=1 << 16)
def _cluster_table(vec: int, jokers: int) -> Table:
    if vec and not vec & 15:
        return shape_table(vec, jokers)  # no ace: from the splits of its shape
    counts = tuple(vec >> (4 * r) & 15 for r in range(13)) + (0,)
    parts = _parts(counts, jokers)
    out = []
    for k in range(jokers + 1):
        fits = [v for (need, room), v in parts.items() if need <= k <= room]
        out.append(min(fits, key=lambda v: v[0]) if fits else (INF, ()))
    return tuple(out)


@lru_cache(maxsize=1 << 16)
def _parts(counts: Counts, jokers: int) -> Parts:
    """Return the least cost per (jokers needed, joker room) over every split into runs."""
    p = next((i for i, n in enumerate(counts) if n), None)
    if p is None:
        return {(0, 0): (0, ())}
    if p == 13:
        return {}  # an ace kept high that no run took: the ace left low covers that case
    out: Parts = {}
    _merge(out, _parts(_take(counts, (p + 1,)), jokers), 0, 0, card_cost(p + 1), None,
           jokers)
    if p == 0:
        high = (counts[0] - 1, *counts[1:13], counts[13] + 1)
        _merge(out, _parts(high, jokers), 0, 0, 0, None, jokers)
    for run in _runs_from(counts, p + 1, jokers):
        _merge(out, _parts(_take(counts, run), jokers), run_need(run), MAX_RUN - len(run), 0,
               run, jokers)
    return out


def run_need(run: tuple[int, ...]) -> int:
    """Return the jokers a run's naturals need: its gaps, and at least 3 cards."""
    return max(run[-1] - run[0] + 1 - len(run), 3 - len(run))


def _take(counts: Counts, positions: tuple[int, ...]) -> Counts:
    out = list(counts)
    for p in positions:
        out[p - 1] -= 1
    return tuple(out)


def _merge(out: Parts, sub: Parts, need: int, room: int, cost: int,
           run: tuple[int, ...] | None, jokers: int) -> None:
    """Add `sub` grown by one run (or one unmatched card) to `out`, keeping the least."""
    for (n0, r0), (c0, runs) in sub.items():
        key = (n0 + need, min(jokers, r0 + room))
        if key[0] > jokers:
            continue
        total = c0 + cost
        if key not in out or total < out[key][0]:
            out[key] = (total, runs if run is None else (run, *runs))


def _runs_from(counts: Counts, low: int, jokers: int) -> Iterator[tuple[int, ...]]:
    """Yield every run whose lowest natural is at position `low` (naturals only)."""
    stack: list[tuple[tuple[int, ...], int]] = [((low,), 0)]
    while stack:
        run, gaps = stack.pop()
        if max(gaps, 3 - len(run)) <= jokers:
            yield run
        if len(run) == MAX_RUN:
            continue
        for q in range(run[-1] + 1, 15):
            extra = gaps + q - run[-1] - 1
            if extra > jokers or (low == 1 and q == 14):
                break
            if counts[q - 1]:
                stack.append(((*run, q), extra))
