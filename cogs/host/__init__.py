"""The game-independent host: lobbies, sessions, the table, private hands and clicks.

One `GameHost` lives in the Rummy cog; it holds the running games (`Runtime`) and
one part per job:

- `lobby`: open, seat, start tables and pass the host role on (`cogs.host.lobby`);
- `endings`: cancel lobbies and games, and "Play again" (`cogs.host.endings`);
- `sessions`: deal and restore each game's session (`cogs.host.sessions`);
- `meta`: store each session's counters, held lines and log (`cogs.host.meta`);
- `events`: what follows an accepted action or a timer (`cogs.host.events`);
- `places`: where a game's public messages go, in its language (`cogs.host.places`);
- `table`: the table message (`cogs.host.table`);
- `hands`: the private hands, by DM or ephemeral (`cogs.host.hands`);
- `watching`: the Watch answer and the member a player lets see his hand (`cogs.host.watch`);
- `router`: clicks and choices to moves (`cogs.host.routing`);
- `replays`: `/rummy history` and the replay viewer (`cogs.host.replays`).

Each part receives the parts it uses when it is built, in an order without cycles: none
reaches back through the host. The components find the host from the clicked bot
(`cogs.components.host_of`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence

import discord

from bot.storage import GameRecord, Storage, StorageError
from cogs.errors import Refusal
from cogs.host.deals import DealSource, RandomDeals, ScriptedDeals
from cogs.host.deciders import Deciders
from cogs.host.endings import Endings
from cogs.host.events import Events
from cogs.host.hands import Hands
from cogs.host.leases import LEASE_SECONDS, Leases
from cogs.host.lobby import Lobby, may_manage
from cogs.host.meta import SessionMeta
from cogs.host.places import PictureMessage, Places
from cogs.host.relay import Relay
from cogs.host.replays import Replays
from cogs.host.routing import Router
from cogs.host.runtime import Runtime, SeatState
from cogs.host.sessions import Sessions, snapshot_text
from cogs.host.settings import TableSettings
from cogs.host.table import TableMessage, table_payload
from cogs.host.watch import Watching

log = logging.getLogger(__name__)

__all__ = [
    "BOT_DELAY",
    "DealSource",
    "GameHost",
    "RandomDeals",
    "Runtime",
    "ScriptedDeals",
    "SeatState",
    "TableSettings",
    "snapshot_text",
]

# Seconds a computer player waits before its turn, which it then plays at once (tests raise it
# past SimCord's settle window).
BOT_DELAY = 1.5


class GameHost:
    """Everything between Discord and the game sessions, for every kind of game."""

    # How new games are dealt; tests and benchmarks put a ScriptedDeals here.
    deals: DealSource = RandomDeals()

    def __init__(self, client: discord.Client, storage: Storage,
                 bot_delay: float | None = None, lease_owner: str | None = None,
                 lease_seconds: float = LEASE_SECONDS, hard_workers: int = 0,
                 computer_workers: int = 0) -> None:
        """Build the parts for the bot `client` on its storage; `bot_delay` is RUMMY_BOT_DELAY,
        `lease_owner` this process's name in game leases (None: it shares no game),
        `lease_seconds` RUMMY_LEASE_SECONDS, `hard_workers` RUMMY_HARD_WORKERS,
        `computer_workers` RUMMY_COMPUTER_WORKERS."""
        self.client, self.storage, self._bot_delay = client, storage, bot_delay
        self.leases = Leases(storage, lease_owner, lease_seconds)
        self._lease_keeper: asyncio.Task[None] | None = None
        self.runtimes: dict[int, Runtime] = {}
        runtimes = self.runtimes
        self.meta = SessionMeta(storage)
        self.places = Places(client, storage, runtimes)
        self.table = TableMessage(storage, self.places, self.meta, runtimes)
        self.hands = Hands(client, self.places)
        self.events = Events(self.meta, self.places, self.table, self.hands)
        self.deciders = Deciders(hard_workers, computer_workers)
        self.sessions = Sessions(storage, client, runtimes, self.table, self.events,
                                 deals=lambda: self.deals, bot_delay=lambda: self.bot_delay,
                                 leases=self.leases, deciders=self.deciders)
        self.lobby = Lobby(storage, self.places, self.sessions, self.table, runtimes)
        self.endings = Endings(storage, self.places, self.lobby, self.table, self.hands,
                               runtimes)
        self.watching = Watching(self.table, self.meta)
        self.replays = Replays(storage)
        self.router = Router(storage, self.lobby, self.endings, self.table, self.hands,
                             self.meta, self.watching, self.replays)
        relay = storage.click_relay(lease_owner) if lease_owner is not None else None
        self.relay = Relay(client, relay, lambda game_id: game_id in runtimes, self.leases.now)

    @property
    def bot_delay(self) -> float:
        """Seconds a computer player waits before its turn (read when a session is built).

        RUMMY_BOT_DELAY sets it for the process; unset, BOT_DELAY (which tests change).
        """
        return BOT_DELAY if self._bot_delay is None else self._bot_delay

    def running(self, game_id: int) -> Runtime:
        """Return the running game or refuse (finished, abandoned, unknown)."""
        rt = self.runtimes.get(game_id)
        if rt is None:
            raise Refusal("error.game_over")
        return rt

    def seated(self, rt: Runtime, interaction: discord.Interaction) -> int:
        """Return the member's seat or refuse."""
        seat = rt.seat_of(interaction.user.id)
        if seat is None:
            raise Refusal("lobby.not_seated")
        return seat

    # ----- what the slash commands use -----------------------------------------------------

    async def open_lobby(self, interaction: discord.Interaction, game: str,
                         preset: str) -> None:
        """Open a lobby for `game` in this channel (or a new thread) with the opener seated."""
        await self.lobby.open(interaction, game, preset)

    async def lobby_action(self, interaction: discord.Interaction, record: GameRecord,
                           kind: str, values: Sequence[str] = ()) -> None:
        """Join, leave, add a computer (of a level) or start, and confirm it to the member."""
        await self.lobby.act(interaction, record, kind, values)

    async def refresh_lobby(self, record: GameRecord) -> None:
        """Edit the lobby message to show the current seats and settings."""
        await self.lobby.refresh(record)

    async def abandon(self, interaction: discord.Interaction, record: GameRecord) -> None:
        """Cancel a lobby, or ask whether to cancel a running game (host or Manage Server)."""
        await self.endings.abandon(interaction, record)

    def may_manage(self, interaction: discord.Interaction, record: GameRecord) -> bool:
        """Whether the member is the host or has Manage Server."""
        return may_manage(interaction, record)

    async def show_hand(self, interaction: discord.Interaction, game_id: int) -> None:
        """Answer "My hand" ephemerally with the picture and the controls."""
        rt = self.running(game_id)
        await self.hands.show_ephemeral(rt, self.seated(rt, interaction), interaction)

    def table_copy(self, game_id: int) -> PictureMessage:
        """Return the table message of a running game without its buttons."""
        payload = table_payload(self.running(game_id))
        payload["view"] = None
        return payload

    async def restore_all(self) -> None:
        """Resume every running game from storage; keep their leases if games are shared."""
        await self.sessions.restore_all()
        if self.leases.shared and self._lease_keeper is None:
            self._lease_keeper = asyncio.create_task(self._keep_leases())
            await self.relay.start()

    async def _keep_leases(self) -> None:
        """Renew leases and take over run-out ones every third of a lease, for ever."""
        while True:
            await asyncio.sleep(self.leases.every)
            try:
                await self.sessions.keep_leases()
            except StorageError as error:  # the lease lasts a few renewals: try again
                log.warning("game leases not renewed (%s)", error)
            except Exception:
                log.exception("keeping game leases failed")

    def stop_keeping_leases(self) -> None:
        """Stop renewing and taking over leases (a stop; tests: a process that hangs)."""
        if self._lease_keeper is not None:
            self._lease_keeper.cancel()
            self._lease_keeper = None

    async def release_leases(self) -> None:
        """Give up this process's games at a clean stop, so another takes them at once."""
        self.stop_keeping_leases()
        try:
            await self.leases.release(self.runtimes)
        except StorageError as error:  # they run out on their own
            log.warning("game leases not released (%s)", error)

    def close_all(self) -> None:
        """Stop every session's timers, the lease keeper and the hard computers' workers
        (cog unload)."""
        self.stop_keeping_leases()
        self.deciders.close()
        self.sessions.close_all()
