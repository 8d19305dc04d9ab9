"""A play worked out on copies: the hand it leaves and the melds it makes or grows.

A check builds a `Draft` and refuses what the rules refuse; the move commits the same draft,
so the check and the move cannot disagree (as Ramino 51's draft.py does).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ..cards import PACKS_HELD, Card
from ..errors import CardNotInHand
from ..table import Entry, Table, TableMeld
from .melds import canasta_kind


def held_at(hand: Sequence[Card], want: Card) -> int:
    """Return where the hand holds a copy of the card's face; CardNotInHand if nowhere."""
    return found_at(faces_of(hand), want)


def faces_of(hand: Sequence[Card]) -> list[int]:
    """Return each card's face as an int (its key without the pack)."""
    return [card.key // PACKS_HELD for card in hand]


def found_at(faces: list[int], want: Card) -> int:
    """Return where the first copy of the card's face is among these faces; CardNotInHand if
    nowhere."""
    # searched at C speed: the legal lists pull thousands of cards a call
    try:
        return faces.index(want.key // PACKS_HELD)
    except ValueError:
        raise CardNotInHand(f"you do not hold {want}", card=want.text) from None


@dataclass(slots=True)
class Draft:
    """A seat's hand and his side's melds as a play would leave them."""

    seat: int
    side: int
    hand: list[Card]
    new: list[tuple[int, list[Card]]] = field(default_factory=list)  # (rank, cards)
    adds: dict[str, list[Card]] = field(default_factory=dict)  # meld id -> cards added

    @classmethod
    def of(cls, hand: Sequence[Card], seat: int, side: int) -> Draft:
        """Return a draft of this hand with nothing played yet."""
        return cls(seat, side, list(hand))

    def pull(self, named: Iterable[Card]) -> list[Card]:
        """Take the named cards out of the hand (the first held copy of each face)."""
        faces = faces_of(self.hand)
        out = []
        for want in named:
            i = found_at(faces, want)
            del faces[i]
            out.append(self.hand.pop(i))
        return out

    def grown(self, meld: TableMeld) -> list[Card]:
        """Return a table meld's cards with what the draft adds to it."""
        return meld.cards + self.adds.get(meld.id, [])

    def kinds(self, table: Table) -> list[str]:
        """Return the canasta kind of each of the side's melds after the draft."""
        old = [canasta_kind(m.rank, self.grown(m)) for m in table.owned_by(self.side)]
        return old + [canasta_kind(rank, cards) for rank, cards in self.new]

    def commit(self, hands: list[list[Card]], table: Table) -> list[str]:
        """Put the draft on the state; return the ids of the melds made or grown."""
        hands[self.seat] = self.hand
        touched = []
        for mid, cards in self.adds.items():
            table.get(mid).entries += [Entry(c, self.seat, 0, "add") for c in cards]
            touched.append(mid)
        for rank, cards in self.new:
            meld = table.add(self.side, "group", rank=rank)
            meld.entries = [Entry(c, self.seat) for c in cards]
            touched.append(meld.id)
        return touched
