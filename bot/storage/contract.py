"""The repository contract every storage backend implements, split by concern.

The bot and the cogs talk only to these Protocols. A backend raises only the
errors of `bot.storage.records` (StorageError and its subclasses, plus
ValueError/TypeError for arguments no backend could accept): never its
driver's own exceptions. The suite every backend must pass is in
tests/bot/storage/ (test_games, test_results, test_settings).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from bot.jsondata import JsonDict
from bot.storage.ratings import PlayerRating, RatingChange
from bot.storage.records import (
    UNSET,
    FinishedGame,
    GameRecord,
    GuildSettings,
    LeaderboardRow,
    PlayerGameStats,
    ResultRow,
    Seat,
    Status,
    Unset,
)
from bot.storage.relay import ClickRelay

ActionLogRow = tuple[int, int | None, str, int]  # (seq, seat, action, state_version_after)


class GameRepository(Protocol):
    """Games from lobby to end: seats, options, status, message ids and the action log."""

    async def create_game(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game: str,
        host_id: int,
        thread_id: int | None = None,
        preset: str = "standard",
        options: JsonDict | None = None,
        seats: Sequence[Seat] = (),
    ) -> int:
        """Open a lobby and return its id; raise ChannelBusy if the place has a game."""
        ...

    async def get_game(self, game_id: int) -> GameRecord:
        """Return one game; raise GameNotFound if there is none with that id."""
        ...

    async def active_game_in_channel(self, place_id: int) -> GameRecord | None:
        """Return the lobby or running game in this channel or thread, if any."""
        ...

    async def update_lobby(
        self,
        game_id: int,
        *,
        seats: Sequence[Seat] | None = None,
        options: JsonDict | None = None,
        preset: str | None = None,
        host_id: int | None = None,
    ) -> None:
        """Change the seats, options, preset or host of a game still in its lobby.

        Raise StaleVersion once the game has left its lobby.
        """
        ...

    async def start_game(
        self, game_id: int, state_json: str, *, seats: Sequence[Seat] | None = None
    ) -> int:
        """Move a lobby to running with its first snapshot; return the new version (1)."""
        ...

    async def record_action(
        self, game_id: int, seat: int | None, action_text: str, state_json: str, state_version: int
    ) -> None:
        """Append an action and store the snapshot it produced, all or nothing.

        `state_version` is the version after the action; the stored version must be
        exactly one less and the game running, else StaleVersion and nothing is written.
        Returning means the move is stored; raising means it is not. A backend whose COMMIT
        can go unanswered (a server restarting) reads back what it holds before answering,
        and raises StorageUnavailable while the database cannot be reached.
        """
        ...

    async def save_session_meta(self, game_id: int, meta_json: str) -> None:
        """Store a running game's session counters, leaving state and version alone."""
        ...

    async def actions(self, game_id: int) -> list[ActionLogRow]:
        """Return the game's action log as (seq, seat, action, state_version_after)."""
        ...

    async def set_status(self, game_id: int, status: Status) -> None:
        """Set a game's status; ChannelBusy if reopening clashes with another game."""
        ...

    async def set_thread(self, game_id: int, thread_id: int | None) -> None:
        """Record the thread opened for a game; ChannelBusy if it already has a game."""
        ...

    async def set_message_ids(
        self,
        game_id: int,
        *,
        table_message_id: int | Unset | None = UNSET,
        lobby_message_id: int | Unset | None = UNSET,
    ) -> None:
        """Record the table and/or lobby message ids (omitted ones stay as they are)."""
        ...

    async def unfinished_games(self) -> list[GameRecord]:
        """Return every lobby or running game, oldest first (to resume after a restart)."""
        ...


class ResultRepository(Protocol):
    """Final results and what is read from them; ratings and replays will join here."""

    async def record_results(self, game_id: int, rows: Sequence[ResultRow], *,
                             counted_as: str | None = None) -> list[RatingChange]:
        """Store a running game's results and mark it finished (else StaleVersion).

        The leaderboard and stats count them under `counted_as` (a variant whose score means
        something else, such as "ramino_chips"), or under the game's name when None. The same
        transaction rates the game on that ladder (bot/storage/ratings.py); the rating changes
        are returned by seat ([] when the game is not rated). Two games ending at once, even in
        two processes, are rated one after the other: neither update is lost.
        """
        ...

    async def results(self, game_id: int) -> list[ResultRow]:
        """Return a game's stored results by seat ([] if it has none)."""
        ...

    async def leaderboard(self, guild_id: int, game: str, limit: int = 10) -> list[LeaderboardRow]:
        """Return the best human players: most wins, then win rate, points, user id."""
        ...

    async def player_stats(self, guild_id: int, user_id: int) -> list[PlayerGameStats]:
        """Return one player's games, wins, win rate, points and best result per game, by name."""
        ...

    # --- ratings ---

    async def game_ratings(self, game_id: int) -> list[RatingChange]:
        """Return what a finished game did to its players' ratings, by seat ([] if unrated)."""
        ...

    async def ladder(self, guild_id: int, board: str) -> list[PlayerRating]:
        """Return every rating on one server's ladder of a board, people and computers."""
        ...

    async def player_ratings(self, guild_id: int, user_id: int,
                             recent: int = 5) -> list[PlayerRating]:
        """Return a person's rating on each board, with its value before his last `recent`
        rated games there."""
        ...

    async def rebuild_ratings(self) -> int:
        """Rebuild every ladder from the results table alone (the same numbers); return the
        number of games rated."""
        ...


class SettingsRepository(Protocol):
    """Per-server settings."""

    async def get_guild_settings(self, guild_id: int) -> GuildSettings:
        """Return the server's settings, or the defaults if it never saved any."""
        ...

    async def set_guild_settings(self, guild_id: int, **changes: Any) -> GuildSettings:
        """Change some settings (keyword per field) and return all; ValueError if invalid."""
        ...


class HistoryRepository(Protocol):
    """What `/rummy history` and replays read: a server's finished games."""

    async def finished_games(self, guild_id: int, *, user_id: int | None = None,
                             limit: int = 10) -> list[FinishedGame]:
        """Return the server's last finished games (only a member's if `user_id`), the latest
        finish first, each with its results by seat; at most 25."""
        ...


class LeaseRepository(Protocol):
    """Which process drives each game: a lease it takes and renews (bot/storage/leases.py)."""

    async def claim_games(self, owner: str, game_ids: Sequence[int], *,
                          now: float | None = None, seconds: float) -> set[int]:
        """Take or renew, until `now + seconds`, the lease of each lobby or running game whose
        lease is free, run out (`lease_until <= now`) or already `owner`'s; return the ids
        `owner` now holds. A lease another process holds past `now` is never taken. `now` is
        seconds since the epoch; None (in production): the database's own clock."""
        ...

    async def release_games(self, owner: str, game_ids: Sequence[int]) -> None:
        """Give up `owner`'s leases on these games (a clean stop): anyone may take them."""
        ...

    async def free_games(self, *, now: float | None = None) -> list[tuple[int, int]]:
        """Return (game id, guild id) of each running game whose lease is free or run out by
        `now` (None: the database's clock), oldest first: the games a process may take over."""
        ...


class Storage(GameRepository, ResultRepository, SettingsRepository, HistoryRepository,
              LeaseRepository, Protocol):
    """Everything the bot stores, behind one open connection or pool."""

    def click_relay(self, me: str) -> ClickRelay | None:
        """Return process `me`'s end of the click relay (None: one process, nothing to relay)."""
        ...

    async def close(self) -> None:
        """Release the database; the storage cannot be used afterwards."""
        ...
