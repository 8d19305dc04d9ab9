"""Ramino moves: apply a verified action to the state and say what happened (events).

The handlers are methods the game's ACTIONS table names; the base's `apply` runs one after
`verify` has accepted the action, then bumps the version.
"""

from __future__ import annotations

from ..game import Event
from . import actions as A
from . import scoring
from .events import Discarded, DrawnCard, Drew, Rebuilt, Taken
from .rules import RaminoRules, without


class RaminoMoves(RaminoRules):
    """The state with a handler per action: each changes it and returns the events."""

    def do_draw(self, seat: int, action: A.DrawStock) -> list[Event]:
        """Draw the top stock card, rebuilding the stock first, or void the hand (Decision 14)."""
        events = []
        if self.pile:
            self.note_passed(seat, self.pile[-1])
        if not self.stock:
            if not self.can_rebuild():
                return scoring.end_hand(self, None)
            events.append(self.rebuild(seat))
        card = self.stock.pop(0)
        self.hands[seat].append(card)
        self.drawn, self.phase = card, "discard"
        return [*events, Event("draw", seat, Drew(len(self.stock)), DrawnCard(card.text))]

    def can_rebuild(self) -> bool:
        """Whether the pile can become a new stock: a rebuild left, and cards under the top."""
        left = self.opts.stock_rebuilds is None or self.rebuilds < self.opts.stock_rebuilds
        return left and len(self.pile) > 1

    def rebuild(self, seat: int) -> Event:
        """Shuffle the pile but its top card into a new stock, replayably (by the seed)."""
        under = self.pile[:-1]
        self.rebuilds += 1
        self.stock = self.deck.side_deck(f"rebuild{self.rebuilds}", lambda: list(under))
        self.pile, self.throwers = self.pile[-1:], self.throwers[-1:]
        return Event("rebuild", seat, Rebuilt(len(self.stock), self.rebuilds))

    def do_take(self, seat: int, action: A.TakeDiscard) -> list[Event]:
        """Take the top card of the pile (the upcard on the first turn)."""
        upcard = self.phase == "first"
        card = self.pile.pop()
        self.throwers.pop()
        self.hands[seat].append(card)
        self.taken, self.phase = card, "discard"
        self.note_taken(seat, [card])
        return [Event("take", seat, Taken((card.text,), upcard))]

    def do_discard(self, seat: int, action: A.Discard) -> list[Event]:
        """Throw a card on the pile; the turn passes."""
        card = self.discardable(seat, action.card)
        self.hands[seat] = without(self.hands[seat], card)
        self.pile.append(card)
        self.throwers.append(seat)
        self.note_thrown(seat, card)
        self.taken = self.drawn = None
        self.phase, self.turn = "draw", self.next_seat(seat)
        return [Event("discard", seat, Discarded(card.text))]

    def do_close(self, seat: int, action: A.Close) -> list[Event]:
        """Discard (unless closing at once) and close: the hand ends and is scored."""
        kept = self.closing_hand(seat, action)
        thrown = None
        if action.card is not None:
            thrown = self.discardable(seat, action.card)
            self.pile.append(thrown)
            self.throwers.append(seat)
        self.hands[seat] = kept
        return scoring.end_hand(self, seat, thrown)

    def do_reenter(self, seat: int, action: A.Reenter) -> list[Event]:
        """Come back into the game with the offered total."""
        return scoring.answer(self, seat, True)

    def do_decline(self, seat: int, action: A.Decline) -> list[Event]:
        """Stay out of the game for good."""
        return scoring.answer(self, seat, False)
