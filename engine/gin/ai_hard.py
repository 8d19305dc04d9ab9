"""The hard gin computer players: the searching one (`choose_action_hard`) and the first one.

Both read what `choose_action` reads (their own view and the public history of the hand) and
nothing else. `choose_action_hard_v1`, today's yardstick, has one draw of exact lookahead: for
each hand it could keep it works out, over every unseen card, the best hand the next stock draw
would leave, so a discard is judged by the deadwood and the chance to knock or go gin one draw
later, less what the discard may give the opponent; before knocking it deals the opponent a
fixed number of hands to weigh the knock against an undercut.

`choose_action_hard` takes and throws as v1 does, but when it may knock it deals the opponent
`WORLDS` hands consistent with the play (engine.gin.search) and plays each out to the hand's
end: the knock's value against that of throwing v1's card and playing on for gin, or for the
undercut of an opponent that knocks as soon as it can. Points are valued by where the game
stands (points past the target are worth little more). The worlds are seeded from the view,
so a view always gets the same answer.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from .ai import (
    _BIT,
    _RANK_SUIT,
    _SOLVED,
    _SOLVED_MAX,
    _mask,
    _Table,
    _table,
    _value,
    big_gin,
    danger,
    discards,
    knocks,
    play_turn,
    stay,
    top_take,
)
from .search import Rollout, Rules, World, bits, deal_worlds, knock_points
from .views import GinHand

KNOCK_WORTH = 6.0  # deadwood points a hand able to knock after the next draw is worth
GIN_WORTH = 6.0  # … and a hand going gin, on top of that
DANGER_WEIGHT = 5.0  # deadwood points a sure feed to the opponent costs
TAKE_MARGIN = 0.5  # a taken discard tells the opponent something: ask a little more of it
SAMPLES = 32  # opponent hands dealt to weigh a knock
UNDERCUT_RISK = 0.35  # play on rather than knock when the undercut chance is above this …
PLAY_ON_STOCK = 12  # … and the stock still holds at least this many cards


def _after_draws(t: _Table, full: int, keep: Sequence[int]) -> dict[int, float]:
    """Score each hand full − d (d in keep) by its best hand after the next stock draw.

    A drawn card c gives full + c − {d, x} for the best x (or c thrown back). A card that
    melds with nothing is thrown back or kept for the highest deadwood card of the nine others.
    """
    cards = bits(full)
    gone = {d: t.dead(full & ~d) for d in keep}
    nine = {d: min(t.dead(full & ~d & ~x) for x in cards if x != d) for d in keep}
    totals = dict.fromkeys(keep, 0.0)
    for card in t.unknown:
        bit, value = _BIT[card], _value(card, t.ace_value)
        melds = t.may_meld(full, card)
        grown = full | bit
        for d in keep:
            if melds and t.may_meld(full & ~d, card):  # pairs {d, x} recur: t.dead caches them
                after = min(gone[d], *(t.dead(grown & ~(d | x)) for x in cards if x != d))
            else:
                after = min(gone[d], value + nine[d])
            totals[d] += after - (KNOCK_WORTH + (GIN_WORTH if after == 0 else 0.0)
                                  if after <= t.limit else 0.0)
    n = max(1, len(t.unknown))
    return {d: (total / n if t.unknown else float(gone[d])) for d, total in totals.items()}


def discard_scores(t: _Table, cards: Sequence[str], allowed: Sequence[str],
                   feeds: Callable[[str], float]) -> list[tuple[float, str]]:
    """Score each allowed discard (lower is better), best first; `feeds(card)` is the chance
    the opponent uses the card once thrown."""
    full = _mask(cards)
    plain = sorted((t.dead(full & ~_BIT[c]), c) for c in allowed)
    cutoff = plain[0][0] + 10  # discards that leave far more deadwood are never right
    keep = {_BIT[c]: c for d, c in plain if d <= cutoff}
    values = _after_draws(t, full, list(keep))
    out = [(values[b] + DANGER_WEIGHT * feeds(c), c) for b, c in keep.items()]
    out.sort()
    return out


def _draw_value(t: _Table, mask: int) -> float:
    """Return the expected deadwood once a stock card is drawn and the worst card thrown."""
    if not t.unknown:
        return float(t.dead(mask))
    cards = bits(mask)
    dead = t.dead(mask)
    nine = min(t.dead(mask & ~x) for x in cards)
    total = 0.0
    for card in t.unknown:
        bit, value = _BIT[card], _value(card, t.ace_value)
        if t.may_meld(mask, card):
            total += min(dead, *(t.dead((mask | bit) & ~x) for x in cards))
        else:
            total += min(dead, value + nine)
    return total / len(t.unknown)


def _should_take(t: _Table, top: str) -> bool:
    """Whether the top discard leaves a better hand than an unseen stock card would."""
    mask = _mask(t.hand)
    after_take = min(t.dead((mask | _BIT[top]) & ~_BIT[c]) for c in t.hand)
    return after_take < _draw_value(t, mask) - TAKE_MARGIN


def _seed(view: GinHand) -> int:
    """Return a seed fixed by the position, so a view always gets the same answer."""
    table = view.table
    text = "|".join((" ".join(view.hand), " ".join(table.discard), str(table.stock),
                     str(table.hand_no), str(view.seat)))
    h = 0
    for ch in text:
        h = (h * 131 + ord(ch)) & 0xFFFFFFFF
    return h


def undercut_risk(t: _Table, keep: int, rng: random.Random) -> float:
    """Return the share of sampled opponent hands whose deadwood is at most ours after a knock."""
    mine = t.dead(keep)
    need = max(0, 10 - len(t.opp_known))
    known = _mask(sorted(t.opp_known))
    hits = 0
    for _ in range(SAMPLES):
        opp = known | _mask(rng.sample(t.unknown, min(need, len(t.unknown))))
        if t.dead(opp) <= mine + 3:  # lay-offs on our melds take a few points more
            hits += 1
    return hits / SAMPLES


def _knock_choice(t: _Table, view: GinHand) -> str | None:
    """Return the knock to make now, or None to play on."""
    knocking = knocks(view.moves)
    if not knocking:
        return None
    full = _mask(t.hand)
    dead, _, knock = min((t.dead(full & ~_BIT[str(m.card)]), str(m), m) for m in knocking)
    if dead == 0 or t.stock < PLAY_ON_STOCK:
        return str(knock)
    risk = undercut_risk(t, full & ~_BIT[str(knock.card)], random.Random(_seed(view)))
    return None if risk > UNDERCUT_RISK else str(knock)


def _discard(t: _Table, view: GinHand, allowed: list[str]) -> str:
    """Return the card to throw, read against the rank the opponent last threw."""
    shed = view.table.discards[1 - view.seat]
    shed_rank = _RANK_SUIT[shed[-1]][0] if shed else 0
    return discard_scores(t, t.hand, allowed, lambda card: danger(t, card, shed_rank))[0][1]


def choose_action_hard_v1(view: GinHand, rng: random.Random | None = None) -> str:
    """Return the first hard player's action (one draw of lookahead): now a yardstick."""
    return play_turn(view, rng, _should_take, _knock_choice, _discard)


# --- the searching player ---------------------------------------------------------------

WORLDS = 128  # worlds dealt per decision (the same worlds weigh every candidate)
SHORTLIST = 1  # discards weighed against a knock: the one-draw player's best few
OWN_KNOCK = 0  # in a rollout we knock at this deadwood or less (the opponent at the limit):
# playing on for gin, or for the undercut of an opponent that knocks as soon as it can
# Weigh taking a discard that melds by search too: off, as it measured no better than the
# one-draw player's rule on 150 deal pairs (+2.75 against +3.39 points a hand).
SEARCH_DRAW = False
# A guessed opponent hand is grown through as many stock draws as the opponent made, and a
# few more (it kept the best of what it saw), at most SEEN_MAX: measured against the real
# hands of greedy opponents, fewer leave the guesses' deadwood well above the truth.
SEEN_EXTRA = 5
SEEN_MAX = 10
TAIL = 0.3  # what a point beyond the one that reaches the target is worth


def _utility(view: GinHand) -> Callable[[int], float]:
    """Return the value of a hand's points (ours positive) given where the game stands:
    points past the target score are worth little more."""
    opts, sheet = view.table.options, view.table.scores
    if opts.team_size != 1 or opts.match_format != "single" or len(sheet.running) != 2:
        return float
    me, opp = sheet.running[view.seat], sheet.running[1 - view.seat]
    need_me, need_opp = max(1, sheet.target - me), max(1, sheet.target - opp)

    def value(points: int) -> float:
        need = need_me if points > 0 else need_opp
        size = abs(points)
        worth = min(size, need) + TAIL * max(0, size - need)
        return worth if points > 0 else -worth

    return value


def _dead_fn(t: _Table) -> Callable[[int], int]:
    """Return `t.dead` for masks, without its checks: rollouts call it a hundred thousand times."""
    if len(_SOLVED) > _SOLVED_MAX:
        _SOLVED.clear()
    solve, mode, cache = t.solver.min_deadwood_mask, t.mode << 52, _SOLVED

    def dead(mask: int) -> int:
        key = mask | mode
        hit = cache.get(key)
        if hit is None:
            hit = cache[key] = solve(mask)
        return hit

    return dead


class _Search:
    """One decision's search: the rules, the worlds and the value of an outcome."""

    def __init__(self, t: _Table, view: GinHand, worlds: int) -> None:
        opp = 1 - view.seat
        table = view.table
        self.r = Rules.of(table.options, _dead_fn(t), t.limit, table.doubled)
        self.hand = _mask(t.hand)
        self.rollout = Rollout(self.r, OWN_KNOCK)
        self.value = _utility(view)
        need = table.hand_sizes[opp] - len(t.opp_known)
        unknown = [_BIT[c] for c in t.unknown]
        shed = [_BIT[c] for c in sorted(t.opp_shed)]
        drawn = max(0, len(table.discards[opp]) - len(table.pickups[opp]))
        seen = min(SEEN_MAX, drawn + SEEN_EXTRA)
        self.worlds = deal_worlds(self.r, unknown, _mask(sorted(t.opp_known)), need, seen,
                                  bool(table.discards[opp]), shed, worlds,
                                  random.Random(_seed(view)))

    def mean(self, outcome: Callable[[World], int]) -> float:
        """Return the mean value of an outcome over the worlds."""
        return sum(self.value(outcome(w)) for w in self.worlds) / len(self.worlds)

    def knock(self, card: int) -> float:
        """Return the value of knocking with this card thrown face down."""
        kept = self.hand & ~card
        return self.mean(lambda w: knock_points(self.r, kept, w.opp))

    def discard(self, card: int) -> float:
        """Return the value of throwing this card and playing on."""
        kept, play = self.hand & ~card, self.rollout.play
        return self.mean(lambda w: play([kept, w.opp], w.stock, card, 1))

    def take(self, top: int) -> float:
        """Return the value of taking the top discard."""
        play = self.rollout.play
        return self.mean(lambda w: play([self.hand | top, w.opp], w.stock, 0, 0, top))

    def draw(self) -> float:
        """Return the value of drawing from the stock."""
        play = self.rollout.play
        return self.mean(lambda w: play([self.hand | w.stock[-1], w.opp], w.stock[:-1], 0, 0, 0))


def _searchable(view: GinHand) -> bool:
    """Whether the search plays this decision (else the one-draw player does)."""
    table, opp = view.table, 1 - view.seat
    return (not table.options.mahjong and table.phase in ("draw", "discard")
            and len(view.moves) > 1 and table.stock > 2 and len(table.hand_sizes) == 2
            and table.hand_sizes[opp] == 10 and big_gin(view.moves) is None)


def _search_draw(t: _Table, view: GinHand, worlds: int) -> str:
    """Take the top discard or draw: as the one-draw player does, or (SEARCH_DRAW) whichever
    the worlds value more."""
    moves = view.moves
    top = top_take(moves)
    if top is None or not t.pile:
        return str(stay(moves))
    card = t.pile[-1]
    if not SEARCH_DRAW or not t.may_meld(_mask(t.hand), card):  # a swap at best
        return str(top) if _should_take(t, card) else str(stay(moves))
    s = _Search(t, view, worlds)
    return str(top) if s.take(_BIT[card]) > s.draw() else str(stay(moves))


def _search_discard(t: _Table, view: GinHand, worlds: int) -> str:
    """Throw the one-draw player's card, unless a knock is worth more over the worlds (gin at
    once): the knock against the play-on is where searching pays."""
    moves = view.moves
    full = _mask(t.hand)
    knocking = sorted((t.dead(full & ~_BIT[str(m.card)]), str(m), m) for m in knocks(moves))
    if knocking and knocking[0][0] == 0:
        return knocking[0][1]
    allowed = discards(moves)
    shed = view.table.discards[1 - view.seat]
    shed_rank = _RANK_SUIT[shed[-1]][0] if shed else 0
    short = [c for _, c in discard_scores(t, t.hand, list(allowed),
                                          lambda card: danger(t, card, shed_rank))[:SHORTLIST]]
    if not knocking:
        return str(allowed[short[0]])
    s = _Search(t, view, worlds)
    options = [(s.discard(_BIT[c]), -i, str(allowed[c])) for i, c in enumerate(short)]
    options.append((s.knock(_BIT[str(knocking[0][2].card)]), 1, knocking[0][1]))
    return max(options)[2]


def choose_action_hard(view: GinHand, rng: random.Random | None = None,
                       worlds: int = WORLDS) -> str:
    """Return the hard computer player's action: Monte Carlo over guessed opponent hands."""
    if not _searchable(view):
        return choose_action_hard_v1(view, rng)
    t = _table(view)
    if view.table.phase == "draw":
        return _search_draw(t, view, worlds)
    return _search_discard(t, view, worlds)
