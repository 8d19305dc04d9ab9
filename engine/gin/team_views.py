"""What team gin shows and tells: every board's public table, the team score, the events.

A board's own `GinTable` numbers its seats 0 (team A's member) and 1 (team B's), as the
two-player hand machinery does; `BoardView.seats` maps them back to the game's seats.
"""

from __future__ import annotations

from dataclasses import dataclass

from .match import TeamHand
from .options import GinOptions
from .views import GinTable, HandReport, ScoreSheet


@dataclass(frozen=True, slots=True)
class BoardView:
    """One board as everybody sees it: its two seats, whether its hand ended, its table."""

    index: int
    seats: tuple[int, int]  # the game's seats of local seats 0 and 1
    ended: bool  # its hand is over and waits for the other boards
    table: GinTable  # local seat numbers; its scores are the teams' (team A = local 0)

    @property
    def turn(self) -> int | None:
        """Return the game's seat this board waits for (None once its hand ended)."""
        turn = self.table.turn
        return None if self.ended or turn is None else self.seats[turn]

    @property
    def dealer(self) -> int:
        """Return the game's seat that dealt this board's hand."""
        return self.seats[self.table.dealer]


@dataclass(frozen=True, slots=True)
class TeamTable:
    """Everything every player may see of a team game: the boards and the team score."""

    game: str
    version: int
    hand_no: int
    options: GinOptions
    boards: tuple[BoardView, ...]
    scores: ScoreSheet  # one column per team: 0 is team A (seats 0, 2, …), 1 team B
    last_team: TeamHand | None  # the last team hand's score, public once over
    to_act: tuple[int, ...]  # the seats the boards wait for

    @property
    def team_size(self) -> int:
        """Return how many players each team has."""
        return len(self.boards)


@dataclass(frozen=True, slots=True)
class OnBoard:
    """A board's own event payload (gin's classes, local seats), with the board it is from."""

    board: int
    payload: object


@dataclass(frozen=True, slots=True)
class TeamHandEnded:
    """Every board's hand is over: each board's result (local seats) and the team score."""

    hand: int
    boards: tuple[HandReport, ...]
    team: TeamHand
