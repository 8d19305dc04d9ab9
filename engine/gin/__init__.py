"""Gin Rummy: options, presets, the games (closed, Mahjong, teams), and deadwood helpers."""

from .actions import (
    BigGin,
    Discard,
    DrawStock,
    GinAction,
    Knock,
    LayOff,
    MeldCards,
    PassUpcard,
    TakeDiscard,
    TakePile,
    TakeUpcard,
    parse_action,
)
from .deadwood import arrangements, card_value, min_deadwood
from .game import GinGame
from .mahjong import MahjongGin
from .options import PRESETS, GinOptions, preset
from .teams import TeamGin
from .variants import GinOrTeams, game_class, load_game, new_game, two_seat_class

__all__ = [
    "PRESETS",
    "BigGin",
    "Discard",
    "DrawStock",
    "GinAction",
    "GinGame",
    "GinOptions",
    "GinOrTeams",
    "Knock",
    "LayOff",
    "MahjongGin",
    "MeldCards",
    "PassUpcard",
    "TakeDiscard",
    "TakePile",
    "TakeUpcard",
    "TeamGin",
    "arrangements",
    "card_value",
    "game_class",
    "load_game",
    "min_deadwood",
    "new_game",
    "parse_action",
    "preset",
    "two_seat_class",
]
