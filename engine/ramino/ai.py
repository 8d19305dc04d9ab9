"""Ramino computer players that see only their own seat's private view (a `RaminoHand`).

`choose_action` is the computer player; `greedy_action` (the least penalty now, always) and
`random_action` are the baselines of tests and benchmarks. Each returns one of the view's
legal actions, parsed.

The computer player judges a hand of `hand_size` cards by what it is expected to cost: each
unmatched card counts its value and one more card to get rid of before a close, less the
chance that the coming draws match it. That chance comes from the unseen copies (the deck
less its own cards and the discards the table shows) of the cards that would complete a
combination with it: a pair, two cards one apart, a card two away from a run's end. The
value weighs more as the hand goes on and with more opponents (somebody closes sooner), and
a hand worth more than the seat's room under the limit is charged extra; in the chips game
only closing counts. A discard is also charged for how likely the next player is to use it,
read from the unseen cards and what he has thrown or taken.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import lru_cache

from ._combos import is_valid
from .actions import (
    Close,
    Decline,
    Discard,
    DrawStock,
    RaminoAction,
    Reenter,
    TakeDiscard,
)
from .ai_know import (
    JOKER,
    Arranged,
    Know,
    arranged,
    card_value,
    danger,
    face,
    know,
    pair_needs,
    run_span,
    span_needs,
    to_cards,
)
from .penalty import PenaltyRules, best_arrangement, is_colore, is_ramino, penalty
from .views import RaminoHand

# Tuned with benchmarks/bench_ramino.py.
CARD_WEIGHT = 8.0  # an unmatched card still to shed before a close, in penalty points
SINGLE_HOPE = 0.5  # a lone card needs two draws: the share of its connections' chance kept
TAKE_MARGIN = 1.0  # taking the discard shows the table a combination: ask a little more
JOKER_GUARD = 1000.0  # a joker is thrown only when no other card may go
UNMATCHED_JOKER_HOPE = 0.6  # a lone joker joins the first pair the hand makes
STAKED_ROOM = 15  # with money on each point, come back only with a hand's worth of room


# --- judging a hand ------------------------------------------------------------------------


def _hopes(k: Know, arr: Arranged, draws: float) -> list[float]:
    """Return, per unmatched card, the chance the coming draws match it."""
    cards = arr.unmatched
    spans = [s for s in map(run_span, arr.combos) if s is not None]
    out = []
    for i, u in enumerate(cards):
        if u == JOKER:
            out.append(UNMATCHED_JOKER_HOPE)
            continue
        needs: set[int] = set()
        for j, w in enumerate(cards):
            if j != i and w != JOKER:
                needs.update(pair_needs(u, w, k.same))
        for span in spans:
            needs.update(span_needs(u, span))
        if needs:
            out.append(k.chance(k.outs(needs) + k.jokers, draws))
        else:
            near = k.outs(k.connections(u)) + k.jokers
            out.append(SINGLE_HOPE * k.chance(near, draws) ** 2)
    return out


def _needed(k: Know, arr: Arranged) -> list[bool]:
    """Return, per unmatched card, whether it stands between the hand and a close."""
    if k.close_limit == 0:
        return [True] * len(arr.unmatched)
    order = sorted(range(len(arr.unmatched)), key=lambda i: k.value(arr.unmatched[i]))
    out, budget = [True] * len(arr.unmatched), k.close_limit
    for i in order:  # the cheapest cards may stay unmatched at a points close
        budget -= k.value(arr.unmatched[i])
        if budget < 0:
            break
        out[i] = False
    return out


def score(k: Know, arr: Arranged, draws: float) -> float:
    """Return the hand's expected cost (lower is better): penalty and distance to a close."""
    hopes = _hopes(k, arr, draws)
    needed = _needed(k, arr)
    if sum(needed) == 1:  # one card to shed: any card joining a combination closes
        i = needed.index(True)
        hopes[i] = max(hopes[i], k.chance(k.outs(k.extensions(arr)) + k.jokers, draws))
    values = [k.value(u) for u in arr.unmatched]
    if len(values) == 1 and arr.unmatched[0] % 13 == 0 and arr.unmatched[0] != JOKER:
        values = [1]  # the lone ace
    expected = sum(v * (1 - h) for v, h in zip(values, hopes))
    cost = k.pen_weight * expected
    cost += CARD_WEIGHT * sum(1 - h for h, n in zip(hopes, needed) if n)
    if k.to_limit is not None and sum(values) > k.to_limit:
        cost += k.cliff  # charged now, the seat would be out
    return cost


def _without(arr: Arranged, card: int, same: bool) -> Arranged | None:
    """Return the arrangement less one copy of the card, if no combination breaks."""
    if card in arr.unmatched:
        rest = list(arr.unmatched)
        rest.remove(card)
        return Arranged(arr.combos, tuple(rest))
    for i, combo in enumerate(arr.combos):
        if card not in combo:
            continue
        left = list(combo)
        left.remove(card)
        naturals = tuple(sorted(f for f in left if f != JOKER))
        if is_valid(naturals, len(left) - len(naturals), same):
            return Arranged((*arr.combos[:i], tuple(left), *arr.combos[i + 1:]), arr.unmatched)
    return None


def _discard_scores(k: Know, hand: Sequence[str], arr: Arranged, allowed: Sequence[str],
                    draws: float) -> list[tuple[float, str]]:
    """Score each allowed discard (lower is better), best first."""
    cards = list(dict.fromkeys(allowed))
    kept = [(c, _without(arr, face(c), k.same)) for c in cards]
    out = [(_discard_cost(k, c, after, draws), c) for c, after in kept if after is not None]
    if not out:  # every card may go only by breaking a combination: ask the solver
        for card in cards:
            rest = list(hand)
            rest.remove(card)
            out.append((_discard_cost(k, card, _solved(tuple(sorted(rest)), k.rules), draws),
                         card))
    out.sort()
    return out


def _discard_cost(k: Know, card: str, after: Arranged, draws: float) -> float:
    """Return what throwing the card costs: the hand it leaves, and what it may give away."""
    f = face(card)
    return (score(k, after, draws) + k.danger_weight * danger(k, f)
            + (JOKER_GUARD if f == JOKER else 0.0))


@lru_cache(maxsize=4096)
def _solved(hand: tuple[str, ...], rules: PenaltyRules) -> Arranged:
    """Return the solver's best arrangement of the cards, as faces."""
    return arranged(best_arrangement(to_cards(hand), rules))


# --- the computer player ---------------------------------------------------------------------


def _draw_step(k: Know, view: RaminoHand) -> RaminoAction:
    """Draw from the stock, or take the discard when it completes or clearly improves."""
    top = view.table.top
    if top is None:
        return DrawStock()
    after = _solved(tuple(sorted((*view.hand, top))), k.rules)
    if not any(face(top) in combo for combo in after.combos):
        return DrawStock()  # it would join nothing
    allowed = [c for c in (*view.hand, top)
               if k.options.discard_taken_card or face(c) != face(top)]
    if k.void_next:  # a draw ends the hand void: play on only to close at once
        return TakeDiscard() if _closable(k, after, allowed) else DrawStock()
    best = _discard_scores(k, (*view.hand, top), after, allowed, k.draws - 1)[0][0]
    now = score(k, arranged(view.arrangement), k.draws)
    return TakeDiscard() if best < now - TAKE_MARGIN else DrawStock()


def _closable(k: Know, arr: Arranged, allowed: Sequence[str]) -> bool:
    """Whether throwing one of the allowed cards would leave a hand that may close."""
    for card in allowed:
        after = _without(arr, face(card), k.same)
        if after is not None and sum(map(k.value, after.unmatched)) <= k.close_limit:
            return True
    return False


def _best_close(k: Know, view: RaminoHand, closes: list[Close]) -> Close:
    """Return the close that keeps the least penalty and earns the largest multiplier."""
    if len(closes) == 1 or closes[0].card is None:
        return closes[0]

    def rank(close: Close) -> tuple[int, int]:
        kept = list(view.hand)
        kept.remove(str(close.card))
        cards = to_cards(tuple(kept))
        mult = max(k.options.ramino_multiplier if is_ramino(cards) else 1,
                   k.options.colore_multiplier if is_colore(cards) else 1)
        left = penalty(cards, k.rules) if k.close_limit else 0
        return left, -mult
    return min(closes, key=rank)


def reenters(view: RaminoHand) -> bool:
    """Whether to come back in: only with room left under the limit (more with a stake)."""
    table = view.table
    offer = table.reentry
    if offer is None:
        return False
    room = table.options.elimination_limit - offer.total
    return room >= (STAKED_ROOM if table.options.stake_per_point else 1)


def choose_action(view: RaminoHand, read: Callable[[RaminoHand], Know] = know
                  ) -> RaminoAction:
    """Return the computer player's action: always one of view.moves (`read`: what it reads
    from the view, to try another reading of the next player in benchmarks)."""
    acts = list(view.moves)
    if not acts:
        raise ValueError("the seat has no legal action now")
    closes = [a for a in acts if isinstance(a, Close)]
    k = read(view)
    if closes:
        return _best_close(k, view, closes)
    if view.table.phase == "reentry":
        return Reenter() if reenters(view) else Decline()
    if len(acts) == 1:
        return acts[0]
    if TakeDiscard() in acts:
        return _draw_step(k, view)
    allowed = [str(a.card) for a in acts if isinstance(a, Discard)]
    card = _discard_scores(k, view.hand, arranged(view.arrangement), allowed, k.draws)[0][1]
    return _throwing(acts, Discard, card)


# --- baselines ---------------------------------------------------------------------------------


@lru_cache(maxsize=1 << 15)
def _penalty(hand: tuple[str, ...], rules: PenaltyRules) -> int:
    return penalty(to_cards(hand), rules)


def _least_after(hand: Sequence[str], allowed: Sequence[str], rules: PenaltyRules
                 ) -> list[tuple[int, bool, int, str]]:
    """Return (penalty left, joker, -value, card) for each allowed discard, best first."""
    out = []
    for card in dict.fromkeys(allowed):
        rest = list(hand)
        rest.remove(card)
        out.append((_penalty(tuple(sorted(rest)), rules), face(card) == JOKER,
                    -card_value(face(card), rules.joker_penalty), card))
    out.sort()
    return out


def greedy_action(view: RaminoHand, rng: random.Random | None = None) -> RaminoAction:
    """Play for the least penalty now: close when legal, take a discard that lowers it,
    throw the card whose loss leaves least, re-enter always."""
    acts = list(view.moves)
    if not acts:
        raise ValueError("the seat has no legal action now")
    rules = PenaltyRules(view.table.options.same_suit_sets, view.table.options.joker_penalty)
    if Close() in acts:
        return Close()
    closing = [str(a.card) for a in acts if isinstance(a, Close)]
    if closing:
        return _throwing(acts, Close, _least_after(view.hand, closing, rules)[0][3])
    if Reenter() in acts:
        return Reenter()
    top = view.table.top
    if TakeDiscard() in acts and DrawStock() in acts and top is not None:
        hand = (*view.hand, top)
        allowed = [c for c in hand
                   if view.table.options.discard_taken_card or face(c) != face(top)]
        taken = _least_after(hand, allowed, rules)[0][0]
        return TakeDiscard() if taken < view.arrangement.penalty else DrawStock()
    if len(acts) == 1:
        return acts[0]
    allowed = [str(a.card) for a in acts if isinstance(a, Discard)]
    return _throwing(acts, Discard, _least_after(view.hand, allowed, rules)[0][3])


def random_action(view: RaminoHand, rng: random.Random) -> RaminoAction:
    """Return a uniformly random legal action."""
    return rng.choice(view.moves)


def _throwing(acts: Sequence[RaminoAction], kind: type[Discard] | type[Close], card: str
              ) -> RaminoAction:
    """Return the listed move of that kind that throws the card (listed once per face)."""
    return next(a for a in acts if isinstance(a, kind) and a.card is not None
                and a.card.text == card)


__all__ = ["choose_action", "greedy_action", "random_action", "reenters", "score"]
