"""The Canasta computer player, from its private view (`CanastaHand`) only.

`choose_action` plays one of the view's legal actions at a time. Before drawing: take the
pile when it is worth its size (an unopened side opens by taking a big pile rather than by
melding), else open when it can, else draw two; on an empty stock, take a small pile or end
the hand. Then, once its side has opened: the plays that make canastas, natural cards added
to its side's melds (a partner's too) and new melds of three naturals or more; wild cards
only where they finish a canasta (never on a clean one, nor on the side's clean hope while
it has no clean canasta), or to empty the hand when the hand may end. It keeps a pair of
each low rank (4 to 7: cheap in hand, what greedy players throw) to take the pile with, and
two cards
unless its side may go out and going out pays (ai_cards.going_out_pays); then it lays down
all it can. Last, the discard ai_discard.py finds safest. `greedy_action` (ai_greedy.py)
is the baseline.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..cards import Card
from ..melds import BLACK_THREES, JOKER_MELD
from . import actions as A
from .ai_cards import Reading, going_out_pays, has_clean, may_go_out, meld_rank
from .ai_discard import choose_discard, hand_may_end
from .ai_greedy import greedy_action as greedy_action
from .melds import CANASTA, CLEAN, is_wild
from .melds import meld_rank as group_rank
from .views import CanastaHand, MeldView

TAKE_PILE = 2  # an opened side takes a pile of at least this many cards
BIG_PILE = 3  # an unopened side able to open either way takes a pile this big to open
LATE_PILE = 4  # when the hand may end, a bigger pile costs more in hand than it brings
WILD_COST = 40.0  # a wild card kept for a canasta is worth this much in hand
CANASTA_MADE = 100.0  # what finishing a canasta adds to a play's worth

TRAP_RANKS = frozenset({4, 5, 6, 7})  # worth 5 each in hand: cheap pairs to hold

Played = tuple[str, A.CanastaAction]


def choose_action(view: CanastaHand,
                  read: Callable[[CanastaHand], Reading] = Reading) -> A.CanastaAction:
    """Return the computer player's action, one of the view's legal actions (`read`: how
    it reads the view; the hard player's reading weighs the public history too)."""
    if not view.actions:
        raise ValueError("no legal action in this view")
    r = read(view)
    text = _acquire(r) if view.table.phase == "acquire" else _play(r)
    return A.parse_action(text)


def offered(view: CanastaHand, kind: type | tuple[type, ...]) -> list[Played]:
    """Return the legal actions of a kind, with their texts."""
    return [(t, a) for t, a in zip(view.actions, view.moves) if isinstance(a, kind)]


def wilds_in(cards: Sequence[Card], rank: int) -> int:
    """Return how many of the cards play as wild cards in a meld of the rank."""
    return sum(is_wild(c, rank) for c in cards)


# --- before the draw ---------------------------------------------------------------------


def _acquire(r: Reading) -> str:
    """Take the pile, open, draw or end the hand."""
    view = r.view
    take = _best_take(r)
    if not view.table.stock:
        return take if take and view.table.pile <= LATE_PILE else _first(view, "end")
    if take and _take_worth(r):
        return take
    opening = _best(offered(view, A.OpenAndDraw), _open_worth)
    return opening or _first(view, "draw")


def _first(view: CanastaHand, text: str) -> str:
    return text if text in view.actions else view.actions[0]


def _take_worth(r: Reading) -> bool:
    """Whether the pile's size makes it worth taking now."""
    size = r.view.table.pile
    if hand_may_end(r):
        return size <= LATE_PILE
    if not r.side.opened and offered(r.view, A.OpenAndDraw):
        return size >= BIG_PILE
    return size >= TAKE_PILE or not r.side.opened


def _best_take(r: Reading) -> str | None:
    """Return the take that melds the most naturals and spends the fewest wild cards."""
    return _best(offered(r.view, A.TakePile), lambda a: _take_score(r, a))


def _take_score(r: Reading, action: A.CanastaAction) -> float:
    assert isinstance(action, A.TakePile)
    top = Card.parse(r.view.table.pile_top or "JK")
    rank = top.rank
    wild = wilds_in(action.cards, rank) + sum(_wild_count(m) for m in action.extra)
    placed = len(action.cards) + sum(len(m) for m in action.extra)
    made = sum(len(m.cards) for m in r.side_melds(rank)) + len(action.cards) + 1 >= CANASTA
    return 10.0 * placed - WILD_COST * wild + (CANASTA_MADE if made else 0.0)


def _open_worth(action: A.CanastaAction) -> float:
    """Score an opening: wild cards kept first, then the cards it puts down."""
    assert isinstance(action, A.OpenAndDraw)
    return sum(len(m) for m in action.melds) - WILD_COST * sum(_wild_count(m)
                                                                for m in action.melds)


def _wild_count(group: Sequence[Card]) -> int:
    return wilds_in(group, group_rank(group))


def _best(found: list[Played], score: Callable[[A.CanastaAction], float]) -> str | None:
    return max(found, key=lambda p: score(p[1]))[0] if found else None


# --- melds and the discard ---------------------------------------------------------------


def _play(r: Reading) -> str:
    """Make the best play worth making, else discard."""
    if r.side.opened:
        play = _best_play(r)
        if play is not None:
            return play
    return choose_discard(r)


def _best_play(r: Reading) -> str | None:
    pays = going_out_pays(r)
    dump = (pays and may_go_out(r.side)) or hand_may_end(r)
    scored = [(w, t) for t, a in offered(r.view, (A.NewMeld, A.AddToMeld))
              if (w := _play_worth(r, a, pays, dump)) is not None]
    return max(scored)[1] if scored else None


def _play_worth(r: Reading, action: A.CanastaAction, pays: bool, dump: bool) -> float | None:
    """Score a meld or an addition; None when it is not worth making now."""
    assert isinstance(action, (A.NewMeld, A.AddToMeld))
    if len(r.view.hand) - len(action.cards) < 2 and not pays:
        return None  # one card left: the discard after it would go out
    meld = _meld(r, action.meld_id) if isinstance(action, A.AddToMeld) else None
    rank = meld_rank(meld) if meld else group_rank(action.cards)
    wild = wilds_in(action.cards, rank)
    if meld and wild and meld.canasta in CLEAN:
        return None  # a wild card would cost the clean canasta's bonus
    size = len(action.cards) + (len(meld.cards) if meld else 0)
    made = not (meld and meld.canasta) and size >= CANASTA and rank != BLACK_THREES
    score = 10.0 * len(action.cards) + (CANASTA_MADE if made else 0.0)
    if dump:
        return score
    if _held_back(r, action, meld, rank, made):
        return None
    return score - WILD_COST * wild


def _held_back(r: Reading, action: A.NewMeld | A.AddToMeld, meld: MeldView | None,
               rank: int, made: bool) -> bool:
    """Whether a play waits while the hand goes on: wild cards that finish no canasta (or
    spoil the side's clean hope), a joker meld, the last two of a low rank."""
    if wilds_in(action.cards, rank) and (not made or (meld and _clean_hope(r, meld))):
        return True
    if rank == JOKER_MELD and not meld:
        return True  # jokers are worth more as wild cards
    return bool(meld) and not made and _breaks_trap(r, rank, action.cards)


def _breaks_trap(r: Reading, rank: int, cards: Sequence[Card]) -> bool:
    """Whether an addition would leave fewer than two cards of a low rank in hand: a pair of
    fours to sevens is cheap to hold and takes the pile when an opponent throws that rank."""
    if rank not in TRAP_RANKS:
        return False
    return r.held[rank] - sum(c.rank == rank for c in cards) < 2


def _meld(r: Reading, meld_id: str) -> MeldView:
    return next(m for m in r.side.melds if m.id == meld_id)


def _clean_hope(r: Reading, meld: MeldView) -> bool:
    """Whether the meld is the side's best chance of a clean canasta, which it lacks."""
    if has_clean(r.side) or meld.wilds:
        return False
    clean = [m for m in r.side.melds if not m.wilds and not m.canasta]
    return meld is max(clean, key=lambda m: len(m.cards))
