"""The computer player's Mahjong gin: put down what it can, take deep only to meld.

A simple sound strategy, from the seat's private view only: meld and lay off whatever the
legal list offers (the owed card first, bigger melds first), take the top card or a deeper
run of the pile only when the card it must use makes a new meld, and otherwise discard the
card worth most that has the fewest partners left in the hand.
"""

from __future__ import annotations

import random

from ..cards import Card, parse_cards
from .deadwood import meld_rules
from .mahjong import mahjong_value, melds_in
from .views import GinHand


def mahjong_action(view: GinHand, rng: random.Random | None = None) -> str:
    """Return the computer player's Mahjong gin action for this private view."""
    legal = view.legal
    if len(legal) == 1:
        return legal[0]
    hand = parse_cards(view.hand)
    if any(a in ("draw", "take_upcard", "pass") for a in legal):
        return _take_choice(view, hand)
    play = _play_choice(view)
    if play is not None:
        return play
    return shed(view) or legal[0]


def shed(view: GinHand) -> str | None:
    """Return the discard the computer would make now, melding nothing (None: none legal)."""
    hand = parse_cards(view.hand)
    allowed = [a for a in view.legal if a.startswith("discard ")]
    if not allowed:
        return None
    return max(allowed, key=lambda a: _shed_score(Card.parse(a.split()[1]), hand))


def _makes_meld(view: GinHand, hand: list[Card], taken: list[Card]) -> bool:
    """Whether the deepest taken card makes a new meld with the hand and the other taken."""
    rules = meld_rules(view.table.options.wrap)
    return bool(melds_in(hand + taken, rules, taken[0]))


def _take_choice(view: GinHand, hand: list[Card]) -> str:
    pile = parse_cards(view.table.discard)
    for depth in range(2, len(pile) + 1):  # the shallowest deep take that melds
        if f"take {depth}" in view.legal and _makes_meld(view, hand, pile[-depth:]):
            return f"take {depth}"
    top = next((a for a in ("take", "take_upcard") if a in view.legal), None)
    if top is not None and pile and _makes_meld(view, hand, pile[-1:]):
        return top
    return "draw" if "draw" in view.legal else "pass"


def _play_choice(view: GinHand) -> str | None:
    """Return the meld or lay-off to make: the owed card's first, then the biggest."""
    plays = [a for a in view.legal if a.startswith(("meld ", "layoff "))]
    owed = view.table.owed
    if owed is not None:
        plays = [a for a in plays if owed in a.replace(",", " ").split()] or plays
    if not plays:
        return None
    return max(plays, key=lambda a: (a.startswith("meld "), a.count(",")))


def _shed_score(card: Card, hand: list[Card]) -> float:
    """Score a card for discarding: its value, less a bonus per card it could meld with."""
    partners = sum(1 for c in hand if c != card and (
        c.rank == card.rank or (c.suit == card.suit and abs(c.rank - card.rank) <= 2)))
    return mahjong_value(card) - 4 * partners
