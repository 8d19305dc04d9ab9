"""Ramino 51 worlds: whole games a seat could be in, dealt from what its view shows.

The seat sees its own cards, the table's melds, the pile (every card of it was thrown face
up in front of everybody), the exchange card and every count (hands, stock). Every other
card (the other hands, the stock) is dealt at random from the cards the seat cannot see,
each place keeping its count.
Flags the view does not carry are inferred from what it shows: who has had a turn (only
the first round tells), the turn's own flags left clear (they matter to the move the seat
is choosing, which is legal in the real game, and never to the turns after it).
"""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache
from itertools import chain

from ..base import DeckSource
from ..cards import Card, copies
from ..match import Scoreboard
from ..table import Entry, Table, TableMeld
from .actions import Placed
from .ai_cards import cards_of
from .game import Ramino51Game
from .melds import read_meld, to_table
from .state import HAND_SIZE, build_deck
from .views import MeldView, R51Hand


def sample(view: R51Hand, rng: random.Random) -> Ramino51Game:
    """Return a game consistent with the seat's view, the unseen cards dealt at random."""
    game = _blank(view, rng)
    table = [_copy(m) for m in _table(view.table.melds)]
    seen = [*chain.from_iterable(m.cards for m in table), *cards_of(view.hand),
            *cards_of(view.table.pile_cards),
            *cards_of([view.table.exchange] if view.table.exchange else [])]
    hidden = unseen(game, seen)
    rng.shuffle(hidden)
    every = copies([*seen, *hidden])  # each copy of a face its own card, as the engine has
    _lay_out(game, view, table, every)
    return game


def unseen(game: Ramino51Game, seen: list[Card]) -> list[Card]:
    """Return the deck's cards less the seen ones (by face), in the deck's order."""
    left = Counter(c.text for c in seen)
    out = []
    for card in build_deck(game.opts):
        if left[card.text] > 0:
            left[card.text] -= 1
        else:
            out.append(card)
    return out


def _blank(view: R51Hand, rng: random.Random) -> Ramino51Game:
    """Return a game with the view's seats, options, totals and hand number, no cards yet."""
    table = view.table
    game = Ramino51Game.__new__(Ramino51Game)
    game.opts, game.sides = table.options, Ramino51Game.seating(table.players)
    game.deck, game.version = DeckSource.of(rng.getrandbits(63)), table.version
    game.dealer = table.dealer
    game.setup()
    game.board = Scoreboard(list(table.totals), [])
    game.hand_no, game.last_result = table.hand_no, table.last_result
    game.reset_hand()
    game.deck.deals = table.hand_no
    return game


@lru_cache(maxsize=8)
def _table(melds: tuple[MeldView, ...]) -> tuple[TableMeld, ...]:
    """Return the table's melds as the game keeps them (read once per table: every world of
    a decision shares it, each with its own copy)."""
    return tuple(_meld(m) for m in melds)


def _copy(meld: TableMeld) -> TableMeld:
    """Return a meld with entries of its own (moves change them)."""
    entries = [Entry(e.card, e.by, e.value, e.how, e.stands_for) for e in meld.entries]
    return TableMeld(meld.id, meld.owner, meld.kind, meld.suit, meld.rank, meld.low, entries)


def _meld(meld: MeldView) -> TableMeld:
    """Return a table meld as the view shows it: its id, owner, cards and who placed each."""
    # a view names every card pack 0: a run's two jokers become two copies again
    cards = copies(p.card for p in meld.placed)
    group = tuple(Placed(c, p.as_) for c, p in zip(cards, meld.placed))
    made = to_table(read_meld(group), meld.owner, meld.id, 0)
    for entry, by in zip(made.entries, meld.by):
        entry.by = by
    return made


def _lay_out(game: Ramino51Game, view: R51Hand, table: list[TableMeld],
             every: list[Card]) -> None:
    """Put the cards where the view says (seen ones first in `every`, then the dealt ones)."""
    t = view.table
    cards = iter(every)
    for meld in table:  # the copies `copies` numbered, in the order they were listed
        for entry in meld.entries:
            entry.card = next(cards)
    game.table = Table(table)
    game.hands[view.seat] = [next(cards) for _ in view.hand]
    game.pile = [next(cards) for _ in t.pile_cards]
    game.exchange = next(cards) if t.exchange else None
    for seat in range(t.players):
        if seat != view.seat:
            game.hands[seat] = [next(cards) for _ in range(t.seats[seat].cards)]
    game.stock = list(cards)
    _flags(game, view)


def _flags(game: Ramino51Game, view: R51Hand) -> None:
    """Set the hand's flags from the view: turn, starter, opened, swapped, who has played."""
    t = view.table
    game.turn, game.starter, game.phase = t.turn if t.turn is not None else 0, t.starter, t.phase
    game.opened = [s.opened for s in t.seats]
    game.swapped = [s.swapped for s in t.seats]
    game.rebuilds = t.rebuilds
    game.had_turn = _had_turn(view)
    taken = cards_of([view.taken])[0] if view.taken else None
    # the very copy held when it still is (it may be on the table already)
    game.taken = next((c for c in game.hands[view.seat] if c == taken), taken)


def _had_turn(view: R51Hand) -> list[bool]:
    """Return who has finished a turn this hand: everybody, but in the first round (see
    `_first_round`) only the seats from the starter up to the turn."""
    t = view.table
    if t.step == "first" or t.turn is None:
        return [False] * t.players
    step = 1 if t.direction == "forward" else -1
    order = [(t.starter + k * step) % t.players for k in range(t.players)]
    done = order[:order.index(t.turn)] if _first_round(view, order) else order
    return [seat in done for seat in range(t.players)]


def _first_round(view: R51Hand, order: list[int]) -> bool:
    """Whether this is the hand's first round. On its own turn the seat knows: it may swap
    the exchange card on its first turn only (unless it has swapped it, then the counts
    decide). The counts fit the first round when the stock has given no more cards than
    the seats since the starter drew, and the seats still to play hold 14 cards, unopened."""
    t = view.table
    assert t.turn is not None
    if view.seat == t.turn and (view.may_swap or not t.seats[view.seat].swapped):
        return view.may_swap
    at = order.index(t.turn)
    drawn = len(build_deck(t.options)) - t.players * HAND_SIZE - 2 - t.stock
    later = [t.seats[s] for s in order[at + 1:]]
    return (at > 0 and not t.rebuilds and drawn <= at - 1 + (t.phase == "play")
            and t.pile <= at and all(s.cards == HAND_SIZE and not s.opened for s in later))
