"""The Ramino 51 game: the state (state.py) with its checks, moves, scoring and views attached.

state.py holds the fields, the deal and the JSON form; rules.py checks every action once (a
play on a draft.py `Draft`, which the move then applies); legal.py lists the candidates those
checks accept; moves.py applies actions; scoring.py ends hands and the game; views.py
declares what each player sees (built here) and events.py what happened. Meld rules are
melds.py's, hand searches search.py's.
"""

from __future__ import annotations

from typing import ClassVar

from ..base import ActionTable
from ..match import Standing, standings
from . import actions as A
from . import legal, melds, search
from .moves import Ramino51Moves
from .rules import Ramino51Rules
from .scoring import winner_of
from .views import BestMelds, R51Hand, R51Table, SeatView, melds_of, texts


class Ramino51Game(Ramino51Moves):
    """A Ramino 51 game for 2 to 4 seats (0 … players-1, in the seating list's order)."""

    # action type -> (its check in rules.py, its handler in moves.py)
    ACTIONS: ClassVar[ActionTable[Ramino51Rules, Ramino51Moves]] = {
        A.DrawStock: (Ramino51Rules.check_draw, Ramino51Moves.do_draw),
        A.TakeDiscard: (Ramino51Rules.check_take, Ramino51Moves.do_take),
        A.SwapExchange: (Ramino51Rules.check_exchange, Ramino51Moves.do_exchange),
        A.MeldCards: (Ramino51Rules.check_meld, Ramino51Moves.do_meld),
        A.LayOff: (Ramino51Rules.check_layoff, Ramino51Moves.do_layoff),
        A.SwapJoker: (Ramino51Rules.check_swap, Ramino51Moves.do_swap),
        A.Discard: (Ramino51Rules.check_discard, Ramino51Moves.do_discard),
        A.CloseInHand: (Ramino51Rules.check_close, Ramino51Moves.do_close),
    }

    def legal_actions(self, seat: int) -> list[A.Ramino51Action]:
        """List the actions offered to the seat now (legal.py says how they are bounded)."""
        return legal.legal_actions(self, seat)

    @property
    def winner(self) -> int | None:
        """Return the winner once the game is over."""
        return winner_of(self) if self.is_over else None

    def standings(self) -> list[Standing]:
        """Rank the seats: the lowest total first (the winner once the game is over)."""
        won = [] if self.winner is None else [self.winner]
        return standings(self.sides, self.totals, won, highest=False)

    def step(self) -> str:
        """Return this turn's step: draw, first (the starter's, without a draw), play, over."""
        if self.is_over:
            return "over"
        return "first" if self.phase == "play" and self.starter_first() else self.phase

    def public_view(self) -> R51Table:
        """Return everything every player may see."""
        return R51Table(
            game=self.name, version=self.version, players=self.players, hand_no=self.hand_no,
            hands_per_game=self.opts.hands_per_game, dealer=self.dealer, starter=self.starter,
            direction=self.opts.direction, turn=None if self.is_over else self.turn,
            phase=self.phase, step=self.step(), stock=len(self.stock),
            pile_top=self.pile[-1].text if self.pile else None, pile=len(self.pile),
            exchange=self.exchange.text if self.exchange else None, rebuilds=self.rebuilds,
            draw_voids=not self.stock and not self.can_rebuild(),
            melds=melds_of(self.table), seats=self._seats(), totals=tuple(self.totals),
            options=self.opts, last_result=self.last_result, pile_cards=texts(self.pile))

    def _seats(self) -> tuple[SeatView, ...]:
        return tuple(SeatView(seat, len(self.hands[seat]), self.opened[seat], total,
                              self.swapped[seat]) for seat, total in enumerate(self.totals))

    def private_view(self, seat: int) -> R51Hand:
        """Return the table with the seat's own cards, moves, best melds and close in hand."""
        hand = self.hands[seat]
        moves = self.legal_actions(seat)
        mine = seat == self.turn and not self.is_over
        close = next((str(a) for a in moves if isinstance(a, A.CloseInHand)), None)
        return R51Hand(
            self.public_view(), seat, texts(sorted(hand)), tuple(str(a) for a in moves),
            self.taken.text if mine and self.taken else None,
            any(isinstance(a, A.SwapExchange) for a in moves), self._best(seat), close,
            tuple(moves), legal.meld_values(moves))

    def _best(self, seat: int) -> BestMelds:
        found, value = search.best_melds(self.hands[seat])
        minimum = 0 if self.opened[seat] else self.opts.opening_minimum
        return BestMelds.of((melds.to_group(m) for m in found), value, minimum)
