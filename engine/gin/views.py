"""What gin shows: the public table, one seat's hand, the score sheet and a hand's result.

Cards are given as text ("10H"), as the renderers, the computer player and JSON read them.
`GinTable` holds no hand: it is what everybody may see. `GinHand` adds one seat's own cards
and moves to the table, by holding it rather than extending it, so a function that publishes
a `GinTable` cannot be handed a seat's hand by mistake. Per-seat figures are tuples in seat order.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..cards import Card
from ..table import MeldView
from .actions import GinAction
from .options import GinOptions

if TYPE_CHECKING:
    from .match import Column, Match

Cards = tuple[str, ...]
LaidOff = tuple[str, int]  # (card, index of the knocker's meld it went on)


def texts(cards: Iterable[Card]) -> Cards:
    """Return the cards' texts."""
    return tuple(c.text for c in cards)


@dataclass(frozen=True, slots=True)
class ScoreColumn:
    """One game of the score sheet: running totals, hands won, finals once it is finished."""

    running: tuple[int, ...]
    boxes: tuple[int, ...]  # hands won in this game, per seat
    finished: bool
    winner: int | None
    finals: tuple[int, ...]  # end-of-game bonuses included (0s until finished)

    @classmethod
    def of(cls, col: Column, seats: range) -> ScoreColumn:
        """Return the column as everybody sees it."""
        return cls(tuple(col.total(s) for s in seats), tuple(col.boxes(s) for s in seats),
                   col.finished, col.winner, tuple(col.finals))


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """The match's scores as its format keeps them (Hollywood: three columns at once)."""

    format: str
    columns: tuple[ScoreColumn, ...]
    hands_won: tuple[int, ...]
    games_won: tuple[int, ...]
    match_scores: tuple[int, ...]
    over: bool
    winner: int | None  # None with over: a drawn match
    target: int
    tied: tuple[int, ...] = ()  # seats tied for the lead past the match target: play goes on
    hands: tuple[tuple[int, ...], ...] = ()  # each hand's points per seat, oldest first

    @classmethod
    def of(cls, match: Match) -> ScoreSheet:
        """Return the match's score sheet."""
        seats = range(len(match.wins))
        return cls(match.opts.match_format, tuple(ScoreColumn.of(c, seats) for c in match.columns),
                   tuple(match.wins), tuple(match.games_won), tuple(match.match_scores),
                   match.over, match.winner, match.opts.target_score, tuple(match.tied()),
                   tuple(tuple(h) for h in match.board.hands))

    @property
    def running(self) -> tuple[int, ...]:
        """Return each seat's running score in the game being played."""
        return self.columns[-1].running


@dataclass(frozen=True, slots=True)
class RevealReport:
    """One seat's cards once a hand is over: melds, lay-offs and what is left."""

    melds: tuple[Cards, ...]
    deadwood: Cards
    layoffs: tuple[LaidOff, ...]
    deadwood_value: int

    def to_dict(self) -> dict[str, Any]:
        """Return the snapshot's form."""
        return {"melds": [list(m) for m in self.melds], "deadwood": list(self.deadwood),
                "layoffs": [[c, i] for c, i in self.layoffs],
                "deadwood_value": self.deadwood_value}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> RevealReport:
        """Rebuild from to_dict()."""
        return cls(tuple(tuple(m) for m in d["melds"]), tuple(d["deadwood"]),
                   tuple((str(c), int(i)) for c, i in d["layoffs"]), int(d["deadwood_value"]))


@dataclass(frozen=True, slots=True)
class MahjongTally:
    """A Mahjong hand's score per seat: cards put down, cards left in hand, the gin bonus."""

    put_down: tuple[int, ...]
    held: tuple[int, ...]
    bonus: tuple[int, ...]

    @property
    def totals(self) -> tuple[int, ...]:
        """Return each seat's score for the hand: put down − held + bonus."""
        return tuple(p - h + b for p, h, b in zip(self.put_down, self.held, self.bonus))

    def to_dict(self) -> dict[str, Any]:
        """Return the snapshot's form."""
        return {"put_down": list(self.put_down), "held": list(self.held),
                "bonus": list(self.bonus)}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> MahjongTally:
        """Rebuild from to_dict()."""
        return cls(*(tuple(int(v) for v in d[k]) for k in ("put_down", "held", "bonus")))


@dataclass(frozen=True, slots=True)
class HandReport:
    """How a hand ended, who scored what, and (after a knock) both hands laid open."""

    kind: str  # gin, big_gin, knock, undercut, tie, dead
    ender: int | None  # the knocker or big-gin declarer
    winner: int | None
    points: int
    values: tuple[int, ...]  # final deadwood per seat (the defender's after lay-offs)
    doubled: bool
    defender_before_layoffs: int
    reveals: tuple[RevealReport, ...]  # per seat; none for a dead hand
    mahjong: MahjongTally | None = None  # Mahjong gin: both seats' scores
    melds: tuple[MeldView, ...] = ()  # Mahjong gin: the table at the hand's end

    def to_dict(self) -> dict[str, Any]:
        """Return the snapshot's form (the game saves its last hand's result)."""
        out: dict[str, Any] = {"kind": self.kind, "ender": self.ender, "winner": self.winner,
                               "points": self.points, "values": list(self.values),
                               "doubled": self.doubled,
                               "defender_before_layoffs": self.defender_before_layoffs,
                               "reveals": [r.to_dict() for r in self.reveals]}
        if self.mahjong is not None:
            out["mahjong"] = self.mahjong.to_dict()
            out["melds"] = [m.to_dict() for m in self.melds]
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> HandReport:
        """Rebuild from to_dict()."""
        return cls(str(d["kind"]), d["ender"], d["winner"], int(d["points"]),
                   tuple(int(v) for v in d["values"]), bool(d["doubled"]),
                   int(d["defender_before_layoffs"]),
                   tuple(RevealReport.from_dict(r) for r in d["reveals"]),
                   MahjongTally.from_dict(d["mahjong"]) if "mahjong" in d else None,
                   tuple(MeldView.from_dict(m) for m in d.get("melds", ())))


@dataclass(frozen=True, slots=True)
class GinTable:
    """Everything every player may see: no card of any hand but those shown in melds."""

    game: str
    version: int
    hand_no: int
    options: GinOptions
    phase: str
    turn: int | None  # None once the match is over
    dealer: int
    stock: int  # cards left in the stock
    discard: Cards  # the pile, bottom first
    hand_sizes: tuple[int, ...]
    knock_card: str | None  # Oklahoma's knock card
    knock_limit: int
    doubled: bool
    shown_melds: tuple[tuple[Cards, ...], ...]  # per seat: melds shown by deep pickups
    scores: ScoreSheet
    last_result: HandReport | None
    # what each seat took from, threw on and let go by on the open pile this hand
    pickups: tuple[Cards, ...]
    discards: tuple[Cards, ...]
    refused: tuple[Cards, ...]
    # Mahjong gin: the melds on the table, each seat's points put down, the card still owed
    melds: tuple[MeldView, ...] = ()
    put_down: tuple[int, ...] = (0, 0)
    owed: str | None = None  # the deepest card of a pile take, to be melded or laid off


@dataclass(frozen=True, slots=True)
class GinHand:
    """What one seat may see: the table, its own hand and the moves it may make now."""

    table: GinTable
    seat: int
    hand: Cards
    deadwood: int  # the hand's least deadwood
    taken: str | None  # the card just taken, which may not be thrown back this turn
    moves: tuple[GinAction, ...]  # each legal action, as the engine's own frozen value

    @property
    def legal(self) -> tuple[str, ...]:
        """Return the text of each legal action (logs, tests and benchmarks read these)."""
        return tuple(str(a) for a in self.moves)


def per_seat(lists: Sequence[Sequence[str]]) -> tuple[Cards, ...]:
    """Return per-seat lists of card texts as tuples."""
    return tuple(tuple(x) for x in lists)
