"""Canasta (canasta.md): three packs and six jokers, one-rank melds, partnerships with four."""

from __future__ import annotations

from .actions import (
    AddToMeld,
    CanastaAction,
    Discard,
    DrawTwo,
    EndHand,
    NewMeld,
    OpenAndDraw,
    TakePile,
    parse_action,
)
from .game import CanastaGame
from .options import PRESETS, CanastaOptions, opening_minimum, preset

__all__ = [
    "PRESETS",
    "AddToMeld",
    "CanastaAction",
    "CanastaGame",
    "CanastaOptions",
    "Discard",
    "DrawTwo",
    "EndHand",
    "NewMeld",
    "OpenAndDraw",
    "TakePile",
    "opening_minimum",
    "parse_action",
    "preset",
]
