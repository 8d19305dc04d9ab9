"""A claim window's bookkeeping: whom it waits for, how long, and that it never grows."""

from __future__ import annotations

from engine.window import Window


def computer(seat: int) -> bool:
    return seat == 2


def test_it_waits_for_people_who_did_not_pass_and_asks_each_computer_once() -> None:
    window = Window(version=5)
    assert window.waiting_for([1, 2, 3], computer) == [1, 3]
    window.passed.add(3)
    assert window.waiting_for([1, 2, 3], computer) == [1]
    asked: list[int] = []

    def react(seat: int) -> str | None:
        asked.append(seat)
        return "claim 8H A"

    assert window.decide([1, 2, 3], computer, react) == {2: "claim 8H A"}
    assert window.decide([1, 2, 3], computer, react) == {2: "claim 8H A"}
    assert asked == [2]


def test_its_length_and_a_deadline_that_only_shortens() -> None:
    window = Window(version=1)
    assert window.length(10, people=True, claims=False, bot_delay=1.5) == 10
    assert window.length(10, people=False, claims=True, bot_delay=1.5) == 1.5
    assert window.length(10, people=False, claims=False, bot_delay=1.5) == 0
    assert window.close_at(100.0, 10) == 110.0
    assert window.close_at(104.0, 10) == 110.0  # re-arming never extends it
    assert window.close_at(105.0, 1.5) == 106.5
