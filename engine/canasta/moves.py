"""Canasta moves: apply a verified action to the state and say what happened (events).

The handlers are methods the game's ACTIONS table names; the base's `apply` runs one after
`verify` has accepted the action, then bumps the version. A play's handler commits the very
draft its check worked out (rules.py).
"""

from __future__ import annotations

from collections.abc import Iterable

from ..cards import Card
from ..game import Event
from . import actions as A
from . import scoring
from .draft import Draft
from .events import Added, Discarded, Drawn, Melded, Opened, PileCards, PileTaken, StockDrawn
from .melds import is_red_three
from .rules import CanastaRules
from .views import MeldView, melds_of, texts


class CanastaMoves(CanastaRules):
    """The state with a handler per action: each changes it and returns the events."""

    def draw_cards(self, seat: int, count: int) -> tuple[list[Card], list[Card]]:
        """Take `count` top stock cards; each red three goes to the area and is replaced by
        the next top card while there is one (the red-three rule). Return (kept, red)."""
        drawn, red = self.stock[:count], []
        del self.stock[:count]
        while any(is_red_three(c) for c in drawn):
            card = next(c for c in drawn if is_red_three(c))
            drawn.remove(card)
            red.append(card)
            if self.stock:
                drawn.append(self.stock.pop(0))
        self.hands[seat] += drawn
        self.red_threes[self.side(seat)] += red
        return drawn, red

    def do_draw(self, seat: int, action: A.DrawTwo) -> list[Event]:
        """Draw two cards (the last one alone); a lone card left without the going-out
        condition ends the hand at once (canasta.md, Phase 3)."""
        self.note_declined(seat)
        drawn, red = self.draw_cards(seat, 2)
        self.phase = "play"
        events = [Event("draw", seat, StockDrawn(len(self.stock), len(drawn), texts(red)),
                        Drawn(texts(drawn)))]
        if len(self.hands[seat]) == 1 and not self.going_out_ok(self.side(seat)):
            events += scoring.end_hand(self, None, "stuck")
        return events

    def do_open(self, seat: int, action: A.OpenAndDraw) -> list[Event]:
        """Lay the opening melds, then draw one card."""
        draft = self.check_open(seat, action)
        self.note_declined(seat)
        self.note_shown(seat, [c for meld in action.melds for c in meld])
        views = self.commit(draft)
        self.opened[draft.side] = True
        drawn, red = self.draw_cards(seat, 1)
        self.phase = "play"
        points = sum(scoring.value(self, cards) for _, cards in draft.new)
        return [Event("open", seat, Opened(views, points, texts(red), len(self.stock)),
                      Drawn(texts(drawn)))]

    def do_take(self, seat: int, action: A.TakePile) -> list[Event]:
        """Take the pile: the forced meld and any new melds, the rest into the hand."""
        draft = self.check_take(seat, action)
        opening = not self.opened[draft.side]
        rest = self.pile[:-1]
        red = [c for c in rest if is_red_three(c)]
        views = self.commit(draft)
        self.red_threes[draft.side] += red
        self.pile = []
        self.opened[draft.side] = True
        self.phase = "play"
        kept = [c for c in rest if not is_red_three(c)]
        self.note_pile_taken(seat, [*action.cards, *(c for m in action.extra for c in m)],
                             rest[self.unseen_under:])
        return [Event("take", seat, PileTaken(views, len(kept), texts(red), opening),
                      PileCards(texts(kept)))]

    # --- the public history: what every player could remember --------------------------

    def note_declined(self, seat: int) -> None:
        """Remember the pile's top the seat left for the stock (none under a three)."""
        if self.pile and self.pile[-1].rank != 3:
            self.note_passed(seat, self.pile[-1])

    def note_pile_taken(self, seat: int, laid: Iterable[Card], seen: Iterable[Card]) -> None:
        """Remember the pile cards everyone saw go into the seat's hand (its red threes go
        down at once), less those it laid with the take."""
        self.note_shown(seat, laid)
        self.note_taken(seat, [c for c in seen if not is_red_three(c)])
        self.unseen_under = 0

    def commit(self, draft: Draft) -> tuple[MeldView, ...]:
        """Put a draft on the state; return the melds it made or grew, as they lie now."""
        touched = draft.commit(self.hands, self.table)
        return melds_of(self.table.get(mid) for mid in touched)

    def do_end(self, seat: int, action: A.EndHand) -> list[Event]:
        """End the hand on an empty stock."""
        return scoring.end_hand(self, None, "exhausted")

    def do_meld(self, seat: int, action: A.NewMeld) -> list[Event]:
        """Put a new meld on the table."""
        views = self.commit(self.check_meld(seat, action))
        self.note_shown(seat, action.cards)
        return [Event("meld", seat, Melded(views[:1]))]

    def do_add(self, seat: int, action: A.AddToMeld) -> list[Event]:
        """Add cards to a meld of the side."""
        self.commit(self.check_add(seat, action))
        self.note_shown(seat, action.cards)
        meld = MeldView.of(self.table.get(action.meld_id))
        return [Event("add", seat, Added(texts(action.cards), meld))]

    def do_discard(self, seat: int, action: A.Discard) -> list[Event]:
        """Throw a card on the pile: the hand ends if it was the last, else the turn passes."""
        card = self.check_discard(seat, action)
        hand = self.hands[seat]
        hand.remove(card)
        self.pile.append(card)
        self.note_thrown(seat, card)
        events = [Event("discard", seat, Discarded(card.text, not hand))]
        if not hand:
            return events + scoring.end_hand(self, seat, "out")
        return events + self.next_turn(seat)

    def next_turn(self, seat: int) -> list[Event]:
        """Pass the turn; on an empty stock with no pile take for him, the hand ends."""
        self.turn = self.next_seat(seat)
        self.phase = "acquire"
        if not self.stock and not self.can_take(self.turn):
            return scoring.end_hand(self, None, "exhausted")
        return []

    def can_take(self, seat: int) -> bool:
        """Whether some pile take is legal for the seat now (a hook: legal.py answers)."""
        return False
