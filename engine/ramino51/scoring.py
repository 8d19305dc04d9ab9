"""The end of a Ramino 51 hand and of the game (ramino51.md, Scoring a hand, Ending the game).

The closer pays nothing; every other seat pays m × the penalty values of the cards he holds
(or m × `unopened_penalty` if he has not opened and that option is a number), m being the
close-in-hand multiplier after a close in hand, else 1. A void hand charges nobody but counts
as a hand played. The game ends after `hands_per_game` hands (or once a total reaches
`score_limit`) with one lowest total; a tie for it plays another hand.
"""

from __future__ import annotations

from ..cards import Card, text_or_none
from ..game import Event
from ..match import unique_best
from . import melds
from .events import GameEnded
from .state import Ramino51State
from .views import HandReport, SeatReport, melds_of, texts


def hand_value(cards: list[Card]) -> int:
    """Return the penalty value of cards left in hand."""
    return sum(melds.card_penalty(c) for c in cards)


def charge(g: Ramino51State, seat: int, m: int) -> int:
    """Return what a seat other than the closer pays: m × his cards, or m × the fixed penalty."""
    fixed = g.opts.unopened_penalty
    if fixed is not None and not g.opened[seat]:
        return m * fixed
    return m * hand_value(g.hands[seat])


def end_hand(g: Ramino51State, closer: int | None, reason: str = "void",
             thrown: Card | None = None) -> list[Event]:
    """Score the hand (closed by `closer`, or void), then end the game or deal the next hand."""
    g.last_result = _score(g, closer, reason, thrown)
    events = [Event("hand_end", closer, g.last_result)]
    winner = winner_of(g)
    if winner is not None:
        g.phase = "over"
        return [*events, Event("game_end", winner, GameEnded(winner, tuple(g.totals)))]
    g.dealer = g.next_seat(g.dealer)
    return events + g.deal()


def _score(g: Ramino51State, closer: int | None, reason: str,
           thrown: Card | None) -> HandReport:
    """Charge every seat, record the hand on the board, and report it with every hand open."""
    m = g.opts.close_in_hand_multiplier if reason == "in_hand" else 1
    charges = [0 if closer is None or seat == closer else charge(g, seat, m)
               for seat in range(g.players)]
    g.board.record(charges)
    seats = tuple(SeatReport(seat, texts(g.hands[seat]), g.opened[seat],
                             hand_value(g.hands[seat]), charges[seat])
                  for seat in range(g.players))
    return HandReport(g.hand_no, reason, closer, text_or_none(thrown), m, seats, tuple(charges),
                      tuple(g.totals), melds_of(g.table), tied(g))


def ended(g: Ramino51State) -> bool:
    """Whether the game has reached its end (by hands, or by a total at the limit)."""
    if g.opts.end_mode == "hands":
        return g.board.played >= g.opts.hands_per_game
    return any(total >= g.opts.score_limit for total in g.totals)


def winner_of(g: Ramino51State) -> int | None:
    """Return the seat with the one lowest total once the game has reached its end."""
    return unique_best(g.totals, range(g.players), highest=False) if ended(g) else None


def tied(g: Ramino51State) -> tuple[int, ...]:
    """Return the seats sharing the lowest total at the game's end: they play another hand."""
    if not ended(g):
        return ()
    low = min(g.totals)
    leaders = tuple(s for s in range(g.players) if g.totals[s] == low)
    return leaders if len(leaders) > 1 else ()
