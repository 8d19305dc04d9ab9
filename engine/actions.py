"""The actions every rummy game shares, as frozen values that print as text.

Each game's actions module re-exports them beside its own, so `engine.gin.DrawStock` and
`engine.ramino.DrawStock` are this one class: what a game lets them do stays in its rules.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .cards import Card
from .errors import IllegalMove

Melds = tuple[tuple[Card, ...], ...]
ENDS = ("low", "high")


@dataclass(frozen=True, slots=True)
class DrawStock:
    """Take the top card of the stock (what an empty one does is the game's rule)."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class TakeDiscard:
    """Take the top card of the discard pile (games that take deeper have their own)."""

    def __str__(self) -> str:
        return "take"


@dataclass(frozen=True, slots=True)
class Discard:
    """Throw a card on the discard pile, ending the turn."""

    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"


def melds_text(melds: Melds) -> str:
    """Print melds: cards joined by commas, melds by spaces."""
    return " ".join(",".join(c.text for c in m) for m in melds)


@dataclass(frozen=True, slots=True)
class MeldCards:
    """Put one or more new melds from the hand on the table."""

    melds: Melds

    def __str__(self) -> str:
        return f"meld {melds_text(self.melds)}"


@dataclass(frozen=True, slots=True)
class LayOff:
    """Lay a card off on a table meld; `end` only when it fits both ends of a run."""

    card: Card
    meld_id: str
    end: str | None = None

    def __str__(self) -> str:
        return f"layoff {self.card} {self.meld_id}" + (f" {self.end}" if self.end else "")


def parse_melds(words: list[str], card: Callable[[str], Card] = Card.parse) -> Melds:
    """Parse melds written as cards joined by commas, one meld per word."""
    out = []
    for word in words:
        parts = word.split(",")
        if any(not p for p in parts):
            raise IllegalMove(f"'{word}' is not a meld (cards joined by commas)")
        out.append(tuple(card(p) for p in parts))
    return tuple(out)


def parse_placed(verb: str, words: list[str], text: str,
                 card: Callable[[str], Card] = Card.parse) -> tuple[Card, str, str | None]:
    """Parse '<verb> CARD MELD [low|high]' into the card, the meld id and the end."""
    if len(words) not in (3, 4) or (len(words) == 4 and words[3].lower() not in ENDS):
        raise IllegalMove(f"'{text}' is not a {verb} (e.g. '{verb} 8D B' or '{verb} AS B high')")
    meld_id = words[2].upper()
    if not (words[2].isascii() and meld_id.isalpha()):  # upper() makes ß into SS
        raise IllegalMove(f"'{words[2]}' is not a meld id")
    return card(words[1]), meld_id, words[3].lower() if len(words) == 4 else None
