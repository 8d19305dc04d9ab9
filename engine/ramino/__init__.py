"""Ramino (classic Italian rummy): options, presets, actions, the penalty solver and the game."""

from .actions import (
    Close,
    Decline,
    Discard,
    DrawStock,
    RaminoAction,
    Reenter,
    TakeDiscard,
    parse_action,
)
from .game import RaminoGame
from .options import PRESETS, RaminoOptions, preset

__all__ = [
    "PRESETS",
    "Close",
    "Decline",
    "Discard",
    "DrawStock",
    "RaminoAction",
    "RaminoGame",
    "RaminoOptions",
    "Reenter",
    "TakeDiscard",
    "parse_action",
    "preset",
]
