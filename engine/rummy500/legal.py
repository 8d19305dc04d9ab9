"""Enumerate the legal actions of a Rummy 500 seat: candidates kept iff rules.py accepts them.

Every family (the special card, draw and decline, takes, melds, lay-offs, discards, Rummy!
claims) is listed the same way: this module generates candidates and keeps those for which
the game's `verify` raises nothing, so a rule lives in rules.py only. Each gate (the seat:
`check_turn`, or `check_seat` for claims; `check_take_gate`, `check_layoff_gate`, the step of
`check_discard`) is tried once per call, then only the rest of the check per candidate (the
action's check from the game's ACTIONS, on one shared `Rules`): the same test, and a seat
that may not take or lay off costs nothing.

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

from ..cards import Card, make_deck
from ..errors import RulesError
from . import actions as A
from .rules import Rules
from .state import Rummy500State
from .table import ends_of, melds_from, shape_of

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
    """The legal actions of the seat to act (one that passes check_turn) in one state."""

    def __init__(self, rules: Rules, seat: int) -> None:
        self.g = rules.g
        self.seat = seat
        self.hand = self.g.hands[seat]
        self.rules = rules
        self.budget = NODE_BUDGET

    def _ok(self, action: A.Rummy500Action) -> bool:
        """Whether verify accepts the action (check_turn has passed: its own check decides)."""
        try:
            self.g.check_action(self.rules, self.seat, action)
        except RulesError:
            return False
        return True

    def all(self) -> list[A.Rummy500Action]:
        """List every legal action (claims excepted)."""
        phase = self.g.phase
        if phase == "special":
            names = [A.NameSpecial(None), *(A.NameSpecial(c) for c in make_deck())]
            return [a for a in names if self._ok(a)]
        if phase == "draw":
            return self.draw_step()
        if phase == "play":
            return self.play_step()
        return []

    # --- draw step -----------------------------------------------------------------------

    def draw_step(self) -> list[A.Rummy500Action]:
        """List draw, decline and every take."""
        out: list[A.Rummy500Action] = [
            a for a in (A.DrawStock(), A.DeclineDiscards()) if self._ok(a)]
        out += list(self.takes())
        return out

    def any_take(self) -> bool:
        """Whether at least one take from the pile is legal."""
        return next(self.takes(), None) is not None

    def takes(self) -> Iterator[A.TakeDiscards]:
        """Yield every legal take (the plain free take last)."""
        if not self.rules.can(self.rules.check_take_gate, self.seat):
            return
        pile = self.g.pile
        need = self.rules.opening_need(self.seat)
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
                    take = A.TakeDiscards(k, combo)
                    if self._ok(take):
                        yield take
        free = A.TakeDiscards(len(pile), ())
        if self._ok(free):
            yield free

    def _points(self, meld: tuple[Card, ...]) -> int:
        return self.rules.shape_points(shape_of(meld))

    def _candidates(self, pool: Sequence[Card]) -> list[Cand]:
        """Every meld of the pool with its points and bits, highest points first."""
        cands = [(self._points(m), m, _bits(m)) for m in melds_from(pool)]
        cands.sort(key=lambda c: -c[0])
        return cands

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
        out += self.layoffs()
        out += self.discards()
        return out

    def melds(self) -> list[A.MeldCards]:
        """List single melds (and, for an opening under a minimum, minimal combinations)."""
        need = self.rules.opening_need(self.seat)
        combos: list[Combo] = (self._combos(self._candidates(self.hand), need, 0) if need
                               else [(m,) for m in melds_from(self.hand)])
        return [a for a in map(A.MeldCards, combos) if self._ok(a)]

    def layoffs(self) -> list[A.LayOff]:
        """List every lay-off; the end is named only where the card fits both ends."""
        if not self.rules.can(self.rules.check_layoff_gate, self.seat):
            return []
        lays = (A.LayOff(card, mid, end) for card in self.hand
                for mid, end in _places(card, self.rules))
        return [a for a in lays if self._ok(a)]

    def discards(self) -> list[A.Discard]:
        """List every discard the rules allow (check_discard's step check, then its card's)."""
        rules = self.rules
        if not rules.can(rules.need_phase, "play", "discard"):
            return []
        out = []
        for card in self.hand:
            try:
                rules.check_discard_card(self.seat, card)
            except RulesError:
                continue  # inline rather than through Rules.can: this loop runs very often
            out.append(A.Discard(card))
        return out


def legal_actions(state: Rummy500State, seat: int) -> list[A.Rummy500Action]:
    """List every single-step action the seat may take now (claims: claim_targets)."""
    rules = Rules(state)
    if not rules.can(rules.check_turn, seat):
        return []
    return LegalMoves(rules, seat).all()


def claim_targets(state: Rummy500State, seat: int) -> list[A.ClaimRummy]:
    """List the valid claims of the open window's card for the seat."""
    card = state.claim_card
    if card is None:
        return []
    rules = Rules(state)
    if not rules.can(rules.check_seat, seat):
        return []
    claims = (A.ClaimRummy(card, mid, end) for mid, end in _places(card, rules))
    return [a for a in claims if rules.can(state.check_action, rules, seat, a)]


def _places(card: Card, rules: Rules) -> Iterator[tuple[str, str | None]]:
    """Yield (meld id, end) for each table meld the card fits; the end only if both ends fit."""
    for m, summary in zip(rules.g.melds, rules.summaries):
        ends = ends_of(card, summary)
        if len(ends) == 2:
            yield from ((m.id, end) for end in ends)
        elif ends:
            yield m.id, None
