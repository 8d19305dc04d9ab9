"""Ramino 51 moves: apply a verified action to the state and say what happened (events).

The handlers are methods the game's ACTIONS table names; the base's `apply` runs one after
`verify` has accepted the action, then bumps the version. A play's handler applies the very
draft its check worked out (rules.py).
"""

from __future__ import annotations

from ..game import Event
from . import actions as A
from . import scoring
from .draft import Draft
from .events import (
    ClosedInHand,
    Discarded,
    DrawnCard,
    Drew,
    Exchanged,
    JokerSwapped,
    LaidOff,
    Melded,
    Rebuilt,
    Took,
)
from .rules import Ramino51Rules
from .views import MeldView, melds_of

# A hand can stall for ever: every meld on the table full, every hand too short to meld three
# cards and keep one (ramino51.md is silent; with unlimited rebuilds computers looped). Once
# this many stocks have been rebuilt with no card put down since, the next exhaustion voids
# the hand, as when no rebuild is left (Decision 18).
STALL_REBUILDS = 2


class Ramino51Moves(Ramino51Rules):
    """The state with a handler per action: each changes it and returns the events."""

    # --- the draw and the exchange card --------------------------------------------------

    def do_draw(self, seat: int, action: A.DrawStock) -> list[Event]:
        """Draw the top stock card, rebuilding the stock first, or void the hand (Decision 18)."""
        events = []
        if not self.stock:
            if not self.can_rebuild():
                return scoring.end_hand(self, None)
            events.append(self.rebuild(seat))
        card = self.stock.pop(0)
        self.hands[seat].append(card)
        self.phase = "play"
        return [*events, Event("draw", seat, Drew(len(self.stock)), DrawnCard(card.text))]

    def can_rebuild(self) -> bool:
        """Whether the pile can become a new stock: a rebuild left, cards under the top, and
        the hand not stalled (STALL_REBUILDS stocks gone by with no card put down)."""
        limit = self.opts.stock_rebuilds
        return ((limit is None or self.rebuilds < limit) and len(self.pile) > 1
                and self.idle_rebuilds < STALL_REBUILDS)

    def rebuild(self, seat: int) -> Event:
        """Shuffle the pile but its top card into a new stock, replayably (by the seed)."""
        under = self.pile[:-1]
        self.rebuilds += 1
        self.idle_rebuilds += 1
        self.stock = self.deck.side_deck(f"rebuild{self.rebuilds}", lambda: list(under))
        self.pile = self.pile[-1:]
        return Event("rebuild", seat, Rebuilt(len(self.stock), self.rebuilds))

    def do_take(self, seat: int, action: A.TakeDiscard) -> list[Event]:
        """Take the top card of the pile."""
        card = self.pile.pop()
        self.hands[seat].append(card)
        self.taken, self.phase = card, "play"
        return [Event("take", seat, Took((card.text,)))]

    def do_exchange(self, seat: int, action: A.SwapExchange) -> list[Event]:
        """Give a card for the exchange card."""
        given = self.check_exchange(seat, action)
        got = self.exchange
        assert got is not None  # the check refuses a swap with no exchange card
        hand = self.hands[seat]
        hand[hand.index(given)] = got
        self.exchange, self.swapped[seat] = given, True
        return [Event("exchange", seat, Exchanged(given.text, got.text))]

    # --- the plays -----------------------------------------------------------------------

    def do_meld(self, seat: int, action: A.MeldCards) -> list[Event]:
        """Put new melds on the table; the first ones open the seat."""
        draft, value = self.meld_draft(seat, action)
        opening = not self.opened[seat]
        self.played(draft, opening)
        return [Event("meld", seat, Melded(self.views(draft), value, opening))]

    def do_layoff(self, seat: int, action: A.LayOff) -> list[Event]:
        """Add cards to a table meld."""
        draft = self.layoff_draft(seat, action)
        self.played(draft)
        meld = self.table.get(action.meld_id)
        return [Event("layoff", seat, LaidOff(tuple(str(p.card) for p in action.cards),
                                              meld.id, MeldView.of(meld)))]

    def do_swap(self, seat: int, action: A.SwapJoker) -> list[Event]:
        """Retrieve a joker and put it back on the table at once."""
        draft = self.swap_draft(seat, action)
        self.played(draft)
        source, used = self.table.get(action.meld_id), self.table.get(draft.touched[-1])
        naturals = tuple(c.text for c in action.naturals)
        return [Event("swap", seat, JokerSwapped(naturals, MeldView.of(source),
                                                 MeldView.of(used)))]

    def played(self, draft: Draft, opening: bool = False) -> None:
        """Put a play's draft on the state; the seat has played this turn (and maybe opened)."""
        draft.commit(self.hands, self.table)
        self.acted = True
        self.idle_rebuilds = 0
        if opening:
            self.opened[draft.seat] = self.opened_now = True

    def views(self, draft: Draft) -> tuple[MeldView, ...]:
        """Return the views of the melds a draft made or changed, as they lie now."""
        return melds_of(self.table.get(mid) for mid in draft.touched)

    # --- the discard and the close in hand -----------------------------------------------

    def do_discard(self, seat: int, action: A.Discard) -> list[Event]:
        """Throw a card on the pile: the turn passes, or the hand ends if it was the last."""
        card = self.check_discard(seat, action)
        hand = self.hands[seat]
        hand.remove(card)
        self.pile.append(card)
        events = [Event("discard", seat, Discarded(card.text, not hand))]
        if not hand:  # opened and out in one turn by melding: closed in hand (A turn, 2)
            reason = "in_hand" if self.opened_now else "out"
            return events + scoring.end_hand(self, seat, reason, card)
        return events + self.next_turn(seat)

    def next_turn(self, seat: int) -> list[Event]:
        """Pass the turn to the next seat, at its draw."""
        self.had_turn[seat] = True
        self.turn = self.next_seat(seat)
        self.reset_turn("draw")
        return []

    def do_close(self, seat: int, action: A.CloseInHand) -> list[Event]:
        """Close in hand: every part on the table, the last card discarded, the hand over."""
        draft, thrown = self.close_draft(seat, action)
        if action.take_exchange:
            self.exchange = None
        draft.pull(thrown)
        draft.commit(self.hands, self.table)
        self.pile.append(thrown)
        self.opened[seat] = True
        close = ClosedInHand(action.take_exchange, self.views(draft), thrown.text)
        return [Event("close", seat, close), *scoring.end_hand(self, seat, "in_hand", thrown)]
