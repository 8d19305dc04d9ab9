"""Rummy 500 actions: frozen values that print and parse as text."""

from __future__ import annotations

from dataclasses import dataclass

from ..actions import Discard as Discard
from ..actions import DrawStock as DrawStock
from ..cards import Card
from ..errors import BadCard, IllegalMove
from ..text import small_int

Melds = tuple[tuple[Card, ...], ...]
ENDS = ("low", "high")


def melds_text(melds: Melds) -> str:
    """Print melds: cards joined by commas, melds by spaces."""
    return " ".join(",".join(c.text for c in m) for m in melds)


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


def _melds(words: list[str]) -> Melds:
    out = []
    for word in words:
        parts = word.split(",")
        if any(not p for p in parts):
            raise IllegalMove(f"'{word}' is not a meld (cards joined by commas)")
        out.append(tuple(_card(p) for p in parts))
    return tuple(out)


def _placed(verb: str, words: list[str], text: str) -> tuple[Card, str, str | None]:
    if len(words) not in (3, 4) or (len(words) == 4 and words[3].lower() not in ENDS):
        raise IllegalMove(f"'{text}' is not a {verb} (e.g. '{verb} 8D B' or '{verb} AS B high')")
    meld_id = words[2].upper()
    if not (words[2].isascii() and meld_id.isalpha()):  # upper() makes ß into SS
        raise IllegalMove(f"'{words[2]}' is not a meld id")
    return _card(words[1]), meld_id, words[3].lower() if len(words) == 4 else None


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
        return TakeDiscards(k, _melds(words[2:]))
    if verb == "meld" and len(words) >= 2:
        return MeldCards(_melds(words[1:]))
    if verb == "discard" and len(words) == 2:
        return Discard(_card(words[1]))
    if verb in ("layoff", "claim"):
        card, meld_id, end = _placed(verb, words, text)
        return LayOff(card, meld_id, end) if verb == "layoff" else ClaimRummy(card, meld_id, end)
    if verb == "special" and len(words) == 2:
        return NameSpecial(None if words[1].lower() == "none" else _card(words[1]))
    raise IllegalMove(f"'{text}' is not a Rummy 500 action")
