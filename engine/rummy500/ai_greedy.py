"""Rummy 500's greedy baseline (the computer's "easy" level): it plays for this turn only.

It takes the pile down to the depth that puts the most points down at once, puts down the
biggest meld it can, lays off whatever fits, and throws its most valuable card. It never looks
at the opponents nor at what it could build later.
"""

from __future__ import annotations

from ..cards import Card
from .actions import (
    Discard,
    DrawStock,
    LayOff,
    MeldCards,
    NameSpecial,
    Rummy500Action,
    TakeDiscards,
)
from .scoring import card_value
from .views import R500Hand


def greedy_action(view: R500Hand) -> Rummy500Action:
    """Return the greedy baseline's action: always one of view.moves."""
    acts = list(view.moves)
    if not acts:
        raise ValueError("the seat has no legal action now")
    special = [a for a in acts if isinstance(a, NameSpecial)]
    if special:
        return next((a for a in special if a.card is None), special[0])
    takes = [a for a in acts if isinstance(a, TakeDiscards)]
    best = max(takes, key=lambda a: _take_points(view, a), default=None)
    if best is not None and (_take_points(view, best) > 0 or DrawStock() not in acts):
        return best
    if DrawStock() in acts:
        return DrawStock()
    return _play(view, acts)


def _take_points(view: R500Hand, act: TakeDiscards) -> int:
    """Return what a take puts down at once less what it leaves in hand."""
    options = view.table.options
    taken = view.table.pile[act.k - 1:]  # the pile lies bottom first; k counts from the bottom
    melded = {card for meld in act.melds for card in meld}
    down = sum(card_value(card, options, "set") for card in melded)
    kept = sum(card_value(Card.parse(text), options, "hand") for text in taken
               if Card.parse(text) not in melded)
    return down - kept


def _play(view: R500Hand, acts: list[Rummy500Action]) -> Rummy500Action:
    """Meld the most cards, else lay off, else discard the card worth most in hand."""
    melds = [a for a in acts if isinstance(a, MeldCards)]
    if melds:
        return max(melds, key=lambda a: sum(len(m) for m in a.melds))
    lay_offs = [a for a in acts if isinstance(a, LayOff)]
    if lay_offs:
        return lay_offs[0]
    discards = [a for a in acts if isinstance(a, Discard)]
    if not discards:
        return acts[0]
    options = view.table.options
    return max(discards, key=lambda a: card_value(a.card, options, "hand"))
