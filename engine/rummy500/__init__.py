"""Rummy 500 (Ramino 500): options, presets, actions, values and the game."""

from .actions import (
    ClaimRummy,
    DeclineDiscards,
    Discard,
    DrawStock,
    EndClaims,
    LayOff,
    Meld,
    MeldCards,
    NameSpecial,
    Rummy500Action,
    TakeDiscards,
    parse_action,
)
from .game import Rummy500Game
from .options import PRESETS, Rummy500Options, preset
from .scoring import card_value, hand_value, meld_points

__all__ = [
    "PRESETS",
    "ClaimRummy",
    "DeclineDiscards",
    "Discard",
    "DrawStock",
    "EndClaims",
    "LayOff",
    "Meld",
    "MeldCards",
    "NameSpecial",
    "Rummy500Action",
    "Rummy500Game",
    "Rummy500Options",
    "TakeDiscards",
    "card_value",
    "hand_value",
    "meld_points",
    "parse_action",
    "preset",
]
