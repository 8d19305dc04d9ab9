"""`python -m bot.cluster N` (`make cluster N=…`): N bot processes on this machine, one database.

Process i runs `python -m bot` with RUMMY_SHARD_COUNT (N unless set) and RUMMY_SHARDS (its
share of the shards: shard i when the count is N), every process on the same PostgreSQL
database: RUMMY_DB when it names one, else a server of the cluster's own, created once in
data/postgres (RUMMY_CLUSTER_DATA) and running as long as the cluster. Without DISCORD_TOKEN
each process is a sandbox on its own port, RUMMY_SANDBOX_PORT + i, showing a server of its
own shard. Their output comes through prefixed with the process's number.

Ctrl-C or SIGTERM stops every process (a second Ctrl-C kills them at once). When one process
ends by itself, the others are stopped and the launcher exits with status 1, so that a
process manager running it notices.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import sys
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from bot.local_postgres import LocalServer, PostgresError, give_to_owner
from bot.settings import Settings, SettingsError, parse_env_file
from bot.storage.postgres import redacted

MAX_PROCESSES = 64  # one machine's worth, and far past what a person runs by hand
DEFAULT_DATA = Path("data/postgres")
STOP_TIMEOUT = 30.0  # seconds a process gets to stop cleanly before it is killed
# Discord lets a bot identify one shard per 5 seconds (max_concurrency 1, below 150,000
# servers); each process spaces its own shards so, and the launcher its processes.
IDENTIFY_SPACING = 5.0
LINE_LIMIT = 1 << 20  # bytes in one forwarded line (a long traceback line stays whole)
USAGE = f"usage: python -m bot.cluster N (N: the number of bot processes, 1 to {MAX_PROCESSES})"


class ClusterError(ValueError):
    """The cluster cannot start as asked; the message is one line for the user."""


@dataclass(frozen=True)
class Member:
    """One bot process of the cluster: its number, shards and sandbox port."""

    index: int
    shards: str  # RUMMY_SHARDS, as `2` or `4-7`
    port: int | None  # RUMMY_SANDBOX_PORT; None on Discord


@dataclass(frozen=True)
class Plan:
    """What the cluster runs, decided before anything starts."""

    shard_count: int
    members: tuple[Member, ...]
    db_url: str | None  # RUMMY_DB when it names a PostgreSQL database
    data: Path  # the local server's cluster, used when db_url is None
    sqlite_file: Path | None = None  # RUMMY_DB naming a SQLite file, which the cluster leaves


def parse_count(args: Sequence[str]) -> int:
    """Read N, the number of processes, from the command line."""
    if len(args) != 1:
        raise ClusterError(USAGE)
    raw = args[0].strip()
    if not raw.isdigit() or not 1 <= int(raw) <= MAX_PROCESSES:
        raise ClusterError(
            f"N must be a number of processes from 1 to {MAX_PROCESSES}, got {args[0]!r}")
    return int(raw)


def read_values(environ: Mapping[str, str], env_file: Path = Path(".env")) -> dict[str, str]:
    """Return the settings the processes will read: the `.env` file, then the environment."""
    values = parse_env_file(env_file) if env_file.is_file() else {}
    values.update(environ)
    # The launcher gives each process its shards; a RUMMY_SHARDS of one process means nothing here.
    values.pop("RUMMY_SHARDS", None)
    return values


def make_plan(count: int, values: Mapping[str, str]) -> Plan:
    """Decide every process's shards and port; refuse settings that cannot work."""
    settings = Settings.from_mapping(values)
    shard_count = settings.shard_count or count
    if shard_count < count:
        raise ClusterError(
            f"RUMMY_SHARD_COUNT={shard_count} is fewer than the {count} processes: "
            "each process needs a shard of its own")
    base = settings.sandbox_port
    if settings.token is None and base and base + count - 1 > 65535:
        raise ClusterError(
            f"RUMMY_SANDBOX_PORT={base} leaves no room for {count} sandboxes "
            f"(ports {base} to {base + count - 1}); set a lower one, or 0 for free ports")
    members = tuple(
        Member(i, shard_range(i, count, shard_count),
               None if settings.token else (base + i if base else 0))
        for i in range(count))
    data = Path(values.get("RUMMY_CLUSTER_DATA", "").strip() or DEFAULT_DATA)
    sqlite_file = settings.db_path if settings.db_path_explicit and not settings.db_url else None
    return Plan(shard_count, members, settings.db_url, data.absolute(), sqlite_file)


def shard_range(index: int, count: int, shard_count: int) -> str:
    """Return process `index`'s share of the shards, as RUMMY_SHARDS: `2`, or `4-7`."""
    first, last = index * shard_count // count, (index + 1) * shard_count // count - 1
    return str(first) if first == last else f"{first}-{last}"


def start_delay(plan: Plan, member: Member) -> float:
    """Return the seconds to wait before starting a process: on Discord, its elders' shards."""
    if member.index == 0 or member.port is not None:
        return 0.0  # the sandbox has no gateway to overrun
    previous = plan.members[member.index - 1].shards
    first, _, last = previous.partition("-")
    return IDENTIFY_SPACING * (int(last or first) - int(first) + 1)


def free_port() -> int:
    """Return a TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextlib.contextmanager
def local_database(data: Path) -> Iterator[str]:
    """Run a PostgreSQL server on the cluster in `data`, made once; yield its URL."""
    server = LocalServer(data)
    if not server.initialized:
        if data.is_dir() and any(data.iterdir()):
            raise PostgresError(f"{data} is neither empty nor a PostgreSQL cluster")
        say(f"creating a PostgreSQL cluster in {data} (once)")
        data.mkdir(parents=True, exist_ok=True)
        give_to_owner(data)
        server.init()
    if server.running():
        say("stopping the PostgreSQL server an earlier cluster left running")
        server.stop()
    port = free_port()
    # Reached by TCP on 127.0.0.1 only: no socket folder to share, and a data path of any length.
    options = f"-c listen_addresses=127.0.0.1 -c port={port} -c unix_socket_directories=''"
    try:
        server.start(options, data / "server.log")
        say(f"PostgreSQL server started on 127.0.0.1:{port} (cluster in {data})")
        yield f"postgresql://{server.owner}@127.0.0.1:{port}/postgres"
    finally:
        if server.running():
            server.stop()
            say("PostgreSQL server stopped")


def say(text: str) -> None:
    """Print one line of the launcher's own."""
    print(f"rummy-cluster: {text}", flush=True)


def child_environment(plan: Plan, member: Member, dsn: str) -> dict[str, str]:
    """Return the environment of one process: ours, with its database, shards and port."""
    env = dict(os.environ)
    env.update(RUMMY_DB=dsn, RUMMY_SHARD_COUNT=str(plan.shard_count), RUMMY_SHARDS=member.shards,
               PYTHONUNBUFFERED="1")
    if member.port is not None:
        env["RUMMY_SANDBOX_PORT"] = str(member.port)
    return env


class Child:
    """One running bot process and the tasks forwarding its output."""

    def __init__(self, member: Member, process: asyncio.subprocess.Process) -> None:
        self.member = member
        self.process = process
        prefix = f"[{member.index}] "
        assert process.stdout is not None and process.stderr is not None
        self.pumps = (asyncio.ensure_future(forward(process.stdout, sys.stdout, prefix)),
                      asyncio.ensure_future(forward(process.stderr, sys.stderr, prefix)))

    @property
    def running(self) -> bool:
        """Whether the process has not ended yet."""
        return self.process.returncode is None

    def signal(self, signum: int) -> None:
        """Send a signal unless the process has ended."""
        if self.running:
            with contextlib.suppress(ProcessLookupError):
                self.process.send_signal(signum)

    def status(self) -> str:
        """Say how the process ended: its exit status, or the signal that killed it."""
        code = self.process.returncode
        if code is not None and code < 0:
            return f"killed by {signal.Signals(-code).name}"
        return f"status {code}"

    def describe(self) -> str:
        """Name the process in the launcher's lines."""
        return f"process {self.member.index} (shards {self.member.shards})"


async def forward(stream: asyncio.StreamReader, out: TextIO, prefix: str) -> None:
    """Copy a process's output line by line, each line prefixed with its number."""
    while line := await stream.readline():
        text = line.decode(errors="replace")
        out.write(prefix + text + ("" if text.endswith("\n") else "\n"))
        out.flush()


async def spawn(plan: Plan, member: Member, dsn: str) -> Child:
    """Start one `python -m bot` process."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", env=child_environment(plan, member, dsn),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, limit=LINE_LIMIT,
        # A group of its own: a terminal's Ctrl-C reaches the launcher alone, which stops
        # every process the same way, whatever each was doing.
        process_group=0)
    where = "" if member.port is None else (
        f", sandbox on port {member.port}" if member.port else ", sandbox on a free port")
    say(f"process {member.index} (pid {process.pid}): shards {member.shards} "
        f"of {plan.shard_count}{where}")
    return Child(member, process)


async def run_cluster(plan: Plan, dsn: str) -> int:
    """Run every process until a signal or until one ends; return the exit status."""
    stop = asyncio.Event()
    children: list[Child] = []
    ended: Child | None = None

    def on_signal() -> None:
        if stop.is_set():  # asked twice: no more waiting
            say("killing every process")
            for child in children:
                child.signal(signal.SIGKILL)
        else:
            say("stopping every process (Ctrl-C again kills them at once)")
        stop.set()

    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, on_signal)
    try:
        for member in plan.members:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), start_delay(plan, member))
            if stop.is_set():
                break
            children.append(await spawn(plan, member, dsn))
        ended = await first_end(children, stop)
        if ended is not None:
            say(f"{ended.describe()} ended by itself ({ended.status()}); stopping the others")
    finally:
        await stop_all(children)
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(signum)
    failed = [c for c in children if c.process.returncode != 0]
    for child in failed:
        if child is not ended:
            say(f"{child.describe()}: {child.status()}")
    say("all processes stopped")
    return 1 if ended is not None or failed else 0


async def first_end(children: Sequence[Child], stop: asyncio.Event) -> Child | None:
    """Wait for a stop request (None) or for a process to end by itself (that one)."""
    waits = {asyncio.ensure_future(child.process.wait()): child for child in children}
    stopper = asyncio.ensure_future(stop.wait())
    try:
        done, _ = await asyncio.wait({stopper, *waits}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in (stopper, *waits):
            task.cancel()
    if stop.is_set():
        return None  # a process ending at the same moment is told among the failed ones
    return next(waits[task] for task in waits if task in done)


async def stop_all(children: Sequence[Child]) -> None:
    """Ask every process to stop (SIGTERM), kill those still running after STOP_TIMEOUT."""
    for child in children:
        child.signal(signal.SIGTERM)
    waits = [child.process.wait() for child in children]
    try:
        await asyncio.wait_for(asyncio.gather(*waits), timeout=STOP_TIMEOUT)
    except TimeoutError:
        for child in children:
            if child.running:
                say(f"{child.describe()} did not stop within {STOP_TIMEOUT:g} s: killing it")
            child.signal(signal.SIGKILL)
        await asyncio.gather(*(child.process.wait() for child in children))
    await asyncio.gather(*(pump for child in children for pump in child.pumps))


def start(plan: Plan) -> int:
    """Run the cluster on its database; return the exit status."""
    if plan.db_url is not None:
        say(f"database {redacted(plan.db_url)}")
        return asyncio.run(run_cluster(plan, plan.db_url))
    # SQLite is one process's file: several processes share a PostgreSQL database.
    if plan.sqlite_file is not None:
        say(f"RUMMY_DB names a SQLite file ({plan.sqlite_file}), one process's database: "
            "the cluster runs on a PostgreSQL server of its own instead")
    with local_database(plan.data) as dsn:
        say(f"database {dsn}")
        return asyncio.run(run_cluster(plan, dsn))


def main(argv: Sequence[str] | None = None) -> int:
    """Run `python -m bot.cluster N`; return the exit status."""
    try:
        count = parse_count(sys.argv[1:] if argv is None else argv)
        plan = make_plan(count, read_values(os.environ))
    except (ClusterError, SettingsError) as error:
        print(f"rummy-cluster: {error}", file=sys.stderr)
        return 2
    try:
        return start(plan)
    except PostgresError as error:
        print(f"rummy-cluster: {error}", file=sys.stderr)
        if plan.db_url is None:
            print("rummy-cluster: the processes of a cluster share one PostgreSQL database: "
                  "set RUMMY_DB to a postgresql:// URL, or install PostgreSQL "
                  "(initdb and pg_ctl)", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130  # Ctrl-C while the database server was starting


if __name__ == "__main__":
    sys.exit(main())
