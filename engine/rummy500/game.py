"""The Rummy 500 game: the state (state.py) with its rules, moves, scoring and views attached.

state.py holds the fields, the deal and the JSON form; rules.py checks every action once;
legal.py lists what those checks accept; moves.py applies actions; scoring.py ends hands and
games; views.py declares what each player sees (built here) and events.py what happened. The
shared base (engine/base.py) dispatches: `verify` asks `check_seat` then the action's check on
a `Rules`, `apply` runs its handler.
"""

from __future__ import annotations

from typing import ClassVar

from ..base import SYSTEM_SEAT, ActionTable
from ..cards import Card
from ..errors import SystemOnly
from ..match import Standing, standings
from . import actions as A
from . import legal, scoring
from .moves import Rummy500Moves
from .rules import Rules
from .scoring import SeatScore
from .table import Shape
from .views import ClaimWindow, MeldView, R500Hand, R500Table, SeatView, melds_of


class Rummy500Game(Rummy500Moves):
    """A Rummy 500 game for 2 to 5 seats (0 … players-1, in play order)."""

    # action type -> (its check on Rules, its handler in moves.py)
    ACTIONS: ClassVar[ActionTable[Rules, Rummy500Moves]] = {
        A.NameSpecial: (Rules.check_special, Rummy500Moves.do_special),
        A.DrawStock: (Rules.check_draw, Rummy500Moves.do_draw),
        A.TakeDiscards: (Rules.check_take, Rummy500Moves.do_take),
        A.DeclineDiscards: (Rules.check_decline, Rummy500Moves.do_decline),
        A.MeldCards: (Rules.check_meld, Rummy500Moves.do_meld),
        A.LayOff: (Rules.check_layoff, Rummy500Moves.do_layoff),
        A.Discard: (Rules.check_discard, Rummy500Moves.do_discard),
        A.ClaimRummy: (Rules.check_claim, Rummy500Moves.do_claim),
        A.EndClaims: (Rules.check_end_claims, Rummy500Moves.do_end_claims),
    }

    def checks(self) -> Rules:
        """Return the checks of every action against this state."""
        return Rules(self)

    def check_seat(self, seat: int, action: A.Rummy500Action) -> None:
        """Refuse a seat that may not act: claims come out of turn, only the session closes
        the window (a player closing it would stop everyone else claiming his discard)."""
        if isinstance(action, A.EndClaims):
            if seat != SYSTEM_SEAT:
                raise SystemOnly("only the table's clock closes a Rummy! window")
            return
        rules = Rules(self)
        if isinstance(action, A.ClaimRummy):
            rules.check_seat(seat)
        else:
            rules.check_turn(seat)

    def legal_actions(self, seat: int) -> list[A.Rummy500Action]:
        """List every single-step action the seat may take now (claims: claim_targets)."""
        return legal.legal_actions(self, seat)

    def claim_targets(self, seat: int) -> list[A.Rummy500Action]:
        """List the valid claims of the open window's card for the seat."""
        return list(legal.claim_targets(self, seat))

    def system_timer(self) -> tuple[float, A.EndClaims] | None:
        """Return the window's length and the action that closes it, while one is open."""
        if not self.claim_open or self.is_over:
            return None
        if self.opts.rummy_call == "announce" and not self.claimable:
            # Announce mode says aloud which discards are playable: no need to wait on others.
            return 0.0, A.EndClaims()
        return float(self.opts.rummy_window_seconds), A.EndClaims()

    def reactors(self) -> list[int]:
        """Return the seats that may claim the open window's card (opened, not the discarder)."""
        if not self.claim_open:
            return []
        return [s for s in self.active() if s != self.discarder and self.opened[s]]

    def take_result(self, seat: int, action: A.TakeDiscards) -> tuple[list[Shape], list[Card]]:
        """Validate a take as a whole; return its new melds and the hand after it."""
        return Rules(self).take_result(seat, action)

    def meld_result(self, seat: int, action: A.MeldCards) -> list[Shape]:
        """Validate a meld action; return its shapes."""
        return Rules(self).meld_result(seat, action)

    def layoff_end(self, seat: int, action: A.LayOff | A.ClaimRummy) -> str:
        """Validate where a card goes on the named meld; return the end (or 'set')."""
        return Rules(self).layoff_end(seat, action)

    def shape_points(self, shape: Shape) -> int:
        """Return what a new meld is worth at table values."""
        return Rules(self).shape_points(shape)

    def seat_scores(self) -> list[SeatScore]:
        """Return the running score of every seat in the hand, as if it ended now."""
        return scoring.seat_scores(self)

    def standings(self) -> list[Standing]:
        """Rank the seats by total, the winner first (final once the game is over)."""
        return standings(self.sides, self.totals, [] if self.winner is None else [self.winner])

    def public_view(self) -> R500Table:
        """Return everything every player may see."""
        melds = melds_of(self.table)
        return R500Table(
            game=self.name, version=self.version, players=self.players, hand_no=self.hand_no,
            dealer=self.dealer, turn=None if self.is_over else self.turn, phase=self.phase,
            stock=len(self.stock), pile=tuple(c.text for c in self.pile), melds=melds,
            seats=self._seat_views(melds), claim=self._claim_window(), options=self.opts,
            special_card=self.special.text if self.special else None, reuses=self.reuses,
            winner=self.winner, totals=tuple(self.totals),
            eliminated=tuple(sorted(self.eliminated)), last_result=self.last_result)

    def _seat_views(self, melds: tuple[MeldView, ...]) -> tuple[SeatView, ...]:
        # What each seat's placements earned this hand (melded + laid off, as seat_scores
        # counts it), in one pass over the table; eliminated seats score nothing.
        points = [0] * self.players
        for meld in melds:
            for entry in meld.entries:
                points[entry.by] += entry.value
        gone = self.eliminated
        return tuple(
            SeatView(seat, len(self.hands[seat]), self.opened[seat], self.totals[seat],
                     0 if seat in gone else points[seat], seat in gone, self.closings[seat])
            for seat in range(self.players))

    def _claim_window(self) -> ClaimWindow:
        card = self.claim_card
        fits = None  # said aloud under announce only
        if self.opts.rummy_call == "announce":
            fits = tuple(self.fitting_melds(card)) if card else ()
        return ClaimWindow(self.claim_open, card.text if card else None, self.discarder, fits)

    def private_view(self, seat: int) -> R500Hand:
        """Return the table with the seat's hand, free card, legal moves and claims."""
        free = self.free_card.text if self.free_card and seat == self.turn else None
        return R500Hand(self.public_view(), seat, tuple(c.text for c in self.hands[seat]), free,
                        tuple(self.legal_actions(seat)), tuple(legal.claim_targets(self, seat)))
