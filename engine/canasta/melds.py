"""Canasta's card values and melds: one declared rank, wild limits, canastas and their bonuses.

The validity of a meld's cards is `engine.melds.make_group`'s (canasta.md, Melds); this module
adds what the options change (seven as a cap) and what a meld is worth.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..cards import PACKS_HELD, Card
from ..errors import InvalidMeld
from ..melds import BLACK_THREES, JOKER_MELD, TWOS_MELD, make_group
from .options import CanastaOptions

CANASTA = 7
# canasta kind -> bonus (canasta.md, Cards and values)
BONUS = {"clean": 500, "dirty": 300, "clean_pinellata": 3000, "dirty_pinellata": 2000,
         "toro": 5000}
CLEAN = frozenset({"clean", "clean_pinellata"})  # the kinds that count as clean to go out
RED_THREES = (0, 100, 200, 300, 800, 1000, 1200)
RANKS_KEPT = 20_000  # melds whose rank meld_rank remembers
_RANKS: dict[tuple[int, ...], int] = {}  # a meld's faces -> its rank


def is_red_three(card: Card) -> bool:
    """Whether the card is a red three (a bonus card, never in a hand)."""
    return card.rank == 3 and card.suit in "HD"


def is_black_three(card: Card) -> bool:
    """Whether the card is a black three."""
    return card.rank == 3 and card.suit in "SC"


def card_value(card: Card, opts: CanastaOptions) -> int:
    """Return a card's value (melded, left in hand, counted for an opening)."""
    if card.rank == JOKER_MELD:
        return 50
    if card.rank in (1, 2):
        return 20
    if card.rank >= 8:
        return 10
    if card.rank == 3:
        return opts.black_three_value if is_black_three(card) else 0
    return 5


def cards_value(cards: Iterable[Card], opts: CanastaOptions) -> int:
    """Return the cards' total value."""
    return sum(card_value(c, opts) for c in cards)


def red_three_bonus(count: int) -> int:
    """Return the scale of a side's red threes (canasta.md: 100 … 1200)."""
    return RED_THREES[min(count, len(RED_THREES) - 1)]


def is_wild(card: Card, rank: int) -> bool:
    """Whether the card plays as a wild card in a meld of this rank."""
    return card.rank != rank and card.rank in (JOKER_MELD, TWOS_MELD)


def meld_rank(cards: Sequence[Card]) -> int:
    """Return the rank of a new meld's cards (0 jokers, 2 twos, 3 black threes); InvalidMeld
    if they are none."""
    # the legal lists ask it of the same melds thousands of times a call: kept by faces (the
    # pack of a copy plays no part), an invalid meld asked again each time
    faces = tuple(c.key // PACKS_HELD for c in cards)
    rank = _RANKS.get(faces)
    if rank is None:
        rank = make_group(cards).ranks[0]
        if len(_RANKS) >= RANKS_KEPT:
            _RANKS.clear()
        _RANKS[faces] = rank
    return rank


def check_meld(cards: Sequence[Card], rank: int, opts: CanastaOptions) -> None:
    """Raise InvalidMeld unless the cards form a valid meld of this rank under the options."""
    make_group(cards, rank)
    check_size(cards, opts)


def check_size(cards: Sequence[Card], opts: CanastaOptions) -> None:
    """Raise InvalidMeld for a meld past seven cards when seven is the cap (an option)."""
    if not opts.melds_past_seven and len(cards) > CANASTA:
        raise InvalidMeld("a meld holds at most 7 cards in this game")


def canasta_kind(rank: int, cards: Sequence[Card]) -> str:
    """Return what the meld is as a canasta ("" if it is not one): clean, dirty, clean or
    dirty pinellata, or toro (Toro Seduto)."""
    if len(cards) < CANASTA or rank == BLACK_THREES:
        return ""
    wild = any(is_wild(c, rank) for c in cards)
    if rank == JOKER_MELD:
        return "toro"
    if rank == TWOS_MELD:
        return "dirty_pinellata" if wild else "clean_pinellata"
    return "dirty" if wild else "clean"


def can_go_out(kinds: Iterable[str]) -> bool:
    """Whether canastas of these kinds meet the going-out condition (2, one of them clean)."""
    made = [k for k in kinds if k]
    return len(made) >= 2 and any(k in CLEAN for k in made)
