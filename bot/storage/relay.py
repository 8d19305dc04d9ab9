"""Clicks relayed between bot processes: what the relay carries and what a backend offers.

Discord sends every DM interaction to shard 0, whichever process drives the game clicked.
On PostgreSQL the process that receives such a click sends it, raw, to the game's owner (the
process holding its lease) through a table and a notification; the owner takes it and
answers it. SQLite is one process's file: it has no relay.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

CHANNEL = "rummy_relay"  # the one notification channel every process listens on
CLICK, TAKEN = "click", "taken"  # a click waits for its owner; a sent click was taken


@dataclass(frozen=True)
class Sent:
    """What became of a click sent on: relayed as `click_id`, or not relayed."""

    click_id: int | None = None
    # The game's process stopped renewing its lease and no other has it yet: nobody can
    # answer the click now (the game goes on once a process takes it over).
    moving: bool = False


@dataclass(frozen=True)
class RelayedClick:
    """A click taken by its owner: the raw interaction and how long it travelled."""

    id: int
    game_id: int
    sender: str
    payload: str  # the interaction as Discord sent it, as JSON
    age: float  # seconds since it was sent, by the database's clock


def notice(kind: str, process: str, click_id: int) -> str:
    """Return a notification's text: its kind, the process it is for, the click."""
    return f"{kind} {process} {click_id}"


def read_notice(text: str) -> tuple[str, str, int] | None:
    """Parse a notification's text (None if it is not one of the relay's)."""
    kind, _, rest = text.partition(" ")
    process, _, number = rest.rpartition(" ")
    if kind not in (CLICK, TAKEN) or not process or not number.isdigit():
        return None
    return kind, process, int(number)


class ClickRelay(Protocol):
    """One process's end of the relay: send clicks on, take its own, hear what happened."""

    me: str  # this process's name, as in game leases

    async def send(self, game_id: int, payload: str, *, now: float | None = None) -> Sent:
        """Relay a click to the process whose live lease holds the game, if not this one;
        `now` is the leases' clock (None: the database's)."""
        ...

    async def take(self) -> list[RelayedClick]:
        """Take every click waiting for this process (each is taken once, by one process)."""
        ...

    async def withdraw(self, click_id: int) -> bool:
        """Take back a click nobody took; False if its owner took it meanwhile."""
        ...

    async def listen(self, on_click: Callable[[], None],
                     on_taken: Callable[[int], None]) -> None:
        """Start listening: `on_click` when clicks wait for this process (also once after
        each reconnection), `on_taken(id)` when a click this process sent was taken."""
        ...

    async def close(self) -> None:
        """Stop listening."""
        ...
