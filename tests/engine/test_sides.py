"""Seats grouped into sides."""

from __future__ import annotations

import pytest

from engine.errors import BadOption, BadState
from engine.sides import Sides


def test_singles_are_one_seat_per_side() -> None:
    sides = Sides.singles(3)
    assert (len(sides), sides.seats, sides.solo) == (3, 3, True)
    assert [sides.side_of(s) for s in range(3)] == [0, 1, 2]
    assert sides.partners(1) == ()


def test_canasta_partnerships_sit_alternately() -> None:
    sides = Sides.partnerships(2, 2)
    assert sides.groups == ((0, 2), (1, 3))
    assert (sides.side_of(2), sides.partners(3), sides.solo) == (0, (1,), False)
    assert sides.per_side([10, 20, 30, 40]) == [40, 60]


def test_team_gin_of_three_a_side() -> None:
    assert Sides.partnerships(2, 3).groups == ((0, 2, 4), (1, 3, 5))


@pytest.mark.parametrize("groups", [(), ((0,), (0,)), ((0,), (2,)), ((),)])
def test_a_seating_must_cover_each_seat_once(groups: tuple[tuple[int, ...], ...]) -> None:
    with pytest.raises(BadOption):
        Sides(groups)


def test_json_round_trip_and_bad_snapshots() -> None:
    sides = Sides.partnerships(2, 2)
    assert Sides.from_json(sides.to_json()) == sides
    with pytest.raises(BadState):
        Sides.from_json([[0, 1], [1]])
    with pytest.raises(BadState):
        Sides.from_json(7)
