"""Refusals only Rummy 500 raises: its last-card rules, the pile positions and the Rummy! claim."""

from __future__ import annotations

from ..errors import IllegalMove


class LastCardPlayable(IllegalMove):
    """Discarding a last card that fits a meld on the table."""

    code = "last_card_playable"


class DeadEnd(IllegalMove):
    """An action that would leave one card that could neither be discarded nor played."""

    code = "dead_end"


class ClaimTooLate(IllegalMove):
    """A claim (or window close) after the claim window was won or closed."""

    code = "too_late"


class OwnDiscard(IllegalMove):
    """The discarder claiming his own discard."""

    code = "own_discard"


class StockNotEmpty(IllegalMove):
    """Declining the pile while the stock still has cards."""

    code = "stock_not_empty"


class MustDrawStock(IllegalMove):
    """Taking from the pile when the player must draw from the stock (param reason)."""

    code = "must_draw_stock"


class NoSuchPosition(IllegalMove):
    """A pile position k outside 1 … n (param k, size)."""

    code = "no_such_position"
