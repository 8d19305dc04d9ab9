"""Storage tests on a real SQLite file."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.migrations import LATEST_VERSION
from bot.storage import (
    ChannelBusy,
    GameNotFound,
    GuildSettings,
    ResultRow,
    Seat,
    SqliteStorage,
    StaleVersion,
    Storage,
    StorageError,
    open_storage,
)

GUILD = 1000
CHANNEL = 2000
ALICE, BOB, CAROL, DAVE = 11, 12, 13, 14


def seats(*names: str) -> list[Seat]:
    """Build human seats whose user ids are the ids above, by name."""
    ids = {"Alice": ALICE, "Bob": BOB, "Carol": CAROL, "Dave": DAVE}
    return [{"user_id": ids[n], "name": n, "is_bot": False} for n in names]


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "rummy.sqlite3"


@pytest.fixture
async def store(db_path: Path) -> AsyncIterator[SqliteStorage]:
    storage = await open_storage(db_path)
    yield storage
    await storage.close()


async def running_game(store: SqliteStorage, channel: int = CHANNEL) -> int:
    """Create a two-player gin game and start it with a first snapshot."""
    game_id = await store.create_game(
        guild_id=GUILD, channel_id=channel, game="gin", host_id=ALICE, seats=seats("Alice", "Bob")
    )
    await store.start_game(game_id, '{"v": 1, "turn": 0}')
    return game_id


def raw(db_path: Path, sql: str, params: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Read the file with a separate plain sqlite3 connection (what is really on disk)."""
    with sqlite3.connect(db_path) as conn:
        return conn.execute(sql, params).fetchall()


async def test_migrations_create_tables_and_wal(store: SqliteStorage, db_path: Path) -> None:
    assert db_path.exists()  # the missing parent folder was created
    tables = {r[0] for r in raw(db_path, "SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"games", "actions", "results", "guild_settings", "schema_migrations"} <= tables
    assert raw(db_path, "PRAGMA journal_mode") == [("wal",)]
    assert await store.schema_version() == LATEST_VERSION
    indexes = {r[0] for r in raw(db_path, "SELECT name FROM sqlite_master WHERE type = 'index'")}
    assert {"games_one_active_per_place", "results_leaderboard"} <= indexes


async def test_foreign_keys_are_enforced(store: SqliteStorage) -> None:
    with pytest.raises(GameNotFound):
        await store.record_action(999, 0, "draw_stock", "{}", 2)


async def test_reopen_is_idempotent_and_keeps_data(db_path: Path) -> None:
    first = await open_storage(db_path)
    game_id = await running_game(first)
    await first.close()

    second = await open_storage(db_path)
    try:
        assert await second.schema_version() == LATEST_VERSION
        assert (await second.get_game(game_id)).seats == seats("Alice", "Bob")
    finally:
        await second.close()
    applied = raw(db_path, "SELECT version FROM schema_migrations")
    assert applied == [(m,) for m in range(1, LATEST_VERSION + 1)]


async def test_create_and_read_game(store: SqliteStorage) -> None:
    game_id = await store.create_game(
        guild_id=GUILD,
        channel_id=CHANNEL,
        game="gin",
        host_id=ALICE,
        preset="oklahoma",
        options={"knock_rule": "oklahoma"},
        seats=seats("Alice"),
    )
    game = await store.get_game(game_id)
    assert (game.game, game.preset, game.status, game.host_id) == (
        "gin",
        "oklahoma",
        "lobby",
        ALICE,
    )
    assert game.options == {"knock_rule": "oklahoma"}
    assert game.state is None and game.state_version == 0
    assert game.place_id == CHANNEL
    with pytest.raises(GameNotFound):
        await store.get_game(game_id + 1)


async def test_update_lobby_only_while_in_lobby(store: SqliteStorage) -> None:
    game_id = await store.create_game(
        guild_id=GUILD, channel_id=CHANNEL, game="gin", host_id=ALICE, seats=seats("Alice")
    )
    computer: Seat = {"user_id": None, "name": "Computer 1", "is_bot": True}
    await store.update_lobby(game_id, seats=[*seats("Alice"), computer], options={"target": 50})
    game = await store.get_game(game_id)
    assert [s["name"] for s in game.seats] == ["Alice", "Computer 1"]
    assert game.seats[1]["user_id"] is None and game.seats[1]["is_bot"] is True
    assert game.options == {"target": 50}

    await store.start_game(game_id, "{}")
    with pytest.raises(StaleVersion):
        await store.update_lobby(game_id, seats=seats("Alice", "Bob"))
    assert [s["name"] for s in (await store.get_game(game_id)).seats] == ["Alice", "Computer 1"]


async def test_record_action_writes_log_and_snapshot(store: SqliteStorage, db_path: Path) -> None:
    game_id = await running_game(store)
    await store.record_action(game_id, 0, "draw_stock", '{"v": 2}', 2)
    await store.record_action(game_id, 0, "discard 7H", '{"v": 3}', 3)

    game = await store.get_game(game_id)
    assert (game.state, game.state_version) == ('{"v": 3}', 3)
    assert await store.actions(game_id) == [
        (1, None, "start", 1),
        (2, 0, "draw_stock", 2),
        (3, 0, "discard 7H", 3),
    ]
    # Committed, so a separate connection sees it on disk.
    assert raw(db_path, "SELECT state_version FROM games WHERE id = ?", (game_id,)) == [(3,)]


async def test_record_action_version_mismatch_rolls_back(
    store: SqliteStorage, db_path: Path
) -> None:
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


async def test_double_apply_is_stale(store: SqliteStorage) -> None:
    game_id = await running_game(store)
    await store.record_action(game_id, 0, "draw_stock", '{"first": true}', 2)
    with pytest.raises(StaleVersion):  # the same click arriving twice
        await store.record_action(game_id, 0, "draw_stock", '{"second": true}', 2)
    game = await store.get_game(game_id)
    assert game.state == '{"first": true}'
    assert [a[2] for a in await store.actions(game_id)] == ["start", "draw_stock"]


async def test_concurrent_clicks_one_wins(store: SqliteStorage) -> None:
    # Two tasks share the one connection; each transaction must stay whole.
    game_id = await running_game(store)
    outcomes = await asyncio.gather(
        *(store.record_action(game_id, 0, f"click {i}", f'{{"click": {i}}}', 2) for i in range(5)),
        return_exceptions=True,
    )
    assert sum(o is None for o in outcomes) == 1
    assert all(isinstance(o, StaleVersion) for o in outcomes if o is not None)
    winner = outcomes.index(None)
    assert (await store.get_game(game_id)).state == f'{{"click": {winner}}}'
    assert [a[2] for a in await store.actions(game_id)] == ["start", f"click {winner}"]


async def test_sqlite_storage_implements_the_protocol(store: SqliteStorage) -> None:
    repository: Storage = store  # mypy checks the structural match
    assert await repository.active_game_in_channel(CHANNEL) is None


async def test_record_action_refused_unless_running(store: SqliteStorage) -> None:
    game_id = await store.create_game(guild_id=GUILD, channel_id=CHANNEL, game="gin", host_id=ALICE)
    with pytest.raises(StaleVersion):
        await store.record_action(game_id, 0, "draw_stock", "{}", 1)
    assert await store.actions(game_id) == []


async def test_unfinished_games_survive_reopen_with_exact_snapshot(db_path: Path) -> None:
    # Key order, spacing and non-ASCII text must come back byte for byte.
    snapshot = '{"z": 1,  "a": ["10♥", "QS"], "nested": {"b": null}}'
    first = await open_storage(db_path)
    game_id = await running_game(first)
    await first.record_action(game_id, 1, "take_discard", snapshot, 2)
    await first.set_message_ids(game_id, table_message_id=555, lobby_message_id=444)
    lobby_id = await first.create_game(
        guild_id=GUILD, channel_id=CHANNEL + 1, game="gin", host_id=BOB
    )
    finished_id = await running_game(first, channel=CHANNEL + 2)
    await first.record_results(finished_id, [])
    await first.close()

    second = await open_storage(db_path)
    try:
        games = await second.unfinished_games()
    finally:
        await second.close()
    assert [g.id for g in games] == [game_id, lobby_id]
    resumed = games[0]
    assert resumed.state == snapshot
    assert (resumed.status, resumed.state_version) == ("running", 2)
    assert (resumed.table_message_id, resumed.lobby_message_id) == (555, 444)
    assert resumed.seats == seats("Alice", "Bob")
    assert games[1].status == "lobby"


async def test_one_active_game_per_channel(store: SqliteStorage) -> None:
    game_id = await store.create_game(guild_id=GUILD, channel_id=CHANNEL, game="gin", host_id=1)
    with pytest.raises(ChannelBusy):
        await store.create_game(guild_id=GUILD, channel_id=CHANNEL, game="gin", host_id=2)
    active = await store.active_game_in_channel(CHANNEL)
    assert active is not None and active.id == game_id
    assert await store.active_game_in_channel(CHANNEL + 1) is None

    # Once the game ends, the channel is free again.
    await store.set_status(game_id, "abandoned")
    assert await store.active_game_in_channel(CHANNEL) is None
    second = await store.create_game(guild_id=GUILD, channel_id=CHANNEL, game="gin", host_id=2)
    # Reopening the old one would make two; the index refuses.
    with pytest.raises(ChannelBusy):
        await store.set_status(game_id, "running")
    assert (await store.get_game(game_id)).status == "abandoned"
    assert (await store.active_game_in_channel(CHANNEL)).id == second  # type: ignore[union-attr]


async def test_game_in_thread_is_found_by_thread(store: SqliteStorage) -> None:
    thread = 7000
    game_id = await store.create_game(guild_id=GUILD, channel_id=CHANNEL, game="gin", host_id=1)
    await store.set_thread(game_id, thread)
    found = await store.active_game_in_channel(thread)
    assert found is not None and found.id == game_id and found.place_id == thread
    # The parent channel is free for another table; the thread is not.
    other = await store.create_game(guild_id=GUILD, channel_id=CHANNEL, game="gin", host_id=2)
    assert (await store.active_game_in_channel(CHANNEL)).id == other  # type: ignore[union-attr]
    with pytest.raises(ChannelBusy):
        await store.create_game(
            guild_id=GUILD, channel_id=CHANNEL, thread_id=thread, game="gin", host_id=3
        )


async def test_set_message_ids_changes_only_given_ids(store: SqliteStorage) -> None:
    game_id = await store.create_game(guild_id=GUILD, channel_id=CHANNEL, game="gin", host_id=1)
    await store.set_message_ids(game_id, lobby_message_id=10)
    await store.set_message_ids(game_id, table_message_id=20)
    game = await store.get_game(game_id)
    assert (game.lobby_message_id, game.table_message_id) == (10, 20)
    await store.set_message_ids(game_id, lobby_message_id=None)
    game = await store.get_game(game_id)
    assert (game.lobby_message_id, game.table_message_id) == (None, 20)
    with pytest.raises(GameNotFound):
        await store.set_message_ids(game_id + 5, table_message_id=1)


async def play(store: SqliteStorage, channel: int, results: list[tuple[str, int, bool]]) -> None:
    """Record one finished gin game: (name, points, won) per seat; 'CPU' is a computer."""
    ids = {"Alice": ALICE, "Bob": BOB, "Carol": CAROL, "Dave": DAVE, "CPU": None}
    game_id = await running_game(store, channel=channel)
    await store.record_results(
        game_id,
        [
            ResultRow(seat=i, name=n, user_id=ids[n], is_bot=n == "CPU", points=p, won=w)
            for i, (n, p, w) in enumerate(results)
        ],
    )


async def test_record_results_finishes_game_once(store: SqliteStorage) -> None:
    game_id = await running_game(store)
    rows = [
        ResultRow(seat=0, name="Alice", user_id=ALICE, is_bot=False, points=150, won=True),
        ResultRow(seat=1, name="Bob", user_id=BOB, is_bot=False, points=40, won=False),
    ]
    await store.record_results(game_id, rows)
    assert (await store.get_game(game_id)).status == "finished"
    assert await store.active_game_in_channel(CHANNEL) is None
    with pytest.raises(StaleVersion):  # a second "game over" must not count twice
        await store.record_results(game_id, rows)
    board = await store.leaderboard(GUILD, "gin")
    assert [(r.name, r.games) for r in board] == [("Alice", 1), ("Bob", 1)]


async def test_leaderboard_order_and_win_rate(store: SqliteStorage) -> None:
    # Alice: 2 wins of 4. Bob: 2 wins of 2. Carol: 1 win of 1, 200 points.
    # Dave: 1 win of 2, 300 points. CPU wins a lot but is not listed.
    await play(store, 1, [("Alice", 120, True), ("Bob", 10, False)])
    await play(store, 2, [("Alice", 110, True), ("CPU", 30, False)])
    await play(store, 3, [("Alice", 20, False), ("Bob", 130, True)])
    await play(store, 4, [("Alice", 0, False), ("Bob", 100, True)])
    await play(store, 5, [("Carol", 200, True), ("CPU", 0, False)])
    await play(store, 6, [("Dave", 90, False), ("CPU", 140, True)])
    await play(store, 7, [("Dave", 210, True), ("CPU", 5, False)])

    board = await store.leaderboard(GUILD, "gin")
    assert [(r.name, r.games, r.wins, r.points) for r in board] == [
        ("Bob", 3, 2, 240),  # 2 wins, rate 0.67
        ("Alice", 4, 2, 250),  # 2 wins, rate 0.5
        ("Carol", 1, 1, 200),  # 1 win, rate 1.0
        ("Dave", 2, 1, 300),  # 1 win, rate 0.5
    ]
    assert [round(r.win_rate, 3) for r in board] == [0.667, 0.5, 1.0, 0.5]
    assert [r.name for r in await store.leaderboard(GUILD, "gin", limit=2)] == ["Bob", "Alice"]
    assert await store.leaderboard(GUILD, "rummy500") == []
    assert await store.leaderboard(GUILD + 1, "gin") == []


async def test_leaderboard_points_break_ties(store: SqliteStorage) -> None:
    await play(store, 1, [("Alice", 100, True), ("Bob", 0, False)])
    await play(store, 2, [("Alice", 0, False), ("Bob", 130, True)])
    board = await store.leaderboard(GUILD, "gin")
    assert [r.name for r in board] == ["Bob", "Alice"]  # same wins and rate, more points


async def test_leaderboard_shows_latest_name(store: SqliteStorage) -> None:
    await play(store, 1, [("Alice", 100, True), ("Bob", 0, False)])
    game_id = await running_game(store, channel=2)
    await store.record_results(
        game_id,
        [
            ResultRow(
                seat=0, name="Alice the Great", user_id=ALICE, is_bot=False, points=5, won=False
            )
        ],
    )
    board = await store.leaderboard(GUILD, "gin")
    assert (board[0].name, board[0].games) == ("Alice the Great", 2)


async def test_player_stats_per_game(store: SqliteStorage) -> None:
    await play(store, 1, [("Alice", 120, True), ("Bob", 10, False)])
    await play(store, 2, [("Alice", 30, False), ("Bob", 100, True)])
    await play(store, 3, [("Alice", 105, True), ("CPU", 0, False)])
    ramino = await store.create_game(guild_id=GUILD, channel_id=4, game="ramino", host_id=ALICE)
    await store.start_game(ramino, "{}")
    await store.record_results(
        ramino,
        [ResultRow(seat=0, name="Alice", user_id=ALICE, is_bot=False, points=-40, won=False)],
    )

    stats = await store.player_stats(GUILD, ALICE)
    assert [(s.game, s.games, s.wins, s.points) for s in stats] == [
        ("gin", 3, 2, 255),
        ("ramino", 1, 0, -40),
    ]
    assert round(stats[0].win_rate, 3) == 0.667
    assert await store.player_stats(GUILD, CAROL) == []
    assert await store.player_stats(GUILD + 1, ALICE) == []


async def test_guild_settings_defaults_and_update(store: SqliteStorage, db_path: Path) -> None:
    assert await store.get_guild_settings(GUILD) == GuildSettings(
        locale=None, use_threads=False, hand_delivery="dm", turn_seconds=120, extra={}
    )
    updated = await store.set_guild_settings(GUILD, locale="it", hand_delivery="channel")
    assert (updated.locale, updated.hand_delivery, updated.turn_seconds) == ("it", "channel", 120)
    await store.set_guild_settings(GUILD, turn_seconds=0, extra={"rating": "openskill"})
    settings = await store.get_guild_settings(GUILD)
    assert settings == GuildSettings(
        locale="it",
        use_threads=False,
        hand_delivery="channel",
        turn_seconds=0,
        extra={"rating": "openskill"},
    )
    assert await store.get_guild_settings(GUILD + 1) == GuildSettings()
    assert json.loads(str(raw(db_path, "SELECT extra FROM guild_settings")[0][0])) == {
        "rating": "openskill"
    }


async def test_guild_settings_refuse_bad_values(store: SqliteStorage) -> None:
    with pytest.raises(ValueError, match="hand_delivery"):
        await store.set_guild_settings(GUILD, hand_delivery="pigeon")
    with pytest.raises(ValueError, match="turn_seconds"):
        await store.set_guild_settings(GUILD, turn_seconds=-5)
    with pytest.raises(ValueError, match="colour"):
        await store.set_guild_settings(GUILD, colour="red")
    assert await store.get_guild_settings(GUILD) == GuildSettings()


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
    with pytest.raises(StorageError, match="cannot open database at .*junk.sqlite3: "):
        await open_storage(junk)


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


async def test_session_meta_is_saved_without_touching_the_state(db_path: Path) -> None:
    first = await open_storage(db_path)
    game_id = await running_game(first)
    await first.record_action(game_id, 0, "pass", '{"v": 2}', 2)
    assert (await first.get_game(game_id)).session_meta is None
    meta = '{"taken_over":[0],"timeouts":{"0":2}}'
    await first.save_session_meta(game_id, meta)
    await first.close()

    second = await open_storage(db_path)
    try:
        [game] = await second.unfinished_games()
        assert game.session_meta == meta
        # The snapshot, its version and the action log are as the last move left them,
        # so the next move's version check still passes.
        assert (game.state, game.state_version) == ('{"v": 2}', 2)
        assert [a for _, _, a, _ in await second.actions(game_id)] == ["start", "pass"]
        await second.record_action(game_id, 1, "pass", '{"v": 3}', 3)
        assert (await second.get_game(game_id)).session_meta == meta
    finally:
        await second.close()


async def test_session_meta_only_for_running_games(store: SqliteStorage) -> None:
    lobby_id = await store.create_game(guild_id=GUILD, channel_id=CHANNEL, game="gin",
                                       host_id=ALICE)
    with pytest.raises(StaleVersion):
        await store.save_session_meta(lobby_id, "{}")
    with pytest.raises(GameNotFound):
        await store.save_session_meta(999, "{}")
    assert (await store.get_game(lobby_id)).session_meta is None


async def test_a_version_1_database_gains_the_session_meta_column(db_path: Path) -> None:
    # A database written by the first release: schema 1 only, with a running game.
    from bot.migrations import MIGRATIONS

    db_path.parent.mkdir(parents=True)
    with sqlite3.connect(db_path) as conn:
        conn.execute("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY,"
                     " name TEXT NOT NULL, applied_at TEXT NOT NULL)")
        for statement in MIGRATIONS[0].statements:
            conn.execute(statement)
        conn.execute("INSERT INTO schema_migrations VALUES (1, 'initial schema', 'then')")
        conn.execute("INSERT INTO games (guild_id, channel_id, game, host_id, status, state,"
                     " state_version, created_at, updated_at) VALUES"
                     " (1, 2, 'gin', 3, 'running', '{}', 4, 'then', 'then')")
    store = await open_storage(db_path)
    try:
        assert await store.schema_version() == LATEST_VERSION >= 2
        [game] = await store.unfinished_games()
        assert (game.state_version, game.session_meta) == (4, None)
        await store.save_session_meta(game.id, '{"timeouts":{"1":1},"taken_over":[]}')
        assert (await store.get_game(game.id)).session_meta == (
            '{"timeouts":{"1":1},"taken_over":[]}')
    finally:
        await store.close()
