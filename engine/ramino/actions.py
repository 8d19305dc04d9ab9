"""Ramino actions: frozen values that print and parse as text ("draw", "discard 9C", "close")."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..actions import Discard as Discard
from ..actions import DrawStock as DrawStock
from ..actions import TakeDiscard as TakeDiscard
from ..cards import Card
from ..errors import IllegalMove


@dataclass(frozen=True, slots=True)
class Close:
    """Discard a card and close; no card: the first player's close before taking the upcard."""

    card: Card | None = None

    def __str__(self) -> str:
        return "close" if self.card is None else f"close {self.card}"


@dataclass(frozen=True, slots=True)
class Reenter:
    """Accept the re-entry offered after an elimination."""

    def __str__(self) -> str:
        return "reenter"


@dataclass(frozen=True, slots=True)
class Decline:
    """Refuse the re-entry offered after an elimination (also what a timeout does)."""

    def __str__(self) -> str:
        return "decline"


RaminoAction = DrawStock | TakeDiscard | Discard | Close | Reenter | Decline
_BARE: dict[str, RaminoAction] = {
    "draw": DrawStock(), "take": TakeDiscard(), "close": Close(), "reenter": Reenter(),
    "decline": Decline(),
}


def by_face(action: RaminoAction) -> RaminoAction:
    """Return the action as a player sees it: its card by face (which copy is the engine's)."""
    if isinstance(action, Discard | Close) and action.card is not None and action.card.deck:
        return replace(action, card=Card(action.card.rank, action.card.suit))
    return action


def parse_action(text: str) -> RaminoAction:
    """Parse an action's text form, e.g. 'take', 'discard 9C', 'close JK' or 'close'."""
    words = text.strip().split()
    if not words:
        raise IllegalMove("empty action")
    verb = words[0].lower()
    if len(words) == 1 and verb in _BARE:
        return _BARE[verb]
    if len(words) == 2 and verb == "discard":
        return Discard(Card.parse(words[1]))
    if len(words) == 2 and verb == "close":
        return Close(Card.parse(words[1]))
    raise IllegalMove(f"'{text}' is not a Ramino action")
