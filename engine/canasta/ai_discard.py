"""The Canasta computer player's discard: the card that costs least to give away and to lose.

A discard becomes the pile's top for the next player, always an opponent, who takes the whole
pile if he holds two naturals of its rank. A wild card goes only when nothing else is
left, a rank the opponents have melded only when nothing but wild cards is; among the rest
a card costs its danger (the chance he holds that pair, weighed by the pile's size), what
it is worth to keep (a pair, a card for the side's meld) and its value: opponents who throw
their low cards hold pairs of high ones, so a high card feeds their take. A black three costs
least: nobody may take the pile while it lies on top.
"""

from __future__ import annotations

from ..cards import Card
from ..melds import JOKER_MELD, TWOS_MELD
from .ai_cards import Reading, may_go_out

BLACK_THREE = -1000.0  # freezes the pile for the next player
KEEP_PAIR = 25.0  # a card of a rank held twice or more (a pile take or a meld in reach)
KEEP_FIT = 15.0  # a card of a rank the side has melded (it goes on the meld later)
DANGER = 10.0  # per card of the pile, times the chance the next player may take it
VALUE = 1.6  # per point of value: an opened side throws its low cards (measured v greedy)
VALUE_UNOPENED = 1.0  # … an unopened one, times its minimum / 50: it keeps them to open
UNOPENED_TAKER = 0.3  # the danger's weight when the next player's side has not opened
LATE_STOCK = 2  # per seat: with this few stock cards left the hand is near its end
SHORT_HAND = 3  # an opponent who may go out holding this few cards may end the hand


def hand_may_end(r: Reading) -> bool:
    """Whether the hand may end before the player's next turn or soon after it."""
    table = r.view.table
    if table.stock <= LATE_STOCK * table.players:
        return True
    return any(may_go_out(s) and min(table.cards[seat] for seat in s.seats) <= SHORT_HAND
               for s in r.others)


def _can_open(r: Reading) -> float:
    """Return how readily the next player's side takes a pile: an unopened side must meet
    its opening minimum with the take."""
    side = next(s for s in r.others if r.next_seat in s.seats)
    return 1.0 if side.opened else UNOPENED_TAKER


def discard_cost(r: Reading, card: Card) -> tuple[bool, bool, float]:
    """Return what throwing the card costs, lowest first: a wild card last of all (but a two
    when the reading prices a frozen pile), then a rank the opponents have melded, then the
    card's weighed cost."""
    if card.rank == TWOS_MELD and r.freeze_cost is not None and not hand_may_end(r):
        return False, False, r.freeze_cost + VALUE * r.value(card)  # taking needs three twos
    wild = card.rank in (JOKER_MELD, TWOS_MELD)
    theirs = r.shy_of_theirs and card.rank in r.opponent_ranks
    if wild or card.rank == 3:
        return wild, theirs, r.value(card) if wild else BLACK_THREE
    cost = KEEP_PAIR if r.held[card.rank] >= 2 else 0.0
    if r.side_melds(card.rank):
        cost += KEEP_FIT
    cost += (DANGER * (r.view.table.pile + 1) * r.danger(card.rank) * _can_open(r)
             * r.danger_scale)
    weight = VALUE if r.side.opened else VALUE_UNOPENED * r.side.minimum / 50
    return False, theirs, cost + weight * r.value(card)


def choose_discard(r: Reading) -> str:
    """Return the text of the cheapest legal discard (the first action if none is legal)."""
    found = [t for t in r.view.actions if t.startswith("discard ")]
    if not found:
        return r.view.actions[0]
    return min(found, key=lambda t: discard_cost(r, Card.parse(t.split()[1])))
