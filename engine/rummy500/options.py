"""Rummy 500 options (the house rules of rummy500.md), declared once, and presets."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ..cards import Card
from ..options import Options, option


@dataclass(frozen=True, slots=True)
class Rummy500Options(Options):
    """House rules; field names and defaults are those of rummy500.md's options table."""

    top_card_free: bool = option(False)
    draw_stock_until_opened: bool = option(False)
    min_first_meld: int = option(0, low=0)
    go_out_without_discard: str = option("never", choices=("never", "seed_redraw", "immediate"))
    last_discard_unplayable: bool = option(False)
    reuse_discards: int = option(0, low=0)
    rummy_rule: bool = option(True)
    rummy_call: str = option("manual", choices=("manual", "announce"))
    rummy_window_seconds: int = option(10, low=1)
    target_score: int = option(500, low=1)
    elimination_score: int | None = option(None, kind="int_or_off", negative=True)
    win_by_closing_only: bool = option(False)
    game_mode: str = option("points", choices=("points", "closings"))
    closings_to_win: int = option(2, low=1)
    special_card: str | None = option(None, kind="card")
    special_card_value: int = option(40, low=1)
    special_card_per_hand: bool = option(False)
    scala40_values: bool = option(False)

    PRESETS: ClassVar[dict[str, dict[str, Any]]] = {
        "standard": {},
        "italian": {"min_first_meld": 40, "draw_stock_until_opened": True,
                    "go_out_without_discard": "seed_redraw", "last_discard_unplayable": True,
                    "reuse_discards": 1, "elimination_score": -101},
        "closings": {"game_mode": "closings", "closings_to_win": 2},
        "announce": {"rummy_call": "announce"},
        "scala40": {"scala40_values": True, "special_card": "QS"},
    }

    @property
    def special(self) -> Card | None:
        """Return the special card of the options (None when off)."""
        return Card.parse(self.special_card) if self.special_card else None


# each preset's options by name, the standard ones first
PRESETS: dict[str, Rummy500Options] = {
    name: Rummy500Options.preset(name) for name in Rummy500Options.PRESETS}
preset = Rummy500Options.preset
