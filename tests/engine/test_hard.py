"""The shared searching player (engine/hard.py) on a toy game small enough to reason about.

The toy is a race: two seats take 1 or 2 from a pile in turn, the one taking the last wins.
The seat sees the pile; the "hidden" part is a coin the sampler draws, that the seat cannot
see and that changes nothing of the race, so the search must decide the same whatever it is.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from engine.hard import Budget, Search, choose, playing, view_seed


@dataclass(frozen=True)
class RaceView:
    seat: int
    pile: int


@dataclass
class Race:
    pile: int
    to_move: int = 0
    winner: int | None = None
    coin: int = 0  # hidden from both seats: the search must not depend on it
    moves: list[int] = field(default_factory=list)

    def to_act(self) -> list[int]:
        return [self.to_move]

    def private_view(self, seat: int) -> RaceView:
        return RaceView(seat, self.pile)

    def apply(self, seat: int, take: object) -> None:
        self.pile -= int(str(take))
        self.moves.append(int(str(take)))
        if self.pile <= 0:
            self.winner = seat
        self.to_move = 1 - seat


def naive(view: RaceView) -> str:
    """Always take one: loses the race from a pile of 4 (the opponent leaves a multiple of 3)."""
    return "1"


def perfect(view: RaceView) -> str:
    """Leave a multiple of three."""
    return "2" if view.pile % 3 == 2 else "1"


def race_search(candidates: tuple[str, ...] = ("1", "2"), horizon: int = 20,
                margin: float = 0.0) -> Search:
    return Search(
        seat=lambda view: view.seat,
        normal=naive,
        candidates=lambda view: [c for c in candidates if int(c) <= view.pile],
        sample=lambda view, rng: Race(view.pile, view.seat, coin=rng.randrange(1000)),
        play=lambda game, seat, move: game.apply(seat, move),
        policy=playing(perfect),
        mark=lambda game: game.pile,
        settled=lambda start, game: game.winner is not None,
        value=lambda start, game, seat: 1.0 if game.winner == seat else 0.0,
        budget=Budget(worlds=3, horizon=horizon, candidates=2, margin=margin),
    )


def test_search_picks_the_move_that_wins_the_play_out() -> None:
    # From 5 the only winning move is to take 2 (leaving 3); the normal player takes 1.
    assert choose(race_search(), RaceView(0, 5)) == "2"
    assert choose(race_search(), RaceView(1, 4)) == "1"


def test_one_candidate_is_the_normal_players_move() -> None:
    assert choose(race_search(candidates=("2",)), RaceView(0, 5)) == "1"


def test_a_tie_keeps_the_likelier_candidate() -> None:
    # With no action played out nobody wins: both moves score 0, the first listed is kept.
    assert choose(race_search(candidates=("2", "1"), horizon=0), RaceView(0, 9)) == "2"
    assert choose(race_search(candidates=("1", "2"), horizon=0), RaceView(0, 9)) == "1"


def test_the_seed_comes_from_the_view_alone() -> None:
    assert view_seed(RaceView(0, 5)) == view_seed(RaceView(0, 5))
    assert view_seed(RaceView(0, 5)) != view_seed(RaceView(0, 6))
    worlds = [race_search().sample(RaceView(0, 5), random.Random(view_seed(RaceView(0, 5))))
              for _ in range(2)]
    assert worlds[0].coin == worlds[1].coin


def test_a_margin_keeps_the_first_candidate_unless_another_beats_it_by_more() -> None:
    # from 5 taking 2 wins every world (1.0) and taking 1 none (0.0)
    assert choose(race_search(margin=0.5), RaceView(0, 5)) == "2"
    assert choose(race_search(margin=1.0), RaceView(0, 5)) == "1"
