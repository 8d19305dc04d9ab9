"""The Rummy 500 game: the state (state.py) with its rules, moves, scoring and views attached.

state.py holds the fields, the deal and the JSON form; rules.py checks every action once;
legal.py lists what those checks accept; moves.py applies actions; scoring.py ends hands and
games; views.py says what each player sees. The shared base (engine/base.py) dispatches:
`verify` asks `check_seat` then the action's check on a `Rules`, `apply` runs its handler.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ..cards import Card
from ..match import Standing, standings
from . import actions as A
from . import legal, scoring, views
from .moves import Rummy500Moves
from .rules import Rules
from .scoring import SeatScore
from .table import Shape


class Rummy500Game(Rummy500Moves):
    """A Rummy 500 game for 2 to 5 seats (0 … players-1, in play order)."""

    # action type -> (its check on Rules, its handler in moves.py)
    ACTIONS: ClassVar[dict[type, tuple[str, str]]] = {
        A.NameSpecial: ("check_special", "do_special"),
        A.DrawStock: ("check_draw", "do_draw"),
        A.TakeDiscards: ("check_take", "do_take"),
        A.DeclineDiscards: ("check_decline", "do_decline"),
        A.MeldCards: ("check_meld", "do_meld"),
        A.LayOff: ("check_layoff", "do_layoff"),
        A.Discard: ("check_discard", "do_discard"),
        A.ClaimRummy: ("check_claim", "do_claim"),
        A.EndClaims: ("check_end_claims", "do_end_claims"),
    }

    def checks(self) -> Rules:
        """Return the checks of every action against this state."""
        return Rules(self)

    def check_seat(self, seat: int, action: A.Rummy500Action) -> None:
        """Refuse a seat that may not act: claims come out of turn, any seat closes the window."""
        if isinstance(action, A.EndClaims):
            return  # the session sends it as SYSTEM_SEAT when the seconds are up
        rules = Rules(self)
        if isinstance(action, A.ClaimRummy):
            rules.check_seat(seat)
        else:
            rules.check_turn(seat)

    def legal_actions(self, seat: int) -> list[A.Rummy500Action]:
        """List every single-step action the seat may take now (claims: claim_targets)."""
        return legal.legal_actions(self, seat)

    def claim_targets(self, seat: int) -> list[A.ClaimRummy]:
        """List the valid claims of the open window's card for the seat."""
        return legal.claim_targets(self, seat)

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

    def public_view(self) -> dict[str, Any]:
        """Return everything every player may see."""
        return views.public_view(self)

    def private_view(self, seat: int) -> dict[str, Any]:
        """Return the public view plus the seat's hand, free card, legal moves and claims."""
        return views.private_view(self, seat)
