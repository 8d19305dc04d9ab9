"""The SQLite backend itself: its file, pragmas, on-disk effects and error mapping.

What every backend must do is in the contract suite (test_games, test_results,
test_settings), which conftest.py runs on this backend too.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot.storage import (
    ChannelBusy,
    ResultRow,
    StaleVersion,
    Storage,
    StorageError,
    open_storage,
)
from bot.storage.sqlite import SqliteStorage, open_sqlite
from bot.storage.sqlite.migrations import LATEST_VERSION
from tests.bot.storage.helpers import ALICE, CHANNEL, GUILD, play, running_game, seats


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "rummy.sqlite3"


@pytest.fixture
async def sqlite_store(db_path: Path) -> AsyncIterator[SqliteStorage]:
    storage = await open_sqlite(db_path)
    yield storage
    await storage.close()


def raw(db_path: Path, sql: str, params: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Read the file with a separate plain sqlite3 connection (what is really on disk)."""
    with sqlite3.connect(db_path) as conn:
        return conn.execute(sql, params).fetchall()


async def test_migrations_create_tables_and_wal(
    sqlite_store: SqliteStorage, db_path: Path
) -> None:
    assert db_path.exists()  # the missing parent folder was created
    tables = {r[0] for r in raw(db_path, "SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"games", "actions", "results", "guild_settings", "schema_migrations"} <= tables
    assert raw(db_path, "PRAGMA journal_mode") == [("wal",)]
    assert await sqlite_store.schema_version() == LATEST_VERSION
    indexes = {r[0] for r in raw(db_path, "SELECT name FROM sqlite_master WHERE type = 'index'")}
    assert {"games_one_active_per_place", "results_leaderboard"} <= indexes


async def test_reopen_is_idempotent_and_keeps_data(db_path: Path) -> None:
    first = await open_sqlite(db_path)
    game_id = await running_game(first)
    await first.close()

    second = await open_sqlite(db_path)
    try:
        assert await second.schema_version() == LATEST_VERSION
        assert (await second.get_game(game_id)).seats == seats("Alice", "Bob")
    finally:
        await second.close()
    applied = raw(db_path, "SELECT version FROM schema_migrations")
    assert applied == [(m,) for m in range(1, LATEST_VERSION + 1)]


async def test_open_storage_gives_the_sqlite_backend(db_path: Path) -> None:
    storage = await open_storage(db_path)
    try:
        assert isinstance(storage, SqliteStorage) and storage.path == db_path
    finally:
        await storage.close()


async def test_sqlite_storage_implements_the_protocol(sqlite_store: SqliteStorage) -> None:
    repository: Storage = sqlite_store  # mypy checks the structural match
    assert await repository.active_game_in_channel(CHANNEL) is None


async def test_record_action_is_committed_to_disk(
    sqlite_store: SqliteStorage, db_path: Path
) -> None:
    game_id = await running_game(sqlite_store)
    await sqlite_store.record_action(game_id, 0, "draw_stock", '{"v": 2}', 2)
    await sqlite_store.record_action(game_id, 0, "discard 7H", '{"v": 3}', 3)
    # Committed, so a separate connection sees it on disk.
    assert raw(db_path, "SELECT state_version FROM games WHERE id = ?", (game_id,)) == [(3,)]


async def test_record_action_version_mismatch_rolls_back(
    sqlite_store: SqliteStorage, db_path: Path
) -> None:
    store = sqlite_store
    game_id = await running_game(store)
    # Version 5 expects the stored version to be 4; it is 1. The action row is
    # inserted before the guard fails, so this proves the rollback.
    with pytest.raises(StaleVersion):
        await store.record_action(game_id, 1, "knock 3C", '{"bad": true}', 5)

    game = await store.get_game(game_id)
    assert (game.state, game.state_version) == ('{"v": 1, "turn": 0}', 1)
    assert raw(db_path, "SELECT action FROM actions WHERE game_id = ?", (game_id,)) == [("start",)]
    # The connection is usable again after the rollback.
    await store.record_action(game_id, 1, "draw_stock", '{"v": 2}', 2)
    assert [a[2] for a in await store.actions(game_id)] == ["start", "draw_stock"]


async def test_a_failed_commit_is_rolled_back_and_the_next_write_saves(
    sqlite_store: SqliteStorage, db_path: Path
) -> None:
    store = sqlite_store
    game_id = await running_game(store)
    # SQLite refuses the COMMIT of a move named "doomed" for real: a trigger adds a row
    # breaking a foreign key whose check is deferred to the commit. The transaction stays
    # open, as after a full disk, and must be rolled back whole.
    for statement in (
        "CREATE TABLE trap (game_id INTEGER REFERENCES games (id) DEFERRABLE INITIALLY DEFERRED)",
        "CREATE TRIGGER spring AFTER INSERT ON actions WHEN NEW.action = 'doomed'"
        " BEGIN INSERT INTO trap VALUES (999); END",
    ):
        await store._conn.execute(statement)
    with pytest.raises(StorageError, match="FOREIGN KEY"):
        await store.record_action(game_id, 0, "doomed", '{"v": 2}', 2)
    assert (await store.get_game(game_id)).state_version == 1
    # The next move saves, and nothing of the failed one is on disk.
    await store.record_action(game_id, 0, "draw_stock", '{"v": 2}', 2)
    assert raw(db_path, "SELECT action FROM actions WHERE game_id = ?", (game_id,)) == [
        ("start",), ("draw_stock",)]
    assert raw(db_path, "SELECT state_version FROM games WHERE id = ?", (game_id,)) == [(2,)]
    assert raw(db_path, "SELECT COUNT(*) FROM trap") == [(0,)]


async def test_guild_settings_extra_is_json_on_disk(
    sqlite_store: SqliteStorage, db_path: Path
) -> None:
    await sqlite_store.set_guild_settings(GUILD, turn_seconds=0, extra={"rating": "openskill"})
    assert json.loads(str(raw(db_path, "SELECT extra FROM guild_settings")[0][0])) == {
        "rating": "openskill"
    }


async def test_result_sides_are_stored_as_given(
    sqlite_store: SqliteStorage, db_path: Path
) -> None:
    game_id = await running_game(sqlite_store)
    await sqlite_store.record_results(
        game_id,
        [
            ResultRow(seat=0, name="Alice", user_id=ALICE, is_bot=False, points=9, won=True),
            ResultRow(seat=1, name="Bob", user_id=None, is_bot=True, points=0, won=False, side=0),
        ],
    )
    sql = "SELECT seat, side FROM results WHERE game_id = ? ORDER BY seat"
    assert raw(db_path, sql, (game_id,)) == [(0, None), (1, 0)]


async def test_busy_place_is_found_by_a_query_not_by_the_index_error(
    sqlite_store: SqliteStorage, db_path: Path
) -> None:
    # Without the unique index nothing in SQLite would refuse a second game:
    # the backend's own check inside the transaction still does.
    with sqlite3.connect(db_path) as conn:
        conn.execute("DROP INDEX games_one_active_per_place")
    game_id = await sqlite_store.create_game(
        guild_id=GUILD, channel_id=CHANNEL, game="gin", host_id=1
    )
    with pytest.raises(ChannelBusy):
        await sqlite_store.create_game(guild_id=GUILD, channel_id=CHANNEL, game="gin", host_id=2)
    assert [g.id for g in await sqlite_store.unfinished_games()] == [game_id]


async def test_latest_name_is_chosen_even_when_finish_times_tie(
    sqlite_store: SqliteStorage, db_path: Path
) -> None:
    await play(sqlite_store, 1, [("Alice", 100, True)])
    later = await running_game(sqlite_store, channel=2)
    await sqlite_store.record_results(
        later, [ResultRow(seat=0, name="Alice II", user_id=ALICE, is_bot=False, points=1, won=True)]
    )
    with sqlite3.connect(db_path) as conn:
        conn.execute("UPDATE results SET finished_at = '2024-01-01T00:00:00.000+00:00'")
    [row] = await sqlite_store.leaderboard(GUILD, "gin")
    assert (row.name, row.games, row.wins, row.points) == ("Alice II", 2, 2, 101)


def _storage_error_from(info: pytest.ExceptionInfo[StorageError]) -> sqlite3.Error:
    """Return the driver error a StorageError chains (it must chain one)."""
    assert not isinstance(info.value, sqlite3.Error)
    cause = info.value.__cause__
    assert isinstance(cause, sqlite3.Error)
    return cause


async def test_driver_errors_become_storage_errors(
    sqlite_store: SqliteStorage, db_path: Path
) -> None:
    with sqlite3.connect(db_path) as conn:
        conn.execute("DROP TABLE guild_settings")
    with pytest.raises(StorageError, match=r"database error in .*rummy\.sqlite3: ") as info:
        await sqlite_store.get_guild_settings(GUILD)
    assert "guild_settings" in str(_storage_error_from(info))
    with pytest.raises(StorageError) as info:
        await sqlite_store.set_guild_settings(GUILD, locale="it")
    _storage_error_from(info)
    # The failed write was rolled back: the connection still works.
    assert await sqlite_store.active_game_in_channel(CHANNEL) is None


@pytest.fixture
def locked(db_path: Path) -> Iterator[None]:
    """Hold the file's write lock from another connection for the test's duration."""
    conn = sqlite3.connect(db_path, isolation_level=None)
    conn.execute("BEGIN IMMEDIATE")
    yield
    conn.rollback()
    conn.close()


async def test_a_locked_file_is_a_storage_error(
    sqlite_store: SqliteStorage, locked: None
) -> None:
    await sqlite_store._conn.execute("PRAGMA busy_timeout = 50")  # fail fast, not after 5 s
    with pytest.raises(StorageError, match="locked") as info:
        await sqlite_store.create_game(guild_id=GUILD, channel_id=CHANNEL, game="gin", host_id=1)
    _storage_error_from(info)
    assert await sqlite_store.unfinished_games() == []  # reading still works under WAL


async def test_unwritable_path_has_clear_error(tmp_path: Path) -> None:
    blocker = tmp_path / "not_a_folder"
    blocker.write_text("I am a file")
    target = blocker / "rummy.sqlite3"
    with pytest.raises(StorageError) as info:
        await open_storage(target)
    assert str(info.value).startswith(f"cannot open database at {target}: ")


async def test_not_a_database_has_clear_error(tmp_path: Path) -> None:
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"this is not sqlite, just some text that is long enough" * 40)
    with pytest.raises(StorageError, match=r"cannot open database at .*junk\.sqlite3: ") as info:
        await open_storage(junk)
    _storage_error_from(info)
