"""Ramino penalties: the least unmatched value of a hand over every valid arrangement.

An arrangement splits the hand into combinations and the unmatched cards U. It is valid
when every combination is a set or a run (ramino.md, "Melds") and the joker-needed rule
holds: no natural card of U could take the place of a joker of a combination with the
combination still valid. Combinations are judged as multisets, so a joker "could be
replaced by x" when the combination's cards minus one joker plus x form a valid
combination, whatever the jokers were said to stand for.

How the search is exact:
1. Whole hands first: a colore (one suit, jokers counting as it) or a ramino has
   penalty 0 (Decision 10).
2. The relaxation (_relax) finds the least cost over every arrangement *ignoring* the
   joker-needed rule; the cost is value * 256 + number of unmatched cards, so the least
   value comes first and, among equals, the fewest unmatched cards. The rule only takes
   arrangements away, so this is a lower bound. Its jokers are then placed (each
   combination between its least and its most jokers) so that no unmatched natural
   could replace one; if that succeeds the bound is reached by a valid arrangement and
   is the answer. (When it fails, the joker lies in a full combination: a 4-card set,
   or a 13-card run. Otherwise the unmatched card could join that combination and a
   cheaper arrangement would exist, against the relaxation being least.)
3. Otherwise the exact search (_search) enumerates every arrangement, discarding a
   partial one as soon as an unmatched face could replace a joker of a chosen
   combination (that can never be undone: unmatched cards stay unmatched, combinations
   stay as chosen), and cutting a branch when its cost plus the relaxation of the cards
   left cannot beat the best found. It starts from the arrangement with no jokers in
   any combination, which the rule never forbids.
4. The lone ace: U holding only an ace costs 1, not 11. Every other non-empty U costs at
   least 2, so when the least value v is 2 … 11 each ace is tried as the whole of U:
   the other cards must match completely with no joker that this ace could replace
   (steps 2 and 3 with that ace counted as unmatched). A v above 11 rules it out, since
   such an arrangement would have value 11 by the usual count.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Card
from ._combos import SCALE, replaceable, run_fits
from ._relax import INF, Plan, joker_cost, relax, suit_vectors
from ._search import Solution, exact


@dataclass(frozen=True, slots=True)
class PenaltyRules:
    """The options that change a hand's penalty."""

    same_suit_sets: bool = False  # option same_suit_sets
    joker_penalty: int = 25  # option joker_penalty (25 or 20)


@dataclass(frozen=True, slots=True)
class Arrangement:
    """A valid split of a hand into combinations and unmatched cards."""

    combos: tuple[tuple[Card, ...], ...]  # each combination, as the hand's own Card objects
    unmatched: tuple[Card, ...]  # U
    penalty: int  # value of U (an ace is 1 only when it is U's only card)
    shape: str  # "ramino" | "colore" | "plain"


DEFAULT_RULES = PenaltyRules()
LONE_ACE_BOUND = 12 * SCALE  # a lone ace counts 11 in the search: look that far


def is_colore(cards: Sequence[Card]) -> bool:
    """Whether the whole hand is of one suit (jokers count as it), a natural among them."""
    suits = {c.suit for c in cards if not c.is_joker}
    return len(suits) == 1


def is_ramino(cards: Sequence[Card]) -> bool:
    """Whether the whole hand is one valid run (jokers allowed)."""
    naturals = [c for c in cards if not c.is_joker]
    ranks = {c.rank - 1 for c in naturals}
    return (is_colore(cards) and len(cards) >= 3 and len(ranks) == len(naturals)
            and run_fits(ranks, len(cards)))


def penalty(cards: Sequence[Card], rules: PenaltyRules = DEFAULT_RULES) -> int:
    """Return the hand's penalty: the least value of U over every valid arrangement."""
    if is_colore(cards):
        return 0
    return _solve(cards, rules)[0]


def can_close(cards: Sequence[Card], rules: PenaltyRules, limit: int) -> bool:
    """Whether the hand's penalty is at most `limit` (0 for a zero close)."""
    if is_colore(cards):
        return True
    return _solve(cards, rules, limit)[0] <= limit


def best_arrangement(cards: Sequence[Card], rules: PenaltyRules = DEFAULT_RULES) -> Arrangement:
    """Return an arrangement of least penalty (ties: prefer ramino, then colore, then fewer
    unmatched cards; deterministic)."""
    hand = sorted(cards)
    if is_ramino(hand):
        return Arrangement((_run_order(hand),), (), 0, "ramino")
    if is_colore(hand):
        return Arrangement((tuple(hand),), (), 0, "colore")
    value, solution = _solve(hand, rules)
    assert solution is not None  # with no bound there is always an arrangement
    return _to_cards(hand, solution, value)


# --- the search ------------------------------------------------------------------------


def _solve(cards: Sequence[Card], rules: PenaltyRules,
           limit: int | None = None) -> tuple[int, Solution | None]:
    """Return (penalty, arrangement); with a limit, any value <= limit once one is found."""
    faces = sorted(c.suit_index * 13 + c.rank - 1 for c in cards if not c.is_joker)
    jokers = len(cards) - len(faces)
    suits = suit_vectors(faces)
    same, jk = rules.same_suit_sets, joker_cost(rules.joker_penalty)
    aces = sorted({f for f in faces if f % 13 == 0})
    bound, stop = INF, -1
    if limit is not None:
        stop = (limit + 1) * SCALE  # good enough: the search may stop there
        bound = max(stop, LONE_ACE_BOUND) if aces and limit >= 1 else stop
    found = _least(suits, jokers, same, jk, 0, bound, stop)
    if found is None:
        return bound // SCALE + 1, None
    value = found.cost // SCALE
    if 2 <= value <= 11 and (limit is None or value > limit):
        for ace in aces:
            rest = list(faces)
            rest.remove(ace)
            alone = _least(suit_vectors(rest), jokers, same, jk, 1 << ace, 1, -1)
            if alone is not None:
                return 1, Solution(SCALE + 1, alone.combos, (ace,), 0)
    return value, found


def _least(suits: tuple[int, int, int, int], jokers: int, same: bool, jk: int, outside: int,
           bound: int, stop: int) -> Solution | None:
    """Return a least-cost valid arrangement below `bound` (a cost), or None.

    The search may return the first one it finds below `stop`.
    """
    plan = relax(suits, jokers, same, jk)
    if plan.cost >= bound:
        return None
    unmatched = outside
    for f in plan.leftover:
        unmatched |= 1 << f
    placed = _place_jokers(plan, unmatched, same)
    if placed is not None:
        return placed
    # no joker in any combination: always valid, and a first bound for the search
    plain = relax(suits, 0, same, jk)
    start = plain.cost + jokers * jk
    fallback = None
    if start < bound:
        fallback = Solution(start, tuple((f, 0) for f, _, _ in plain.combos), plain.leftover,
                            jokers)
        bound = start
    if start < stop:
        return fallback
    return exact(suits, jokers, same, jk, outside, bound, stop) or fallback


def _place_jokers(plan: Plan, unmatched: int, same: bool) -> Solution | None:
    """Give each combination of the plan its jokers so that none is replaceable, or None."""
    counts = [0] * len(plan.combos)
    for members, total in plan.groups:
        options = [
            [j for j in range(need, min(cap, total) + 1)
             if not replaceable(plan.combos[i][0], j, same) & unmatched]
            for i in members
            for _, need, cap in [plan.combos[i]]
        ]
        chosen = _pick_sum(options, total)
        if chosen is None:
            return None
        for i, j in zip(members, chosen):
            counts[i] = j
    combos = tuple((faces, j) for (faces, _, _), j in zip(plan.combos, counts))
    return Solution(plan.cost, combos, plan.leftover, plan.jokers_left)


def _pick_sum(options: list[list[int]], total: int) -> list[int] | None:
    """Pick one number from each list so that they add up to `total`, or return None."""
    if not options:
        return [] if total == 0 else None
    for j in reversed(options[0]):  # the first combination takes the spare jokers
        rest = _pick_sum(options[1:], total - j)
        if rest is not None:
            return [j, *rest]
    return None


# --- from faces back to the hand's cards ----------------------------------------------------


def _to_cards(hand: list[Card], solution: Solution, value: int) -> Arrangement:
    """Return the solution as an Arrangement of the hand's own Card objects."""
    pool: dict[int, list[Card]] = {}
    jokers = [c for c in hand if c.is_joker]
    for c in hand:
        if not c.is_joker:
            pool.setdefault(c.suit_index * 13 + c.rank - 1, []).append(c)
    combos = []
    for faces, j in solution.combos:
        naturals = [pool[f].pop(0) for f in faces]
        held, jokers = jokers[:j], jokers[j:]
        combos.append(_order(naturals, held))
    unmatched = sorted(pool[f].pop(0) for f in solution.leftover) + jokers
    combos.sort(key=lambda combo: min(c for c in combo if not c.is_joker))
    return Arrangement(tuple(combos), tuple(unmatched), value, "plain")


def _order(naturals: list[Card], jokers: list[Card]) -> tuple[Card, ...]:
    """Order a combination for display: a run along its ranks, a set's jokers last."""
    ranks = {c.rank - 1 for c in naturals}
    size = len(naturals) + len(jokers)
    if len({c.suit for c in naturals}) == 1 and len(ranks) == len(naturals) and (
            len(naturals) > 1 or size > 4):
        return _run_order(naturals + jokers)
    return tuple(naturals + jokers)


def _run_order(cards: Sequence[Card]) -> tuple[Card, ...]:
    """Lay a valid run's cards along its positions, jokers filling the gaps, then the top."""
    naturals = [c for c in cards if not c.is_joker]
    jokers = [c for c in cards if c.is_joker]
    size = len(cards)
    ranks = [c.rank for c in naturals]
    low_fits = max(ranks) - min(ranks) < size
    at = {(1 if c.rank == 1 and low_fits else 14 if c.rank == 1 else c.rank): c for c in naturals}
    top = 13 if 1 in at else 14
    lo = min(min(at), top - size + 1)
    return tuple(at[p] if p in at else jokers.pop() for p in range(lo, lo + size))


__all__ = [
    "Arrangement",
    "PenaltyRules",
    "best_arrangement",
    "can_close",
    "is_colore",
    "is_ramino",
    "penalty",
]
