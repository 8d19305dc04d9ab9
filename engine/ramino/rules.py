"""Ramino's checks, one per action, and the legal moves listed from them.

The game's `verify` (engine/base.py) refuses a finished game and a seat the game does not wait
for (`to_act`), then runs the action's check named in the game's ACTIONS table. The legal
moves are the candidates those same checks accept, so a rule is written here once.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card, find_card
from ..errors import CardNotInHand, RulesError, TakenCardDiscard, WrongPhase
from . import actions as A
from ._combos import rank_value
from .errors import CannotClose, CloseNeedsCard, MustTakeUpcard, NoReentryOffer
from .penalty import can_close, is_colore, penalty
from .state import RaminoState

_HINTS = {"first": "take the upcard, or close at once", "draw": "draw or take the discard first",
          "discard": "you have already drawn: discard or close",
          "reentry": "answer the re-entry offer first"}


def without(hand: Sequence[Card], card: Card) -> list[Card]:
    """Return the hand less one copy of the card (the very copy given)."""
    out = list(hand)
    out.remove(card)
    return out


class RaminoRules(RaminoState):
    """The state with a check per action and the list of legal moves."""

    def need_phase(self, phases: tuple[str, ...], doing: str) -> None:
        """Refuse an action outside its steps of the turn."""
        if self.phase not in phases:
            raise WrongPhase(f"you cannot {doing} now: {_HINTS[self.phase]}", phase=self.phase)

    def check_draw(self, seat: int, action: A.DrawStock) -> None:
        """Check a draw from the stock: refused on the first turn (Decision 2)."""
        if self.phase == "first":
            raise MustTakeUpcard("on the first turn you must take the upcard (or close at once)")
        self.need_phase(("draw",), "draw")

    def check_take(self, seat: int, action: A.TakeDiscard) -> None:
        """Check a take of the pile's top card."""
        self.need_phase(("first", "draw"), "take the discard")

    def check_discard(self, seat: int, action: A.Discard) -> None:
        """Check a discard."""
        self.need_phase(("discard",), "discard")
        self.discardable(seat, action.card)

    def discardable(self, seat: int, wanted: Card) -> Card:
        """Return the held copy of the card, if the seat may throw it (Decision 5)."""
        card = find_card(self.hands[seat], wanted)
        if card is None:
            raise CardNotInHand(f"you do not hold {wanted}", card=wanted.text)
        taken = self.taken
        if taken is not None and card.face == taken.face and not self.opts.discard_taken_card:
            raise TakenCardDiscard(f"you cannot discard {card}: you took {taken} from the pile "
                                   "this turn", card=card.text)
        return card

    def check_close(self, seat: int, action: A.Close) -> None:
        """Check a close: its step, its discard, then the closing condition on the kept cards."""
        self.closing_hand(seat, action)

    def closing_hand(self, seat: int, action: A.Close) -> list[Card]:
        """Return the cards the closer keeps, if the close is legal."""
        if action.card is None:
            if self.phase == "discard":
                raise CloseNeedsCard("a close discards a card: name it")
            self.need_phase(("first",), "close without a discard")
            kept = self.hands[seat]
        else:
            if self.phase == "first":
                raise WrongPhase("take the upcard first, or close at once without a discard",
                                 phase=self.phase)
            self.need_phase(("discard",), "close")
            kept = without(self.hands[seat], self.discardable(seat, action.card))
        limit = self.opts.close_limit
        if not can_close(kept, self.penalty_rules, limit):
            value = penalty(kept, self.penalty_rules)
            raise CannotClose(f"you cannot close: your cards leave {value} unmatched "
                              f"(at most {limit})", points=value, limit=limit)
        return kept

    def check_reenter(self, seat: int, action: A.Reenter) -> None:
        """Check a re-entry: only a seat the open offer waits for answers it."""
        self.check_offer(seat)

    def check_decline(self, seat: int, action: A.Decline) -> None:
        """Check a refusal of re-entry (always legal while the seat's offer is open)."""
        self.check_offer(seat)

    def check_offer(self, seat: int) -> None:
        """Refuse an answer from a seat no open offer waits for."""
        if self.offer is None or seat not in self.offer.waiting:
            raise NoReentryOffer("no re-entry is offered to you now")

    # --- the legal moves -----------------------------------------------------------------

    def candidates(self, seat: int) -> list[A.RaminoAction]:
        """List the actions worth checking for the seat now (one per face of a card)."""
        if self.phase == "reentry":
            return [A.Reenter(), A.Decline()]
        if self.phase in ("first", "draw"):
            return [A.TakeDiscard(), A.DrawStock(), A.Close()]
        faces = {c.face: c for c in reversed(self.hands[seat])}  # the first copy of each face
        cards = sorted(faces.values())
        whole = penalty(self.hands[seat], self.penalty_rules)
        closes = [c for c in cards if not self.close_hopeless(self.hands[seat], c, whole)]
        return [*map(A.Discard, cards), *map(A.Close, closes)]

    def close_hopeless(self, hand: Sequence[Card], card: Card, whole: int) -> bool:
        """Whether throwing the card surely cannot close, judged by the whole hand's penalty.

        The kept cards' best arrangement with the card added to the unmatched ones is an
        arrangement of the whole hand, unless the kept cards are a colore, or the card (a
        natural) could take a joker's place there. So the whole hand's penalty is at most
        the kept cards' plus the card's value (10 more if it joins a lone ace, which then
        counts 11): above that, the search for the kept cards is not worth running.
        """
        kept = without(hand, card)
        if is_colore(kept) or (not card.is_joker and any(c.is_joker for c in kept)):
            return False
        value = self.opts.joker_penalty if card.is_joker else rank_value(card.rank)
        limit = self.opts.close_limit
        if limit == 0:
            return whole > (1 if card.rank == 1 else value)  # alone, an ace counts 1
        return whole > max(limit, 11) + value

    def legal(self, seat: int) -> list[A.RaminoAction]:
        """List every action the seat may take now."""
        try:
            self.check_seat(seat, A.Decline())
        except RulesError:
            return []
        out = []
        for action in self.candidates(seat):
            try:
                self.check_action(self, seat, action)
            except RulesError:
                continue
            out.append(action)
        return out
