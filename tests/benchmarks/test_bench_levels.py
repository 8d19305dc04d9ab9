"""bench_levels seats one level among normals, turns its seat and the dealer, and times it."""

from __future__ import annotations

from benchmarks import bench_levels
from engine.match import Standing


def test_the_level_seat_and_the_dealer_turn_so_every_seat_meets_every_dealer() -> None:
    seen = {bench_levels.seating("hard", 3, game)[1:] for game in range(9)}
    assert seen == {(me, dealer) for me in range(3) for dealer in range(3)}
    levels, me, _ = bench_levels.seating("hard", 3, 4)
    assert levels == ("normal", "hard", "normal") and me == 1


def test_the_centile_is_the_nearest_rank() -> None:
    times = [float(t) for t in range(1, 101)]
    assert bench_levels.centile(times, 0.5) == 50.0
    assert bench_levels.centile(times, 0.99) == 99.0
    assert bench_levels.centile([], 0.99) == 0.0


def test_a_three_seat_game_is_played_to_its_end_and_only_the_level_is_timed() -> None:
    times: list[float] = []
    standings = bench_levels.play(bench_levels.adapter_for("rummy500"),
                                  ("easy", "normal", "normal"), seed=3, first_dealer=1,
                                  times=times)
    assert standings is not None
    assert sorted(seat for s in standings for seat in s.seats) == [0, 1, 2]
    assert [s.rank for s in standings if s.won] == [1]
    assert times and all(t >= 0 for t in times)


def test_head_to_head_counts_the_sides_finished_ahead_of_ties_half() -> None:
    def standing(seat: int, rank: int) -> Standing:
        return Standing(side=seat, seats=(seat,), points=0, rank=rank, won=rank == 1)

    table = [standing(0, 2), standing(1, 1), standing(2, 2), standing(3, 4)]
    assert bench_levels.head_to_head(table, 0) == (0 + 0.5 + 1) / 3
    assert bench_levels.head_to_head(table, 1) == 1.0
    assert bench_levels.head_to_head(table, 3) == 0.0
    assert bench_levels.head_to_head([], 0) == 0.5  # a game that never ended
    mean, low, high = bench_levels.mean_interval([1.0, 0.0, 1.0, 0.0])
    assert mean == 0.5 and low < 0.5 < high


def test_a_partnership_counts_as_one_side() -> None:
    tally = bench_levels.run("canasta", "easy", 4, games=1, seconds=60, seed=5)
    assert tally.games == 1 and tally.sides == 2
