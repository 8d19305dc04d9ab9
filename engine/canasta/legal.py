"""The actions offered to a seat: every legal move, once per class of moves alike but for suits.

What the list holds (tests/engine/canasta/test_legal.py checks it against a brute force):

1. `draw` or `end`, and a discard of every face held;
2. every legal new meld and addition;
3. every legal opening of one meld and pile take without new melds;
4. every card-minimal legal opening of two melds and pile take with one new meld: a move is
   card-minimal when no card or meld could be left out of it with the move still legal;
5. when 3 and 4 give no opening (no pile take) but one is legal, one that an exact search
   (search.py) finds: so the list holds a take exactly when one is legal, which the hand's
   end on an empty stock reads, and an opening exactly when one is.
Besides, the opening a player lays (each rank's natural cards, richest first, until the
minimum), for the computer player and the ready-made menu.

Equivalences, written once here and in the test: (a) suits: no rule reads the suit of a card
in a hand (red threes never stay in one), so cards of one rank (twos among twos, jokers among
jokers, black threes among black threes) are interchangeable and one action stands for all
that differ only in suits; (b) leftovers: the cards and melds a bigger opening or pile take
adds to a card-minimal one are the same move followed, in the same turn, by new melds and
additions that are legal then (the side has opened, the hand only holds more cards), which
the list offers at that point. So an opened side's take lists no new melds with it.

Every listed action passes the game's own checks (the candidates are filtered through
them); the shapes tried are those shapes.py finds valid with the rules' meld check.
`after_draw` lists, before an opened seat's draw, the plays his hand makes after it.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable
from copy import copy
from functools import cache

from ..cards import Card
from ..errors import FirstMeldTooLow, RulesError
from ..melds import JOKER_MELD, TWOS_MELD
from . import actions as A
from .draft import Draft
from .melds import canasta_kind, cards_value, is_red_three
from .options import CanastaOptions
from .rules import CanastaRules
from .search import Goal, Option, reach
from .shapes import Holding, Shape, face, melds, shape_of, shapes, stand_in
from .shapes import additions as additions_to

__all__ = ["Holding", "can_take", "face", "legal_actions", "passes", "takes"]


def legal_actions(g: CanastaRules, seat: int) -> list[A.CanastaAction]:
    """List the actions offered to the seat now, each one accepted by the checks."""
    if g.is_over or seat != g.turn:
        return []
    # each part is listed once already (`checked`), and no two parts list one kind of move
    return acquire(g, seat) if g.phase == "acquire" else play(g, seat)


def refusal(g: CanastaRules, seat: int, action: A.CanastaAction) -> RulesError | None:
    """Return why the action's own check refuses it (None when it passes)."""
    try:
        g.check_action(g, seat, action)
    except RulesError as error:
        return error
    return None


def passes(g: CanastaRules, seat: int, action: A.CanastaAction) -> bool:
    """Whether the action's own check accepts it."""
    return refusal(g, seat, action) is None


def checked(g: CanastaRules, seat: int, actions: Iterable[A.CanastaAction]
            ) -> list[A.CanastaAction]:
    """Return the actions the checks accept, each text once."""
    seen: dict[str, A.CanastaAction] = {}
    for action in actions:
        text = str(action)
        if text not in seen and passes(g, seat, action):
            seen[text] = action
    return list(seen.values())


def value(g: CanastaRules, cards: Iterable[Card]) -> int:
    """Return the cards' value."""
    return cards_value(cards, g.opts)


# --- Phase 1 -----------------------------------------------------------------------------


def acquire(g: CanastaRules, seat: int) -> list[A.CanastaAction]:
    """Phase 1: draw or end, openings and pile takes."""
    out: list[A.CanastaAction] = [A.DrawTwo()] if g.stock else [A.EndHand()]
    hold = Holding.of(g.hands[seat])
    if not g.opened[g.side(seat)] and g.stock:
        out += openings(g, seat, hold)
    return out + takes(g, seat, hold)


class Melds:
    """The new melds an unopened hand could lay, with what each is worth and could lose."""

    def __init__(self, g: CanastaRules, hold: Holding) -> None:
        self.g, self.hold = g, hold
        self.shapes = [s for rank in hold.kinds() for s in melds(hold, rank, g.opts)]
        self.worth = {s: worth_of(s, g.opts) for s in self.shapes}

    def trimmed(self, shape: Shape) -> int:
        """Return the most a meld is worth once a card or more leaves it (0: it goes)."""
        return trimmed_of(shape, self.g.opts)

    def groups(self, *chosen: Shape) -> A.Melds:
        """Return the melds' cards as an action names them."""
        return tuple(self.hold.cards(*chosen))


@cache
def worth_of(shape: Shape, opts: CanastaOptions) -> int:
    """Return what a meld of the shape is worth (cards of one kind in a hand are worth alike:
    a hand's threes are black)."""
    return cards_value(stand_in(shape), opts)


@cache
def trimmed_of(shape: Shape, opts: CanastaOptions) -> int:
    """Return the most a meld of the shape is worth once a card or more leaves it: its
    richest smaller shape that is still a valid meld (0 when none is). Any hand holding the
    shape holds those, so the answer is the shape's alone."""
    smaller = melds(Holding.of(stand_in(shape)), shape.rank, opts)
    return max((worth_of(s, opts) for s in smaller if s <= shape and s != shape), default=0)


def openings(g: CanastaRules, seat: int, hold: Holding) -> list[A.CanastaAction]:
    """Return the openings: of one meld, card-minimal of two, the richest; else a search's."""
    minimum = g.minimums[g.side(seat)]
    can = Melds(g, hold)
    singles = [A.OpenAndDraw(can.groups(s)) for s in can.shapes if can.worth[s] >= minimum]
    pairs = [A.OpenAndDraw(can.groups(a, b)) for a, b in minimal_pairs(can, minimum)]
    found = checked(g, seat, [*singles, *pairs, *richest(can, minimum)])
    if found:
        return found
    goal = Goal(minimum, hold.count(JOKER_MELD), hold.count(TWOS_MELD), len(g.hands[seat]))
    return first_passing(g, seat, (A.OpenAndDraw(can.groups(*(o.shape for o in picks)))
                                   for picks in reach(options(g, seat, can, Draft.of(
                                       g.hands[seat], seat, g.side(seat))), goal)))


def minimal_pairs(can: Melds, need: int) -> list[tuple[Shape, Shape]]:
    """Return pairs of melds of different ranks the hand holds together, worth `need`, from
    which no card can leave with the rest still worth it."""
    # a meld worth the need alone leaves a pair no card-minimal opening
    short = sorted((s for s in can.shapes if can.worth[s] < need), key=can.worth.__getitem__)
    worths = [can.worth[s] for s in short]
    out = []
    for a in short:
        va, trim = can.worth[a], can.trimmed(a)
        # b reaches the need with a, and a trimmed by a card no longer does
        for b in short[bisect_left(worths, need - va):bisect_left(worths, need - trim)]:
            if (a.rank < b.rank and va + can.trimmed(b) < need) and can.hold.holds(a, b):
                out.append((a, b))
    return out


def richest(can: Melds, minimum: int) -> list[A.CanastaAction]:
    """Return the opening a player lays: each rank's natural cards, the fewest wild cards
    with them, richest rank first, until the minimum is reached."""
    best: dict[int, Shape] = {}
    for s in can.shapes:
        old = best.get(s.rank)
        if old is None or (s.naturals, -s.jokers - s.twos) > (old.naturals,
                                                               -old.jokers - old.twos):
            best[s.rank] = s
    chosen: list[Shape] = []
    for shape in sorted(best.values(), key=lambda s: -can.worth[s]):
        if sum(can.worth[s] for s in chosen) >= minimum:
            break
        if can.hold.holds(*chosen, shape):
            chosen.append(shape)
    if not chosen or sum(can.worth[s] for s in chosen) < minimum:
        return []
    return [A.OpenAndDraw(can.groups(*chosen))]


def options(g: CanastaRules, seat: int, can: Melds, draft: Draft) -> list[list[Option]]:
    """Return the search's options rank by rank: the melds the opening check accepts as new
    melds of the draft, each on its own."""
    by_rank: dict[int, list[Option]] = {}
    for shape in can.shapes:
        cards = can.hold.cards(shape)[0]
        trial = Draft(draft.seat, draft.side, list(draft.hand), list(draft.new),
                      dict(draft.adds))
        try:
            g.new_meld(trial, cards, opening=True)
        except RulesError:
            continue
        by_rank.setdefault(shape.rank, []).append(
            Option(shape, can.worth[shape], canasta_kind(shape.rank, cards)))
    return list(by_rank.values())


def first_passing(g: CanastaRules, seat: int, actions: Iterable[A.CanastaAction]
                  ) -> list[A.CanastaAction]:
    """Return the first action the checks accept, alone (none if none does)."""
    return next(([a] for a in actions if passes(g, seat, a)), [])


# --- pile takes ----------------------------------------------------------------------------


def takes(g: CanastaRules, seat: int, hold: Holding | None = None) -> list[A.CanastaAction]:
    """Return the pile takes: without new melds; unopened, card-minimal with one new meld;
    else one the search finds."""
    if not g.pile:
        return []
    hold = hold or Holding.of(g.hands[seat])
    top = g.pile[-1]
    forced = [s for s in shapes(hold, top.rank) if shows_enough(g, top, hold, s)]
    alone = [(s, A.TakePile(hold.cards(s)[0])) for s in forced]
    found = checked(g, seat, (a for _, a in alone))
    if g.opened[g.side(seat)]:
        return found
    # the forced melds an opening with new melds may start from: short of the minimum only
    short = [s for s, a in alone if isinstance(refusal(g, seat, a), FirstMeldTooLow)]
    found += with_one_meld(g, seat, hold, top, forced, short)
    return found or searched_take(g, seat, hold, top, short)


def shows_enough(g: CanastaRules, top: Card, hold: Holding, shape: Shape) -> bool:
    """Whether these cards, shown, would let the seat take the pile (the take's own test)."""
    try:
        g.shows_enough(top, hold.cards(shape)[0])
    except RulesError:
        return False
    return True


def can_take(g: CanastaRules, seat: int) -> bool:
    """Whether some pile take is legal for the seat now (exact: see the module's point 5)."""
    return g.phase == "acquire" and seat == g.turn and not g.is_over and bool(takes(g, seat))


def with_one_meld(g: CanastaRules, seat: int, hold: Holding, top: Card, forced: list[Shape],
                  short: list[Shape]) -> list[A.CanastaAction]:
    """Return the card-minimal takes with one new meld, from forced melds short alone."""
    minimum = g.minimums[g.side(seat)]
    worth = {s: value(g, [top, *hold.cards(s)[0]]) for s in forced}
    out: list[A.CanastaAction] = []
    for f in short:
        rest = Melds(g, hold.without(f))
        smaller = [worth[s] for s in short if s <= f and s != f]
        trim = max(smaller) if smaller else None
        for extra in rest.shapes:
            total = worth[f] + rest.worth[extra]
            if (total >= minimum and total - rest.worth[extra] + rest.trimmed(extra) < minimum
                    and (trim is None or total - worth[f] + trim < minimum)):
                shown, group = hold.cards(f, extra)
                out.append(A.TakePile(shown, (group,)))
    return checked(g, seat, out)


def searched_take(g: CanastaRules, seat: int, hold: Holding, top: Card,
                  short: list[Shape]) -> list[A.CanastaAction]:
    """Return a take whose new melds the exact search finds, from any forced meld."""
    minimum = g.minimums[g.side(seat)]
    rest = sum(not is_red_three(c) for c in g.pile[:-1])
    for f in short:
        shown = hold.cards(f)[0]
        left = hold.without(f)
        draft = g.draft(seat)
        draft.pull(shown)
        g.place_forced(draft, top.rank, [top, *shown])
        can = Melds(g, left)
        kinds = tuple(canasta_kind(r, cards) for r, cards in draft.new)
        goal = Goal(minimum - value(g, [top, *shown]), left.count(JOKER_MELD),
                    left.count(TWOS_MELD), len(draft.hand) + rest, kinds)
        found = first_passing(g, seat, (A.TakePile(shown, can.groups(*(o.shape for o in p)))
                                        for p in reach(options(g, seat, can, draft), goal)))
        if found:
            return found
    return []


# --- Phases 2 and 3 -----------------------------------------------------------------------


def after_draw(g: CanastaRules, seat: int) -> list[A.CanastaAction]:
    """Return the new melds and additions an opened seat to draw could make after drawing,
    with the hand he holds now (the draw only adds to it: what is legal now stays legal)."""
    if g.is_over or seat != g.turn or g.phase != "acquire" or not g.opened[g.side(seat)]:
        return []
    drawn = copy(g)  # the same cards and table, in the play phase the checks ask for
    drawn.phase = "play"
    hold = Holding.of(g.hands[seat])
    return new_melds(drawn, seat, hold) + additions(drawn, seat, hold)


def play(g: CanastaRules, seat: int) -> list[A.CanastaAction]:
    """Phases 2 and 3: new melds and additions (an opened side only), then discards."""
    out: list[A.CanastaAction] = []
    if g.opened[g.side(seat)]:
        hold = Holding.of(g.hands[seat])
        out += new_melds(g, seat, hold) + additions(g, seat, hold)
    discards = sorted({face(c) for c in g.hands[seat]})
    return out + checked(g, seat, (A.Discard(c) for c in discards))


def new_melds(g: CanastaRules, seat: int, hold: Holding) -> list[A.CanastaAction]:
    """Return every new meld the hand can lay, one per shape."""
    return checked(g, seat, (A.NewMeld(hold.cards(s)[0]) for rank in hold.kinds()
                             for s in melds(hold, rank, g.opts)))


def additions(g: CanastaRules, seat: int, hold: Holding) -> list[A.CanastaAction]:
    """Return every addition to the side's melds, one per shape of the cards added."""
    out: list[A.CanastaAction] = []
    for meld in g.table.owned_by(g.side(seat)):
        on = shape_of(meld.rank, meld.cards)
        out += [A.AddToMeld(meld.id, hold.cards(s)[0]) for s in additions_to(hold, on, g.opts)]
    return checked(g, seat, out)
