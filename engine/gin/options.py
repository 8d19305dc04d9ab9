"""Gin options (the house rules of gin.md), declared once, and presets."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ..errors import NotPlayable
from ..options import Options, option


@dataclass(frozen=True, slots=True)
class GinOptions(Options):
    """House rules; field names and defaults are those of gin.md's options table."""

    knock_rule: str = option("fixed", choices=("fixed", "none", "oklahoma"), settable=False)
    knock_limit: int = option(10, low=0, high=10)
    spade_double: bool = option(True)
    knock_card_source: str = option("upcard", choices=("upcard", "second_deck"),
                                    settable=False)
    deep_discard_pickup: bool = option(False)
    gin_bonus: int = option(25, low=0)
    big_gin: bool = option(True)
    big_gin_bonus: int = option(31, choices=(31, 50), settable=False)
    undercut_bonus: int = option(25, choices=(10, 15, 20, 25))
    undercut_bonus_on_tie: bool = option(True, settable=False)
    target_score: int = option(100, low=1)
    game_bonus: int = option(100, low=0, settable=False)
    line_bonus: int = option(25, low=0, settable=False)
    shutout_double: bool = option(True, settable=False)
    exact_50_lead_loses: bool = option(False, settable=False)
    match_format: str = option("single", choices=("single", "hollywood", "best_of", "multi_game"),
                               settable=False)
    best_of_games: int = option(5, low=1, odd=True, settable=False)
    match_target: int = option(500, low=1, settable=False)
    aces: str = option("low", choices=("low", "high_low_wrap"), settable=False)
    unmelded_ace_value: int = option(1, choices=(1, 15), settable=False)
    play_style: str = option("closed", choices=("closed", "mahjong"), settable=False)
    mahjong_gin_bonus: int = option(25, low=0, settable=False)
    team_size: int = option(1, low=1, high=4)
    no_discard_of_taken_card: bool = option(True, settable=False)
    misdeal_if_dealt_knockable: bool = option(False, settable=False)

    PRESETS: ClassVar[dict[str, dict[str, Any]]] = {
        "standard": {},
        "straight": {"knock_rule": "none"},
        "oklahoma": {"knock_rule": "oklahoma", "spade_double": True},
        "oklahoma_match": {"knock_rule": "oklahoma", "spade_double": True,
                           "knock_card_source": "second_deck"},
        "hollywood": {"match_format": "hollywood"},
        "tournament": {"match_format": "best_of", "best_of_games": 5, "target_score": 250},
        "multi_game": {"match_format": "multi_game", "match_target": 500},
        "mahjong": {"play_style": "mahjong", "knock_rule": "none", "big_gin": False,
                    "target_score": 500, "game_bonus": 0, "line_bonus": 0,
                    "shutout_double": False},
        "german": {"knock_rule": "oklahoma", "spade_double": True, "aces": "high_low_wrap",
                   "unmelded_ace_value": 15, "match_format": "hollywood", "target_score": 200},
    }

    def check_together(self) -> None:
        """Refuse what gin.md allows but this engine cannot play yet."""
        if self.mahjong and self.match_format != "single":
            raise NotPlayable("Mahjong gin is played as a single game", key="match_format",
                              value=self.match_format)
        if self.mahjong and self.deep_discard_pickup:
            raise NotPlayable("Mahjong gin takes from the pile by depth, not by deep pickup",
                              key="deep_discard_pickup", value=True)
        if self.mahjong and self.team_size > 1:
            # gin.md's team play is German gin's, a closed game; Mahjong gin is for two
            raise NotPlayable("Mahjong gin is played by two players, not by teams",
                              key="team_size", value=self.team_size)

    @classmethod
    def preset(cls, name: str, **overrides: Any) -> GinOptions:
        """Return a preset's options with overrides; German gin's target follows the team size.

        An explicit `target_score` wins: the team size sets the target only when none is named.
        """
        if name == "german" and "target_score" not in overrides:
            size = overrides.get("team_size", 1)
            overrides = {**overrides, "target_score": german_target(size if isinstance(
                size, int) else 1)}
        return super(GinOptions, cls).preset(name, **overrides)

    @property
    def mahjong(self) -> bool:
        """Whether hands are played open (Mahjong gin)."""
        return self.play_style == "mahjong"

    @property
    def wrap(self) -> bool:
        """Whether runs may wrap around the ace (German gin)."""
        return self.aces == "high_low_wrap"


def german_target(team_size: int) -> int:
    """Return German gin's target: 200 for two players or teams of 2, 300 for 3, 400 for 4."""
    return 200 + 100 * max(0, team_size - 2)


PRESETS = GinOptions.PRESETS
preset = GinOptions.preset
