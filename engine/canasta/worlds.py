"""Canasta games a seat could be in: what it sees kept, what it cannot see dealt at random.

A seat sees its own hand, every side's melds and red threes, the pile's top card and the
counts (cards per hand, stock, pile), and the pile cards it saw go into another hand and not
come out (the table's `known`): that hand starts with them. Every other card of the 162 (the
other hands, the stock, the pile under its top) is dealt at random from the cards it has not
seen, each place receiving as many as it holds. Red threes never stay in a hand, so the
unseen ones go to the stock (under the pile only when the stock cannot hold them: a red three
there would shrink the hand taking the pile). A searching player would play in these worlds
(the hard player of round 2 did; ai_hard.py says why today's does not).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable

from ..base import DeckSource
from ..cards import Card, copies
from ..match import Scoreboard
from ..table import Entry, Table, TableMeld
from .ai_cards import meld_rank
from .game import CanastaGame
from .melds import is_red_three
from .state import build_deck
from .views import CanastaHand, MeldView

_EVERY = Counter(c.text for c in build_deck())


def sample(view: CanastaHand, rng: random.Random) -> CanastaGame:
    """Return a game consistent with the view, the unseen cards dealt by `rng`."""
    table = view.table
    melds = sorted((m for s in table.sides for m in s.melds), key=lambda m: (len(m.id), m.id))
    reds = [list(s.red_threes) for s in table.sides]
    top = [table.pile_top] if table.pile_top else []
    seen = [*view.hand, *top, *(t for r in reds for t in r), *(t for m in melds for t in m.cards)]
    hands, stock, under = _deal(view, _unseen(seen), rng)
    hands[view.seat] = list(view.hand)
    groups = [*hands, stock, under + top, *reds, *(list(m.cards) for m in melds)]
    cards = iter(copies(Card.parse(t) for g in groups for t in g))
    placed = [[next(cards) for _ in g] for g in groups]
    return _game(view, placed, melds, rng.getrandbits(63))


def _unseen(seen: Iterable[str]) -> list[str]:
    """Return the cards of the 162 that are not among the seen ones, in a fixed order."""
    left = _EVERY - Counter(seen)
    return sorted(left.elements())


def _deal(view: CanastaHand, unseen: list[str], rng: random.Random
          ) -> tuple[list[list[str]], list[str], list[str]]:
    """Deal the unseen cards: the other hands (no red three), the stock, the pile's rest."""
    rng.shuffle(unseen)
    red = [t for t in unseen if is_red_three(Card.parse(t))]
    rest = [t for t in unseen if not is_red_three(Card.parse(t))]
    hands = [_known(view, seat, rest) for seat in range(view.table.players)]
    for seat, count in enumerate(view.table.cards):
        size = 0 if seat == view.seat else count - len(hands[seat])
        hands[seat] += rest[:size]
        del rest[:size]
    # A red three lies in the pile only from the deal, and one there would shrink the hand
    # that takes it (a take the seat is offered could fail in the world): the stock first.
    stock = view.table.stock
    fill = rest[:max(0, stock - len(red))]
    stock_cards = red[:stock] + fill
    rng.shuffle(stock_cards)
    return hands, stock_cards, red[stock:] + rest[len(fill):]


def _known(view: CanastaHand, seat: int, rest: list[str]) -> list[str]:
    """Take out of `rest` the cards everyone saw go into another seat's hand (its hand
    starts with them)."""
    found: list[str] = []
    for text in view.table.known[seat] if seat != view.seat and view.table.known else ():
        if text in rest:
            rest.remove(text)
            found.append(text)
    return found


def _game(view: CanastaHand, placed: list[list[Card]], melds: list[MeldView],
          seed: int) -> CanastaGame:
    """Build the game from the cards placed: hands, stock, pile, red threes, melds (`seed`:
    the next hands' deals)."""
    table, n = view.table, view.table.players
    s = len(table.sides)
    game = CanastaGame.__new__(CanastaGame)
    game.opts, game.sides = table.options, CanastaGame.seating(n)
    game.deck, game.version = DeckSource.of(seed), table.version
    game.dealer, game.hand_no = table.dealer, table.hand_no
    game.first, game.turn = (table.dealer + 1) % n, view.seat
    game.phase = table.phase
    game.board = Scoreboard([side.total for side in table.sides])
    game.last_result = table.last_result
    game.hands, game.stock, game.pile = placed[:n], placed[n], placed[n + 1]
    game.red_threes = placed[n + 2:n + 2 + s]
    game.table = Table([_meld(m, cards) for m, cards in zip(melds, placed[n + 2 + s:])])
    game.opened = [side.opened for side in table.sides]
    game.minimums = [side.minimum for side in table.sides]
    game.reset_history(0)
    for seat, (known, shunned) in enumerate(zip(table.known, table.shunned)):
        game.known[seat], game.shunned[seat] = list(known), list(shunned)
    return game


def _meld(meld: MeldView, cards: list[Card]) -> TableMeld:
    """Return a table meld as the view shows it, with its cards' copies."""
    entries = [Entry(c, by, 0, "meld") for c, by in zip(cards, meld.by)]
    return TableMeld(meld.id, meld.side, "group", "", meld_rank(meld), 0, entries)

