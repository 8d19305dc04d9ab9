"""The end of a Ramino hand: charges and multipliers, chips, elimination, re-entry, the winner.

A close charges every other player his penalty × the close's multiplier (the closer: nothing
at zero, his own penalty in points mode); the chips game moves one chip from each other
player to the closer instead. Then seats above the limit go out (never everybody: the lowest
stay), those just eliminated may be offered re-entry, and the game ends or the next dealer
deals. A void hand charges nobody but counts as a hand played.
"""

from __future__ import annotations

from ..cards import Card, text_or_none
from ..game import Event
from ..match import unique_best
from .events import Closed, Declined, GameEnded, Reentered, ReentryOffered
from .options import RaminoOptions
from .penalty import Arrangement, best_arrangement
from .state import Offer, RaminoState
from .views import ArrangementView, HandReport, SeatReport, texts


def multiplier(opts: RaminoOptions, shape: str) -> int:
    """Return the largest multiplier the closer's kept cards earn (a ramino is a colore too)."""
    earned = [1]
    if shape == "ramino":
        earned.append(opts.ramino_multiplier)
    if shape in ("ramino", "colore"):
        earned.append(opts.colore_multiplier)
    return max(earned)


def end_hand(g: RaminoState, closer: int | None, thrown: Card | None = None) -> list[Event]:
    """Score the hand (closed by `closer`, or void), then offer re-entry, end, or deal on."""
    events = [] if closer is None else [Event("close", closer, Closed(text_or_none(thrown)))]
    g.last_result = _score(g, closer, thrown)
    events.append(Event("hand_end", closer, g.last_result))
    g.taken = g.drawn = None
    offer = g.offer
    if g.winner is not None:
        g.phase = "over"
        return [*events, Event("game_end", g.winner, GameEnded(g.winner, tuple(g.totals),
                                                               owed(g)))]
    if offer is not None:
        g.phase = "reentry"
        return [*events, Event("reentry_offer", None, ReentryOffered(offer.offered, offer.total))]
    return events + next_hand(g)


def _score(g: RaminoState, closer: int | None, thrown: Card | None) -> HandReport:
    """Record the hand's points, eliminate, open any re-entry offer, find a winner."""
    seats, m = _reports(g, closer) if closer is not None else ((), 1)
    points = [0] * g.players
    for s in seats:
        points[s.seat] = s.points
    g.board.record(points)
    gone = set() if g.opts.chips else _eliminate(g)
    offer = g.offer = _offer(g, gone)
    g.winner = _winner(g)
    return HandReport(
        g.hand_no, "void" if closer is None else "close", closer, text_or_none(thrown), m, seats,
        tuple(points), tuple(g.totals), tuple(sorted(gone)),
        offer.offered if offer else (), offer.total if offer else None, _tied(g))


def _reports(g: RaminoState, closer: int) -> tuple[tuple[SeatReport, ...], int]:
    """Return every seat's hand judged and charged, and the close's multiplier."""
    rules = g.penalty_rules
    kept = best_arrangement(g.hands[closer], rules)
    m = multiplier(g.opts, kept.shape)
    out = []
    for seat in g.active():
        judged = kept if seat == closer else best_arrangement(g.hands[seat], rules)
        times = 1 if seat == closer else m
        out.append(SeatReport(seat, texts(g.hands[seat]), ArrangementView.of(judged), times,
                              _points(g, seat, closer, judged, m)))
    return tuple(out), m


def _points(g: RaminoState, seat: int, closer: int, judged: Arrangement, m: int) -> int:
    """Return what the hand adds to the seat's total: a charge, or chips."""
    if g.opts.chips:
        return len(g.active()) - 1 if seat == closer else -1
    if seat != closer:
        return judged.penalty * m
    return judged.penalty if g.opts.close_mode == "points" else 0  # the closer's own remainder


def _eliminate(g: RaminoState) -> set[int]:
    """Put out the seats above the limit; if that is everybody, the lowest total(s) stay."""
    limit = g.opts.elimination_limit
    left = g.active()
    if all(g.totals[s] > limit for s in left):
        low = min(g.totals[s] for s in left)
        return g.board.eliminate(lambda total: total > limit and total > low)
    return g.board.eliminate(lambda total: total > limit)


def _offer(g: RaminoState, gone: set[int]) -> Offer | None:
    """Offer re-entry to the seats just eliminated, if 3 or more others remain (rule 3)."""
    left = g.active()
    if not g.opts.reentry or not gone or len(left) < 3:
        return None
    offered = tuple(s for s in sorted(gone) if g.reentries[s] < g.opts.max_reentries)
    if not offered:
        return None
    return Offer(offered, list(offered), max(g.totals[s] for s in left))


def _winner(g: RaminoState) -> int | None:
    if not g.opts.chips:
        return g.board.last_standing()
    if g.board.played < g.opts.chips_hands:
        return None
    return unique_best(g.totals, g.active())


def _tied(g: RaminoState) -> tuple[int, ...]:
    """Return the seats sharing the most chips once the hands are played (they play on)."""
    if not g.opts.chips or g.board.played < g.opts.chips_hands:
        return ()
    left = g.active()
    most = max(g.totals[s] for s in left)
    leaders = tuple(s for s in left if g.totals[s] == most)
    return leaders if len(leaders) > 1 else ()


def answer(g: RaminoState, seat: int, accept: bool) -> list[Event]:
    """Record a seat's answer to the re-entry offer; deal when nobody owes one any more."""
    offer = g.offer
    assert offer is not None  # the check let the answer through
    offer.waiting.remove(seat)
    if accept:
        g.board.eliminated.discard(seat)
        g.totals[seat] = offer.total
        g.reentries[seat] += 1
        events = [Event("reenter", seat, Reentered(offer.total))]
    else:
        events = [Event("decline", seat, Declined())]
    if offer.waiting:
        return events
    g.offer = None
    return events + next_hand(g)


def next_hand(g: RaminoState) -> list[Event]:
    """Pass the deal to the next player and deal."""
    g.phase = "first"
    g.dealer = g.next_seat(g.dealer)
    return g.deal()


def owed(g: RaminoState) -> tuple[int, ...]:
    """Return what each loser owes the winner at the stake: stake × his final total."""
    if g.winner is None or g.opts.chips:
        return ()
    stake = g.opts.stake_per_point
    return tuple(0 if s == g.winner else stake * g.totals[s] for s in range(g.players))
