"""Rummy 500 options (the house rules of rummy500.md) and presets."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from ..cards import Card
from ..errors import BadCard, BadOption

_CHOICES: dict[str, tuple[str, ...]] = {
    "go_out_without_discard": ("never", "seed_redraw", "immediate"),
    "rummy_call": ("manual", "announce"),
    "game_mode": ("points", "closings"),
}
_BOOLS = ("top_card_free", "draw_stock_until_opened", "last_discard_unplayable", "rummy_rule",
          "win_by_closing_only", "special_card_per_hand", "scala40_values")
# key -> smallest allowed value
_INTS = {"min_first_meld": 0, "reuse_discards": 0, "rummy_window_seconds": 1, "target_score": 1,
         "closings_to_win": 1, "special_card_value": 1}


@dataclass(frozen=True, slots=True)
class Rummy500Options:
    """House rules; field names and defaults are those of rummy500.md's options table."""

    top_card_free: bool = False
    draw_stock_until_opened: bool = False
    min_first_meld: int = 0
    go_out_without_discard: str = "never"
    last_discard_unplayable: bool = False
    reuse_discards: int = 0
    rummy_rule: bool = True
    rummy_call: str = "manual"
    rummy_window_seconds: int = 10
    target_score: int = 500
    elimination_score: int | None = None
    win_by_closing_only: bool = False
    game_mode: str = "points"
    closings_to_win: int = 2
    special_card: str | None = None
    special_card_value: int = 40
    special_card_per_hand: bool = False
    scala40_values: bool = False

    def __post_init__(self) -> None:
        self.validate()

    def validate(self) -> None:
        """Raise BadOption for a value rummy500.md does not allow."""
        for key, allowed in _CHOICES.items():
            value = getattr(self, key)
            if value not in allowed:
                raise BadOption(f"{key} must be one of {', '.join(allowed)}", key=key, value=value)
        for key in _BOOLS:
            value = getattr(self, key)
            if not isinstance(value, bool):
                raise BadOption(f"{key} must be true or false", key=key, value=value)
        for key, low in _INTS.items():
            value = getattr(self, key)
            if not _is_int(value) or value < low:
                raise BadOption(f"{key} must be a whole number ≥ {low}", key=key, value=value)
        elim = self.elimination_score
        if elim is not None and (not _is_int(elim) or elim >= 0):
            raise BadOption("elimination_score must be off or a negative whole number",
                            key="elimination_score", value=elim)
        if self.special_card is not None:
            self._check_special(self.special_card)

    @staticmethod
    def _check_special(text: object) -> None:
        try:
            card = Card.parse(text) if isinstance(text, str) else None
        except BadCard:
            card = None
        if card is None or card.is_joker or str(card) != text:
            raise BadOption("special_card must be one card, written like QS",
                            key="special_card", value=text)

    @property
    def special(self) -> Card | None:
        """Return the special card of the options (None when off)."""
        return Card.parse(self.special_card) if self.special_card else None

    def to_dict(self) -> dict[str, Any]:
        """Return the options as a plain dict."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rummy500Options:
        """Build options from a dict, refusing unknown keys."""
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise BadOption(f"unknown option {unknown[0]}", key=unknown[0], value=data[unknown[0]])
        return cls(**data)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


PRESETS: dict[str, Rummy500Options] = {
    "standard": Rummy500Options(),
    "italian": Rummy500Options(min_first_meld=40, draw_stock_until_opened=True,
                               go_out_without_discard="seed_redraw",
                               last_discard_unplayable=True, reuse_discards=1,
                               elimination_score=-101),
    "closings": Rummy500Options(game_mode="closings", closings_to_win=2),
    "announce": Rummy500Options(rummy_call="announce"),
    "scala40": Rummy500Options(scala40_values=True, special_card="QS"),
}


def preset(name: str, **overrides: Any) -> Rummy500Options:
    """Return a preset's options with any overrides applied."""
    if name not in PRESETS:
        raise BadOption(f"unknown preset {name}; choose one of {', '.join(PRESETS)}",
                        key="preset", value=name)
    return replace(PRESETS[name], **overrides)
