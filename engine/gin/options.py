"""Gin options (the house rules of gin.md) and presets."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from ..errors import BadOption

_CHOICES: dict[str, tuple[Any, ...]] = {
    "knock_rule": ("fixed", "none", "oklahoma"),
    "knock_card_source": ("upcard", "second_deck"),
    "big_gin_bonus": (31, 50),
    "undercut_bonus": (10, 15, 20, 25),
    "match_format": ("single", "hollywood", "best_of", "multi_game"),
    "aces": ("low", "high_low_wrap"),
    "unmelded_ace_value": (1, 15),
    "play_style": ("closed", "mahjong"),
}


@dataclass(frozen=True, slots=True)
class GinOptions:
    """House rules; field names and defaults are those of gin.md's options table."""

    knock_rule: str = "fixed"
    knock_limit: int = 10
    spade_double: bool = True
    knock_card_source: str = "upcard"
    deep_discard_pickup: bool = False
    gin_bonus: int = 25
    big_gin: bool = True
    big_gin_bonus: int = 31
    undercut_bonus: int = 25
    undercut_bonus_on_tie: bool = True
    target_score: int = 100
    game_bonus: int = 100
    line_bonus: int = 25
    shutout_double: bool = True
    exact_50_lead_loses: bool = False
    match_format: str = "single"
    best_of_games: int = 5
    match_target: int = 500
    aces: str = "low"
    unmelded_ace_value: int = 1
    play_style: str = "closed"
    mahjong_gin_bonus: int = 25
    team_size: int = 1
    no_discard_of_taken_card: bool = True
    misdeal_if_dealt_knockable: bool = False

    def __post_init__(self) -> None:
        self.validate()

    def validate(self) -> None:
        """Raise BadOption for a value gin.md does not allow (or not playable yet)."""
        for key, allowed in _CHOICES.items():
            if getattr(self, key) not in allowed:
                raise BadOption(f"{key} must be one of {', '.join(map(str, allowed))}", key=key)
        for key in ("gin_bonus", "target_score", "game_bonus", "line_bonus", "match_target"):
            if not isinstance(getattr(self, key), int) or getattr(self, key) < 0:
                raise BadOption(f"{key} must be a whole number ≥ 0", key=key)
        if not 0 <= self.knock_limit <= 10:
            raise BadOption("knock_limit must be between 0 and 10", key="knock_limit")
        if self.target_score < 1 or self.match_target < 1:
            raise BadOption("target scores must be at least 1", key="target_score")
        if self.best_of_games < 1 or self.best_of_games % 2 == 0:
            raise BadOption("best_of_games must be an odd number", key="best_of_games")
        if not 1 <= self.team_size <= 4:
            raise BadOption("team_size must be between 1 and 4", key="team_size")
        if self.play_style == "mahjong":
            raise BadOption("Mahjong gin is not playable yet", key="play_style")
        if self.team_size > 1:
            raise BadOption("team gin is not playable yet", key="team_size")

    @property
    def wrap(self) -> bool:
        """Whether runs may wrap around the ace (German gin)."""
        return self.aces == "high_low_wrap"

    def to_dict(self) -> dict[str, Any]:
        """Return the options as a plain dict."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GinOptions:
        """Build options from a dict, refusing unknown keys."""
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise BadOption(f"unknown option {sorted(unknown)[0]}", key=sorted(unknown)[0])
        return cls(**data)


PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    "straight": {"knock_rule": "none"},
    "oklahoma": {"knock_rule": "oklahoma", "spade_double": True},
    "oklahoma_match": {"knock_rule": "oklahoma", "spade_double": True,
                       "knock_card_source": "second_deck"},
    "hollywood": {"match_format": "hollywood"},
    "tournament": {"match_format": "best_of", "best_of_games": 5, "target_score": 250},
    "multi_game": {"match_format": "multi_game", "match_target": 500},
    "german": {"knock_rule": "oklahoma", "spade_double": True, "aces": "high_low_wrap",
               "unmelded_ace_value": 15, "match_format": "hollywood", "target_score": 200},
}


def preset(name: str, **overrides: Any) -> GinOptions:
    """Return a preset's options with any overrides applied."""
    if name not in PRESETS:
        raise BadOption(f"unknown preset {name}; choose one of {', '.join(PRESETS)}", key="preset")
    return replace(GinOptions.from_dict(PRESETS[name]), **overrides)
