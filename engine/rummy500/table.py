"""Rummy 500's melds: shapes of new melds, where a card fits a table meld, meld enumeration.

The table itself (ids, owners, credits) is engine/table.py; this module adds Rummy 500's rules:
no jokers, aces low or high but never both, runs that never wrap.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from ..cards import Card, cards_text
from ..errors import InvalidMeld
from ..table import TableMeld

# (kind, suit, rank, low, high, size): what fitting a card needs to know about a meld
Summary = tuple[str, str, int, int, int, int]


@dataclass(frozen=True, slots=True)
class Shape:
    """A valid new meld: its cards in table order, low to high."""

    kind: str  # "set" | "run"
    cards: tuple[Card, ...]
    suit: str = ""
    rank: int = 0  # a set's rank
    low: int = 0  # a run's lowest position (1 = low ace)

    @property
    def high(self) -> int:
        """Return a run's highest position (14 = high ace)."""
        return self.low + len(self.cards) - 1

    def summary(self) -> Summary:
        """Return what fitting needs."""
        return (self.kind, self.suit, self.rank, self.low, self.high, len(self.cards))


def _at(card: Card, pos: int) -> bool:
    """Whether the card can stand at run position pos (an ace at 1 or 14)."""
    return card.rank == pos or (pos == 14 and card.rank == 1)


def shape_of(cards: Sequence[Card]) -> Shape:
    """Validate cards as one new meld (no jokers, aces low or high, no wrap)."""
    return _shape(tuple(cards))


@lru_cache(maxsize=1 << 12)
def _shape(cards: tuple[Card, ...]) -> Shape:
    # cached: legal_actions validates the same few hundred melds over and over
    if len(set(cards)) != len(cards):
        raise InvalidMeld("the same card is named twice")
    if any(c.is_joker for c in cards):
        raise InvalidMeld("there are no jokers in Rummy 500")
    text = cards_text(cards)
    if len({c.rank for c in cards}) == 1:
        if not 3 <= len(cards) <= 4:
            raise InvalidMeld(f"{text}: a set has 3 or 4 cards", meld=text)
        in_suit_order = sorted(cards, key=lambda c: "SHDC".index(c.suit))
        return Shape("set", tuple(in_suit_order), rank=cards[0].rank)
    if len(cards) < 3 or len({c.suit for c in cards}) != 1:
        raise InvalidMeld(f"{text} is neither a set nor a run", meld=text)
    low_ace = sorted(c.rank for c in cards)
    high_ace = sorted(14 if c.rank == 1 else c.rank for c in cards)
    fits = [r for r in (low_ace, high_ace) if r == list(range(r[0], r[0] + len(r)))]
    if not fits:
        raise InvalidMeld(f"{text} is not a run of consecutive ranks (runs never wrap)",
                          meld=text)
    # only all 13 cards read both ways: the ace stays where the player wrote it
    ranks = fits[0] if len(fits) == 1 or cards[0].rank == 1 else fits[1]
    low = ranks[0]
    order = tuple(next(c for c in cards if _at(c, low + i)) for i in range(len(cards)))
    return Shape("run", order, suit=cards[0].suit, low=low)


def ends_of(card: Card, s: Summary) -> list[str]:
    """Return where the card fits the meld: ['set'], ['low'], ['high'], both ends, or []."""
    kind, suit, rank, low, high, size = s
    if kind == "set":
        return ["set"] if card.rank == rank and size < 4 else []
    if card.suit != suit or size >= 13:
        return []
    out = []
    if low > 1 and _at(card, low - 1):
        out.append("low")
    if high < 14 and _at(card, high + 1):
        out.append("high")
    return out


def fits_any(card: Card, summaries: Iterable[Summary]) -> bool:
    """Whether the card fits at least one of the melds."""
    return any(ends_of(card, s) for s in summaries)


def extended(s: Summary, end: str) -> Summary:
    """Return the summary after a card is laid off at `end`."""
    kind, suit, rank, low, high, size = s
    if end == "low":
        return (kind, suit, rank, low - 1, high, size + 1)
    if end == "high":
        return (kind, suit, rank, low, high + 1, size + 1)
    return (kind, suit, rank, low, high, size + 1)


def summary_of(meld: TableMeld) -> Summary:
    """Return what fitting needs to know about a table meld."""
    return (meld.kind, meld.suit, meld.rank, meld.low, meld.high, len(meld.entries))


# --- enumeration for legal_actions ---------------------------------------------------


def _runs_in(cards: Sequence[Card], need: Card | None = None) -> list[tuple[Card, ...]]:
    """Every run (table order) from cards of one suit, holding `need` if given."""
    at: dict[int, Card] = {}
    for c in cards:
        at[c.rank] = c
        if c.rank == 1:
            at[14] = c
    out = []
    for lo in range(1, 13):
        if lo not in at:
            continue
        hi = lo
        while hi + 1 in at and hi + 1 - lo < 13:
            hi += 1
            if hi - lo >= 2:
                run = tuple(at[p] for p in range(lo, hi + 1))
                if need is None or need in run:
                    out.append(run)
    return out


def melds_from(pool: Sequence[Card], need: Card | None = None) -> list[tuple[Card, ...]]:
    """Every valid meld from the pool (holding `need` if given), cards in table order."""
    by_rank: dict[int, list[Card]] = {}
    by_suit: dict[str, list[Card]] = {}
    for c in pool:
        by_rank.setdefault(c.rank, []).append(c)
        by_suit.setdefault(c.suit, []).append(c)
    out: list[tuple[Card, ...]] = []
    ranks = [need.rank] if need is not None else sorted(by_rank)
    for rank in ranks:
        same = sorted(by_rank.get(rank, []), key=lambda c: "SHDC".index(c.suit))
        for size in (3, 4):
            for group in combinations(same, size):
                if need is None or need in group:
                    out.append(group)
    suits = [need.suit] if need is not None else sorted(by_suit)
    for suit in suits:
        out += _runs_in(by_suit.get(suit, []), need)
    return out
