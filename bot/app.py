"""The bot process: a `commands.Bot` that owns storage, cogs and command sync."""

from __future__ import annotations

import gc
import logging
import os
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.command_words import CatalogueTranslator
from bot.settings import Settings
from bot.shards import owns_guild, process_id
from bot.storage import Storage, StorageError, open_storage
from bot.storage.postgres import redacted
from card_images import warm_faces

log = logging.getLogger(__name__)

# Extensions loaded at start, in order. A game cog that defines the `/rummy`
# group is appended here; each must expose `async def setup(bot)`.
EXTENSIONS: list[str] = [
    "cogs.meta",
    "cogs.rummy",
]

GameRestorer = Callable[["RummyBot"], Awaitable[None]]


class StartupError(RuntimeError):
    """The bot cannot start; the message is one line for the person running it."""


def bot_intents() -> discord.Intents:
    """Return the intents the bot needs: guilds only, nothing privileged."""
    # Interactions (slash commands, buttons, selects) arrive without any
    # intent, and sending DMs needs none; `guilds` keeps channels and threads
    # in the cache so the bot can post and edit table messages.
    intents = discord.Intents.none()
    intents.guilds = True
    return intents


def prepare_database(settings: Settings) -> None:
    """Make the SQLite file's folder ready, or raise StartupError (a PostgreSQL URL needs none)."""
    if settings.db_url is None:
        prepare_database_path(settings.db_path)


def prepare_database_path(path: Path) -> None:
    """Create the database folder and check it is writable, or raise StartupError."""
    if path.is_dir():
        raise StartupError(f"database path {path} is a directory, not a file")
    folder = path.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StartupError(f"cannot create database folder {folder}: {error.strerror}") from error
    if not folder.is_dir():
        raise StartupError(f"cannot create database folder {folder}: not a directory")
    # SQLite writes a journal beside the file, so the folder must be writable too.
    target = path if path.exists() else folder
    if not os.access(target, os.W_OK) or not os.access(folder, os.W_OK):
        raise StartupError(f"database path {path} is not writable")


# Allocations between two young collections (Python's default: 700). A move makes thousands
# of objects that live a move or two (views, states, legal lists): collected every 700 they
# are promoted and fill the old generation, whose full collections walk every game's objects
# (150-300 ms at 1,000 games, several a minute: bench_load); every 20,000 they die young.
YOUNG_COLLECTION = 20_000


def settle_after_ready() -> None:
    """Draw the card faces and freeze the startup heap, once: work the first moves would pay."""
    if gc.get_freeze_count():
        return
    warm_faces()  # 1-2 ms a face: the first hand ends would draw dozens
    # Modules, fonts, card faces and the client's caches live as long as the process, and a
    # full collection walks every one of them during some player's move: 40-50 ms for the
    # bot's 60,000 startup objects on a small VM, the worst moves of bench_bot.
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_COLLECTION, *gc.get_threshold()[1:])


def process_shard_count(settings: Settings) -> int | None:
    """Return the shard count to connect with: the setting, else Discord's own (None)."""
    if settings.shard_count is None and settings.token is None:
        # No token: SimCord or the sandbox, with no gateway to recommend a count.
        return 1
    return settings.shard_count


class RummyBot(commands.AutoShardedBot):
    """The Discord bot hosting rummy-family games, on the shards its settings name."""

    def __init__(
        self,
        settings: Settings,
        *,
        extensions: Sequence[str] | None = None,
        restore_at_setup: bool = True,
        lease_owner: str | None = None,
    ) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=bot_intents(),
            help_command=None,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            shard_count=process_shard_count(settings),
        )
        if settings.shard_ids is not None:
            # Set before connecting, as the constructor's `shard_ids` would: only these connect.
            self.shard_ids = list(settings.shard_ids)
        self.settings = settings
        # This process's name in game leases: only a PostgreSQL database is shared by several
        # processes; tests running two "processes" in one name each.
        self.lease_owner = lease_owner or (process_id() if settings.db_url else None)
        self.extension_names: tuple[str, ...] = tuple(
            EXTENSIONS if extensions is None else extensions
        )
        self._storage: Storage | None = None
        self._restorers: list[GameRestorer] = []
        # The sandbox restores later, once its simulated server exists (see bot.sandbox).
        self.restore_at_setup = restore_at_setup
        self.synced_commands: list[app_commands.AppCommand] = []
        # Set by the game cog: takes the raw DM clicks another process must answer.
        self.interaction_interceptor: Callable[[dict[str, Any]], bool] | None = None
        self._intercept_interactions()

    def _intercept_interactions(self) -> None:
        """Let `interaction_interceptor` take raw interactions before discord.py parses them."""
        # discord.py keeps no interaction's raw payload, and the relay sends it on unparsed:
        # its gateway (and SimCord's) call this parser with each INTERACTION_CREATE.
        parsers = self._connection.parsers
        parse = parsers["INTERACTION_CREATE"]

        def parse_unless_taken(data: dict[str, Any]) -> None:
            intercept = self.interaction_interceptor
            if intercept is None or not intercept(data):
                parse(data)

        parsers["INTERACTION_CREATE"] = parse_unless_taken

    def owns_guild(self, guild_id: int) -> bool:
        """Tell whether this process runs the shard that holds a guild."""
        return owns_guild(self, guild_id)

    @property
    def storage(self) -> Storage:
        """The open storage; available from `setup_hook` on."""
        if self._storage is None:
            raise RuntimeError("storage is not open yet (setup_hook has not run)")
        return self._storage

    async def setup_hook(self) -> None:
        """Open storage, load cogs, restore unfinished games and sync commands."""
        await self.open_storage()
        await self.tree.set_translator(CatalogueTranslator())
        for name in self.extension_names:
            await self.load_extension(name)
        if self.restore_at_setup:
            await self.restore_games()
        await self.sync_commands()

    async def open_storage(self) -> None:
        """Open the database RUMMY_DB names (a file or a PostgreSQL URL), or raise StartupError."""
        prepare_database(self.settings)
        url = self.settings.db_url
        try:
            self._storage = await open_storage(url or self.settings.db_path)
        except StorageError as error:
            raise StartupError(str(error)) from error
        log.info("storage open at %s", redacted(url) if url else self.settings.db_path)

    def add_game_restorer(self, restorer: GameRestorer) -> None:
        """Register a coroutine that re-attaches a game kind's views at start."""
        self._restorers.append(restorer)

    def remove_game_restorer(self, restorer: GameRestorer) -> None:
        """Forget a restorer (call from a cog's `cog_unload`)."""
        if restorer in self._restorers:
            self._restorers.remove(restorer)

    async def restore_games(self) -> None:
        """Run every registered restorer so unfinished games get their views back."""
        # A cog registers one restorer in `cog_load`; each reads its own games
        # from `self.storage` and calls `self.add_view(view, message_id=...)`.
        for restorer in tuple(self._restorers):
            try:
                await restorer(self)
            except Exception:
                # One broken game kind must not keep every other game offline.
                log.exception("restoring games with %r failed", restorer)

    async def sync_commands(self) -> list[app_commands.AppCommand]:
        """Sync slash commands: to RUMMY_GUILD_ID instantly if set, else globally."""
        guild_id = self.settings.guild_id
        if guild_id is None:
            self.synced_commands = await self.tree.sync()
        else:
            guild = discord.Object(id=guild_id)
            self.tree.copy_global_to(guild=guild)
            self.synced_commands = await self.tree.sync(guild=guild)
        log.info(
            "synced %d commands %s",
            len(self.synced_commands),
            "globally" if guild_id is None else f"to guild {guild_id}",
        )
        return self.synced_commands

    async def close(self) -> None:
        """Disconnect, then close storage."""
        try:
            await super().close()
        finally:
            await self.close_storage()

    async def close_storage(self) -> None:
        """Close the database if open; safe to call twice."""
        storage, self._storage = self._storage, None
        if storage is not None:
            await storage.close()

    async def on_ready(self) -> None:
        """Log who we are once connected to Discord (the sandbox describes its own server)."""
        if self.settings.token is None:
            # Under SimCord, before the sandbox builds its server: "in 0 servers" tells nothing.
            return
        log.info("connected as %s in %d servers", self.user, len(self.guilds))
        settle_after_ready()
