"""The backends the storage contract suite runs on.

The contract suite (test_games.py, test_results.py, test_settings.py) asks
only for `store` (an open Storage) or `open_store` (opens the test's database,
again and again, as a restart would), and imports only `bot.storage`. To run
the suite on another backend, add one entry to BACKENDS: an async context
manager that prepares an empty database for one test and yields its opener.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path

import pytest

from bot.storage import Storage
from bot.storage.sqlite import open_sqlite

Opener = Callable[[], Awaitable[Storage]]


@asynccontextmanager
async def sqlite_backend(tmp_path: Path) -> AsyncIterator[Opener]:
    """Yield an opener of one SQLite file under tmp_path (its folder not yet made)."""
    path = tmp_path / "data" / "rummy.sqlite3"

    async def opener() -> Storage:
        return await open_sqlite(path)

    yield opener


BACKENDS: dict[str, Callable[[Path], AbstractAsyncContextManager[Opener]]] = {
    "sqlite": sqlite_backend,
}


@pytest.fixture(params=sorted(BACKENDS))
async def open_store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Opener]:
    """Open the test's own database on each backend; the caller closes what it opens."""
    async with BACKENDS[request.param](tmp_path) as opener:
        yield opener


@pytest.fixture
async def store(open_store: Opener) -> AsyncIterator[Storage]:
    """An open Storage on an empty database, closed after the test."""
    storage = await open_store()
    yield storage
    await storage.close()
