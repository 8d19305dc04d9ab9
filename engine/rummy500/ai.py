"""Rummy 500 computer player that sees only its own seat's private view (an `R500Hand`).

`choose_action` picks one of the view's legal actions, `choose_claim` one of its Rummy! claims,
`random_action` is the baseline for benchmarks. Every decision scores the hand the seat would
hold at the end of its turn: cards that meld (or lay off) count for their value, the others
(deadwood) count against it, weighed by how likely the hand is to end before they can be used
(stock left, opponents' card counts) and how many live cards would complete them.

Hands are 52-bit masks (engine.cards bit order); the best split into melds comes from per-suit
run tables (aces low or high, never both) combined with every choice of sets.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import combinations, product

from ..cards import SUITS, Card, make_deck
from .actions import (
    ClaimRummy,
    DeclineDiscards,
    Discard,
    DrawStock,
    LayOff,
    MeldCards,
    NameSpecial,
    Rummy500Action,
    TakeDiscards,
)
from .options import Rummy500Options
from .scoring import card_value, meld_points, run_position
from .table import Summary, ends_of, extended, shape_of
from .views import MeldView, R500Hand, R500Table, SeatView

_DECK = make_deck()
_CARD: dict[str, Card] = {c.text: c for c in _DECK}
_BY_INDEX: dict[int, Card] = {c.bit.bit_length() - 1: c for c in _DECK}
_RANK_MASK = {r: sum(1 << (s * 13 + r - 1) for s in range(4)) for r in range(1, 14)}
_FULL = (1 << 52) - 1

# Tuned with benchmarks/bench_rummy500.py.
GAMMA = 0.95  # a meld still in hand: banked this turn, but banking it now is surer
GAMMA_LOCKED = 0.6  # a meld that cannot go down yet (under min_first_meld, or not opened)
ALPHA_MIN = 0.3  # least share of a deadwood card's value expected to count against the hand
ALPHA_SLOPE = 0.08  # each turn expected to be left lowers that share by this much
MAX_TURNS = 9  # more turns than this change little
OUT_CAP = 0.8  # the most a partial meld's chance of completing is trusted
PARTIAL_GAIN = 0.5  # a completed partial scores; count this share of its value as a gain
GO_OUT_BASE = 25.0  # going out ends the hand while the others still hold cards
GO_OUT_PER_CARD = 2.0  # … more so the more cards they hold
DANGER_FIT = 10.0  # a discard that fits a table meld: a gift to the next player or a claimer
DANGER_PILE_MELD = 15.0  # a discard that melds with two pile cards: anyone can take it
DANGER_PILE_NEAR = 1.5  # a discard that pairs or connects with a pile card
DANGER_NEXT = 2.0  # a discard near an end of a run the next player owns
TAKE_SHORTLIST = 60  # fully score at most this many takes (cheap estimate first)


# --- cards and masks -----------------------------------------------------------------------


def _mask(cards: Sequence[str]) -> int:
    m = 0
    for c in cards:
        m |= _CARD[c].bit
    return m


def _bits(mask: int) -> Iterator[Card]:
    """Yield the cards of a mask."""
    while mask:
        low = mask & -mask
        yield _BY_INDEX[low.bit_length() - 1]
        mask ^= low


def _at(suit: int, pos: int) -> int:
    """Return the bit of the card at run position pos (1 … 14) of a suit, 0 off the ends."""
    if not 1 <= pos <= 14:
        return 0
    return 1 << (suit * 13 + (0 if pos == 14 else pos - 1))


def _positions(card: Card) -> tuple[int, ...]:
    return (1, 14) if card.rank == 1 else (card.rank,)


# --- best split of a hand into melds ---------------------------------------------------------


def _linear(present: Sequence[int], values: Sequence[int]) -> tuple[int, int]:
    """Return (least deadwood, its position mask) of one suit's positions using runs only."""
    n = len(present)
    best: list[tuple[int, int]] = [(0, 0)] * (n + 1)
    for i in range(n - 1, -1, -1):
        if not present[i]:
            best[i] = best[i + 1]
            continue
        tail = best[i + 1]
        cand = (values[i] + tail[0], tail[1] | 1 << i)
        j = i
        while j < n and present[j]:
            j += 1
            if j - i >= 3 and best[j][0] < cand[0]:
                cand = best[j]
        best[i] = cand
    return best[0]


@lru_cache(maxsize=1 << 15)
def _suit_dead(values: tuple[int, ...], mask: int) -> tuple[int, int]:
    """Return (least deadwood, dead 13-bit mask) of one suit's cards, runs only."""
    present = [mask >> r & 1 for r in range(13)]
    low = _linear(present, values)
    if not present[0]:
        return low
    # the ace read as rank 14: positions 2 … 14
    high_val, high_pos = _linear(present[1:] + [1], list(values[1:]) + [values[0]])
    if high_val >= low[0]:
        return low
    dead = (high_pos & 0xFFF) << 1 | (1 if high_pos >> 12 & 1 else 0)
    return high_val, dead


def _set_choices(hand: int) -> list[list[int]]:
    """Per rank held three or four times: the masks a set of that rank may use (0: none)."""
    suits = [hand >> 13 * s & 0x1FFF for s in range(4)]
    s0, s1, s2, s3 = suits
    # the ranks held in three suits or four, found for all ranks at once (most hands: none)
    triples = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    out = []
    while triples:
        r = (triples & -triples).bit_length() - 1
        triples &= triples - 1
        held = [1 << (13 * s + r) for s in range(4) if suits[s] >> r & 1]
        out.append([0] + [sum(g) for k in (3, 4) for g in combinations(held, k)])
    return out


@lru_cache(maxsize=1 << 16)
def _arrange(hand: int, values: tuple[tuple[int, ...], ...]) -> int:
    """Return the deadwood mask of the hand's best split into melds (least deadwood value)."""
    best_val, best_dead = 1 << 30, hand
    for choice in product(*_set_choices(hand)):
        rest = hand
        for used in choice:
            rest &= ~used
        val = dead = 0
        for s in range(4):
            v, d = _suit_dead(values[s], rest >> 13 * s & 0x1FFF)
            val += v
            dead |= d << 13 * s
        if val < best_val:
            best_val, best_dead = val, dead
    return best_dead


# --- what the seat knows -----------------------------------------------------------------


@dataclass(slots=True)
class _Ctx:
    """The parts of the view every evaluation needs."""

    values: Rummy500Options
    suit_values: tuple[tuple[int, ...], ...]
    value: dict[int, int]  # card bit -> value in hand
    table: list[Summary]
    ids: list[str]
    opened: bool
    need: int
    unseen: int
    unseen_n: int
    pile: int
    turns: float
    alpha: float
    go_out: float
    next_runs: list[Summary] = field(default_factory=list)
    hand: int = 0
    free: int = 0

    def worth(self, mask: int) -> int:
        """Return the value in hand of the cards of a mask."""
        return sum(self.value[c.bit] for c in _bits(mask))


def _values(table: R500Table) -> Rummy500Options:
    """Return the options card values follow this hand (its special card may differ)."""
    return replace(table.options, special_card=table.special_card)


def _summary(meld: MeldView) -> Summary:
    cards = [_CARD[c] for c in meld.cards]
    if meld.kind == "set":
        return ("set", "", cards[0].rank, 0, len(cards) - 1, len(cards))
    low = 1 if cards[0].rank == 1 else cards[0].rank
    return ("run", cards[0].suit, 0, low, low + len(cards) - 1, len(cards))


def _context(view: R500Hand) -> _Ctx:
    tv = view.table
    values = _values(tv)
    value = {c.bit: card_value(c, values, "hand") for c in _DECK}
    suit_values = tuple(tuple(value[_at(s, r)] for r in range(1, 14)) for s in range(4))
    melds = tv.melds
    table = [_summary(m) for m in melds]
    seat = view.seat
    seats = [s for s in tv.seats if not s.eliminated]
    hand = _mask(view.hand)
    pile = _mask(tv.pile)
    on_table = _mask([c for m in melds for c in m.cards])
    unseen = _FULL & ~(hand | pile | on_table)
    opened = tv.seats[seat].opened
    need = 0 if opened else tv.options.min_first_meld
    turns = _turns_left(tv, seats, seat)
    others = [s.cards for s in seats if s.seat != seat]
    nxt = _next_seat(tv, seat)
    return _Ctx(
        values=values, suit_values=suit_values, value=value, table=table,
        ids=[m.id for m in melds], opened=opened, need=need,
        unseen=unseen, unseen_n=bin(unseen).count("1"), pile=pile, turns=turns,
        alpha=min(1.0, max(ALPHA_MIN, 1.0 - ALPHA_SLOPE * turns)),
        go_out=GO_OUT_BASE + GO_OUT_PER_CARD * (sum(others) / max(1, len(others))),
        next_runs=[s for m, s in zip(melds, table) if m.owner == nxt and s[0] == "run"],
        hand=hand, free=_mask([view.free_card]) if view.free_card else 0)


def _reuse_left(table: R500Table) -> bool:
    """Whether declining with an empty stock turns the pile over (else the hand ends)."""
    return table.options.reuse_discards > table.reuses


def _turns_left(table: R500Table, seats: list[SeatView], seat: int) -> float:
    """Estimate the seat's turns left in the hand from the stock and the others' hands."""
    players = max(1, len(seats))
    by_stock = (table.stock + (len(table.pile) if _reuse_left(table) else 0)) / players
    others = [s.cards for s in seats if s.seat != seat] or [7]
    # an opponent holding few cards may go out within about half as many turns
    by_others = 1 + min(others) / 2
    return float(min(by_stock, by_others, MAX_TURNS))


def _next_seat(table: R500Table, seat: int) -> int:
    n = table.players
    gone = set(table.eliminated)
    for step in range(1, n + 1):
        if (seat + step) % n not in gone:
            return (seat + step) % n
    return seat


# --- evaluation ------------------------------------------------------------------------------


def _lay_chain(ctx: _Ctx, dead: int, table: list[Summary]) -> tuple[int, int]:
    """Return (mask, value) of the deadwood that lays off on the table, chains included."""
    table = list(table)
    laid = pts = 0
    changed = True
    while changed and dead & ~laid:
        changed = False
        for card in _bits(dead & ~laid):
            for i, s in enumerate(table):
                ends = ends_of(card, s)
                if ends:
                    end = "high" if "high" in ends else ends[0]
                    pts += _place_value(ctx, card, s, end)
                    table[i] = extended(s, end)
                    laid |= card.bit
                    changed = True
                    break
    return laid, pts


def _place_value(ctx: _Ctx, card: Card, s: Summary, end: str) -> int:
    if s[0] == "set":
        return card_value(card, ctx.values, "set")
    pos = s[3] - 1 if end == "low" else s[4] + 1
    return card_value(card, ctx.values, run_position(card, pos))


def _outs(ctx: _Ctx, card: Card, partners: int) -> int:
    """Count the unseen cards that would complete a meld of the card with partner cards."""
    outs = 0
    same = partners & _RANK_MASK[card.rank] & ~card.bit
    if same:
        outs += bin(ctx.unseen & _RANK_MASK[card.rank]).count("1")
    s = SUITS.index(card.suit)
    for p in _positions(card):
        for step in (1, 2):
            for q in (p - step, p + step):
                if not _at(s, q) & partners or q == p:
                    continue
                lo, hi = min(p, q), max(p, q)
                need = [lo + 1] if step == 2 else [lo - 1, hi + 1]
                outs += sum(1 for n in need if _at(s, n) & ctx.unseen)
    return outs


def _penalty(ctx: _Ctx, card: Card, partners: int) -> float:
    """Return the expected cost of holding a deadwood card (a gain when it likely melds)."""
    v = ctx.value[card.bit]
    n = ctx.unseen_n
    outs = _outs(ctx, card, partners) if n else 0
    p = 0.0
    if outs:
        p = min(OUT_CAP, 1.0 - (1.0 - min(1.0, outs / n)) ** max(ctx.turns, 0.5))
    return v * (ctx.alpha * (1.0 - p) - PARTIAL_GAIN * p)


def _split(ctx: _Ctx, hand: int, table: list[Summary], opened: bool) -> tuple[float, int]:
    """Return (value of the meldable cards, deadwood mask) of a hand."""
    dead = _arrange(hand, ctx.suit_values)
    melded = hand & ~dead
    points = ctx.worth(melded)
    can = opened or (melded != 0 and points >= ctx.need)
    gamma = GAMMA if can else GAMMA_LOCKED
    if dead and table:
        laid, lay_pts = _lay_chain(ctx, dead, table)
        points += lay_pts
        dead &= ~laid
    return gamma * points, dead


def _hold(ctx: _Ctx, hand: int, table: list[Summary], opened: bool) -> float:
    """Return the value of holding these cards after the turn."""
    if not hand:
        return ctx.go_out
    value, dead = _split(ctx, hand, table, opened)
    return value - sum(_penalty(ctx, c, dead) for c in _bits(dead))


def _turn_end(ctx: _Ctx, hand: int, table: list[Summary], opened: bool, keep: int = 0) -> float:
    """Return the value of the hand once the seat has discarded its worst card."""
    if bin(hand).count("1") == 1 and not hand & keep:
        return ctx.go_out
    value, dead = _split(ctx, hand, table, opened)
    pens = {c.bit: _penalty(ctx, c, dead) for c in _bits(dead)}
    total = value - sum(pens.values())
    throw = [pens[c.bit] - _danger(ctx, c, table) for c in _bits(dead & ~keep)]
    if throw:
        return total + max(throw)
    # everything melds: one meld card must go; try the few cheapest
    cands = sorted(_bits(hand & ~keep), key=lambda c: ctx.value[c.bit])[:3]
    return max((_hold(ctx, hand & ~c.bit, table, opened) - _danger(ctx, c, table)
                for c in cands), default=total)


def _danger(ctx: _Ctx, card: Card, table: list[Summary]) -> float:
    """Return what discarding the card is expected to give away."""
    v = ctx.value[card.bit]
    danger = 0.0
    if any(ends_of(card, s) for s in table):
        danger += DANGER_FIT + v
    if _melds_with_pile(ctx.pile, card):
        danger += DANGER_PILE_MELD
    elif _outs_pile(ctx.pile, card):
        danger += DANGER_PILE_NEAR
    for s in ctx.next_runs:
        if card.suit == s[1] and any(q in (s[3] - 2, s[4] + 2) for q in _positions(card)):
            danger += DANGER_NEXT
    return danger


def _melds_with_pile(pile: int, card: Card) -> bool:
    """Whether the card and two pile cards form a meld (anyone may then take it)."""
    if bin(pile & _RANK_MASK[card.rank]).count("1") >= 2:
        return True
    s = SUITS.index(card.suit)
    for p in _positions(card):
        has = [bool(_at(s, q) & pile) for q in (p - 2, p - 1, p + 1, p + 2)]
        if (has[0] and has[1]) or (has[1] and has[2]) or (has[2] and has[3]):
            return True
    return False


def _outs_pile(pile: int, card: Card) -> bool:
    """Whether the card pairs or connects with a pile card."""
    if pile & _RANK_MASK[card.rank]:
        return True
    s = SUITS.index(card.suit)
    return any(_at(s, q) & pile for p in _positions(card) for q in (p - 1, p + 1))


# --- actions -------------------------------------------------------------------------------


def _shape_points(ctx: _Ctx, meld: Sequence[Card]) -> tuple[int, Summary]:
    shape = shape_of(meld)
    return meld_points(shape.kind, shape.cards, shape.low, ctx.values), shape.summary()


def _melded(ctx: _Ctx, melds: Sequence[Sequence[Card]]) -> tuple[int, list[Summary], int]:
    """Return (points, table after, cards used) of new melds."""
    points, table, used = 0, list(ctx.table), 0
    for meld in melds:
        pts, summ = _shape_points(ctx, meld)
        points += pts
        table.append(summ)
        for c in meld:
            used |= c.bit
    return points, table, used


def _layoff_result(ctx: _Ctx, act: LayOff | ClaimRummy) -> tuple[int, list[Summary]]:
    """Return (points, table after) of placing a card on a named meld."""
    i = ctx.ids.index(act.meld_id.upper())
    s = ctx.table[i]
    ends = ends_of(act.card, s)
    end = act.end or (ends[0] if ends else "high")
    table = list(ctx.table)
    table[i] = extended(s, end)
    return _place_value(ctx, act.card, s, end), table


def _score_take(ctx: _Ctx, act: TakeDiscards, pile: Sequence[str]) -> float:
    taken = _mask(pile[act.k - 1:])
    if not act.melds:
        # top_card_free: the card joins the hand and may not go back this turn
        return _turn_end(ctx, ctx.hand | taken, ctx.table, ctx.opened, keep=taken)
    points, table, used = _melded(ctx, act.melds)
    rest = (ctx.hand | taken) & ~used
    return points + _turn_end(ctx, rest, table, True)


def _rough_take(ctx: _Ctx, act: TakeDiscards, pile: Sequence[str]) -> float:
    """Cheap estimate of a take: its points less the value of the cards it adds."""
    taken = _mask(pile[act.k - 1:])
    used = 0
    points = 0
    for meld in act.melds:
        points += _shape_points(ctx, meld)[0]
        for c in meld:
            used |= c.bit
    return points - ctx.alpha * ctx.worth(taken & ~used)


def _score_draw(ctx: _Ctx) -> float:
    """Return the expected value of drawing an unknown card."""
    cards = list(_bits(ctx.unseen))
    if not cards:
        return _turn_end(ctx, ctx.hand, ctx.table, ctx.opened)
    total = sum(_turn_end(ctx, ctx.hand | c.bit, ctx.table, ctx.opened) for c in cards)
    return total / len(cards)


def _score_decline(ctx: _Ctx, table: R500Table) -> float:
    """Return the value of declining the pile with an empty stock."""
    if _reuse_left(table) and table.pile:
        # the pile turns over unshuffled: its oldest card is the one drawn
        first = _CARD[table.pile[0]].bit
        return _turn_end(ctx, ctx.hand | first, ctx.table, ctx.opened)
    return -float(ctx.worth(ctx.hand))  # the hand ends now


def _draw_step(ctx: _Ctx, table: R500Table, acts: list[Rummy500Action]) -> Rummy500Action:
    takes = [a for a in acts if isinstance(a, TakeDiscards)]
    others = [a for a in acts if not isinstance(a, TakeDiscards)]
    best: Rummy500Action = others[0] if others else takes[0]
    if not takes or not others:
        return best  # nothing to weigh
    if isinstance(best, DrawStock):
        best_score = _score_draw(ctx)
    elif isinstance(best, DeclineDiscards):
        best_score = _score_decline(ctx, table)
    else:
        best_score = -1e9
    if len(takes) > TAKE_SHORTLIST:
        takes.sort(key=lambda a: -_rough_take(ctx, a, table.pile))
        takes = takes[:TAKE_SHORTLIST]
    for act in takes:
        score = _score_take(ctx, act, table.pile)
        if score > best_score + 1e-9:
            best, best_score = act, score
    return best


def _play_step(ctx: _Ctx, acts: list[Rummy500Action]) -> Rummy500Action:
    discards = [a for a in acts if isinstance(a, Discard)]
    best: Rummy500Action | None = None
    best_score = _turn_end(ctx, ctx.hand, ctx.table, ctx.opened, keep=ctx.free) if discards \
        else -1e9
    for act in acts:
        score = None
        if isinstance(act, MeldCards):
            points, table, used = _melded(ctx, act.melds)
            score = points + _turn_end(ctx, ctx.hand & ~used, table, True, keep=ctx.free)
        elif isinstance(act, LayOff):
            points, table = _layoff_result(ctx, act)
            score = points + _turn_end(ctx, ctx.hand & ~act.card.bit, table, ctx.opened,
                                       keep=ctx.free)
        if score is not None and score > best_score + 1e-9:
            best, best_score = act, score
    if best is not None:
        return best
    if discards:
        return _choose_discard(ctx, discards)
    return acts[0]


def _choose_discard(ctx: _Ctx, discards: list[Discard]) -> Discard:
    """Pick the discard that leaves the best hand and gives away the least."""
    def score(act: Discard) -> float:
        rest = ctx.hand & ~act.card.bit
        return _hold(ctx, rest, ctx.table, ctx.opened) - _danger(ctx, act.card, ctx.table)
    return max(discards, key=score)


# --- public API --------------------------------------------------------------------------------


def choose_action(view: R500Hand) -> Rummy500Action:
    """Return the computer player's action: always one of view.moves."""
    acts = list(view.moves)
    if not acts:
        raise ValueError("the seat has no legal action now")
    phase = view.table.phase
    if phase == "special":
        return next((a for a in acts if isinstance(a, NameSpecial) and a.card is None), acts[0])
    ctx = _context(view)
    if phase == "draw":
        return _draw_step(ctx, view.table, acts)
    return _play_step(ctx, acts)


def choose_claim(view: R500Hand) -> ClaimRummy | None:
    """Return the best-scoring Rummy! claim of view.claim_moves, or None when there is none."""
    claims = list(view.claim_moves)
    if not claims:
        return None
    ctx = _context(view)

    def points(act: ClaimRummy) -> int:
        if act.meld_id.upper() not in ctx.ids:
            return -1
        return _layoff_result(ctx, act)[0]
    return max(claims, key=points)


def random_action(view: R500Hand, rng: random.Random) -> Rummy500Action:
    """Return a uniformly random legal action (the benchmark's baseline; it never claims)."""
    return rng.choice(view.moves)
