"""Card values by position (rummy500.md, Cards and values) and hand-score helpers."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..cards import Card
from .options import Rummy500Options

POSITIONS = ("set", "run_low_ace", "run", "hand")


def card_value(card: Card, options: Rummy500Options, position: str) -> int:
    """Return the card's value where it lies: in a set, at rank 1 of a run, in a run, in hand."""
    if position not in POSITIONS:
        raise ValueError(f"unknown position {position!r}")
    special = options.special_card
    if special is not None and card.text == special:
        return options.special_card_value  # replaces every other value, in every column
    if card.rank == 1:
        return 5 if position == "run_low_ace" else 15
    if card.rank >= 10:
        return 10
    return card.rank if options.scala40_values else 5


def run_position(card: Card, pos: int) -> str:
    """Return the value position of a card standing at run position pos (1 … 14)."""
    return "run_low_ace" if pos == 1 and card.rank == 1 else "run"


def hand_value(cards: Iterable[Card], options: Rummy500Options) -> int:
    """Return the value of cards left in hand."""
    return sum(card_value(c, options, "hand") for c in cards)


def meld_points(kind: str, cards: Sequence[Card], low: int, options: Rummy500Options) -> int:
    """Return the value of a meld in table order (a run starting at position `low`)."""
    if kind == "set":
        return sum(card_value(c, options, "set") for c in cards)
    return sum(card_value(c, options, run_position(c, low + i)) for i, c in enumerate(cards))


@dataclass(frozen=True, slots=True)
class SeatScore:
    """One seat's hand: what he melded, laid off (claims included), held, and the net."""

    seat: int
    melded: int
    laid_off: int
    in_hand: int
    hand: tuple[Card, ...]

    @property
    def hand_score(self) -> int:
        """Return melded + laid off − held."""
        return self.melded + self.laid_off - self.in_hand

    def to_dict(self) -> dict[str, object]:
        """Return the score as a JSON-able dict (the held cards revealed)."""
        return {"seat": self.seat, "melded": self.melded, "laid_off": self.laid_off,
                "in_hand": self.in_hand, "hand": [c.text for c in self.hand],
                "hand_score": self.hand_score}
