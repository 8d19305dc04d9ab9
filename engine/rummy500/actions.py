"""Rummy 500 actions: frozen values that print and parse as text."""

from __future__ import annotations

from dataclasses import dataclass

from ..actions import ENDS as ENDS
from ..actions import Discard as Discard
from ..actions import DrawStock as DrawStock
from ..actions import LayOff as LayOff
from ..actions import MeldCards as MeldCards
from ..actions import Melds as Melds
from ..actions import melds_text as melds_text
from ..actions import parse_melds, parse_placed
from ..cards import Card
from ..errors import BadCard, IllegalMove
from ..text import small_int


@dataclass(frozen=True, slots=True)
class TakeDiscards:
    """Take pile cards p_k … p_n, putting the melds (one holding p_k) on the table."""

    k: int
    melds: Melds = ()

    def __str__(self) -> str:
        return f"take {self.k} {melds_text(self.melds)}".rstrip()


@dataclass(frozen=True, slots=True)
class DeclineDiscards:
    """With an empty stock, take nothing from the pile."""

    def __str__(self) -> str:
        return "decline"


@dataclass(frozen=True, slots=True)
class ClaimRummy:
    """Claim the open window's discard by laying it off on a table meld."""

    card: Card
    meld_id: str
    end: str | None = None

    def __str__(self) -> str:
        return f"claim {self.card} {self.meld_id}" + (f" {self.end}" if self.end else "")


@dataclass(frozen=True, slots=True)
class EndClaims:
    """Close the Rummy window (the session sends it when the seconds are up)."""

    def __str__(self) -> str:
        return "end_claims"


@dataclass(frozen=True, slots=True)
class NameSpecial:
    """The dealer names this hand's special card, or none."""

    card: Card | None

    def __str__(self) -> str:
        return f"special {self.card.text if self.card else 'none'}"


Rummy500Action = (DrawStock | TakeDiscards | DeclineDiscards | MeldCards | LayOff | Discard
                  | ClaimRummy | EndClaims | NameSpecial)
# `Meld` reads better in prose; the dataclass is MeldCards to keep clear of engine.melds.Meld
Meld = MeldCards
_BARE: dict[str, Rummy500Action] = {
    "draw": DrawStock(), "decline": DeclineDiscards(), "end_claims": EndClaims(),
}


def _card(text: str) -> Card:
    card = Card.parse(text)
    if card.is_joker:
        raise BadCard(f"'{text}' is not a card of this game (no jokers)", text=text)
    return card


def parse_action(text: str) -> Rummy500Action:
    """Parse an action's text form, e.g. 'take 3 7C,7D,7S' or 'layoff AS B high'."""
    words = text.strip().split()
    if not words:
        raise IllegalMove("empty action")
    verb = words[0].lower()
    if verb in _BARE and len(words) == 1:
        return _BARE[verb]
    if verb == "take" and len(words) >= 2:
        k = small_int(words[1], max_digits=3)
        if k is None:
            raise IllegalMove(f"'{words[1]}' is not a pile position")
        return TakeDiscards(k, parse_melds(words[2:], _card))
    if verb == "meld" and len(words) >= 2:
        return MeldCards(parse_melds(words[1:], _card))
    if verb == "discard" and len(words) == 2:
        return Discard(_card(words[1]))
    if verb in ("layoff", "claim"):
        card, meld_id, end = parse_placed(verb, words, text, _card)
        return LayOff(card, meld_id, end) if verb == "layoff" else ClaimRummy(card, meld_id, end)
    if verb == "special" and len(words) == 2:
        return NameSpecial(None if words[1].lower() == "none" else _card(words[1]))
    raise IllegalMove(f"'{text}' is not a Rummy 500 action")
