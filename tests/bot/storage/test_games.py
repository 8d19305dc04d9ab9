"""Contract: games, their lobby, status, message ids and action log (every backend)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import pytest

from bot.storage import (
    ChannelBusy,
    GameNotFound,
    ResultRow,
    Seat,
    StaleVersion,
    Storage,
)
from tests.bot.storage.conftest import Opener
from tests.bot.storage.helpers import ALICE, BOB, CHANNEL, GUILD, running_game, seats

MISSING = 999

NOT_FOUND_CALLS: dict[str, Callable[[Storage], Awaitable[object]]] = {
    "get_game": lambda s: s.get_game(MISSING),
    "update_lobby": lambda s: s.update_lobby(MISSING, preset="oklahoma"),
    "start_game": lambda s: s.start_game(MISSING, "{}"),
    "record_action": lambda s: s.record_action(MISSING, 0, "draw_stock", "{}", 2),
    "save_session_meta": lambda s: s.save_session_meta(MISSING, "{}"),
    "set_status abandoned": lambda s: s.set_status(MISSING, "abandoned"),
    "set_status running": lambda s: s.set_status(MISSING, "running"),
    "set_thread": lambda s: s.set_thread(MISSING, 7000),
    "set_message_ids": lambda s: s.set_message_ids(MISSING, table_message_id=1),
}


@pytest.mark.parametrize("call", NOT_FOUND_CALLS.values(), ids=NOT_FOUND_CALLS.keys())
async def test_every_call_on_a_missing_game_is_not_found(
    store: Storage, call: Callable[[Storage], Awaitable[object]]
) -> None:
    with pytest.raises(GameNotFound):
        await call(store)
    assert await store.actions(MISSING) == []
    assert await store.unfinished_games() == []


async def test_record_action_on_a_missing_game_is_not_found(store: Storage) -> None:
    with pytest.raises(GameNotFound):
        await store.record_action(999, 0, "draw_stock", "{}", 2)


async def test_create_and_read_game(store: Storage) -> None:
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


async def test_update_lobby_only_while_in_lobby(store: Storage) -> None:
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


async def test_the_host_changes_with_the_lobby_and_only_there(store: Storage) -> None:
    game_id = await store.create_game(
        guild_id=GUILD, channel_id=CHANNEL, game="gin", host_id=ALICE,
        seats=seats("Alice", "Bob"),
    )
    await store.update_lobby(game_id, seats=seats("Bob"), host_id=BOB)
    game = await store.get_game(game_id)
    assert game.host_id == BOB and [s["name"] for s in game.seats] == ["Bob"]
    await store.update_lobby(game_id, preset="oklahoma")  # no host given: it stays
    assert (await store.get_game(game_id)).host_id == BOB

    await store.start_game(game_id, "{}")
    with pytest.raises(StaleVersion):
        await store.update_lobby(game_id, host_id=ALICE)
    assert (await store.get_game(game_id)).host_id == BOB


async def test_record_action_writes_log_and_snapshot(store: Storage, open_store: Opener) -> None:
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
    # Committed, so a second storage on the same database sees it.
    other = await open_store()
    try:
        assert (await other.get_game(game_id)).state_version == 3
    finally:
        await other.close()


async def test_stale_record_action_writes_nothing(store: Storage) -> None:
    game_id = await running_game(store)
    await store.record_action(game_id, 0, "draw_stock", '{"v": 2}', 2)
    # A move computed from version 1 (now 2), and one from a future version.
    for stale in (2, 1, 0, 5):
        with pytest.raises(StaleVersion):
            await store.record_action(game_id, 1, "knock 3C", '{"bad": true}', stale)
    game = await store.get_game(game_id)
    assert (game.state, game.state_version) == ('{"v": 2}', 2)
    assert await store.actions(game_id) == [(1, None, "start", 1), (2, 0, "draw_stock", 2)]
    # The storage is usable again after the refusals.
    await store.record_action(game_id, 1, "discard 7H", '{"v": 3}', 3)
    assert [a[2] for a in await store.actions(game_id)] == ["start", "draw_stock", "discard 7H"]


async def test_double_apply_is_stale(store: Storage) -> None:
    game_id = await running_game(store)
    await store.record_action(game_id, 0, "draw_stock", '{"first": true}', 2)
    with pytest.raises(StaleVersion):  # the same click arriving twice
        await store.record_action(game_id, 0, "draw_stock", '{"second": true}', 2)
    game = await store.get_game(game_id)
    assert game.state == '{"first": true}'
    assert [a[2] for a in await store.actions(game_id)] == ["start", "draw_stock"]


async def test_concurrent_clicks_one_wins(store: Storage) -> None:
    # Five tasks race on one storage; each transaction must stay whole.
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


async def test_moves_of_many_games_at_once_are_each_saved_or_refused_alone(
        store: Storage, open_store: Opener) -> None:
    games = [await running_game(store, channel=CHANNEL + i) for i in range(12)]
    stale = games[5]  # this one's move is computed from a version it has left
    await store.record_action(stale, 0, "draw_stock", '{"v": 2}', 2)
    outcomes = await asyncio.gather(
        *(store.record_action(g, 1, f"move {g}", f'{{"game": {g}}}', 2) for g in games),
        return_exceptions=True)
    assert [type(o).__name__ for o in outcomes] == [
        "StaleVersion" if g == stale else "NoneType" for g in games]
    # Each answer came after its commit: a second storage sees every saved move.
    other = await open_store()
    try:
        for g in games:
            record = await other.get_game(g)
            assert record.state == ('{"v": 2}' if g == stale else f'{{"game": {g}}}')
            assert [a[2] for a in await other.actions(g)] == (
                ["start", "draw_stock"] if g == stale else ["start", f"move {g}"])
    finally:
        await other.close()


async def test_record_action_refused_unless_running(store: Storage) -> None:
    game_id = await store.create_game(guild_id=GUILD, channel_id=CHANNEL, game="gin", host_id=ALICE)
    with pytest.raises(StaleVersion):
        await store.record_action(game_id, 0, "draw_stock", "{}", 1)
    assert await store.actions(game_id) == []


async def test_unfinished_games_survive_reopen_with_exact_snapshot(open_store: Opener) -> None:
    # Key order, spacing and non-ASCII text must come back byte for byte.
    snapshot = '{"z": 1,  "a": ["10♥", "QS"], "nested": {"b": null}}'
    first = await open_store()
    game_id = await running_game(first)
    await first.record_action(game_id, 1, "take_discard", snapshot, 2)
    await first.set_message_ids(game_id, table_message_id=555, lobby_message_id=444)
    lobby_id = await first.create_game(
        guild_id=GUILD, channel_id=CHANNEL + 1, game="gin", host_id=BOB
    )
    finished_id = await running_game(first, channel=CHANNEL + 2)
    await first.record_results(finished_id, [])
    await first.close()

    second = await open_store()
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


async def test_one_active_game_per_channel(store: Storage) -> None:
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
    # Reopening the old one would make two; the storage refuses.
    with pytest.raises(ChannelBusy):
        await store.set_status(game_id, "running")
    assert (await store.get_game(game_id)).status == "abandoned"
    assert (await store.active_game_in_channel(CHANNEL)).id == second  # type: ignore[union-attr]


async def test_a_running_game_keeps_its_channel_until_it_finishes(store: Storage) -> None:
    game_id = await running_game(store)
    with pytest.raises(ChannelBusy):
        await store.create_game(guild_id=GUILD, channel_id=CHANNEL, game="gin", host_id=BOB)
    assert [g.id for g in await store.unfinished_games()] == [game_id]  # nothing half-made

    await store.record_results(
        game_id, [ResultRow(seat=0, name="Alice", user_id=ALICE, is_bot=False, points=1, won=True)]
    )
    second = await store.create_game(guild_id=GUILD, channel_id=CHANNEL, game="gin", host_id=BOB)
    assert (await store.active_game_in_channel(CHANNEL)).id == second  # type: ignore[union-attr]
    # The finished game may change status without clashing while it stays closed.
    await store.set_status(game_id, "abandoned")
    with pytest.raises(ChannelBusy):
        await store.set_status(game_id, "lobby")


async def test_game_in_thread_is_found_by_thread(store: Storage) -> None:
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


async def test_moving_into_a_busy_thread_or_channel_is_refused(store: Storage) -> None:
    thread = 7000
    in_thread = await store.create_game(
        guild_id=GUILD, channel_id=CHANNEL, thread_id=thread, game="gin", host_id=1
    )
    in_channel = await store.create_game(guild_id=GUILD, channel_id=CHANNEL, game="gin", host_id=2)
    with pytest.raises(ChannelBusy):
        await store.set_thread(in_channel, thread)
    with pytest.raises(ChannelBusy):  # leaving the thread lands it in the busy parent channel
        await store.set_thread(in_thread, None)
    assert (await store.get_game(in_channel)).thread_id is None
    assert (await store.get_game(in_thread)).thread_id == thread
    # A closed game may point at a busy thread: only open games hold a place.
    await store.set_status(in_channel, "abandoned")
    await store.set_thread(in_channel, thread)
    assert (await store.get_game(in_channel)).thread_id == thread


async def test_set_status_refuses_an_unknown_status(store: Storage) -> None:
    game_id = await store.create_game(guild_id=GUILD, channel_id=CHANNEL, game="gin", host_id=1)
    with pytest.raises(ValueError, match="unknown game status"):
        await store.set_status(game_id, "paused")  # type: ignore[arg-type]
    assert (await store.get_game(game_id)).status == "lobby"


async def test_set_message_ids_changes_only_given_ids(store: Storage) -> None:
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


async def test_session_meta_is_saved_without_touching_the_state(open_store: Opener) -> None:
    first = await open_store()
    game_id = await running_game(first)
    await first.record_action(game_id, 0, "pass", '{"v": 2}', 2)
    assert (await first.get_game(game_id)).session_meta is None
    meta = '{"taken_over":[0],"timeouts":{"0":2}}'
    await first.save_session_meta(game_id, meta)
    await first.close()

    second = await open_store()
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


async def test_session_meta_only_for_running_games(store: Storage) -> None:
    lobby_id = await store.create_game(guild_id=GUILD, channel_id=CHANNEL, game="gin",
                                       host_id=ALICE)
    with pytest.raises(StaleVersion):
        await store.save_session_meta(lobby_id, "{}")
    with pytest.raises(GameNotFound):
        await store.save_session_meta(999, "{}")
    assert (await store.get_game(lobby_id)).session_meta is None
