"""Ramino combinations at the level of faces: validity, values and replaceable faces.

A face is an int 0..51: suit index (engine.cards.SUITS order) * 13 + rank - 1. A
combination is judged as a multiset: its natural faces (a sorted tuple) plus a number of
jokers, whatever the jokers are said to stand for.
"""

from __future__ import annotations

from functools import lru_cache

ACE = 1
SCALE = 256  # cost = value * SCALE + number of cards: least value first, then fewest cards
MAX_RUN = 13  # positions 1..13 (ace low) or 2..14 (ace high): the ace is never both
INF = 1 << 26  # above any hand's cost; sums of a few still fit Python's fast small ints
ONES = 0x1111111111111  # the lowest bit of each of 13 nibbles (a suit vector's ranks)


def rank_value(rank: int) -> int:
    """Return a natural card's penalty when unmatched (an ace counts 11 here)."""
    return 11 if rank == ACE else min(rank, 10)


def card_cost(rank: int) -> int:
    """Return the composite cost of one unmatched natural card of that rank."""
    return rank_value(rank) * SCALE + 1


@lru_cache(maxsize=1 << 16)
def is_valid(faces: tuple[int, ...], jokers: int, same_suit: bool) -> bool:
    """Whether the natural faces plus that many jokers form a set or a run."""
    size = len(faces) + jokers
    if not faces or size < 3:
        return False
    ranks = {f % 13 for f in faces}
    suits = {f // 13 for f in faces}
    if len(ranks) == 1 and size <= 4 and (same_suit or len(suits) == len(faces)):
        return True
    return len(suits) == 1 and len(ranks) == len(faces) and run_fits(ranks, size)


def run_fits(ranks0: set[int], size: int) -> bool:
    """Whether distinct ranks (0 = ace … 12 = king) fit one run of `size` positions."""
    if size > MAX_RUN:
        return False
    if max(ranks0) - min(ranks0) < size:  # the ace low (or no ace)
        return True
    if 0 not in ranks0:
        return False
    high = [r for r in ranks0 if r] + [13]  # the ace high, above the king
    return max(high) - min(high) < size


@lru_cache(maxsize=1 << 16)
def replaceable(faces: tuple[int, ...], jokers: int, same_suit: bool) -> int:
    """Return the mask of faces that could take a joker's place with the combination valid.

    These are the natural cards that may not stay unmatched beside this combination
    (the joker-needed rule). Zero when the combination holds no joker.
    """
    if jokers == 0:
        return 0
    out = 0
    for face in _neighbours(faces):
        grown = tuple(sorted((*faces, face)))
        if is_valid(grown, jokers - 1, same_suit):
            out |= 1 << face
    return out


def _neighbours(faces: tuple[int, ...]) -> set[int]:
    """Faces sharing a rank or a suit with one of the faces: the only ones that can fit."""
    out: set[int] = set()
    for f in faces:
        rank0, suit = f % 13, f // 13
        out.update(s * 13 + rank0 for s in range(4))
        out.update(suit * 13 + r for r in range(13))
    return out
