"""Find a close in hand: every card but one to the table in one action (ramino51.md).

How it searches, in two stages sharing one step budget (CLOSE_BUDGET):

1. The hand is split into new melds and a rest (at most MAX_REST cards): the most
   constrained face first, in each of its melds or into the rest. A card may go to the
   rest only if a table meld could take it (within two places of a run's end, a missing
   suit of a set with room, a joker standing for it), if it could make a meld with a
   freed joker (when the hand frees one), or as the one card to discard. A rest already
   tried and failed is not tried again.
2. The rest goes down as the rules order it: joker swaps (each freed joker laid off at
   once, or put in a new meld with two cards of the rest), then lay-offs on the table's
   melds and those the swaps made: the first card that fits somewhere (naturals before
   jokers) is laid off in each place it fits, or kept to discard, and so on, until one
   card is left that may be discarded (not `taken`, nor its twin).

What it may miss: melds where a joker stands for a held card that only another run could
use (see _shapes.py); lay-offs on the melds of the same action (the hand's new melds are
listed whole instead, which covers them but for a freed joker laid on one); a rest of
more than MAX_REST cards; a freed joker in a new meld of more than three cards; a joker
whose place needs a named end (declared as an ace on a run 2 … K); a swap out of a meld
of the same action; a card that fits now laid off later in a place that opens only then;
and anything past the budget. Everything it returns replays with engine/ramino51/melds.py.
"""

from __future__ import annotations

from collections.abc import Container, Iterator, Sequence
from itertools import combinations

from ..cards import SUITS, Card
from ..errors import RulesError
from ..melds import Meld
from ..table import TableMeld, meld_id
from ._shapes import Pool, Shape, face_at, face_of, shapes_of
from .actions import CloseInHand, JokerUse, LayOff, Placed, SwapJoker
from .melds import HIGH_ACE, placements, read_meld, swap_joker, to_group, to_table

MAX_REST = 6
CLOSE_BUDGET = 600
Parts = tuple[tuple[SwapJoker, ...], tuple[LayOff, ...], Card]


def find_close(hand: Sequence[Card], table: Sequence[TableMeld], taken: Card | None,
               exchange: Card | None) -> CloseInHand | None:
    """Return a close in hand for an unopened player, or None if none was found.

    With `exchange` the close takes it as this turn's draw (`take_exchange`), and it is
    not discarded either.
    """
    cards = [*hand, exchange] if exchange is not None else list(hand)
    barred = [c.face for c in (taken, exchange) if c is not None]
    return _Closer(cards, list(table), barred).run(exchange is not None)


def _reach(table: Sequence[TableMeld]) -> tuple[set[int], set[int], bool]:
    """Return the faces lay-offs could take, the faces that free a joker, and whether a
    joker could be laid off somewhere."""
    lay: set[int] = set()
    swap: set[int] = set()
    joker_room = False
    for m in table:
        jokers = [e for e in m.entries if e.card.is_joker]
        if m.kind == "run":
            if len(m.entries) < 13:
                near = (m.low - 2, m.low - 1, m.high + 1, m.high + 2)  # longer: a new run
                lay |= {face_at(SUITS.index(m.suit), p) for p in near if 1 <= p <= HIGH_ACE}
                joker_room = joker_room or len(jokers) < 2
            swap |= {face_of(e.stands_for) for e in jokers if e.stands_for is not None}
            continue
        held = {e.card.suit for e in m.entries if not e.card.is_joker}
        missing = {s * 13 + m.rank - 1 for s in range(4) if SUITS[s] not in held}
        lay |= missing if len(m.entries) < 4 else set()
        swap |= missing if jokers else set()
        joker_room = joker_room or (not jokers and len(m.entries) < 4)
    return lay, swap, joker_room


def _freeable(table: Sequence[TableMeld], held: Container[int]) -> int:
    """Return how many table jokers the held faces could free."""
    out = 0
    for m in table:
        jokers = [e for e in m.entries if e.card.is_joker]
        if m.kind == "run":
            out += sum(e.stands_for is not None and face_of(e.stands_for) in held
                       for e in jokers)
        elif jokers:
            suits = {e.card.suit for e in m.entries}
            out += all(s * 13 + m.rank - 1 in held for s in range(4) if SUITS[s] not in suits)
    return out


def _pairable(faces: Sequence[int]) -> set[int]:
    """Return the faces that make a meld of three with another face and a joker."""
    cards = {f: Card(f % 13 + 1, SUITS[f // 13]) for f in faces}
    joker = Card(0, "")
    return {a for a in faces if any(_orders(cards[a], cards[b], joker) for b in faces)}


class _Closer:
    def __init__(self, cards: list[Card], table: list[TableMeld], barred: list[tuple[int, str]]
                 ) -> None:
        self.table, self.barred = table, barred
        self.pool = Pool(cards)
        self.by_face: dict[int, list[Shape]] = {f: [] for f in self.pool.copies}
        for s in shapes_of(self.pool):
            for f in s.faces:
                self.by_face[f].append(s)
        self.order = sorted(self.by_face, key=lambda f: (len(self.by_face[f]), f))
        lay, swap, self.joker_room = _reach(table)
        self.placed = lay | swap  # rest cards a lay-off or a swap could take
        freeable = _freeable(table, self.pool.copies)
        # each joker the hand can free makes a meld with two more cards of the rest
        self.pairable = _pairable(list(self.pool.copies)) if freeable else set()
        self.odd_room = 2 * freeable + 1  # and one card is discarded
        self.budget, self.offset = CLOSE_BUDGET, 0
        self.failed: set[tuple[bytes, int, tuple[int, ...], int]] = set()

    def run(self, take_exchange: bool) -> CloseInHand | None:
        """Search; return the close as an action, or None."""
        stuck = sum(len(cs) for f, cs in self.pool.copies.items()
                    if not self.by_face[f] and f not in self.placed | self.pairable)
        if stuck > 1:
            return None  # two cards no meld nor lay-off can take: one discard is not enough
        found = self._split([], [], 0, 0)
        if found is None:
            return None
        melds, (swaps, lays, discard) = found
        return CloseInHand(take_exchange, tuple(to_group(m) for m in melds), swaps, lays,
                           discard)

    def _split(self, chosen: list[Shape], rest: list[int], odd: int, stuck: int
               ) -> tuple[list[Meld], Parts] | None:
        """Put the most constrained face left into one of its melds or into the rest.

        `odd` counts the rest cards no lay-off or swap takes, `stuck` those that make no
        meld with a freed joker either (the discard, at most one).
        """
        key = (bytes(self.pool.count), self.pool.jokers, tuple(sorted(rest)), stuck)
        if self.budget <= 0 or key in self.failed:
            return None
        self.budget -= 1
        found = self._branch(chosen, rest, odd, stuck)
        if found is None:
            self.failed.add(key)
        return found

    def _branch(self, chosen: list[Shape], rest: list[int], odd: int, stuck: int
                ) -> tuple[list[Meld], Parts] | None:
        count = self.pool.count
        pivot = next((f for f in self.order if count[f]), -1)
        if pivot < 0:
            return self._leaf(chosen, stuck)
        for s in self.by_face[pivot]:
            if self.pool.fits(s):
                self.pool.take(s)
                found = self._split([*chosen, s], rest, odd, stuck)
                self.pool.give(s)
                if found is not None:
                    return found
        is_odd = pivot not in self.placed
        stays = is_odd and pivot not in self.pairable
        if len(rest) >= MAX_REST or stuck + stays > 1 or odd + is_odd > self.odd_room:
            return None
        count[pivot] -= 1
        found = self._split(chosen, [*rest, pivot], odd + is_odd, stuck + stays)
        count[pivot] += 1
        return found

    def _leaf(self, chosen: list[Shape], stuck: int) -> tuple[list[Meld], Parts] | None:
        """Every face is placed: lay the rest down."""
        jokers = self.pool.jokers
        if not self.joker_room and stuck + jokers > 1:
            return None
        melds, rest = self.pool.split(chosen)
        if not rest or len(rest) > MAX_REST + 1:
            return None  # one card must be left to discard
        naturals_first = sorted(rest, key=lambda c: (c.is_joker, c.key))
        self.offset = len(melds)  # the new melds take the ids after the table's
        parts = self._place(self.table, naturals_first, None, (), (), True)
        return (melds, parts) if parts is not None else None

    def _place(self, tables: list[TableMeld], rest: list[Card], kept: Card | None,
               swaps: tuple[SwapJoker, ...], lays: tuple[LayOff, ...], may_swap: bool
               ) -> Parts | None:
        """Swaps first, then lay-offs, until one card is left that may be discarded."""
        last = kept if not rest else rest[0] if len(rest) == 1 and kept is None else None
        if last is not None and last.face not in self.barred:
            return swaps, lays, last
        if not rest or self.budget <= 0:
            return None
        self.budget -= 1
        if may_swap:
            for after, left, swap in self._swaps(tables, rest):
                found = self._place(after, left, kept, (*swaps, swap), lays, True)
                if found is not None:
                    return found
        return self._lay_first(tables, rest, kept, swaps, lays)

    def _lay_first(self, tables: list[TableMeld], rest: list[Card], kept: Card | None,
                   swaps: tuple[SwapJoker, ...], lays: tuple[LayOff, ...]) -> Parts | None:
        """Lay off the first card that fits somewhere, in each of its places, or keep it."""
        for card in rest:
            self.budget -= len(tables)  # a lay-off tried costs a step
            places = [(i, lay, after) for i, m in enumerate(tables)
                      for lay, after in placements(card, m)]
            if not places:
                continue
            left = _without(rest, [card])
            for i, lay, meld in places:
                found = self._place(_replaced(tables, i, meld), left, kept, swaps, (*lays, lay),
                                    False)
                if found is not None:
                    return found
            if kept is None and card.face not in self.barred:
                return self._place(tables, left, card, swaps, lays, False)
            return None
        return None

    def _swaps(self, tables: list[TableMeld], rest: list[Card]
               ) -> Iterator[tuple[list[TableMeld], list[Card], SwapJoker]]:
        """Yield every joker swap the rest pays for, with each use of the freed joker."""
        for i, m in enumerate(tables):
            for naturals in _payments(m, rest):
                try:
                    after, joker = swap_joker(m, naturals, -1)
                except RulesError:
                    continue
                now = _replaced(tables, i, after)
                left = _without(rest, naturals)
                for later, use, used in self._uses(now, joker, left):
                    yield later, _without(left, used), SwapJoker(m.id, tuple(naturals), use)

    def _uses(self, tables: list[TableMeld], joker: Card, rest: list[Card]
              ) -> Iterator[tuple[list[TableMeld], JokerUse, list[Card]]]:
        """Yield each place for a freed joker: a new meld of three (its id counts the new
        melds of the action before it), or a lay-off on a meld."""
        for cards in _threes(joker, rest):
            self.budget -= 1
            if self.budget <= 0:
                return
            try:
                meld = read_meld(tuple(Placed(c) for c in cards))
            except RulesError:
                continue
            new = to_table(meld, -1, meld_id(len(tables) + self.offset), -1)
            yield [*tables, new], JokerUse(meld=to_group(meld)), [c for c in cards if c != joker]
        for i, m in enumerate(tables):
            for lay, after in placements(joker, m):
                if lay.end is None:  # a joker use cannot name an end
                    use = JokerUse(meld_id=m.id, as_=lay.cards[0].as_)
                    yield _replaced(tables, i, after), use, []


def _threes(joker: Card, rest: list[Card]) -> Iterator[tuple[Card, ...]]:
    """Yield the joker with two natural cards of the rest, in each order that reads as a
    set or a run of three."""
    naturals = [c for c in rest if not c.is_joker]
    seen: set[tuple[tuple[int, str], ...]] = set()
    for a, b in combinations(naturals, 2):
        for cards in _orders(a, b, joker):
            key = tuple(c.face for c in cards)
            if key not in seen:
                seen.add(key)
                yield cards


def _orders(a: Card, b: Card, joker: Card) -> list[tuple[Card, ...]]:
    """Return the orders in which two cards and a joker read as a meld of three."""
    if a.rank == b.rank:
        return [(a, b, joker)] if a.suit != b.suit else []
    if a.suit != b.suit:
        return []
    low, high = sorted((a, b), key=lambda c: _place_of(c, a.rank + b.rank - c.rank))
    gap = _place_of(high, low.rank) - _place_of(low, high.rank)
    if gap == 1:
        return [(low, high, joker), (joker, low, high)]
    return [(low, joker, high)] if gap == 2 else []


def _place_of(card: Card, other: int) -> int:
    """Return the card's run position beside a card of rank `other` (an ace high by a Q/K)."""
    return HIGH_ACE if card.rank == 1 and other >= 12 else card.rank


def _payments(meld: TableMeld, rest: list[Card]) -> Iterator[list[Card]]:
    """Yield the natural cards of the rest that could free a joker of the meld."""
    if meld.kind == "run":
        for e in meld.entries:
            card = next((c for c in rest if e.stands_for is not None
                         and c.face == e.stands_for.face), None)
            if card is not None:
                yield [card]
        return
    if not any(e.card.is_joker for e in meld.entries):
        return
    held = {e.card.suit for e in meld.entries if not e.card.is_joker}
    wanted = [(meld.rank, s) for s in SUITS if s not in held]
    cards = [next((c for c in rest if c.face == w), None) for w in wanted]
    if all(c is not None for c in cards):
        yield [c for c in cards if c is not None]


def _replaced(tables: list[TableMeld], i: int, meld: TableMeld) -> list[TableMeld]:
    return [*tables[:i], meld, *tables[i + 1:]]


def _without(cards: list[Card], gone: Sequence[Card]) -> list[Card]:
    return [c for c in cards if c not in gone]
