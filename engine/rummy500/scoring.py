"""Rummy 500 scoring: card values by position (rummy500.md, Cards and values), the hand's
end (scores, totals, elimination on the shared Scoreboard) and the winner."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..cards import Card
from ..game import Event
from .events import GameEnded
from .options import Rummy500Options
from .state import Rummy500State
from .views import HandReport, SeatReport, melds_of

POSITIONS = ("set", "run_low_ace", "run", "hand")


def card_value(card: Card, options: Rummy500Options, position: str) -> int:
    """Return the card's value where it lies: in a set, at rank 1 of a run, in a run, in hand."""
    if position not in POSITIONS:
        raise ValueError(f"unknown position {position!r}")
    special = options.special_card
    if special is not None and card.text == special:
        return options.special_card_value  # replaces every other value, in every column
    if card.rank == 1:
        return 5 if position == "run_low_ace" else 15
    if card.rank >= 10:
        return 10
    return card.rank if options.scala40_values else 5


def run_position(card: Card, pos: int) -> str:
    """Return the value position of a card standing at run position pos (1 … 14)."""
    return "run_low_ace" if pos == 1 and card.rank == 1 else "run"


def hand_value(cards: Iterable[Card], options: Rummy500Options) -> int:
    """Return the value of cards left in hand."""
    return sum(card_value(c, options, "hand") for c in cards)


def meld_points(kind: str, cards: Sequence[Card], low: int, options: Rummy500Options) -> int:
    """Return the value of a meld in table order (a run starting at position `low`)."""
    if kind == "set":
        return sum(card_value(c, options, "set") for c in cards)
    return sum(card_value(c, options, run_position(c, low + i)) for i, c in enumerate(cards))


@dataclass(frozen=True, slots=True)
class SeatScore:
    """One seat's hand: what he melded, laid off (claims included), held, and the net."""

    seat: int
    melded: int
    laid_off: int
    in_hand: int
    hand: tuple[Card, ...]

    @property
    def hand_score(self) -> int:
        """Return melded + laid off − held."""
        return self.melded + self.laid_off - self.in_hand

    def report(self) -> SeatReport:
        """Return the score as everybody sees it once the hand is over (held cards revealed)."""
        return SeatReport(self.seat, self.melded, self.laid_off, self.in_hand,
                          tuple(c.text for c in self.hand))


# --- the end of a hand and of the game --------------------------------------------------------


def seat_scores(g: Rummy500State) -> list[SeatScore]:
    """Return the running score of every seat in the hand, as if it ended now."""
    out = []
    for seat in g.active():
        credits = g.table.credits(seat)
        melded = credits.pop("meld", 0)
        hand = g.hands[seat]
        out.append(SeatScore(seat, melded, sum(credits.values()), hand_value(hand, g.values),
                             tuple(hand)))
    return out


def end_hand(g: Rummy500State, reason: str, out: int | None) -> list[Event]:
    """Score the hand, eliminate, find a winner; deal the next hand unless the game is over."""
    g.close_window("hand_end")
    scores = seat_scores(g)
    gone = _score(g, scores, out)
    g.winner = _find_winner(g, out)
    g.last_result = HandReport(
        g.hand_no, reason, out, tuple(s.report() for s in scores), tuple(g.totals),
        tuple(sorted(gone)), tuple(g.closings), melds_of(g.table), _tied(g))
    events = [Event("hand_end", out, g.last_result)]
    g.claim_open, g.free_card, g.redraw = False, None, False
    if g.winner is not None:
        g.phase = "over"
        return events + [Event("game_end", g.winner,
                               GameEnded(g.winner, tuple(g.totals), tuple(g.closings)))]
    g.dealer = g.next_seat(g.dealer)
    if g.opts.special_card_per_hand:
        g.reset_hand()
        g.phase, g.turn = "special", g.dealer
        return events
    return events + g.deal()


def _score(g: Rummy500State, scores: Sequence[SeatScore], out: int | None) -> set[int]:
    """Add the hand to the totals and closings; return the seats it eliminates."""
    points = [0] * g.players  # eliminated seats score nothing
    for s in scores:
        points[s.seat] = s.hand_score
    g.board.record(points)
    if out is not None:
        g.closings[out] += 1
    limit = g.opts.elimination_score
    return set() if limit is None else g.board.eliminate(lambda total: total <= limit)


def _tied(g: Rummy500State) -> tuple[int, ...]:
    """Return the seats whose shared lead past the target makes another hand (Decision 16)."""
    opts = g.opts
    if g.winner is not None or opts.game_mode != "points" or opts.win_by_closing_only:
        return ()
    return tuple(g.board.tied_at(opts.target_score))


def _find_winner(g: Rummy500State, out: int | None) -> int | None:
    last = g.board.last_standing()
    if last is not None:
        return last
    opts = g.opts
    if opts.game_mode == "closings":
        if out is not None and g.closings[out] >= opts.closings_to_win:
            return out
        return None
    target = opts.target_score
    if opts.win_by_closing_only:
        return out if out is not None and g.totals[out] >= target else None
    return g.board.leader_at(target)
