"""A quick Ramino player for the hard player's play-outs, reading the game of a sampled world.

It plays as a careful beginner would, at a few solver calls a move: take the discard when
it lowers the hand's penalty, close as soon as a card can go with the rest all matched, and
otherwise throw the costliest unmatched card, a lone one before one that waits for a pair.
Each seat reads only its own hand and the pile's top card, as a player at the table does;
the play-outs need it several times cheaper than the normal player, which asks for a whole
view of every move.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card
from .actions import Close, Discard, DrawStock, RaminoAction, TakeDiscard
from .game import RaminoGame
from .penalty import PenaltyRules, best_arrangement, penalty
from .rules import without

PAIRED = 6  # an unmatched card with a partner in the hand is kept as if worth this much less


def quick_move(game: RaminoGame) -> None:
    """Play the quick player's move for the seat the world waits for."""
    seat = game.to_act()[0]
    game.apply(seat, quick_action(game, seat))


def quick_action(game: RaminoGame, seat: int) -> RaminoAction:
    """Return the quick player's action for a seat in its turn."""
    hand, rules = game.hands[seat], game.penalty_rules
    if game.phase == "first" or (game.phase == "draw" and not game.stock
                                 and not game.can_rebuild()):
        return TakeDiscard()  # the upcard must be taken; a draw now would void the hand
    if game.phase == "draw":
        top = game.pile[-1]
        if not top.is_joker and not any(_partners(top, card, rules) for card in hand):
            return DrawStock()  # it would join nothing: no need to ask the solver
        better = penalty([*hand, top], rules) < penalty(hand, rules)
        return TakeDiscard() if better else DrawStock()
    return _throw(game, hand, rules)


def _throw(game: RaminoGame, hand: list[Card], rules: PenaltyRules) -> RaminoAction:
    """Close with a card if one may go; otherwise throw the least useful unmatched card."""
    taken = game.taken
    allowed = [c for c in hand if taken is None or game.opts.discard_taken_card
               or c.face != taken.face]
    loose = [c for c in best_arrangement(hand, rules).unmatched if c in allowed]
    limit = game.opts.close_limit
    # All matched: a card of a long combination may go; else only an unmatched one may.
    tries = loose if loose else allowed
    if not limit and len(loose) > 2:
        tries = []  # two cards would stay unmatched: no zero close
    for card in dict.fromkeys(tries):
        if penalty(without(hand, card), rules) <= limit:
            return Close(card)
    if not loose:
        return Discard(min(allowed, key=lambda c: (penalty(without(hand, c), rules), c.is_joker)))
    return Discard(least_useful(loose, rules))


def least_useful(loose: Sequence[Card], rules: PenaltyRules) -> Card:
    """Return the unmatched card the quick player throws first."""
    return max(loose, key=lambda c: _worth_throwing(c, loose, rules))


def _worth_throwing(card: Card, loose: Sequence[Card], rules: PenaltyRules) -> float:
    """Return how gladly an unmatched card goes: its value, less if it waits for a pair."""
    if card.is_joker:
        return -1000.0
    value = 10.0 if card.rank > 10 else 11.0 if card.rank == 1 else float(card.rank)
    return value - PAIRED * any(_partners(card, other, rules) for other in loose
                                if other is not card)


def _partners(a: Card, b: Card, rules: PenaltyRules) -> bool:
    """Whether two natural cards are half a combination (a pair of a set, or of a run)."""
    if b.is_joker:
        return False
    if a.rank == b.rank:
        return a.suit != b.suit or rules.same_suit_sets
    gap = abs(a.rank - b.rank)
    return a.suit == b.suit and (gap <= 2 or (1 in (a.rank, b.rank) and gap >= 11))
