"""PostgreSQL only: several bot processes on one database (two pools stand for two processes)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from bot.storage import ChannelBusy, StaleVersion
from bot.storage.postgres import PostgresStorage, open_postgres
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
    assert [await s.schema_version() for s in two] == [3, 3]


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
