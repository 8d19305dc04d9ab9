"""A throwaway PostgreSQL server for the tests: its own cluster, reached by a Unix socket.

The tests start it themselves from the PostgreSQL binaries on the machine, as `make cluster`
does (bot.local_postgres: `initdb`, `pg_ctl` on PATH, else under
/usr/lib/postgresql/<version>/bin; under root the cluster belongs to `nobody`).
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import asyncpg

from bot.local_postgres import LocalServer, give_to_owner


class PostgresServer:
    """One cluster in a temporary folder; `dsn(database)` names a database on it."""

    def __init__(self, durable: bool = False) -> None:
        # Tests need no durability (fsync off: faster); the load benchmark times real writes.
        self.durable = durable
        self.root = Path(tempfile.mkdtemp(prefix="rummy-pg-"))
        self.data = self.root / "data"
        self.server = LocalServer(self.data, workdir=self.root)
        self.user = self.server.owner
        give_to_owner(self.root)

    def start(self) -> None:
        """Create the cluster and start the server (sockets only, no TCP port)."""
        self.server.init(durable=False)
        self.resume()

    def resume(self) -> None:
        """Start the server of the existing cluster (after `halt`, or from `start`)."""
        options = f"-c listen_addresses='' -c unix_socket_directories={self.root}"
        if not self.durable:
            options += " -c fsync=off -c full_page_writes=off"
        self.server.start(options, self.root / "server.log")

    def halt(self) -> None:
        """Kill the server at once, as a crash would (immediate shutdown), keeping its data."""
        self.server.stop("immediate")

    def stop(self) -> None:
        """Stop the server at once and delete the cluster."""
        try:
            self.halt()
        finally:
            shutil.rmtree(self.root, ignore_errors=True)

    async def empty(self) -> None:
        """Drop every table of the database: the next test starts on an empty one."""
        conn = await asyncpg.connect(self.dsn())
        try:  # two statements: a plain execute, not a prepared one
            await conn.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public")
        finally:
            await conn.close()

    async def value(self, sql: str, *args: object) -> Any:
        """Run one statement on the database and return its first value (None if none)."""
        conn = await asyncpg.connect(self.dsn())
        try:
            return await conn.fetchval(sql, *args)
        finally:
            await conn.close()

    def dsn(self, database: str = "postgres") -> str:
        """Return the connection URL of a database on this server."""
        return f"postgresql://{self.user}@/{database}?host={self.root}"


@contextmanager
def running_server(durable: bool = False) -> Iterator[PostgresServer]:
    """Start a server of its own; stop and delete it at the end (a fixture's body)."""
    server = PostgresServer(durable)
    server.start()
    try:
        yield server
    finally:
        server.stop()
