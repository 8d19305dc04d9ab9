"""One cluster of one suit, runs only: its candidate splits, priced at its real ranks.

A cluster's split puts some of its naturals in runs (each run: its naturals' positions,
jokers filling the gaps and anything more up to 13 cards) and leaves the rest unmatched.
For each number of jokers a cluster keeps only the splits whose unmatched cards are not
a superset of another split's: every card has a positive value, so one of those is the
cheapest. Without an ace a cluster's runs do not depend on where it sits (only the ace
is tied to the ends), so such clusters share their splits by shape, the vector moved
down to rank 0, and only the pricing looks at the real ranks.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from ._combos import INF, MAX_RUN, card_cost

HIGH_BITS = 0x8888888888888  # bit 3 of each of 13 nibbles (copies stay below 8)
Runs = tuple[tuple[int, ...], ...]  # each run's natural positions (1 = ace low … 14 = high)
Split = tuple[int, Runs]  # unmatched vector, runs
Table = tuple[tuple[int, Runs], ...]  # per joker count k: (least cost, its runs)
Found = dict[tuple[int, int], list[Split]]  # (jokers needed, joker room) -> splits


def split_costs(vec: int, jokers: int) -> tuple[int, ...]:
    """Return, for k = 0..jokers, the least cost of a cluster with k jokers in its runs."""
    low, rows = _rows_of(vec, jokers)
    return tuple([min([vector_cost(left << (4 * low)) for left, _ in splits]) if splits else INF
                  for splits in rows])


def split_table(vec: int, jokers: int) -> Table:
    """Return, for k = 0..jokers, a cluster's least cost and the runs that give it."""
    low, rows = _rows_of(vec, jokers)
    out = []
    for splits in rows:
        best: tuple[int, Runs] = (INF, ())
        for left, runs in splits:
            cost = vector_cost(left << (4 * low))
            if cost < best[0]:
                best = (cost, runs)
        out.append((best[0], tuple(tuple(p + low for p in run) for run in best[1])))
    return tuple(out)


def run_need(run: tuple[int, ...]) -> int:
    """Return the jokers a run's naturals need: its gaps, and at least 3 cards."""
    return max(run[-1] - run[0] + 1 - len(run), 3 - len(run))


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


def _rows_of(vec: int, jokers: int) -> tuple[int, tuple[tuple[Split, ...], ...]]:
    """Return (rank offset, candidate splits per joker count) of a cluster."""
    if not vec or vec & 15:  # empty, or an ace: the positions are the real ones
        return 0, _rows(vec, jokers, True)
    low = ((vec & -vec).bit_length() - 1) >> 2
    return low, _rows(vec >> (4 * low), jokers, False)


@lru_cache(maxsize=1 << 14)
def _rows(vec: int, jokers: int, ace: bool) -> tuple[tuple[Split, ...], ...]:
    """Return, for k = 0..jokers, the candidate splits with k jokers in runs."""
    counts = tuple(vec >> (4 * r) & 15 for r in range(13)) + (0,)
    found = _splits(counts, jokers, ace, {})  # the memo lives for this cluster only
    rows = []
    for k in range(jokers + 1):
        row: list[Split] = []
        for (need, room), splits in found.items():
            if need <= k <= room:
                for left, runs in splits:
                    _keep(row, left, runs)
        rows.append(tuple(row))
    return tuple(rows)


def _splits(counts: tuple[int, ...], jokers: int, ace: bool,
            memo: dict[tuple[int, ...], Found]) -> Found:
    """Return the candidate splits of the copies per position 1..14 (index 13: ace high).

    The lowest card is unmatched, or the lowest natural of a run, or (an ace, when the
    first position holds aces) kept for a run ending at 14.
    """
    if counts in memo:
        return memo[counts]
    p = next((i for i, n in enumerate(counts) if n), None)
    out: Found = {}
    if p is None:
        out[(0, 0)] = [(0, ())]
    elif p < 13:  # 13: an ace kept high that no run took; leaving it low covers that
        alone = _splits(_take(counts, (p + 1,)), jokers, ace, memo)
        _grow(out, alone, 0, 0, 1 << (4 * p), None, jokers)
        if ace and p == 0:
            high = (counts[0] - 1, *counts[1:13], counts[13] + 1)
            _grow(out, _splits(high, jokers, ace, memo), 0, 0, 0, None, jokers)
        for run in _runs_from(counts, p + 1, jokers):
            sub = _splits(_take(counts, run), jokers, ace, memo)
            _grow(out, sub, run_need(run), MAX_RUN - len(run), 0, run, jokers)
    memo[counts] = out
    return out


def _take(counts: tuple[int, ...], positions: tuple[int, ...]) -> tuple[int, ...]:
    out = list(counts)
    for p in positions:
        out[p - 1] -= 1
    return tuple(out)


def _grow(out: Found, sub: Found, need: int, room: int, left: int, run: tuple[int, ...] | None,
          jokers: int) -> None:
    """Add the splits of `sub` with one more run (or one more unmatched card)."""
    for (n0, r0), splits in sub.items():
        if n0 + need <= jokers:
            key = (n0 + need, min(jokers, r0 + room)) if run else (n0, r0)
            kept = out.setdefault(key, [])
            for rest, runs in splits:
                _keep(kept, rest + left, runs if run is None else (run, *runs))


def _keep(splits: list[Split], left: int, runs: Runs) -> None:
    """Add a split unless another leaves a subset unmatched; drop those it beats."""
    if any(_within(other, left) for other, _ in splits):
        return
    splits[:] = [s for s in splits if not _within(left, s[0])]
    splits.append((left, runs))


def _within(a: int, b: int) -> bool:
    """Whether every nibble of a is at most b's."""
    return ((b | HIGH_BITS) - a) & HIGH_BITS == HIGH_BITS


def _runs_from(counts: tuple[int, ...], low: int, jokers: int) -> Iterator[tuple[int, ...]]:
    """Yield every run whose lowest natural is at position `low` (ace low never to 14)."""
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
