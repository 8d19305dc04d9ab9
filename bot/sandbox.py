"""The local sandbox: the real bot against SimCord's Preview on 127.0.0.1.

`python -m bot` without DISCORD_TOKEN runs `run_sandbox`: a simulated server
"Sandbox" with a #rummy channel and four members (Alice with Manage Server),
shown in the browser, where one person plays every seat by switching the
Preview's "Viewing as" member; the pages follow the bot's own moves by
themselves (bot.sandbox_refresh). `PreviewClient` drives the same page over
HTTP, for tests and scripts.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import uuid
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Self

import aiohttp
import discord

from bot.app import RummyBot, StartupError, prepare_database
from bot.jsondata import JsonDict
from bot.sandbox_refresh import auto_refresh
from bot.settings import Settings

if TYPE_CHECKING:
    import simcord
    from simcord import ChannelHandle, GuildHandle, MemberActor

GUILD_NAME = "Sandbox"
CHANNEL_NAME = "rummy"
MEMBER_NAMES = ("Alice", "Bruno", "Chiara", "Dario")
PREVIEW_SETTLE = 1.4  # seconds; just below the host's BOT_DELAY (1.5)
MANAGER_NAME = "Alice"  # the member who may change /rummy server in the sandbox
MANAGER_ROLE = "Server managers"
STALE_RETRIES = 3  # sends of one PreviewClient action refused only as stale
# Seconds of SimCord's clock between the servers of a cluster's sandboxes: ids carry the
# millisecond they were made in, and a short step keeps a high shard's start quick.
WORLD_SPACING = 0.01

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class SandboxWorld:
    """The simulated server the sandbox (and the end-to-end tests) play in."""

    guild: GuildHandle
    channel: ChannelHandle
    members: tuple[MemberActor, ...]

    def member(self, name: str) -> MemberActor:
        """Return the member called `name` (case-insensitive)."""
        for member in self.members:
            if member.name.lower() == name.lower():
                return member
        raise KeyError(name)


@dataclass(frozen=True)
class SandboxInfo:
    """What a person needs to open the running sandbox."""

    url: str
    port: int
    world: SandboxWorld


def build_world(
    env: simcord.Env, names: Sequence[str] = MEMBER_NAMES, *, shard: int | None = None
) -> SandboxWorld:
    """Create the "Sandbox" server, its #rummy channel and one member per name.

    With `shard`, the server is one that shard holds, and is named after it.
    """
    if shard is None:
        guild = env.create_guild(GUILD_NAME)
    else:
        guild = env.create_guild(f"{GUILD_NAME} {shard}", shard_id=shard)
    channel = guild.create_text_channel(CHANNEL_NAME)
    members = tuple(guild.add_member(env.create_user(name)) for name in names)
    return SandboxWorld(guild, channel, members)


def add_manager(env: simcord.Env, world: SandboxWorld, name: str = MANAGER_NAME) -> None:
    """Give one member the Manage Server permission, through a role of its own."""
    role = world.guild.create_role(MANAGER_ROLE, permissions=discord.Permissions(manage_guild=True))
    # SimCord gives roles only to members it adds; this member exists already. Adding the role
    # afterwards keeps the server's, channel's and members' ids those of earlier sandboxes.
    env.backend.add_member_role(world.guild.id, world.member(name).id, role.id)


def describe_world(world: SandboxWorld) -> str:
    """Return one log line saying what the simulated server holds."""
    names = ", ".join(m.name for m in world.members)
    return (f"simulated server {world.guild.name}, #{world.channel.name}, "
            f"{len(world.members)} members ({names}); {MANAGER_NAME} has Manage Server")


def _import_simcord() -> Any:
    # SimCord's import-time self-check builds an intent-less discord.Client,
    # whose "Guilds intent seems to be disabled" warning is not about our bot.
    state_log = logging.getLogger("discord.state")
    previous = state_log.level
    state_log.setLevel(logging.ERROR)
    try:
        import simcord
    except ImportError as error:
        raise StartupError(
            "the sandbox needs SimCord: pip install 'simcord[preview]' (or set DISCORD_TOKEN)"
        ) from error
    finally:
        state_log.setLevel(previous)
    return simcord


async def run_sandbox(
    settings: Settings,
    *,
    on_ready: Callable[[SandboxInfo], None] | None = None,
    stop: asyncio.Event | None = None,
) -> None:
    """Serve the sandbox until the Preview session ends or `stop` is set."""
    simcord = _import_simcord()
    settings = settings.for_sandbox()
    prepare_database(settings)
    # Games resume only once the server is built: its ids then match the last run's (SimCord
    # allocates them in order), so each game reappears in #rummy, and no computer's move
    # keeps SimCord's start from settling.
    bot = RummyBot(settings, restore_at_setup=False)
    try:
        # check_errors=False: a failing handler is logged as on Discord, and
        # must not turn a person's Ctrl-C into an exception report.
        async with simcord.run(bot, check_errors=False) as env:
            world = await build_shard_world(env, settings)
            add_manager(env, world)
            log.info("%s", describe_world(world))
            # The Preview shows one channel and no DMs, so hands go to the channel
            # ("My hand" answers ephemerally), the same path as closed DMs.
            await bot.storage.set_guild_settings(world.guild.id, hand_delivery="channel")
            await bot.restore_games()
            # A Preview click returns once the bot is idle or its next timer lies past this
            # many seconds. Below the computer's pause, a click is answered as soon as the bot
            # has answered it; with SimCord's 5 s, each discard waited for the computers' next
            # moves too (4-6 s). The computers then play on in real time.
            env.settle_timeout = PREVIEW_SETTLE
            try:
                preview = env.preview(
                    world.channel,
                    viewers=world.members,
                    layout="channel",
                    display="responsive",
                    port=settings.sandbox_port,
                )
                async with preview as pv, auto_refresh(pv, lambda: len(env.http_requests)):
                    port = int(pv.url.split("/#", 1)[0].rsplit(":", 1)[1])
                    if on_ready is not None:
                        on_ready(SandboxInfo(pv.url, port, world))
                    await _wait_for_end(pv, stop)
                # A clean stop, as on Discord: the game cog gives its games' leases up (so
                # the next process on these shards resumes them at once) and stops timers.
                for name in tuple(bot.extensions):
                    await bot.unload_extension(name)
            except simcord.SetupError as error:
                raise StartupError(_describe_preview_error(error, settings)) from error
    finally:
        await bot.close_storage()


def sandbox_shard(settings: Settings) -> int | None:
    """Return the shard whose server this sandbox shows: its first, when it runs only some."""
    if settings.shard_ids is None or settings.shard_count in (None, 1):
        return None  # one process runs every shard: the sandbox of one process, as ever
    return settings.shard_ids[0]


async def build_shard_world(env: simcord.Env, settings: Settings) -> SandboxWorld:
    """Build the sandbox's server, one that this process's first shard holds."""
    shard = sandbox_shard(settings)
    if shard:
        # SimCord numbers everything from one starting instant, so each process of a cluster
        # would give its channel the same id as the others; the games of every process share
        # one database, one game per channel. Building shard k's server k steps later gives
        # it ids of its own, the same at every restart.
        await env.advance_time(shard * WORLD_SPACING)
    return build_world(env, shard=shard)


def _describe_preview_error(error: Exception, settings: Settings) -> str:
    text = str(error)
    if "could not bind" in text:
        return (
            f"port {settings.sandbox_port} on 127.0.0.1 is in use; "
            "set RUMMY_SANDBOX_PORT to a free port (0 picks one)"
        )
    if "requires" in text or "reinstall" in text:
        return f"the sandbox Preview cannot start: {text}"
    return f"the sandbox could not start: {text}"


async def _wait_for_end(pv: Any, stop: asyncio.Event | None) -> None:
    closed = asyncio.ensure_future(pv.wait_closed())
    waiters: set[asyncio.Future[Any]] = {closed}
    if stop is not None:
        waiters.add(asyncio.ensure_future(stop.wait()))
    try:
        await asyncio.wait(waiters, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for waiter in waiters:
            waiter.cancel()


class PreviewRejected(RuntimeError):
    """The Preview refused an action; `codes` holds its diagnostic codes."""

    def __init__(self, kind: str, receipt: JsonDict) -> None:
        self.receipt = receipt
        self.codes = [d.get("code", "?") for d in receipt.get("diagnostics", [])]
        super().__init__(f"preview rejected {kind}: {', '.join(self.codes) or 'no reason given'}")


class PreviewClient:
    """One Preview page driven over HTTP, as the browser would, without a browser."""

    def __init__(self, url: str, session: aiohttp.ClientSession) -> None:
        base, _, capability = url.partition("/#")
        if not capability:
            raise ValueError("a Preview URL carries its capability after '#'")
        self.base = base
        self._session = session
        self._capability = capability
        self._context: str | None = None
        self._last_sequence = 0
        self.state: JsonDict = {}

    @classmethod
    async def open(cls, url: str, viewer_id: int | None = None) -> PreviewClient:
        """Open a new page viewing as `viewer_id` (the first member when None)."""
        client = cls(url, aiohttp.ClientSession())
        try:
            body = {"viewer_id": None if viewer_id is None else str(viewer_id)}
            client.state = await client._request("POST", "/api/pages", body)
        except BaseException:
            await client.close()
            raise
        client._context = client.state["context"]["id"]
        return client

    async def close(self) -> None:
        """Close the HTTP session (the page expires on its own)."""
        await self._session.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    @property
    def viewer_id(self) -> int:
        """The member this page is viewing as."""
        return int(self.state["viewerId"])

    async def refresh_state(self) -> JsonDict:
        """Re-read the published page (what the browser polls every 500 ms)."""
        self.state = await self._request("GET", "/api/state")
        return self.state

    def messages(self) -> list[JsonDict]:
        """The messages this viewer sees, oldest first (ephemerals only their own)."""
        return [self.state["messages"][mid] for mid in self.state["timeline"]]

    async def commands(self) -> list[JsonDict]:
        """The slash commands this viewer can run, one entry per invocation."""
        catalog = await self._request("GET", "/api/commands")
        entries: list[JsonDict] = catalog["entries"]
        return entries

    async def run_command(self, invocation: str, **options: Any) -> JsonDict:
        """Run `/invocation` (e.g. "rummy new") with options, as this viewer."""
        entry = next((e for e in await self.commands() if e["invocation"] == invocation), None)
        if entry is None:
            raise KeyError(f"/{invocation} is not available to this viewer")
        wire = {name: _wire_option(value) for name, value in options.items()}
        return await self._action(
            "run_command",
            command_id=entry["commandId"],
            path=entry["path"],
            schema_fingerprint=entry["schemaFingerprint"],
            options=wire,
        )

    async def click(
        self, message_id: str, *, label: str | None = None, custom_id: str | None = None
    ) -> JsonDict:
        """Click the one button matching `label` and/or `custom_id` on a message."""
        key = self.control_key(message_id, label=label, custom_id=custom_id)
        return await self._action("click", target_id=message_id, control_key=key)

    async def select(
        self, message_id: str, values: Sequence[str], *, custom_id: str | None = None
    ) -> JsonDict:
        """Choose option values in the select menu matching `custom_id`."""
        key = self.control_key(message_id, custom_id=custom_id, select=True)
        return await self._action(
            "select", target_id=message_id, control_key=key, values=list(values)
        )

    async def view_as(self, viewer_id: int) -> JsonDict:
        """Switch this page to another member, like the "Viewing as" menu."""
        return await self._action("viewer", viewer_id=str(viewer_id))

    async def refresh(self) -> JsonDict:
        """Settle the bot and republish this page, like the Refresh button."""
        return await self._action("refresh")

    async def asset(self, asset_id: str) -> bytes:
        """Download an attachment's bytes by its asset id."""
        async with self._session.get(
            f"{self.base}/api/assets/{asset_id}", headers=self._headers()
        ) as response:
            response.raise_for_status()
            return await response.read()

    def control_key(
        self,
        message_id: str,
        *,
        label: str | None = None,
        custom_id: str | None = None,
        select: bool = False,
    ) -> str:
        """Find the control key of one component on a published message."""
        message = self.state["messages"].get(str(message_id))
        if message is None:
            raise KeyError(f"message {message_id} is not on this page")
        found = [
            c["control_key"]
            for c in _walk_components(message.get("components", []))
            if (c.get("type") in (3, 5, 6, 7, 8)) == select
            and (label is None or c.get("label") == label)
            and (custom_id is None or c.get("custom_id") == custom_id)
        ]
        if len(found) != 1:
            raise KeyError(f"{len(found)} controls match label={label!r} custom_id={custom_id!r}")
        return str(found[0])

    async def _action(self, kind: str, **fields: Any) -> JsonDict:
        # The sandbox republishes pages as the bot moves on by itself: an action that raced
        # such a publication is refused as stale before it runs, so it is sent again.
        for _ in range(STALE_RETRIES):
            receipt = await self._send(kind, fields)
            if [d.get("code") for d in receipt.get("diagnostics", [])] != ["stale-revision"]:
                break
        if receipt.get("rejected"):
            raise PreviewRejected(kind, receipt)
        await self.refresh_state()
        return receipt

    async def _send(self, kind: str, fields: JsonDict) -> JsonDict:
        """Send one action on the latest published state; return its receipt."""
        await self.refresh_state()
        body = {
            "protocol_version": 3,
            "generation": self.state["context"]["generation"],
            "bot_generation": self.state["botGeneration"],
            "published_revision": self.state["publishedRevision"],
            "sequence": self._last_sequence + 1,
            "request_id": uuid.uuid4().hex,
            "kind": kind,
            **fields,
        }
        receipt: JsonDict = await self._request("POST", "/api/action", body)
        # Only admitted actions consume a sequence number; the receipt says where we are.
        self._last_sequence = int(receipt.get("expectedSequence", self._last_sequence))
        return receipt

    def _headers(self) -> dict[str, str]:
        headers = {"X-Simcord-Capability": self._capability}
        if self._context is not None:
            headers["X-Simcord-Context"] = self._context
        return headers

    async def _request(self, method: str, path: str, body: Any = None) -> Any:
        async with self._session.request(
            method, self.base + path, json=body, headers=self._headers()
        ) as response:
            response.raise_for_status()
            return await response.json()


def _wire_option(value: Any) -> Any:
    """Encode an option as the browser does: numbers as text, members as ids."""
    if isinstance(value, (bool, str)):
        return value
    if isinstance(value, (int, float)):
        return str(value)
    if hasattr(value, "id"):
        return str(value.id)
    raise TypeError(f"cannot send {value!r} as a command option")


def _walk_components(components: Sequence[Any]) -> Iterator[JsonDict]:
    for component in components:
        if not isinstance(component, dict):
            continue
        if "control_key" in component:
            yield component
        children = itertools.chain(
            component.get("components", []) or [],
            [component["accessory"]] if isinstance(component.get("accessory"), dict) else [],
        )
        yield from _walk_components(list(children))
