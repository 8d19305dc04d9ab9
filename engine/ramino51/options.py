"""Ramino 51 options (the house rules of ramino51.md's options table), declared once, and presets.

`unopened_penalty` is "cards" or a positive number: "cards" is the option switched off (None),
as an int_or_off option is, and "cards"/"carte" are its own words for it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ..options import Options, option

MIN_PLAYERS, MAX_PLAYERS = 2, 4


@dataclass(frozen=True, slots=True)
class Ramino51Options(Options):
    """House rules; field names, values and defaults are those of ramino51.md's options table."""

    jokers: int = option(2, choices=(2, 4))
    direction: str = option("forward", choices=("forward", "reverse"))
    opening_minimum: int = option(51, low=1)
    close_in_hand_multiplier: int = option(2, choices=(1, 2))
    # None ("cards"): an unopened player pays his cards; a number: he pays that instead
    unopened_penalty: int | None = option(None, kind="int_or_off", low=1,
                                          off_words=("cards", "carte"))
    discard_taken_card: bool = option(False)
    # None: unlimited rebuilds of the stock in a hand (the options table's default)
    stock_rebuilds: int | None = option(None, kind="int_or_off", low=0)
    end_mode: str = option("hands", choices=("hands", "limit"))
    hands_per_game: int = option(7, low=1)
    score_limit: int = option(500, low=1)

    # the rules summary names each in one line: what it changes from the defaults
    PRESETS: ClassVar[dict[str, dict[str, Any]]] = {
        "standard": {},  # 2 jokers (106 cards), 7 hands
        "four_jokers": {"jokers": 4},  # 108 cards
        "limit_500": {"end_mode": "limit", "score_limit": 500},  # until a total reaches 500
    }



# each preset's options by name, the standard ones first
PRESETS: dict[str, Ramino51Options] = {
    name: Ramino51Options.preset(name) for name in Ramino51Options.PRESETS}
preset = Ramino51Options.preset
