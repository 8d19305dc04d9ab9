"""Ramino worlds: whole games a seat could be in, dealt from what its private view shows.

The seat sees its own cards, the last discards (with who threw each), every hand's card
count, the stock's and the pile's sizes, the totals and the last hand's result. Everything
else (the other hands, the stock's order, the pile under the discards the table shows) is
dealt from the cards the seat has not seen, each place keeping its size, reading the hand's
public history (the table's `known` and `shunned`): a card every player saw an opponent take
and not throw since is dealt into its hand, and the rest of that hand is drawn from the unseen
cards shy of those that would fit a card it threw or passed over since its last take (who
threw a 7H seldom holds the 6H, the 8H or another 7).
"""

from __future__ import annotations

import random
from collections import Counter

from ..cards import Card
from ..match import Scoreboard
from .game import RaminoGame
from .penalty import PenaltyRules, best_arrangement
from .rollout import least_useful
from .state import Offer, build_deck
from .views import RaminoHand, RaminoTable

FIT_WEIGHT = 0.25  # how likely a card fitting one an opponent threw or passed is dealt to it
DEVELOP = 6  # the most turns a dealt hand is played on (each asks the solver once)
MEMO = 64  # worlds remembered: a decision deals each world once for all its candidates
Dealt = tuple[list[list[Card]], list[Card], list[Card]]  # hands, pile, stock
_DEALT: dict[int, tuple[RaminoHand, Dealt]] = {}  # each candidate meets the same worlds


def unseen(view: RaminoHand) -> list[Card]:
    """Return the deck less the seat's cards and the discards it sees, in the deck's order."""
    return _split(view)[2]


def _split(view: RaminoHand) -> tuple[list[Card], list[Card], list[Card]]:
    """Return the deck's copies of the seat's cards and of the discards shown, and the rest."""
    shown = [t.card for t in view.table.discards]
    wanted = Counter(Card.parse(text).face for text in (*view.hand, *shown))
    mine: dict[tuple[int, str], list[Card]] = {}
    rest = []
    for card in build_deck(view.table.options):
        if wanted[card.face] > 0:
            wanted[card.face] -= 1
            mine.setdefault(card.face, []).append(card)
        else:
            rest.append(card)

    def take(texts: tuple[str, ...] | list[str]) -> list[Card]:
        return [mine[Card.parse(text).face].pop() for text in texts]

    return take(view.hand), take(shown), rest


def sample(view: RaminoHand, rng: random.Random) -> RaminoGame:
    """Return a game consistent with the view, its hidden cards dealt at random, the other
    hands played on for as many turns as the hand has lasted (see `deal`)."""
    table = view.table
    key = rng.getrandbits(64)  # with the view, a world's first draw names it
    hit = _DEALT.get(key)
    if hit is not None and (hit[0] is view or hit[0] == view):
        hands, pile, stock = hit[1]
    else:
        if len(_DEALT) >= MEMO:
            _DEALT.clear()
        hands, pile, stock = deal(view, rng)
        _DEALT[key] = (view, (hands, pile, stock))
    game = RaminoGame(table.options, table.players, key, (), table.dealer)
    game.hands, game.pile, game.stock = [list(h) for h in hands], list(pile), list(stock)
    game.known = [list(k) for k in table.known] or game.known
    game.shunned = [list(k) for k in table.shunned] or game.shunned
    under = table.pile - len(table.discards)
    _place_turn(game, view, [*[None] * under, *(t.by for t in table.discards)])
    _place_match(game, view)
    return game


def deal(view: RaminoHand, rng: random.Random) -> Dealt:
    """Deal the hidden cards: the other hands, the pile under the discards shown, the stock.

    An opponent's hand holds the cards it is known to hold; the rest is drawn from the unseen
    cards, shy of those fitting what it threw or passed over. A hand so dealt is a fresh
    hand, but the others have drawn and thrown as long as the seat has: each is played on
    from the unseen cards for the hand's turns so far (at most DEVELOP), drawing a card and
    throwing the quick player's least useful one (never a known card), so the worlds'
    opponents are about as close to closing as real ones.
    """
    table = view.table
    held, shown, hidden = _split(view)
    known = [[] if seat == view.seat else _pull(hidden, texts)
             for seat, texts in enumerate(table.known)]  # the seat's own are in `held`
    rng.shuffle(hidden)
    turns = min(DEVELOP, _turns(table))
    hands: list[list[Card]] = []
    for seat in range(table.players):
        if seat == view.seat:
            hands.append(held)
            continue
        size = table.seats[seat].cards
        mine = known[seat][:size] if known else []
        shy = _fits(table.shunned[seat]) if table.shunned else _NO_FITS
        hand = [*mine, *_draw(hidden, size - len(mine), shy, rng)]
        if hand:
            _develop(hand, hidden, turns, table, rng, (mine, shy))
        hands.append(hand)
    under = table.pile - len(shown)
    return hands, [*hidden[:under], *shown], hidden[under:]


Fits = tuple[frozenset[int], frozenset[tuple[str, int]]]  # ranks, and (suit, rank) neighbours
_NO_FITS: Fits = (frozenset(), frozenset())


def _pull(pool: list[Card], texts: tuple[str, ...]) -> list[Card]:
    """Take out of the pool a copy of each card named (none if the pool holds none)."""
    out = []
    for text in texts:
        face = Card.parse(text).face
        card = next((c for c in pool if c.face == face), None)
        if card is not None:
            pool.remove(card)
            out.append(card)
    return out


def _fits(texts: tuple[str, ...]) -> Fits:
    """Return what a card must be to fit one of these: their ranks, and their run neighbours."""
    cards = [Card.parse(t) for t in texts]
    naturals = [c for c in cards if not c.is_joker]
    near = {(c.suit, r) for c in naturals for r in _neighbours(c.rank)}
    return frozenset(c.rank for c in naturals), frozenset(near)


def _neighbours(rank: int) -> tuple[int, ...]:
    """Return the ranks next to a rank in a run (the ace both below the 2 and above the K)."""
    near = {rank - 1, rank + 1} | ({2, 13} if rank == 1 else set())
    return tuple(sorted(({1} if 14 in near else set()) | {r for r in near if 1 <= r <= 13}))


def _weight(card: Card, shy: Fits) -> float:
    """Return how gladly a card is dealt to a hand that threw or passed the `shy` cards."""
    if card.is_joker:
        return 1.0
    ranks, near = shy
    return FIT_WEIGHT if card.rank in ranks or (card.suit, card.rank) in near else 1.0


def _draw(pool: list[Card], count: int, shy: Fits, rng: random.Random) -> list[Card]:
    """Draw cards from the end of a shuffled pool, each kept with its weight's chance."""
    out: list[Card] = []
    i = len(pool) - 1
    while len(out) < count and i >= 0:
        if shy is _NO_FITS or rng.random() < _weight(pool[i], shy):
            out.append(pool.pop(i))
        i -= 1
    while len(out) < count and pool:  # too shy to fill the hand: take what is left
        out.append(pool.pop())
    return out


def _develop(hand: list[Card], pool: list[Card], turns: int, table: RaminoTable,
             rng: random.Random, history: tuple[list[Card], Fits]) -> None:
    """Play a hand on for some turns: draw from the pool, throw a card back into it."""
    rules = PenaltyRules(table.options.same_suit_sets, table.options.joker_penalty)
    mine, shy = history
    for _ in range(turns):
        if not pool:
            return
        hand += _draw(pool, 1, shy, rng)
        loose = [c for c in best_arrangement(hand, rules).unmatched if c not in mine]
        thrown = least_useful(loose, rules) if loose else hand[-1]
        hand.remove(thrown)
        pool.insert(rng.randrange(len(pool) + 1), thrown)


def _turns(table: RaminoTable) -> int:
    """Return about how many turns each seat still in has played this hand."""
    players = sum(not s.eliminated for s in table.seats)
    first = len(build_deck(table.options)) - players * table.options.hand_size - 1
    drawn = first - table.stock if table.rebuilds == 0 else first + table.pile
    return max(0, drawn // max(1, players))


def _place_turn(game: RaminoGame, view: RaminoHand, throwers: list[int | None]) -> None:
    """Set the hand in play: whose turn, its step, what the seat took or drew."""
    table = view.table
    game.throwers = throwers
    game.phase, game.hand_no, game.rebuilds = table.phase, table.hand_no, table.rebuilds
    game.version = table.version
    game.turn = table.turn if table.turn is not None else view.seat
    hand = game.hands[view.seat]
    game.taken = _held(hand, view.taken)
    game.drawn = _held(hand, view.drawn)


def _held(hand: list[Card], text: str | None) -> Card | None:
    """Return the seat's copy of a card named by text (None for none)."""
    if text is None:
        return None
    face = Card.parse(text).face
    return next(c for c in reversed(hand) if c.face == face)


def _place_match(game: RaminoGame, view: RaminoHand) -> None:
    """Set the totals, who is out, the re-entries and any open offer."""
    table = view.table
    out = {s.seat for s in table.seats if s.eliminated}
    played = [[0] * table.players for _ in range(table.hands_played)]
    game.board = Scoreboard(list(table.totals), played, out)
    game.reentries = [s.reentries for s in table.seats]
    offer = table.reentry
    game.offer = None if offer is None else Offer(offer.offered, list(offer.waiting), offer.total)
    game.winner, game.last_result = table.winner, table.last_result
