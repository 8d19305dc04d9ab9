"""A throwaway PostgreSQL server for the tests: its own cluster, reached by a Unix socket.

The tests start it themselves from the PostgreSQL binaries on the machine (`initdb`,
`pg_ctl` on PATH, else under /usr/lib/postgresql/<version>/bin). PostgreSQL refuses to run
as root, so under root the cluster belongs to the unprivileged `nobody` account.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import asyncpg


def _binary(name: str) -> str:
    """Return the path of a PostgreSQL program, or fail saying what is missing."""
    found = shutil.which(name) or next(
        iter(sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True)), None)
    if found is None:
        raise RuntimeError(f"PostgreSQL's {name} is not installed: the PostgreSQL tests need it")
    return found


class PostgresServer:
    """One cluster in a temporary folder; `dsn(database)` names a database on it."""

    def __init__(self, durable: bool = False) -> None:
        # Tests need no durability (fsync off: faster); the load benchmark times real writes.
        self.durable = durable
        self.root = Path(tempfile.mkdtemp(prefix="rummy-pg-"))
        self.data = self.root / "data"
        self.user = "nobody" if os.geteuid() == 0 else pwd.getpwuid(os.geteuid()).pw_name
        if os.geteuid() == 0:
            account = pwd.getpwnam(self.user)
            os.chown(self.root, account.pw_uid, account.pw_gid)

    def _run(self, *args: str) -> None:
        """Run a PostgreSQL program as the cluster's owner; fail with what it printed."""
        done = subprocess.run(args, capture_output=True, text=True, check=False, timeout=120,
                              user=self.user if os.geteuid() == 0 else None,
                              cwd=self.root)
        if done.returncode != 0:
            raise RuntimeError(f"{args[0]} failed:\n{done.stdout}\n{done.stderr}")

    def start(self) -> None:
        """Create the cluster and start the server (sockets only, no TCP port)."""
        self._run(_binary("initdb"), "-D", str(self.data), "-U", self.user, "--auth=trust",
                  "--encoding=UTF8", "--no-sync", "--no-instructions")
        self.resume()

    def resume(self) -> None:
        """Start the server of the existing cluster (after `halt`, or from `start`)."""
        options = f"-c listen_addresses='' -c unix_socket_directories={self.root}"
        if not self.durable:
            options += " -c fsync=off -c full_page_writes=off"
        self._run(_binary("pg_ctl"), "-D", str(self.data), "-o", options, "-w",
                  "-l", str(self.root / "server.log"), "start")

    def halt(self) -> None:
        """Kill the server at once, as a crash would (immediate shutdown), keeping its data."""
        self._run(_binary("pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")

    def stop(self) -> None:
        """Stop the server at once and delete the cluster."""
        try:
            self._run(_binary("pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)

    async def empty(self) -> None:
        """Drop every table of the database: the next test starts on an empty one."""
        conn = await asyncpg.connect(self.dsn())
        try:
            await conn.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public")
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
