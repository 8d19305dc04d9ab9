"""The Canasta game: the state (state.py) with its checks, moves, scoring and views attached.

state.py holds the fields, the deal and the JSON form; rules.py checks every action once (a
play on a draft.py `Draft`, which the move then commits); legal.py lists the candidates those
checks accept (shapes.py counts melds by kind, search.py finds an opening's melds when the
list's bounds do not); building.py answers the menus' builds; moves.py applies actions;
scoring.py ends hands and the game; views.py declares what each player sees (built here)
and events.py what happened.
"""

from __future__ import annotations

from typing import ClassVar

from ..base import ActionTable
from ..match import Standing, standings
from . import actions as A
from . import legal
from .moves import CanastaMoves
from .rules import CanastaRules
from .scoring import winner_of
from .views import CanastaHand, CanastaTable, SideView, melds_of, texts


class CanastaGame(CanastaMoves):
    """A Canasta game for 2 to 4 seats; with 4, seats 0+2 and 1+3 are partners."""

    # action type -> (its check in rules.py, its handler in moves.py)
    ACTIONS: ClassVar[ActionTable[CanastaRules, CanastaMoves]] = {
        A.DrawTwo: (CanastaRules.check_draw, CanastaMoves.do_draw),
        A.OpenAndDraw: (CanastaRules.check_open, CanastaMoves.do_open),
        A.TakePile: (CanastaRules.check_take, CanastaMoves.do_take),
        A.EndHand: (CanastaRules.check_end, CanastaMoves.do_end),
        A.NewMeld: (CanastaRules.check_meld, CanastaMoves.do_meld),
        A.AddToMeld: (CanastaRules.check_add, CanastaMoves.do_add),
        A.Discard: (CanastaRules.check_discard, CanastaMoves.do_discard),
    }

    def legal_actions(self, seat: int) -> list[A.CanastaAction]:
        """List the actions offered to the seat now (legal.py says how they are bounded)."""
        return legal.legal_actions(self, seat)

    def can_take(self, seat: int) -> bool:
        """Whether some pile take is legal for the seat now (legal.py lists one exactly
        then)."""
        return legal.can_take(self, seat)

    @property
    def winner(self) -> int | None:
        """Return the winning side once the game is over."""
        return winner_of(self)

    def standings(self) -> list[Standing]:
        """Rank the sides: the highest total first (the winner once the game is over)."""
        won = [] if self.winner is None else [self.winner]
        return standings(self.sides, self.totals, won)

    def public_view(self) -> CanastaTable:
        """Return everything every player may see."""
        top = self.pile[-1] if self.pile else None
        return CanastaTable(
            game=self.name, version=self.version, players=self.players, hand_no=self.hand_no,
            dealer=self.dealer, turn=None if self.is_over else self.turn, phase=self.phase,
            stock=len(self.stock), pile_top=None if top is None else top.text,
            pile=len(self.pile), frozen=top is not None and top.rank == 3,
            sides=self._sides(), cards=tuple(len(h) for h in self.hands), options=self.opts,
            last_result=self.last_result, **self.history_view())

    def _sides(self) -> tuple[SideView, ...]:
        return tuple(
            SideView(side, seats, melds_of(sorted(self.table.owned_by(side),
                                                  key=lambda m: m.rank)),
                     texts(self.red_threes[side]), self.opened[side], self.minimums[side],
                     self.totals[side])
            for side, seats in enumerate(self.sides))

    def private_view(self, seat: int) -> CanastaHand:
        """Return the table with the seat's own cards and the actions legal for him (and,
        before his draw, what he could meld after it)."""
        moves = tuple(self.legal_actions(seat))
        return CanastaHand(self.public_view(), seat, texts(sorted(self.hands[seat])),
                           tuple(str(a) for a in moves), moves,
                           tuple(legal.after_draw(self, seat)))
