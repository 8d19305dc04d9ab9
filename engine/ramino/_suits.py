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

from ._combos import MAX_RUN, card_cost
from ._shapes import shape_costs, shape_table

INF = 1 << 60
Counts = tuple[int, ...]  # copies per run position 1..14 (index 13: an ace kept high)
Runs = tuple[tuple[int, ...], ...]  # each run's natural positions (1..14)
Table = tuple[tuple[int, Runs], ...]  # per joker count k: (least cost, its runs)
Parts = dict[tuple[int, int], tuple[int, Runs]]  # (jokers needed, room) -> (cost, runs)


@lru_cache(maxsize=1 << 16)
def suit_costs(vec: int, jokers: int) -> tuple[int, ...]:
    """Return, for k = 0..jokers, the least cost of a suit's cards with k jokers in runs."""
    if vec and not vec & 15:
        return shape_costs(vec, jokers)
    return tuple(cost for cost, _ in suit_table(vec, jokers))


@lru_cache(maxsize=1 << 14)
def suit_table(vec: int, jokers: int) -> Table:
    """Return, for k = 0..jokers, the least cost and the runs with k jokers in runs."""
    if vec and not vec & 15:
        return shape_table(vec, jokers)  # no ace: shared by every suit of that shape
    clusters = _clusters(vec, jokers)
    table = _cluster_table(clusters[0], jokers)
    for cluster in clusters[1:]:
        table = _add(table, _cluster_table(cluster, jokers))
    return table


def _clusters(vec: int, jokers: int) -> list[int]:
    """Split a suit vector where no run can bridge the gap (the ace may close the ring)."""
    held = [r for r in range(13) if vec >> (4 * r) & 15]
    if not held:
        return [0]
    groups = [[held[0]]]
    for r in held[1:]:
        if r - groups[-1][-1] - 1 > jokers:
            groups.append([])
        groups[-1].append(r)
    if len(groups) > 1 and held[0] == 0 and 13 - groups[-1][-1] - 1 <= jokers:
        groups[0] += groups.pop()  # the ace high reaches the top cluster
    return [sum((vec >> (4 * r) & 15) << (4 * r) for r in g) for g in groups]


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
        return shape_table(vec, jokers)
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
