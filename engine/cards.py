"""Cards and decks: frozen values that print and parse as text."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .errors import BadCard
from .text import small_int

SUITS = "SHDC"  # spades, hearts, diamonds, clubs: the bit order of masks below
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANK_TEXT = {1: "A", 11: "J", 12: "Q", 13: "K"}
JOKER_RANK = 0
PACKS_HELD = 1024  # copies of one face the card key tells apart (see Card.key)
_RANK_WORDS = {"A": 1, "J": 11, "Q": 12, "K": 13, "T": 10}
_JOKER_WORDS = frozenset({"JK", "JOKER", "JO", "★", "🃏", "*"})
_SUIT_WORDS = {
    "S": "S", "H": "H", "D": "D", "C": "C",
    "♠": "S", "♥": "H", "♦": "D", "♣": "C",
    "♤": "S", "♡": "H", "♢": "D", "♧": "C",
}


def rank_text(rank: int) -> str:
    """Return the printed form of a rank: A, 2 … 10, J, Q, K."""
    return RANK_TEXT.get(rank, str(rank))


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """A playing card; `deck` tells copies from different packs apart, never printed."""

    rank: int  # 1 = ace … 13 = king; 0 = joker
    suit: str  # one of SUITS; "" for a joker
    deck: int = 0
    bit: int = field(default=0, init=False, repr=False, compare=False, hash=False)
    text: str = field(default="", init=False, repr=False, compare=False, hash=False)
    key: int = field(default=0, init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        if not 0 <= self.deck < PACKS_HELD:
            raise BadCard(f"no such pack: {self.deck}")
        if self.rank == JOKER_RANK:
            if self.suit:
                raise BadCard(f"a joker has no suit, got {self.suit!r}")
        elif not (1 <= self.rank <= 13 and self.suit in SUITS and len(self.suit) == 1):
            raise BadCard(f"no such card: rank {self.rank}, suit {self.suit!r}")
        bit = 0 if self.rank == JOKER_RANK else 1 << (SUITS.index(self.suit) * 13 + self.rank - 1)
        object.__setattr__(self, "bit", bit)
        text = "JK" if self.rank == JOKER_RANK else rank_text(self.rank) + self.suit
        object.__setattr__(self, "text", text)  # printed often: computed once
        # one int orders like (rank, suit, deck) and makes == and hash() cheap
        key = (self.rank * 8 + " CDHS".index(self.suit or " ")) * PACKS_HELD + self.deck
        object.__setattr__(self, "key", key)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and self.key == other.key

    def __hash__(self) -> int:
        return self.key

    def __lt__(self, other: Card) -> bool:
        return self.key < other.key

    def __le__(self, other: Card) -> bool:
        return self.key <= other.key

    def __gt__(self, other: Card) -> bool:
        return self.key > other.key

    def __ge__(self, other: Card) -> bool:
        return self.key >= other.key

    @property
    def is_joker(self) -> bool:
        """Whether this card is a joker."""
        return self.rank == JOKER_RANK

    @property
    def face(self) -> tuple[int, str]:
        """The card without its pack: what a player sees."""
        return (self.rank, self.suit)

    @property
    def suit_index(self) -> int:
        """The suit's position in SUITS (jokers: -1)."""
        return SUITS.index(self.suit) if self.suit else -1

    def __str__(self) -> str:
        return self.text

    def pretty(self) -> str:
        """Return the card with its suit symbol, e.g. 10♥."""
        return "🃏" if self.is_joker else rank_text(self.rank) + SUIT_SYMBOLS[self.suit]

    @classmethod
    def parse(cls, text: str, deck: int = 0) -> Card:
        """Parse what a player types: 10h, Th, 10♥, qs, Q♠, jk, joker."""
        hit = _PARSED.get((text, deck))
        if hit is not None:
            return hit
        card = cls._parse(text, deck)
        # cards are immutable, so parsed ones can be shared; long (padded) texts are not kept
        if len(_PARSED) < 4096 and len(text) <= _CACHED_LENGTH:
            _PARSED[(text, deck)] = card
        return card

    @classmethod
    def _parse(cls, text: str, deck: int) -> Card:
        # phones send emoji suits with a variation selector (U+FE0F): ignore it
        raw = text.strip().replace(" ", "").replace("\ufe0f", "").replace("\ufe0e", "")
        if not _plain(raw):
            raise _not_a_card(text)
        raw = raw.upper()
        if raw in _JOKER_WORDS:
            return cls(JOKER_RANK, "", deck)
        if len(raw) < 2 or raw[-1] not in _SUIT_WORDS:
            raise _not_a_card(text)
        suit, rank_part = _SUIT_WORDS[raw[-1]], raw[:-1]
        rank = _RANK_WORDS.get(rank_part) or _number_rank(rank_part)
        if rank is None:
            raise _not_a_card(text)
        return cls(rank, suit, deck)


_CACHED_LENGTH = 16


def _not_a_card(text: str) -> BadCard:
    return BadCard(f"'{text}' is not a card (try 10H, QS, AC, JK)", text=text)


def _number_rank(text: str) -> int | None:
    """Return the rank a number names (2 … 10), else None."""
    number = small_int(text, max_digits=2)
    return number if number is not None and 2 <= number <= 10 else None


def _plain(raw: str) -> bool:
    """Whether the text is ASCII but for a suit sign at its end or a joker sign alone.

    upper() would turn some letters into ASCII ones (ſ into S), and other scripts' digits
    read as numbers: a card is written with ASCII letters and digits only.
    """
    return raw[:-1].isascii() and (raw[-1:].isascii() or raw[-1] in _SUIT_WORDS
                                   or raw in _JOKER_WORDS)


_PARSED: dict[tuple[str, int], Card] = {}


def joker(deck: int = 0) -> Card:
    """Return a joker of the given pack."""
    return Card(JOKER_RANK, "", deck)


def as_card(card: Card | str) -> Card:
    """Return a Card for a Card or its text."""
    return card if isinstance(card, Card) else Card.parse(card)


def parse_cards(text: str | Iterable[Card | str]) -> list[Card]:
    """Parse a space- or comma-separated list of cards (or pass Cards through)."""
    if not isinstance(text, str):
        return [as_card(c) for c in text]
    out: list[Card] = []
    for token in text.replace(",", " ").split():
        card = Card.parse(token)
        copies = sum(c.face == card.face for c in out)  # "JK AH JK": two different jokers
        out.append(Card(card.rank, card.suit, copies) if copies else card)
    return out


def cards_text(cards: Iterable[Card]) -> str:
    """Print cards separated by spaces."""
    return " ".join(str(c) for c in cards)


def card_texts(cards: Iterable[Card]) -> list[str]:
    """Return the cards' texts in order (a snapshot's form of a hand, a stock, a pile)."""
    return [c.text for c in cards]


def text_or_none(card: Card | None) -> str | None:
    """Return the card's text, or None for no card."""
    return card.text if card else None


def card_or_none(text: object) -> Card | None:
    """Return the card a snapshot's text names, or None where it names none."""
    return Card.parse(str(text)) if text else None


def make_deck(packs: int = 1, jokers: int = 0) -> list[Card]:
    """Return `packs` standard packs plus `jokers` jokers, in a fixed order."""
    cards = [Card(r, s, d) for d in range(packs) for s in SUITS for r in range(1, 14)]
    cards += [joker(i) for i in range(jokers)]
    return cards


def shuffled_deck(packs: int = 1, jokers: int = 0, seed: int | None = None) -> list[Card]:
    """Return a shuffled deck: seeded for replays, system randomness otherwise."""
    cards = make_deck(packs, jokers)
    rng = random.Random(seed) if seed is not None else random.SystemRandom()
    rng.shuffle(cards)
    return cards


def find_card(hand: Sequence[Card], wanted: Card | str) -> Card | None:
    """Find the held card a player means: the exact copy, else any copy with that face."""
    want = as_card(wanted)
    if want in hand:
        return want
    return next((c for c in hand if c.face == want.face), None)


def faces(cards: Iterable[Card]) -> Counter[int]:
    """Return how many cards of each face there are (a face as an int: the key's pack cut)."""
    return Counter(c.key // PACKS_HELD for c in cards)


_BY_KEY: dict[int, Card] = {}  # every copy made so far: snapshots of many games share them


def copies(cards: Iterable[Card]) -> list[Card]:
    """Return the cards with their copies numbered 0, 1 … in order of appearance."""
    seen: dict[int, int] = {}
    out = []
    for card in cards:
        face = card.key // PACKS_HELD
        copy = seen.get(face, 0)
        seen[face] = copy + 1
        same = _BY_KEY.get(face * PACKS_HELD + copy)
        if same is None:
            same = _BY_KEY[face * PACKS_HELD + copy] = Card(card.rank, card.suit, copy)
        out.append(same)
    return out
