"""Ramino options (the house rules of ramino.md's options table), declared once, and presets."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ..errors import BadOption
from ..options import Options, option

SINGLE_DECK_PLAYERS = 4  # a single 54-card deck is for 2 to 4 players only (Decision 1)


@dataclass(frozen=True, slots=True)
class RaminoOptions(Options):
    """House rules; field names, values and defaults are those of ramino.md's options table."""

    deck: str = option("double", choices=("double", "single"))
    hand_size: int = option(10, choices=(7, 9, 10))
    direction: str = option("forward", choices=("forward", "reverse"))
    same_suit_sets: bool = option(False)
    close_mode: str = option("zero", choices=("zero", "points"))
    close_points_limit: int = option(10, choices=(5, 10))
    joker_penalty: int = option(25, choices=(25, 20))
    discard_taken_card: bool = option(False)
    colore_multiplier: int = option(1, choices=(1, 2))
    ramino_multiplier: int = option(1, choices=(1, 2))
    # None: unlimited rebuilds of the stock in a hand (the options table's default)
    stock_rebuilds: int | None = option(None, kind="int_or_off", low=0)
    scoring: str = option("elimination", choices=("elimination", "chips"))
    elimination_limit: int = option(101, low=1)
    reentry: bool = option(False)
    max_reentries: int = option(1, low=1)
    chips_hands: int = option(10, low=1)
    chips_start: int = option(10, low=0)
    # Display only. Whole units (cents, say): the options have no decimal kind.
    stake_per_point: int = option(0, low=0)

    PRESETS: ClassVar[dict[str, dict[str, Any]]] = {
        "classic": {},
        "points": {"close_mode": "points", "close_points_limit": 10},
        "chips": {"scoring": "chips"},
        "short": {"hand_size": 7, "deck": "single"},
    }

    def check_together(self) -> None:
        """Refuse a points close in the chips game, which closes at zero only."""
        if self.scoring == "chips" and self.close_mode != "zero":
            raise BadOption("the chips game closes at zero only: set close_mode to zero",
                            key="close_mode", value=self.close_mode)

    @property
    def close_limit(self) -> int:
        """Return the most a closer's unmatched cards may be worth (0 in zero mode)."""
        return self.close_points_limit if self.close_mode == "points" else 0

    @property
    def chips(self) -> bool:
        """Whether this is the chips game (a fixed number of hands) rather than elimination."""
        return self.scoring == "chips"

    @property
    def most_players(self) -> int:
        """Return the most players these options seat (a single deck is for 4 at most)."""
        return SINGLE_DECK_PLAYERS if self.deck == "single" else 7



# each preset's options by name, the classic ones first
PRESETS: dict[str, RaminoOptions] = {
    name: RaminoOptions.preset(name) for name in RaminoOptions.PRESETS}
preset = RaminoOptions.preset
