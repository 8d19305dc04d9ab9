"""Rummy 500 moves: apply a verified action to the state and say what happened (events).

The handlers are methods of the state that the game's ACTIONS table names; the base's
`apply` runs one after `verify` has accepted the action, then bumps the version.
"""

from __future__ import annotations

from ..game import Event
from ..table import Entry, TableMeld
from . import actions as A
from .events import (
    Announced,
    Claimed,
    Declined,
    Discarded,
    DrawnCard,
    Drew,
    EmptyHand,
    LaidOff,
    Melded,
    Reused,
    SpecialNamed,
    Taken,
)
from .legal import LegalMoves
from .rules import Rules
from .scoring import card_value, end_hand, run_position
from .state import Rummy500State
from .table import Shape
from .views import melds_of


class Rummy500Moves(Rummy500State):
    """The state with a handler per action: each changes it and returns the events."""

    # --- the special card and the draw step --------------------------------------------------

    def do_special(self, seat: int, action: A.NameSpecial) -> list[Event]:
        """Name this hand's special card and deal."""
        self.special = action.card
        self.set_values()
        card = action.card.text if action.card else None
        return [Event("special", seat, SpecialNamed(card))] + self.deal()

    def do_draw(self, seat: int, action: A.DrawStock) -> list[Event]:
        """Draw the top card of the stock."""
        events = self.close_window("draw")
        return events + self._draw(seat)

    def _draw(self, seat: int) -> list[Event]:
        self.redraw = not self.hands[seat]
        card = self.stock.pop(0)
        self.hands[seat].append(card)
        self.phase = "play"
        return [Event("draw", seat, Drew(len(self.stock)), DrawnCard(card.text))]

    def do_take(self, seat: int, action: A.TakeDiscards) -> list[Event]:
        """Take pile cards, putting the new melds on the table."""
        shapes, left = Rules(self).take_result(seat, action)
        events = self.close_window("take")
        taken = self.pile[action.k - 1:]
        del self.pile[action.k - 1:]
        new = [self._new_meld(seat, s) for s in shapes]
        self.hands[seat] = left
        self.free_card = taken[-1] if not shapes else None
        self.phase = "play"
        events.append(Event("take", seat, Taken(
            tuple(c.text for c in taken), action.k, melds_of(new), not shapes)))
        return events + self._after_play(seat)

    def do_decline(self, seat: int, action: A.DeclineDiscards) -> list[Event]:
        """Decline the pile with the stock empty."""
        events = self.close_window("decline")
        return events + [Event("decline", seat, Declined(False))] + self._decline(seat)

    def _decline(self, seat: int) -> list[Event]:
        if self.reuses < self.opts.reuse_discards and self.pile:
            self.stock, self.pile = self.pile, []  # face down unshuffled: p1 becomes the top
            self.reuses += 1
            events = [Event("reuse", seat, Reused(len(self.stock), self.reuses))]
            return events + self._draw(seat)
        return end_hand(self, "stock", None)

    # --- the play step -----------------------------------------------------------------------

    def _new_meld(self, seat: int, shape: Shape) -> TableMeld:
        meld = self.table.add(seat, shape.kind, shape.suit, shape.rank, shape.low)
        for i, c in enumerate(shape.cards):
            pos = "set" if shape.kind == "set" else run_position(c, shape.low + i)
            meld.entries.append(Entry(c, seat, card_value(c, self.values, pos), "meld"))
        self.opened[seat] = True
        return meld

    def do_meld(self, seat: int, action: A.MeldCards) -> list[Event]:
        """Put new melds from the hand on the table."""
        shapes = Rules(self).meld_result(seat, action)
        gone = {c for m in action.melds for c in m}
        self.hands[seat] = [c for c in self.hands[seat] if c not in gone]
        new = [self._new_meld(seat, s) for s in shapes]
        events = [Event("meld", seat, Melded(melds_of(new)))]
        return events + self._after_play(seat)

    def _place(self, seat: int, action: A.LayOff | A.ClaimRummy, how: str) -> Entry:
        end = Rules(self).layoff_end(seat, action)
        meld = self.meld_by_id(action.meld_id)
        card = action.card
        if meld.kind == "set":
            pos = "set"
        else:
            pos = run_position(card, meld.low - 1 if end == "low" else meld.high + 1)
        entry = Entry(card, seat, card_value(card, self.values, pos), how)
        meld.place(entry, end)
        return entry

    def do_layoff(self, seat: int, action: A.LayOff) -> list[Event]:
        """Lay a card off on a table meld."""
        entry = self._place(seat, action, "layoff")
        self.hands[seat].remove(action.card)
        meld = self.meld_by_id(action.meld_id)
        events = [Event("layoff", seat, LaidOff((action.card.text,), meld.id, action.end,
                                                entry.value))]
        return events + self._after_play(seat)

    def _after_play(self, seat: int) -> list[Event]:
        """End the hand or the turn when a play step emptied the hand."""
        if self.hands[seat]:
            return []
        if self.opts.go_out_without_discard == "immediate":
            return end_hand(self, "out", seat)
        # seed_redraw: the turn ends with an empty hand and no discard
        events = [Event("empty_hand", seat, EmptyHand())]
        return events + self._next_turn(seat)

    def do_discard(self, seat: int, action: A.Discard) -> list[Event]:
        """Discard a card, ending the turn (and opening the Rummy! window)."""
        card = action.card
        self.hands[seat].remove(card)
        self.pile.append(card)
        if not self.hands[seat]:
            return [Event("discard", seat, Discarded(card.text, False))] + \
                end_hand(self, "out", seat)
        rummy = self.opts.rummy_rule
        events = [Event("discard", seat, Discarded(card.text, rummy))]
        if rummy:
            self.claim_open, self.claim_card, self.discarder = True, card, seat
            fits = self.fitting_melds(card)
            if self.opts.rummy_call == "announce" and fits:
                events.append(Event("rummy_announce", None, Announced(card.text, tuple(fits))))
        return events + self._next_turn(seat)

    # --- turns and the Rummy! window ---------------------------------------------------------

    def _next_turn(self, seat: int) -> list[Event]:
        self.turn, self.phase = self.next_seat(seat), "draw"
        self.free_card, self.redraw = None, False
        return self._draw_step()

    def _draw_step(self) -> list[Event]:
        """Apply the automatic decline when the stock is empty and no take is legal."""
        if self.phase != "draw" or self.claim_open or self.stock:
            return []
        if LegalMoves(Rules(self), self.turn).any_take():
            return []
        return [Event("decline", self.turn, Declined(True))] + self._decline(self.turn)

    def do_claim(self, seat: int, action: A.ClaimRummy) -> list[Event]:
        """Claim the open window's discard onto a table meld."""
        entry = self._place(seat, action, "claim")
        self.pile.pop()
        events = [Event("claim", seat, Claimed(seat, action.card.text, action.meld_id.upper(),
                                               action.end, entry.value, self.discarder))]
        events += self.close_window("claim")
        return events + self._draw_step()

    def do_end_claims(self, seat: int, action: A.EndClaims) -> list[Event]:
        """Close the Rummy! window."""
        return self.close_window("timeout") + self._draw_step()
