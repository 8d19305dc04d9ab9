"""Rummy 500's checks, one per action: every rule of a move is written here, once.

The game's `verify` (engine/base.py) refuses a finished game, then asks the game's
`check_seat` (`check_seat` here for claims, `check_turn` for the rest, nothing for closing the
window), then runs the action's check named in the game's ACTIONS table on a `Rules` object.
legal.py lists the legal moves by generating candidates and keeping those that check accepts
(pokerkit's can_x is try: verify_x()). That holds for every action family: the special card,
draw and decline, takes, melds, lay-offs, discards and Rummy! claims; the gates
(`check_turn`, `check_seat`, `check_take_gate`, `check_layoff_gate`) are the first steps of
those same checks, which legal.py runs once to skip hopeless candidates.

A Rules object reads one state that does not change while it lives: it caches the table's
summaries and the seats' hands as sets.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..cards import Card
from ..errors import (
    AmbiguousEnd,
    BadCard,
    CardNotInHand,
    DoesNotFit,
    FirstMeldTooLow,
    GameOver,
    InvalidMeld,
    KeyCardUnused,
    MustKeepCard,
    NotOpened,
    NotYourTurn,
    RulesError,
    StockEmpty,
    TakenCardDiscard,
    WrongPhase,
)
from . import actions as A
from .errors import (
    ClaimTooLate,
    DeadEnd,
    LastCardPlayable,
    MustDrawStock,
    NoSuchPosition,
    OwnDiscard,
    StockNotEmpty,
)
from .scoring import meld_points
from .state import Rummy500State
from .table import Shape, Summary, ends_of, extended, fits_any, shape_of

_HINTS = {"draw": "draw or take from the pile first", "play": "you have already drawn",
          "special": "the dealer names the special card first"}


class Rules:
    """The checks of every action against one state."""

    def __init__(self, state: Rummy500State) -> None:
        self.g = state
        self._summaries: list[Summary] | None = None
        self._held: dict[int, set[int]] = {}

    @property
    def summaries(self) -> list[Summary]:
        """Return the fitting summaries of the table melds (computed once)."""
        if self._summaries is None:
            self._summaries = self.g.summaries()
        return self._summaries

    @staticmethod
    def can(check: Callable[..., Any], *args: Any) -> bool:
        """Whether the check passes (raises no RulesError) for these arguments."""
        try:
            check(*args)
        except RulesError:
            return False
        return True

    # --- who may act ---------------------------------------------------------------------

    def check_end_claims(self, seat: int, action: A.EndClaims) -> None:
        """Refuse to close a Rummy! window that is not open (the session closes it)."""
        if not self.g.claim_open:
            raise ClaimTooLate("no Rummy! window is open")

    def check_seat(self, seat: int) -> None:
        """Refuse a seat that is not in the game (or a game that is over)."""
        g = self.g
        if g.is_over:
            raise GameOver("the game is over")
        if not isinstance(seat, int) or not 0 <= seat < g.players or seat in g.eliminated:
            raise NotYourTurn("you are not playing in this game")

    def check_turn(self, seat: int) -> None:
        """Refuse a seat whose turn it is not."""
        self.check_seat(seat)
        if seat != self.g.turn:
            raise NotYourTurn("it is not your turn")

    def need_phase(self, phase: str, doing: str) -> None:
        """Refuse an action outside its step of the turn."""
        if self.g.phase != phase:
            hint = _HINTS[self.g.phase]
            raise WrongPhase(f"you cannot {doing} now: {hint}", phase=self.g.phase)

    def held(self, seat: int, card: Card) -> Card:
        """Return the card if the seat holds it, else raise CardNotInHand."""
        hand = self._held.get(seat)
        if hand is None:
            hand = self._held[seat] = _keys(self.g.hands[seat])
        if card.key not in hand:
            raise CardNotInHand(f"you do not hold {card}", card=card.text)
        return card

    # --- the special card, the draw step -------------------------------------------------

    def check_special(self, seat: int, action: A.NameSpecial) -> None:
        """Check the dealer's naming of the special card."""
        self.need_phase("special", "name the special card")
        if action.card is not None and action.card.is_joker:
            raise BadCard("there are no jokers in Rummy 500", text=action.card.text)

    def check_draw(self, seat: int, action: A.DrawStock) -> None:
        """Check a draw from the stock."""
        self.need_phase("draw", "draw")
        if not self.g.stock:
            raise StockEmpty("the stock is empty: take from the pile or decline")

    def check_decline(self, seat: int, action: A.DeclineDiscards) -> None:
        """Check declining the pile."""
        self.need_phase("draw", "decline the pile")
        if self.g.stock:
            raise StockNotEmpty("you may decline the pile only when the stock is empty")

    def check_take_gate(self, seat: int) -> None:
        """Refuse every take when the seat may not take from the pile at all."""
        self.need_phase("draw", "take from the pile")
        if self.g.redraw_pending(seat):
            raise MustDrawStock("with an empty hand you must draw from the stock",
                                reason="empty_hand")
        if self.g.opts.draw_stock_until_opened and not self.g.opened[seat]:
            raise MustDrawStock("you must draw from the stock until you have opened",
                                reason="not_opened")

    def check_take(self, seat: int, action: A.TakeDiscards) -> None:
        """Check a take from the pile."""
        self.take_result(seat, action)

    def take_result(self, seat: int, action: A.TakeDiscards) -> tuple[list[Shape], list[Card]]:
        """Validate a take as a whole; return its new melds and the hand after it."""
        self.check_take_gate(seat)
        pile, hand = self.g.pile, self.g.hands[seat]
        n, k = len(pile), action.k
        if not 1 <= k <= n:
            raise NoSuchPosition(f"the pile has no card p{k}", k=k, size=n)
        taken = pile[k - 1:]
        key = taken[0]
        if not action.melds:
            if self.g.opts.top_card_free and k == n:
                return [], hand + taken
            raise KeyCardUnused(f"{key} must go into a new meld in the same action", card=key.text)
        pool = hand + taken
        used = [c for m in action.melds for c in m]
        in_pool = _keys(pool)
        for c in used:
            if c.key not in in_pool:
                raise CardNotInHand(f"{c} is neither in your hand nor among the cards taken",
                                    card=c.text)
        shapes = self._shapes(action.melds, used)
        if key not in used:
            raise KeyCardUnused(f"{key} must go into a new meld in the same action", card=key.text)
        self.check_opening(seat, shapes)
        gone = _keys(used)
        left = [c for c in pool if c.key not in gone]
        self.check_leftover(left, self.summaries + [s.summary() for s in shapes])
        return shapes, left

    def _shapes(self, melds: A.Melds, used: Sequence[Card]) -> list[Shape]:
        if len(_keys(used)) != len(used):
            raise InvalidMeld("the same card is named twice")
        return [shape_of(m) for m in melds]

    # --- the play step -------------------------------------------------------------------

    def shape_points(self, shape: Shape) -> int:
        """Return what a new meld is worth at table values."""
        return meld_points(shape.kind, shape.cards, shape.low, self.g.values)

    def opening_need(self, seat: int) -> int:
        """Return the points the seat's first melds must reach (0: no minimum applies)."""
        minimum = self.g.opts.min_first_meld
        return 0 if self.g.opened[seat] or minimum <= 0 else minimum

    def check_opening(self, seat: int, shapes: Sequence[Shape]) -> None:
        """Refuse a first meld below min_first_meld."""
        minimum = self.opening_need(seat)
        if not minimum:
            return
        points = sum(self.shape_points(s) for s in shapes)
        if points < minimum:
            raise FirstMeldTooLow(f"your first melds must total at least {minimum}; "
                                  f"these make {points}", minimum=minimum, points=points)

    def check_leftover(self, left: Sequence[Card], table: Sequence[Summary]) -> None:
        """Refuse a draw or play step that empties the hand or leaves a dead end."""
        opts = self.g.opts
        never = opts.go_out_without_discard == "never"
        if never and not left:
            raise MustKeepCard("you must keep a card to discard")
        if len(left) != 1:
            return
        card = left[0]
        # the free card cannot be discarded this turn: alone, it must at least be playable
        stuck_free = card == self.g.free_card and (never or not fits_any(card, table))
        stuck_last = never and opts.last_discard_unplayable and fits_any(card, table)
        if stuck_free or stuck_last:
            raise DeadEnd(f"that would leave you only {card}, which you could neither "
                          "discard nor play", card=card.text)

    def check_meld(self, seat: int, action: A.MeldCards) -> None:
        """Check new melds from the hand."""
        self.meld_result(seat, action)

    def meld_result(self, seat: int, action: A.MeldCards) -> list[Shape]:
        """Validate a meld action; return its shapes."""
        self.need_phase("play", "meld")
        used = [c for m in action.melds for c in m]
        if not used:
            raise InvalidMeld("name the cards of the meld")
        for c in used:
            self.held(seat, c)
        shapes = self._shapes(action.melds, used)
        self.check_opening(seat, shapes)
        gone = _keys(used)
        left = [c for c in self.g.hands[seat] if c.key not in gone]
        self.check_leftover(left, self.summaries + [s.summary() for s in shapes])
        return shapes

    def check_layoff_gate(self, seat: int) -> None:
        """Refuse every lay-off when the seat may not lay off at all."""
        self.need_phase("play", "lay off")
        if not self.g.opened[seat]:
            raise NotOpened("you must own a meld on the table before laying off")

    def check_layoff(self, seat: int, action: A.LayOff) -> None:
        """Check a lay-off."""
        self.layoff_end(seat, action)

    def layoff_end(self, seat: int, action: A.LayOff | A.ClaimRummy) -> str:
        """Validate where a card goes on the named meld; return the end (or 'set')."""
        if isinstance(action, A.LayOff):
            self.check_layoff_gate(seat)
            self.held(seat, action.card)
        meld = self.g.meld_by_id(action.meld_id)
        at = next(i for i, m in enumerate(self.g.melds) if m is meld)
        ends = ends_of(action.card, self.summaries[at])
        if not ends or (action.end is not None and action.end not in ends):
            where = f" at the {action.end} end" if action.end else ""
            raise DoesNotFit(f"{action.card} does not fit meld {meld.id}{where}",
                             card=action.card.text, meld=meld.id, end=action.end)
        if action.end is None and len(ends) == 2:
            raise AmbiguousEnd(f"{action.card} fits both ends of meld {meld.id}: say low or high",
                               card=action.card.text, meld=meld.id)
        end = action.end or ends[0]
        if isinstance(action, A.LayOff):
            left = [c for c in self.g.hands[seat] if c != action.card]
            table = list(self.summaries)
            table[at] = extended(table[at], end)
            self.check_leftover(left, table)
        return end

    def check_discard(self, seat: int, action: A.Discard) -> None:
        """Check a discard."""
        self.need_phase("play", "discard")
        self.check_discard_card(seat, action.card)

    def check_discard_card(self, seat: int, card: Card) -> None:
        """Check the card of a discard (check_discard has checked the step)."""
        g = self.g
        self.held(seat, card)
        if g.free_card is not None and card == g.free_card:
            raise TakenCardDiscard(f"you cannot discard {card}: you took it free this turn",
                                   card=card.text)
        last = len(g.hands[seat]) == 1
        if last and (g.opts.last_discard_unplayable or g.redraw) and fits_any(card,
                                                                            self.summaries):
            raise LastCardPlayable(f"{card} fits a meld on the table: you must play it",
                                   card=card.text, melds=self.g.fitting_melds(card))

    def check_claim(self, seat: int, action: A.ClaimRummy) -> None:
        """Check a Rummy! claim of the open window's discard."""
        g = self.g
        if not g.claim_open or action.card != g.claim_card:
            raise ClaimTooLate("too late: that discard can no longer be claimed",
                               card=action.card.text)
        if seat == g.discarder:
            raise OwnDiscard("you cannot claim your own discard", card=action.card.text)
        if not g.opened[seat]:
            raise NotOpened("you must own a meld on the table to claim")
        self.layoff_end(seat, action)


def _keys(cards: Sequence[Card]) -> set[int]:
    """Return the cards' keys: a set that tells cards apart as == does, hashed in C."""
    return {c.key for c in cards}
