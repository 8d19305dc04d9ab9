"""Enumerate the legal single-step actions of a Rummy 500 seat.

Complete for single steps: every draw, every take whose melds are one meld holding the key
card, every single meld, every lay-off, every discard. Several melds in one action are listed
only where the rules need them: an unopened player under `min_first_meld` gets the minimal
combinations of disjoint melds that reach the minimum. That search is bounded (at most
MAX_EXTRA further melds, MAX_COMBOS results per search, NODE_BUDGET steps for all searches of
one call, melds tried by value, highest first), so hands of 25+ cards after deep pickups stay
fast; actions beyond the bounds remain playable when typed, they are only not offered.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from ..cards import Card, make_deck
from . import actions as A
from .scoring import meld_points
from .table import Shape, Summary, ends_of, extended, fits_any, melds_from, shape_of

if TYPE_CHECKING:
    from .game import Rummy500Game

MAX_EXTRA = 3  # melds added to reach min_first_meld (beside a take's key meld)
NODE_BUDGET = 6000  # search steps for all the combination searches of one call
MAX_COMBOS = 12  # combinations listed per search

Combo = tuple[tuple[Card, ...], ...]
Cand = tuple[int, tuple[Card, ...], int]  # points, meld, card bits


def _bits(cards: Sequence[Card]) -> int:
    out = 0
    for c in cards:
        out |= c.bit
    return out


class LegalMoves:
    """The legal actions of one seat in the current state of one game."""

    def __init__(self, game: Rummy500Game, seat: int) -> None:
        self.g = game
        self.seat = seat
        self.hand = game.hands[seat]
        self.opts = game.opts
        self.table = game.summaries()
        self.budget = NODE_BUDGET

    def all(self) -> list[A.Rummy500Action]:
        """List every legal action (claims excepted)."""
        phase = self.g.phase
        if phase == "special":
            return [A.NameSpecial(None), *(A.NameSpecial(c) for c in make_deck())]
        if phase == "draw":
            return self.draw_step()
        if phase == "play":
            return self.play_step()
        return []

    # --- draw step -----------------------------------------------------------------------

    def draw_step(self) -> list[A.Rummy500Action]:
        """List draw, decline and every take."""
        out: list[A.Rummy500Action] = [A.DrawStock() if self.g.stock else A.DeclineDiscards()]
        out += list(self.takes())
        return out

    def any_take(self) -> bool:
        """Whether at least one take from the pile is legal."""
        return next(self.takes(), None) is not None

    def _may_take(self) -> bool:
        g = self.g
        if not g.pile or g.redraw_pending(self.seat):
            return False
        return not (self.opts.draw_stock_until_opened and not g.opened[self.seat])

    def takes(self) -> Iterator[A.TakeDiscards]:
        """Yield every legal take (the plain free take last)."""
        if not self._may_take():
            return
        pile = self.g.pile
        need = self._minimum()
        everything = self._candidates(self.hand + pile) if need else []
        for k in range(1, len(pile) + 1):
            taken = pile[k - 1:]
            pool = self.hand + taken
            pool_bits = _bits(pool)
            for meld in melds_from(pool, taken[0]):
                pts = self._points(meld)
                if need and pts < need:
                    used = _bits(meld)
                    cands = [c for c in everything
                             if c[2] & pool_bits == c[2] and not c[2] & used]
                    combos = [(meld, *extra) for extra in self._combos(cands, need, pts)]
                else:
                    combos = [(meld,)]
                for combo in combos:
                    if self._take_ok(pool, combo):
                        yield A.TakeDiscards(k, combo)
        if self.opts.top_card_free:
            yield A.TakeDiscards(len(pile), ())

    def _points(self, meld: tuple[Card, ...]) -> int:
        s: Shape = shape_of(meld)
        return meld_points(s.kind, s.cards, s.low, self.g.values)

    def _candidates(self, pool: Sequence[Card]) -> list[Cand]:
        """Every meld of the pool with its points and bits, highest points first."""
        cands = [(self._points(m), m, _bits(m)) for m in melds_from(pool)]
        cands.sort(key=lambda c: -c[0])
        return cands

    def _take_ok(self, pool: Sequence[Card], combo: Combo) -> bool:
        used = _bits([c for m in combo for c in m])
        left = [c for c in pool if not c.bit & used]
        new = [shape_of(m).summary() for m in combo]
        return self._leftover_ok(left, self.table + new)

    def _minimum(self) -> int:
        """Return the points an opening still needs (0: no minimum applies)."""
        if self.g.opened[self.seat]:
            return 0
        return max(self.opts.min_first_meld, 0)

    def _leftover_ok(self, left: Sequence[Card], table: Sequence[Summary]) -> bool:
        never = self.opts.go_out_without_discard == "never"
        if never and not left:
            return False
        if len(left) != 1:
            return True
        card = left[0]
        if card == self.g.free_card and (never or not fits_any(card, table)):
            return False
        return not (never and self.opts.last_discard_unplayable and fits_any(card, table))

    def _combos(self, cands: Sequence[Cand], need: int, start: int) -> list[Combo]:
        """Minimal sets of disjoint candidate melds that lift `start` points to `need`."""
        out: list[Combo] = []

        def dfs(first: int, chosen: list[int], total: int, used: int) -> None:
            for j in range(first, len(cands)):
                if self.budget <= 0 or len(out) >= MAX_COMBOS:
                    return
                self.budget -= 1
                pts, _, bits = cands[j]
                if total + pts * (MAX_EXTRA - len(chosen)) < need:
                    return  # values only fall from here: nothing later can reach the need
                if bits & used:
                    continue
                now = total + pts
                picked = [*chosen, j]
                if now >= need:
                    if all(now - cands[i][0] < need for i in picked):
                        out.append(tuple(cands[i][1] for i in picked))
                elif len(picked) < MAX_EXTRA:
                    dfs(j + 1, picked, now, used | bits)

        dfs(0, [], start, 0)
        return out

    # --- play step -----------------------------------------------------------------------

    def play_step(self) -> list[A.Rummy500Action]:
        """List every meld, lay-off and discard."""
        out: list[A.Rummy500Action] = []
        out += self.melds()
        if self.g.opened[self.seat]:
            out += self.layoffs()
        out += self.discards()
        return out

    def melds(self) -> list[A.MeldCards]:
        """List single melds (and, for an opening under a minimum, minimal combinations)."""
        need = self._minimum()
        combos: list[Combo] = (self._combos(self._candidates(self.hand), need, 0) if need
                               else [(m,) for m in melds_from(self.hand)])
        out = []
        for combo in combos:
            used = _bits([c for m in combo for c in m])
            left = [c for c in self.hand if not c.bit & used]
            new = [shape_of(m).summary() for m in combo]
            if self._leftover_ok(left, self.table + new):
                out.append(A.MeldCards(combo))
        return out

    def layoffs(self) -> list[A.LayOff]:
        """List every lay-off; the end is named only where the card fits both ends."""
        out = []
        for card in self.hand:
            left = [c for c in self.hand if c != card]
            for i, m in enumerate(self.g.melds):
                ends = ends_of(card, self.table[i])
                for end in ends:
                    table = list(self.table)
                    table[i] = extended(table[i], end)
                    if self._leftover_ok(left, table):
                        named = end if len(ends) == 2 else None
                        out.append(A.LayOff(card, m.id, named))
        return out

    def discards(self) -> list[A.Discard]:
        """List every discard the rules allow."""
        g = self.g
        last = len(self.hand) == 1
        strict = last and (self.opts.last_discard_unplayable or g.redraw)
        return [A.Discard(c) for c in self.hand
                if c != g.free_card and not (strict and fits_any(c, self.table))]
