"""bench_levels seats one level among normals, turns its seat and the dealer, and times it."""

from __future__ import annotations

from benchmarks import bench_levels


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
    won = bench_levels.play(bench_levels.adapter_for("rummy500"), ("easy", "normal", "normal"),
                            seed=3, first_dealer=1, times=times)
    assert won is None or (len(won) == 1 and won[0] in range(3))
    assert times and all(t >= 0 for t in times)


def test_a_partnership_counts_as_one_side() -> None:
    tally = bench_levels.run("canasta", "easy", 4, games=1, seconds=60, seed=5)
    assert tally.games == 1 and tally.sides == 2
