"""The hard Canasta player: the normal player, reading the hand's public history.

Where a Canasta turn is lost is the discard: the next player, always an opponent, takes the
whole pile if he holds two naturals of its top's rank. The normal player guesses that chance
from the cards it cannot see, as if they were dealt at random (ai_cards.Reading.danger). The
hard one remembers what every player at the table saw (the table's `known` and `shunned`):
the pile cards that went into the next player's hand and have not come out are there, so a
pair of them is a sure take and one of them half of it; a rank he threw or left on the pile
(he drew instead of taking) since his last take is one he seldom holds two of. Everything
else is the normal player's.

Why the discard: the normal player told the next player's true hand (its danger 1 for a rank
he holds two naturals of, else 0) won 78.5 % of 200 whole games heads-up and 68 % at four
(seat + normal partner), each deal played with the player on either side. That is the most
any reading of the danger can give; the history gives part of it.

Measured over whole games to 15,000 against the normal player (decision CPU p50 0.3 ms,
p99 1.2-1.4 ms, max 57 ms: it does not search):
- benchmarks.bench_levels --game canasta --level hard --games 400 (seated for the run only):
  heads-up 54.2 % of 400 (95 % 49.4-59.1); four seats, hard + normal partner against two
  normal, 55.5 % of 400 (50.6-60.3);
- each deal played twice, the hard player on either side: heads-up 58.5 % of 200
  (+/- 5.4), four seats 53.5 % of 200 (+/- 4.2). Without the shunned ranks 53.5 % heads-up,
  with them read as never paired 53.5 %, at 0.1 or 0.4 57.5 % and 56 %: 0.25 kept.
Short of issue 29's 58 % with its interval above 52 %, so `level:hard` still seats normal.

Searching (engine/hard.py over worlds.py's games) measured no stronger over whole games in
round 2 (51 % of 247 heads-up), so this player does not search.
"""

from __future__ import annotations

from math import comb

from ..cards import Card
from . import actions as A
from .ai import choose_action
from .ai_cards import Reading, copies, pair_chance
from .views import CanastaHand

SHUNNED = 0.25  # a rank the next player threw or left on the pile: his pair's chance, times


class HistoryReading(Reading):
    """A reading of the view that weighs the public history in the next player's danger."""

    def danger(self, rank: int) -> float:
        """Return the chance the next player holds two naturals of the rank: sure with two
        known, else the unseen cards' chance over the part of his hand nobody saw."""
        table, seat = self.view.table, self.next_seat
        if not table.known:
            return super().danger(rank)
        known = sum(Card.parse(t).rank == rank for t in table.known[seat])
        if known >= 2:
            return 1.0
        elsewhere = [Card.parse(t) for s, k in enumerate(table.known) if s != self.view.seat
                     for t in k]
        left = copies(rank) - self.seen[rank] - sum(c.rank == rank for c in elsewhere)
        hand = table.cards[seat] - len(table.known[seat])
        pool = self.unseen - len(elsewhere)
        chance = one_chance(left, hand, pool) if known else pair_chance(left, hand, pool)
        shunned = any(Card.parse(t).rank == rank for t in table.shunned[seat])
        return chance * SHUNNED if shunned else chance


def one_chance(left: int, hand: int, pool: int) -> float:
    """Return the chance that a hand of `hand` cards drawn from `pool` unseen cards holds at
    least one of the `left` unseen copies of a rank."""
    if left < 1 or hand < 1 or pool <= 0:
        return 0.0
    hand = min(hand, pool)
    return 1.0 - comb(max(0, pool - left), hand) / comb(pool, hand)


def hard_action(view: CanastaHand) -> A.CanastaAction:
    """Return the hard player's action, one of the view's legal actions."""
    return choose_action(view, HistoryReading)
