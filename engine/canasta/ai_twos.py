"""Twos kept for a pinellata: the hard player's one rule of its own besides the search.

A canasta of twos is worth 3,000 clean and 2,000 with jokers, against 300 for a dirty canasta
of another rank, and the 162 cards hold twelve twos. The normal player spends its twos as
wild cards wherever they finish a canasta; the hard one keeps them for a meld of twos while
the hand goes on, once its side has opened (it melds three of them as soon as it may), and
spends them as wild cards only once the hand may end, when a two left in hand
costs 20 points. Measured against the normal player over single hands on paired deals, this
alone raised the pinellate made about one and a half times.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..cards import Card
from ..melds import TWOS_MELD
from . import actions as A
from .ai_cards import Reading, meld_rank
from .ai_discard import hand_may_end
from .melds import meld_rank as group_rank
from .views import CanastaHand


def keeping_twos(view: CanastaHand) -> CanastaHand:
    """Return the view without the moves that spend a two as a wild card, once the side has
    opened (an opening may need them: its minimum grows to 200), while the hand goes on and
    some other move is left."""
    r = Reading(view)
    if not r.side.opened or hand_may_end(r):
        return view
    kept = [(t, a) for t, a in zip(view.actions, view.moves) if not spends_two(view, a)]
    if not kept or len(kept) == len(view.actions):
        return view
    return replace(view, actions=tuple(t for t, _ in kept), moves=tuple(a for _, a in kept))


def spends_two(view: CanastaHand, action: A.CanastaAction) -> bool:
    """Whether the action puts a two in a meld of another rank (a wild card there)."""
    if isinstance(action, A.AddToMeld):
        meld = next(m for s in view.table.sides for m in s.melds if m.id == action.meld_id)
        return meld_rank(meld) != TWOS_MELD and _twos(action.cards)
    if isinstance(action, A.TakePile):
        top = Card.parse(view.table.pile_top or "JK")
        forced = top.rank != TWOS_MELD and _twos(action.cards)
        return forced or any(_wild_twos(g) for g in action.extra)
    if isinstance(action, (A.NewMeld, A.OpenAndDraw)):
        groups = [action.cards] if isinstance(action, A.NewMeld) else list(action.melds)
        return any(_wild_twos(g) for g in groups)
    return False


def _twos(cards: Sequence[Card]) -> bool:
    return any(c.rank == TWOS_MELD for c in cards)


def _wild_twos(group: Sequence[Card]) -> bool:
    """Whether a new meld holds twos as wild cards (it is of another rank)."""
    return group_rank(group) != TWOS_MELD and _twos(group)
