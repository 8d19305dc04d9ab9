"""PostgreSQL only: several bot processes on one database (two pools stand for two processes)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import asyncpg
import pytest

from bot.storage import ChannelBusy, ResultRow, StaleVersion
from bot.storage.postgres import PostgresStorage, open_postgres
from bot.storage.postgres.schema import LATEST_VERSION, MIGRATIONS
from tests.bot.storage.helpers import ALICE, CHANNEL, GUILD, running_game
from tests.postgres_server import PostgresServer


@pytest.fixture
async def two(postgres_server: PostgresServer) -> AsyncIterator[list[PostgresStorage]]:
    """Two storages opened at once on an empty database: their migrations race too."""
    await postgres_server.empty()
    stores = list(await asyncio.gather(*(open_postgres(postgres_server.dsn()) for _ in "ab")))
    yield stores
    for store in stores:
        await store.close()


async def test_two_processes_migrate_once(two: list[PostgresStorage]) -> None:
    assert [await s.schema_version() for s in two] == [LATEST_VERSION] * 2 == [6, 6]


async def test_two_processes_opening_a_table_in_one_channel_get_one_game(
        two: list[PostgresStorage]) -> None:
    for attempt in range(5):  # each round races on a new channel
        outcomes = await asyncio.gather(
            *(s.create_game(guild_id=GUILD, channel_id=CHANNEL + attempt, game="gin",
                            host_id=ALICE) for s in two), return_exceptions=True)
        assert sorted(type(o).__name__ for o in outcomes) == ["ChannelBusy", "int"], outcomes
        assert all(isinstance(o, (int, ChannelBusy)) for o in outcomes)


async def test_two_processes_saving_one_move_keep_one(two: list[PostgresStorage]) -> None:
    game_id = await running_game(two[0])
    outcomes = await asyncio.gather(
        *(s.record_action(game_id, 0, f"move {i}", f'{{"by": {i}}}', 2)
          for i, s in enumerate(two)), return_exceptions=True)
    assert sorted(type(o).__name__ for o in outcomes) == ["NoneType", "StaleVersion"]
    winner = outcomes.index(None)
    assert all(isinstance(o, StaleVersion) for o in outcomes if o is not None)
    for store in two:
        assert (await store.get_game(game_id)).state == f'{{"by": {winner}}}'
        assert [a[2] for a in await store.actions(game_id)] == ["start", f"move {winner}"]


async def test_a_version_3_database_gains_ratings(postgres_server: PostgresServer) -> None:
    # A database as the release before ratings left it, with a result and a setting.
    await postgres_server.empty()
    conn = await asyncpg.connect(postgres_server.dsn())
    try:
        await conn.execute("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY,"
                           " name TEXT NOT NULL, applied_at TEXT NOT NULL)")
        for migration in MIGRATIONS[:3]:
            for statement in migration.statements:
                await conn.execute(statement)
            await conn.execute("INSERT INTO schema_migrations VALUES ($1, $2, 'then')",
                               migration.version, migration.name)
        await conn.execute("INSERT INTO games (guild_id, channel_id, game, host_id, status,"
                           " created_at, updated_at) VALUES (1, 2, 'gin', 11, 'finished', 't',"
                           " 't')")
        await conn.execute("INSERT INTO results (game_id, guild_id, game, user_id, name, seat,"
                           " is_bot, points, won, finished_at)"
                           " VALUES (1, 1, 'gin', 11, 'Alice', 0, 0, 9, 1, 't')")
        await conn.execute("INSERT INTO guild_settings (guild_id, turn_seconds) VALUES (1, 60)")
    finally:
        await conn.close()
    store = await open_postgres(postgres_server.dsn())
    try:
        assert await store.schema_version() == LATEST_VERSION >= 4
        [old] = await store.results(1)
        assert (old.place, old.level) == (None, None)
        settings = await store.get_guild_settings(1)
        assert (settings.turn_seconds, settings.rate_computer_games) == (60, True)
        assert await store.ladder(1, "gin") == [] and await store.rebuild_ratings() == 0
        game = await store.create_game(guild_id=1, channel_id=3, game="gin", host_id=11)
        await store.start_game(game, "{}")
        changes = await store.record_results(game, [
            ResultRow(seat=0, name="Alice", user_id=11, is_bot=False, points=9, won=True),
            ResultRow(seat=1, name="Bob", user_id=12, is_bot=False, points=0, won=False)])
        assert [c.delta > 0 for c in changes] == [True, False]
    finally:
        await store.close()
