"""Gin computer players that see only their own seat's private view.

`choose_action` is the real player; `greedy_action` (least deadwood, knock at once) and
`random_action` are baselines for tests and benchmarks. Every function reads the seat's
`GinHand` (`GinGame.private_view(seat)`), its legal moves as the engine's action values, and
returns the text of one of them.

The opponent's known cards come from the table's `pickups`, `discards` and `refused` (card
texts per seat, this hand only). `PublicLog` rebuilds them from the actions and the public
view alone, to check that nothing else informs the player.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import cache

from ..cards import SUITS, make_deck
from ..game import Event
from ..solver import FastSolver
from . import actions as A
from .deadwood import fast_solver
from .mahjong_ai import mahjong_action
from .views import GinHand, GinTable, per_seat

_BIT: dict[str, int] = {str(c): c.bit for c in make_deck()}
_RANK_SUIT: dict[str, tuple[int, int]] = {
    str(c): (c.rank, SUITS.index(c.suit)) for c in make_deck()}
_ALL = [str(c) for c in make_deck()]
# every (wrap, unmelded ace value) rule mode: its index keys the solved-hand cache
_MODES = ((False, 1), (True, 15), (False, 15), (True, 1))

# Solved deadwood by mask and rule mode: hands recur from turn to turn, so keep (a bounded) cache.
_SOLVED: dict[int, int] = {}
_SOLVED_MAX = 200_000


def _near_masks(wrap: bool) -> dict[str, int]:
    """Map each card to the mask of same-suit cards within two ranks of it."""
    out = {}
    for card, (rank, suit) in _RANK_SUIT.items():
        m = 0
        for step in (-2, -1, 1, 2):
            r = rank + step
            if wrap:
                r = (r - 1) % 13 + 1
            elif not 1 <= r <= 13:
                continue
            m |= 1 << (suit * 13 + r - 1)
        out[card] = m
    return out


_NEAR, _NEAR_WRAP = _near_masks(False), _near_masks(True)
_RANK_MASK = {r: sum(1 << (s * 13 + r - 1) for s in range(4)) for r in range(1, 14)}

# Tuned against the greedy baseline (benchmarks/bench_gin.py).
POTENTIAL_WEIGHT = 1.0  # how much one expected draw's improvement is worth
DANGER_WEIGHT = 6.0  # deadwood points a sure feed to the opponent costs
TAKE_MARGIN = 0.5  # a taken discard tells the opponent something: ask a little more of it
EXTRA_GAIN = 5.0  # a drawn card that joins a meld also lets a deadwood card go
LOW_CARD_GAIN = 4  # take an unmatched discard only if it lowers deadwood by more than this
SHED_FACTOR = 0.5  # a meld through a card the opponent let go of is that much less likely
ABOVE_SHED = 0.25  # a pair above the opponent's last discard is that much less likely held
GIN_HOLD_DEADWOOD = 0  # keep playing for gin when the knock would leave at most this …
GIN_HOLD_STOCK = 99  # … and the stock still holds at least this many cards


def _mask(cards: Sequence[str]) -> int:
    m = 0
    for c in cards:
        m |= _BIT[c]
    return m


def _value(card: str, ace_value: int) -> int:
    rank = _RANK_SUIT[card][0]
    return ace_value if rank == 1 else min(rank, 10)


@dataclass(slots=True)
class _Table:
    """What the seat knows: its hand, dead cards, the opponent's known cards, the rules."""

    hand: list[str]
    solver: FastSolver
    wrap: bool
    ace_value: int
    limit: int
    stock: int
    pile: list[str]
    opp_known: set[str]  # held by the opponent for sure (taken from the pile, not let go)
    unknown: list[str]  # in the stock or the opponent's hand
    p_opp: float  # chance an unknown card is in the opponent's hand
    opp_shed: frozenset[str]  # cards the opponent discarded or refused this hand
    unknown_set: frozenset[str]
    mode: int  # index of (wrap, ace value) in _MODES: part of the solved-hand cache key

    def dead(self, cards: Sequence[str] | int) -> int:
        """Return the minimum deadwood of the cards (texts or a mask)."""
        mask = cards if isinstance(cards, int) else _mask(cards)
        key = mask | self.mode << 52
        hit = _SOLVED.get(key)
        if hit is None:
            if len(_SOLVED) > _SOLVED_MAX:
                _SOLVED.clear()
            hit = _SOLVED[key] = self.solver.min_deadwood_mask(mask)
        return hit

    def may_meld(self, mask: int, card: str) -> bool:
        """Whether the card shares a rank, or a suit within two ranks, with a card of the mask."""
        if mask & _RANK_MASK[_RANK_SUIT[card][0]]:
            return True
        near = _NEAR_WRAP if self.wrap else _NEAR
        return bool(mask & near[card])

    def held_by_opp(self, card: str) -> float:
        """Return the chance the opponent holds the card."""
        if card in self.opp_known:
            return 1.0
        return self.p_opp if card in self.unknown_set else 0.0


def _table(view: GinHand) -> _Table:
    """Read the view into what the players reason about."""
    table, hand, opp = view.table, list(view.hand), 1 - view.seat
    wrap, ace = table.options.wrap, table.options.unmelded_ace_value
    pile = list(table.discard)
    opp_known = set(table.pickups[opp]) - set(pile) - set(hand)
    for meld in table.shown_melds[opp]:
        opp_known |= set(meld) - set(pile) - set(hand)
    seen = set(hand) | set(pile) | opp_known
    unknown = [c for c in _ALL if c not in seen]
    shed = [*table.discards[opp], *table.refused[opp]]
    p_opp = max(0, table.hand_sizes[opp] - len(opp_known)) / max(1, len(unknown))
    return _Table(hand, fast_solver(wrap, ace), wrap, ace, table.knock_limit, table.stock, pile,
                  opp_known, unknown, p_opp, frozenset(shed), frozenset(unknown),
                  _MODES.index((wrap, ace)))


# --- baselines -----------------------------------------------------------------------


def random_action(view: GinHand, rng: random.Random | None = None) -> str:
    """Return a uniformly random legal action."""
    return str((rng or random.Random()).choice(view.moves))


def top_take(moves: Sequence[A.GinAction]) -> A.GinAction | None:
    """Return the take of the top card on offer (the upcard, or the top discard), if any."""
    return next((m for m in moves if isinstance(m, A.TakeUpcard) or (
        isinstance(m, A.TakeDiscard) and m.card is None)), None)


def stay(moves: Sequence[A.GinAction]) -> A.GinAction:
    """Return the move that takes no card seen: the stock draw, else passing the upcard."""
    return next((m for m in moves if isinstance(m, A.DrawStock)), None) or next(
        m for m in moves if isinstance(m, A.PassUpcard))


def knocks(moves: Sequence[A.GinAction]) -> list[A.Knock]:
    """Return the legal knocks."""
    return [m for m in moves if isinstance(m, A.Knock)]


def discards(moves: Sequence[A.GinAction]) -> dict[str, A.GinAction]:
    """Return the legal discards by their card's text."""
    return {str(m.card): m for m in moves if isinstance(m, A.Discard)}


def big_gin(moves: Sequence[A.GinAction]) -> A.GinAction | None:
    """Return big gin if it is legal."""
    return next((m for m in moves if isinstance(m, A.BigGin)), None)


def _best_discards(t: _Table, cards: list[str], keep: str | None) -> list[tuple[int, str]]:
    """Return (deadwood after discarding, card) for every card but `keep`, best first."""
    full = _mask(cards)
    out = [(t.dead(full & ~_BIT[c]), c) for c in cards if c != keep]
    out.sort(key=lambda dc: dc[0])
    return out


def greedy_action(view: GinHand, rng: random.Random | None = None) -> str:
    """Take a discard that lowers deadwood, discard to least deadwood, knock at once."""
    rng = rng or random.Random()
    if view.table.options.mahjong:
        return mahjong_action(view, rng)
    moves = view.moves
    gin = big_gin(moves)
    if gin is not None:
        return str(gin)
    t = _table(view)
    take = top_take(moves)
    if take is not None or any(isinstance(m, A.DrawStock) for m in moves):
        if take is not None:
            top = t.pile[-1]
            after = _best_discards(t, t.hand + [top], keep=top)[0][0]
            if after < t.dead(t.hand):
                return str(take)
        return str(stay(moves))
    knocking = knocks(moves)
    if knocking:
        rest = [(t.dead(_mask(t.hand) & ~_BIT[str(m.card)]), str(m)) for m in knocking]
        low = min(d for d, _ in rest)
        return rng.choice([a for d, a in rest if d == low])
    allowed = discards(moves)
    scored = _best_discards(t, t.hand, keep=None)
    low = min(d for d, c in scored if c in allowed)
    return str(allowed[rng.choice([c for d, c in scored if d == low and c in allowed])])


# --- the computer player ---------------------------------------------------------------


@cache  # 52 cards, two modes: asked for every candidate discard of every decision
def _neighbours(card: str, wrap: bool) -> tuple[tuple[str, ...], ...]:
    """Return the groups of other cards that would make a three-card meld with this one."""
    rank, suit = _RANK_SUIT[card]
    same = [f"{_rank_text(rank)}{s}" for s in SUITS if SUITS.index(s) != suit]
    groups: list[tuple[str, ...]] = [tuple(p) for p in _pairs(same)]
    for lo, hi in ((-2, -1), (-1, 1), (1, 2)):
        ranks = [rank + lo, rank + hi]
        if wrap:
            ranks = [(r - 1) % 13 + 1 for r in ranks]
        elif not all(1 <= r <= 13 for r in ranks):
            continue
        groups.append(tuple(f"{_rank_text(r)}{SUITS[suit]}" for r in ranks))
    return tuple(groups)


def _pairs(cards: list[str]) -> list[tuple[str, str]]:
    return [(a, b) for i, a in enumerate(cards) for b in cards[i + 1:]]


def _rank_text(rank: int) -> str:
    return {1: "A", 11: "J", 12: "Q", 13: "K"}.get(rank, str(rank))


def danger(t: _Table, card: str, shed_rank: int = 0) -> float:
    """Return the chance the opponent could meld this card if it were discarded.

    With `shed_rank` (the rank he last threw), two-card groups all above it are less likely
    his: a player throws his highest unmatched card first, so they would have gone before it.
    """
    miss = 1.0
    for group in _neighbours(card, t.wrap):
        p = 1.0
        for c in group:
            p *= t.held_by_opp(c)
        if any(_joins(c, card, t.wrap) for c in t.opp_shed):
            p *= SHED_FACTOR  # he let go of a card of this very meld: he is not building it
        if shed_rank and min(_RANK_SUIT[c][0] for c in group) > shed_rank:
            p *= ABOVE_SHED
        miss *= 1.0 - p
    # a card that extends a meld the opponent already holds is a feed as well
    for c in t.opp_known:
        if _joins(c, card, t.wrap):
            miss *= 1.0 - 0.5 * t.p_opp
    return 1.0 - miss


def _joins(a: str, b: str, wrap: bool) -> bool:
    """Whether two cards share a rank or are suit neighbours."""
    (ra, sa), (rb, sb) = _RANK_SUIT[a], _RANK_SUIT[b]
    gap = abs(ra - rb)
    return ra == rb or (sa == sb and (gap == 1 or (wrap and gap == 12)))


def _potential(t: _Table, mask: int, dead: int) -> float:
    """Return the expected deadwood a stock draw would remove from this ten-card hand."""
    if dead == 0 or not t.unknown:
        return 0.0
    total = 0.0
    for c in t.unknown:
        if not t.may_meld(mask, c):
            continue
        with_c = t.dead(mask | _BIT[c])
        v = _value(c, t.ace_value)
        if with_c < dead + v:  # the card joins a meld
            total += min(dead, max(0, dead - with_c) + EXTRA_GAIN)
    return total / len(t.unknown)


def _hand_score(t: _Table, mask: int) -> float:
    """Lower is better: deadwood less what the coming draws should bring."""
    dead = t.dead(mask)
    draws_left = max(0.0, min(1.0, t.stock / 20))
    return dead - POTENTIAL_WEIGHT * draws_left * _potential(t, mask, dead)


def _discard_scores(t: _Table, cards: list[str], allowed: list[str]) -> list[tuple[float, str]]:
    """Score each allowed discard (lower is better), best first."""
    full = _mask(cards)
    plain = sorted((t.dead(full & ~_BIT[c]), c) for c in allowed)
    cutoff = plain[0][0] + 10  # discards that leave far more deadwood are never right
    out = []
    for d, c in plain:
        if d > cutoff:
            continue
        score = _hand_score(t, full & ~_BIT[c])
        score += DANGER_WEIGHT * danger(t, c)
        out.append((score, c))
    out.sort()
    return out


def _should_take(t: _Table, top: str) -> bool:
    """Whether taking the top discard beats an unseen stock card."""
    mask = _mask(t.hand)
    dead = t.dead(mask)
    full = mask | _BIT[top]
    if t.dead(full) >= dead + _value(top, t.ace_value):
        # the card melds with nothing: only worth it as a much lower card than one we shed
        return min(t.dead(full & ~_BIT[c]) for c in t.hand) < dead - LOW_CARD_GAIN
    best = _discard_scores(t, t.hand + [top], list(t.hand))[0][0]
    draw = dead - (1 + POTENTIAL_WEIGHT) * _potential(t, mask, dead)
    return best < draw - TAKE_MARGIN


def _knock_choice(t: _Table, moves: Sequence[A.GinAction]) -> str | None:
    """Return the knock to make now, or None to play on."""
    knocking = knocks(moves)
    if not knocking:
        return None
    full = _mask(t.hand)
    dead, knock = min((t.dead(full & ~_BIT[str(m.card)]), str(m)) for m in knocking)
    if dead == 0:
        return knock
    if dead <= GIN_HOLD_DEADWOOD and t.stock >= GIN_HOLD_STOCK:
        return None
    return knock


Taker = Callable[[_Table, str], bool]
Knocker = Callable[[_Table, GinHand], str | None]
Discarder = Callable[[_Table, GinHand, list[str]], str]


def play_turn(view: GinHand, rng: random.Random | None, take: Taker, knock: Knocker,
              discard: Discarder) -> str:
    """Run a turn with a player's three decisions: take the top discard, knock, what to throw."""
    if view.table.options.mahjong:
        return mahjong_action(view, rng)
    moves = view.moves
    if len(moves) == 1:
        return str(moves[0])
    gin = big_gin(moves)
    if gin is not None:
        return str(gin)
    t = _table(view)
    top = top_take(moves)
    if top is not None or any(isinstance(m, A.DrawStock) for m in moves):
        if top is not None and t.pile and take(t, t.pile[-1]):
            return str(top)
        return str(stay(moves))
    knocked = knock(t, view)
    if knocked is not None:
        return knocked
    allowed = discards(moves)
    return str(allowed[discard(t, view, list(allowed))])


def choose_action(view: GinHand, rng: random.Random | None = None) -> str:
    """Return the computer player's action for this private view."""
    return play_turn(view, rng, _should_take, lambda t, v: _knock_choice(t, v.moves),
                     lambda t, v, allowed: _discard_scores(t, t.hand, allowed)[0][1])


# --- known cards from public information ---------------------------------------------


class PublicLog:
    """Record what each seat took from, gave to and refused from the discard pile this hand."""

    def __init__(self) -> None:
        self.pickups: list[list[str]] = [[], []]
        self.discards: list[list[str]] = [[], []]
        self.refused: list[list[str]] = [[], []]

    def clear(self) -> None:
        """Forget the hand (a new one is dealt)."""
        for record in (self.pickups, self.discards, self.refused):
            record[0].clear()
            record[1].clear()

    def observe(self, before: GinTable, seat: int, action: A.GinAction | str,
                events: list[Event]) -> None:
        """Note an applied action (its text is read by the engine's parser), given the public
        view just before it and its events."""
        pile = before.discard
        move = A.parse_action(action) if isinstance(action, str) else action
        if isinstance(move, A.TakePile):  # Mahjong: the top cards down to a depth
            self.pickups[seat].extend(pile[-move.depth:])
        elif isinstance(move, A.TakeDiscard) and move.card is not None:  # a deep pickup
            self.pickups[seat].append(str(move.card))
        elif isinstance(move, (A.TakeUpcard, A.TakeDiscard)) and pile:
            self.pickups[seat].append(pile[-1])
        elif isinstance(move, A.PassUpcard) or (
                isinstance(move, A.DrawStock) and before.phase == "draw"):
            if pile:
                self.refused[seat].append(pile[-1])
        elif isinstance(move, A.Discard):
            self.discards[seat].append(str(move.card))
        if any(e.kind == "hand_end" for e in events):
            self.clear()

    def augment(self, view: GinHand) -> GinHand:
        """Return the view with its table's `pickups`, `discards` and `refused` from this log."""
        table = replace(view.table, pickups=per_seat(self.pickups),
                        discards=per_seat(self.discards), refused=per_seat(self.refused))
        return replace(view, table=table)
