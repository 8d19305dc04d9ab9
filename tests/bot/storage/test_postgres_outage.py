"""The PostgreSQL backend when its server goes away: killed and restarted under load, a commit
whose answer is lost, and what the log says of an outage.

These tests run a server of their own (the session's shared one serves the other tests while
this one is killed). Games are played by computers through the session layer, each move saved
as the host saves it (`record_action` with the host's snapshot), several games at once.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import asyncpg
import pytest

from bot.storage import StaleVersion, StorageError, StorageUnavailable
from bot.storage.postgres import PostgresStorage, connection, open_postgres
from cogs.adapters import DEFAULT_LEVEL, Deal
from cogs.host.replays import stored_replay
from cogs.host.sessions import snapshot_text
from cogs.registry import adapter_for
from engine.game import Event, Game
from engine.replay import Start
from engine.session import GameSession, SessionHooks
from tests.bot.storage.helpers import GUILD, seats
from tests.postgres_server import PostgresServer, running_server

KINDS = ("gin", "rummy500", "gin", "rummy500", "gin", "rummy500")
BOT_DELAY = 0.02  # seconds between two computer moves of one game
OUTAGE = 1.0  # seconds the server stays down
# Kills and restarts in the load test; a soak may ask for more.
OUTAGES = int(os.environ.get("RUMMY_PG_OUTAGES", "2"))
CONNECTION = "bot.storage.postgres.connection"


@pytest.fixture(scope="module")
def own_server() -> Iterator[PostgresServer]:
    """A server for these tests alone: they kill it."""
    with running_server() as server:
        yield server


@pytest.fixture
async def pg(own_server: PostgresServer) -> AsyncIterator[PostgresStorage]:
    """The backend on an emptied database of the tests' own server."""
    await own_server.empty()
    storage = await open_postgres(own_server.dsn())
    storage.settle_seconds = 15.0  # the restart takes a moment on a busy machine
    yield storage
    await storage.close()


@dataclass
class Played:
    """One game driven by its session, and the fate of every save it asked for."""

    game_id: int
    kind: str
    session: GameSession
    confirmed: dict[int, str] = field(default_factory=dict)  # version -> action text
    refused: list[tuple[int, StorageError]] = field(default_factory=list)


async def deal(storage: PostgresStorage, kind: str, channel: int, seed: int,
               computers: bool = True) -> Played:
    """Open, deal and start a game of computers (or of people) saved like the host saves."""
    adapter = adapter_for(kind)
    names = ("Alice", "Bob", "Carol")[:2 if kind == "gin" else 3]
    game_id = await storage.create_game(guild_id=GUILD, channel_id=channel, game=kind,
                                        host_id=11, seats=seats(*names))
    dealt = Deal(seed=seed)
    game = adapter.new_game(adapter.options("standard", {}), len(names), dealt)
    start = Start.of(game, dealt.decks, dealt.first_dealer).to_json()
    holder: list[Played] = []

    async def persist(g: Game, seat: int, action: Any, _events: list[Event]) -> None:
        version, text = g.version + 1, str(action)
        try:
            await storage.record_action(game_id, seat, text,
                                        snapshot_text(g, holder[0].session, start), version)
        except StorageError as error:
            holder[0].refused.append((version, error))
            raise
        holder[0].confirmed[version] = text

    hooks = SessionHooks(
        load=adapter.load, persist=persist,
        choose=lambda g, seat: adapter.choose(g, seat, DEFAULT_LEVEL),
        is_computer=lambda _seat: computers, react=adapter.react, new_deal=adapter.new_deal,
        told=lambda error: isinstance(error, StorageUnavailable))
    session = GameSession(game, hooks, bot_delay=BOT_DELAY)
    await storage.start_game(game_id, snapshot_text(game, session, start))
    holder.append(Played(game_id, kind, session))
    return holder[0]


async def stored(storage: PostgresStorage, played: Played) -> tuple[int, str]:
    """Return the game's stored version and snapshot."""
    record = await storage.get_game(played.game_id)
    return record.state_version, record.state or ""


async def check_stored(storage: PostgresStorage, played: Played) -> None:
    """The stored game is what the session confirmed, and replays to its snapshot."""
    version, state = await stored(storage, played)
    log = await storage.actions(played.game_id)
    assert [row[0] for row in log] == list(range(1, len(log) + 1)), "log not contiguous"
    assert [row[3] for row in log] == list(range(1, version + 1))
    # Every confirmed move is kept, and every kept move was confirmed: none refused is there.
    assert {row[3]: row[2] for row in log[1:]} == played.confirmed
    assert played.session.game.version + 1 == version, "the session and the database differ"
    assert stored_replay(played.kind, state, log).moves == len(log) - 1


async def until(condition: Callable[[], Awaitable[bool]], timeout: float = 60.0) -> None:
    """Wait until the condition holds (polled), or fail."""
    async with asyncio.timeout(timeout):
        while not await condition():
            await asyncio.sleep(0.05)


async def quiet(games: list[Played]) -> None:
    """Stop every session and let the move each is saving finish."""
    for played in games:
        played.session.close()
    await until(lambda: _idle(games))


async def _idle(games: list[Played]) -> bool:
    return all(not p.session._lock.locked() and not p.session._tasks for p in games)


async def test_games_survive_a_server_killed_and_restarted_under_load(
        pg: PostgresStorage, own_server: PostgresServer,
        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    games = [await deal(pg, kind, 3000 + i, seed=100 + i) for i, kind in enumerate(KINDS)]
    for played in games:
        played.session.start()

    async def moved(by: int, marks: dict[int, int]) -> bool:
        return all(p.session.game.is_over or p.session.game.version >= marks[p.game_id] + by
                   for p in games)

    for _ in range(OUTAGES):
        before = {p.game_id: p.session.game.version for p in games}
        await until(lambda: moved(5, before))  # noqa: B023 (awaited at once)
        await asyncio.to_thread(own_server.halt)
        await asyncio.sleep(OUTAGE)  # the computers keep trying: every save is refused
        down = {p.game_id: p.session.game.version for p in games}
        await asyncio.to_thread(own_server.resume)
        await until(lambda: moved(5, down), 20)  # noqa: B023 (every game moves on: no stale loop)
    await quiet(games)

    refusals = [error for p in games for _, error in p.refused]
    assert refusals, "the outage refused no save: it did not happen under load"
    assert not [e for e in refusals if isinstance(e, StaleVersion)]
    for played in games:
        await check_stored(pg, played)
    # One warning per outage at most (one closely following another is told with it).
    told = [r for r in caplog.records if r.name == CONNECTION and r.levelno >= logging.WARNING]
    assert 1 <= len(told) <= OUTAGES
    assert {r.getMessage().split(",")[0] for r in told} == {f"database {pg.where} unreachable"}
    assert [r for r in caplog.records if r.name == CONNECTION
            and r.getMessage().startswith(f"database {pg.where} reachable again")]
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not [r for r in caplog.records if r.exc_info and r.levelno >= logging.INFO]
    assert not [r for r in caplog.records if r.name.startswith("asyncpg")
                and r.levelno >= logging.INFO]


def fail_commits(monkeypatch: pytest.MonkeyPatch,
                  error: Exception, *, commit: bool) -> list[int]:
    """Make the next write's connection fail once its body is done: after its COMMIT (the
    pool's release fails), or instead of it (the connection dies while committing; a move is
    one statement that commits by itself: the connection dies as it is sent)."""
    failures: list[int] = []
    release = asyncpg.pool.Pool.release
    commit_of = asyncpg.transaction.Transaction._Transaction__commit  # type: ignore[attr-defined]
    fetchval = asyncpg.connection.Connection.fetchval

    async def dying_statement(self: Any, *args: Any, **kwargs: Any) -> Any:
        if failures:
            return await fetchval(self, *args, **kwargs)
        failures.append(1)
        self.terminate()  # the server never ran it
        raise error

    async def failing_release(pool: Any, conn: Any, *args: Any, **kwargs: Any) -> None:
        await release(pool, conn, *args, **kwargs)
        if not failures:
            failures.append(1)
            raise error

    async def dying_commit(self: Any) -> None:
        if failures:
            return await commit_of(self)
        failures.append(1)
        self._connection.terminate()  # the server rolls the open transaction back
        raise error

    if commit:
        monkeypatch.setattr(asyncpg.pool.Pool, "release", failing_release)
    else:
        monkeypatch.setattr(asyncpg.transaction.Transaction, "_Transaction__commit",
                            dying_commit)
        monkeypatch.setattr(asyncpg.connection.Connection, "fetchval", dying_statement)
    return failures


async def play_first_legal(played: Played) -> list[Event]:
    """Submit the first legal move of the seat to act, through the session."""
    game = played.session.game
    seat = game.to_act()[0]
    return await played.session.submit(seat, game.legal_actions(seat)[0], game.version)


@pytest.mark.parametrize("error", [
    asyncpg.ConnectionDoesNotExistError("connection was closed in the middle of operation"),
    asyncpg.InternalClientError("cannot switch to state 15; another operation (2) is in"
                                " progress"),
], ids=["connection-lost", "internal-client-error"])
async def test_a_move_committed_before_its_connection_fails_stands(
        pg: PostgresStorage, monkeypatch: pytest.MonkeyPatch, error: Exception) -> None:
    played = await deal(pg, "gin", 4000, seed=7, computers=False)
    await play_first_legal(played)
    failures = fail_commits(monkeypatch, error, commit=True)
    events = await play_first_legal(played)  # told as made: no refusal
    assert failures and events
    assert played.session.game.version == 2
    assert (await stored(pg, played))[0] == 3
    await play_first_legal(played)  # the next move is not refused as stale
    await check_stored(pg, played)


async def test_a_move_whose_commit_never_landed_is_refused_and_undone(
        pg: PostgresStorage, monkeypatch: pytest.MonkeyPatch) -> None:
    played = await deal(pg, "gin", 4001, seed=8, computers=False)
    await play_first_legal(played)
    lost = asyncpg.ConnectionDoesNotExistError("connection was closed in the middle of operation")
    failures = fail_commits(monkeypatch, lost, commit=False)
    with pytest.raises(StorageError) as refused:
        await play_first_legal(played)
    assert failures and str(refused.value).startswith("not saved: the commit went")
    assert played.session.game.version == 1
    assert (await stored(pg, played))[0] == 2
    await play_first_legal(played)
    await check_stored(pg, played)


async def test_a_driver_error_in_a_write_is_a_refusal_told_once(
        pg: PostgresStorage, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    played = await deal(pg, "gin", 4002, seed=9, computers=False)
    caplog.set_level(logging.INFO, logger=CONNECTION)

    async def busy(*_args: Any) -> str:
        raise asyncpg.InternalClientError("cannot switch to state 12; another operation (2)"
                                          " is in progress")

    with monkeypatch.context() as patched:
        patched.setattr(asyncpg.connection.Connection, "execute", busy)
        patched.setattr(asyncpg.connection.Connection, "fetchval", busy)  # a move's statement
        for _ in range(3):
            with pytest.raises(StorageUnavailable):
                await play_first_legal(played)
    assert played.session.game.version == 0
    await play_first_legal(played)
    lines = [(r.levelname, r.getMessage().split(" (")[0]) for r in caplog.records]
    assert lines[0] == ("WARNING", f"database {pg.where} unreachable, saves are refused until"
                                   " it is back")
    assert lines[1][0] == "INFO" and lines[1][1].startswith(f"database {pg.where} reachable")
    assert len(lines) == 2
    await check_stored(pg, played)


def test_an_outage_is_told_once_and_a_relapse_only_if_it_lasts(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    now = [100.0]
    monkeypatch.setattr(connection.time, "monotonic", lambda: now[0])
    outage, cut = connection.Outage("db"), StorageUnavailable("cut")
    caplog.set_level(logging.DEBUG, logger=CONNECTION)

    def at(seconds: float, *steps: Callable[[], None]) -> None:
        now[0] = seconds
        for step in steps:
            step()

    def heard() -> list[tuple[str, str]]:
        said = [(r.levelname, r.getMessage()[:24]) for r in caplog.records]
        caplog.clear()
        return said

    at(100, lambda: outage.began(cut), lambda: outage.began(cut))
    at(103, outage.ended)
    assert heard() == [("WARNING", "database db unreachable,"),
                       ("INFO", "database db reachable ag")]
    at(104, lambda: outage.began(cut))  # a connection the restart cut, lent again
    at(105, outage.ended)
    assert heard() == [("DEBUG", "database db unreachable ")]
    at(106, lambda: outage.began(cut))
    at(112, lambda: outage.began(cut))  # it lasts: a new outage after all
    at(113, outage.ended)
    assert [level for level, _ in heard()] == ["DEBUG", "WARNING", "INFO"]
    at(200, lambda: outage.began(cut))
    assert [level for level, _ in heard()] == ["WARNING"]


def test_the_pools_reconnect_failure_is_a_debug_line_without_traceback(
        caplog: pytest.LogCaptureFixture) -> None:
    connection.quiet_pool_reconnects()
    caplog.set_level(logging.DEBUG, logger="asyncpg.pool")
    try:
        raise FileNotFoundError(2, "No such file or directory")
    except OSError:
        logging.getLogger("asyncpg.pool").warning(
            "Failed to restore the pool connection floor; retrying", exc_info=True)
    logging.getLogger("asyncpg.pool").warning("Pool.close() is taking over 60 seconds")
    assert [(r.levelname, r.getMessage(), r.exc_info) for r in caplog.records] == [
        ("DEBUG", "Failed to restore the pool connection floor: FileNotFoundError: [Errno 2]"
                  " No such file or directory", None),
        ("WARNING", "Pool.close() is taking over 60 seconds", None)]
