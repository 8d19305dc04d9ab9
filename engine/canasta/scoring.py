"""The end of a Canasta hand and of the game (canasta.md, Scoring a hand, Ending the game).

Each side scores M + C + R + G − P: its melded cards, its canasta bonuses, its red threes
(negative without a meld), the going-out bonus, and the cards left in its players' hands
(doubled without a canasta). The game ends after a hand that leaves some side at the target
with a single highest total; a tie for it plays another hand (Decisions 22, 29).
"""

from __future__ import annotations

from collections.abc import Iterable

from ..cards import Card
from ..game import Event
from .events import GameEnded
from .melds import BONUS, canasta_kind, cards_value, red_three_bonus
from .state import CanastaState
from .views import HandReport, SideReport, melds_of, texts


def value(g: CanastaState, cards: Iterable[Card]) -> int:
    """Return the cards' value under the game's options."""
    return cards_value(cards, g.opts)


def side_report(g: CanastaState, side: int, out: int | None) -> SideReport:
    """Return a side's M, C, R, G, P and score for the hand as it lies."""
    melds = g.table.owned_by(side)
    kinds = [canasta_kind(m.rank, m.cards) for m in melds]
    m = sum(value(g, meld.cards) for meld in melds)
    c = sum(BONUS[k] for k in kinds if k)
    r = red_three_bonus(len(g.red_threes[side])) * (1 if melds else -1)
    gone = g.opts.going_out_bonus if out is not None and g.side(out) == side else 0
    seats = g.sides.members(side)
    p = sum(value(g, g.hands[s]) for s in seats) * (1 if any(kinds) else 2)
    return SideReport(side, m, c, r, gone, p, m + c + r + gone - p,
                      tuple(texts(sorted(g.hands[s])) for s in seats))


def end_hand(g: CanastaState, out: int | None, reason: str) -> list[Event]:
    """Score the hand, then end the game or deal the next hand."""
    reports = tuple(side_report(g, side, out) for side in range(len(g.sides)))
    g.board.record([r.score for r in reports])
    target = g.opts.target_score
    g.last_result = HandReport(g.hand_no, reason, out, reports, melds_of(g.table),
                               tuple(len(r) for r in g.red_threes), tuple(g.totals),
                               tuple(g.board.tied_at(target)))
    events = [Event("hand_end", out, g.last_result)]
    winner = g.board.leader_at(target)
    if winner is not None:
        g.phase = "over"
        return [*events, Event("game_end", None, GameEnded(winner, tuple(g.totals)))]
    g.dealer = g.next_seat(g.dealer)
    return events + g.deal()


def winner_of(g: CanastaState) -> int | None:
    """Return the winning side once the game is over."""
    return g.board.leader_at(g.opts.target_score) if g.is_over else None
