"""What the Canasta computer player reads from its view: its cards, the sides' melds, risks.

Everything here works on a `CanastaHand` (its own cards, the public table with every side's
melds, the seats' card counts, the pile's top and size): nothing reaches for the game
object. A `Reading` is built once per decision; the discard scores and the hand-end
estimates used by ai.py come from it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from math import comb
from typing import ClassVar

from ..cards import Card
from ..melds import BLACK_THREES, JOKER_MELD
from .melds import (
    BONUS,
    CLEAN,
    can_go_out,
    card_value,
    red_three_bonus,
)
from .views import CanastaHand, MeldView, SideView

_MELD_RANKS = {"JK": JOKER_MELD, "A": 1, "J": 11, "Q": 12, "K": 13}
AVERAGE_CARD = 12  # what a card left in a hand we cannot see is guessed to cost


def meld_rank(meld: MeldView) -> int:
    """Return a meld view's rank as a number (0 jokers, 2 twos, 3 black threes)."""
    found = _MELD_RANKS.get(meld.rank)
    return int(meld.rank) if found is None else found


def copies(rank: int) -> int:
    """Return how many cards of a rank the 162 hold that can ever be in a hand."""
    return 6 if rank in (JOKER_MELD, BLACK_THREES) else 12


def pair_chance(left: int, hand: int, pool: int) -> float:
    """Return the chance that a hand of `hand` cards drawn from `pool` unseen cards holds at
    least two of the `left` unseen copies of a rank (hypergeometric)."""
    if left < 2 or hand < 2 or pool <= 0:
        return 0.0
    hand = min(hand, pool)
    total = comb(pool, hand)
    none = comb(pool - left, hand)
    one = left * comb(pool - left, hand - 1)
    return max(0.0, 1.0 - (none + one) / total)


@dataclass(frozen=True)
class Reading:
    """One decision's reading of the view: cards held by rank, the sides, what is unseen."""

    view: CanastaHand
    # how much the discard weighs the next player's danger, times ai_discard.DANGER
    danger_scale: ClassVar[float] = 1.0
    # what a two thrown to freeze the pile costs besides its value (None: wild cards last)
    freeze_cost: ClassVar[float | None] = None
    # whether a rank the opponents have melded goes after every other (the danger aside)
    shy_of_theirs: ClassVar[bool] = True

    @cached_property
    def cards(self) -> list[Card]:
        """Return the hand's cards."""
        return [Card.parse(t) for t in self.view.hand]

    @cached_property
    def held(self) -> Counter[int]:
        """Return how many cards of each rank the hand holds."""
        return Counter(c.rank for c in self.cards)

    @property
    def side(self) -> SideView:
        """Return the player's side."""
        return next(s for s in self.view.table.sides if self.view.seat in s.seats)

    @property
    def others(self) -> list[SideView]:
        """Return the opposing sides."""
        return [s for s in self.view.table.sides if self.view.seat not in s.seats]

    @property
    def next_seat(self) -> int:
        """Return the seat that plays next (always an opponent)."""
        return (self.view.seat + 1) % self.view.table.players

    @cached_property
    def opponent_ranks(self) -> frozenset[int]:
        """Return the ranks the opposing sides have melded."""
        return frozenset(meld_rank(m) for s in self.others for m in s.melds)

    @cached_property
    def seen(self) -> Counter[int]:
        """Return how many cards of each rank are in sight: the hand, the melds, the top."""
        out = Counter(self.held)
        for side in self.view.table.sides:
            out.update(Card.parse(t).rank for m in side.melds for t in m.cards)
        top = self.view.table.pile_top
        if top is not None:
            out[Card.parse(top).rank] += 1
        return out

    @property
    def unseen(self) -> int:
        """Return how many cards the player cannot see: the stock, other hands, the pile."""
        table = self.view.table
        hands = sum(n for seat, n in enumerate(table.cards) if seat != self.view.seat)
        return table.stock + hands + max(0, table.pile - 1)

    def value(self, card: Card) -> int:
        """Return a card's value under the game's options."""
        return card_value(card, self.view.table.options)

    def danger(self, rank: int) -> float:
        """Return the chance the next player holds two unseen cards of the rank (and so may
        take the pile should a card of that rank top it)."""
        left = copies(rank) - self.seen[rank]
        return pair_chance(left, self.view.table.cards[self.next_seat], self.unseen)

    def side_melds(self, rank: int) -> list[MeldView]:
        """Return the player's side's melds of a rank."""
        return [m for m in self.side.melds if meld_rank(m) == rank]


# --- canastas and the hand's end --------------------------------------------------------


def canastas(side: SideView) -> list[str]:
    """Return the kinds of the side's canastas."""
    return [m.canasta for m in side.melds if m.canasta]


def may_go_out(side: SideView) -> bool:
    """Whether the side meets the going-out condition (two canastas, one clean)."""
    return can_go_out(canastas(side))


def has_clean(side: SideView) -> bool:
    """Whether the side has a clean canasta (what going out needs besides a second one)."""
    return any(m.canasta in CLEAN for m in side.melds)


def hand_estimate(r: Reading, side: SideView, out: bool) -> int:
    """Guess the side's hand score if the hand ended now (M + C + R + G − P); the cards in
    hands are guessed at AVERAGE_CARD each, none for the player himself when he goes out."""
    opts = r.view.table.options
    melded = sum(card_value(Card.parse(t), opts) for m in side.melds for t in m.cards)
    bonus = sum(BONUS[k] for k in canastas(side))
    reds = red_three_bonus(len(side.red_threes)) * (1 if side.melds else -1)
    going = opts.going_out_bonus if out else 0
    held = [r.view.table.cards[s] for s in side.seats if not (out and s == r.view.seat)]
    penalty = sum(held) * AVERAGE_CARD * (1 if bonus else 2)
    return melded + bonus + reds + going - penalty


def going_out_pays(r: Reading) -> bool:
    """Whether going out now is good for the side: it ends the game won, or (the game going
    on) the side wins the hand or stays ahead on the totals."""
    mine = hand_estimate(r, r.side, out=True)
    theirs = [hand_estimate(r, s, out=False) for s in r.others]
    total = r.side.total + mine
    totals = [s.total + h for s, h in zip(r.others, theirs)]
    if max([total, *totals]) >= r.view.table.options.target_score:
        return all(total > t for t in totals)
    return all(mine >= h for h in theirs) or all(total >= t for t in totals)
