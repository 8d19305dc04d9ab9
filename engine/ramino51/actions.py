"""Ramino 51 actions: frozen values that print and parse as text.

A card in a meld or a lay-off may carry what a joker stands for: "JK=6D". A run's jokers
are declared that way when they reach the table (ramino51.md: the identity never changes);
a set's joker needs no declaration. Examples of every form:

    draw                               take
    exchange 3C                        discard 9S
    meld 10H,JH,QH 7S,7D,7C            meld 5D,JK=6D,7D
    layoff 7C,8C B                     layoff JK=8H B          layoff AS B high
    swap B 9H meld QS,KS,JK=AS         swap A 6S,6D meld 9C,9S,JK
    swap B 9H layoff C                 swap B 9H layoff C 8H   (the joker stands for 8H)
    close drawn; meld 2C,3C,4C 3S,3C,3H; swap B 9H layoff C 8H; layoff 7C A; discard 9S
    close exchange; meld 4H,5H,6H,7H KC,KD,KS; discard QD

`close` lists its parts in the order the engine applies them (Decision 21): one `meld` part
(several melds), then `swap` parts, then `layoff` parts, then the `discard`.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..actions import Discard as Discard
from ..actions import DrawStock as DrawStock
from ..actions import TakeDiscard as TakeDiscard
from ..cards import Card
from ..errors import BadCard, IllegalMove
from ..table import parse_meld_id

ENDS = ("low", "high")


@dataclass(frozen=True, slots=True)
class Placed:
    """A card as an action names it; a joker may say the card it stands for (`as_`)."""

    card: Card
    as_: Card | None = None

    def __str__(self) -> str:
        return f"{self.card}={self.as_}" if self.as_ is not None else str(self.card)

    @classmethod
    def parse(cls, text: str) -> Placed:
        """Parse "7D", "JK" or "JK=6D"."""
        name, _, stands = text.partition("=")
        card = Card.parse(name)
        if not stands:
            if "=" in text:
                raise BadCard(f"say what the joker stands for after '=' in '{text}'", text=text)
            return cls(card)
        if not card.is_joker:
            raise IllegalMove(f"only a joker stands for another card: '{text}'")
        declared = Card.parse(stands)
        if declared.is_joker:
            raise IllegalMove(f"a joker stands for a natural card, not another joker: '{text}'")
        return cls(card, declared)


Group = tuple[Placed, ...]  # the cards of one meld (or one lay-off), in the order given
Melds = tuple[Group, ...]


def group_text(group: Group) -> str:
    """Print a group of cards joined by commas."""
    return ",".join(str(p) for p in group)


def melds_text(melds: Melds) -> str:
    """Print melds: cards joined by commas, melds by spaces."""
    return " ".join(group_text(m) for m in melds)


@dataclass(frozen=True, slots=True)
class SwapExchange:
    """Give a card for the exchange card (first turn only, once)."""

    card: Card

    def __str__(self) -> str:
        return f"exchange {self.card}"


@dataclass(frozen=True, slots=True)
class MeldCards:
    """Put one or more new melds from the hand on the table (an opening reaches the minimum)."""

    melds: Melds

    def __str__(self) -> str:
        return f"meld {melds_text(self.melds)}"


@dataclass(frozen=True, slots=True)
class LayOff:
    """Add cards to one table meld; `end` places a natural ace that fits both ends of a run."""

    cards: Group
    meld_id: str
    end: str | None = None

    def __str__(self) -> str:
        return f"layoff {group_text(self.cards)} {self.meld_id}" + (
            f" {self.end}" if self.end else "")


@dataclass(frozen=True, slots=True)
class JokerUse:
    """Where a retrieved joker goes: a new meld with hand cards (`meld`, the joker among its
    cards), or onto the table meld `meld_id`, standing for `as_` (needed on a run)."""

    meld: Group = ()
    meld_id: str = ""
    as_: Card | None = None

    def __str__(self) -> str:
        if self.meld:
            return f"meld {group_text(self.meld)}"
        return f"layoff {self.meld_id}" + (f" {self.as_}" if self.as_ is not None else "")


@dataclass(frozen=True, slots=True)
class SwapJoker:
    """Retrieve a joker from a table meld by giving the natural cards it stands for, and use
    it at once (`use`); refused as a whole otherwise."""

    meld_id: str
    naturals: tuple[Card, ...]
    use: JokerUse

    def __str__(self) -> str:
        return f"swap {self.meld_id} {','.join(c.text for c in self.naturals)} {self.use}"


@dataclass(frozen=True, slots=True)
class CloseInHand:
    """Put every card but one down in one action and discard the last (not opened before).

    With `take_exchange` the exchange card is this turn's draw. The parts apply in order:
    `melds`, then `swaps`, then `layoffs` (Decision 21).
    """

    take_exchange: bool
    melds: Melds
    swaps: tuple[SwapJoker, ...]
    layoffs: tuple[LayOff, ...]
    discard: Card

    def __str__(self) -> str:
        parts = ["close " + ("exchange" if self.take_exchange else "drawn")]
        if self.melds:
            parts.append(f"meld {melds_text(self.melds)}")
        parts += [str(s) for s in self.swaps] + [str(lay) for lay in self.layoffs]
        return "; ".join([*parts, f"discard {self.discard}"])


Ramino51Action = (DrawStock | TakeDiscard | SwapExchange | MeldCards | LayOff | SwapJoker
                  | Discard | CloseInHand)
_BARE: dict[str, Ramino51Action] = {"draw": DrawStock(), "take": TakeDiscard()}


def _group(word: str) -> Group:
    parts = word.split(",")
    if any(not p for p in parts):
        raise IllegalMove(f"'{word}' is not a group of cards (cards joined by commas)")
    return tuple(Placed.parse(p) for p in parts)


def _layoff(words: list[str], text: str) -> LayOff:
    if len(words) not in (3, 4) or (len(words) == 4 and words[3].lower() not in ENDS):
        raise IllegalMove(f"'{text}' is not a lay-off (e.g. 'layoff 7C,8C B' or "
                          "'layoff AS B high')")
    end = words[3].lower() if len(words) == 4 else None
    return LayOff(_group(words[1]), parse_meld_id(words[2]), end)


def _use(words: list[str], text: str) -> JokerUse:
    if len(words) == 2 and words[0].lower() == "meld":
        return JokerUse(meld=_group(words[1]))
    if len(words) in (2, 3) and words[0].lower() == "layoff":
        declared = Card.parse(words[2]) if len(words) == 3 else None
        if declared is not None and declared.is_joker:
            raise IllegalMove("a joker stands for a natural card, not another joker")
        return JokerUse(meld_id=parse_meld_id(words[1]), as_=declared)
    raise IllegalMove(f"'{text}' does not say where the joker goes (e.g. 'swap B 9H meld "
                      "QS,KS,JK=AS' or 'swap B 9H layoff C 8H')")


def _swap(words: list[str], text: str) -> SwapJoker:
    if len(words) < 4:
        raise IllegalMove(f"'{text}' is not a joker swap (e.g. 'swap B 9H meld QS,KS,JK=AS')")
    naturals = _group(words[2])
    if any(p.as_ is not None or p.card.is_joker for p in naturals):
        raise IllegalMove("a joker is retrieved with natural cards")
    return SwapJoker(parse_meld_id(words[1]), tuple(p.card for p in naturals),
                     _use(words[3:], text))


def parse_action(text: str) -> Ramino51Action:
    """Parse an action's text form, e.g. 'meld 5D,JK=6D,7D' or 'swap B 9H layoff C 8H'."""
    if ";" in text:
        return _close(text)
    words = text.strip().split()
    if not words:
        raise IllegalMove("empty action")
    verb = words[0].lower()
    if verb in _BARE and len(words) == 1:
        return _BARE[verb]
    if verb in ("exchange", "discard") and len(words) == 2:
        card = Card.parse(words[1])
        return SwapExchange(card) if verb == "exchange" else Discard(card)
    if verb == "meld" and len(words) >= 2:
        return MeldCards(tuple(_group(w) for w in words[1:]))
    if verb == "layoff":
        return _layoff(words, text)
    if verb == "swap":
        return _swap(words, text)
    raise IllegalMove(f"'{text}' is not a Ramino 51 action")


def _close(text: str) -> CloseInHand:
    """Parse 'close drawn|exchange; meld …; swap …; layoff …; discard X' (parts in order)."""
    parts = [p.strip() for p in text.split(";")]
    head = parts[0].split()
    if len(head) != 2 or head[0].lower() != "close" or head[1].lower() not in ("drawn",
                                                                               "exchange"):
        raise IllegalMove(f"'{text}' is not a close in hand (it starts 'close drawn;' or "
                          "'close exchange;')")
    body = [parse_action(p) for p in parts[1:]]
    if not body or not isinstance(body[-1], Discard):
        raise IllegalMove("a close in hand ends with its discard")
    return CloseInHand(head[1].lower() == "exchange", _close_melds(body[:-1]),
                       tuple(b for b in body if isinstance(b, SwapJoker)),
                       tuple(b for b in body if isinstance(b, LayOff)), body[-1].card)


def _close_melds(body: list[Ramino51Action]) -> Melds:
    """Return the melds of a close's parts, checking they come in the order of Decision 21."""
    order = {MeldCards: 0, SwapJoker: 1, LayOff: 2}
    ranks = [order.get(type(b), -1) for b in body]
    if -1 in ranks or ranks != sorted(ranks) or ranks.count(0) > 1:
        raise IllegalMove("a close in hand lists one meld part, then swaps, then lay-offs, "
                          "then the discard")
    first = body[0] if body else None
    return first.melds if isinstance(first, MeldCards) else ()
