"""A seat's plays worked out on a copy of his hand and of the table: the checks and the moves
share it, so every rule of a meld, a lay-off or a joker swap is applied in one place.

melds.py judges the melds and never mutates a table meld (it returns new ones), so a draft
holds its own list of the table's melds and replaces the ones it changes; `commit` puts the
hand and the table back on the state. Cards in actions are parsed as pack 0: each named card
is resolved to a copy the seat really holds (by face) before it moves, so every physical card
is conserved.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ..cards import PACKS_HELD, Card
from ..errors import CardNotInHand, NoSuchMeld
from ..table import Table, TableMeld, meld_id
from . import actions as A
from . import melds
from .errors import JokerNotUsed

# read_meld is pure and its answers immutable: legal lists verify the same melds many times
# (each opening shares melds with the others), so a meld is read once. Refusals are not kept.
read_meld = lru_cache(maxsize=8192)(melds.read_meld)


class Draft:
    """One seat's hand and the table, changed play by play on copies."""

    def __init__(self, hand: Sequence[Card], table: Table, seat: int) -> None:
        self.seat = seat
        self.hand = list(hand)
        self.faces = [c.key // PACKS_HELD for c in self.hand]  # kept beside the hand: found fast
        self.melds = list(table.melds)
        self.touched: list[str] = []  # ids of the melds made or changed, in order

    def held(self, wanted: Card) -> Card:
        """Return the copy of the card the hand holds, or raise CardNotInHand."""
        return self.hand[self._at(wanted)]

    def _at(self, wanted: Card) -> int:
        # by face, first in the hand: a retrieved joker put first is the one an action names
        try:
            return self.faces.index(wanted.key // PACKS_HELD)
        except ValueError:
            raise CardNotInHand(f"you do not hold {wanted}", card=wanted.text) from None

    def pull(self, wanted: Card) -> Card:
        """Take a held copy of the card out of the hand."""
        at = self._at(wanted)
        del self.faces[at]
        return self.hand.pop(at)

    def add(self, card: Card, first: bool = False) -> None:
        """Put a card into the hand (first: before its twins, so actions name it)."""
        at = 0 if first else len(self.hand)
        self.hand.insert(at, card)
        self.faces.insert(at, card.key // PACKS_HELD)

    def pull_group(self, group: A.Group) -> A.Group:
        """Take the group's cards out of the hand, each as the very copy held."""
        return tuple(A.Placed(self.pull(p.card), p.as_) for p in group)

    def index(self, mid: str) -> int:
        """Return the position of the table meld with that id, or raise NoSuchMeld."""
        wanted = mid.upper()
        for i, meld in enumerate(self.melds):
            if meld.id == wanted:
                return i
        raise NoSuchMeld(f"there is no meld {mid} on the table", meld=mid)

    def _put(self, meld: TableMeld, at: int | None = None) -> None:
        if at is None:
            self.melds.append(meld)
        else:
            self.melds[at] = meld
        if meld.id not in self.touched:
            self.touched.append(meld.id)

    # --- the plays -----------------------------------------------------------------------

    def meld(self, groups: A.Melds, build: bool = True) -> int:
        """Put new melds down; return what they are worth for an opening.

        Without `build` the melds are judged but not laid on the draft's table: a check of a
        lone meld action needs no more (legal lists check dozens of them).
        """
        value = 0
        for group in groups:
            read = read_meld(self.pull_group(group))
            value += melds.meld_value(read)
            if build:
                self._put(melds.to_table(read, self.seat, meld_id(len(self.melds)), self.seat))
        return value

    def lay_off(self, action: A.LayOff) -> None:
        """Add the action's cards to its meld."""
        at = self.index(action.meld_id)
        cards = self.pull_group(action.cards)
        self._put(melds.lay_off(self.melds[at], cards, action.end, self.seat), at)

    def swap(self, action: A.SwapJoker) -> None:
        """Retrieve a joker with natural cards and use it at once (Decision 14)."""
        at = self.index(action.meld_id)
        naturals = tuple(self.pull(c) for c in action.naturals)
        meld, joker = melds.swap_joker(self.melds[at], naturals, self.seat)
        self._put(meld, at)
        self.add(joker, first=True)  # so the use's "JK" names this very joker
        self._use(joker, action.use)
        if any(card is joker for card in self.hand):
            raise JokerNotUsed("the joker you retrieve must go back on the table at once: "
                               "in a new meld or on a meld", joker=joker.text)

    def _use(self, joker: Card, use: A.JokerUse) -> None:
        if use.meld:
            self.meld((use.meld,))
        elif use.meld_id:
            lay = A.LayOff((A.Placed(joker, use.as_),), use.meld_id)
            self.lay_off(lay)

    def commit(self, hands: list[list[Card]], table: Table) -> None:
        """Put the worked-out hand and table on the state."""
        hands[self.seat] = self.hand
        table.melds = self.melds
