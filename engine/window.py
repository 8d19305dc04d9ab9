"""A claim window's bookkeeping for the session: whom it waits for, how long, who passed.

A game with out-of-turn claims (Rummy 500's "Rummy!") opens a window after a discard and
names its `reactors`: the seats that may claim. The session waits only for people: each
computer decides at once (its claim, or None), and a person who presses "No claim" is
not waited for either, nor one who chose to pass on every window for a while (his standing
"No claim", whatever the card). Whether a seat may claim is public (the game decides it from
the table alone), so closing early tells nobody anything about a hidden hand.
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


class Windows:
    """The session's side of a game's claim windows: find the open one, keep its bookkeeping.

    A game opens a window through two methods (see engine.game; a game without windows
    keeps CardGame's defaults): `system_timer()` (its length and the action closing it) and
    `reactors()` (the seats that may claim).
    """

    def __init__(self, computer: Callable[[int], bool],
                 react: Callable[[Any, int], Any], bot_delay: Callable[[], float],
                 passes: Callable[[int], bool] = lambda _seat: False) -> None:
        self._computer, self._react, self._bot_delay = computer, react, bot_delay
        self._passes = passes  # a person passing on every window for now (his own choice)
        self._current: Window | None = None

    def find(self, game: Any) -> tuple[float, Any] | None:
        """Return the game's open window (its seconds and closing action), if any."""
        if game.is_over:
            return None
        found: tuple[float, Any] | None = game.system_timer()
        return found

    def at(self, version: int) -> Window:
        """Return the bookkeeping of the window open at this version (new for a new one)."""
        if self._current is None or self._current.version != version:
            self._current = Window(version)
        return self._current

    def forget(self) -> None:
        """Drop the bookkeeping: no window is open."""
        self._current = None

    def people(self, game: Any) -> list[int]:
        """Return the people who may claim in the game's open window, passed or not."""
        return [s for s in _reactors(game) if not self._computer(s)]

    def waiting_for(self, game: Any) -> list[int]:
        """Return the people the game's open window still waits for: neither a "No claim"
        on this window nor a standing one."""
        waiting = self.at(game.version).waiting_for(_reactors(game), self._computer)
        return [s for s in waiting if not self._passes(s)]

    def calls(self, game: Any) -> dict[int, Any]:
        """Return each computer reactor's claim or None, asked once per window."""
        return self.at(game.version).decide(_reactors(game), self._computer,
                                            lambda seat: self._react(game, seat))

    def length(self, game: Any, seconds: float) -> float:
        """Return how long the open window still needs: 0 when nobody is left to wait for."""
        claims = any(c is not None for c in self.calls(game).values())
        return self.at(game.version).length(seconds, bool(self.waiting_for(game)), claims,
                                            self._bot_delay())


def _reactors(game: Any) -> list[int]:
    """Return the seats that may claim in the game's open window."""
    return list(game.reactors())
