"""Scorekeeping across hands and games: single, Hollywood, best-of and multi-game.

Team gin keeps the same books with one column per team: `team_hand` nets the boards' results
into one hand result, which `Match.record` enters as if each team were one player.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..match import Scoreboard, tied_lead, unique_best
from .events import GameEnded
from .options import GinOptions


@dataclass(slots=True)
class Column:
    """One game's score sheet: each seat's entries (a box per hand won)."""

    entries: list[list[int]] = field(default_factory=lambda: [[], []])
    finished: bool = False
    winner: int | None = None
    finals: list[int] = field(default_factory=lambda: [0, 0])

    def total(self, seat: int) -> int:
        """Return a seat's running score in this game."""
        return sum(self.entries[seat])

    def boxes(self, seat: int) -> int:
        """Return how many hands the seat has won in this game."""
        return len(self.entries[seat])

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-friendly form."""
        return {"entries": self.entries, "finished": self.finished, "winner": self.winner,
                "finals": self.finals}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Column:
        """Rebuild from to_dict()."""
        return cls([list(e) for e in d["entries"]], d["finished"], d["winner"], list(d["finals"]))


SWEEP_STEP = 25  # gin.md: a sweep by a team of n >= 3 adds 25 x (n - 2)


@dataclass(frozen=True, slots=True)
class TeamHand:
    """A team hand's score: each team's hand points, the winning team and what it scores."""

    team_points: tuple[int, int]  # the sum of each team's members' hand points
    winner: int | None  # None: the net result is 0 and nobody scores
    points: int  # the net result plus the sweep bonus
    sweep: int = 0

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-friendly form."""
        return {"team_points": list(self.team_points), "winner": self.winner,
                "points": self.points, "sweep": self.sweep}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> TeamHand:
        """Rebuild from to_dict()."""
        a, b = (int(x) for x in d["team_points"])
        return cls((a, b), d["winner"], int(d["points"]), int(d["sweep"]))


def team_hand(results: Sequence[tuple[int | None, int]]) -> TeamHand:
    """Net the boards' results (winning team or None, points) into the team hand's score."""
    per = (sum(p for w, p in results if w == 0), sum(p for w, p in results if w == 1))
    net = per[0] - per[1]
    if net == 0:
        return TeamHand(per, None, 0)
    winner = 0 if net > 0 else 1
    swept = len(results) >= 3 and all(w == winner for w, _ in results)
    sweep = SWEEP_STEP * (len(results) - 2) if swept else 0
    return TeamHand(per, winner, abs(net) + sweep, sweep)


def settle(col: Column, opts: GinOptions, bonuses: bool = True) -> None:
    """Finish a game: pick its winner and compute final totals with end-of-game bonuses."""
    run = [col.total(0), col.total(1)]
    winner = 0 if run[0] > run[1] else 1
    if opts.exact_50_lead_loses and abs(run[0] - run[1]) == 50:
        winner = 1 - winner  # the leader by exactly 50 loses
    loser = 1 - winner
    col.finished, col.winner = True, winner
    if not bonuses:
        col.finals = run
        return
    shutout = opts.shutout_double and col.boxes(loser) == 0
    col.finals = [0, 0]
    col.finals[winner] = run[winner] * (2 if shutout else 1) + opts.game_bonus
    col.finals[winner] += opts.line_bonus * col.boxes(winner)
    col.finals[loser] = run[loser] + opts.line_bonus * col.boxes(loser)


@dataclass(slots=True)
class Match:
    """The whole match: current columns, finished games, and the match result."""

    opts: GinOptions
    columns: list[Column] = field(default_factory=list)
    wins: list[int] = field(default_factory=lambda: [0, 0])  # hands won in the match
    games_won: list[int] = field(default_factory=lambda: [0, 0])
    match_scores: list[int] = field(default_factory=lambda: [0, 0])
    over: bool = False
    winner: int | None = None  # None with over = a drawn match
    # Each hand's points per seat, dead and tied hands included (the final score sheet).
    board: Scoreboard = field(default_factory=lambda: Scoreboard.new(2))

    def __post_init__(self) -> None:
        if not self.columns:
            self.columns = [Column() for _ in range(3 if self.hollywood else 1)]

    @property
    def hollywood(self) -> bool:
        """Whether three games are scored at once."""
        return self.opts.match_format == "hollywood"

    def current(self) -> Column:
        """Return the game now being played (single, best-of, multi-game)."""
        return self.columns[-1]

    def record(self, winner: int | None, points: int) -> list[GameEnded]:
        """Enter a hand's result; return the games that finished with it."""
        self.board.record([points if seat == winner else 0 for seat in (0, 1)])
        if winner is None or points <= 0:
            return []
        self.wins[winner] += 1
        if self.hollywood:
            return self._record_hollywood(winner, points)
        col = self.current()
        col.entries[winner].append(points)
        if col.total(winner) < self.opts.target_score:
            return []
        return [self._finish(col)]

    def points(self) -> list[int]:
        """Return each side's match points as standings rank them (bonuses included)."""
        if self.opts.match_format in ("hollywood", "multi_game"):
            return list(self.match_scores)
        return [sum(c.finals[s] for c in self.columns if c.finished) for s in (0, 1)]

    def record_all(self, points: tuple[int, ...], winner: int | None) -> list[GameEnded]:
        """Enter a hand where both seats score (Mahjong gin); totals may fall below zero."""
        self.board.record(list(points))
        if winner is not None:
            self.wins[winner] += 1
        col = self.current()
        for seat in (0, 1):
            col.entries[seat].append(points[seat])
        totals = (col.total(0), col.total(1))
        if max(totals) < self.opts.target_score or totals[0] == totals[1]:
            return []  # equal totals past the target: another hand
        return [self._finish(col)]

    def _record_hollywood(self, winner: int, points: int) -> list[GameEnded]:
        n = min(self.wins[winner], 3)  # 1st win: G1; 2nd: G1-G2; 3rd and later: G1-G3
        done = []
        for col in self.columns[:n]:
            if col.finished:
                continue
            col.entries[winner].append(points)
            if col.total(winner) >= self.opts.target_score:
                settle(col, self.opts)
                self.games_won[col.winner or 0] += 1
                done.append(self._game_summary(col))
        if all(c.finished for c in self.columns):
            totals = [sum(c.finals[s] for c in self.columns) for s in (0, 1)]
            self._end_by(totals, self.games_won)
        return done

    def _finish(self, col: Column) -> GameEnded:
        fmt = self.opts.match_format
        if fmt == "multi_game":
            self._finish_multi(col)
        else:
            settle(col, self.opts)
            assert col.winner is not None
            self.games_won[col.winner] += 1
            if fmt == "single" or self.games_won[col.winner] >= (self.opts.best_of_games + 1) // 2:
                self.over, self.winner = True, col.winner
        summary = self._game_summary(col)
        if not self.over:
            self.columns.append(Column())
        return summary

    def _finish_multi(self, col: Column) -> None:
        settle(col, self.opts, bonuses=False)
        assert col.winner is not None
        w, lo = col.winner, 1 - col.winner
        self.games_won[w] += 1
        for seat in (0, 1):
            self.match_scores[seat] += col.total(seat) + self.opts.line_bonus * col.boxes(seat)
        self.match_scores[w] += self.opts.game_bonus
        if col.boxes(lo) == 0:
            self.match_scores[w] += self.opts.game_bonus  # the shutout's extra 100
        if max(self.match_scores) >= self.opts.match_target and not self.tied():
            self.over = True
            self.winner = unique_best(self.match_scores, (0, 1))

    def tied(self) -> list[int]:
        """Return both seats if they share the lead past the target (play goes on)."""
        if self.over:
            return []
        if self.opts.mahjong:
            col = self.current()
            return tied_lead([col.total(0), col.total(1)], (0, 1), self.opts.target_score)
        if self.opts.match_format != "multi_game":
            return []
        return tied_lead(self.match_scores, (0, 1), self.opts.match_target)

    def _end_by(self, totals: list[int], games: list[int]) -> None:
        self.over = True
        self.match_scores = totals
        if totals[0] != totals[1]:
            self.winner = 0 if totals[0] > totals[1] else 1
        elif games[0] != games[1]:
            self.winner = 0 if games[0] > games[1] else 1
        else:
            self.winner = None

    def _game_summary(self, col: Column) -> GameEnded:
        assert col.winner is not None
        return GameEnded(col.winner, tuple(col.finals), game=self.columns.index(col) + 1,
                         running=(col.total(0), col.total(1)),
                         boxes=(col.boxes(0), col.boxes(1)))

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-friendly form."""
        return {"columns": [c.to_dict() for c in self.columns], "wins": self.wins,
                "games_won": self.games_won, "match_scores": self.match_scores,
                "over": self.over, "winner": self.winner, "board": self.board.to_json()}

    @classmethod
    def from_dict(cls, opts: GinOptions, d: dict[str, Any]) -> Match:
        """Rebuild from to_dict() (older snapshots kept no hand-by-hand board)."""
        board = Scoreboard.from_json(d["board"]) if "board" in d else Scoreboard.new(2)
        return cls(opts, [Column.from_dict(c) for c in d["columns"]], list(d["wins"]),
                   list(d["games_won"]), list(d["match_scores"]), d["over"], d["winner"],
                   board)
