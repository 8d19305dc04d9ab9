"""Two bot processes on one PostgreSQL database: a game's lease keeps it with the process
driving it, and a process that stops renewing loses its games, timers included, to the
process that now runs their shard once the lease runs out.

SimCord runs one bot at a time per event loop, so the second "process" is attached in the
first one's place; detaching the first stops its lease keeper and timers without releasing
anything, as a process killed or hung would. That a live lease is never taken by a renewing
claim of another process is the storage contract's (tests/bot/storage/test_leases.py).
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from bot.app import RummyBot
from bot.sandbox import build_world
from bot.settings import Settings
from bot.storage import StaleVersion, open_storage
from cogs.host import GameHost, ScriptedDeals
from cogs.host.leases import LEASE_SECONDS, RENEW_EVERY, Leases
from tests.cogs.conftest import (
    LOOSE_A,
    LOOSE_B,
    attached,
    deal,
    open_table,
    play_pass,
    script,
    set_turn_seconds,
    table_message,
)
from tests.conftest import Sim
from tests.postgres_server import PostgresServer

TURN = 300  # seconds: the takeover happens well inside Alice's first turn


def host_of(bot: RummyBot) -> GameHost:
    """Return the bot's game host (its extension's class is loaded afresh per bot)."""
    host = bot.get_cog("Rummy").host  # type: ignore[union-attr]
    assert isinstance(host, GameHost)
    return host


async def lease_of(server: PostgresServer, game_id: int) -> str | None:
    """Return who holds a game's lease, read straight from the server."""
    owner: str | None = await server.value("SELECT lease_owner FROM games WHERE id = $1",
                                           game_id)
    return owner


@pytest.fixture
async def pg_settings(postgres_server: PostgresServer) -> Settings:
    """Settings naming the test server's emptied database."""
    await postgres_server.empty()
    return Settings.from_mapping({"RUMMY_DB": postgres_server.dsn()})


async def test_a_game_stays_with_its_live_process_and_moves_when_it_stops_renewing(
        pg_settings: Settings, postgres_server: PostgresServer, deals: ScriptedDeals,
        monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[RummyBot] = []

    def process(name: str) -> Callable[[], RummyBot]:
        def factory() -> RummyBot:
            made.append(RummyBot(pg_settings, lease_owner=name))
            return made[-1]
        return factory

    first = process("first")()
    async with attached(made, monkeypatch) as env:
        sim = Sim(env, build_world(env), process("second"))
        await set_turn_seconds(sim, TURN)
        script(deals, deal(LOOSE_A, LOOSE_B, upcard="5C", stock="2C 3C 4C 7S 8S 10S"), dealer=1)
        await sim.alice.click(await open_table(sim, sim.bruno), label="Start")
        await env.advance_time(RENEW_EVERY)
        assert await lease_of(postgres_server, 1) == "first"

        # The first process stops renewing: SimCord detaches it, which stops its lease keeper
        # and its timers, and nothing is released (a process killed or hung). A second process
        # on the same shard starts at once and leaves the game alone while the lease lasts...
        second = process("second")()
        await env.restart_bot(second)
        host_of(first).close_all()
        assert host_of(second).runtimes == {}
        await env.advance_time(LEASE_SECONDS - RENEW_EVERY - 1)  # its renewals at +10 and +20
        assert host_of(second).runtimes == {}
        assert await lease_of(postgres_server, 1) == "first"

        # ... and takes it over, timers included, at its first renewal after the lease ran out.
        await env.advance_time(RENEW_EVERY + 1)
        assert set(host_of(second).runtimes) == {1}
        assert await lease_of(postgres_server, 1) == "second"

        # The second drives it: Alice's pass and Bruno's, then Alice's turn times out on the
        # second's timer; the first's old version can no longer be written.
        await play_pass(sim.alice)
        await play_pass(sim.bruno)
        assert "Time's up" not in table_message(sim).content
        await env.advance_time(TURN)
        assert "Time's up" in table_message(sim).content
        stored = await second.storage.get_game(1)
        with pytest.raises(StaleVersion):
            await first.storage.record_action(1, 0, "draw_stock", "{}", 2)
        log = await second.storage.actions(1)
        assert [v for *_, v in log] == list(range(1, stored.state_version + 1))  # contiguous


async def test_a_process_whose_lease_was_taken_stops_driving_the_game(
        pg_settings: Settings, postgres_server: PostgresServer, deals: ScriptedDeals,
        monkeypatch: pytest.MonkeyPatch) -> None:
    bot = RummyBot(pg_settings, lease_owner="stalled")
    async with attached([bot], monkeypatch) as env:
        sim = Sim(env, build_world(env), lambda: bot)
        script(deals, deal(LOOSE_A, LOOSE_B, upcard="5C", stock="2C 3C 4C 7S 8S 10S"), dealer=1)
        await sim.alice.click(await open_table(sim, sim.bruno), label="Start")
        await env.advance_time(RENEW_EVERY)
        assert await lease_of(postgres_server, 1) == "stalled"
        # This process stalled past its lease and another took the game meanwhile.
        await postgres_server.value("UPDATE games SET lease_owner = 'other', lease_until = $1",
                                    env.now().timestamp() + LEASE_SECONDS)
        await env.advance_time(RENEW_EVERY)
        assert host_of(bot).runtimes == {}  # its renewal failed: it no longer drives the game
        assert await lease_of(postgres_server, 1) == "other"


async def test_a_game_is_held_from_its_start_for_the_lease_its_settings_name(
        postgres_server: PostgresServer, deals: ScriptedDeals) -> None:
    await postgres_server.empty()
    settings = Settings.from_mapping({"RUMMY_DB": postgres_server.dsn(),
                                      "RUMMY_LEASE_SECONDS": "9"})
    bot = RummyBot(settings, lease_owner="first")
    other = await open_storage(postgres_server.dsn())
    try:
        async with attached([bot]) as env:
            sim = Sim(env, build_world(env), lambda: bot)
            # Renewed every 3 s: past SimCord's settle window, so a click settles before it.
            assert (host_of(bot).leases.seconds, host_of(bot).leases.every) == (9.0, 3.0)
            script(deals, deal(LOOSE_A, LOOSE_B, upcard="5C", stock="2C 3C 4C 7S 8S 10S"))
            await sim.alice.click(await open_table(sim, sim.bruno), label="Start")
            # No renewal has run yet (SimCord's time stands still): the start took the lease,
            # by the database's clock, for the 9 s RUMMY_LEASE_SECONDS names.
            assert set(host_of(bot).runtimes) == {1}
            assert await lease_of(postgres_server, 1) == "first"
            assert 7.0 < await lease_left(postgres_server, 1) <= 9.0
            assert await other.claim_games("second", [1], seconds=9.0) == set()
            assert await lease_of(postgres_server, 1) == "first"
    finally:
        await other.close()


async def test_a_lobby_another_process_is_starting_is_not_started_twice(
        pg_settings: Settings, postgres_server: PostgresServer, deals: ScriptedDeals) -> None:
    bot = RummyBot(pg_settings, lease_owner="first")
    async with attached([bot]) as env:
        sim = Sim(env, build_world(env), lambda: bot)
        script(deals, deal(LOOSE_A, LOOSE_B, upcard="5C", stock="2C 3C 4C 7S 8S 10S"), dealer=1)
        lobby = await open_table(sim, sim.bruno)
        # Another process holds the lobby's lease: it is starting this game.
        await set_lease(postgres_server, 1, "other", seconds_left=60)
        refused = await sim.alice.click(lobby, label="Start")
        said = refused.followups[-1] if refused.followups else refused.response
        assert refused.ephemeral and said is not None
        assert said.content == "A game is already running in this channel."
        assert (await bot.storage.get_game(1)).status == "lobby"
        assert host_of(bot).runtimes == {} and not any(
            a.filename == "table.png" for m in sim.channel.history() for a in m.attachments)
        assert await lease_of(postgres_server, 1) == "other"

        # Its lease ran out (that process died): this one starts the game, under its lease.
        await set_lease(postgres_server, 1, "other", seconds_left=-1)
        await sim.alice.click(lobby, label="Start")
        assert (await bot.storage.get_game(1)).status == "running"
        assert set(host_of(bot).runtimes) == {1}
        assert await lease_of(postgres_server, 1) == "first"


async def test_a_start_that_fails_gives_the_lease_up(
        pg_settings: Settings, postgres_server: PostgresServer, deals: ScriptedDeals,
        monkeypatch: pytest.MonkeyPatch) -> None:
    bot = RummyBot(pg_settings, lease_owner="first")
    async with attached([bot]) as env:
        sim = Sim(env, build_world(env), lambda: bot)
        script(deals, deal(LOOSE_A, LOOSE_B, upcard="5C", stock="2C 3C 4C 7S 8S 10S"), dealer=1)
        lobby = await open_table(sim, sim.bruno)

        async def lost_race(game_id: int, state_json: str) -> int:
            raise StaleVersion("started meanwhile")

        monkeypatch.setattr(bot.storage, "start_game", lost_race)
        await sim.alice.click(lobby, label="Start")
        assert (await bot.storage.get_game(1)).status == "lobby"
        assert await lease_of(postgres_server, 1) is None  # free for whoever starts it


async def set_lease(server: PostgresServer, game_id: int, owner: str,
                    seconds_left: float) -> None:
    """Give a game's lease to `owner` until `seconds_left` from now by the server's clock."""
    await server.value(
        "UPDATE games SET lease_owner = $1,"
        " lease_until = extract(epoch FROM clock_timestamp())::float8 + $2 WHERE id = $3",
        owner, seconds_left, game_id)


async def test_a_process_whose_clock_runs_ahead_cannot_take_a_live_lease(
        postgres_server: PostgresServer, monkeypatch: pytest.MonkeyPatch) -> None:
    await postgres_server.empty()
    first, thief = [await open_storage(postgres_server.dsn()) for _ in range(2)]
    try:
        game = await first.create_game(guild_id=1, channel_id=2, game="gin", host_id=3,
                                       preset="standard", options={}, seats=[])
        assert await Leases(first, "first").claim([game]) == {game}
        # The thief's machine believes it is an hour later: the lease is still measured by the
        # database's clock, by which it is live.
        ahead = time.time() + 3600
        monkeypatch.setattr(time, "time", lambda: ahead)
        assert await Leases(thief, "thief").claim([game]) == set()
        assert await lease_of(postgres_server, game) == "first"
    finally:
        await first.close()
        await thief.close()


async def lease_left(server: PostgresServer, game_id: int) -> float:
    """Return how many seconds a game's lease has left by the server's clock."""
    left: float = await server.value(
        "SELECT lease_until - extract(epoch FROM clock_timestamp())::float8 FROM games"
        " WHERE id = $1", game_id)
    return left
