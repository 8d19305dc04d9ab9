"""A slow, obviously correct reference for the Ramino penalty (tests only).

It shares no code with engine/ramino. It lists every combination the hand can form
(a group of natural cards plus some of the jokers, valid when the jokers can be given
identities that make a set or a run of real cards), then every way to pick disjoint
combinations; whatever is left is U. An arrangement counts only if the joker-needed rule
holds, applied word for word: no natural card of U may take a joker's place in a
combination with the combination still valid. The penalty is the least value of U.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache
from itertools import combinations, product

from engine.cards import Card

Face = tuple[int, str]  # (rank, suit)
SUIT_LETTERS = "SHDC"


def brute_penalty(cards: Sequence[Card], same_suit_sets: bool = False,
                  joker_penalty: int = 25) -> int:
    """Return the least value of U over every valid arrangement (0 for colore, ramino)."""
    naturals = [c.face for c in cards if not c.is_joker]
    jokers = len(cards) - len(naturals)
    if whole_hand_colore(naturals) or whole_hand_run(naturals, jokers):
        return 0
    best = None
    for combos, left, spare in arrangements(naturals, jokers, same_suit_sets):
        if rule_holds(combos, left, same_suit_sets):
            value = unmatched_value(left, spare, joker_penalty)
            best = value if best is None else min(best, value)
    assert best is not None  # everything unmatched is always an arrangement
    return best


def whole_hand_colore(naturals: list[Face]) -> bool:
    """Whether every natural card has the same suit (and there is one)."""
    return len({suit for _, suit in naturals}) == 1


def whole_hand_run(naturals: list[Face], jokers: int) -> bool:
    """Whether the whole hand is one run."""
    return bool(naturals) and is_run(tuple(sorted(naturals)), jokers)


def unmatched_value(left: list[Face], jokers: int, joker_penalty: int) -> int:
    """Return U's value: ace 1 when it is U's only card, else 11; J Q K 10; jokers."""
    if jokers == 0 and len(left) == 1 and left[0][0] == 1:
        return 1
    total = jokers * joker_penalty
    for rank, _ in left:
        total += 11 if rank == 1 else min(rank, 10)
    return total


def arrangements(naturals: list[Face], jokers: int,
                 same: bool) -> Iterator[tuple[list[tuple[list[Face], int]], list[Face], int]]:
    """Yield every (combinations, unmatched naturals, unmatched jokers) of the hand."""
    candidates = [
        (mask, j)
        for mask in natural_groups(naturals)
        for j in range(jokers + 1)
        if is_combination(tuple(sorted(_pick(naturals, mask))), j, same)
    ]

    def grow(start: int, used: int, jokers_used: int,
             chosen: list[tuple[int, int]]) -> Iterator[list[tuple[int, int]]]:
        yield chosen
        for k in range(start, len(candidates)):
            mask, j = candidates[k]
            if mask & used == 0 and jokers_used + j <= jokers:
                yield from grow(k + 1, used | mask, jokers_used + j, [*chosen, (mask, j)])

    for chosen in grow(0, 0, 0, []):
        used = 0
        for mask, _ in chosen:
            used |= mask
        combos = [(_pick(naturals, mask), j) for mask, j in chosen]
        left = [f for i, f in enumerate(naturals) if not used >> i & 1]
        yield combos, left, jokers - sum(j for _, j in chosen)


def _pick(naturals: list[Face], mask: int) -> list[Face]:
    return [f for i, f in enumerate(naturals) if mask >> i & 1]


def natural_groups(naturals: list[Face]) -> list[int]:
    """Every non-empty group (index mask) of naturals sharing one rank or one suit."""
    out: set[int] = set()
    for key in (0, 1):  # 0: same rank, 1: same suit
        values = {f[key] for f in naturals}
        for v in values:
            idx = [i for i, f in enumerate(naturals) if f[key] == v]
            for size in range(1, min(len(idx), 13) + 1):
                for group in combinations(idx, size):
                    out.add(sum(1 << i for i in group))
    return sorted(out)


def rule_holds(combos: list[tuple[list[Face], int]], left: list[Face], same: bool) -> bool:
    """The joker-needed rule: no natural of U can replace a joker of any combination."""
    for naturals, jokers in combos:
        if jokers == 0:
            continue
        for card in left:
            if is_combination(tuple(sorted([*naturals, card])), jokers - 1, same):
                return False
    return True


@cache
def is_combination(naturals: tuple[Face, ...], jokers: int, same: bool) -> bool:
    """Whether the naturals plus the jokers form a set or a run of real cards."""
    if not naturals:
        return False  # every combination needs a natural card
    return is_set(naturals, jokers, same) or is_run(naturals, jokers)


def is_set(naturals: tuple[Face, ...], jokers: int, same: bool) -> bool:
    """Give each joker a suit, then check: 3 or 4 cards of one rank, suits distinct."""
    if len({rank for rank, _ in naturals}) != 1:
        return False
    for suits in product(SUIT_LETTERS, repeat=jokers):
        every = [suit for _, suit in naturals] + list(suits)
        if 3 <= len(every) <= 4 and (same or len(set(every)) == len(every)):
            return True
    return False


def is_run(naturals: tuple[Face, ...], jokers: int) -> bool:
    """Lay the run on every window of consecutive positions; jokers fill what is empty.

    Positions: ace 1 (low) … king 13, ace 14 (high); a window never holds both 1 and 14.
    """
    if len({suit for _, suit in naturals}) != 1:
        return False
    size = len(naturals) + jokers
    if size < 3:
        return False
    for low in range(1, 15):
        window = list(range(low, low + size))
        if window[-1] > 14 or (1 in window and 14 in window):
            continue
        spots = [_spot(rank, window) for rank, _ in naturals]
        if None not in spots and len(set(spots)) == len(spots):
            return True  # the jokers take the window's other positions
    return False


def _spot(rank: int, window: list[int]) -> int | None:
    """Return where a card of this rank sits in the window, if it fits."""
    if rank == 1:
        return 1 if 1 in window else 14 if 14 in window else None
    return rank if rank in window else None
