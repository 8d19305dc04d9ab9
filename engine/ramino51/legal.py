"""Enumerate a Ramino 51 seat's legal actions the way the menus build them: candidates kept
iff rules.py accepts them.

Listed: the draw and the take; each swap of the exchange card (one per face held); each
single meld of the hand for an opened seat, and for an unopened one the openings search.py
finds (bounded combinations reaching the minimum); each one-card lay-off (the end named only
where the card fits both ends, a joker with each declaration that fits); each joker swap with
its uses (bounded: a new meld of the joker with two hand cards, or a lay-off of the joker);
each discard (one per face); and the close in hand search.py finds, if any. Every candidate
goes through the action's own check (on the game itself), so a rule lives in rules.py only;
actions beyond these bounds stay legal when typed, they are only not offered.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import combinations

from ..cards import Card, joker
from ..errors import RulesError
from ..table import TableMeld
from . import actions as A
from . import melds, search
from .rules import Ramino51Rules


def distinct(cards: Iterable[Card]) -> list[Card]:
    """Return one card per face, in hand order (copies make the same actions)."""
    seen: dict[tuple[int, str], Card] = {}
    for card in cards:
        seen.setdefault(card.face, card)
    return list(seen.values())


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
            out += self.keep(self.meld_candidates())
            if self.g.opened[self.seat]:
                out += self.keep(self.layoffs())
                out += self.keep(self.swaps())
            out += self.keep(A.Discard(c) for c in self.faces)
        out += self.keep(self.closes())
        return out

    # --- candidates ----------------------------------------------------------------------

    def meld_candidates(self) -> list[A.MeldCards]:
        """Single melds once opened; the bounded openings before."""
        if self.g.opened[self.seat]:
            return [A.MeldCards((melds.to_group(m),)) for m in search.hand_melds(self.hand)]
        minimum = self.g.opts.opening_minimum
        return [A.MeldCards(tuple(melds.to_group(m) for m in combo))
                for combo in search.openings(self.hand, minimum)]

    def layoffs(self) -> Iterator[A.LayOff]:
        """Every one-card lay-off melds.py finds on every table meld."""
        for card in self.faces:
            for meld in self.g.table:
                yield from melds.fits(card, meld)

    def swaps(self) -> Iterator[A.SwapJoker]:
        """Every joker swap the hand can pay for, with each bounded use of the joker."""
        for meld in self.g.table:
            for naturals in self.payments(meld):
                rest = list(self.hand)
                for c in naturals:
                    rest.remove(next(h for h in rest if h.face == c.face))
                for use in self.uses(rest):
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

    def uses(self, rest: Sequence[Card]) -> Iterator[A.JokerUse]:
        """Where a retrieved joker could go: a lay-off, or a new meld with two hand cards."""
        jk = joker()
        for meld in self.g.table:
            for lay in melds.fits(jk, meld):
                yield A.JokerUse(meld_id=meld.id, as_=lay.cards[0].as_)
        for a, b in combinations(distinct(c for c in rest if not c.is_joker), 2):
            for group in _joker_melds(a, b):
                yield A.JokerUse(meld=group)

    def closes(self) -> list[A.CloseInHand]:
        """The close in hand search.py finds now, if any (with the exchange card at the draw)."""
        g = self.g
        try:
            g.close_allowed(self.seat, g.phase == "draw")
        except RulesError:
            return []
        exchange = g.exchange if g.phase == "draw" else None
        found = search.find_close(self.hand, g.table.melds, g.taken, exchange)
        return [] if found is None else [found]


def _joker_melds(a: Card, b: Card) -> list[A.Group]:
    """Return the three-card melds two natural cards could make with a joker (candidates)."""
    jk = joker()
    if a.rank == b.rank:
        return [] if a.suit == b.suit else [(A.Placed(a), A.Placed(b), A.Placed(jk))]
    if a.suit != b.suit:
        return []
    out: list[A.Group] = []
    for pa in melds.positions(a.rank):
        for pb in melds.positions(b.rank):
            low, high = min(pa, pb), max(pa, pb)
            for q in (low - 1, low + 1, high + 1):
                if 1 <= q <= melds.HIGH_ACE and q not in (pa, pb) and max(high, q) - min(
                        low, q) == 2:
                    out.append((A.Placed(a), A.Placed(b), A.Placed(jk, melds.face_at(q, a.suit))))
    return out


def legal_actions(game: Ramino51Rules, seat: int) -> list[A.Ramino51Action]:
    """List every action offered to the seat now (none when it is not his turn)."""
    if game.is_over or seat != game.turn:
        return []
    return LegalMoves(game, seat).all()
