"""Canasta actions: frozen values that print and parse as text.

Cards of one meld are joined by commas, melds by spaces; a meld's rank is read from its
cards (jokers and twos alone: a twos meld if it can be one, else a joker meld). Examples:

    draw                          end
    open KS,KH,KD,2C AH,AS,AD     take 9S,9C,JK AH,AS,AD   (the forced cards, then new melds)
    meld 7H,7S,7D                 add B 9S,JK
    discard 9S
"""

from __future__ import annotations

from dataclasses import dataclass

from ..actions import Discard as Discard
from ..cards import Card
from ..errors import IllegalMove
from ..table import parse_meld_id

Group = tuple[Card, ...]
Melds = tuple[Group, ...]


def group_text(cards: Group) -> str:
    """Print a group of cards joined by commas."""
    return ",".join(c.text for c in cards)


def melds_text(melds: Melds) -> str:
    """Print melds: cards joined by commas, melds by spaces."""
    return " ".join(group_text(m) for m in melds)


@dataclass(frozen=True, slots=True)
class DrawTwo:
    """Take the top two cards of the stock (the last one alone)."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class OpenAndDraw:
    """Open the side with melds worth its minimum, then draw one card."""

    melds: Melds

    def __str__(self) -> str:
        return f"open {melds_text(self.melds)}"


@dataclass(frozen=True, slots=True)
class TakePile:
    """Take the pile: `cards` go with its top card into the forced meld; `extra` new melds."""

    cards: Group
    extra: Melds = ()

    def __str__(self) -> str:
        return " ".join(["take", group_text(self.cards), *(group_text(m) for m in self.extra)])


@dataclass(frozen=True, slots=True)
class EndHand:
    """End the hand on an empty stock."""

    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True, slots=True)
class NewMeld:
    """Put one new meld from the hand on the side's table."""

    cards: Group

    def __str__(self) -> str:
        return f"meld {group_text(self.cards)}"


@dataclass(frozen=True, slots=True)
class AddToMeld:
    """Add hand cards to a meld of the side (a partner's included)."""

    meld_id: str
    cards: Group

    def __str__(self) -> str:
        return f"add {self.meld_id} {group_text(self.cards)}"


CanastaAction = DrawTwo | OpenAndDraw | TakePile | EndHand | NewMeld | AddToMeld | Discard
_BARE: dict[str, CanastaAction] = {"draw": DrawTwo(), "end": EndHand()}


def _group(word: str) -> Group:
    parts = word.split(",")
    if any(not p for p in parts):
        raise IllegalMove(f"'{word}' is not a group of cards (cards joined by commas)")
    return tuple(Card.parse(p) for p in parts)


def parse_action(text: str) -> CanastaAction:
    """Parse an action's text form, e.g. 'take 9S,9C AH,AS,AD' or 'add B 9S,JK'."""
    words = text.strip().split()
    if not words:
        raise IllegalMove("empty action")
    verb, rest = words[0].lower(), words[1:]
    if verb in _BARE and not rest:
        return _BARE[verb]
    if verb == "discard" and len(rest) == 1:
        return Discard(Card.parse(rest[0]))
    if verb == "open" and rest:
        return OpenAndDraw(tuple(_group(w) for w in rest))
    if verb == "take" and rest:
        return TakePile(_group(rest[0]), tuple(_group(w) for w in rest[1:]))
    if verb == "meld" and len(rest) == 1:
        return NewMeld(_group(rest[0]))
    if verb == "add" and len(rest) == 2:
        return AddToMeld(parse_meld_id(rest[0]), _group(rest[1]))
    raise IllegalMove(f"'{text}' is not a Canasta action")
