"""Brute force over small Ramino 51 hands: every subset tried as a meld, every joker reading.

Slow and simple on purpose: it checks the bounded searches of engine/ramino51/search.py.
A subset is a meld if read_meld accepts it with some declaration of its jokers; the best
combination is a dynamic programme over subsets of the hand.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import product

from engine.cards import SUITS, Card, make_deck
from engine.errors import RulesError
from engine.melds import Meld
from engine.ramino51.actions import Placed
from engine.ramino51.melds import meld_value, read_meld


def _readings(cards: Sequence[Card]) -> list[tuple[Placed, ...]]:
    """Every way to name the subset as a group: jokers undeclared, or declared in a run."""
    naturals = sorted(c for c in cards if not c.is_joker)
    jokers = [c for c in cards if c.is_joker]
    out = [tuple(Placed(c) for c in naturals + jokers)]
    suits = {c.suit for c in naturals}
    if jokers and len(suits) == 1:
        suit = suits.pop()
        # with at most 2 jokers in a run, each stands within 2 places of a natural card
        places = {p for c in naturals for p in ((1, 14) if c.rank == 1 else (c.rank,))}
        near = sorted({1 if q == 14 else q for p in places for q in
                       range(max(1, p - 2), min(14, p + 2) + 1)})
        for ranks in product(near, repeat=len(jokers)):
            out.append(tuple(Placed(c) for c in naturals) + tuple(
                Placed(j, Card(r, suit)) for j, r in zip(jokers, ranks)))
    return out


def meld_values(hand: Sequence[Card]) -> dict[int, int]:
    """Return every subset mask of the hand that is a meld, with its best opening value."""
    out: dict[int, int] = {}
    n = len(hand)
    for mask in range(1, 1 << n):
        cards = [hand[i] for i in range(n) if mask >> i & 1]
        if len(cards) < 3:
            continue
        best = -1
        for group in _readings(cards):
            try:
                best = max(best, meld_value(read_meld(group)))
            except RulesError:
                continue
        if best >= 0:
            out[mask] = best
    return out


def best_cover(hand: Sequence[Card], melds: dict[int, int], keep_one: bool = True) -> int:
    """Return the most the hand's disjoint melds (`meld_values`) are worth, one card kept
    if asked."""
    full = (1 << len(hand)) - 1
    best = {0: 0}
    for mask in range(1, full + 1):
        low = mask & -mask
        value = best[mask ^ low]  # the lowest card stays out
        for m, v in melds.items():
            if m & low and m & mask == m:
                value = max(value, v + best[mask ^ m])
        best[mask] = value
    if not keep_one:
        return best[full]
    return max(best[full ^ (1 << i)] for i in range(len(hand)))


def closes(hand: Sequence[Card], melds: dict[int, int],
           barred: Sequence[tuple[int, str]] = ()) -> bool:
    """Whether all cards but one (not barred) split into the melds (`meld_values`)."""
    full = (1 << len(hand)) - 1
    covered = {0}
    for mask in range(1, full + 1):
        low = mask & -mask
        if any(m & low and m & mask == m and mask ^ m in covered for m in melds):
            covered.add(mask)
    return any(full ^ (1 << i) in covered and hand[i].face not in barred
               for i in range(len(hand)))


def clustered_hand(rng: random.Random, size: int) -> list[Card]:
    """Return a small hand from two suits and a few ranks (melds likely), jokers possible."""
    suits = rng.sample(SUITS, 2)
    ranks = set(rng.sample([1, 2, 3, 4, 5, 6, 10, 11, 12, 13], 5))
    deck = [c for c in make_deck(2, 2) if c.is_joker or (c.suit in suits and c.rank in ranks)]
    return rng.sample(deck, size)


def every_meld(hand: Sequence[Card]) -> dict[str, tuple[Counter[tuple[int, str]], int]]:
    """Return every meld the hand can make, once per reading: its `canon` text -> the faces
    it takes and its opening value."""
    out: dict[str, tuple[Counter[tuple[int, str]], int]] = {}
    n = len(hand)
    for mask in range(1, 1 << n):
        cards = [hand[i] for i in range(n) if mask >> i & 1]
        if len(cards) < 3:
            continue
        for group in _readings(cards):
            try:
                meld = read_meld(group)
            except RulesError:
                continue
            out[canon(meld)] = Counter(c.face for c in cards), meld_value(meld)
    return out


def canon(meld: Meld) -> str:
    """Return the meld's cards as it declares them, sorted: one text per meld, whatever its
    order ("5H JK(6H) 7H", a set's joker "JK(8?)")."""
    return " ".join(sorted(meld.declared().split()))


def minimal_openings(hand: Sequence[Card], minimum: int) -> set[tuple[str, ...]]:
    """Return every minimal opening of the hand (melds of `every_meld`, a card kept, none
    of which could be dropped), each as its melds' texts, sorted."""
    melds = sorted(every_meld(hand).items())
    held = Counter(c.face for c in hand)
    found: set[tuple[str, ...]] = set()

    def walk(first: int, chosen: list[str], used: Counter[tuple[int, str]],
             values: list[int]) -> None:
        total = sum(values)
        if total >= minimum:
            if total - min(values) < minimum and used.total() < len(hand):
                found.add(tuple(sorted(chosen)))
            return
        for i in range(first, len(melds)):
            text, (faces, value) = melds[i]
            if not faces + used - held:  # the hand still holds its cards
                walk(i, [*chosen, text], used + faces, [*values, value])

    walk(0, [], Counter(), [])
    return found
