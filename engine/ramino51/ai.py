"""The Ramino 51 computer player, from its private view (`R51Hand`) only.

`choose_action` plays one of the view's legal actions at a time, in this order: a close in
hand when the engine found one (it doubles the others' charges); the take from the pile when
the card makes or improves a meld (or, once opened, goes straight onto the table); the
exchange card on the first turn when it serves the hand better than its worst card; the
opening that leaves the most to meld after it (kept back, early in the hand, when the hand
is one card from a close in hand: the same next card would close it for double); then
every meld of its best melds, every joker retrieval it can pay for, every lay-off (highest
penalty first); and last the discard that ai_cards.py scores worst to keep.
`greedy_action` is the benchmarks' baseline.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..cards import Card
from .actions import Ramino51Action, parse_action
from .ai_cards import PROTECTED, cards_of, discard_scores, fits_table, melded, value_of
from .melds import card_penalty
from .search import best_melds
from .views import R51Hand

SWAP_MARGIN = 2.0  # the exchange card must beat the card given by this much to be worth it
HOLD_LEFT = 2  # after the opening and every meld, this many cards left: one from a close
HOLD_MIN_CARDS = 8  # … kept back while every other seat holds at least this many cards
OPENINGS_WEIGHED = 12  # the richest openings weighed (the engine lists them richest first)


def choose_action(view: R51Hand) -> Ramino51Action:
    """Return the computer player's action, one of `view.legal`."""
    return parse_action(_choose(view))


def _choose(view: R51Hand) -> str:
    if not view.legal:
        raise ValueError("no legal action in this view")
    if view.close is not None and view.close in view.legal:
        return view.close
    if view.table.phase == "draw":
        return _draw(view)
    return _swap_exchange(view) or _play(view)


def _of(view: R51Hand, verb: str) -> list[str]:
    """Return the legal actions starting with a verb ("meld", "layoff", …)."""
    return [a for a in view.legal if a.startswith(verb + " ")]


def _opened(view: R51Hand) -> bool:
    return view.table.seats[view.seat].opened


# --- the draw ----------------------------------------------------------------------------


def _draw(view: R51Hand) -> str:
    """Take the pile's top when it melds (or lays off once opened), else draw the stock."""
    top = view.table.pile_top
    if "take" in view.legal and top is not None and _wants(view, top):
        return "take"
    return "draw" if "draw" in view.legal else view.legal[0]


def _wants(view: R51Hand, top: str) -> bool:
    card = Card.parse(top)
    if card.is_joker:
        return True
    if _opened(view) and fits_table(card, view):
        return True
    _, value = best_melds(cards_of([*view.hand, top]))
    return value > view.best.value


# --- the exchange card ---------------------------------------------------------------------


def _swap_exchange(view: R51Hand) -> str | None:
    """Give the hand's worst card for the exchange card when that card serves it better."""
    offered = _of(view, "exchange")
    exchange = view.table.exchange
    if not offered or exchange is None:
        return None
    hand = cards_of([*view.hand, exchange])
    found, _ = best_melds(hand)
    keep = Counter(c.text for m in found for c in m.cards)
    scores = discard_scores(view, hand, keep)
    mine = scores[:-1]
    worst = max(range(len(mine)), key=lambda i: (mine[i], card_penalty(hand[i])))
    new = PROTECTED if hand[-1].is_joker or keep[exchange] else scores[-1]
    action = f"exchange {hand[worst].text}"
    if mine[worst] > PROTECTED and new < mine[worst] - SWAP_MARGIN and action in offered:
        return action
    return None


# --- melds, swaps, lay-offs ----------------------------------------------------------------


def _play(view: R51Hand) -> str:
    if not _opened(view):
        opening = _opening(view)
        return opening or choose_discard(view)
    return _best_meld(view) or _joker_swap(view) or _layoff(view) or choose_discard(view)


def _opening(view: R51Hand) -> str | None:
    """Return the opening that leaves the most to meld after it, among the richest offered
    (the list holds every minimal opening: hundreds with two jokers)."""
    options = _of(view, "meld")[:OPENINGS_WEIGHED]
    if not options:
        return None
    scored = {a: _after_opening(view.hand, a) for a in options}
    best = max(options, key=lambda a: scored[a][:2])
    return None if _holds(view, scored[best][2]) else best


def _after_opening(hand: Sequence[str], action: str) -> tuple[int, int, int]:
    """Return what the opening and the melds after it are worth, its own value, cards left."""
    groups = [g.split(",") for g in action.split()[1:]]
    used = Counter(t.partition("=")[0] for g in groups for t in g)
    rest = list((Counter(hand) - used).elements())
    found, later = best_melds(cards_of(rest))
    opening = sum(value_of(g) for g in groups)
    return opening + later, opening, len(rest) - sum(len(m.cards) for m in found)


def _holds(view: R51Hand, left: int) -> bool:
    """Whether to keep a hand one card from a close in hand closed rather than open it."""
    others = [s.cards for s in view.table.seats if s.seat != view.seat]
    return left == HOLD_LEFT and min(others) >= HOLD_MIN_CARDS


def _best_meld(view: R51Hand) -> str | None:
    """Return a legal meld among the hand's best melds."""
    offered = {_meld_key(a.split()[1]): a for a in _of(view, "meld")}
    for group in view.best.melds:
        action = offered.get(_meld_key(",".join(group)))
        if action is not None:
            return action
    return None


def _meld_key(group: str) -> tuple[str, ...]:
    return tuple(sorted(group.split(",")))


def _joker_swap(view: R51Hand) -> str | None:
    """Return the joker retrieval that puts the most penalty from the hand on the table."""
    swaps = _of(view, "swap")
    return max(swaps, key=_swap_gain) if swaps else None


def _swap_gain(action: str) -> int:
    words = action.split()
    given = words[2].split(",")
    used = [t for t in words[4].split(",") if not t.startswith("JK")] if words[3] == "meld" \
        else []
    return sum(card_penalty(c) for c in cards_of([*given, *used]))


def _layoff(view: R51Hand) -> str | None:
    """Return the lay-off of the highest-penalty card, if any."""
    layoffs = _of(view, "layoff")
    if not layoffs:
        return None
    return max(layoffs, key=lambda a: card_penalty(cards_of([a.split()[1]])[0]))


# --- the discard ---------------------------------------------------------------------------


def choose_discard(view: R51Hand) -> str:
    """Return the discard the computer makes: the card scored worst to keep (never a joker or
    a card of its best melds when another will do)."""
    offered = set(_of(view, "discard"))
    if not offered:
        return view.legal[0]
    hand = cards_of(view.hand)
    scores = discard_scores(view, hand, melded(view))
    ranked = sorted(range(len(hand)), key=lambda i: (-scores[i], -card_penalty(hand[i])))
    return next(a for a in (f"discard {hand[i].text}" for i in ranked) if a in offered)


# --- the baseline --------------------------------------------------------------------------


def greedy_action(view: R51Hand) -> Ramino51Action:
    """Return the baseline's action: meld and lay off all it can, draw, throw its highest card.

    It closes in hand when the engine offers it, opens with the highest-value opening,
    never swaps a joker or the exchange card, and keeps the cards of its best melds.
    """
    if not view.legal:
        raise ValueError("no legal action in this view")
    return parse_action(_greedy(view))


def _greedy(view: R51Hand) -> str:
    if view.close is not None and view.close in view.legal:
        return view.close
    if view.table.phase == "draw":
        return "draw" if "draw" in view.legal else view.legal[0]
    melds = _of(view, "meld")
    if melds:
        return max(melds, key=lambda a: sum(value_of(g.split(",")) for g in a.split()[1:]))
    layoffs = _of(view, "layoff")
    return layoffs[0] if layoffs else _greedy_discard(view)


def _greedy_discard(view: R51Hand) -> str:
    offered = set(_of(view, "discard"))
    keep = melded(view)
    hand = sorted(cards_of(view.hand), key=lambda c: (keep[c.text] > 0, -card_penalty(c)))
    return next((a for a in (f"discard {c.text}" for c in hand) if a in offered),
                view.legal[0])
