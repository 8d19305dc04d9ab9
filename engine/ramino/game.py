"""The Ramino game: the state (state.py) with its checks, moves, scoring and views attached.

state.py holds the fields, the deal and the JSON form; rules.py checks every action once and
lists the legal moves from those checks; moves.py applies actions; scoring.py ends hands and
the game; views.py declares what each player sees (built here) and events.py what happened.
"""

from __future__ import annotations

from typing import ClassVar

from ..base import ActionTable
from ..cards import Card
from ..match import Standing, standings
from . import actions as A
from .moves import RaminoMoves
from .options import RaminoOptions
from .penalty import best_arrangement
from .rules import RaminoRules
from .scoring import owed
from .state import TURN_PHASES
from .views import (
    ArrangementView,
    RaminoHand,
    RaminoTable,
    ReentryView,
    SeatView,
    Thrown,
    texts,
)

RECENT = 6  # the last discards the table shows, with who threw each


class RaminoGame(RaminoMoves):
    """A Ramino game for 2 to 7 seats (0 … players-1, in the seating list's order)."""

    # action type -> (its check in rules.py, its handler in moves.py)
    ACTIONS: ClassVar[ActionTable[RaminoRules, RaminoMoves]] = {
        A.DrawStock: (RaminoRules.check_draw, RaminoMoves.do_draw),
        A.TakeDiscard: (RaminoRules.check_take, RaminoMoves.do_take),
        A.Discard: (RaminoRules.check_discard, RaminoMoves.do_discard),
        A.Close: (RaminoRules.check_close, RaminoMoves.do_close),
        A.Reenter: (RaminoRules.check_reenter, RaminoMoves.do_reenter),
        A.Decline: (RaminoRules.check_decline, RaminoMoves.do_decline),
    }

    @classmethod
    def seat_range(cls, opts: RaminoOptions) -> tuple[int, int]:
        """Return the seats these options play with: 2 to 7, or 2 to 4 with a single deck."""
        return cls.min_players, opts.most_players

    def legal_actions(self, seat: int) -> list[A.RaminoAction]:
        """List every action the seat may take now."""
        return [] if self.is_over else self.legal(seat)

    def standings(self) -> list[Standing]:
        """Rank the seats: the winner first, then the lowest total (the most chips)."""
        return standings(self.sides, self.totals, [] if self.winner is None else [self.winner],
                         highest=self.opts.chips)

    def public_view(self) -> RaminoTable:
        """Return everything every player may see."""
        return RaminoTable(
            game=self.name, version=self.version, players=self.players, hand_no=self.hand_no,
            dealer=self.dealer, direction=self.opts.direction, phase=self.phase,
            turn=self.turn if self.phase in TURN_PHASES else None, to_act=tuple(self.to_act()),
            stock=len(self.stock), pile=len(self.pile), discards=self._discards(),
            rebuilds=self.rebuilds, seats=self._seat_views(), reentry=self._reentry(),
            hands_played=self.board.played, options=self.opts, winner=self.winner,
            owed=owed(self), last_result=self.last_result,
            **self.history_view())

    def _discards(self) -> tuple[Thrown, ...]:
        recent = zip(self.pile[-RECENT:], self.throwers[-RECENT:])
        return tuple(Thrown(card.text, by) for card, by in recent)

    def _seat_views(self) -> tuple[SeatView, ...]:
        limit = None if self.opts.chips else self.opts.elimination_limit
        return tuple(
            SeatView(seat, len(self.hands[seat]), total,
                     None if limit is None else limit - total, seat in self.eliminated,
                     self.reentries[seat])
            for seat, total in enumerate(self.totals))

    def _reentry(self) -> ReentryView | None:
        offer = self.offer
        if offer is None:
            return None
        return ReentryView(offer.offered, tuple(sorted(offer.waiting)), offer.total)

    def private_view(self, seat: int) -> RaminoHand:
        """Return the table with the seat's own cards, moves and best arrangement."""
        hand = self.hands[seat]
        mine = seat == self.turn and self.phase == "discard"
        return RaminoHand(
            self.public_view(), seat, texts(sorted(hand)),
            tuple(map(A.by_face, self.legal_actions(seat))),
            self.taken.text if mine and self.taken else None,
            self.drawn.text if mine and self.drawn else None, self._arranged(hand))

    def _arranged(self, hand: list[Card]) -> ArrangementView:
        if not hand:  # an eliminated seat holds nothing to arrange
            return ArrangementView((), (), 0, "plain")
        return ArrangementView.of(best_arrangement(hand, self.penalty_rules))
