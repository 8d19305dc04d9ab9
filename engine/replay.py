"""Replays: a finished game re-played from its start and its action log, and its text export.

A game's `Start` is what dealt it: its kind, options, seats, the seed of its shuffles, any
scripted decks and a named first dealer. A fresh engine made from it the way the host makes one
(`CardGame.create`) re-applies every logged move; the replay must reach the stored final state,
else the record is `Damaged`. The export is a text file holding the start, each hand's deal,
every move in text form and each hand's result (docs/replays.md);
`python -m engine.replay FILE` re-plays such a file and checks it.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .base import LEGACY, PER_DEAL, CardGame
from .canasta import CanastaGame
from .errors import RulesError
from .game import Event
from .gin import GinOptions
from .gin import load_game as load_gin
from .gin import new_game as new_gin
from .match import Scoreboard
from .ramino import RaminoGame
from .ramino51 import Ramino51Game
from .rummy500 import Rummy500Game

FORMAT = "rummy-replay 1"
CHECKPOINT = 40  # the most moves game_at re-applies from a kept state
AnyGame = CardGame[Any, Any]
Decks = tuple[tuple[str, ...], ...]


class Damaged(Exception):
    """The record cannot be re-played to what was stored: a move refused, a state differs."""

    def __init__(self, reason: str, move: int | None = None) -> None:
        super().__init__(reason if move is None else f"move {move}: {reason}")
        self.reason, self.move = reason, move


class TooOld(Exception):
    """The game was dealt by the shuffle used before per-deal seeds: its seed alone cannot
    deal it again, so it has no replay (not a damaged record)."""


# ----- the games a replay can deal -------------------------------------------------------------

def _create(cls: type[AnyGame]) -> Callable[[Start], AnyGame]:
    def create(start: Start) -> AnyGame:
        opts = cls.options_type.from_dict(start.options)
        return cls.create(opts, start.players, seed=start.seed, decks=start.decks,
                          first_dealer=start.first_dealer)
    return create


def _create_gin(start: Start) -> AnyGame:
    return new_gin(GinOptions.from_dict(start.options), start.players, seed=start.seed,
                   decks=start.decks, first_dealer=start.first_dealer)


@dataclass(frozen=True)
class Kind:
    """How a replay makes one game: dealt from its start, rebuilt from a snapshot. The bot
    makes it from the game's adapter (any registered game); the command line knows KINDS."""

    deal: Callable[[Start], AnyGame]
    load: Callable[[dict[str, Any]], AnyGame]


_CLASSES: tuple[type[AnyGame], ...] = (Rummy500Game, RaminoGame, Ramino51Game, CanastaGame)
KINDS: dict[str, Kind] = {
    "gin": Kind(_create_gin, load_gin),
    **{cls.name: Kind(_create(cls), cls.from_json) for cls in _CLASSES},
}


def kind_of(name: object) -> Kind:
    """Return how to make a game this module knows; Damaged for any other."""
    if not isinstance(name, str) or name not in KINDS:
        raise Damaged(f"unknown game {name!r}")
    return KINDS[name]


def load_game(snapshot: dict[str, Any], kind: Kind | None = None) -> AnyGame:
    """Rebuild a game from its engine snapshot (to_json)."""
    made = kind or kind_of(snapshot.get("game") if isinstance(snapshot, dict) else None)
    try:
        return made.load(snapshot)
    except (RulesError, KeyError, TypeError, ValueError) as error:
        raise Damaged(f"the saved game cannot be loaded ({error})") from error


@dataclass(frozen=True)
class Start:
    """What dealt a game: re-made from it, a fresh engine deals the same cards."""

    game: str
    options: dict[str, Any]
    players: int
    seed: int
    decks: Decks = ()
    first_dealer: int | None = None

    @classmethod
    def of(cls, game: AnyGame, decks: Sequence[Sequence[str]] = (),
           first_dealer: int | None = None) -> Start:
        """Return the start of a game just dealt from these scripted decks and dealer."""
        return cls(game.name, game.opts.to_dict(), game.seats, game.seed,
                   tuple(tuple(str(c) for c in d) for d in decks), first_dealer)

    @classmethod
    def guessed(cls, final: dict[str, Any], kind: Kind | None = None) -> Start:
        """Return the start of a shuffled game saved before starts were kept: its final
        snapshot's kind, options, seats and seed (the replay checks the guess)."""
        if final.get("shuffle", LEGACY) != PER_DEAL:
            raise TooOld("dealt before per-deal seeds: its decks cannot be dealt again")
        game = load_game(final, kind)
        return cls(game.name, game.opts.to_dict(), game.seats, game.seed)

    def deal(self, kind: Kind | None = None) -> AnyGame:
        """Deal the game afresh, as the host did."""
        made = kind or kind_of(self.game)
        try:
            return made.deal(self)
        except (RulesError, KeyError, TypeError, ValueError) as error:
            raise Damaged(f"the game cannot be dealt again ({error})") from error

    def to_json(self) -> dict[str, Any]:
        """Return the start as JSON fields (kept in the host's snapshot)."""
        return {"game": self.game, "options": self.options, "players": self.players,
                "seed": self.seed, "decks": [list(d) for d in self.decks],
                "first_dealer": self.first_dealer}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Start:
        """Rebuild from to_json(); Damaged if the fields are not a start."""
        try:
            dealer = data.get("first_dealer")
            return cls(str(data["game"]), dict(data["options"]), int(data["players"]),
                       int(data["seed"]), tuple(tuple(str(c) for c in d) for d in data["decks"]),
                       None if dealer is None else int(dealer))
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise Damaged(f"the game's start cannot be read ({error})") from error


# ----- re-playing ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Move:
    """One logged move: the seat that made it (-1: the session itself) and its text."""

    seat: int
    text: str


@dataclass(frozen=True)
class Step:
    """The game after the deal (number 0) or after its n-th move."""

    number: int
    move: Move | None
    events: tuple[Event, ...]
    hand: int  # the hand this step belongs to (a hand's last step is the one that ended it)
    ended: bool  # a hand ended at this step
    dealt: bool  # this step dealt a hand (the start, or a move that dealt the next one)
    # The state after it, kept at checkpoints only (the deal, a hand's end or deal, every
    # CHECKPOINT moves, the last step): snapshots cost far more than moves (see game_at).
    state: dict[str, Any] | None = None


@dataclass(frozen=True)
class HandResult:
    """A hand's result: each side's points in it and its total after it."""

    hand: int
    step: int
    sides: tuple[tuple[int, ...], ...]
    points: tuple[int, ...]
    totals: tuple[int, ...]

    def line(self, names: Sequence[str]) -> str:
        """Say it in one line: "hand 1: Alice 25, Bob 0 (totals: Alice 25, Bob 0)"."""
        who = [" & ".join(names[s] for s in seats) for seats in self.sides]
        now = ", ".join(f"{w} {p}" for w, p in zip(who, self.points, strict=True))
        total = ", ".join(f"{w} {t}" for w, t in zip(who, self.totals, strict=True))
        return f"hand {self.hand}: {now} (totals: {total})"


@dataclass
class Replay:
    """A game re-played: every step's state and events, each hand's result."""

    start: Start
    kind: Kind
    steps: list[Step] = field(default_factory=list)
    results: list[HandResult] = field(default_factory=list)

    @property
    def moves(self) -> int:
        """Return how many moves were re-played."""
        return len(self.steps) - 1

    @property
    def final(self) -> dict[str, Any]:
        """Return the final state (the last step's, always kept)."""
        state = self.steps[-1].state
        assert state is not None
        return state

    def game_at(self, step: int) -> AnyGame:
        """Return the game as it was after that step: the last kept state before it, with the
        moves since re-applied."""
        kept = next(k for k in range(step, -1, -1) if self.steps[k].state is not None)
        state = self.steps[kept].state
        assert state is not None
        game = load_game(state, self.kind)
        for later in self.steps[kept + 1:step + 1]:
            assert later.move is not None
            game.apply(later.move.seat, later.move.text)
        return game

    def hands(self) -> int:
        """Return how many hands the game had (the last one included if it never ended)."""
        return self.steps[-1].hand


def replay(start: Start, moves: Sequence[Move], final: dict[str, Any] | None = None,
           kind: Kind | None = None) -> Replay:
    """Deal the start afresh and re-apply every move; with `final`, the stored final state,
    raise Damaged unless the replay reaches it. `kind` makes the game (KINDS' by default)."""
    made = kind or kind_of(start.game)
    game = start.deal(made)
    out = Replay(start, made, [Step(0, None, (), 1, False, True, normal(game.to_json()))])
    board = _totals(game)
    for number, move in enumerate(moves, 1):
        try:
            events = tuple(game.apply(move.seat, move.text))
        except RulesError as error:
            raise Damaged(f"'{move.text}' by seat {move.seat} is refused ({error})",
                          number) from error
        hand = out.steps[-1].hand + (1 if out.steps[-1].ended else 0)
        ended = any(e.kind == "hand_end" for e in events)
        dealt = any(e.kind == "deal" for e in events)
        keep = ended or dealt or number % CHECKPOINT == 0 or number == len(moves)
        out.steps.append(Step(number, move, events, hand, ended, dealt,
                              normal(game.to_json()) if keep else None))
        if ended:
            now = _totals(game)
            out.results.append(HandResult(hand, number, now[0], tuple(
                t - b for t, b in zip(now[1], board[1], strict=True)), now[1]))
            board = now
    if final is not None and normal(final) != out.final:
        raise Damaged("the re-played game does not reach the stored final state")
    return out


def _totals(game: AnyGame) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Return each side's seats and running total now: the game's scoreboard of hands
    (gin keeps it on its match), else its standings."""
    ranked = game.standings()
    board = getattr(game, "board", None) or getattr(getattr(game, "match", None), "board", None)
    if isinstance(board, Scoreboard) and len(board.totals) == len(ranked):
        return tuple(s.seats for s in ranked), tuple(board.totals)
    return tuple(s.seats for s in ranked), tuple(s.points for s in ranked)


def normal(state: dict[str, Any]) -> dict[str, Any]:
    """Return a state as JSON reads it back (tuples as lists), for comparing."""
    loaded: dict[str, Any] = json.loads(json.dumps(state))
    return loaded


def digest(state: dict[str, Any]) -> str:
    """Return a short fingerprint of a state: its canonical JSON's SHA-256."""
    text = json.dumps(normal(state), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


# ----- the export ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Export:
    """What an export file holds: the start, the seats' names, the moves and the checks."""

    start: Start
    names: tuple[str, ...]
    moves: tuple[Move, ...]
    deals: tuple[str, ...] = ()  # the file's deal lines, as export_text writes them
    results: tuple[str, ...] = ()  # its hand result lines
    final: str = ""  # the final state's digest


def deal_lines(game: AnyGame, names: Sequence[str]) -> list[str]:
    """Say a hand just dealt: its number and dealer, then each seat's cards."""
    view = game.public_view()
    dealer = getattr(view, "dealer", None)  # team gin's boards each have their own
    by = f": dealt by seat {dealer} ({names[dealer]})" if isinstance(dealer, int) else ""
    lines = [f"deal {view.hand_no}{by}"]
    for seat in range(game.seats):
        cards = getattr(game.private_view(seat), "hand", ())
        lines.append(f"  seat {seat} ({names[seat]}): {' '.join(cards)}")
    return lines


def export_text(record: Replay, names: Sequence[str], labels: Sequence[str] = ()) -> str:
    """Write a re-played game as its export file (docs/replays.md); `labels` tag seats
    ("computer") after their names."""
    start = record.start
    lines = [FORMAT, f"game: {start.game}", f"options: {json.dumps(start.options, sort_keys=True)}",
             f"players: {start.players}"]
    for seat, name in enumerate(names):
        label = labels[seat] if seat < len(labels) and labels[seat] else ""
        lines.append(f"seat {seat}: {_one_line(name)}" + (f" [{label}]" if label else ""))
    lines.append(f"seed: {start.seed}")
    if start.first_dealer is not None:
        lines.append(f"first dealer: {start.first_dealer}")
    lines += [f"deck: {' '.join(deck)}" for deck in start.decks]
    lines += _body(record, names)
    lines.append(f"final: {digest(record.final)}")
    return "\n".join(lines) + "\n"


def _body(record: Replay, names: Sequence[str]) -> list[str]:
    """Write the deals, the moves and the hands' results in the order they happened."""
    lines: list[str] = []
    results = {r.step: r for r in record.results}
    for step in record.steps:
        if step.move is not None:
            lines.append(f"move {step.number} seat {step.move.seat}: {step.move.text}")
        if step.number in results:
            lines.append("result " + results[step.number].line(names))
        if step.dealt:
            game = record.game_at(step.number)
            if not game.is_over:
                lines += ["", *deal_lines(game, names)]
    return lines


def _one_line(text: str) -> str:
    return " ".join(text.split())


_SEAT = re.compile(r"seat (\d+): (.*?)(?: \[[a-z ]+\])?")
_MOVE = re.compile(r"move (\d+) seat (-?\d+): (.+)")


def parse_export(text: str) -> Export:
    """Read an export file; Damaged if it is not one."""
    lines = [line.rstrip("\r") for line in text.splitlines()]
    if not lines or lines[0].strip() != FORMAT:
        raise Damaged(f"not a replay file (its first line is not '{FORMAT}')")
    head: dict[str, str] = {}
    names: list[str] = []
    decks: list[tuple[str, ...]] = []
    moves: list[Move] = []
    deals: list[str] = []
    results: list[str] = []
    for number, line in enumerate(lines[1:], 2):
        if not line.strip() or line.startswith("#"):
            continue
        if line.startswith(("deal ", "  seat ")):
            deals.append(line)
        elif line.startswith("result "):
            results.append(line.removeprefix("result "))
        elif (move := _MOVE.fullmatch(line)) is not None:
            if int(move[1]) != len(moves) + 1:
                raise Damaged(f"line {number}: move {move[1]} is out of order")
            moves.append(Move(int(move[2]), move[3]))
        elif (seat := _SEAT.fullmatch(line)) is not None:
            names.append(seat[2])
        elif line.startswith("deck: "):
            decks.append(tuple(line.removeprefix("deck: ").split()))
        elif ": " in line:
            key, _, value = line.partition(": ")
            head[key] = value
        else:
            raise Damaged(f"line {number} cannot be read: {line[:60]}")
    return Export(_start(head, decks), tuple(names), tuple(moves), tuple(deals),
                  tuple(results), head.get("final", ""))


def _start(head: dict[str, str], decks: list[tuple[str, ...]]) -> Start:
    try:
        dealer = head.get("first dealer")
        return Start(head["game"], json.loads(head["options"]), int(head["players"]),
                     int(head["seed"]), tuple(decks), None if dealer is None else int(dealer))
    except (KeyError, ValueError, TypeError) as error:
        raise Damaged(f"the file's start cannot be read ({error})") from error


def check_export(export: Export) -> Replay:
    """Re-play an export file; Damaged unless its deals, results and final state agree."""
    record = replay(export.start, export.moves)
    names = export.names
    if len(names) != export.start.players:
        raise Damaged(f"the file names {len(names)} seats for {export.start.players} players")
    again = parse_export(export_text(record, names))
    if again.deals != export.deals:
        raise Damaged("the deals written in the file are not the ones the start deals")
    if again.results != export.results:
        raise Damaged("the results written in the file are not the re-played ones")
    if export.final and again.final != export.final:
        raise Damaged("the re-played game does not reach the file's final state")
    return record


def main(argv: Sequence[str] | None = None) -> int:
    """Re-play an export file: print each hand's result; exit 1 if the record is damaged."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1 or args[0] in ("-h", "--help"):
        print("usage: python -m engine.replay FILE  (a game exported by the bot)")
        return 2
    try:
        with open(args[0], encoding="utf-8") as file:
            export = parse_export(file.read())
        record = check_export(export)
    except OSError as error:
        print(f"cannot read {args[0]}: {error.strerror}", file=sys.stderr)
        return 2
    except Damaged as error:
        print(f"damaged record: {error}", file=sys.stderr)
        return 1
    for result in record.results:
        print(result.line(export.names))
    print(f"{export.start.game}: {record.moves} moves re-played; the final state matches")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
