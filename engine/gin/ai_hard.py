"""The hard gin computer player: one draw of exact lookahead and a sampled knock decision.

It reads what `choose_action` reads (its own view and the public history of the hand) and
nothing else. For each hand it could keep it works out, over every unseen card, the best hand
the next stock draw would leave, so a discard is judged by the deadwood and the chance to knock
or go gin one draw later, less what the discard may give the opponent. Before knocking it deals
the opponent a fixed number of hands from the unseen cards (seeded from the position, so the
same view always gets the same answer) to weigh the knock against an undercut.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .ai import _BIT, _mask, _Table, _table, _value, danger
from .mahjong_ai import mahjong_action
from .views import GinHand

KNOCK_WORTH = 6.0  # deadwood points a hand able to knock after the next draw is worth
GIN_WORTH = 6.0  # … and a hand going gin, on top of that
DANGER_WEIGHT = 5.0  # deadwood points a sure feed to the opponent costs
TAKE_MARGIN = 0.5  # a taken discard tells the opponent something: ask a little more of it
SAMPLES = 32  # opponent hands dealt to weigh a knock
UNDERCUT_RISK = 0.35  # play on rather than knock when the undercut chance is above this …
PLAY_ON_STOCK = 12  # … and the stock still holds at least this many cards


def _best_nine(t: _Table, mask: int) -> int:
    """Return the least deadwood of the ten cards less one (what a kept non-melding draw sees)."""
    best = 1 << 30
    m = mask
    while m:
        low = m & -m
        best = min(best, t.dead(mask & ~low))
        m ^= low
    return best


def _after_draw(t: _Table, mask: int, card: str, dead: int, nine: int) -> int:
    """Return the least deadwood of the ten cards once `card` is drawn and one card thrown."""
    value = _value(card, t.ace_value)
    if not t.may_meld(mask, card):
        return min(dead, value + nine)
    full = mask | _BIT[card]
    best = dead
    m = mask
    while m:
        low = m & -m
        best = min(best, t.dead(full & ~low))
        m ^= low
    return best


def hand_value(t: _Table, mask: int) -> float:
    """Score a ten-card hand by the next stock draw (lower is better)."""
    dead = t.dead(mask)
    if not t.unknown:
        return float(dead)
    nine = _best_nine(t, mask)
    total = 0.0
    for card in t.unknown:
        after = _after_draw(t, mask, card, dead, nine)
        total += after
        if after <= t.limit:
            total -= KNOCK_WORTH + (GIN_WORTH if after == 0 else 0.0)
    return total / len(t.unknown)


def _discard_scores(t: _Table, cards: Sequence[str], allowed: Sequence[str]
                    ) -> list[tuple[float, str]]:
    """Score each allowed discard (lower is better), best first."""
    full = _mask(cards)
    plain = sorted((t.dead(full & ~_BIT[c]), c) for c in allowed)
    cutoff = plain[0][0] + 10  # discards that leave far more deadwood are never right
    out = [(hand_value(t, full & ~_BIT[c]) + DANGER_WEIGHT * danger(t, c), c)
           for d, c in plain if d <= cutoff]
    out.sort()
    return out


def _draw_value(t: _Table, mask: int) -> float:
    """Return the expected score of drawing from the stock and discarding at best."""
    if not t.unknown:
        return float(t.dead(mask))
    dead, nine = t.dead(mask), _best_nine(t, mask)
    return sum(_after_draw(t, mask, c, dead, nine) for c in t.unknown) / len(t.unknown)


def _should_take(t: _Table, top: str) -> bool:
    """Whether the top discard leaves a better hand than an unseen stock card would."""
    mask = _mask(t.hand)
    kept = [c for c in t.hand]
    after_take = min(t.dead((mask | _BIT[top]) & ~_BIT[c]) for c in kept)
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
    knocks = [a for a in view.legal if a.startswith("knock ")]
    if not knocks:
        return None
    full = _mask(t.hand)
    dead, knock = min((t.dead(full & ~_BIT[a.split()[1]]), a) for a in knocks)
    if dead == 0 or t.stock < PLAY_ON_STOCK:
        return knock
    risk = undercut_risk(t, full & ~_BIT[knock.split()[1]], random.Random(_seed(view)))
    return None if risk > UNDERCUT_RISK else knock


def choose_action_hard(view: GinHand, rng: random.Random | None = None) -> str:
    """Return the hard computer player's action for this private view."""
    if view.table.options.mahjong:
        return mahjong_action(view, rng)
    legal = view.legal
    if len(legal) == 1:
        return legal[0]
    if "big_gin" in legal:
        return "big_gin"
    t = _table(view)
    takes = [a for a in legal if a in ("take", "take_upcard")]
    if takes or "draw" in legal:
        if takes and t.pile and _should_take(t, t.pile[-1]):
            return takes[0]
        return "draw" if "draw" in legal else "pass"
    knock = _knock_choice(t, view)
    if knock is not None:
        return knock
    allowed = [a.split()[1] for a in legal if a.startswith("discard ")]
    return "discard " + _discard_scores(t, t.hand, allowed)[0][1]
