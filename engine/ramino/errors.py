"""Refusals only Ramino raises: the first turn's upcard, the closing condition, re-entry.

The shared ones cover the rest: `NotYourTurn`, `WrongPhase`, `CardNotInHand`, `GameOver` and
`TakenCardDiscard` (the card taken from the pile, or its twin, thrown back the same turn).
"""

from __future__ import annotations

from ..errors import IllegalMove


class MustTakeUpcard(IllegalMove):
    """Drawing from the stock on the hand's first turn, when the upcard must be taken."""

    code = "must_take_upcard"


class CannotClose(IllegalMove):
    """A close whose kept cards meet no closing condition (params points, limit)."""

    code = "cannot_close"


class CloseNeedsCard(IllegalMove):
    """A close with no card after drawing: a close always discards one card (Decision 4)."""

    code = "close_needs_card"


class NoReentryOffer(IllegalMove):
    """Re-entering or declining with no re-entry offered to the seat."""

    code = "no_reentry_offer"
