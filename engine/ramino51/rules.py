"""Ramino 51's checks, one per action: every rule of a move is written here, once.

The game's `verify` (engine/base.py) refuses a finished game and a seat whose turn it is not,
then runs the action's check named in the game's ACTIONS table. A check of a play (meld,
lay-off, joker swap, close in hand) works the play out on a `Draft` and returns it; the
move applies that same draft, so the check and the move cannot disagree. legal.py lists the
candidates these checks accept.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..cards import Card
from ..errors import (
    BadState,
    FirstMeldTooLow,
    IllegalMove,
    MustKeepCard,
    NotOpened,
    TakenCardDiscard,
    WrongPhase,
)
from ..table import TableMeld
from . import actions as A
from . import melds
from .draft import Draft
from .errors import CloseIncomplete, CloseNotAllowed, ExchangeNotAllowed
from .state import Ramino51State

_HINTS = {"draw": "draw from the stock or take the discard first",
          "play": "you have already drawn"}


class Ramino51Rules(Ramino51State):
    """The state with a check per action."""

    def need_phase(self, phase: str, doing: str) -> None:
        """Refuse an action outside its step of the turn."""
        if self.phase != phase:
            raise WrongPhase(f"you cannot {doing} now: {_HINTS[self.phase]}", phase=self.phase)

    def check_table(self) -> None:
        """Refuse a loaded table whose melds melds.py does not read back as they lie."""
        for meld in self.table:
            check_meld(meld)

    # --- the draw and the exchange card --------------------------------------------------

    def check_draw(self, seat: int, action: A.DrawStock) -> None:
        """Check a draw from the stock (on an empty one it rebuilds, or voids the hand)."""
        self.need_phase("draw", "draw")

    def check_take(self, seat: int, action: A.TakeDiscard) -> None:
        """Check a take of the pile's top card."""
        self.need_phase("draw", "take the discard")
        if not self.pile:
            raise IllegalMove("the discard pile is empty")
        top = self.pile[-1]
        if all(self.barred(c, top) for c in self.hands[seat]):
            # every card he would hold is the taken card or its twin: no discard could follow
            raise TakenCardDiscard(f"if you take {top} you will have no card you may discard "
                                   "this turn", card=top.text)

    def check_exchange(self, seat: int, action: A.SwapExchange) -> Card:
        """Check a swap of the exchange card; return the held copy given (Decision 4)."""
        if not self.first_turn(seat) or self.exchange is None:
            raise ExchangeNotAllowed("you may swap the exchange card only on your first turn",
                                     reason="first_turn")
        if self.swapped[seat]:
            raise ExchangeNotAllowed("you have already swapped the exchange card",
                                     reason="once")
        if self.acted:
            raise ExchangeNotAllowed("swap the exchange card before you meld, lay off or "
                                     "retrieve a joker", reason="played")
        given = Draft(self.hands[seat], self.table, seat).held(action.card)
        if given.face == self.exchange.face:
            # twins are interchangeable (Decision 17): giving one for the other is no exchange
            raise ExchangeNotAllowed(f"{given} for {self.exchange} changes nothing: swap a "
                                     "different card", reason="same")
        return given

    # --- the plays ---------------------------------------------------------------------

    def check_meld(self, seat: int, action: A.MeldCards) -> None:
        """Check new melds from the hand (an opening reaches the minimum in this action)."""
        self.meld_draft(seat, action, build=False)

    def meld_draft(self, seat: int, action: A.MeldCards,
                   build: bool = True) -> tuple[Draft, int]:
        """Work out a meld action; return the draft and the melds' opening value."""
        self.need_phase("play", "meld")
        draft = self.draft(seat)
        value = draft.meld(action.melds, build)
        self.reach_minimum(seat, value)
        self.keep_discardable(len(draft.hand), self.barred_among(draft.hand))
        return draft, value

    def reach_minimum(self, seat: int, value: int) -> None:
        """Refuse an opening worth less than the minimum (Decision 7; opened: no minimum)."""
        minimum = self.opts.opening_minimum
        if not self.opened[seat] and value < minimum:
            raise FirstMeldTooLow(f"your opening melds must total at least {minimum}; these "
                                  f"make {value}", minimum=minimum, points=value)

    def check_layoff(self, seat: int, action: A.LayOff) -> None:
        """Check a lay-off on a table meld."""
        self.layoff_draft(seat, action)

    def layoff_draft(self, seat: int, action: A.LayOff) -> Draft:
        """Work out a lay-off; return the draft."""
        return self.opened_draft(seat, "lay off", lambda draft: draft.lay_off(action))

    def check_swap(self, seat: int, action: A.SwapJoker) -> None:
        """Check a joker swap and its use, as a whole."""
        self.swap_draft(seat, action)

    def swap_draft(self, seat: int, action: A.SwapJoker) -> Draft:
        """Work out a joker swap with its use; return the draft."""
        return self.opened_draft(seat, "retrieve a joker", lambda draft: draft.swap(action))

    def opened_draft(self, seat: int, doing: str, play: Callable[[Draft], None]) -> Draft:
        """Work out a play only an opened seat makes (a lay-off, a joker swap)."""
        self.need_opened(seat, doing)
        draft = self.draft(seat)
        play(draft)
        self.keep_discardable(len(draft.hand), self.barred_among(draft.hand))
        return draft

    def keep_discardable(self, left: int, barred: int) -> None:
        """Refuse a play that leaves no card he may discard this turn (Decisions 16, 17):
        `left` cards stay in his hand, `barred` of them (`barred_among`) may not be thrown."""
        self.keep_card(left)
        if barred >= left:
            raise MustKeepCard(f"keep a card you may discard: {self.taken} was taken from the "
                               "pile this turn", card=str(self.taken))

    def barred_among(self, cards: Iterable[Card]) -> int:
        """Return how many of the cards may not be thrown this turn (`barred`)."""
        taken = self.taken
        return 0 if taken is None else sum(self.barred(c, taken) for c in cards)

    def keep_card(self, left: int) -> None:
        """Refuse a play that would leave the hand empty: one card stays for the discard."""
        if not left:
            raise MustKeepCard("you must keep a card to discard")

    def need_opened(self, seat: int, doing: str) -> None:
        """Refuse a lay-off or a swap before the draw or before opening (Decision 8)."""
        self.need_phase("play", doing)
        if not self.opened[seat]:
            raise NotOpened(f"you must open before you {doing}")

    def draft(self, seat: int) -> Draft:
        """Return a draft of the seat's hand and the table."""
        return Draft(self.hands[seat], self.table, seat)

    # --- the discard and the close in hand -----------------------------------------------

    def check_discard(self, seat: int, action: A.Discard) -> Card:
        """Check a discard; return the held copy thrown."""
        self.need_phase("play", "discard")
        return self.throwable(self.draft(seat), action.card)

    def throwable(self, draft: Draft, wanted: Card) -> Card:
        """Return the held copy of the card, if it may be thrown (Decision 17: twins too)."""
        card = draft.held(wanted)
        taken = self.taken
        if taken is not None and self.barred(card, taken):
            raise TakenCardDiscard(f"you cannot discard {card}: you took {taken} from the pile "
                                   "this turn", card=card.text)
        return card

    def barred(self, card: Card, taken: Card) -> bool:
        """Whether the card may not be thrown this turn: the taken card or its twin (any joker
        for a joker), unless `discard_taken_card` allows it (Decision 17)."""
        return card.face == taken.face and not self.opts.discard_taken_card

    def check_close(self, seat: int, action: A.CloseInHand) -> None:
        """Check a close in hand: its preconditions, then every part at its point, atomically."""
        self.close_draft(seat, action)

    def close_draft(self, seat: int, action: A.CloseInHand) -> tuple[Draft, Card]:
        """Work out a close in hand; return the draft (discard still held) and the discard."""
        self.close_allowed(seat, action.take_exchange)
        draft = self.draft(seat)
        if action.take_exchange and self.exchange is not None:
            draft.add(self.exchange)
        draft.meld(action.melds)
        for swap in action.swaps:
            draft.swap(swap)
        for lay in action.layoffs:
            draft.lay_off(lay)
        self.keep_card(len(draft.hand))
        thrown = self.throwable(draft, action.discard)
        if len(draft.hand) > 1:
            raise CloseIncomplete("a close in hand puts every card but the discard on the "
                                  "table", left=len(draft.hand) - 1)
        return draft, thrown

    def close_allowed(self, seat: int, take_exchange: bool) -> None:
        """Refuse a close in hand its preconditions rule out (ramino51.md, A turn)."""
        if self.opened[seat]:
            raise CloseNotAllowed("you have already opened: go out instead", reason="opened")
        if self.acted:
            raise CloseNotAllowed("close in hand before you meld, lay off or retrieve a joker",
                                  reason="played")
        if not take_exchange and self.phase != "play":
            raise CloseNotAllowed("draw first, or close in hand taking the exchange card",
                                  reason="no_draw")
        if take_exchange:
            self.exchange_close_allowed()

    def exchange_close_allowed(self) -> None:
        """Refuse taking the exchange card as the last draw where it is not (Decision 5)."""
        if self.starter_first():
            raise CloseNotAllowed("the starter's first turn has no draw for the exchange card "
                                  "to replace", reason="starter_first")
        if self.phase != "draw":
            raise CloseNotAllowed("you have already drawn this turn", reason="drawn")
        if self.exchange is None:
            raise CloseNotAllowed("there is no exchange card to take", reason="no_exchange")


def check_meld(meld: TableMeld) -> None:
    """Refuse a table meld that melds.py does not read back as it lies (BadState)."""
    group = tuple(A.Placed(e.card, e.stands_for) for e in meld.entries)
    again = melds.to_table(melds.read_meld(group), meld.owner, meld.id, 0)
    if again.cards != meld.cards or again.low != meld.low:
        raise BadState(f"meld {meld.id} of this saved game is not as it lies", meld=meld.id)
