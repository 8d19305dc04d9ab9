"""The backends the storage contract suite runs on.

The contract suite (test_games.py, test_results.py, test_settings.py) asks
only for `store` (an open Storage) or `open_store` (opens the test's database,
again and again, as a restart would), and imports only `bot.storage`. To run
the suite on another backend, add one entry to BACKENDS: an async context
manager that prepares an empty database for one test and yields its opener.

PostgreSQL runs on a real server the tests start once (`postgres_server` in
tests/conftest.py); each test gets an empty schema on it.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path

import pytest

from bot.storage import Storage
from bot.storage.postgres import open_postgres
from bot.storage.sqlite import open_sqlite
from tests.postgres_server import PostgresServer

Opener = Callable[[], Awaitable[Storage]]
Backend = Callable[[Path], AbstractAsyncContextManager[Opener]]


@asynccontextmanager
async def sqlite_backend(tmp_path: Path) -> AsyncIterator[Opener]:
    """Yield an opener of one SQLite file under tmp_path (its folder not yet made)."""
    path = tmp_path / "data" / "rummy.sqlite3"

    async def opener() -> Storage:
        return await open_sqlite(path)

    yield opener


def postgres_backend(server: PostgresServer) -> Backend:
    """Return the backend entry for PostgreSQL on `server`."""

    @asynccontextmanager
    async def backend(tmp_path: Path) -> AsyncIterator[Opener]:
        """Yield an opener of the server's database, emptied first (a new public schema)."""
        await server.empty()

        async def opener() -> Storage:
            return await open_postgres(server.dsn())

        yield opener

    return backend


BACKENDS: dict[str, Backend] = {
    "sqlite": sqlite_backend,
}


@pytest.fixture(params=[*sorted(BACKENDS), "postgres"])
async def open_store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Opener]:
    """Open the test's own database on each backend; the caller closes what it opens."""
    if request.param == "postgres":
        backend = postgres_backend(request.getfixturevalue("postgres_server"))
    else:
        backend = BACKENDS[request.param]
    async with backend(tmp_path) as opener:
        yield opener


@pytest.fixture
async def store(open_store: Opener) -> AsyncIterator[Storage]:
    """An open Storage on an empty database, closed after the test."""
    storage = await open_store()
    yield storage
    await storage.close()
