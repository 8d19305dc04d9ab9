"""Ramino penalties: the least unmatched value of a hand over every valid arrangement.

An arrangement splits the hand into combinations and the unmatched cards U. It is valid
when every combination is a set or a run (ramino.md, "Melds") and the joker-needed rule
holds: no natural card of U could take the place of a joker of a combination with the
combination still valid. Combinations are judged as multisets, so a joker "could be
replaced by x" when the combination's cards minus one joker plus x form a valid
combination, whatever the jokers were said to stand for.

Runs take the ace low (A-2-3) or high (Q-K-A), never both, so a run has at most 13
cards. Costs are value * 256 + number of unmatched cards: the least value first and,
among equals, the fewest unmatched cards.

How the joker-needed rule is enforced, and why the answer is exact:
1. Whole hands first: a colore (one suit, jokers counting as it) or a ramino has
   penalty 0 (Decision 10).
2. The relaxation (_relax) finds the least cost over every arrangement, ignoring the
   rule. The rule only takes arrangements away, so this is a lower bound, and any
   arrangement of that cost that obeys the rule is an answer.
3. In an arrangement of least relaxed cost, a joker that an unmatched natural x could
   replace sits in a full combination: 4 cards of x's rank, or a 13-card run. Otherwise
   x could join that combination as well, and the arrangement would not be least. So
   only full combinations need checking: rule_is_idle proves from the relaxation's
   figures that none can break the rule (most hands); else the relaxation's arrangement
   (_plan) has its jokers shared out again, each combination between its least and its
   most, so that no full combination holds a joker an unmatched card could replace.
4. If no sharing works, the exact search (_search) walks every arrangement, dropping a
   partial one as soon as an unmatched face could replace a joker of a chosen
   combination (final: unmatched cards stay unmatched, chosen combinations stay), and
   cutting a branch when its cost plus the relaxation of the cards left cannot beat the
   best found. It starts from the arrangement with no joker in any combination, which
   the rule never forbids. Example 1 (Sempronio) ends here: 27, not 7.
5. The lone ace: U holding only an ace costs 1, not 11. Every other non-empty U costs at
   least 2, so when the least value v is 2 … 11 each ace is tried as the whole of U:
   the other cards must be matched completely with no joker this ace could replace
   (steps 2 to 4, the ace counted as unmatched). Above 11 it cannot be: such an
   arrangement is worth 11 by the usual count.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..cards import Card
from ._combos import INF, MAX_RUN, SCALE, replaceable, run_fits
from ._layout import lay_out, run_order
from ._plan import Plan, relax_plan
from ._relax import joker_cost, relax_cost, rule_is_idle
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
SUIT_MASK = (1 << 52) - 1
Suits = tuple[int, int, int, int]


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
    suits, jokers = _encode(cards)
    return _penalty(suits, jokers, rules.same_suit_sets, rules.joker_penalty)


def can_close(cards: Sequence[Card], rules: PenaltyRules, limit: int) -> bool:
    """Whether the hand's penalty is at most `limit` (0 for a zero close)."""
    suits, jokers = _encode(cards)
    if _one_suit(suits):
        return True
    return _solve(suits, jokers, rules, limit)[0] <= limit


def best_arrangement(cards: Sequence[Card], rules: PenaltyRules = DEFAULT_RULES) -> Arrangement:
    """Return an arrangement of least penalty (ties: prefer ramino, then colore, then fewer
    unmatched cards; deterministic)."""
    hand = sorted(cards)
    if is_ramino(hand):
        return Arrangement((run_order(hand),), (), 0, "ramino")
    if is_colore(hand):  # one combination of the whole hand, its jokers last
        return Arrangement((tuple(sorted(hand, key=lambda c: c.is_joker)),), (), 0, "colore")
    value, solution = _solve(*_encode(hand), rules, want=True)
    assert solution is not None  # with no limit there is always an arrangement
    combos, unmatched = lay_out(hand, solution.combos, solution.leftover)
    return Arrangement(combos, unmatched, value, "plain")


# --- the search ------------------------------------------------------------------------


def _encode(cards: Sequence[Card]) -> tuple[Suits, int]:
    """Return the hand's four suit vectors (a nibble of copies per rank) and its jokers.

    A nibble holds up to 7 copies of a card here (the tables compare nibbles): plenty for
    Ramino's two packs.
    """
    packed = jokers = 0
    for card in cards:
        if card.bit:  # bit = 1 << (suit * 13 + rank - 1), the face used here
            packed += 1 << ((card.bit.bit_length() - 1) << 2)
        else:
            jokers += 1
    return (packed & SUIT_MASK, packed >> 52 & SUIT_MASK, packed >> 104 & SUIT_MASK,
            packed >> 156), jokers


def _one_suit(suits: Suits) -> bool:
    return (suits[0] > 0) + (suits[1] > 0) + (suits[2] > 0) + (suits[3] > 0) == 1


@lru_cache(maxsize=1 << 12)
def _penalty(suits: Suits, jokers: int, same: bool, joker_penalty: int) -> int:
    """Return the penalty of an encoded hand (remembered: computer players ask again)."""
    if _one_suit(suits):
        return 0
    return _solve(suits, jokers, PenaltyRules(same, joker_penalty))[0]


def _solve(suits: Suits, jokers: int, rules: PenaltyRules, limit: int | None = None,
           want: bool = False) -> tuple[int, Solution | None]:
    """Return (penalty, arrangement if wanted); with a limit, any value above it may stand
    for "more than the limit", and the search may stop at the first value within it."""
    same, jk = rules.same_suit_sets, joker_cost(rules.joker_penalty)
    aces = [s * 13 for s in range(4) if suits[s] & 15]
    bound, stop = INF, -1
    if limit is not None:
        stop = (limit + 1) * SCALE
        bound = max(stop, LONE_ACE_BOUND) if aces and limit >= 1 else stop
    found = _least(suits, jokers, same, jk, -1, bound, stop, want)
    if found is None:
        return bound // SCALE + 1, None
    value = found.cost // SCALE
    if 2 <= value <= 11 and (limit is None or value > limit):
        for ace in aces:
            rest = list(suits)
            rest[ace // 13] -= 1
            alone = _least((rest[0], rest[1], rest[2], rest[3]), jokers, same, jk, ace, 1, -1,
                           want)
            if alone is not None:
                return 1, Solution(SCALE + 1, alone.combos, (ace,), 0)
    return value, found


def _least(suits: Suits, jokers: int, same: bool, jk: int, lone: int, bound: int,
           stop: int, want: bool) -> Solution | None:
    """Return a least-cost valid arrangement below `bound` (a cost), or None.

    The search may return the first one it finds below `stop`. Unless `want`, only the
    cost is filled in when the joker-needed rule cannot refuse the relaxation's answer.
    `lone` (-1: none) is a face unmatched besides the cards, the lone ace: the caller
    asks for cost 0 knowing that the cards with it cannot all be matched.
    """
    cost = relax_cost(suits, jokers, same, jk)
    if cost >= bound:
        return None
    if not want and rule_is_idle(suits, jokers, same, jk, lone):
        return Solution(cost, (), (), 0)
    plan = relax_plan(suits, jokers, same, jk)
    unmatched = 0 if lone < 0 else 1 << lone
    for f in plan.leftover:
        unmatched |= 1 << f
    placed = _place_jokers(plan, unmatched, same)
    if placed is not None:
        return placed
    # no joker in any combination: always valid, and a first bound for the search
    plain = relax_plan(suits, 0, same, jk)
    start = plain.cost + jokers * jk
    fallback = None
    if start < bound:
        fallback = Solution(start, tuple((f, 0) for f, _, _ in plain.combos), plain.leftover,
                            jokers)
        bound = start
    if start < stop:
        return fallback
    outside = 0 if lone < 0 else 1 << lone
    return exact(suits, jokers, same, jk, outside, bound, stop) or fallback


def _place_jokers(plan: Plan, unmatched: int, same: bool) -> Solution | None:
    """Give each combination of the plan its jokers so that none is replaceable, or None.

    Only full combinations are checked: in a least-cost relaxed arrangement no other one
    can break the rule (see rule_is_idle; for the lone ace, see _least).
    """
    counts: list[int] = []
    for members, total in plan.groups:
        options = [_joker_counts(plan.combos[i], total, unmatched, same) for i in members]
        chosen = _pick_sum(options, total)
        if chosen is None:
            return None
        counts += chosen  # groups list the combinations in order
    combos = tuple((faces, j) for (faces, _, _), j in zip(plan.combos, counts))
    return Solution(plan.cost, combos, plan.leftover, plan.jokers_left)


def _joker_counts(combo: tuple[tuple[int, ...], int, int], most: int, unmatched: int,
                  same: bool) -> list[int]:
    """Return the joker counts (up to `most`) a combination may take under the rule."""
    faces, need, cap = combo
    out = []
    for j in range(need, min(cap, most) + 1):
        if j == 0 or not _full(faces, j) or not replaceable(faces, j, same) & unmatched:
            out.append(j)
    return out


def _full(faces: tuple[int, ...], jokers: int) -> bool:
    """Whether no card could join: a 4-card combination of one rank, or a longest run."""
    size = len(faces) + jokers
    return size == MAX_RUN or (size == 4 and faces[0] % 13 == faces[-1] % 13)


def _pick_sum(options: list[list[int]], total: int) -> list[int] | None:
    """Pick one number from each list so that they add up to `total`, or return None."""
    if not options:
        return [] if total == 0 else None
    for j in reversed(options[0]):  # the first combination takes the spare jokers
        rest = _pick_sum(options[1:], total - j)
        if rest is not None:
            return [j, *rest]
    return None


__all__ = [
    "Arrangement",
    "PenaltyRules",
    "best_arrangement",
    "can_close",
    "is_colore",
    "is_ramino",
    "penalty",
]
