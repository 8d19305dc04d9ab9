"""Melds built rank by rank, as the hand's menus build them: what may come next, what is missing.

A build is an opening (an unopened side before its draw) or one new meld (an opened side after
its draw). A rank brings its natural cards still free (as many as a meld may hold); the last
meld may then hold fewer or more of them (a player keeps a pair for a frozen pile), and a wild
card joins it.
The next choices and the verdict come from the rules, never from a second reading of them:
a new meld's from the legal list (every legal new meld is in it, once per shape); an
opening's, whose list is bounded, from the shapes the meld check accepts and from the
opening's own check, which says what the build lacks (a wild card, points, a card to keep).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Card
from ..errors import FirstMeldTooLow, InvalidMeld, RulesError
from ..melds import JOKER_MELD, TWOS_MELD
from . import actions as A
from .draft import Draft
from .errors import HandSize
from .legal import refusal
from .melds import cards_value, meld_rank
from .rules import CanastaRules
from .shapes import Group, Holding, Shape, is_meld, melds, shape_of

WILDS = (JOKER_MELD, TWOS_MELD)


@dataclass(frozen=True, slots=True)
class Build:
    """A build and the rules' word on it.

    `missing`: "" when it may be sent, "wild" when its last meld is no meld yet (a wild card
    makes it one), "points" (the opening is `short` of the minimum), "card" (no card would
    be left to discard), else the code of another refusal. `ranks`: the melds a rank may
    start next (its free natural cards, as many as a meld may hold); `counts`: the last
    meld with each other number of its rank's naturals it may hold (its wild cards kept),
    of the `held` the hand holds beside the other melds; `wilds`: one wild card of each
    kind the last meld may take.
    """

    melds: tuple[Group, ...]
    opening: bool
    points: int
    minimum: int
    missing: str
    short: int
    ranks: tuple[Group, ...]
    counts: tuple[Group, ...]
    held: int
    wilds: tuple[Card, ...]

    @property
    def action(self) -> A.OpenAndDraw | A.NewMeld | None:
        """Return the move the build sends (None before its first meld)."""
        if not self.melds:
            return None
        return A.OpenAndDraw(self.melds) if self.opening else A.NewMeld(self.melds[-1])

    @property
    def ready(self) -> bool:
        """Whether the build is a legal move now."""
        return bool(self.melds) and not self.missing


def build(g: CanastaRules, seat: int, chosen: Sequence[Group],
          moves: Sequence[A.CanastaAction]) -> Build:
    """Return the build of these melds for the seat, `moves` being his legal list."""
    melds = tuple(chosen)
    opening = g.phase == "acquire"
    rest = left_after(g.hands[seat], melds)
    free = Holding.of(rest)
    points = cards_value((c for m in melds for c in m), g.opts)
    minimum = g.minimums[g.side(seat)] if opening else 0
    if opening:
        ranks, wilds = _opening_choices(g, seat, melds, free)
        missing = _verdict(g, seat, A.OpenAndDraw(melds) if melds else None)
        shapes = melds_of(Holding.of([*melds[-1], *rest]), meld_rank_of(melds[-1]), g
                          ) if melds else []
    else:
        ranks, wilds, missing = _meld_choices(g, seat, melds, moves)
        shapes = _listed(moves)
    pool = _pool(melds[-1], free) if melds else []
    counts = _counts(melds[-1], pool, shapes) if melds else ()
    short = max(0, minimum - points) if missing == "points" else 0
    return Build(melds, opening, points, minimum, missing, short, ranks, counts, len(pool),
                 wilds)


def left_after(hand: Sequence[Card], melds: Sequence[Group]) -> list[Card]:
    """Return the hand's cards the melds leave (any copy of each named face)."""
    draft = Draft.of(hand, 0, 0)
    for meld in melds:
        draft.pull(meld)
    return draft.hand


def naturals(free: Holding, rank: int) -> Group:
    """Return a rank's free natural cards (a joker meld's are jokers, a twos meld's twos)."""
    return tuple(free.ranks.get(rank, ()))


def _verdict(g: CanastaRules, seat: int, action: A.CanastaAction | None) -> str:
    """Return what the opening's check says the build lacks ("" when nothing)."""
    if action is None:
        return "points"
    error = refusal(g, seat, action)
    if error is None:
        return ""
    if isinstance(error, FirstMeldTooLow):
        return "points"
    if isinstance(error, InvalidMeld):
        return "wild"
    return "card" if isinstance(error, HandSize) else error.code


def _opening_choices(g: CanastaRules, seat: int, melds: tuple[Group, ...], free: Holding
                     ) -> tuple[tuple[Group, ...], tuple[Card, ...]]:
    """Return the ranks that may start an opening's next meld and the last meld's wilds."""
    if melds and not is_meld(_shape(melds[-1]), g.opts):
        return (), _wilds_for(g, melds[-1], free)  # the last meld first becomes one
    used = {meld_rank_of(m) for m in melds}
    ranks = []
    for rank in free.kinds():
        if rank in used:
            continue
        # the most naturals a meld of the rank may hold, the fewest wild cards with them
        fits = sorted(melds_of(free, rank, g), key=lambda s: -s.naturals)
        if fits and _accepted_alone(g, seat, melds, free.cards(fits[0])[0]):
            ranks.append(naturals(free, rank)[:fits[0].naturals])
    return tuple(ranks), (_wilds_for(g, melds[-1], free) if melds else ())


def melds_of(free: Holding, rank: int, g: CanastaRules) -> list[Shape]:
    """Return the valid meld shapes of a rank the free cards hold, fewest wild cards first."""
    return sorted(melds(free, rank, g.opts), key=lambda s: s.jokers + s.twos)


def _accepted_alone(g: CanastaRules, seat: int, melds: tuple[Group, ...], group: Group
                    ) -> bool:
    """Whether the opening's meld check takes the group beside the melds chosen."""
    draft = Draft.of(left_after(g.hands[seat], melds), seat, g.side(seat))
    try:
        g.new_meld(draft, group, opening=True)
    except RulesError:
        return False
    return True


def _wilds_for(g: CanastaRules, last: Group, free: Holding) -> tuple[Card, ...]:
    """Return one free wild card of each kind that keeps the last meld on the way to a valid
    one (a valid shape holds it and that card more)."""
    now = _shape(last)
    together = Holding.of([*last, *(c for cs in free.ranks.values() for c in cs)])
    found = []
    for kind in WILDS:
        more = Shape(now.rank, now.naturals, now.jokers + (kind == JOKER_MELD),
                     now.twos + (kind == TWOS_MELD))
        if free.count(kind) and any(more <= s for s in melds(together, now.rank, g.opts)
                                    if s.naturals == now.naturals):
            found.append(free.ranks[kind][0])
    return tuple(found)


def meld_rank_of(group: Group) -> int:
    """Return the rank a build's meld stands for: its natural cards' (its first card's)."""
    return group[0].rank


def _shape(group: Group) -> Shape:
    return shape_of(meld_rank_of(group), group)


def _meld_choices(g: CanastaRules, seat: int, melds: tuple[Group, ...],
                  moves: Sequence[A.CanastaAction]
                  ) -> tuple[tuple[Group, ...], tuple[Card, ...], str]:
    """Return a new meld's choices and verdict from the legal list's new melds."""
    listed = set(_listed(moves))
    hold = Holding.of(g.hands[seat])
    most: dict[int, int] = {}  # the most naturals a listed meld of each rank holds
    for s in listed:
        most[s.rank] = max(most.get(s.rank, 0), s.naturals)
    ranks = tuple(naturals(hold, rank)[:n] for rank, n in sorted(most.items()))
    if not melds:
        return ranks, (), ""
    now = _shape(melds[-1])
    free = Holding.of(left_after(g.hands[seat], melds))
    wilds = tuple(free.ranks[kind][0] for kind in WILDS if free.count(kind) and any(
        s.rank == now.rank and s.naturals == now.naturals
        and s.jokers >= now.jokers + (kind == JOKER_MELD)
        and s.twos >= now.twos + (kind == TWOS_MELD) for s in listed))
    return ranks, wilds, "" if now in listed else "wild"


def _listed(moves: Sequence[A.CanastaAction]) -> list[Shape]:
    """Return the shapes of the listed new melds."""
    return [_listed_shape(m.cards) for m in moves if isinstance(m, A.NewMeld)]


def _pool(last: Group, free: Holding) -> list[Card]:
    """Return the naturals of the last meld's rank it holds and the hand holds free."""
    rank = meld_rank_of(last)
    return [*(c for c in last if c.rank == rank), *naturals(free, rank)]


def _counts(last: Group, pool: Sequence[Card], shapes: Sequence[Shape]) -> tuple[Group, ...]:
    """Return the last meld with each other number of the pool's naturals that one of these
    meld shapes holds beside its wild cards (fewest naturals first)."""
    now = _shape(last)
    wild = tuple(c for c in last if c.rank != now.rank)
    counts = sorted({s.naturals for s in shapes if s.rank == now.rank
                     and s.naturals != now.naturals and s.naturals <= len(pool)
                     and s.jokers >= now.jokers and s.twos >= now.twos})
    return tuple((*pool[:n], *wild) for n in counts)


def _listed_shape(cards: Group) -> Shape:
    """Return the shape of a listed new meld (its rank read as the rules read it)."""
    return shape_of(meld_rank(cards), cards)
