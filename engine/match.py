"""The match lifecycle every game shares: hand → hand result → totals → game end → standings.

A hand's result adds points per side to a `Scoreboard`; the game ends at a target (a unique
leader: ties play on), by elimination (never everybody at once), after a fixed number of hands,
or by a game's own rule (closings, best-of). `standings()` ranks the sides for results and
leaderboards, with per-seat detail.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import BadOption, BadState
from .sides import Sides


@dataclass(frozen=True, slots=True)
class Standing:
    """One side's place: its seats, points, rank (1 = first) and whether it won."""

    side: int
    seats: tuple[int, ...]
    points: int
    rank: int
    won: bool
    seat_points: tuple[int, ...] = ()  # each seat's own share, in `seats` order


def standings(sides: Sides, points: Sequence[int], winners: Iterable[int] = (),
              seat_points: Sequence[int] | None = None, highest: bool = True) -> list[Standing]:
    """Rank the sides: winners first, then by points (highest or lowest best), ties share."""
    won = set(winners)

    def order(side: int) -> tuple[bool, int]:
        return (side not in won, -points[side] if highest else points[side])

    ranked = sorted(range(len(sides)), key=order)
    out, rank = [], 0
    for place, side in enumerate(ranked):
        if place == 0 or order(side) != order(ranked[place - 1]):
            rank = place + 1
        seats = sides.members(side)
        detail = tuple(seat_points[s] for s in seats) if seat_points is not None else ()
        out.append(Standing(side, seats, points[side], rank, side in won, detail))
    return sorted(out, key=lambda s: s.side)


def unique_best(totals: Sequence[int], among: Iterable[int], highest: bool = True) -> int | None:
    """Return the one side with the best total among some, or None on a tie."""
    pool = list(among)
    if not pool:
        return None
    best = (max if highest else min)(totals[s] for s in pool)
    leaders = [s for s in pool if totals[s] == best]
    return leaders[0] if len(leaders) == 1 else None


def tied_lead(totals: Sequence[int], among: Iterable[int], target: int,
              highest: bool = True) -> list[int]:
    """Return the sides sharing the best total once one reached the target, else [].

    Such a tie ends nothing: another hand (or game) is played, which players must be told.
    """
    pool = list(among)
    if not _reached(totals, pool, target, highest):
        return []
    best = (max if highest else min)(totals[s] for s in pool)
    leaders = [s for s in pool if totals[s] == best]
    return leaders if len(leaders) > 1 else []


def _reached(totals: Sequence[int], pool: Sequence[int], target: int, highest: bool) -> bool:
    """Whether a side of the pool reached the target (at least it, or at most it if lowest)."""
    if highest:
        return any(totals[s] >= target for s in pool)
    return any(totals[s] <= target for s in pool)


@dataclass(slots=True)
class Scoreboard:
    """Running totals per side, each hand's points, and the sides eliminated."""

    totals: list[int]
    hands: list[list[int]] = field(default_factory=list)
    eliminated: set[int] = field(default_factory=set)

    @classmethod
    def new(cls, sides: int) -> Scoreboard:
        """Return an empty scoreboard for this many sides."""
        return cls([0] * sides)

    def record(self, points: Sequence[int]) -> None:
        """Add one hand's points per side."""
        if len(points) != len(self.totals):
            raise ValueError("one figure per side")
        self.hands.append(list(points))
        self.totals = [t + p for t, p in zip(self.totals, points)]

    @property
    def played(self) -> int:
        """Return how many hands have been scored."""
        return len(self.hands)

    def active(self) -> list[int]:
        """Return the sides still in the game."""
        return [s for s in range(len(self.totals)) if s not in self.eliminated]

    def eliminate(self, out: Callable[[int], bool]) -> set[int]:
        """Eliminate the active sides whose total is out; never everybody at once."""
        gone = {s for s in self.active() if out(self.totals[s])}
        if gone == set(self.active()):
            return set()
        self.eliminated |= gone
        return gone

    def last_standing(self) -> int | None:
        """Return the only side left, if only one is."""
        left = self.active()
        return left[0] if len(left) == 1 else None

    def leader_at(self, target: int, highest: bool = True) -> int | None:
        """Return the unique leader once someone reached the target (ties play on)."""
        left = self.active()
        reached = _reached(self.totals, left, target, highest)
        return unique_best(self.totals, left, highest) if reached else None

    def tied_at(self, target: int, highest: bool = True) -> list[int]:
        """Return the sides tied for the lead once someone reached the target (they play on)."""
        return tied_lead(self.totals, self.active(), target, highest)

    def to_json(self) -> dict[str, Any]:
        """Return a JSON-friendly form."""
        return {"totals": list(self.totals), "hands": [list(h) for h in self.hands],
                "eliminated": sorted(self.eliminated)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Scoreboard:
        """Rebuild from to_json(); BadState if the figures do not add up."""
        try:
            board = cls([int(x) for x in data["totals"]],
                        [[int(x) for x in h] for h in data.get("hands", [])],
                        {int(x) for x in data.get("eliminated", [])})
        except (KeyError, TypeError, ValueError) as error:
            raise BadState("the scores of this saved game cannot be read") from error
        if any(len(h) != len(board.totals) for h in board.hands):
            raise BadState("the scores of this saved game do not add up")
        return board


def first_dealer(named: object, players: int, seed: int) -> int:
    """Return the named first dealer, or one drawn by the seed; BadOption if not a seat."""
    dealer = random.Random(seed).randrange(players) if named is None else named
    if not isinstance(dealer, int) or not 0 <= dealer < players:
        raise BadOption("first_dealer must be a seat", key="first_dealer", value=dealer)
    return dealer


class Seated:
    """Seats around one `Scoreboard`: who is still in, who plays next, the deal's order.

    A mixin of the games dealt to two or more seats (Rummy 500, the Raminos, Canasta), whose
    seats may be eliminated; the game sets `sides` and `board`. `play_step` is the direction
    of play (a hook: +1 forwards along the seating list, -1 backwards).
    """

    sides: Sides
    board: Scoreboard

    @property
    def players(self) -> int:
        """Return how many seats the game has."""
        return self.sides.seats

    @property
    def totals(self) -> list[int]:
        """Return each seat's running total."""
        return self.board.totals

    @property
    def eliminated(self) -> set[int]:
        """Return the seats out of the game."""
        return self.board.eliminated

    def active(self) -> list[int]:
        """Return the seats still in the game."""
        return self.board.active()

    def play_step(self) -> int:
        """Return +1 when play runs forwards along the seating list, -1 backwards."""
        return 1

    def next_seat(self, seat: int) -> int:
        """Return the next seat in play order, skipping eliminated players."""
        step = self.play_step()
        for k in range(1, self.players + 1):
            nxt = (seat + step * k) % self.players
            if nxt not in self.eliminated:
                return nxt
        return seat

    def plays_before(self, seat: int) -> int | None:
        """Return the seat whose turn comes just before this one's, skipping eliminated
        players (None when nobody else is in)."""
        step = self.play_step()
        for k in range(1, self.players):
            prev = (seat - step * k) % self.players
            if prev not in self.eliminated:
                return prev
        return None

    def order_after(self, dealer: int) -> list[int]:
        """Return the seats still in, in play order, from the one after the dealer."""
        order, seat = [], dealer
        for _ in self.active():
            seat = self.next_seat(seat)
            order.append(seat)
        return order
