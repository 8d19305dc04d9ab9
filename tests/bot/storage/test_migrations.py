"""The SQLite backend's numbered migrations: old databases upgrade, newer ones are refused."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.storage import ResultRow, StorageError, open_storage
from bot.storage.sqlite import open_sqlite
from bot.storage.sqlite.migrations import LATEST_VERSION, MIGRATIONS


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "rummy.sqlite3"


def old_database(db_path: Path, version: int) -> sqlite3.Connection:
    """Write a database as a release at schema `version` left it; return a raw connection."""
    db_path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(db_path)
    conn.execute("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY,"
                 " name TEXT NOT NULL, applied_at TEXT NOT NULL)")
    for migration in MIGRATIONS[:version]:
        for statement in migration.statements:
            conn.execute(statement)
        conn.execute("INSERT INTO schema_migrations VALUES (?, ?, 'then')",
                     (migration.version, migration.name))
    return conn


def running_game(conn: sqlite3.Connection) -> None:
    """Store game 1, a running gin game at version 4, as the releases before 2 stored it."""
    conn.execute("INSERT INTO games (guild_id, channel_id, game, host_id, status, state,"
                 " state_version, created_at, updated_at) VALUES"
                 " (1, 2, 'gin', 3, 'running', '{}', 4, 'then', 'then')")


def finished_game(conn: sqlite3.Connection) -> None:
    """Store game 1, a finished gin game of guild 1 hosted by user 11."""
    conn.execute("INSERT INTO games (guild_id, channel_id, game, host_id, status,"
                 " created_at, updated_at) VALUES (1, 2, 'gin', 11, 'finished', 't', 't')")


def test_migrations_are_numbered_from_one_without_gaps() -> None:
    assert [m.version for m in MIGRATIONS] == list(range(1, len(MIGRATIONS) + 1))
    assert LATEST_VERSION == MIGRATIONS[-1].version >= 3
    assert len({m.name for m in MIGRATIONS}) == len(MIGRATIONS)


async def test_a_version_1_database_gains_the_session_meta_column(db_path: Path) -> None:
    # A database written by the first release: schema 1 only, with a running game.
    with old_database(db_path, 1) as conn:
        running_game(conn)
    conn.close()
    store = await open_sqlite(db_path)
    try:
        assert await store.schema_version() == LATEST_VERSION >= 2
        [game] = await store.unfinished_games()
        assert (game.state_version, game.session_meta) == (4, None)
        await store.save_session_meta(game.id, '{"timeouts":{"1":1},"taken_over":[]}')
        assert (await store.get_game(game.id)).session_meta == (
            '{"timeouts":{"1":1},"taken_over":[]}')
    finally:
        await store.close()


async def test_a_version_2_database_gains_result_sides(db_path: Path) -> None:
    # Results written before sides existed read back as one-seat sides (None).
    with old_database(db_path, 2) as conn:
        finished_game(conn)
        conn.executemany(
            "INSERT INTO results (game_id, guild_id, game, user_id, name, seat, is_bot, points,"
            " won, finished_at) VALUES (1, 1, 'gin', ?, ?, ?, 0, ?, ?, 't')",
            [(11, "Alice", 0, 120, 1), (12, "Bob", 1, 30, 0)],
        )
    conn.close()
    store = await open_sqlite(db_path)
    try:
        assert await store.schema_version() == LATEST_VERSION >= 3
        assert await store.results(1) == [
            ResultRow(seat=0, name="Alice", user_id=11, is_bot=False, points=120, won=True),
            ResultRow(seat=1, name="Bob", user_id=12, is_bot=False, points=30, won=False),
        ]
        board = await store.leaderboard(1, "gin")
        assert [(r.name, r.games, r.wins, r.points) for r in board] == [
            ("Alice", 1, 1, 120),
            ("Bob", 1, 0, 30),
        ]
    finally:
        await store.close()


async def test_newer_schema_is_refused(db_path: Path) -> None:
    storage = await open_storage(db_path)
    await storage.close()
    with sqlite3.connect(db_path) as conn:
        conn.execute(
            "INSERT INTO schema_migrations VALUES (?, 'from the future', 'x')",
            (LATEST_VERSION + 1,),
        )
    with pytest.raises(StorageError, match="newer than this bot"):
        await open_storage(db_path)


async def test_a_version_3_database_gains_ratings(db_path: Path) -> None:
    # Results and settings written before ratings: kept as they were, and not rated.
    with old_database(db_path, 3) as conn:
        finished_game(conn)
        conn.execute("INSERT INTO results (game_id, guild_id, game, user_id, name, seat,"
                     " is_bot, points, won, finished_at)"
                     " VALUES (1, 1, 'gin', 11, 'Alice', 0, 0, 9, 1, 't')")
        conn.execute("INSERT INTO guild_settings (guild_id, turn_seconds) VALUES (1, 60)")
    conn.close()
    store = await open_sqlite(db_path)
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


async def test_a_version_4_database_gains_leases_and_its_running_game_is_free(
        db_path: Path) -> None:
    # A game running when the release before leases stopped: nobody holds it, so the first
    # process to start takes it.
    with old_database(db_path, 4) as conn:
        running_game(conn)
    conn.close()
    store = await open_sqlite(db_path)
    try:
        assert await store.schema_version() == LATEST_VERSION >= 5
        assert await store.claim_games("p", [1], now=1.0, seconds=30.0) == {1}
        assert await store.claim_games("q", [1], now=2.0, seconds=30.0) == set()
    finally:
        await store.close()
