"""Two bot processes on one PostgreSQL database: one killed with SIGKILL mid-game, the other
takes its game over once the lease has run out, and nothing is lost or applied twice.

Two real `python -m bot` sandbox processes (SimCord's Preview) run every shard on one real
PostgreSQL server, with 6-second leases (renewed every 2 s). Process A opens a Rummy 500 table
whose host times out at once (a 1 s turn), so computers play it by themselves; process B runs
alongside and must leave it alone while A lives: for a whole lease it resumes nothing, shows
no table of it, and the database names A as the lease's holder. Then A is killed mid-game.
B takes the game over at a renewal once the lease has run out, at the version A left, and its
timers play it on: each sandbox builds the same simulated server (the same ids), so B's
Preview shows the table anew (A's message is not on B's server: the edit finds none and posts
it).

The database is then checked as the crash test checks its file (`crash_checks`): the log
contiguous, the snapshot the log's replay, every table picture either Preview showed a logged
state.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import asyncpg
import pytest

from bot.sandbox import PreviewClient
from tests.bot.crash_checks import ShownTables, StoredGame, check_game, read_postgres_games
from tests.bot.test_crash_safety import BotProcess, open_table, watch_tables
from tests.bot.test_crash_safety import at_kill as stand
from tests.postgres_server import PostgresServer

pytestmark = pytest.mark.soak

LEASE_SECONDS = 6.0  # RUMMY_LEASE_SECONDS: renewed every 2 s, past the Preview's settle window
KIND = "rummy500"  # to 150 points with two computers: several hands, it outlasts the test
PICTURES = 3  # distinct tables each process must show of the game before we go on
# Generous limits: the machine may be busy with other work (no timing is asserted but these).
TIMEOUT = 120.0
LOOK_EVERY = 0.2


@pytest.fixture
async def processes(tmp_path: Path, postgres_server: PostgresServer
                    ) -> AsyncIterator[tuple[BotProcess, BotProcess]]:
    """Two bot processes on the test server's emptied database, killed at the end."""
    await postgres_server.empty()
    settings = {"RUMMY_DB": postgres_server.dsn(), "RUMMY_LEASE_SECONDS": f"{LEASE_SECONDS:g}"}
    pair = []
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
        pair.append(BotProcess(tmp_path / name, settings))
    try:
        yield pair[0], pair[1]
    finally:
        for bot in pair:
            await bot.close()


async def test_a_killed_process_game_goes_on_in_the_other_with_nothing_lost_or_twice(
        processes: tuple[BotProcess, BotProcess], postgres_server: PostgresServer) -> None:
    a, b = processes
    dsn = postgres_server.dsn()
    url_a, url_b = await asyncio.gather(a.start(), b.start())
    shown_a, shown_b = ShownTables(), ShownTables()
    async with await PreviewClient.open(url_a) as page_a, \
            await PreviewClient.open(url_b) as page_b, \
            watching(page_b, shown_b):
        await open_table(page_a, KIND)
        game = only_game(await read_postgres_games(dsn)).id
        async with watching(page_a, shown_a):
            await wait_until(lambda: pictures(shown_a, game) >= PICTURES, "A showed no play")
            await check_held_by_a(dsn, game, a, b)
        await a.kill()
        killed_at = asyncio.get_running_loop().time()
        owner, until, _ = await lease_of(dsn, game)
        stored = only_game(await read_postgres_games(dsn))
        at_kill = stand(stored)
        assert stored.status == "running" and at_kill.state_version > 1  # killed mid-game
        assert shown_b.shown == []  # B showed no table of A's game while A lived

        # B takes the game over once the lease has run out, where A left it, and plays on.
        resumed = f"game {game} resumed at version {at_kill.engine_version}\n"
        while resumed not in b.log():
            assert asyncio.get_running_loop().time() < killed_at + TIMEOUT, "B never took over"
            # Until A's lease has run out by the database's clock, it stays A's.
            now_owner, _, now = await lease_of(dsn, game)
            assert now_owner == owner or now >= until, (now_owner, now, until)
            await asyncio.sleep(LOOK_EVERY)
        took = asyncio.get_running_loop().time() - killed_at
        await wait_until(lambda: pictures(shown_b, game) >= PICTURES, "B showed no play")
    after = only_game(await read_postgres_games(dsn))
    assert after.state_version > at_kill.state_version or after.status == "finished"

    code, printed = await b.stop()
    assert code == 0 and printed.strip().endswith("Sandbox closed."), b.log()
    final = await read_postgres_games(dsn)
    states = {game_id: check_game(stored) for game_id, stored in final.items()}
    shown_a.check(final, states)
    shown_b.check(final, states)
    print(f"cluster crash: killed at version {at_kill.state_version}, taken over {took:.1f} s"
          f" later, B went on to "
          f"{final[game].state_version}; {shown_a.checked} + {shown_b.checked} shown tables "
          "found in the log")  # -s


async def check_held_by_a(dsn: str, game: int, a: BotProcess, b: BotProcess) -> None:
    """Fail unless A holds the game's lease and B leaves it alone for a whole lease: B's
    renewals (every third of it) look for games nobody holds, and this one is not."""
    assert a.process is not None
    loop = asyncio.get_running_loop()
    end = loop.time() + LEASE_SECONDS
    while loop.time() < end:
        assert (await lease_owner(dsn, game) or "").endswith(f":{a.process.pid}")
        assert f"game {game} resumed" not in b.log()
        await asyncio.sleep(LOOK_EVERY)
    assert f"game {game} resumed" not in b.log(), b.log()
    assert (await lease_owner(dsn, game) or "").endswith(f":{a.process.pid}")


@contextlib.asynccontextmanager
async def watching(page: PreviewClient, shown: ShownTables) -> AsyncIterator[None]:
    """Note every table picture the page shows while the block runs."""
    watcher = asyncio.create_task(watch_tables(page, shown))
    try:
        yield
    finally:
        watcher.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await watcher


def only_game(games: dict[int, StoredGame]) -> StoredGame:
    """Return the one game the test plays."""
    assert len(games) == 1, sorted(games)
    return next(iter(games.values()))


def pictures(shown: ShownTables, game: int) -> int:
    """Return how many distinct tables of a game a page has shown."""
    return sum(1 for game_id, _ in shown.shown if game_id == game)


async def lease_owner(dsn: str, game: int) -> str | None:
    """Return who holds a game's lease, read straight from the database."""
    return (await lease_of(dsn, game))[0]


async def lease_of(dsn: str, game: int) -> tuple[str | None, float, float]:
    """Return who holds a game's lease, until when, and the database's time now."""
    conn = await asyncpg.connect(dsn)
    try:
        row = await conn.fetchrow(
            "SELECT lease_owner, lease_until, extract(epoch FROM clock_timestamp())::float8"
            " FROM games WHERE id = $1", game)
    finally:
        await conn.close()
    assert row is not None
    return row[0], row[1], row[2]


async def wait_until(done: Callable[[], bool], failure: str) -> None:
    """Wait until `done()` holds; fail with `failure` after TIMEOUT."""
    deadline = asyncio.get_running_loop().time() + TIMEOUT
    while not done():
        assert asyncio.get_running_loop().time() < deadline, failure
        await asyncio.sleep(LOOK_EVERY)
