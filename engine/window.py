"""A claim window's bookkeeping for the session: whom it waits for, how long, who passed.

A game with out-of-turn claims (Rummy 500's "Rummy!") opens a window after a discard and
names its `reactors`: the seats that may claim. The session waits only for people: each
computer decides at once (its claim, or None), and a person who presses "No claim" is
not waited for either. Whether a seat may claim is public (the game decides it from the
table alone), so closing early tells nobody anything about a hidden hand.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Window:
    """One open window (at one game version): its deadline, the passes, the computers' calls."""

    version: int
    deadline: float | None = None  # loop time it closes at; None until first armed
    passed: set[int] = field(default_factory=set)  # people who pressed "No claim"
    calls: dict[int, Any] = field(default_factory=dict)  # computer seat -> its claim or None

    def waiting_for(self, reactors: Iterable[int], computer: Callable[[int], bool]) -> list[int]:
        """Return the people the window still waits for: they may claim and did not pass."""
        return [s for s in reactors if not computer(s) and s not in self.passed]

    def decide(self, reactors: Iterable[int], computer: Callable[[int], bool],
               react: Callable[[int], Any]) -> dict[int, Any]:
        """Ask each computer reactor once for its claim; return every computer's call."""
        for seat in reactors:
            if computer(seat) and seat not in self.calls:
                self.calls[seat] = react(seat)
        return {s: c for s, c in self.calls.items() if computer(s)}

    def length(self, seconds: float, people: bool, claims: bool, bot_delay: float) -> float:
        """Return how long to keep the window open from now.

        The full time while a person may still claim; the computer's pause when only a
        computer's claim is coming (a person sees it made); otherwise not at all.
        """
        if people:
            return seconds
        return min(seconds, bot_delay) if claims else 0.0

    def close_at(self, now: float, length: float) -> float:
        """Set and return the deadline: re-arming may shorten the window, never extend it."""
        wanted = now + length
        self.deadline = wanted if self.deadline is None else min(self.deadline, wanted)
        return self.deadline
