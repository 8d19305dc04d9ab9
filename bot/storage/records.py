"""What storage keeps and returns, whatever the database: records, statuses and errors.

Snapshots (`state`) are opaque JSON text owned by the engine: storage never
parses them, so a reloaded game gets back exactly the text it saved.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any, Final, Literal, NotRequired, TypedDict

from bot.jsondata import JsonDict

Status = Literal["lobby", "running", "finished", "abandoned"]
STATUSES: Final = ("lobby", "running", "finished", "abandoned")
ACTIVE_STATUSES: Final = ("lobby", "running")  # at most one such game per channel or thread
HAND_DELIVERY: Final = ("dm", "channel")


class StorageError(Exception):
    """The database cannot do what was asked."""


class StorageUnavailable(StorageError):
    """The database cannot be reached now (down, restarting, connection lost): try later."""


class OutcomeUnknown(StorageUnavailable):
    """A write was sent, its answer was lost, and the database could not be asked in time
    whether it holds it: the caller's game may be a move behind the stored one."""


class GameNotFound(StorageError):
    """No game has the given id."""


class StaleVersion(StorageError):
    """The game changed since the caller read it (a double click, a lost race)."""


class ChannelBusy(StorageError):
    """A lobby or running game already occupies that channel or thread."""


class Seat(TypedDict):
    """One seat at a table, as stored with its game."""

    user_id: int | None
    name: str
    is_bot: bool
    locale: NotRequired[str]
    level: NotRequired[str]  # a computer's level (cogs.adapters.base.LEVELS); normal if absent


@dataclass(frozen=True)
class GameRecord:
    """One stored game, with its JSON fields decoded (except the engine snapshot)."""

    id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    game: str
    preset: str
    options: JsonDict
    seats: list[Seat]
    host_id: int
    status: Status
    state: str | None
    state_version: int
    table_message_id: int | None
    lobby_message_id: int | None
    created_at: str
    updated_at: str
    session_meta: str | None = None  # JSON of the session's counters; None until first saved

    @property
    def place_id(self) -> int:
        """Return the id of the channel or thread where the game is played."""
        return self.thread_id if self.thread_id is not None else self.channel_id


@dataclass(frozen=True)
class ResultRow:
    """One seat's final line, given to `record_results`.

    `side` is the seat's side when sides are partnerships (Canasta 0+2 v 1+3);
    None means the seat is a side of its own, as in gin and Rummy 500.
    """

    seat: int
    name: str
    user_id: int | None
    is_bot: bool
    points: int
    won: bool
    side: int | None = None
    # Ratings: the seat's final place (1 = first; None: from won, then points) and a
    # computer's level (None: normal).
    place: int | None = None
    level: str | None = None


@dataclass(frozen=True)
class LeaderboardRow:
    """One human player's totals for one game on one server."""

    user_id: int
    name: str
    games: int
    wins: int
    win_rate: float
    points: int
    best: int = 0  # the best single result (see PlayerGameStats)


@dataclass(frozen=True)
class PlayerGameStats:
    """One player's totals for one game on one server.

    Results are stored higher-better, so `best` is the highest: where the lowest total
    wins (Ramino, Ramino 51) a result is the total negated, and −best the lowest total.
    """

    game: str
    games: int
    wins: int
    win_rate: float
    points: int
    best: int = 0


@dataclass(frozen=True)
class GuildSettings:
    """Per-server settings; a server that never saved any gets these defaults."""

    locale: str | None = None
    use_threads: bool = False
    hand_delivery: Literal["dm", "channel"] = "dm"
    turn_seconds: int = 120  # 0 means untimed
    # Games with a computer seat change ratings (the computers' own, one per level, too);
    # False keeps them off the ladder altogether.
    rate_computer_games: bool = True
    extra: JsonDict = field(default_factory=dict)


class Unset:
    """Marker type for "leave this field as it is"."""

    def __repr__(self) -> str:
        return "UNSET"


UNSET: Final = Unset()


def check_status(status: str) -> None:
    """Refuse a status that is not one of STATUSES (ValueError)."""
    if status not in STATUSES:
        raise ValueError(f"unknown game status {status!r}")


def changed_settings(current: GuildSettings, changes: dict[str, Any]) -> GuildSettings:
    """Return `current` with `changes` applied, or raise ValueError/TypeError if invalid."""
    known = {f.name for f in fields(GuildSettings)}
    unknown = set(changes) - known
    if unknown:
        raise ValueError(f"unknown guild settings: {', '.join(sorted(unknown))}")
    settings = replace(current, **changes)
    _check_settings(settings)
    return settings


def _check_settings(settings: GuildSettings) -> None:
    """Refuse settings values the bot cannot honour."""
    if settings.hand_delivery not in HAND_DELIVERY:
        raise ValueError(f"hand_delivery must be one of {HAND_DELIVERY}")
    if not isinstance(settings.turn_seconds, int) or settings.turn_seconds < 0:
        raise ValueError("turn_seconds must be a whole number of seconds, 0 for untimed")
    if not isinstance(settings.rate_computer_games, bool):
        raise TypeError("rate_computer_games must be True or False")
    if not isinstance(settings.extra, dict):
        raise TypeError("extra must be a dict (stored as a JSON object)")


# ----- history (replays) ----------------------------------------------------------------------

@dataclass(frozen=True)
class FinishedGame:
    """A finished game for `/rummy history`: its record, its results by seat, when it ended,
    and the board they are counted on (the game's name, or a variant's: "ramino_chips")."""

    record: GameRecord
    results: list[ResultRow]
    finished_at: str
    board: str = ""
