"""The relaxation: least cost over all arrangements, the joker-needed rule left out.

Hands are four suit vectors (4 bits per rank, ace in the lowest nibble) and a joker
count. Every combination of two or more naturals of one rank is a set; every other one,
a lone natural with jokers included, is a run of one suit (as a multiset a lone natural
with jokers is both, and the run reading allows every joker count the set reading does).
So a hand is a choice of sets per rank, then runs only, suit by suit, tabulated per suit
vector and joker count, and the jokers shared out among sets, suits and the unmatched.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import product

from ._combos import MAX_RUN, SCALE, card_cost

INF = 1 << 60
Counts = tuple[int, ...]  # copies per run position 1..14 (index 13: an ace kept high)
Runs = tuple[tuple[int, ...], ...]  # each run's natural positions (1..14)
Parts = dict[tuple[int, int], tuple[int, Runs]]  # (jokers needed, room) -> (cost, runs)
Shape = tuple[int, ...]  # copies of one rank a set takes, per suit


@dataclass(frozen=True, slots=True)
class Plan:
    """A least-cost arrangement of the relaxation, jokers not yet placed."""

    cost: int
    combos: tuple[tuple[tuple[int, ...], int, int], ...]  # natural faces, least jokers, most
    groups: tuple[tuple[tuple[int, ...], int], ...]  # combo indices, jokers they share
    leftover: tuple[int, ...]  # unmatched natural faces
    jokers_left: int


def joker_cost(joker_penalty: int) -> int:
    """Return the composite cost of one unmatched joker."""
    return joker_penalty * SCALE + 1


def suit_vectors(faces: list[int]) -> tuple[int, int, int, int]:
    """Return the four suit vectors (a nibble of copies per rank) of natural faces."""
    vecs = [0, 0, 0, 0]
    for f in faces:
        vecs[f // 13] += 1 << (4 * (f % 13))
    return vecs[0], vecs[1], vecs[2], vecs[3]


def vector_faces(suit: int, vec: int) -> list[int]:
    """Return the faces a suit vector holds, with repeats."""
    out = []
    for r in range(13):
        out += [suit * 13 + r] * (vec >> (4 * r) & 15)
    return out


@lru_cache(maxsize=1 << 17)
def relax(suits: tuple[int, int, int, int], jokers: int, same: bool, jk: int) -> Plan:
    """Return a least-cost arrangement when any combination may hold any joker."""
    best: tuple[int, tuple[_SetPick, ...]] | None = None
    for config in product(*_rank_options(suits, jokers, same)):
        rest = _remove_sets(suits, config)
        need = sum(p.need for p in config)
        cap = sum(p.cap for p in config)
        tables = [suit_table(v, jokers) for v in rest]
        cost = _share(need, cap, [[c for c, _ in t] for t in tables], jokers, jk)
        if best is None or cost < best[0]:
            best = (cost, config)
    assert best is not None  # the empty choice of sets is always there
    return _plan(suits, best[1], jokers, jk)


@dataclass(frozen=True, slots=True)
class _SetPick:
    rank0: int
    sets: tuple[Shape, ...]  # copies used per suit, one tuple per set
    need: int
    cap: int


def _rank_options(
    suits: tuple[int, int, int, int], jokers: int, same: bool
) -> Iterator[list[_SetPick]]:
    """Yield, per rank holding a possible set, every choice of sets of that rank."""
    for rank0 in range(13):
        held = tuple(v >> (4 * rank0) & 15 for v in suits)
        if sum(held) >= 2:
            picks = _set_choices(held, jokers, same)
            if len(picks) > 1:
                yield [_SetPick(rank0, sets, need, cap) for sets, need, cap in picks]


@lru_cache(maxsize=4096)
def _set_choices(
    held: tuple[int, ...], jokers: int, same: bool
) -> tuple[tuple[tuple[Shape, ...], int, int], ...]:
    """Return every collection of disjoint sets (two naturals or more) of one rank."""
    shapes = [
        u for u in product(*(range(min(h, 4 if same else 1) + 1) for h in held))
        if 2 <= sum(u) <= 4 and 3 - sum(u) <= jokers
    ]
    out: list[tuple[tuple[Shape, ...], int, int]] = []

    def grow(left: tuple[int, ...], start: int, chosen: list[Shape],
             need: int) -> None:
        cap = sum(4 - sum(u) for u in chosen)
        out.append((tuple(chosen), need, cap))
        for i in range(start, len(shapes)):
            u = shapes[i]
            more = max(0, 3 - sum(u))
            if need + more <= jokers and all(a <= b for a, b in zip(u, left)):
                grow(tuple(b - a for a, b in zip(u, left)), i, [*chosen, u], need + more)

    grow(held, 0, [], 0)
    return tuple(out)


def _remove_sets(suits: tuple[int, ...], config: tuple[_SetPick, ...]) -> list[int]:
    rest = list(suits)
    for pick in config:
        for used in pick.sets:
            for s, n in enumerate(used):
                rest[s] -= n << (4 * pick.rank0)
    return rest


def _share(need: int, cap: int, tables: list[list[int]], jokers: int, jk: int) -> int:
    """Return the least cost once the jokers are shared among sets, suits and the unmatched.

    `tables[s][k]` is suit s's least cost with exactly k jokers in its runs; the sets
    take between `need` and `cap` jokers.
    """
    if jokers == 0:
        return sum(t[0] for t in tables)
    acc = [0 if need <= j <= cap else INF for j in range(jokers + 1)]
    for table in tables:
        grown = [INF] * (jokers + 1)
        for a, ca in enumerate(acc):
            if ca < INF:
                for b in range(jokers + 1 - a):
                    if ca + table[b] < grown[a + b]:
                        grown[a + b] = ca + table[b]
        acc = grown
    return min(c + (jokers - j) * jk for j, c in enumerate(acc))


def _split(need: int, cap: int, tables: list[list[int]], jokers: int, jk: int) -> list[int]:
    """Return the jokers each suit's runs take in a least-cost sharing (see _share)."""
    target = _share(need, cap, tables, jokers, jk)
    for ks in _splits(jokers, len(tables)):
        to_sets = min(cap, jokers - sum(ks))
        cost = sum(t[k] for t, k in zip(tables, ks)) + (jokers - sum(ks) - to_sets) * jk
        if to_sets >= need and cost == target:
            return list(ks)
    raise AssertionError("no sharing reaches the least cost")


@lru_cache(maxsize=64)
def _splits(jokers: int, parts: int) -> tuple[tuple[int, ...], ...]:
    """Every way to give at most `jokers` jokers to `parts` groups."""
    return tuple(ks for ks in product(range(jokers + 1), repeat=parts) if sum(ks) <= jokers)


def _plan(
    suits: tuple[int, int, int, int], config: tuple[_SetPick, ...], jokers: int, jk: int
) -> Plan:
    rest = _remove_sets(suits, config)
    tables = [suit_table(v, jokers) for v in rest]
    need = sum(p.need for p in config)
    cap = sum(p.cap for p in config)
    costs = [[c for c, _ in t] for t in tables]
    cost = _share(need, cap, costs, jokers, jk)
    ks = _split(need, cap, costs, jokers, jk)
    combos: list[tuple[tuple[int, ...], int, int]] = []
    for pick in config:
        for used in pick.sets:
            faces = tuple(s * 13 + pick.rank0 for s, n in enumerate(used) for _ in range(n))
            combos.append((faces, max(0, 3 - len(faces)), 4 - len(faces)))
    groups = [(tuple(range(len(combos))), min(cap, jokers - sum(ks)))]
    leftover: list[int] = []
    for s, (table, k) in enumerate(zip(tables, ks)):
        runs = table[k][1]
        first = len(combos)
        for run in runs:
            faces = tuple(sorted(s * 13 + (p - 1) % 13 for p in run))
            combos.append((faces, _run_need(run), MAX_RUN - len(run)))
        groups.append((tuple(range(first, len(combos))), k))
        leftover += _left_after(s, rest[s], runs)
    placed = sum(k for _, k in groups)
    return Plan(cost, tuple(combos), tuple(groups), tuple(sorted(leftover)), jokers - placed)


def _left_after(suit: int, vec: int, runs: Runs) -> list[int]:
    for run in runs:
        for p in run:
            vec -= 1 << (4 * ((p - 1) % 13))
    return vector_faces(suit, vec)


def _run_need(run: tuple[int, ...]) -> int:
    """Return the jokers a run's naturals need: its gaps, and at least 3 cards."""
    return max(run[-1] - run[0] + 1 - len(run), 3 - len(run))


# --- one suit, runs only -------------------------------------------------------------


@lru_cache(maxsize=1 << 17)
def suit_table(vec: int, jokers: int) -> tuple[tuple[int, Runs], ...]:
    """Return, for k = 0..jokers, the least cost of a suit's cards with k jokers in runs."""
    counts = tuple(vec >> (4 * r) & 15 for r in range(13)) + (0,)
    parts = _parts(counts, jokers)
    out = []
    for k in range(jokers + 1):
        fits = [v for (need, room), v in parts.items() if need <= k <= room]
        out.append(min(fits, key=lambda v: v[0]) if fits else (INF, ()))
    return tuple(out)


@lru_cache(maxsize=1 << 17)
def _parts(counts: Counts, jokers: int) -> Parts:
    """Return the least cost per (jokers needed, joker room) over every split into runs."""
    p = next((i for i, n in enumerate(counts) if n), None)
    if p is None:
        return {(0, 0): (0, ())}
    if p == 13:
        return {}  # an ace kept high that no run took: the ace left low covers that case
    out: Parts = {}
    _merge(out, _parts(_take(counts, (p + 1,)), jokers), 0, 0, card_cost(p % 13 + 1), None,
           jokers)
    if p == 0:
        high = (counts[0] - 1, *counts[1:13], counts[13] + 1)
        _merge(out, _parts(high, jokers), 0, 0, 0, None, jokers)
    for run in _runs_from(counts, p + 1, jokers):
        _merge(out, _parts(_take(counts, run), jokers), _run_need(run), MAX_RUN - len(run), 0,
               run, jokers)
    return out


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
