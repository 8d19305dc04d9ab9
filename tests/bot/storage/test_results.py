"""Contract: final results, sides, the leaderboard and player stats (every backend)."""

from __future__ import annotations

import pytest

from bot.storage import GameNotFound, ResultRow, StaleVersion, Storage
from tests.bot.storage.helpers import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    DAVE,
    GUILD,
    play,
    running_game,
    seats,
)


async def test_record_results_finishes_game_once(store: Storage) -> None:
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


async def test_results_read_back_by_seat_and_only_once(store: Storage) -> None:
    game_id = await running_game(store)
    rows = [
        ResultRow(seat=1, name="Bob", user_id=BOB, is_bot=False, points=40, won=False),
        ResultRow(seat=2, name="Computer 1", user_id=None, is_bot=True, points=0, won=False),
        ResultRow(seat=0, name="Alice", user_id=ALICE, is_bot=False, points=150, won=True),
    ]
    assert await store.results(game_id) == []
    await store.record_results(game_id, rows)
    assert await store.results(game_id) == sorted(rows, key=lambda r: r.seat)
    with pytest.raises(StaleVersion):  # a late duplicate changes nothing
        await store.record_results(game_id, [rows[0]])
    assert [r.name for r in await store.results(game_id)] == ["Alice", "Bob", "Computer 1"]


async def test_results_of_a_game_that_is_not_running_are_refused(store: Storage) -> None:
    lobby_id = await store.create_game(guild_id=GUILD, channel_id=CHANNEL, game="gin", host_id=1)
    row = ResultRow(seat=0, name="Alice", user_id=ALICE, is_bot=False, points=1, won=True)
    with pytest.raises(StaleVersion):
        await store.record_results(lobby_id, [row])
    with pytest.raises(GameNotFound):
        await store.record_results(999, [row])
    assert (await store.get_game(lobby_id)).status == "lobby"
    assert await store.results(lobby_id) == []
    assert await store.leaderboard(GUILD, "gin") == []


async def test_a_partnership_round_trips_with_its_sides(store: Storage) -> None:
    # Canasta for four: seats 0 and 2 against 1 and 3; standings stay per player.
    game_id = await store.create_game(
        guild_id=GUILD,
        channel_id=CHANNEL,
        game="canasta",
        host_id=ALICE,
        seats=seats("Alice", "Bob", "Carol", "Dave"),
    )
    await store.start_game(game_id, "{}")
    rows = [
        ResultRow(seat=i, name=n, user_id=u, is_bot=False, points=p, won=i % 2 == 0, side=i % 2)
        for i, (n, u, p) in enumerate(
            [("Alice", ALICE, 5120), ("Bob", BOB, 3370), ("Carol", CAROL, 5120),
             ("Dave", DAVE, 3370)]
        )
    ]
    await store.record_results(game_id, rows)
    stored = await store.results(game_id)
    assert stored == rows
    assert [(r.name, r.side) for r in stored] == [
        ("Alice", 0), ("Bob", 1), ("Carol", 0), ("Dave", 1)
    ]
    board = await store.leaderboard(GUILD, "canasta")
    assert [(r.name, r.games, r.wins, r.points) for r in board] == [
        ("Alice", 1, 1, 5120),
        ("Carol", 1, 1, 5120),
        ("Bob", 1, 0, 3370),
        ("Dave", 1, 0, 3370),
    ]


async def test_one_seat_sides_read_back_as_none(store: Storage) -> None:
    game_id = await play(store, 1, [("Alice", 120, True), ("Bob", 10, False)])
    assert [r.side for r in await store.results(game_id)] == [None, None]


async def test_leaderboard_order_and_win_rate(store: Storage) -> None:
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
    assert [r.best for r in board] == [130, 120, 200, 210]  # each one's best single result
    assert [r.name for r in await store.leaderboard(GUILD, "gin", limit=2)] == ["Bob", "Alice"]
    assert await store.leaderboard(GUILD, "rummy500") == []
    assert await store.leaderboard(GUILD + 1, "gin") == []


async def test_leaderboard_points_break_ties(store: Storage) -> None:
    await play(store, 1, [("Alice", 100, True), ("Bob", 0, False)])
    await play(store, 2, [("Alice", 0, False), ("Bob", 130, True)])
    board = await store.leaderboard(GUILD, "gin")
    assert [r.name for r in board] == ["Bob", "Alice"]  # same wins and rate, more points


async def test_leaderboard_full_ties_go_by_user_id(store: Storage) -> None:
    # Dave and Bob: same wins, rate and points; the lower user id comes first,
    # whatever the order they played in. Carol's rate (1 of 2) puts her below.
    await play(store, 1, [("Dave", 50, True), ("Carol", 50, True)])
    await play(store, 2, [("Bob", 50, True), ("Carol", 0, False)])
    board = await store.leaderboard(GUILD, "gin")
    assert [(r.user_id, r.wins, r.points) for r in board] == [
        (BOB, 1, 50),
        (DAVE, 1, 50),
        (CAROL, 1, 50),
    ]
    assert [r.name for r in await store.leaderboard(GUILD, "gin", limit=1)] == ["Bob"]


async def test_leaderboard_shows_latest_name(store: Storage) -> None:
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


async def test_player_stats_per_game(store: Storage) -> None:
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
    assert [(s.game, s.games, s.wins, s.points, s.best) for s in stats] == [
        ("gin", 3, 2, 255, 120),
        ("ramino", 1, 0, -40, -40),  # the best result: a lowest-wins game's total, negated
    ]
    assert round(stats[0].win_rate, 3) == 0.667
    assert await store.player_stats(GUILD, CAROL) == []
    assert await store.player_stats(GUILD + 1, ALICE) == []


async def test_results_counted_as_a_variant_stay_out_of_the_games_own_totals(
        store: Storage) -> None:
    async def ramino(channel: int, points: int, won: bool, counted_as: str | None) -> int:
        game_id = await store.create_game(guild_id=GUILD, channel_id=channel, game="ramino",
                                          host_id=ALICE)
        await store.start_game(game_id, "{}")
        await store.record_results(game_id, [
            ResultRow(seat=0, name="Alice", user_id=ALICE, is_bot=False, points=points,
                      won=won)], counted_as=counted_as)
        return game_id

    await ramino(1, -40, False, None)  # a penalty total of 40, negated
    chips = await ramino(2, 3, True, "ramino_chips")  # three chips won
    await ramino(3, -2, False, "ramino_chips")

    assert (await store.get_game(chips)).status == "finished"
    assert [r.points for r in await store.results(chips)] == [3]
    stats = await store.player_stats(GUILD, ALICE)
    assert [(s.game, s.games, s.wins, s.points, s.best) for s in stats] == [
        ("ramino", 1, 0, -40, -40),
        ("ramino_chips", 2, 1, 1, 3),
    ]
    [penalty] = await store.leaderboard(GUILD, "ramino")
    assert (penalty.games, penalty.wins, penalty.points, penalty.best) == (1, 0, -40, -40)
    [chips_row] = await store.leaderboard(GUILD, "ramino_chips")
    assert (chips_row.games, chips_row.wins, chips_row.points, chips_row.best) == (2, 1, 1, 3)
