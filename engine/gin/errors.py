"""Refusals only gin raises."""

from __future__ import annotations

from ..errors import IllegalMove, KeyCardUnused


class KnockTooHigh(IllegalMove):
    """A knock whose remaining deadwood is over the limit."""

    code = "knock_too_high"


class GinOnly(KnockTooHigh):
    """A knock where the rules allow only gin (a knock limit of 0)."""

    code = "gin_only"


class PileCardOwed(KeyCardUnused):
    """Mahjong gin: the deepest card of a pile take is not (or could no longer be) put down."""

    code = "pile_card_owed"
