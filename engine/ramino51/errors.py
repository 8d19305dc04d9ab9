"""Refusals only Ramino 51 raises: the exchange card, closing in hand, the retrieved joker.

The shared ones cover the rest: `NotYourTurn`, `WrongPhase`, `CardNotInHand`, `GameOver`,
`TakenCardDiscard` (the card taken from the pile, or its twin), `MustKeepCard` (one card
stays for the discard), `FirstMeldTooLow` (the opening), `NotOpened` (lay-offs and joker
swaps), `NoSuchMeld`, `DoesNotFit`, `AmbiguousEnd` and `InvalidMeld`.
"""

from __future__ import annotations

from ..errors import IllegalMove


class ExchangeNotAllowed(IllegalMove):
    """A swap of the exchange card outside the seat's first turn, a second one, one after
    melding, laying off or swapping a joker in that turn, or one giving the exchange card's
    twin (param reason: first_turn, once, played, same)."""

    code = "exchange_not_allowed"


class CloseNotAllowed(IllegalMove):
    """A close in hand its preconditions refuse (param reason: opened, played, no_draw,
    drawn, starter_first, no_exchange)."""

    code = "close_not_allowed"


class CloseIncomplete(IllegalMove):
    """A close in hand that leaves cards in the hand besides the discard (param left)."""

    code = "close_incomplete"


class JokerNotUsed(IllegalMove):
    """A joker swap that does not put the retrieved joker back on the table at once."""

    code = "joker_not_used"

