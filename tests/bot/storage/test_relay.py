"""The click relay between processes, on a real PostgreSQL server (SQLite has none).

Two storages opened on one database stand for two processes: the sender (which received a
DM click) and the game's owner (holding its lease). What is checked is what a player would
notice: a click reaches the process driving his game once, is answered once, and is not lost
while the owner's listening connection is down.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot.storage import Storage
from bot.storage.postgres import PostgresStorage, open_postgres
from bot.storage.postgres import relay as postgres_relay
from bot.storage.relay import ClickRelay, RelayedClick, Sent, notice, read_notice
from bot.storage.sqlite import open_sqlite
from tests.bot.storage.helpers import CHANNEL, running_game
from tests.postgres_server import PostgresServer, running_server

SENDER, OWNER = "shard-0", "shard-1"
T = 1_700_000_000.0  # the leases' clock, in seconds since the epoch (November 2023)
LEASE = 30.0
CLICK = json.dumps({"id": "7", "type": 3, "data": {"custom_id": "rummy:h:1:draw"}})
HEARD = 5.0  # seconds a notification may take on a busy machine


class Ears:
    """What one process's listener heard."""

    def __init__(self) -> None:
        self.clicks = asyncio.Event()
        self.taken: list[int] = []
        self.taken_event = asyncio.Event()

    def on_click(self) -> None:
        self.clicks.set()

    def on_taken(self, click_id: int) -> None:
        self.taken.append(click_id)
        self.taken_event.set()


@pytest.fixture
async def two(postgres_server: PostgresServer) -> AsyncIterator[tuple[Storage, Storage]]:
    """Two processes' storages on one emptied database."""
    await postgres_server.empty()
    first, second = (await open_postgres(postgres_server.dsn()),
                     await open_postgres(postgres_server.dsn()))
    yield first, second
    await first.close()
    await second.close()


def relay(store: Storage, me: str) -> ClickRelay:
    """Return `me`'s end of the relay (PostgreSQL always has one)."""
    end = store.click_relay(me)
    assert end is not None
    return end


async def owned_game(store: Storage, owner: str, channel: int = CHANNEL,
                     now: float = T) -> int:
    """Start a game whose lease `owner` holds from `now`."""
    game = await running_game(store, channel=channel)
    assert await store.claim_games(owner, [game], now=now, seconds=LEASE) == {game}
    return game


async def test_a_click_reaches_the_games_owner_once_and_its_sender_hears_it_was_taken(
        two: tuple[Storage, Storage]) -> None:
    sending, owning = relay(two[0], SENDER), relay(two[1], OWNER)
    sender_ears, owner_ears = Ears(), Ears()
    await sending.listen(sender_ears.on_click, sender_ears.on_taken)
    await owning.listen(owner_ears.on_click, owner_ears.on_taken)
    try:
        game = await owned_game(two[1], OWNER)
        sender_ears.clicks.clear()  # listening says once that clicks may wait
        owner_ears.clicks.clear()
        sent = await sending.send(game, CLICK, now=T + 1)
        assert sent.click_id is not None and not sent.moving
        await asyncio.wait_for(owner_ears.clicks.wait(), HEARD)
        taken = await owning.take()
        assert [(c.id, c.game_id, c.sender, json.loads(c.payload)) for c in taken] == [
            (sent.click_id, game, SENDER, json.loads(CLICK))]
        assert 0 <= taken[0].age < HEARD
        await asyncio.wait_for(sender_ears.taken_event.wait(), HEARD)
        assert sender_ears.taken == [sent.click_id]
        # Taken once: neither a second take nor the sender's withdrawal finds it again.
        assert await owning.take() == []
        assert await sending.withdraw(sent.click_id) is False
        assert owner_ears.taken == [] and not sender_ears.clicks.is_set()
    finally:
        await sending.close()
        await owning.close()


async def test_a_click_nobody_took_is_withdrawn_once_and_never_taken_after(
        two: tuple[Storage, Storage]) -> None:
    game = await owned_game(two[1], OWNER)
    sending, owning = relay(two[0], SENDER), relay(two[1], OWNER)
    sent = await sending.send(game, CLICK, now=T + 1)
    assert sent.click_id is not None
    assert await sending.withdraw(sent.click_id) is True
    assert await sending.withdraw(sent.click_id) is False
    assert await owning.take() == []


async def test_a_game_driven_here_or_by_nobody_is_not_relayed(
        two: tuple[Storage, Storage]) -> None:
    sending = relay(two[0], SENDER)
    mine = await owned_game(two[0], SENDER)
    unleased = await running_game(two[0], channel=CHANNEL + 1)
    ended = await owned_game(two[1], OWNER, channel=CHANNEL + 2)
    await two[1].set_status(ended, "finished")
    for game in (mine, unleased, ended, 999):
        assert await sending.send(game, CLICK, now=T + 1) == Sent()
    assert await relay(two[1], OWNER).take() == []


async def test_a_game_whose_lease_ran_out_is_moving_and_its_click_not_relayed(
        two: tuple[Storage, Storage]) -> None:
    game = await owned_game(two[1], OWNER)
    sending = relay(two[0], SENDER)
    assert await sending.send(game, CLICK, now=T + LEASE + 1) == Sent(moving=True)
    assert await relay(two[1], OWNER).take() == []
    # By the database's clock (no clock given) a lease of 2023 ran out long ago too.
    assert await sending.send(game, CLICK) == Sent(moving=True)


async def test_clicks_sent_to_another_owner_stay_his(two: tuple[Storage, Storage]) -> None:
    game = await owned_game(two[1], OWNER)
    sent = await relay(two[0], SENDER).send(game, CLICK, now=T + 1)
    assert await relay(two[0], "shard-2").take() == []
    assert [c.id for c in await relay(two[1], OWNER).take()] == [sent.click_id]


async def test_sqlite_has_no_relay(tmp_path: Path) -> None:
    store = await open_sqlite(tmp_path / "rummy.sqlite3")
    try:
        assert store.click_relay(SENDER) is None
    finally:
        await store.close()


def test_notices_name_their_kind_process_and_click() -> None:
    assert read_notice(notice("click", "host:12", 5)) == ("click", "host:12", 5)
    assert read_notice(notice("taken", "a b", 6)) == ("taken", "a b", 6)
    for text in ("", "click", "click 5", "hello host 5", "click host five"):
        assert read_notice(text) is None


@pytest.fixture(scope="module")
def own_server() -> Iterator[PostgresServer]:
    """A server of this module's own: the reconnection test kills it."""
    with running_server() as server:
        yield server


async def test_a_click_sent_while_the_owner_was_not_listening_is_taken_when_it_is_back(
        own_server: PostgresServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(postgres_relay, "RECONNECT_PAUSE", 0.5)  # 5 s in the bot
    await own_server.empty()
    owner_store: PostgresStorage = await open_postgres(own_server.dsn())
    ears = Ears()
    owning = relay(owner_store, OWNER)
    try:
        game = await owned_game(owner_store, OWNER)
        await owning.listen(ears.on_click, ears.on_taken)
        await asyncio.wait_for(ears.clicks.wait(), HEARD)  # told once, at the start
        ears.clicks.clear()
        # The server restarts: the listening connection is lost and tries again after a pause;
        # a click sent before the owner listens again is only in the table.
        await asyncio.to_thread(own_server.halt)
        await asyncio.to_thread(own_server.resume)
        sender_store = await open_postgres(own_server.dsn())
        try:
            sent = await relay(sender_store, SENDER).send(game, CLICK, now=T + 1)
        finally:
            await sender_store.close()
        await asyncio.wait_for(ears.clicks.wait(), HEARD + 5)
        taken: list[RelayedClick] = []
        for _ in range(50):  # the pool's own connection comes back when lent next
            try:
                taken = await owning.take()
                break
            except Exception:
                await asyncio.sleep(0.1)
        assert [c.id for c in taken] == [sent.click_id]
    finally:
        await owning.close()
        await owner_store.close()
