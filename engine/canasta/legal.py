"""The actions offered to a seat, listed the way menus build them and bounded for 40-card hands.

Melds are listed rank by rank and by card counts, not every subset: for a rank, all its
naturals with each choice of up to two wild cards by kind, and the smallest clean meld and
the smallest dirty ones. Openings and pile takes are built greedily from those shapes up to
the side's minimum (as Rummy 500's are bounded). Every listed action passes the game's checks
(they are filtered through them); actions beyond these bounds stay legal when typed.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from ..cards import PACKS_HELD, Card
from ..errors import RulesError
from ..melds import BLACK_THREES, JOKER_MELD, TWOS_MELD
from . import actions as A
from .melds import card_value, is_black_three
from .rules import CanastaRules

Group = tuple[Card, ...]
_FACES: dict[int, Card] = {}


def face(card: Card) -> Card:
    """Return the card without its pack (actions name faces)."""
    key = card.key // PACKS_HELD
    found = _FACES.get(key)
    if found is None:
        found = _FACES[key] = Card(card.rank, card.suit)
    return found


@dataclass(slots=True)
class Holding:
    """A hand sorted by what its cards can be in a meld: naturals by rank, twos, jokers."""

    ranks: dict[int, list[Card]] = field(default_factory=dict)  # 3 holds black threes only

    @classmethod
    def of(cls, hand: Sequence[Card]) -> Holding:
        """Sort a hand's faces by rank (jokers under 0, twos under 2)."""
        out = cls()
        for card in sorted(hand):
            out.ranks.setdefault(card.rank, []).append(face(card))
        return out

    def of_rank(self, rank: int) -> list[Card]:
        """Return the held cards of a rank."""
        return self.ranks.get(rank, [])

    def wild_options(self, rank: int) -> list[Group]:
        """Return the wild cards a meld of the rank may take, by kind: none, one, two."""
        kinds = [k for k in (JOKER_MELD, TWOS_MELD) if k != rank]
        one = [(self.of_rank(k)[0],) for k in kinds if self.of_rank(k)]
        if rank == JOKER_MELD:
            return [(), *one]
        two = [(self.of_rank(a)[0], self.of_rank(b)[-1]) for i, a in enumerate(kinds)
               for b in kinds[i:] if self.of_rank(a) and len(self.of_rank(b)) > (a == b)]
        return [(), *one, *two]


def meld_shapes(hold: Holding, rank: int) -> Iterator[Group]:
    """Yield the new melds of a rank a menu offers: all naturals with each wild choice, the
    smallest clean meld, the smallest dirty ones."""
    nat = hold.of_rank(rank)
    if rank == 3:
        nat = [c for c in nat if is_black_three(c)]
        if len(nat) >= 3:
            yield tuple(nat)
        return
    cap = 6 if rank == JOKER_MELD else len(nat)
    if len(nat) < 2:
        return
    for wilds in hold.wild_options(rank):
        if len(nat) + len(wilds) >= 3 and (len(nat) > 2 or len(wilds) <= 1):
            yield (*nat[:cap], *wilds)
    if len(nat) > 3:
        yield tuple(nat[:3])
    if len(nat) > 2:
        yield from ((*nat[:2], *w) for w in hold.wild_options(rank) if len(w) == 1)


def legal_actions(g: CanastaRules, seat: int) -> list[A.CanastaAction]:
    """List the actions offered to the seat now, each one accepted by the checks."""
    if g.is_over or seat != g.turn:
        return []
    found = acquire(g, seat) if g.phase == "acquire" else play(g, seat)
    seen: dict[str, A.CanastaAction] = {}
    for action in found:
        seen.setdefault(str(action), action)
    return [a for a in seen.values() if passes(g, seat, a)]


def passes(g: CanastaRules, seat: int, action: A.CanastaAction) -> bool:
    """Whether the action's own check accepts it."""
    try:
        g.check_action(g, seat, action)
    except RulesError:
        return False
    return True


def acquire(g: CanastaRules, seat: int) -> list[A.CanastaAction]:
    """Phase 1: draw, end, openings and pile takes."""
    out: list[A.CanastaAction] = [A.DrawTwo()] if g.stock else [A.EndHand()]
    hold = Holding.of(g.hands[seat])
    side = g.side(seat)
    if not g.opened[side] and g.stock:
        out += [A.OpenAndDraw(melds) for melds in openings(g, hold, g.minimums[side])]
    return out + takes(g, seat, hold)


def openings(g: CanastaRules, hold: Holding, minimum: int, skip: int = -1) -> list[A.Melds]:
    """Return openings reaching the minimum: each single meld that does, and a greedy set of
    the richest melds of different ranks."""
    single: list[A.Melds] = []
    best: list[Group] = []
    for rank in sorted(hold.ranks, key=lambda r: -card_value(hold.ranks[r][0], g.opts)):
        if rank in (skip, BLACK_THREES):
            continue
        shapes = sorted(meld_shapes(hold, rank), key=lambda s: -value(g, s))
        single += [(s,) for s in shapes if value(g, s) >= minimum]
        if shapes and sum(value(g, m) for m in best) < minimum:
            best.append(fits(shapes, hold, best))
    if best and sum(value(g, m) for m in best) >= minimum:
        single.append(tuple(best))
    return single[:8]


def fits(shapes: list[Group], hold: Holding, taken: list[Group]) -> Group:
    """Return the richest shape whose wild cards the melds taken so far leave free."""
    used = [c for m in taken for c in m]
    for shape in shapes:
        if all(used.count(c) + shape.count(c) <= hold.of_rank(c.rank).count(c) for c in shape):
            return shape
    return shapes[-1]


def value(g: CanastaRules, cards: Sequence[Card]) -> int:
    """Return the cards' value."""
    return sum(card_value(c, g.opts) for c in cards)


def takes(g: CanastaRules, seat: int, hold: Holding) -> list[A.CanastaAction]:
    """Return pile takes: the fewest shown cards, all of the rank, with each wild choice;
    an unopened side adds a greedy opening of other ranks when the forced meld is short."""
    if not g.pile or g.pile[-1].rank == 3:
        return []
    top = g.pile[-1]
    nat = hold.of_rank(top.rank)
    need = 3 if top.rank in (JOKER_MELD, TWOS_MELD) else 2
    if len(nat) < need:
        return []
    side = g.side(seat)
    out: list[A.CanastaAction] = []
    for shown in {tuple(nat[:need]), tuple(nat[:6 if top.rank == JOKER_MELD else len(nat)])}:
        for wilds in hold.wild_options(top.rank):
            cards = (*shown, *wilds)
            out.append(A.TakePile(cards))
            short = g.minimums[side] - value(g, (top, *cards))
            if not g.opened[side] and short > 0:
                rest = Holding.of([c for c in g.hands[seat] if c not in cards])
                out += [A.TakePile(cards, extra) for extra in
                        openings(g, rest, short, skip=top.rank)[-1:]]
    return out


def play(g: CanastaRules, seat: int) -> list[A.CanastaAction]:
    """Phases 2 and 3: new melds and additions (an opened side only), then discards."""
    hold = Holding.of(g.hands[seat])
    out: list[A.CanastaAction] = []
    side = g.side(seat)
    if g.opened[side]:
        mine = g.table.owned_by(side)
        held = {m.rank for m in mine}
        for rank in hold.ranks:
            if rank not in held or not g.opts.melds_past_seven:
                out += [A.NewMeld(s) for s in meld_shapes(hold, rank)]
        for meld in mine:
            out += [A.AddToMeld(meld.id, cards) for cards in additions(hold, meld.rank)]
    discards = {face(c) for c in g.hands[seat]}
    return out + [A.Discard(c) for c in sorted(discards)]


def additions(hold: Holding, rank: int) -> Iterator[Group]:
    """Yield what a menu adds to a meld of the rank: all its naturals, one, one wild of each
    kind, all naturals with one wild."""
    nat = hold.of_rank(rank)
    if rank == 3:
        nat = [c for c in nat if is_black_three(c)]
    if nat:
        yield tuple(nat)
        yield tuple(nat[:1])
    for wilds in hold.wild_options(rank):
        if len(wilds) == 1:
            yield wilds
            if nat:
                yield (*nat, *wilds)
