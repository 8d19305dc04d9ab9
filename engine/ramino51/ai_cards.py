"""What the Ramino 51 computer player reads from its view: cards, table fits, discard scores.

Everything here works on the texts of an `R51Hand` (its own cards, the table's melds with
their declared jokers, the seats' public counts): nothing reaches for the game object.
A discard score says how much the player would rather be rid of a card: its penalty
(weighed by how near the hand's end is) minus what it links to in the hand (pairs and
run neighbours) minus the danger of handing it to someone (it extends a table meld).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import lru_cache

from ..cards import Card
from ..table import TableMeld
from .actions import Placed
from .melds import card_penalty, fits, positions, rank_value, read_meld, to_table
from .views import MeldView, R51Hand

# Tuned with benchmarks/bench_ramino51.py.
LINK_PAIR = 7.0  # same rank, another suit: a set is one card away
LINK_NEXT = 6.0  # same suit, next rank: a run is one card away
LINK_GAP = 3.0  # same suit, two ranks apart: a run needs the card between
LINK_CAP = 12.0  # links beyond this add nothing (one meld is one card away either way)
DANGER_FIT = 14.0  # it extends a table meld: the next player lays it off at once
DANGER_LATER = 5.0  # … when nobody else has opened yet (it helps only later)
FAR_FROM_OPENING = 30  # below this opening value an unopened hand throws high cards first
NEAR_WEIGHT = 0.5  # how much a card's penalty counts when the hand is near its opening
PROTECTED = -1000.0  # a card in one of the hand's best melds, or a joker


def cards_of(texts: Iterable[str]) -> list[Card]:
    """Return cards from texts ("JK=6D" reads as the joker), twins in different packs."""
    seen: Counter[str] = Counter()
    out = []
    for text in texts:
        name = text.partition("=")[0]
        out.append(Card.parse(name, seen[name]))
        seen[name] += 1
    return out


def value_of(group: Sequence[str]) -> int:
    """Return a meld's opening value: a joker counts as the card it stands for."""
    faces = [Card.parse(t.partition("=")[2] or t.partition("=")[0]) for t in group]
    rank = next((c.rank for c in faces if not c.is_joker), 0)
    return sum(rank_value(rank if c.is_joker else c.rank) for c in faces)


def melded(view: R51Hand) -> Counter[str]:
    """Return the cards (as texts) the hand's best melds use."""
    return Counter(t.partition("=")[0] for group in view.best.melds for t in group)


# --- the table --------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def _table_meld(declared: tuple[str, ...]) -> TableMeld:
    """Return the meld written so as the table keeps it (melds.py reads it)."""
    seen: Counter[str] = Counter()
    group = []
    for text in declared:  # twins (two jokers in a run) are two packs' copies
        placed = Placed.parse(text)
        seen[placed.card.text] += 1
        group.append(Placed(Card.parse(placed.card.text, seen[placed.card.text] - 1), placed.as_))
    return to_table(read_meld(tuple(group)), 0, "A", 0)


# Kept per card and meld, and each meld read once for all cards: reading a meld is the slow
# part, and a thousand games' tables hold more (card, meld) pairs than the cache keeps.
@lru_cache(maxsize=16384)
def _fits(card: str, declared: tuple[str, ...]) -> bool:
    """Whether the card could be laid off on the meld written so (melds.py decides)."""
    return bool(fits(Card.parse(card), _table_meld(declared)))


def fits_meld(card: Card, meld: MeldView) -> bool:
    """Whether the card could be laid off on the meld (jokers: while the meld has room)."""
    return _fits(card.text, meld.declared)


def fits_table(card: Card, view: R51Hand) -> bool:
    """Whether the card extends any meld on the table."""
    return any(fits_meld(card, m) for m in view.table.melds)


def others_opened(view: R51Hand) -> bool:
    """Whether another seat has opened (and may lay off what it takes)."""
    return any(s.opened for s in view.table.seats if s.seat != view.seat)


# --- discard scores ---------------------------------------------------------------------


def links(card: Card, hand: Sequence[Card]) -> float:
    """Return how much the card builds towards a meld with the other cards held."""
    if card.is_joker:
        return LINK_CAP
    total, suits = 0.0, {card.suit}
    for other in hand:
        if other is card or other.is_joker:
            continue
        if other.rank == card.rank and other.suit not in suits:
            suits.add(other.suit)
            total += LINK_PAIR
        elif other.suit == card.suit and other.rank != card.rank:
            gap = min(abs(p - q) for p in positions(card.rank) for q in positions(other.rank))
            total += LINK_NEXT if gap == 1 else LINK_GAP if gap == 2 else 0.0
    return min(total, LINK_CAP)


def penalty_weight(view: R51Hand) -> float:
    """Return how much a card's penalty counts: fully unless near the opening."""
    opened = view.table.seats[view.seat].opened
    if opened or view.best.value < FAR_FROM_OPENING:
        return 1.0
    return NEAR_WEIGHT


def discard_scores(view: R51Hand, hand: Sequence[Card],
                   keep: Counter[str]) -> list[float]:
    """Score each card of `hand` for throwing (highest first to go); `keep` is protected."""
    weight = penalty_weight(view)
    danger = DANGER_FIT if others_opened(view) else DANGER_LATER
    left = Counter(keep)
    out = []
    for card in hand:
        if card.is_joker or left[card.text] > 0:
            left[card.text] -= 1
            out.append(PROTECTED)
            continue
        score = weight * card_penalty(card) - links(card, hand)
        out.append(score - (danger if fits_table(card, view) else 0.0))
    return out
