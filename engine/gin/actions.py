"""Gin actions: frozen values that print and parse as text."""

from __future__ import annotations

from dataclasses import dataclass

from ..actions import Discard as Discard
from ..actions import DrawStock as DrawStock
from ..actions import LayOff as LayOff
from ..actions import MeldCards as MeldCards
from ..actions import parse_melds, parse_placed
from ..cards import Card, cards_text, parse_cards
from ..errors import IllegalMove
from ..text import small_int


@dataclass(frozen=True, slots=True)
class TakeUpcard:
    """Take the upcard during the upcard protocol."""

    def __str__(self) -> str:
        return "take_upcard"


@dataclass(frozen=True, slots=True)
class PassUpcard:
    """Refuse the upcard during the upcard protocol."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class TakeDiscard:
    """Take the top discard, or (deep pickup) `card` at any depth shown in a meld with `meld`."""

    card: Card | None = None
    meld: tuple[Card, ...] = ()

    def __str__(self) -> str:
        if self.card is None:
            return "take"
        return f"take {self.card} with {cards_text(self.meld)}"


@dataclass(frozen=True, slots=True)
class TakePile:
    """Mahjong gin: take the top `depth` cards of the discard pile (depth 2 or more)."""

    depth: int

    def __str__(self) -> str:
        return f"take {self.depth}"


@dataclass(frozen=True, slots=True)
class Knock:
    """Discard a card face down and end the hand."""

    card: Card

    def __str__(self) -> str:
        return f"knock {self.card}"


@dataclass(frozen=True, slots=True)
class BigGin:
    """Declare all eleven cards melded."""

    def __str__(self) -> str:
        return "big_gin"


GinAction = (DrawStock | TakeUpcard | PassUpcard | TakeDiscard | TakePile | MeldCards | LayOff
             | Discard | Knock | BigGin)
_BARE: dict[str, type[DrawStock | TakeUpcard | PassUpcard | BigGin]] = {
    "draw": DrawStock, "take_upcard": TakeUpcard, "pass": PassUpcard, "big_gin": BigGin,
}


def parse_action(text: str) -> GinAction:
    """Parse an action's text form, e.g. 'discard 7H', 'take 8C with 8H 8S' or 'take 3'."""
    words = text.strip().split()
    if not words:
        raise IllegalMove("empty action")
    verb = words[0].lower()
    if verb in _BARE and len(words) == 1:
        bare: GinAction = _BARE[verb]()
        return bare
    if verb in ("discard", "knock") and len(words) == 2:
        card = Card.parse(words[1])
        return Discard(card) if verb == "discard" else Knock(card)
    if verb == "take" and len(words) == 1:
        return TakeDiscard()
    if verb == "take" and len(words) >= 4 and words[2].lower() == "with":
        return TakeDiscard(Card.parse(words[1]), tuple(parse_cards(" ".join(words[3:]))))
    if verb == "take" and len(words) == 2:
        return _take_depth(words[1])
    if verb == "meld" and len(words) >= 2:
        return MeldCards(parse_melds(words[1:]))
    if verb == "layoff":
        return LayOff(*parse_placed(verb, words, text))
    raise IllegalMove(f"'{text}' is not a gin action")


def _take_depth(word: str) -> TakeDiscard | TakePile:
    depth = small_int(word, max_digits=2)
    if depth is None or depth < 1:
        raise IllegalMove(f"'{word}' is not a depth in the discard pile")
    return TakeDiscard() if depth == 1 else TakePile(depth)
