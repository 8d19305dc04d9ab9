"""Monte Carlo for gin: opponent hands dealt consistent with the play, hands played to the end.

A world is one guess at what the seat cannot see: the opponent's hidden cards and the stock's
order. `deal_worlds` deals them from the unseen cards, keeping a guess less often when it
contradicts what the opponent did: it has not knocked although it could (its deadwood is above
the knock limit), and it let go of cards (thrown or passed) that would have joined a meld of
its hand. `Rollout` plays a world to the end of the hand with a fast greedy player on each side
(take a discard that lowers deadwood, throw to the least deadwood); the opponent knocks as soon
as it can, we knock by our own rule, and the hand's points are scored with the lay-offs.

Cards are single bits of a 52-bit mask (`Card.bit`), hands are masks.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from ..cards import SUITS, make_deck
from .options import GinOptions

Dead = Callable[[int], int]  # a hand's least deadwood, by its mask

_CARDS = make_deck()
_RANK = {c.bit: c.rank for c in _CARDS}
_SUIT = {c.bit: SUITS.index(c.suit) for c in _CARDS}
_BY_FACE = {(c.rank, SUITS.index(c.suit)): c.bit for c in _CARDS}

REJECT_TRIES = 8  # guesses per world before the constraints are given up (bounds the time)
SHRINK = 2  # each guess refused deals the next from this many stock cards fewer
SHED_LIKELIHOOD = 0.3  # chance of keeping a guess per let-go card that joins two of its cards
HURRY_STOCK = 0  # in a rollout, we knock at the limit once the stock is this low


def _face(rank: int, suit: int, wrap: bool) -> int:
    """Return the bit of a rank (wrapped or not) in a suit, 0 if off the end."""
    if wrap:
        rank = (rank - 1) % 13 + 1
    return _BY_FACE.get((rank, suit), 0)


def _meld_pairs(wrap: bool) -> dict[int, tuple[int, ...]]:
    """Map each card to the pairs of cards (as masks) that make a meld with it."""
    out = {}
    for bit, rank in _RANK.items():
        suit = _SUIT[bit]
        same = [_BY_FACE[(rank, s)] for s in range(4) if s != suit]
        pairs = [same[0] | same[1], same[0] | same[2], same[1] | same[2]]
        for a, b in ((-2, -1), (-1, 1), (1, 2)):
            x, y = _face(rank + a, suit, wrap), _face(rank + b, suit, wrap)
            if x and y and x != bit and y != bit and x != y:
                pairs.append(x | y)
        out[bit] = tuple(pairs)
    return out


def _near(wrap: bool) -> dict[int, int]:
    """Map each card to the mask of cards sharing its rank or within two ranks in its suit."""
    out = {}
    for bit, rank in _RANK.items():
        m = sum(_BY_FACE[(rank, s)] for s in range(4)) & ~bit
        for step in (-2, -1, 1, 2):
            m |= _face(rank + step, _SUIT[bit], wrap)
        out[bit] = m & ~bit
    return out


_PAIRS = {w: _meld_pairs(w) for w in (False, True)}
_NEAR = {w: _near(w) for w in (False, True)}


def bits(mask: int) -> list[int]:
    """Return the single-card masks of a mask."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def joins(card: int, hand: int, wrap: bool) -> bool:
    """Whether the card makes a meld with two cards of the hand."""
    return any(hand & p == p for p in _PAIRS[wrap][card])


@dataclass(frozen=True, slots=True)
class Rules:
    """What a rollout needs of the hand's rules."""

    dead: Dead
    limit: int
    wrap: bool
    ace_value: int
    gin_bonus: int
    undercut_bonus: int
    bonus_on_tie: bool
    factor: int  # 2 when the hand's points are doubled

    @classmethod
    def of(cls, opts: GinOptions, dead: Dead, limit: int, doubled: bool) -> Rules:
        """Return the rules of a hand played with these options."""
        return cls(dead, limit, opts.wrap, opts.unmelded_ace_value, opts.gin_bonus,
                   opts.undercut_bonus, opts.undercut_bonus_on_tie, 2 if doubled else 1)

    def value(self, card: int) -> int:
        """Return a card's deadwood value."""
        rank = _RANK[card]
        return self.ace_value if rank == 1 else min(rank, 10)


def _runs(hand: int, wrap: bool) -> list[tuple[int, int, int, int]]:
    """List the hand's runs as (mask, suit, low rank, high rank), every length from three."""
    out, seen = [], set()
    for suit in range(4):
        for low in range(1, 14):
            mask, rank = 0, low
            for length in range(1, 14 if wrap else 15 - low):
                card = _face(rank, suit, wrap)
                if not card & hand or card & mask:
                    break
                mask |= card
                if length >= 3 and mask not in seen:
                    seen.add(mask)
                    out.append((mask, suit, low, rank))
                rank += 1
    return out


def _melds(hand: int, wrap: bool) -> list[tuple[int, int, int, int]]:
    """List the hand's melds: runs as `_runs`, sets as (mask, -1, rank, 0)."""
    out = _runs(hand, wrap)
    for rank in range(1, 14):
        held = [c for c in (_BY_FACE[(rank, s)] for s in range(4)) if c & hand]
        if len(held) >= 3:
            out += [(group, -1, rank, 0) for group in _groups(held)]
    return out


def _groups(cards: list[int]) -> list[int]:
    """Return the masks of the sets in three or four cards of a rank."""
    total = sum(cards)
    return [total] + ([total & ~c for c in cards] if len(cards) == 4 else [])


def _arrangements(r: Rules, kept: int) -> list[list[tuple[int, int, int, int]]]:
    """Return every choice of disjoint melds leaving the kept cards' least deadwood."""
    melds = _melds(kept, r.wrap)
    target = sum(r.value(c) for c in bits(kept)) - r.dead(kept)
    worth = [sum(r.value(c) for c in bits(m[0])) for m in melds]
    out: list[list[tuple[int, int, int, int]]] = []

    def walk(start: int, used: int, covered: int, chosen: list[tuple[int, int, int, int]]) -> None:
        if covered == target:
            out.append(chosen[:])
            return
        for i in range(start, len(melds)):
            if not melds[i][0] & used and covered + worth[i] <= target:
                chosen.append(melds[i])
                walk(i + 1, used | melds[i][0], covered + worth[i], chosen)
                chosen.pop()

    walk(0, 0, 0, [])
    return out


def _layoff_groups(r: Rules, meld: tuple[int, int, int, int], defender: int) -> list[int]:
    """Return each group of the defender's cards that can go on one meld together."""
    mask, suit, low, high = meld
    if suit < 0:
        fourth = sum(_BY_FACE[(low, s)] for s in range(4)) & ~mask & defender
        return [0, fourth] if fourth and bin(mask).count("1") == 3 else [0]
    size = bin(mask).count("1")
    down, up = [0], [0]
    for chain, step, edge in ((down, -1, low), (up, 1, high)):
        rank = edge + step
        while size + len(chain) <= 13:
            card = _face(rank, suit, r.wrap)
            if not card & defender or card & mask:
                break
            chain.append(chain[-1] | card)
            rank += step
    return [a | b for a in down for b in up
            if not a & b and size + bin(a | b).count("1") <= 13]


def after_layoffs(r: Rules, kept: int, defender: int) -> int:
    """Return the defender's deadwood after lay-offs, the knocker arranging its melds to
    leave the most (as the engine's settlement does)."""
    worst = -1
    for arrangement in _arrangements(r, kept):
        best = r.dead(defender)
        combos = [0]
        for meld in arrangement:
            groups = _layoff_groups(r, meld, defender)
            if len(groups) > 1:
                combos = [c | g for c in combos for g in groups if not c & g]
        for group in combos[1:] if len(combos) > 1 else ():
            best = min(best, r.dead(defender & ~group))
        worst = max(worst, best)
    return worst


def knock_points(r: Rules, kept: int, defender: int) -> int:
    """Return the points of a knock with the kept cards, for the knocker (negative: undercut)."""
    k = r.dead(kept)
    if k == 0:
        return r.factor * (r.gin_bonus + r.dead(defender))
    d = after_layoffs(r, kept, defender)
    if k < d:
        return r.factor * (d - k)
    if k == d and not r.bonus_on_tie:
        return 0
    return -r.factor * (k - d + r.undercut_bonus)


@dataclass(slots=True)
class World:
    """One guess at the hidden cards: the opponent's hand and the stock, top card last."""

    opp: int
    stock: list[int]


def _plausible(r: Rules, hand: int, could_knock: bool, shed: list[int],
               rng: random.Random) -> bool:
    """Whether to keep a guessed opponent hand, given what the opponent did."""
    if could_knock and r.dead(hand) <= r.limit:
        return False
    keep = 1.0
    for card in shed:
        if joins(card, hand, r.wrap):
            keep *= SHED_LIKELIHOOD
    return keep >= 1.0 or rng.random() < keep


def grown(r: Rules, known: int, cards: list[int], need: int) -> int:
    """Return the known cards with `need` of the cards, grown as a greedy player grows a hand:
    it holds the first `need`, then draws each other one and throws the card whose loss
    leaves the least deadwood (never a known card)."""
    hand = known
    for c in cards[:need]:
        hand |= c
    dead = r.dead
    for c in cards[need:]:
        hand |= c
        drop, best = c, dead(hand ^ c)
        for x in bits(hand & ~known):
            d = dead(hand ^ x)
            if d < best:
                drop, best = x, d
        hand ^= drop
    return hand


def deal_worlds(r: Rules, unknown: list[int], known: int, need: int, seen: int,
                could_knock: bool, shed: list[int], n: int, rng: random.Random) -> list[World]:
    """Deal n worlds: `need` hidden opponent cards besides the known ones, the rest the stock.

    The opponent's hand has grown as it played: a guess deals it `need` unseen cards, then
    lets it draw `seen` more and keep the best ten each time (`grown`).
    """
    out = []
    for _ in range(n):
        hand = known
        for attempt in range(REJECT_TRIES):
            # a guess the opponent could have knocked with grew too far: grow the next less
            size = min(len(unknown), need + max(0, seen - SHRINK * attempt))
            hand = grown(r, known, rng.sample(unknown, size), need)
            if _plausible(r, hand, could_knock, shed, rng):
                break
        stock = [c for c in unknown if not c & hand]
        rng.shuffle(stock)
        out.append(World(hand, stock))
    return out


def throw(r: Rules, hand: int, taken: int) -> tuple[int, int]:
    """Return (deadwood left, card) of the greedy throw: least deadwood, higher card on ties."""
    best = (1 << 30, 0, 0)
    dead = r.dead
    for c in bits(hand):
        if c == taken:
            continue
        key = (dead(hand ^ c), -r.value(c), c)
        if key < best:
            best = key
    return best[0], best[2]


def takes(r: Rules, hand: int, top: int) -> bool:
    """Whether the greedy player takes the top discard: it joins a meld and lowers deadwood."""
    if not top or r.dead(hand | top) >= r.dead(hand) + r.value(top):
        return False  # it melds with nothing: OpenSpiel's simple bot takes only meld cards
    return throw(r, hand | top, top)[0] < r.dead(hand)


@dataclass(slots=True)
class Rollout:
    """Play a world to the hand's end: seat 0 is us, seat 1 the opponent."""

    r: Rules
    own_knock: int  # we knock at this deadwood or less (the opponent at the limit)

    def knock_at(self, seat: int, stock: int) -> int:
        """Return the deadwood at which a seat knocks now."""
        if seat == 1 or stock <= HURRY_STOCK:
            return self.r.limit
        return min(self.r.limit, self.own_knock)

    def play(self, hands: list[int], stock: list[int], top: int, seat: int,
             taken: int | None = None) -> int:
        """Play on from `seat`'s turn and return our points; with `taken` the seat has drawn
        already (`taken` is the discard it took, 0 for a stock card)."""
        r = self.r
        stock = stock[:]
        drawn, took = taken is not None, taken or 0
        while True:
            hand = hands[seat]
            if not drawn:
                if takes(r, hand, top):
                    hand, took = hand | top, top
                else:
                    hand, took = hand | stock.pop(), 0
            drawn = False
            left, card = throw(r, hand, took)
            if left <= self.knock_at(seat, len(stock)):
                points = knock_points(r, hand ^ card, hands[1 - seat])
                return points if seat == 0 else -points
            hands[seat], top = hand ^ card, card
            if len(stock) <= 2:
                return 0  # a dead hand
            seat ^= 1
