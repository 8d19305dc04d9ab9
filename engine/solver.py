"""Exact best-arrangement solver: disjoint melds that leave the least value unmelded.

Two paths give the same answers (the tests hold them to a brute-force reference):
- `FastSolver`: one pack, no wild cards. Runs of one suit never interact with other
  suits, so the best runs-only deadwood of every 13-bit suit mask is tabulated once;
  a hand is then its sets (few choices) plus four table look-ups.
- `best_arrangements`: anything else (wild jokers, duplicate cards from several packs,
  every ace mode), a memoized search over card multisets that can also list every
  optimal arrangement, which gin's knocker tie-break needs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations, product

from .cards import Card
from .melds import Meld, MeldRules, make_meld

ValueFn = Callable[[Card], int]
State = tuple[tuple[int, ...], int]  # copies left of each face, wilds left
Face = tuple[int, str]


@dataclass(frozen=True, slots=True)
class Arrangement:
    """A split of cards into melds and unmelded deadwood."""

    melds: tuple[Meld, ...]
    deadwood: tuple[Card, ...]
    value: int

    def __str__(self) -> str:
        parts = [f"[{m}]" for m in self.melds] + [" ".join(map(str, self.deadwood))]
        return " ".join(p for p in parts if p) + f" = {self.value}"


# --- fast path: one pack, no wilds ------------------------------------------------


class FastSolver:
    """Minimum deadwood for one pack without wilds, by suit-mask tables."""

    def __init__(self, rank_values: Sequence[int], wrap: bool = False) -> None:
        self.values = tuple(rank_values)  # index 0 = ace … 12 = king
        self.wrap = wrap
        self.runs_dead = [self._runs_dead(m) for m in range(1 << 13)]

    def _runs_dead(self, mask: int) -> int:
        if self.wrap and mask != 0x1FFF and mask:
            gap = next(r for r in range(13) if not mask >> r & 1)
            rot = [(gap + 1 + i) % 13 for i in range(13)]  # start just after a gap
            return _linear_dead([mask >> r & 1 for r in rot], [self.values[r] for r in rot])
        if self.wrap and mask == 0x1FFF:
            return 0
        return _linear_dead([mask >> r & 1 for r in range(13)], list(self.values))

    def min_deadwood_mask(self, mask: int) -> int:
        """Minimum deadwood of the cards in a 52-bit mask (bit = suit*13 + rank-1)."""
        s0, s1, s2, s3 = mask & 0x1FFF, mask >> 13 & 0x1FFF, mask >> 26 & 0x1FFF, mask >> 39
        dead = self.runs_dead
        triples = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
        if not triples:
            return dead[s0] + dead[s1] + dead[s2] + dead[s3]
        return self._with_sets(s0, s1, s2, s3, triples)

    def _with_sets(self, s0: int, s1: int, s2: int, s3: int, triples: int) -> int:
        # Each rank held in three or four suits is left alone or gives one of its sets;
        # the choices of different ranks touch different bits, so the suits' masks after
        # every combination of choices are grown rank by rank.
        states = [(s0, s1, s2, s3)]
        while triples:
            bit = triples & -triples
            triples ^= bit
            held = (s0 & bit and 1) | (s1 & bit and 2) | (s2 & bit and 4) | (s3 & bit and 8)
            states += [(a & ~bit if used & 1 else a, b & ~bit if used & 2 else b,
                        c & ~bit if used & 4 else c, d & ~bit if used & 8 else d)
                       for a, b, c, d in states for used in _SETS_OF[held]]
        dead = self.runs_dead
        return min(dead[a] + dead[b] + dead[c] + dead[d] for a, b, c, d in states)


def _sets_of(held: int) -> tuple[int, ...]:
    """Return the sets (as masks of suits) that the suits in `held` (a mask) can make."""
    suits = [i for i in range(4) if held >> i & 1]
    return tuple(sum(1 << i for i in chosen) for k in (3, 4) for chosen in combinations(suits, k))


_SETS_OF = tuple(_sets_of(held) for held in range(16))  # by the mask of suits holding a rank


def _linear_dead(present: list[int], values: list[int]) -> int:
    """Least deadwood of one suit's cards (in rank order) using runs only."""
    n = len(present)
    best = [0] * (n + 1)  # best[i] = least deadwood of positions i..n-1
    for i in range(n - 1, -1, -1):
        if not present[i]:
            best[i] = best[i + 1]
            continue
        cand = values[i] + best[i + 1]
        j = i
        while j < n and present[j]:
            j += 1
            if j - i >= 3 and best[j] < cand:
                cand = best[j]
        best[i] = cand
    return best[0]


# --- generic path: wilds, duplicates, every ace mode --------------------------------


@dataclass(frozen=True, slots=True)
class _Candidate:
    uses: tuple[tuple[int, int], ...]  # (face index, copies)
    wilds: int
    faces: tuple[int, ...]  # face index per natural card, in meld order (-1 = wild)


def best_arrangements(
    cards: Iterable[Card], rules: MeldRules, value: ValueFn, limit: int = 1000
) -> list[Arrangement]:
    """Return every arrangement with the least unmelded value (at most `limit`)."""
    solver = _Search(list(cards), rules, value)
    return solver.enumerate(limit)


def best_arrangement(cards: Iterable[Card], rules: MeldRules, value: ValueFn) -> Arrangement:
    """Return one arrangement with the least unmelded value."""
    return best_arrangements(cards, rules, value, limit=1)[0]


def min_leftover(cards: Iterable[Card], rules: MeldRules, value: ValueFn) -> int:
    """Return the least unmelded value of the cards."""
    solver = _Search(list(cards), rules, value)
    return solver.best(solver.start)


class _Search:
    def __init__(self, cards: list[Card], rules: MeldRules, value: ValueFn) -> None:
        self.rules, self.value = rules, value
        self.wild_cards = sorted((c for c in cards if rules.is_wild(c)), key=value, reverse=True)
        naturals = [c for c in cards if not rules.is_wild(c)]
        self.faces: list[Face] = sorted({c.face for c in naturals}, key=_face_order)
        self.index = {f: i for i, f in enumerate(self.faces)}
        self.copies: dict[int, list[Card]] = {i: [] for i in range(len(self.faces))}
        for c in naturals:
            self.copies[self.index[c.face]].append(c)
        self.face_value = [value(self.copies[i][0]) for i in range(len(self.faces))]
        self.wild_value = [value(c) for c in self.wild_cards]
        counts = tuple(len(self.copies[i]) for i in range(len(self.faces)))
        self.start = (counts, len(self.wild_cards))
        self.by_first = _candidates(self.faces, counts, len(self.wild_cards), rules)
        self.memo: dict[State, int] = {}

    def best(self, state: State) -> int:
        hit = self.memo.get(state)
        if hit is not None:
            return hit
        counts, wilds = state
        i = next((k for k, n in enumerate(counts) if n), -1)
        if i < 0:
            # wilds left over: the dearest went into melds, the cheapest stay in hand
            result = sum(self.wild_value[len(self.wild_value) - wilds:]) if wilds else 0
        else:
            result = self.face_value[i] + self.best((_take(counts, ((i, 1),)), wilds))
            for cand in self.by_first.get(i, ()):
                nxt = self._apply(state, cand)
                if nxt is not None:
                    result = min(result, self.best(nxt))
        self.memo[state] = result
        return result

    def _apply(self, state: State, cand: _Candidate) -> State | None:
        counts, wilds = state
        if cand.wilds > wilds or any(counts[f] < n for f, n in cand.uses):
            return None
        return (_take(counts, cand.uses), wilds - cand.wilds)

    def enumerate(self, limit: int) -> list[Arrangement]:
        target = self.best(self.start)
        out: list[Arrangement] = []
        seen: set[tuple[tuple[str, ...], tuple[str, ...]]] = set()
        self._walk(self.start, [], [], target, out, seen, limit)
        return out

    def _walk(self, state: State, melds: list[_Candidate], dead: list[int], target: int,
              out: list[Arrangement], seen: set[tuple[tuple[str, ...], tuple[str, ...]]],
              limit: int) -> None:
        if len(out) >= limit:
            return
        counts, wilds = state
        i = next((k for k, n in enumerate(counts) if n), -1)
        if i < 0:
            arr = self._realize(melds, dead, wilds)
            key = (tuple(sorted(str(m) for m in arr.melds)), tuple(sorted(map(str, arr.deadwood))))
            if key not in seen:
                seen.add(key)
                out.append(arr)
            return
        spent = sum(self.face_value[f] for f in dead)
        nxt = (_take(counts, ((i, 1),)), wilds)
        if spent + self.face_value[i] + self.best(nxt) == target:
            self._walk(nxt, melds, dead + [i], target, out, seen, limit)
        for cand in self.by_first.get(i, ()):
            nxt2 = self._apply(state, cand)
            if nxt2 is not None and spent + self.best(nxt2) == target:
                self._walk(nxt2, melds + [cand], dead, target, out, seen, limit)

    def _realize(self, cands: list[_Candidate], dead: list[int], wilds_left: int) -> Arrangement:
        """Turn face indices back into the actual cards (copies and wilds in order)."""
        pools = {i: list(cs) for i, cs in self.copies.items()}
        n_used = len(self.wild_cards) - wilds_left
        wild_pool = list(reversed(self.wild_cards[:n_used]))  # the dearest wilds go in melds
        melds = []
        for cand in cands:
            cs = [wild_pool.pop() if f < 0 else pools[f].pop() for f in cand.faces]
            melds.append(make_meld(cs, self.rules))
        dead_cards = [pools[f].pop() for f in dead]
        dead_cards += self.wild_cards[n_used:]
        value = sum(self.value(c) for c in dead_cards)
        return Arrangement(tuple(melds), tuple(dead_cards), value)


def _face_order(face: Face) -> tuple[str, int]:
    return (face[1], face[0])


def _take(counts: tuple[int, ...], uses: Iterable[tuple[int, int]]) -> tuple[int, ...]:
    out = list(counts)
    for f, n in uses:
        out[f] -= n
    return tuple(out)


def _candidates(
    faces: list[Face], counts: tuple[int, ...], jokers: int, rules: MeldRules
) -> dict[int, list[_Candidate]]:
    """Every meld the cards could make, as face multisets, keyed by their first face."""
    index = {f: i for i, f in enumerate(faces)}
    found: list[_Candidate] = []
    found += _set_candidates(faces, counts, index, jokers, rules)
    found += _run_candidates(counts, index, jokers, rules)
    by_first: dict[int, list[_Candidate]] = {}
    for cand in found:
        first = min(f for f, _ in cand.uses)
        by_first.setdefault(first, []).append(cand)
    return by_first


def _set_candidates(faces: list[Face], counts: tuple[int, ...], index: dict[Face, int],
                    jokers: int, rules: MeldRules) -> list[_Candidate]:
    out = []
    for rank in sorted({r for r, _ in faces}):
        idxs = [index[f] for f in faces if f[0] == rank]
        caps = [1 if rules.distinct_suits else counts[i] for i in idxs]
        for take in product(*(range(c + 1) for c in caps)):
            naturals = sum(take)
            if naturals < max(1, rules.min_naturals):
                continue
            for w in range(min(rules.max_wilds_set, jokers) + 1):
                if rules.set_min <= naturals + w <= rules.set_max:
                    uses = tuple((i, n) for i, n in zip(idxs, take) if n)
                    seq = tuple(i for i, n in uses for _ in range(n)) + (-1,) * w
                    out.append(_Candidate(uses, w, seq))
    return out


def _run_candidates(counts: tuple[int, ...], index: dict[Face, int], jokers: int,
                    rules: MeldRules) -> list[_Candidate]:
    out = []
    max_w = min(rules.max_wilds_run, jokers)
    for suit in "SHDC":
        for lo in range(1, 14 if rules.aces == "wrap" else rules.positions + 1):
            for n in range(rules.run_min, 14):
                if rules.aces != "wrap" and lo + n - 1 > rules.positions:
                    break
                ranks = [(lo - 1 + k) % 13 + 1 if rules.aces == "wrap" else lo + k
                         for k in range(n)]
                slots = [index.get((1 if r == 14 else r, suit)) for r in ranks]
                out += _fill_run(slots, max_w, rules)
    return out


def _fill_run(slots: list[int | None], max_w: int, rules: MeldRules) -> list[_Candidate]:
    present = [k for k, s in enumerate(slots) if s is not None]
    missing = len(slots) - len(present)
    if missing > max_w:
        return []
    out = []
    for extra in range(max_w - missing + 1):
        for wild_pos in combinations(present, extra):
            used = [k for k in present if k not in wild_pos]
            if len(used) < max(1, rules.min_naturals):
                continue
            seq = tuple(s if k in used and s is not None else -1 for k, s in enumerate(slots))
            uses = tuple((s, 1) for s in seq if s >= 0)
            out.append(_Candidate(uses, len(slots) - len(used), seq))
    return out
