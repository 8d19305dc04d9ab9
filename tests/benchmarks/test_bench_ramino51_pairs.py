"""bench_ramino51_pairs plays each deal once per seat: normal against itself gains nothing."""

from __future__ import annotations

from benchmarks import bench_ramino51_pairs as pairs


def test_normal_against_normal_gains_nothing_on_a_deal_however_seated() -> None:
    times: list[float] = []
    assert pairs.deal(5001, pairs.PLAYERS["normal"], 2, times) == 0.0
    assert times and all(t >= 0 for t in times)


def test_a_hand_charges_every_seat_but_the_closer_and_the_greedy_player_loses_points() -> None:
    charges = pairs.hand(5002, 0, [pairs.PLAYERS["normal"]] * 3)
    assert len(charges) == 3 and charges.count(0) >= 1 and sum(charges) > 0
    assert pairs.deal(5003, pairs.PLAYERS["greedy"], 2) < 0
