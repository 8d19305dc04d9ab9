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

__all__ = ["CloseInHand", "Discard", "DrawStock", "JokerUse", "LayOff", "MeldCards", "Placed",
           "Ramino51Action", "SwapExchange", "SwapJoker", "TakeDiscard", "parse_action"]
