"""The benchmarks' Canasta baseline: lay down everything as soon as possible.

Before drawing it opens with the richest opening offered, else takes the pile whenever a take
is legal (it shows the forced cards and, unopened, meets the opening), else draws from the
stock (ends the hand on an empty one). Then it makes the biggest meld or addition offered,
wild cards included, again and again (so it goes out as soon as the rules let it), and
discards its lowest-value card that is not wild.
"""

from __future__ import annotations

from ..cards import Card
from ..melds import JOKER_MELD, TWOS_MELD
from .actions import CanastaAction, parse_action
from .melds import card_value
from .views import CanastaHand


def greedy_action(view: CanastaHand) -> CanastaAction:
    """Return the baseline's action, one of the view's legal actions."""
    if not view.actions:
        raise ValueError("no legal action in this view")
    return parse_action(_greedy(view))


def _of(view: CanastaHand, *verbs: str) -> list[str]:
    return [a for a in view.actions if a.split()[0] in verbs]


def _cards(action: str) -> list[Card]:
    """Return the cards an action names (a meld id is no card)."""
    words = action.split()[1:]
    if action.startswith("add "):
        words = words[1:]
    return [Card.parse(t) for w in words for t in w.split(",")]


def _richest(view: CanastaHand, actions: list[str]) -> str:
    opts = view.table.options
    return max(actions, key=lambda a: (sum(card_value(c, opts) for c in _cards(a)),
                                       len(_cards(a))))


def _greedy(view: CanastaHand) -> str:
    if view.table.phase == "acquire":
        opens, takes = _of(view, "open"), _of(view, "take")
        if opens or takes:
            return _richest(view, opens or takes)
        return next(a for a in ("draw", "end", view.actions[0]) if a in view.actions)
    plays = _of(view, "meld", "add")
    if plays:
        return max(plays, key=lambda a: len(_cards(a)))
    return _lowest_discard(view)


def _lowest_discard(view: CanastaHand) -> str:
    opts = view.table.options
    found = _of(view, "discard")
    if not found:
        return view.actions[0]

    def cost(action: str) -> tuple[bool, int]:
        card = _cards(action)[0]
        return card.rank in (JOKER_MELD, TWOS_MELD), card_value(card, opts)

    return min(found, key=cost)
