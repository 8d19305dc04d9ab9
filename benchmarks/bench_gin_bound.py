"""How far better reading of the opponent could take the hard gin player against OpenSpiel's bot.

Against `pyspiel.make_simple_gin_rummy_bot` the hand is a race to knock, and what loses it is
feeding the bot: it takes a discard that joins one of its melds or lets it knock. This bench
plays, on the same deals as `bench_gin_openspiel`, the hard player beside a copy of it that the
referee tells, for each card it could throw, whether the bot would take it (the bot's own rule
on its real hand). No honest player has that knowledge; the gap between the two lines is what
reading the opponent's hand could be worth at most, with the same draws and the same knocks.

Run: python -m benchmarks.bench_gin_bound [--hands N] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence

from benchmarks.bench_gin_openspiel import Lockstep, Policy, Tally, play_hands, rows, side_by_side
from engine.gin.ai import _BIT, _mask, _Table, _value, play_turn
from engine.gin.ai_hard import (
    _knock_choice,
    _should_take,
    choose_action_hard,
    discard_scores,
)
from engine.gin.search import bits
from engine.gin.views import GinHand


def bot_takes(t: _Table, opp: int, card: str) -> bool:
    """Whether the simple bot, holding `opp`, takes the card: it joins a meld or lets it knock."""
    full = opp | _BIT[card]
    if t.dead(full) < t.dead(opp) + _value(card, t.ace_value):
        return True
    return min(t.dead(full & ~x) for x in bits(full)) <= t.limit


class Told:
    """The hard player, told by the referee which of its discards the bot would take."""

    def __init__(self) -> None:
        self.opp = 0  # the bot's real hand as a mask, set before each of our moves

    def discard(self, t: _Table, view: GinHand, allowed: Sequence[str]) -> str:
        """Throw the card the hard player would, knowing for sure which ones feed the bot."""
        return discard_scores(t, t.hand, allowed,
                              lambda card: float(bot_takes(t, self.opp, card)))[0][1]

    def __call__(self, view: GinHand, rng: random.Random) -> str:
        return play_turn(view, rng, _should_take, _knock_choice, self.discard)


class Refereed(Lockstep):
    """A hand whose referee shows a told player the bot's hand before each of its moves."""

    def our_move(self) -> str:
        """Show the bot's real hand to a told player, then play as usual."""
        if isinstance(self.policy, Told):
            self.policy.opp = _mask([c.text for c in self.game.hands[1 - self.ours]])
        return super().our_move()


def play(policy: Policy, deals: int, seed0: int) -> Tally:
    """Play each deal in both seats, the referee telling `Told` the bot's hand."""
    return play_hands(policy, deals, seed0, Refereed)


def main() -> None:
    """Print the hard player and its told copy side by side."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=2000, help="hands per player (even)")
    parser.add_argument("--seed", type=int, default=20_000)
    parser.add_argument("--quick", action="store_true", help="200 hands")
    args = parser.parse_args()
    deals = 100 if args.quick else max(1, args.hands // 2)
    tables = {}
    for name, policy in (("hard", choose_action_hard), ("hard, told the bot's takes", Told())):
        t0 = time.perf_counter()
        tables[name] = rows(play(policy, deals, args.seed))
        tables[name].append(("wall seconds", f"{time.perf_counter() - t0:.0f}"))
    side_by_side(f"against OpenSpiel's simple bot, {2 * deals} hands each, same deals, both "
                 "seats (95 % CI in brackets)", tables)


if __name__ == "__main__":
    main()
