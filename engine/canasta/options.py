"""Canasta options (the house rules of canasta.md's options table), declared once, and presets.

`players` comes from the table's seats (4 = partnerships), as in every game. The options
framework declares scalars only, so `opening_minimums` (a list of score bounds) is not a
settable option: it is the fixed table `OPENING_MINIMUMS` below, the rules file's default.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ..options import Options, option

MIN_PLAYERS, MAX_PLAYERS = 2, 4
# (lowest cumulative total, opening minimum), highest bound first; below 0 → 50 (canasta.md)
OPENING_MINIMUMS: tuple[tuple[int, int], ...] = (
    (12000, 200), (10000, 180), (7000, 160), (5000, 120), (3000, 90))
LOWEST_MINIMUM = 50


def opening_minimum(total: int) -> int:
    """Return a side's opening minimum for a hand from its total at the start of the hand."""
    return next((minimum for bound, minimum in OPENING_MINIMUMS if total >= bound),
                LOWEST_MINIMUM)


@dataclass(frozen=True, slots=True)
class CanastaOptions(Options):
    """House rules; field names, values and defaults are those of canasta.md's options table."""

    target_score: int = option(15000, low=50)
    going_out_bonus: int = option(300, low=0)
    black_three_value: int = option(5, choices=(5, 0))
    black_three_meld_when_going_out: bool = option(True)
    melds_past_seven: bool = option(True)
    wild_on_clean_canasta: bool = option(True)
    turned_joker_cards: int = option(0, low=0, high=14)

    # the rules summary names each in one line: what it changes from the defaults
    PRESETS: ClassVar[dict[str, dict[str, Any]]] = {
        "standard": {},  # to 15,000, black threes worth 5
        "italian": {"black_three_value": 0},  # black threes left in hand cost nothing
        "short": {"target_score": 5000},  # a quick game to 5,000
    }



PRESETS: dict[str, CanastaOptions] = {
    name: CanastaOptions.preset(name) for name in CanastaOptions.PRESETS}
preset = CanastaOptions.preset
