"""Shared fixtures: the real RummyBot running under SimCord on a temporary database.

Use `sim` in end-to-end tests:

    async def test_something(sim):
        result = await sim.alice.slash(sim.channel, "about")
        assert result.ephemeral

`sim.env` is the SimCord `Env` (advance_time, inject_error, http_requests ...);
`await sim.restart()` swaps in a fresh bot on the same database, like a
process restart. Pass SimCord options with `@pytest.mark.simcord(...)`.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import simcord

from bot.app import RummyBot
from bot.sandbox import SandboxWorld, build_world
from bot.settings import Settings
from cogs.errors import is_refusal
from tests.postgres_server import PostgresServer, running_server

# Real seconds an operation may take to settle. Bot timers that fire later
# than this stay parked until `env.advance_time(...)`, so keep game timers in
# tests above it; rendering and AI moves must finish within it.
SETTLE_TIMEOUT = 2.0


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """One real PostgreSQL server for the whole run, stopped and deleted at the end."""
    with running_server() as server:
        yield server


@pytest.fixture
def bot_settings(tmp_path: Path) -> Settings:
    """Settings with a database of its own under tmp_path; hard computers decide on the loop
    (the workers that decide them in the bot have their own tests: test_hard_workers.py)."""
    return Settings(db_path=tmp_path / "rummy.sqlite3", hard_workers=0)


@pytest.fixture
async def make_bot(bot_settings: Settings) -> AsyncIterator[Callable[[], RummyBot]]:
    """A factory of RummyBots on the test's settings; their storage is closed at the end."""
    made: list[RummyBot] = []

    def factory() -> RummyBot:
        bot = RummyBot(bot_settings)
        made.append(bot)
        return bot

    yield factory
    for bot in made:
        await bot.close_storage()


@pytest.fixture
async def sim_env(
    make_bot: Callable[[], RummyBot], request: pytest.FixtureRequest
) -> AsyncIterator[simcord.Env]:
    """A started SimCord Env running a RummyBot (errors it swallowed fail the test)."""
    marker = request.node.get_closest_marker("simcord")
    options = {"settle_timeout": SETTLE_TIMEOUT, **(marker.kwargs if marker else {})}
    env = simcord.Env(make_bot(), **options)
    await env.start()
    try:
        yield env
    finally:
        await env.shutdown()
        if env.check_errors:
            raise_unanswered_errors(env)


def raise_unanswered_errors(env: simcord.Env) -> None:
    """Fail the test with the errors the bot swallowed and the test did not read.

    SimCord's own teardown check, but a refusal the cog's error handler answered
    (`cog_app_command_error`) is how a command says no, not an error: SimCord sees
    it because discord.py hands every command error to the tree too, which on
    Discord logs nothing once a cog handled it.
    """
    errors = [e for e in env.errors_since(env._errors_acknowledged) if not is_refusal(e)]
    env._errors_acknowledged = env.error_cursor
    if errors:
        raise BaseExceptionGroup(f"bot raised {len(errors)} error(s) during the test", errors)


@dataclass
class Sim:
    """The running bot, its simulated server and four members."""

    env: simcord.Env
    world: SandboxWorld
    make_bot: Callable[[], RummyBot] = field(repr=False)

    @property
    def bot(self) -> RummyBot:
        """The bot currently attached (changes after `restart`)."""
        bot = self.env.bot
        assert isinstance(bot, RummyBot)
        return bot

    @property
    def guild(self) -> simcord.GuildHandle:
        return self.world.guild

    @property
    def channel(self) -> simcord.ChannelHandle:
        return self.world.channel

    @property
    def members(self) -> tuple[simcord.MemberActor, ...]:
        return self.world.members

    @property
    def alice(self) -> simcord.MemberActor:
        return self.world.members[0]

    @property
    def bruno(self) -> simcord.MemberActor:
        return self.world.members[1]

    @property
    def chiara(self) -> simcord.MemberActor:
        return self.world.members[2]

    @property
    def dario(self) -> simcord.MemberActor:
        return self.world.members[3]

    async def restart(self) -> RummyBot:
        """Replace the bot with a fresh one on the same database; return it."""
        old = self.bot
        new = self.make_bot()
        await self.env.restart_bot(new)
        # SimCord detaches the old bot without closing it; a real restart
        # would have closed its database, so do that here.
        await old.close_storage()
        return new


@pytest.fixture
async def sim(sim_env: simcord.Env, make_bot: Callable[[], RummyBot]) -> AsyncIterator[Sim]:
    """The bot under SimCord with guild "Sandbox", #rummy and Alice, Bruno, Chiara, Dario.

    Afterwards every game the test dealt re-plays from its stored start and action log to its
    stored state (engine.replay): what a replay of it would show is what was played.
    """
    world = Sim(sim_env, build_world(sim_env), make_bot)
    yield world
    await check_replays(world)


async def check_replays(world: Sim) -> None:
    """Re-play every game the bot dealt in the test's server; fail on a damaged record.

    Records a test wrote itself (results of a made-up game, with no engine state) are not games
    anybody played.
    """
    from cogs.host.replays import stored_replay

    storage = world.bot.storage
    games = [*await storage.unfinished_games(),
             *(g.record for g in await storage.finished_games(world.guild.id, limit=25))]
    for record in games:
        dealt = json.loads(record.state) if record.state else None
        if isinstance(dealt, dict) and "engine" in dealt:
            stored_replay(record.game, record.state or "", await storage.actions(record.id))
