"""Enumerate a Ramino 51 seat's legal actions: candidates kept iff rules.py accepts them.

The list is complete up to the equivalences below: every action the game accepts is listed,
or has the same effect as listed ones played one after another in the same turn. An effect
is the state after it, read up to the ids of new melds (they follow the order of the melds
in the action), which copy of twin cards moves (Decision 17), the order of a set's cards
and how a table card got there (in a meld or laid off): no rule reads those three.
tests/engine/ramino51/test_legal.py checks the list against a brute force of candidates.

- The draw, the take, each swap of the exchange card and each discard: one per face held.
- Melds, once opened: every single meld of the hand (search.hand_melds). Several melds in
  one action = those melds put down one by one.
- Melds before opening: every minimal opening (search.openings: no meld can be dropped and
  the rest still reach the minimum). A larger opening = a minimal one inside it, then its
  other melds one by one (the seat has opened).
- Lay-offs: every one-card lay-off (each end where a card fits both, a joker with each card
  it can stand for). Several cards on one meld = those cards one by one, nearest first.
- Joker swaps: every payment of every table joker, with each use: the joker laid off on
  any meld (after the swap), or in a new meld of three with two hand cards (a hand joker
  among them). A larger new meld = its three cards around the joker, then lay-offs on it.
- The close in hand: one, if search.find_close finds any; every close in hand ends the hand
  alike (the closer is charged nothing, the others their cards ×m, the next hand dealt from
  the seed), only the report of what was put down differs. find_close is bounded (see
  engine/ramino51/_close.py).

Every candidate goes through the action's own check (on the game itself), so a rule lives
in rules.py only; an opening's melds go through the steps of the meld check one by one
(each meld once, then the minimum and the card kept for the discard per opening, the
search having made its melds disjoint), as an opening's candidates run to hundreds. Freak
hands past search.py's bounds (`search.bounded`) list their first melds and openings only.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import combinations

from ..cards import Card, joker
from ..errors import RulesError
from ..table import TableMeld
from . import actions as A
from . import melds, search
from .draft import read_meld
from .rules import Ramino51Rules

Read = tuple[A.Group, int] | None  # a meld as an action names it and its value; None: refused


def distinct(cards: Iterable[Card]) -> list[Card]:
    """Return one card per face, in hand order, as actions name it (pack 0: copies make the
    same actions, and which copy a seat holds says where the other one is)."""
    seen: dict[tuple[int, str], Card] = {}
    for card in cards:
        if card.face not in seen:
            seen[card.face] = plain(card)
    return list(seen.values())


def plain(card: Card) -> Card:
    """Return the card as an action names it: its face, pack 0."""
    return card if not card.deck else Card(card.rank, card.suit)


def plain_group(group: A.Group) -> A.Group:
    """Return a group with every card as an action names it."""
    return tuple(p if not p.card.deck else A.Placed(plain(p.card), p.as_) for p in group)


def plain_close(close: A.CloseInHand) -> A.CloseInHand:
    """Return a close in hand with every card as an action names it."""
    swaps = tuple(A.SwapJoker(s.meld_id, tuple(map(plain, s.naturals)),
                              A.JokerUse(plain_group(s.use.meld), s.use.meld_id, s.use.as_))
                  for s in close.swaps)
    lays = tuple(A.LayOff(plain_group(lay.cards), lay.meld_id, lay.end) for lay in close.layoffs)
    return A.CloseInHand(close.take_exchange, tuple(map(plain_group, close.melds)), swaps, lays,
                         plain(close.discard))


class LegalMoves:
    """The legal actions of the seat whose turn it is, in one state."""

    def __init__(self, game: Ramino51Rules, seat: int) -> None:
        self.g = game
        self.seat = seat
        self.hand = game.hands[seat]
        self.faces = distinct(self.hand)

    def ok(self, action: A.Ramino51Action) -> bool:
        """Whether the action's check accepts it (the seat's turn is already settled)."""
        try:
            self.g.check_action(self.g, self.seat, action)
        except RulesError:
            return False
        return True

    def keep(self, actions: Iterable[A.Ramino51Action]) -> list[A.Ramino51Action]:
        """Return the candidates the checks accept."""
        return [a for a in actions if self.ok(a)]

    def all(self) -> list[A.Ramino51Action]:
        """List every action offered now."""
        out = self.keep([A.DrawStock(), A.TakeDiscard()])
        out += self.keep(A.SwapExchange(c) for c in self.faces)
        if self.g.phase == "play":
            if self.g.opened[self.seat]:
                out += self.keep(A.MeldCards((plain_group(melds.to_group(m)),))
                                 for m in search.hand_melds(self.hand))
                out += self.keep(self.layoffs())
                out += self.keep(self.swaps())
            else:
                out += self.openings()
            out += self.keep(A.Discard(c) for c in self.faces)
        out += self.keep(self.closes())
        return out

    # --- openings ------------------------------------------------------------------------

    def openings(self) -> list[A.Ramino51Action]:
        """Every minimal opening the meld check accepts (hundreds with two jokers: lean)."""
        g, seat = self.g, self.seat
        try:
            g.need_phase("play", "meld")
        except RulesError:
            return []
        found = search.openings(self.hand, g.opts.opening_minimum)
        read = {i: read_shape(found, i) for i in found.shapes}  # each meld once
        groups = {i: r[0] for i, r in read.items() if r is not None}
        values = {i: r[1] for i, r in read.items() if r is not None}
        refused = set(read) - set(groups)
        # the cards he may not throw this turn: the taken card's face, in the hand and melds
        barred = {i: g.barred_among(found.pool.cards(s)) for i, s in found.shapes.items()
                  } if g.taken else {}
        reach, keep, held = g.reach_minimum, g.keep_discardable, len(self.hand)
        barred_held = g.barred_among(self.hand)
        out: list[A.Ramino51Action] = []
        for _, cards, idx in found.found:
            if refused and not refused.isdisjoint(idx):
                continue
            try:
                reach(seat, sum(map(values.__getitem__, idx)))
                keep(held - cards, barred_held - sum(map(barred.__getitem__, idx)) if barred
                     else 0)
            except RulesError:
                continue
            out.append(A.MeldCards(tuple(map(groups.__getitem__, idx))))
        return out

    # --- lay-offs and joker swaps --------------------------------------------------------

    def layoffs(self) -> Iterator[A.LayOff]:
        """Every one-card lay-off melds.py finds on every table meld."""
        for card in self.faces:
            for meld in self.g.table:
                yield from melds.fits(card, meld)

    def swaps(self) -> Iterator[A.SwapJoker]:
        """Every joker swap the hand can pay for, with each use of the joker."""
        for meld in self.g.table:
            for naturals in self.payments(meld):
                try:
                    after, _ = melds.swap_joker(meld, naturals, self.seat)
                except RulesError:
                    continue
                rest = list(self.hand)
                for c in naturals:
                    rest.remove(next(h for h in rest if h.face == c.face))
                table = [after if m.id == meld.id else m for m in self.g.table]
                for use in self.uses(table, rest):
                    yield A.SwapJoker(meld.id, naturals, use)

    def payments(self, meld: TableMeld) -> list[tuple[Card, ...]]:
        """Return the natural cards that would retrieve a joker of the meld, if held."""
        held = {c.face for c in self.hand}
        wanted: list[tuple[Card, ...]]
        if meld.kind == "run":
            wanted = [(e.stands_for,) for e in meld.entries
                      if e.card.is_joker and e.stands_for is not None]
        elif any(e.card.is_joker for e in meld.entries):
            suits = {e.card.suit for e in meld.entries if not e.card.is_joker}
            wanted = [tuple(Card(meld.rank, s) for s in "SHDC" if s not in suits)]
        else:
            return []
        return [w for w in wanted if all(c.face in held for c in w)]

    def uses(self, table: Sequence[TableMeld], rest: Sequence[Card]) -> Iterator[A.JokerUse]:
        """Where a retrieved joker could go: a lay-off on the table as the swap leaves it, or
        a new meld of three with two hand cards (one may be a joker)."""
        jk = joker()
        for meld in table:
            for lay in melds.fits(jk, meld):
                yield A.JokerUse(meld_id=meld.id, as_=lay.cards[0].as_)
        for a, b in combinations(distinct(rest), 2):
            for group in _joker_melds(a, b):
                yield A.JokerUse(meld=group)

    # --- the close in hand ---------------------------------------------------------------

    def closes(self) -> list[A.CloseInHand]:
        """The close in hand search.py finds now, if any (with the exchange card at the draw)."""
        g = self.g
        try:
            g.close_allowed(self.seat, g.phase == "draw")
        except RulesError:
            return []
        exchange = g.exchange if g.phase == "draw" else None
        found = search.find_close(self.hand, g.table.melds, g.taken, exchange)
        return [] if found is None else [plain_close(found)]


READ_KEPT = 20_000  # melds read kept (a game meets a few thousand)
_READ: dict[object, Read] = {}


def read_shape(found: search.Openings, i: int) -> Read:
    """Return meld `i` of the openings as an action names it and its opening value, if the
    meld check's own steps (draft.py's read, melds.py's value) accept it: the cards are the
    hand's, so only the reading is left to check. Kept by shape (faces, jokers' places): the
    same melds come back turn after turn and hand after hand, and reading one is slow."""
    shape = found.shapes[i]
    if shape in _READ:
        return _READ[shape]
    if len(_READ) >= READ_KEPT:
        _READ.clear()
    group = melds.to_group(found.meld(i))
    try:
        read: Read = plain_group(group), melds.meld_value(read_meld(group))
    except RulesError:
        read = None
    _READ[shape] = read
    return read


def _joker_melds(a: Card, b: Card) -> list[A.Group]:
    """Return the three-card melds a retrieved joker makes with two hand cards (candidates:
    the check decides). With a hand joker: each run of three around the natural card."""
    if b.is_joker:
        a, b = b, a
    if a.is_joker:
        return [] if b.is_joker else _two_jokers(b)
    if a.rank == b.rank:
        return [] if a.suit == b.suit else [(A.Placed(a), A.Placed(b), A.Placed(joker()))]
    if a.suit != b.suit:
        return []
    out: list[A.Group] = []
    for pa in melds.positions(a.rank):
        for pb in melds.positions(b.rank):
            low, high = min(pa, pb), max(pa, pb)
            for q in (low - 1, low + 1, high + 1):
                if 1 <= q <= melds.HIGH_ACE and q not in (pa, pb) and max(high, q) - min(
                        low, q) == 2:
                    out.append((A.Placed(a), A.Placed(b), A.Placed(joker(),
                                                                   melds.face_at(q, a.suit))))
    return out


def _two_jokers(card: Card) -> list[A.Group]:
    """Return the runs of three of a natural card and two jokers (each window around it)."""
    out: list[A.Group] = []
    for p in melds.positions(card.rank):
        for low in range(p - 2, p + 1):
            if low >= 1 and low + 2 <= melds.HIGH_ACE:
                wild = [melds.face_at(q, card.suit) for q in range(low, low + 3) if q != p]
                out.append((A.Placed(card), *(A.Placed(joker(), w) for w in wild)))
    return out


def meld_values(actions: Iterable[A.Ramino51Action]) -> tuple[tuple[A.Group, int], ...]:
    """Return each meld the meld actions name with its opening value (melds.py's, for the
    menus: they show what a draft is worth)."""
    seen: dict[int, tuple[A.Group, int]] = {}  # an opening's melds are shared objects
    for action in actions:
        if isinstance(action, A.MeldCards):
            for group in action.melds:
                if id(group) not in seen:
                    seen[id(group)] = group, melds.meld_value(read_meld(readable(group)))
    return tuple(dict(seen.values()).items())


def readable(group: A.Group) -> A.Group:
    """Return a group of an action with its jokers told apart (two jokers of one meld are two
    cards: a meld never names one card twice)."""
    jokers = iter(range(len(group)))
    return tuple(A.Placed(joker(next(jokers)), p.as_) if p.card.is_joker else p for p in group)


def legal_actions(game: Ramino51Rules, seat: int) -> list[A.Ramino51Action]:
    """List every action offered to the seat now (none when it is not his turn)."""
    if game.is_over or seat != game.turn:
        return []
    return LegalMoves(game, seat).all()
