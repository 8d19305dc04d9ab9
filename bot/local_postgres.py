"""A PostgreSQL server of our own, run from the machine's binaries (`initdb`, `pg_ctl`).

`make cluster` starts one for its bot processes when RUMMY_DB names no PostgreSQL
database, and the tests start theirs the same way. The programs are found on PATH, else
under /usr/lib/postgresql/<version>/bin (Debian's layout, the newest version first).
PostgreSQL refuses to run as root, so under root the server belongs to `nobody`.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
from pathlib import Path

RUN_TIMEOUT = 120.0  # seconds; initdb on a busy machine takes a few


class PostgresError(RuntimeError):
    """A PostgreSQL program is missing or failed; the message says which and why."""


def find_binary(name: str) -> str | None:
    """Return the path of a PostgreSQL program, or None when it is not installed."""
    found = shutil.which(name)
    if found is not None:
        return found
    versions = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), key=_version, reverse=True)
    return versions[0] if versions else None


def _version(path: str) -> tuple[int, ...]:
    """Order /usr/lib/postgresql/<version>/bin paths by version number (10 after 9)."""
    part = Path(path).parts[-3]
    return tuple(int(piece) for piece in part.split(".") if piece.isdigit())


def binary(name: str) -> str:
    """Return the path of a PostgreSQL program, or fail saying what is missing."""
    found = find_binary(name)
    if found is None:
        raise PostgresError(
            f"PostgreSQL's {name} is not installed "
            "(looked on PATH and under /usr/lib/postgresql/*/bin)")
    return found


def server_owner() -> str:
    """Return the account the server runs as: ours, or `nobody` under root."""
    return "nobody" if os.geteuid() == 0 else pwd.getpwuid(os.geteuid()).pw_name


def give_to_owner(path: Path) -> None:
    """Make a folder the server's owner may write in (a no-op unless we are root)."""
    if os.geteuid() == 0:
        account = pwd.getpwnam(server_owner())
        os.chown(path, account.pw_uid, account.pw_gid)


class LocalServer:
    """One PostgreSQL cluster (its data folder) and the server that runs on it."""

    def __init__(self, data: Path, *, workdir: Path | None = None) -> None:
        self.data = data
        self.workdir = workdir or data.parent  # where its programs run; the owner may enter it
        self.owner = server_owner()

    def run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        """Run a PostgreSQL program as the server's owner; fail with what it printed."""
        done = subprocess.run(args, capture_output=True, text=True, check=False,
                              timeout=RUN_TIMEOUT, cwd=self.workdir,
                              user=self.owner if os.geteuid() == 0 else None)
        if check and done.returncode != 0:
            raise PostgresError(f"{Path(args[0]).name} failed:\n{done.stdout}\n{done.stderr}")
        return done

    @property
    def initialized(self) -> bool:
        """Whether `initdb` has made the cluster already."""
        return (self.data / "PG_VERSION").is_file()

    def init(self, *, durable: bool = True) -> None:
        """Create the cluster (`initdb`), trusting connections: it listens on this machine only."""
        args = [binary("initdb"), "-D", str(self.data), "-U", self.owner, "--auth=trust",
                "--encoding=UTF8", "--no-instructions"]
        if not durable:
            args.append("--no-sync")  # a throwaway cluster: no need to wait for the disk
        self.run(*args)

    def start(self, options: str, log: Path) -> None:
        """Start the server with these `postgres` options and wait until it accepts."""
        self.run(binary("pg_ctl"), "-D", str(self.data), "-o", options, "-w",
                 "-l", str(log), "start")

    def running(self) -> bool:
        """Whether a server runs on this cluster (perhaps left by an earlier run)."""
        return self.run(binary("pg_ctl"), "-D", str(self.data), "status",
                        check=False).returncode == 0

    def stop(self, mode: str = "fast") -> None:
        """Stop the server: `fast` ends sessions cleanly, `immediate` as a crash would."""
        self.run(binary("pg_ctl"), "-D", str(self.data), "-m", mode, "-w", "stop")
