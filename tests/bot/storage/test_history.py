"""The contract's read of a server's finished games (`/rummy history`), on every backend."""

from __future__ import annotations

from bot.storage import ResultRow, Storage
from tests.bot.storage.helpers import ALICE, BOB, CAROL, CHANNEL, GUILD, play, running_game


async def test_finished_games_are_the_servers_latest_first_with_their_results(
        store: Storage) -> None:
    first = await play(store, CHANNEL, [("Alice", 120, True), ("Bob", 40, False)])
    second = await play(store, CHANNEL, [("Bob", 101, True), ("CPU", 30, False)])
    await running_game(store, channel=CHANNEL + 1)  # still running: not history
    other = await store.create_game(guild_id=GUILD + 1, channel_id=CHANNEL + 2, game="gin",
                                    host_id=ALICE)
    await store.start_game(other, "{}")
    await store.record_results(other, [ResultRow(0, "Alice", ALICE, False, 5, True)])

    games = await store.finished_games(GUILD)

    assert [g.record.id for g in games] == [second, first]
    assert [(r.name, r.points, r.won, r.is_bot) for r in games[0].results] == [
        ("Bob", 101, True, False), ("CPU", 30, False, True)]
    assert games[1].record.status == "finished" and games[1].record.seats[0]["name"] == "Alice"
    assert games[0].finished_at >= games[1].finished_at
    assert games[0].board == "gin"


async def test_finished_games_of_a_member_and_the_limit(store: Storage) -> None:
    with_alice = await play(store, CHANNEL, [("Alice", 120, True), ("Bob", 40, False)])
    await play(store, CHANNEL, [("Bob", 101, True), ("Carol", 30, False)])
    last = await play(store, CHANNEL, [("Carol", 90, True), ("Alice", 3, False)])

    assert [g.record.id for g in await store.finished_games(GUILD, user_id=ALICE)] == [
        last, with_alice]
    assert [g.record.id for g in await store.finished_games(GUILD, limit=1)] == [last]
    assert len(await store.finished_games(GUILD, user_id=BOB)) == 2
    assert len(await store.finished_games(GUILD, user_id=CAROL, limit=99)) == 2
    assert await store.finished_games(GUILD + 5) == []
