"""What the Ramino computer player reads from its private view, and card geometry on faces.

A face is an int: suit index (engine.cards.SUITS order) * 13 + rank - 1, or JOKER (52). Run
positions are 1 … 14: the ace is 1 or 14. `Know` holds what one decision needs: the options,
the unseen copies of each face (the decks less the seat's cards and the discards the table
shows), how long the hand is likely to last, how much the seat's penalty weighs now, and
what the next player has thrown or taken lately.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise
from typing import Protocol

from ..cards import Card, parse_cards
from ._combos import is_valid
from .options import RaminoOptions
from .penalty import PenaltyRules
from .views import RaminoHand, RaminoTable

JOKER = 52

# Tuned with benchmarks/bench_ramino.py.
HORIZON = 6.0  # draws the seat may still make in a fresh hand
HORIZON_DECAY = 0.5  # fewer for each turn the hand has lasted
MIN_DRAWS = 1.5
PEN_BASE = 0.4  # weight of a penalty point at the start of a hand, heads-up
PEN_SLOPE = 0.06  # … more per turn played (somebody is likelier to close)
PEN_PER_OPPONENT = 0.25  # … more per opponent beyond the first
CLIFF = 25.0  # a hand that would put the seat out if somebody closed now
DANGER_WEIGHT = 3.0  # a discard the next player surely uses costs this many points
SHED_FACTOR = 0.5  # the next player threw a card of that combination: he is not building it
SAME_SHED_FACTOR = 0.2  # … he threw this very card
TAKER_FACTOR = 1.5  # he took from the pile lately: he is collecting


@lru_cache(maxsize=256)  # a few dozen texts, read for every card of every decision
def face(text: str) -> int:
    """Return the face of a card's text."""
    return _face(Card.parse(text))


def _face(card: Card) -> int:
    return JOKER if card.is_joker else card.suit_index * 13 + card.rank - 1


def to_cards(texts: Sequence[str]) -> list[Card]:
    """Return the cards of the texts, twins as distinct copies."""
    return parse_cards(" ".join(texts))


def card_value(f: int, joker_penalty: int) -> int:
    """Return an unmatched card's value (an ace 11: the lone ace is the caller's case)."""
    if f == JOKER:
        return joker_penalty
    rank = f % 13 + 1
    return 11 if rank == 1 else min(rank, 10)


def positions(f: int) -> tuple[int, ...]:
    """Return the run positions of a natural face: the ace is 1 or 14."""
    r = f % 13
    return (1, 14) if r == 0 else (r + 1,)


def at(suit: int, pos: int) -> int:
    """Return the face at a run position of a suit."""
    return suit * 13 + (0 if pos == 14 else pos - 1)


@lru_cache(maxsize=1 << 14)
def pair_needs(a: int, b: int, same: bool) -> tuple[int, ...]:
    """Return the faces that would make a combination of the two natural faces."""
    ra, sa, rb, sb = a % 13, a // 13, b % 13, b // 13
    if ra == rb:
        if sa == sb and not same:
            return ()
        return tuple(s * 13 + ra for s in range(4) if same or s not in (sa, sb))
    if sa != sb:
        return ()
    out: list[int] = []
    for pa in positions(a):
        for pb in positions(b):
            lo, hi = min(pa, pb), max(pa, pb)
            wanted = (lo - 1, hi + 1) if hi - lo == 1 else (lo + 1,) if hi - lo == 2 else ()
            out += [at(sa, p) for p in wanted if 1 <= p <= 14]
    return tuple(out)


@lru_cache(maxsize=256)  # 52 faces, two rules
def connections(f: int, same: bool) -> tuple[int, ...]:
    """Return the faces that would make a pair (half a combination) with a natural face."""
    r, s = f % 13, f // 13
    out = [t * 13 + r for t in range(4) if same or t != s]
    for p in positions(f):
        out += [at(s, q) for q in (p - 2, p - 1, p + 1, p + 2) if 1 <= q <= 14]
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Arranged:
    """A hand as combinations and unmatched cards, in faces."""

    combos: tuple[tuple[int, ...], ...]
    unmatched: tuple[int, ...]


class _Judged(Protocol):
    @property
    def combos(self) -> Sequence[Sequence[object]]: ...

    @property
    def unmatched(self) -> Sequence[object]: ...


def arranged(judged: _Judged) -> Arranged:
    """Return an arrangement (the solver's or a view's) in faces."""
    return Arranged(tuple(tuple(face(str(c)) for c in combo) for combo in judged.combos),
                    tuple(face(str(c)) for c in judged.unmatched))


Span = tuple[int, int, int]  # a run's suit, lowest and highest position


def run_span(combo: tuple[int, ...]) -> Span | None:
    """Return the suit and positions a run covers (None for a set or a lone natural)."""
    naturals = [f for f in combo if f != JOKER]
    if len({f % 13 for f in naturals}) < 2:
        return None
    size, ranks = len(combo), sorted(f % 13 for f in naturals)
    high = ranks[0] == 0 and ranks[-1] >= size  # the ace above the king
    pos = sorted([r + 1 for r in ranks if r] + ([14] if high else [1] * (ranks[0] == 0)))
    top = 14 if high or pos[0] > 1 else 13
    lo = min(pos[0], top - size + 1)
    return naturals[0] // 13, lo, lo + size - 1


def span_needs(f: int, span: Span) -> tuple[int, ...]:
    """Return the face that would join a natural two away from a run's end to the run."""
    suit, lo, hi = span
    if f == JOKER or f // 13 != suit:
        return ()
    out = []
    for p in positions(f):
        if p == lo - 2 and hi - lo < 11:
            out.append(at(suit, lo - 1))
        if p == hi + 2 and hi - lo < 11:
            out.append(at(suit, hi + 1))
    return tuple(out)


def extensions(combo: tuple[int, ...], same: bool) -> tuple[int, ...]:
    """Return the faces that could join the combination."""
    span = run_span(combo)
    naturals = [f for f in combo if f != JOKER]
    if span is None:
        if len(combo) >= 4 or not naturals:
            return ()
        r, suits = naturals[0] % 13, {f // 13 for f in naturals}
        return tuple(s * 13 + r for s in range(4) if same or s not in suits)
    suit, lo, hi = span
    if hi - lo >= 12:
        return ()
    ends = [p for p in (lo - 1, hi + 1) if 1 <= p <= 14 and not (p == 14 and lo == 1)
            and not (p == 1 and hi == 14)]
    return tuple(at(suit, p) for p in ends)


# --- what the seat knows ---------------------------------------------------------------------


@dataclass(slots=True)
class Know:
    """What one decision reads from the view."""

    options: RaminoOptions
    rules: PenaltyRules
    same: bool
    close_limit: int
    joker_penalty: int
    unseen: list[int]  # copies of each face (and JOKER) the seat has not seen
    total: int
    draws: float  # draws the seat may still make this hand
    pen_weight: float
    to_limit: int | None
    cliff: float
    danger_weight: float
    void_next: bool  # a draw now would end the hand void
    next_cards: int  # cards in the next player's hand
    shed: frozenset[int]  # faces the next player threw (among those the table shows)
    next_took: bool  # the next player took from the pile lately
    # another reading of the chance the next player uses a face (None: `danger`'s)
    feed: Callable[[int], float] | None = None

    @property
    def jokers(self) -> int:
        """Return the unseen jokers."""
        return self.unseen[JOKER]

    def value(self, f: int) -> int:
        """Return an unmatched card's value."""
        return card_value(f, self.joker_penalty)

    def outs(self, faces: Iterable[int]) -> int:
        """Return the unseen copies of the faces."""
        return sum(self.unseen[f] for f in set(faces))

    def chance(self, outs: int, draws: float) -> float:
        """Return the chance that one of `outs` cards comes within that many draws."""
        if outs <= 0 or self.total <= 0:
            return 0.0
        miss: float = (1.0 - min(1.0, outs / self.total)) ** max(draws, 0.5)
        return 1.0 - miss

    def connections(self, f: int) -> tuple[int, ...]:
        """Return the faces that would pair with a natural face."""
        return connections(f, self.same)

    def extensions(self, arr: Arranged) -> set[int]:
        """Return the faces that could join one of the arrangement's combinations."""
        out: set[int] = set()
        for combo in arr.combos:
            out.update(extensions(combo, self.same))
        return out


def _unseen(view: RaminoHand) -> list[int]:
    double = view.table.options.deck == "double"
    unseen = [2 if double else 1] * 52 + [4 if double else 2]
    for text in (*view.hand, *(t.card for t in view.table.discards)):
        unseen[face(text)] = max(0, unseen[face(text)] - 1)
    return unseen


def _active(table: RaminoTable) -> list[int]:
    return [s.seat for s in table.seats if not s.eliminated]


def next_seat(table: RaminoTable, seat: int) -> int:
    """Return the seat after this one in play order, skipping eliminated seats."""
    step = 1 if table.direction == "forward" else -1
    out = {s.seat for s in table.seats if s.eliminated}
    for k in range(1, table.players + 1):
        nxt = (seat + step * k) % table.players
        if nxt not in out:
            return nxt
    return seat


def takers(table: RaminoTable, seat: int) -> set[int]:
    """Return the seats seen taking from the pile: a thrower's card missing after him."""
    throwers = [t.by for t in table.discards]
    out: set[int] = set()
    chain = [*throwers, seat]
    for a, b in pairwise(chain):
        if a is None or b is None:
            continue
        between: list[int] = []
        s = next_seat(table, a)
        while s != b and len(between) < table.players:
            between.append(s)
            s = next_seat(table, s)
        if between:  # the first one's card was taken by the one after him, and so on
            out.update(between[1:])
            if b != seat:
                out.add(b)
    return out


def _turns(view: RaminoHand, players: int) -> float:
    """Return about how many turns each player has played this hand."""
    table = view.table
    deck = 108 if table.options.deck == "double" else 54
    first = deck - players * table.options.hand_size - 1
    drawn = first - table.stock if table.rebuilds == 0 else first + table.pile
    return max(0.0, drawn / max(1, players))


def _void_next(table: RaminoTable) -> bool:
    limit = table.options.stock_rebuilds
    can_rebuild = (limit is None or table.rebuilds < limit) and table.pile > 1
    return table.stock == 0 and not can_rebuild


def know(view: RaminoHand) -> Know:
    """Read the view into what the computer player reasons about."""
    table, opts = view.table, view.table.options
    active = _active(table)
    turns = _turns(view, len(active))
    weight = (PEN_BASE * (1 + PEN_PER_OPPONENT * (len(active) - 2)) + PEN_SLOPE * turns)
    if opts.chips:
        weight = 0.0  # a close wins the chips, whatever the others hold
    nxt = next_seat(table, view.seat)
    unseen = _unseen(view)
    return Know(
        options=opts, rules=PenaltyRules(opts.same_suit_sets, opts.joker_penalty),
        same=opts.same_suit_sets, close_limit=opts.close_limit,
        joker_penalty=opts.joker_penalty, unseen=unseen, total=sum(unseen),
        draws=max(MIN_DRAWS, HORIZON - HORIZON_DECAY * turns), pen_weight=weight,
        to_limit=None if opts.chips else table.seats[view.seat].to_limit,
        cliff=0.0 if opts.chips else CLIFF, danger_weight=DANGER_WEIGHT,
        void_next=_void_next(table), next_cards=table.seats[nxt].cards,
        shed=frozenset(face(t.card) for t in table.discards if t.by == nxt),
        next_took=nxt in takers(table, view.seat) and nxt != view.seat)


@lru_cache(maxsize=256)  # 52 faces, two rules
def _combining(f: int, same: bool) -> tuple[tuple[int, int], ...]:
    """Return the pairs of the face's connections that make a combination with it, in the
    order of its connections."""
    partners = connections(f, same)
    return tuple((a, b) for i, a in enumerate(partners) for b in partners[i + 1:]
                 if is_valid(tuple(sorted((f, a, b))), 0, same))


def danger(k: Know, f: int) -> float:
    """Return the chance the next player can use this card in a combination."""
    if k.feed is not None:
        return k.feed(f)
    if f == JOKER:
        return 1.0
    p = min(1.0, k.next_cards / max(1, k.total))

    def held(g: int) -> float:
        return 1.0 - (1.0 - p) ** k.unseen[g]

    miss = 1.0
    partners = connections(f, k.same)
    for a, b in _combining(f, k.same):
        miss *= 1.0 - held(a) * held(b)
    any_partner = 1.0 - _prod(1.0 - held(g) for g in set(partners))
    miss *= 1.0 - held(JOKER) * any_partner
    use = 1.0 - miss
    if f in k.shed:
        use *= SAME_SHED_FACTOR
    elif any(g in k.shed for g in partners):
        use *= SHED_FACTOR
    return min(1.0, use * (TAKER_FACTOR if k.next_took else 1.0))


def _prod(values: Iterable[float]) -> float:
    out = 1.0
    for v in values:
        out *= v
    return out
