"""What every game offers the session layer, the cogs and the renderers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from .match import Standing

SCHEMA_VERSION = 1

# An event's payload: a frozen dataclass (engine/events.py, engine/<game>/events.py), or None
# when there is nothing to say. The envelope is the same for every game, so the host reads only
# `kind` and `seat`; each game's adapter narrows the payload to its own classes.
Payload = Any


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened: `public` may be shown to all, `private` only to `seat`."""

    kind: str
    seat: int | None = None
    public: Payload = None
    private: Payload = None


@dataclass(frozen=True, slots=True)
class DrawnCard:
    """The card drawn from the stock, for the drawer only."""

    card: str


class Action(Protocol):
    """An action: a frozen dataclass that prints as text and parses back."""

    def __str__(self) -> str: ...


@dataclass(frozen=True, slots=True)
class DealSeed:
    """A deal's secret seed with its commitment (SHA-256), told once its hand is over."""

    seed: str
    commitment: str


class Game(Protocol):
    """The interface a game engine exposes (gin, rummy 500, …)."""

    version: int  # bumped by every accepted action; stale controls carry an older one

    @property
    def name(self) -> str:
        """The game's kind: the registry's key and the storage `game` column."""
        ...

    def legal_actions(self, seat: int) -> list[Any]:
        """List the actions the seat may take now (empty when it is not his move)."""
        ...

    def verify(self, seat: int, action: Any) -> None:
        """Raise a RulesError if the seat may not take the action now."""
        ...

    def apply(self, seat: int, action: Any) -> list[Event]:
        """Verify, then perform the action and return what happened."""
        ...

    def to_act(self) -> list[int]:
        """Seats whose move the game is waiting for (empty when over)."""
        ...

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        ...

    def standings(self) -> list[Standing]:
        """Rank the sides now (final once the game is over): results and outcomes read it."""
        ...

    def parse_action(self, text: str) -> Any:
        """Parse an action from its text form."""
        ...

    def public_view(self) -> Any:
        """Return what everybody may see (a game's frozen view, or a dict)."""
        ...

    def private_view(self, seat: int) -> Any:
        """Return what one seat may see: the public view plus his own hand."""
        ...

    def to_json(self) -> dict[str, Any]:
        """Serialize the whole state (with SCHEMA_VERSION)."""
        ...

    def commitments(self) -> list[str]:
        """Return the commitment of each deck in play (none for scripted decks)."""
        ...

    def revealed(self, dealt_again: bool) -> list[DealSeed]:
        """Return the seeds of the hand just ended (`dealt_again`: the next is dealt)."""
        ...

    # Out-of-turn moves and clocks (CardGame's defaults: none; Rummy 500's "Rummy!" window
    # and team gin's boards say otherwise).

    def system_timer(self) -> tuple[float, Any] | None:
        """Return an action the session applies by itself, as seat -1, after that many
        seconds unless the state changes first (closing a claim window), or None."""
        ...

    def reactors(self) -> list[int]:
        """Return the seats that may act out of turn now (possible claimants); the session
        applies the timed action at once when none of them is a person it still waits for."""
        ...

    def claim_targets(self, seat: int) -> list[Any]:
        """List the out-of-turn moves (claims) the seat may make now."""
        ...

    def seat_version(self, seat: int) -> int | None:
        """Return a counter of the seat's own part of the game, for games whose seats play
        their turns at once (the turn clock runs on while it stands), or None."""
        ...
