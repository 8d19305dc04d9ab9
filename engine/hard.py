"""A searching computer player, built once for every game.

A seat sees its own cards and the table, never the others' hands nor the stock's order. The
searching player deals `Budget.worlds` games consistent with what the seat sees (the game's
`sample`), plays each of a few candidate moves (the game's `candidates`, the normal player's
choice among them) in every world, plays on with the rollout policy for at most
`Budget.horizon` actions or to the hand's end, and keeps the candidate whose outcomes the
game's `value` rates best on average. Every candidate meets the same worlds, so a difference
between two candidates is the moves' and not the deals'.

The worlds are seeded from the view alone, so a view always gets the same answer and two
positions that differ only in what the seat cannot see get the same answer too (the tests of
every hard player check it). The work per decision is counted in actions, not seconds, so a
decision is the same on any machine; each game chooses a budget that keeps its p99 within
the issue's 500 ms on this project's reference machine (benchmarks/bench_levels.py).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

ViewT = TypeVar("ViewT")
GameT = TypeVar("GameT")
MarkT = TypeVar("MarkT")  # what a world was before the move: its hand, its scores


@dataclass(frozen=True)
class Budget:
    """How much one decision may search."""

    worlds: int = 12  # games dealt consistent with the view
    horizon: int = 40  # actions played on after a candidate, at most
    candidates: int = 4  # the most candidate moves compared
    margin: float = 0.0  # how much another move must beat the first (the likeliest) by


@dataclass(frozen=True)
class Search(Generic[ViewT, GameT, MarkT]):
    """What a game gives the searching player: every part reads the view or a sampled world."""

    seat: Callable[[ViewT], int]  # the seat the view belongs to
    normal: Callable[[ViewT], object]  # the move played when there is nothing to compare
    candidates: Callable[[ViewT], Sequence[str]]  # moves worth comparing, the likeliest first
    sample: Callable[[ViewT, random.Random], GameT]  # a game the seat could be in
    play: Callable[[GameT, int, str], None]  # apply a move's text for a seat in a world
    policy: Callable[[GameT], None]  # play the world's next move (rollouts)
    mark: Callable[[GameT], MarkT]  # what the world is before the move
    settled: Callable[[MarkT, GameT], bool]  # stop the rollout here (the hand is over …)
    value: Callable[[MarkT, GameT, int], float]  # the outcome for the seat, higher better
    budget: Budget = Budget()


def view_seed(view: object) -> int:
    """Return a seed drawn from what a view shows, the same for equal views in any process."""
    digest = hashlib.blake2b(repr(view).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def choose(search: Search[ViewT, Any, Any], view: ViewT) -> object:
    """Return the move the searching player makes for a seat's view."""
    moves = list(search.candidates(view))[: search.budget.candidates]
    if len(moves) < 2:
        return search.normal(view)
    scores = [outcome(search, view, move) for move in moves]
    scores[0] += search.budget.margin  # a few worlds' noise does not overturn a sound move
    return moves[max(range(len(moves)), key=lambda i: (scores[i], -i))]


def outcome(search: Search[ViewT, GameT, MarkT], view: ViewT, move: str) -> float:
    """Return a move's mean value over the view's worlds, played out."""
    seed, seat = view_seed(view), search.seat(view)
    total = 0.0
    for world in range(search.budget.worlds):
        game = search.sample(view, random.Random(seed + world))
        start = search.mark(game)
        search.play(game, seat, move)
        _play_out(search, start, game)
        total += search.value(start, game, seat)
    return total / max(1, search.budget.worlds)


def _play_out(search: Search[Any, GameT, MarkT], start: MarkT, game: GameT) -> None:
    """Play the world on with the rollout policy until settled or out of budget."""
    for _ in range(search.budget.horizon):
        if search.settled(start, game):
            return
        search.policy(game)


def playing(player: Callable[[Any], object]) -> Callable[[Any], None]:
    """Return a rollout policy: the first seat to act plays `player`'s move for its view."""

    def policy(game: Any) -> None:
        seat = game.to_act()[0]
        game.apply(seat, player(game.private_view(seat)))

    return policy
