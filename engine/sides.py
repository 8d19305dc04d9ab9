"""Seats grouped into sides: a single player, or a partnership sharing melds and score.

Gin and Rummy 500 play one seat per side (side i is seat i). Canasta with four players plays
0+2 against 1+3, and team gin plays two teams of n whose members sit alternately. Scores,
results and standings belong to sides; per-seat detail stays available.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from .errors import BadOption, BadState


@dataclass(frozen=True, slots=True)
class Sides:
    """Which seats play together: `groups[side]` lists that side's seats in play order."""

    groups: tuple[tuple[int, ...], ...]
    # How many seats: asked by every check of every action, so counted once.
    seats: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        seats = sorted(s for g in self.groups for s in g)
        if not self.groups or any(not g for g in self.groups) or seats != list(range(len(seats))):
            raise BadOption("every seat must belong to exactly one side", key="sides")
        object.__setattr__(self, "seats", len(seats))

    @classmethod
    def singles(cls, players: int) -> Sides:
        """Return one side per seat."""
        return cls(tuple((seat,) for seat in range(players)))

    @classmethod
    def partnerships(cls, sides: int, size: int) -> Sides:
        """Return `sides` partnerships of `size` seated alternately (0+2 v 1+3 for 2×2)."""
        return cls(tuple(tuple(range(side, sides * size, sides)) for side in range(sides)))

    @property
    def solo(self) -> bool:
        """Whether every side is a single seat (side number == seat number)."""
        return all(len(g) == 1 for g in self.groups)

    def __len__(self) -> int:
        return len(self.groups)

    def __iter__(self) -> Iterator[tuple[int, ...]]:
        return iter(self.groups)

    def side_of(self, seat: int) -> int:
        """Return the side a seat plays for."""
        for side, group in enumerate(self.groups):
            if seat in group:
                return side
        raise BadOption(f"there is no seat {seat}", key="seat", value=seat)

    def members(self, side: int) -> tuple[int, ...]:
        """Return a side's seats."""
        return self.groups[side]

    def partners(self, seat: int) -> tuple[int, ...]:
        """Return the other seats of a seat's side."""
        return tuple(s for s in self.members(self.side_of(seat)) if s != seat)

    def per_side(self, per_seat: Sequence[int]) -> list[int]:
        """Add up a per-seat figure by side."""
        return [sum(per_seat[s] for s in group) for group in self.groups]

    def to_json(self) -> list[list[int]]:
        """Return a JSON-friendly form."""
        return [list(g) for g in self.groups]

    @classmethod
    def from_json(cls, data: object) -> Sides:
        """Rebuild from to_json(); BadState if it is not a seating."""
        try:
            return cls(tuple(tuple(int(s) for s in g) for g in data))  # type: ignore[attr-defined]
        except (TypeError, ValueError, BadOption) as error:
            raise BadState("the sides of this saved game do not add up") from error
