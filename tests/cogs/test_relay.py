"""DM clicks reach the process driving the game: relayed through PostgreSQL.

Discord sends every DM interaction to shard 0. Here the bot attached to SimCord runs shard 1
of 2 and drives a game in a server of shard 1; Alice's clicks on her hand in her DMs go to
shard 0. SimCord runs one bot per event loop, so the process running shard 0 is a second
RummyBot whose gateway is the one thing simulated by hand: the test routes SimCord's shard-0
events to that bot's own parser (through SimCord's gateway shaping), where its relay takes
them. Everything after that is real: the row and the notification on the test's PostgreSQL
server, the owner's listener, discord.py answering with the interaction's token.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any

import pytest
import simcord
from simcord.gateway import FakeGateway, ShardRouter

from bot.app import RummyBot
from bot.sandbox import SandboxWorld
from bot.settings import Settings
from cogs.host import GameHost, ScriptedDeals
from cogs.host import relay as relay_module
from cogs.host.leases import RENEW_EVERY
from cogs.host.relay import Relay
from tests.cogs.conftest import (
    LOOSE_A,
    LOOSE_B,
    attached,
    deal,
    dm,
    labels,
    script,
    table_message,
)
from tests.conftest import SETTLE_TIMEOUT, Sim
from tests.postgres_server import PostgresServer

OWNER, SENDER = "shard-1", "shard-0"
GIN = deal(LOOSE_A, LOOSE_B, upcard="5C", stock="2C 3C 4C 7S 8S 10S")
MOVING = "This game is moving to another of the bot's servers, so nothing changed."


def settings(dsn: str, shards: str) -> Settings:
    """Settings of one process of two shards on the test database."""
    return Settings.from_mapping({"RUMMY_DB": dsn, "RUMMY_SHARD_COUNT": "2",
                                  "RUMMY_SHARDS": shards})


def host_of(bot: RummyBot) -> GameHost:
    """Return the bot's game host (its extension's class is loaded afresh per bot)."""
    host = bot.get_cog("Rummy").host  # type: ignore[union-attr]
    assert isinstance(host, GameHost)
    return host


def world_on_shard(env: simcord.Env, shard: int) -> SandboxWorld:
    """A server held by `shard`, its #rummy channel, Alice and Bruno."""
    guild = env.create_guild(f"Shard {shard}", shard_id=shard)
    channel = guild.create_text_channel("rummy")
    members = tuple(guild.add_member(env.create_user(name)) for name in ("Alice", "Bruno"))
    return SandboxWorld(guild, channel, members)


async def start_gin(sim: Sim, deals: ScriptedDeals) -> None:
    """Alice and Bruno start a scripted gin game; Alice acts first."""
    script(deals, GIN, dealer=1)
    assert (await sim.alice.slash(sim.channel, "rummy new", game="gin")).ephemeral
    lobby = next(m for m in reversed(sim.channel.history()) if "Join" in labels(m))
    await sim.members[1].click(lobby, label="Join")
    await sim.alice.click(lobby, label="Start")


async def answered(sim: Sim, clicked: simcord.InteractionResult) -> simcord.InteractionResult:
    """Return a click's result once its answer came: another process answers it, after the
    notification, which SimCord does not wait for (a real wait, a few seconds at most)."""
    for _ in range(250):
        if clicked.acknowledged:
            break
        await asyncio.sleep(0.02)
        await sim.env.settle()
    return clicked


@dataclass
class OtherProcess:
    """The process running shard 0: its bot (not attached to SimCord), host and relay."""

    bot: RummyBot
    host: GameHost
    parsed_here: list[dict[str, Any]]


@pytest.fixture
async def other(postgres_server: PostgresServer, monkeypatch: pytest.MonkeyPatch
                ) -> AsyncIterator[OtherProcess]:
    """Start the shard-0 process and route SimCord's shard-0 interactions to it."""
    await postgres_server.empty()
    bot = RummyBot(settings(postgres_server.dsn(), "0"), lease_owner=SENDER)
    await bot.open_storage()
    host = GameHost(bot, bot.storage, lease_owner=SENDER)
    parsed: list[dict[str, Any]] = []

    def intercept(data: dict[str, Any]) -> bool:
        """The relay's interceptor, as the game cog installs it, noting what it leaves to
        this process's (unconnected) discord.py."""
        if host.relay.intercept(data):
            return True
        parsed.append(data)
        return False

    bot.interaction_interceptor = intercept
    original = ShardRouter.feed

    def feed(router: ShardRouter, event: str, payload: Any) -> None:
        shard = router._event_shard_id(event, payload)
        if shard in router.gateways:
            original(router, event, payload)
        elif event == "INTERACTION_CREATE":  # another process's shard
            FakeGateway(router._backend, bot._connection).feed(event, payload)

    monkeypatch.setattr(ShardRouter, "feed", feed)
    await host.relay.start()
    try:
        yield OtherProcess(bot, host, parsed)
    finally:
        await host.relay.close()
        await bot.close_storage()


@pytest.fixture
async def owner(postgres_server: PostgresServer, other: OtherProcess
                ) -> AsyncIterator[Sim]:
    """The process running shard 1, attached to SimCord, in a server of shard 1."""
    made: list[RummyBot] = []

    def factory() -> RummyBot:
        made.append(RummyBot(settings(postgres_server.dsn(), "1"), lease_owner=OWNER))
        return made[-1]

    factory()
    async with attached(made) as env:
        yield Sim(env, world_on_shard(env, 1), factory)


async def test_a_dm_click_for_a_game_of_shard_1_is_answered_by_the_process_driving_it(
        owner: Sim, other: OtherProcess, deals: ScriptedDeals,
        postgres_server: PostgresServer) -> None:
    await start_gin(owner, deals)
    host = host_of(owner.bot)
    before = host.runtimes[1].game.version

    clicked = await answered(owner, await owner.alice.user.click(dm(owner.alice), label="Pass"))

    assert clicked.acknowledged and not clicked.ephemeral and not clicked.deferred
    assert host.runtimes[1].game.version == before + 1  # the owner moved the game
    assert "Pass" not in labels(dm(owner.alice))  # her hand, answered in place
    assert "Alice passed" in table_message(owner).content
    assert other.parsed_here == [] and other.host.runtimes == {}
    assert await postgres_server.value("SELECT count(*) FROM relayed_clicks") == 0


async def test_a_relayed_click_taken_late_is_acknowledged_first_and_still_answered(
        owner: Sim, other: OtherProcess, deals: ScriptedDeals,
        monkeypatch: pytest.MonkeyPatch) -> None:
    await start_gin(owner, deals)
    monkeypatch.setattr(relay_module, "LATE", -1.0)  # every click counts as late
    clicked = await answered(owner, await owner.alice.user.click(dm(owner.alice), label="Pass"))
    assert clicked.deferred and not clicked.ephemeral
    assert "Pass" not in labels(dm(owner.alice))  # the hand edited after the deferral
    assert "Alice passed" in table_message(owner).content


async def test_a_click_reaching_an_owner_that_just_gave_the_game_up_is_told_it_is_moving(
        owner: Sim, other: OtherProcess, deals: ScriptedDeals,
        postgres_server: PostgresServer) -> None:
    await start_gin(owner, deals)
    host_of(owner.bot).runtimes.pop(1).session.close()  # its lease taken, say: it stops
    version = await stored_version(postgres_server)
    clicked = await answered(owner, await owner.alice.user.click(dm(owner.alice), label="Pass"))
    assert clicked.ephemeral and MOVING in clicked.response.content  # type: ignore[union-attr]
    assert await stored_version(postgres_server) == version


async def test_a_click_on_a_game_not_running_anywhere_is_answered_where_it_arrived(
        owner: Sim, other: OtherProcess, deals: ScriptedDeals,
        postgres_server: PostgresServer) -> None:
    await start_gin(owner, deals)
    await postgres_server.value("UPDATE games SET status = 'abandoned'")
    await owner.alice.user.click(dm(owner.alice), label="Pass")
    # Not relayed: the shard-0 process's discord.py got it, as with one process.
    assert [d["data"]["custom_id"] for d in other.parsed_here] == [
        c for c in [custom_of(dm(owner.alice), "Pass")]]


def custom_of(message: Any, label: str) -> str:
    """Return the custom id of the button labelled `label`."""
    from tests.cogs.conftest import children
    return next(c.custom_id for c in children(message) if getattr(c, "label", None) == label)


@pytest.fixture
async def shard0(postgres_server: PostgresServer, deals: ScriptedDeals,
                 monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Sim]:
    """The shard-0 process attached to SimCord, after a game of shard 1 was started by a
    process (named "gone") that then stopped: its DMs are in Alice's inbox."""
    await postgres_server.empty()
    made: list[RummyBot] = []

    def process(shards: str | None, name: str) -> Callable[[], RummyBot]:
        def factory() -> RummyBot:
            values = {"RUMMY_DB": postgres_server.dsn(), "RUMMY_SHARD_COUNT": "2"}
            values |= {"RUMMY_SHARDS": shards} if shards is not None else {}
            made.append(RummyBot(Settings.from_mapping(values), lease_owner=name))
            return made[-1]
        return factory

    process(None, "gone")()
    async with attached(made) as env:
        sim = Sim(env, world_on_shard(env, 1), process("0", SENDER))
        await start_gin(sim, deals)
        await env.advance_time(RENEW_EVERY)
        gone = host_of(made[0])
        await env.restart_bot(process("0", SENDER)())
        gone.close_all()  # it stopped: no timers, no renewals, nobody listening as "gone"
        await gone.relay.close()
        # Past SimCord's settle window (so that the wait ends when the test says), within
        # Discord's 3 s to answer (SimCord refuses a later first answer).
        monkeypatch.setattr(Relay, "wait", SETTLE_TIMEOUT + 0.5)
        yield sim


async def stored_version(server: PostgresServer) -> int:
    """Return the stored version of game 1."""
    version: int = await server.value("SELECT state_version FROM games WHERE id = 1")
    return version


@pytest.mark.parametrize("lease_left", [3600.0, -1.0], ids=["silent owner", "lease ran out"])
async def test_a_click_nobody_can_answer_is_told_the_game_is_moving_and_changes_nothing(
        shard0: Sim, postgres_server: PostgresServer, lease_left: float) -> None:
    await postgres_server.value("UPDATE games SET lease_until = $1",
                  time.time() + lease_left)
    version = await stored_version(postgres_server)
    assert host_of(shard0.bot).runtimes == {}  # shard 0's process does not drive it

    clicked = await shard0.alice.user.click(dm(shard0.alice), label="Pass")
    if lease_left > 0:  # sent to "gone", which never takes it: answered after the wait
        assert not clicked.acknowledged
        await shard0.env.advance_time(Relay.wait)

    assert clicked.ephemeral and MOVING in clicked.response.content  # type: ignore[union-attr]
    assert await stored_version(postgres_server) == version
    assert "Pass" in labels(dm(shard0.alice))
    assert await postgres_server.value("SELECT count(*) FROM relayed_clicks") == 0
    assert await postgres_server.value("SELECT lease_owner FROM games") == "gone"


async def test_a_moving_game_is_told_in_the_members_language(
        shard0: Sim, postgres_server: PostgresServer, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.cogs.conftest import set_locale
    set_locale(monkeypatch, shard0.alice.id, "it")
    await postgres_server.value("UPDATE games SET lease_until = 0")
    clicked = await shard0.alice.user.click(dm(shard0.alice), label="Pass")
    assert clicked.ephemeral
    assert "Questa partita sta passando a un altro server del bot" in (
        clicked.response.content)  # type: ignore[union-attr]
