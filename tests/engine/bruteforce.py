"""A slow, obviously correct reference for the meld solver (tests only).

It lists every subset of the hand that `make_meld` accepts, then every packing of
those melds into disjoint groups, and keeps the packings that leave the least value
unmelded. It shares nothing with engine/solver.py but `make_meld` itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations

from engine.cards import Card
from engine.errors import InvalidMeld
from engine.melds import MeldRules, make_meld

ValueFn = Callable[[Card], int]
# A partition as players see it: each meld's sorted card texts, then the leftover's.
Shape = tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]


def valid_melds(cards: Sequence[Card], rules: MeldRules) -> list[int]:
    """Return every subset of the cards (as an index bitmask) that is a valid meld."""
    wild_idx = [i for i, c in enumerate(cards) if rules.is_wild(c)]
    natural_idx = [i for i, c in enumerate(cards) if not rules.is_wild(c)]
    # Any meld's natural cards share a rank (set) or a suit (run), so only subsets of
    # one such group plus wilds can be melds; make_meld still decides each one.
    groups = {("rank", cards[i].rank) for i in natural_idx} | {
        ("suit", cards[i].suit) for i in natural_idx
    }
    found: set[int] = set()
    for key, val in groups:
        members = [i for i in natural_idx if _group_key(cards[i], key) == val]
        pool = members + wild_idx
        for size in range(min(rules.set_min, rules.run_min), min(len(pool), 14) + 1):
            for combo in combinations(pool, size):
                mask = sum(1 << i for i in combo)
                if mask not in found and _is_meld([cards[i] for i in combo], rules):
                    found.add(mask)
    return sorted(found)


def _group_key(card: Card, key: str) -> int | str:
    return card.rank if key == "rank" else card.suit


def _is_meld(cards: list[Card], rules: MeldRules) -> bool:
    try:
        make_meld(cards, rules)
    except InvalidMeld:
        return False
    return True


def packings(n_cards: int, melds: list[int]) -> list[list[int]]:
    """Return every collection of pairwise disjoint melds (the empty one included)."""
    out: list[list[int]] = []

    def grow(start: int, used: int, chosen: list[int]) -> None:
        out.append(list(chosen))
        for k in range(start, len(melds)):
            if melds[k] & used == 0:
                chosen.append(melds[k])
                grow(k + 1, used | melds[k], chosen)
                chosen.pop()

    grow(0, 0, [])
    return out


def brute_min_leftover(cards: Sequence[Card], rules: MeldRules, value: ValueFn) -> int:
    """Return the least unmelded value over every packing of valid melds."""
    cards = list(cards)
    values = [value(c) for c in cards]
    total = sum(values)
    best = total
    for packing in packings(len(cards), valid_melds(cards, rules)):
        used = 0
        for m in packing:
            used |= m
        melded = sum(v for i, v in enumerate(values) if used >> i & 1)
        best = min(best, total - melded)
    return best


def brute_best_shapes(cards: Sequence[Card], rules: MeldRules, value: ValueFn) -> set[Shape]:
    """Return every least-leftover partition, printed as players see it."""
    cards = list(cards)
    target = brute_min_leftover(cards, rules, value)
    out: set[Shape] = set()
    for packing in packings(len(cards), valid_melds(cards, rules)):
        used = 0
        for m in packing:
            used |= m
        rest = [c for i, c in enumerate(cards) if not used >> i & 1]
        if sum(value(c) for c in rest) == target:
            out.add(shape([[c for i, c in enumerate(cards) if m >> i & 1] for m in packing], rest))
    return out


def shape(melds: Sequence[Sequence[Card]], leftover: Sequence[Card]) -> Shape:
    """Return a partition in a canonical printed form (pack copies look alike)."""
    meld_texts = tuple(sorted(tuple(sorted(str(c) for c in m)) for m in melds))
    return meld_texts, tuple(sorted(str(c) for c in leftover))
