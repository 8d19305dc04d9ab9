"""Ramino (classic Italian rummy)."""

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
from .penalty import (
    Arrangement,
    PenaltyRules,
    best_arrangement,
    can_close,
    is_colore,
    is_ramino,
    penalty,
)

__all__ = [
    "PRESETS",
    "Arrangement",
    "Close",
    "Decline",
    "Discard",
    "DrawStock",
    "PenaltyRules",
    "RaminoAction",
    "RaminoGame",
    "RaminoOptions",
    "Reenter",
    "TakeDiscard",
    "best_arrangement",
    "can_close",
    "is_colore",
    "is_ramino",
    "parse_action",
    "penalty",
    "preset",
]
