"""Ramino 51: two decks and jokers, a 51 opening, joker retrieval, closing in hand."""

from .actions import (
    CloseInHand,
    Discard,
    DrawStock,
    JokerUse,
    LayOff,
    MeldCards,
    Placed,
    Ramino51Action,
    SwapExchange,
    SwapJoker,
    TakeDiscard,
    parse_action,
)
from .game import Ramino51Game
from .options import PRESETS, Ramino51Options, preset

__all__ = ["PRESETS", "CloseInHand", "Discard", "DrawStock", "JokerUse", "LayOff", "MeldCards",
           "Placed", "Ramino51Action", "Ramino51Game", "Ramino51Options", "SwapExchange",
           "SwapJoker", "TakeDiscard", "parse_action", "preset"]
