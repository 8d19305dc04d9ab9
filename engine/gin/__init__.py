"""Gin Rummy: options, presets, the game, and deadwood helpers."""

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
from .options import PRESETS, GinOptions, preset

__all__ = [
    "PRESETS",
    "BigGin",
    "Discard",
    "DrawStock",
    "GinAction",
    "GinGame",
    "GinOptions",
    "Knock",
    "LayOff",
    "MeldCards",
    "PassUpcard",
    "TakeDiscard",
    "TakePile",
    "TakeUpcard",
    "arrangements",
    "card_value",
    "min_deadwood",
    "parse_action",
    "preset",
]
