"""The computer player's Mahjong gin: put down what it can, take deep only to meld.

A simple sound strategy, from the seat's private view only: meld and lay off whatever the
legal list offers (the owed card first, bigger melds first), take the top card or a deeper
run of the pile only when the card it must use makes a new meld, and otherwise discard the
card worth most that has the fewest partners left in the hand.
"""

from __future__ import annotations

import random

from ..cards import Card, parse_cards
from . import actions as A
from .deadwood import meld_rules
from .mahjong import mahjong_value, melds_in
from .views import GinHand


def mahjong_action(view: GinHand, rng: random.Random | None = None) -> str:
    """Return the computer player's Mahjong gin action for this private view."""
    moves = view.moves
    if len(moves) == 1:
        return str(moves[0])
    hand = parse_cards(view.hand)
    if any(isinstance(m, (A.DrawStock, A.TakeUpcard, A.PassUpcard)) for m in moves):
        return _take_choice(view, hand)
    play = _play_choice(view)
    if play is not None:
        return play
    return shed(view) or str(moves[0])


def shed(view: GinHand) -> str | None:
    """Return the discard the computer would make now, melding nothing (None: none legal)."""
    hand = parse_cards(view.hand)
    allowed = [m for m in view.moves if isinstance(m, A.Discard)]
    if not allowed:
        return None
    return str(max(allowed, key=lambda m: _shed_score(m.card, hand)))


def _makes_meld(view: GinHand, hand: list[Card], taken: list[Card]) -> bool:
    """Whether the deepest taken card makes a new meld with the hand and the other taken."""
    rules = meld_rules(view.table.options.wrap)
    return bool(melds_in(hand + taken, rules, taken[0]))


def _take_choice(view: GinHand, hand: list[Card]) -> str:
    pile = parse_cards(view.table.discard)
    moves = view.moves
    deep = sorted((m for m in moves if isinstance(m, A.TakePile)), key=lambda m: m.depth)
    for take in deep:  # the shallowest deep take that melds
        if _makes_meld(view, hand, pile[-take.depth:]):
            return str(take)
    top = next((m for m in moves if isinstance(m, A.TakeDiscard) and m.card is None), None) or \
        next((m for m in moves if isinstance(m, A.TakeUpcard)), None)
    if top is not None and pile and _makes_meld(view, hand, pile[-1:]):
        return str(top)
    stay = next((m for m in moves if isinstance(m, A.DrawStock)), None) or next(
        m for m in moves if isinstance(m, A.PassUpcard))
    return str(stay)


def _play_choice(view: GinHand) -> str | None:
    """Return the meld or lay-off to make: the owed card's first, then the biggest."""
    plays = [m for m in view.moves if isinstance(m, (A.MeldCards, A.LayOff))]
    owed = view.table.owed
    if owed is not None:
        plays = [m for m in plays if owed in {str(c) for c in _cards(m)}] or plays
    if not plays:
        return None
    return str(max(plays, key=lambda m: (isinstance(m, A.MeldCards), len(_cards(m)) - 1)))


def _cards(play: A.MeldCards | A.LayOff) -> list[Card]:
    """Return the cards a meld or a lay-off puts down."""
    if isinstance(play, A.LayOff):
        return [play.card]
    return [c for meld in play.melds for c in meld]


def _shed_score(card: Card, hand: list[Card]) -> float:
    """Score a card for discarding: its value, less a bonus per card it could meld with."""
    partners = sum(1 for c in hand if c != card and (
        c.rank == card.rank or (c.suit == card.suit and abs(c.rank - card.rank) <= 2)))
    return mahjong_value(card) - 4 * partners
