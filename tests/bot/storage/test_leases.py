"""Contract: game-ownership leases (every backend)."""

from __future__ import annotations

import asyncio
import time

import pytest

from bot.storage import StaleVersion, Storage
from tests.bot.storage.conftest import Opener
from tests.bot.storage.helpers import ALICE, CHANNEL, GUILD, running_game, seats

ONE, TWO = "process-one", "process-two"
T = 1_800_000_000.0  # a moment, in seconds since the epoch
LEASE = 30.0


async def test_a_free_game_is_taken_and_renewed_by_its_holder(store: Storage) -> None:
    game = await running_game(store)
    assert await store.claim_games(ONE, [game], now=T, seconds=LEASE) == {game}
    assert await store.claim_games(ONE, [game], now=T + 10, seconds=LEASE) == {game}
    # Renewed at T+10, the lease now lasts to T+40: at T+35 the other process still waits.
    assert await store.claim_games(TWO, [game], now=T + 35, seconds=LEASE) == set()


async def test_a_live_lease_is_refused_to_another_process_until_it_runs_out(
        store: Storage) -> None:
    game = await running_game(store)
    await store.claim_games(ONE, [game], now=T, seconds=LEASE)
    assert await store.claim_games(TWO, [game], now=T + LEASE - 0.5, seconds=LEASE) == set()
    assert await store.claim_games(TWO, [game], now=T + LEASE, seconds=LEASE) == {game}
    # Taken over: the first process's late renewal is refused, the new holder's kept.
    assert await store.claim_games(ONE, [game], now=T + LEASE + 1, seconds=LEASE) == set()
    assert await store.claim_games(TWO, [game], now=T + LEASE + 1, seconds=LEASE) == {game}


async def test_each_game_of_a_claim_is_taken_or_refused_alone(store: Storage) -> None:
    mine, theirs = await running_game(store), await running_game(store, channel=CHANNEL + 1)
    ended = await running_game(store, channel=CHANNEL + 2)
    await store.set_status(ended, "abandoned")
    await store.claim_games(TWO, [theirs], now=T, seconds=LEASE)
    assert await store.claim_games(ONE, [mine, theirs, ended, 999], now=T + 1,
                                   seconds=LEASE) == {mine}


async def test_a_released_lease_is_taken_at_once(store: Storage) -> None:
    game = await running_game(store)
    await store.claim_games(ONE, [game], now=T, seconds=LEASE)
    await store.release_games(TWO, [game])  # not TWO's to give up: nothing changes
    assert await store.claim_games(TWO, [game], now=T + 1, seconds=LEASE) == set()
    await store.release_games(ONE, [game])
    assert await store.claim_games(TWO, [game], now=T + 1, seconds=LEASE) == {game}


async def test_two_processes_claiming_one_expired_lease_at_once_get_it_once(
        open_store: Opener) -> None:
    first, second = await open_store(), await open_store()
    try:
        game = await running_game(first)
        await first.claim_games("dead", [game], now=T, seconds=LEASE)
        owners = [ONE, TWO] * 5
        won = await asyncio.gather(
            *(s.claim_games(owner, [game], now=T + LEASE + 1, seconds=LEASE)
              for s, owner in zip([first, second] * 5, owners, strict=True)))
        winners = {owner for owner, held in zip(owners, won, strict=True) if held}
        assert len(winners) == 1  # one process took it; the other's claims were all refused
    finally:
        await first.close()
        await second.close()


async def test_without_a_time_the_database_clock_measures_the_lease(store: Storage) -> None:
    game = await running_game(store)
    assert await store.claim_games(ONE, [game], seconds=LEASE) == {game}
    assert await store.claim_games(TWO, [game], seconds=LEASE) == set()  # live by its clock
    # The database's clock is this machine's: the lease runs to about now + LEASE.
    assert await store.claim_games(TWO, [game], now=time.time() + LEASE - 5,
                                   seconds=LEASE) == set()
    assert await store.claim_games(TWO, [game], now=time.time() + LEASE + 5,
                                   seconds=LEASE) == {game}


async def test_one_claim_takes_many_games_and_releases_them(store: Storage) -> None:
    games = [await running_game(store, channel=CHANNEL + n) for n in range(5)]
    assert await store.claim_games(ONE, list(reversed(games)), seconds=LEASE) == set(games)
    assert await store.claim_games(TWO, games, seconds=LEASE) == set()
    await store.release_games(ONE, games[:2])
    assert await store.claim_games(TWO, games, seconds=LEASE) == set(games[:2])
    assert await store.claim_games(ONE, [], seconds=LEASE) == set()


async def test_processes_claiming_overlapping_games_each_get_a_game_once(
        open_store: Opener) -> None:
    first, second = await open_store(), await open_store()
    try:
        games = [await running_game(first, channel=CHANNEL + n) for n in range(6)]
        # In opposite orders, many times at once: no deadlock, and no game is held twice.
        claims = [(first, ONE, games), (second, TWO, games[::-1])] * 4
        won = await asyncio.gather(*(s.claim_games(owner, ids, seconds=LEASE)
                                     for s, owner, ids in claims))
        ones = set().union(*won[0::2])
        twos = set().union(*won[1::2])
        assert not ones & twos and ones | twos == set(games)
    finally:
        await first.close()
        await second.close()


async def test_the_version_still_refuses_a_stale_writer_whatever_the_lease(
        store: Storage) -> None:
    game = await running_game(store)
    await store.claim_games(ONE, [game], now=T, seconds=LEASE)
    await store.record_action(game, 0, "draw_stock", '{"v": 2}', 2)
    with pytest.raises(StaleVersion):  # a taken-over process writing from its old version
        await store.record_action(game, 0, "draw_stock", '{"v": 2}', 2)
    assert (await store.get_game(game)).state_version == 2


@pytest.mark.parametrize(("owner", "seconds"), [("", LEASE), (ONE, 0.0), (ONE, -1.0)])
async def test_a_lease_needs_an_owner_and_a_duration(store: Storage, owner: str,
                                                     seconds: float) -> None:
    game = await running_game(store)
    with pytest.raises(ValueError):
        await store.claim_games(owner, [game], now=T, seconds=seconds)


async def test_free_games_are_the_running_ones_nobody_holds_by_now(store: Storage) -> None:
    held, ran_out, never = [await running_game(store, channel=CHANNEL + i) for i in range(3)]
    lobby = await store.create_game(guild_id=GUILD, channel_id=CHANNEL + 3, game="gin",
                                    host_id=ALICE, seats=seats("Alice", "Bob"))
    ended = await running_game(store, channel=CHANNEL + 4)
    await store.set_status(ended, "finished")
    await store.claim_games(ONE, [held], now=T + 20, seconds=LEASE)
    await store.claim_games(TWO, [ran_out], now=T, seconds=LEASE)
    assert await store.free_games(now=T + LEASE + 1) == [(ran_out, GUILD), (never, GUILD)]
    assert await store.free_games(now=T + 1) == [(never, GUILD)]
    assert lobby not in {g for g, _ in await store.free_games(now=T + 1)}
    # By the database's clock, the leases of 2027 are live.
    assert await store.free_games() == [(never, GUILD)]
