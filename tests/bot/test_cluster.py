"""`python -m bot.cluster N` (`make cluster`): N real bot processes on one PostgreSQL database.

The launcher runs as a person runs it, in sandbox mode: each process serves a Preview of its
own shard's server, and the tests play through those pages over HTTP (PreviewClient) and read
the shared database with asyncpg.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import shutil
import signal
import socket
import sys
import tempfile
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import replace
from pathlib import Path

import asyncpg
import pytest

from bot import cluster
from bot.sandbox import PreviewClient, SandboxInfo
from bot.settings import Settings
from bot.shards import shard_of
from tests.bot.test_sandbox import running_sandbox
from tests.postgres_server import PostgresServer

REPO = Path(__file__).resolve().parents[2]
START_TIMEOUT = 60.0  # seconds; generous, for a machine busy with other work
STOP_TIMEOUT = 40.0  # past the launcher's own 30 s before it kills a process
LOOK_EVERY = 0.1


class Launcher:
    """`python -m bot.cluster N` in sandbox mode, its output collected line by line."""

    def __init__(self, workdir: Path, environ: dict[str, str]) -> None:
        self.workdir = workdir
        self.environ = environ
        self.lines: list[str] = []
        self.process: asyncio.subprocess.Process | None = None
        self._reader: asyncio.Task[None] | None = None

    async def start(self, *args: str) -> None:
        """Start the launcher with these arguments."""
        env = {k: v for k, v in os.environ.items() if not k.startswith(("RUMMY_", "DISCORD_"))}
        env.update(PYTHONPATH=str(REPO), RUMMY_SANDBOX_PORT="0", RUMMY_LOG_LEVEL="WARNING",
                   **self.environ)
        self.process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot.cluster", *args, cwd=self.workdir, env=env,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        assert self.process is not None and self.process.stdout is not None
        while line := await self.process.stdout.readline():
            self.lines.append(line.decode(errors="replace").rstrip("\n"))

    async def wait_for(self, found: Callable[[], bool], what: str) -> None:
        """Wait until `found()` holds; fail, showing the output, if the launcher ends first."""
        deadline = asyncio.get_running_loop().time() + START_TIMEOUT
        while not found():
            assert self._reader is not None
            if self._reader.done() or asyncio.get_running_loop().time() > deadline:
                raise AssertionError(f"no {what}; the launcher printed:\n{self.output()}")
            await asyncio.sleep(LOOK_EVERY)

    async def urls(self, count: int) -> dict[int, str]:
        """Wait for every process's Preview URL; return them by process number."""
        await self.wait_for(lambda: len(self._urls()) == count, f"{count} Preview URLs")
        return self._urls()

    def _urls(self) -> dict[int, str]:
        found = (re.fullmatch(r"\[(\d+)\] Open (http://127\.0\.0\.1:\d+/#\S+)", line)
                 for line in self.lines)
        return {int(m[1]): m[2] for m in found if m}

    def pids(self) -> dict[int, int]:
        """The bot processes' ids, as the launcher announced them."""
        found = (re.match(r"rummy-cluster: process (\d+) \(pid (\d+)\)", line)
                 for line in self.lines)
        return {int(m[1]): int(m[2]) for m in found if m}

    async def finish(self, signum: int | None = None) -> int:
        """Send a signal (if any); wait for the launcher to exit; return its status."""
        assert self.process is not None and self._reader is not None
        if signum is not None:
            self.process.send_signal(signum)
        code = await asyncio.wait_for(self.process.wait(), timeout=STOP_TIMEOUT)
        await self._reader
        return code

    def database(self) -> str:
        """The database URL the launcher announced."""
        return next(line.split()[-1] for line in self.lines
                    if line.startswith("rummy-cluster: database "))

    def output(self) -> str:
        """Everything the launcher and its processes printed so far."""
        return "\n".join(self.lines)

    async def close(self) -> None:
        """Kill whatever still runs (test teardown): the launcher and its processes."""
        for pid in [*self.pids().values(), *([self.process.pid] if self.process else [])]:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        if self.process is not None:
            await self.process.wait()


@contextlib.asynccontextmanager
async def launcher(workdir: Path, **environ: str) -> AsyncIterator[Launcher]:
    """A launcher to start; killed at the end whatever happens."""
    running = Launcher(workdir, environ)
    try:
        yield running
    finally:
        await running.close()


@pytest.fixture
async def shared_db(postgres_server: PostgresServer) -> str:
    """The test PostgreSQL server's database, emptied."""
    await postgres_server.empty()
    return postgres_server.dsn()


def gone(pid: int) -> bool:
    """Whether no process has this id any more (ended and reaped)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


async def shown_place(url: str) -> tuple[int, int]:
    """Return the server and channel a Preview shows."""
    async with await PreviewClient.open(url) as page:
        channel = page.state["entities"]["channels"][page.state["channelId"]]
        return int(channel["guild_id"]), int(channel["id"])


async def open_game(url: str) -> None:
    """Open a gin table as Alice, seat a computer and start it."""
    async with await PreviewClient.open(url) as page:
        await page.run_command("rummy new", game="gin")
        lobby = newest_with(page, "Start")
        await page.click(lobby["id"], label="Add computer")
        await page.click(lobby["id"], label="Start")


def newest_with(page: PreviewClient, label: str) -> dict[str, object]:
    """Return the newest message with a button labelled `label`."""
    for message in reversed(page.messages()):
        labels = [c.get("label") for row in message.get("components", [])
                  for c in row.get("components", [row])]
        if label in labels:
            return message
    raise AssertionError(f"no message has a {label!r} button")


async def games_in(dsn: str) -> list[tuple[int, int, str]]:
    """Return every stored game's server, channel and status."""
    conn = await asyncpg.connect(dsn)
    try:
        rows = await conn.fetch("SELECT guild_id, channel_id, status FROM games ORDER BY id")
    finally:
        await conn.close()
    return [(row["guild_id"], row["channel_id"], row["status"]) for row in rows]


async def lease_owners(dsn: str) -> list[str | None]:
    """Return who holds each stored game's lease, in the games' order."""
    conn = await asyncpg.connect(dsn)
    try:
        return [row[0] for row in await conn.fetch("SELECT lease_owner FROM games ORDER BY id")]
    finally:
        await conn.close()


async def stored(dsn: str, games: list[tuple[int, int, str]]) -> None:
    """Wait until the database holds exactly these games (a click may return before its save)."""
    deadline = asyncio.get_running_loop().time() + START_TIMEOUT
    while (found := await games_in(dsn)) != games:
        assert asyncio.get_running_loop().time() < deadline, found
        await asyncio.sleep(LOOK_EVERY)


# ----- two processes, one database ------------------------------------------------------------


async def test_two_processes_each_drive_their_own_shards_server_and_stop_on_ctrl_c(
        tmp_path: Path, shared_db: str) -> None:
    async with launcher(tmp_path, RUMMY_DB=shared_db) as run:
        await run.start("2")
        urls = await run.urls(2)
        pids, host = run.pids(), socket.gethostname()
        assert sorted(pids) == [0, 1] and len(set(pids.values())) == 2
        places = {i: await shown_place(url) for i, url in urls.items()}
        # Each process shows a server its own shard holds, in a channel of its own.
        assert {i: shard_of(guild, 2) for i, (guild, _) in places.items()} == {0: 0, 1: 1}
        assert places[0][1] != places[1][1]
        # A game in each shard's server: each is held by the process running its shard.
        await open_game(urls[1])
        await open_game(urls[0])
        await stored(shared_db, [(*places[1], "running"), (*places[0], "running")])
        assert await lease_owners(shared_db) == [f"{host}:{pids[1]}", f"{host}:{pids[0]}"]
        code = await run.finish(signal.SIGINT)
        assert code == 0, run.output()
        assert {line for line in run.lines if line.endswith("Sandbox closed.")} == {
            "[0] Sandbox closed.", "[1] Sandbox closed."}
        assert all(gone(pid) for pid in pids.values())
        assert "Traceback" not in run.output()


async def test_a_process_that_dies_stops_the_others_and_the_launcher_fails(
        tmp_path: Path, shared_db: str) -> None:
    async with launcher(tmp_path, RUMMY_DB=shared_db) as run:
        await run.start("2")
        await run.urls(2)
        pids = run.pids()
        os.kill(pids[0], signal.SIGKILL)
        assert await run.finish() == 1
        assert ("rummy-cluster: process 0 (shards 0) ended by itself (killed by SIGKILL); "
                "stopping the others") in run.lines, run.output()
        assert "[1] Sandbox closed." in run.lines  # stopped cleanly, not killed
        assert all(gone(pid) for pid in pids.values())


# ----- the launcher's own PostgreSQL server ---------------------------------------------------


@pytest.fixture
def cluster_data() -> Iterator[Path]:
    """A folder for the cluster's PostgreSQL data that the server's owner may reach."""
    # Not under tmp_path: pytest makes that private to us, and under root the server runs
    # as `nobody`.
    root = Path(tempfile.mkdtemp(prefix="rummy-cluster-"))
    root.chmod(0o755)
    try:
        yield root / "postgres"
    finally:
        shutil.rmtree(root, ignore_errors=True)


async def test_without_rummy_db_the_cluster_runs_its_own_postgres_server(
        tmp_path: Path, cluster_data: Path) -> None:
    async with launcher(tmp_path, RUMMY_CLUSTER_DATA=str(cluster_data)) as run:
        await run.start("1")
        url = (await run.urls(1))[0]
        dsn = run.database()
        assert dsn.startswith("postgresql://") and (cluster_data / "PG_VERSION").is_file()
        await open_game(url)
        guild, channel = await shown_place(url)
        await stored(dsn, [(guild, channel, "running")])
        assert await run.finish(signal.SIGTERM) == 0, run.output()
        assert "rummy-cluster: PostgreSQL server stopped" in run.lines
        with pytest.raises(OSError):
            await asyncpg.connect(dsn, timeout=5)
    # The next cluster finds the same data: no second initdb, the game is still there.
    async with launcher(tmp_path, RUMMY_CLUSTER_DATA=str(cluster_data)) as run:
        await run.start("1")
        await run.urls(1)
        assert not any("creating a PostgreSQL cluster" in line for line in run.lines)
        dsn = run.database()
        assert await games_in(dsn) == [(guild, channel, "running")]
        assert await run.finish(signal.SIGINT) == 0, run.output()


def test_without_postgres_binaries_the_launcher_says_to_set_rummy_db(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    for key in [k for k in os.environ if k.startswith(("RUMMY_", "DISCORD_"))]:
        monkeypatch.delenv(key)
    monkeypatch.setattr("bot.local_postgres.find_binary", lambda name: None)
    assert cluster.main(["2"]) == 1
    said = capsys.readouterr().err
    assert "PostgreSQL's initdb is not installed" in said
    assert "set RUMMY_DB to a postgresql:// URL" in said


# ----- what the launcher refuses and how it splits the shards ---------------------------------


@pytest.mark.parametrize(("args", "said"), [
    ([], "usage: python -m bot.cluster N"),
    (["0"], "N must be a number of processes from 1 to 64, got '0'"),
    (["65"], "N must be a number of processes from 1 to 64, got '65'"),
    (["two"], "N must be a number of processes from 1 to 64, got 'two'"),
    (["-1"], "N must be a number of processes from 1 to 64, got '-1'"),
    (["2", "3"], "usage: python -m bot.cluster N"),
])
def test_a_bad_count_is_refused(
        args: list[str], said: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert cluster.main(args) == 2
    assert said in capsys.readouterr().err


def test_a_shard_count_below_the_processes_is_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("RUMMY_SHARD_COUNT", "1")
    assert cluster.main(["2"]) == 2
    assert ("RUMMY_SHARD_COUNT=1 is fewer than the 2 processes: each process needs a shard "
            "of its own") in capsys.readouterr().err


def test_sandbox_ports_past_the_last_port_are_refused() -> None:
    with pytest.raises(cluster.ClusterError, match="RUMMY_SANDBOX_PORT=65535 leaves no room"):
        cluster.make_plan(2, {"RUMMY_SANDBOX_PORT": "65535"})


def test_processes_split_the_shards_and_take_consecutive_sandbox_ports() -> None:
    plan = cluster.make_plan(2, {"RUMMY_SANDBOX_PORT": "9000"})
    assert plan.shard_count == 2
    assert [(m.shards, m.port) for m in plan.members] == [("0", 9000), ("1", 9001)]
    plan = cluster.make_plan(3, {"RUMMY_SHARD_COUNT": "8", "DISCORD_TOKEN": "x"})
    assert [(m.shards, m.port) for m in plan.members] == [("0-1", None), ("2-4", None),
                                                          ("5-7", None)]


def test_on_discord_each_process_starts_once_the_shards_before_it_have_identified() -> None:
    plan = cluster.make_plan(3, {"RUMMY_SHARD_COUNT": "5", "DISCORD_TOKEN": "x"})
    assert [m.shards for m in plan.members] == ["0", "1-2", "3-4"]
    # One shard per 5 s: process 1 waits for shard 0, process 2 for shards 1 and 2.
    assert [cluster.start_delay(plan, m) for m in plan.members] == [0.0, 5.0, 10.0]
    sandbox = cluster.make_plan(3, {"RUMMY_SHARD_COUNT": "5"})
    assert [cluster.start_delay(sandbox, m) for m in sandbox.members] == [0.0, 0.0, 0.0]


def test_the_env_file_counts_but_one_processs_shards_do_not(tmp_path: Path) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text("RUMMY_SHARD_COUNT=4\nRUMMY_SHARDS=0-1\nRUMMY_SANDBOX_PORT=9000\n")
    values = cluster.read_values({"RUMMY_SANDBOX_PORT": "7000"}, env_file)
    plan = cluster.make_plan(2, values)
    assert [(m.shards, m.port) for m in plan.members] == [("0-1", 7000), ("2-3", 7001)]


# ----- the sandbox of one shard ---------------------------------------------------------------


async def test_each_shards_sandbox_shows_a_server_of_that_shard_with_ids_of_its_own(
        tmp_path: Path) -> None:
    base = Settings(db_path=tmp_path / "sandbox.sqlite3", db_path_explicit=True, sandbox_port=0)

    async def world(settings: Settings) -> tuple[str, int, int, tuple[int, ...]]:
        async with running_sandbox(settings) as info:
            return place_of(info)

    alone = await world(base)
    # A cluster of one is the sandbox of one process: the server and ids of earlier sandboxes.
    assert await world(replace(base, shard_count=1, shard_ids=(0,))) == alone
    shards = {shard: await world(replace(base, shard_count=3, shard_ids=(shard,)))
              for shard in (1, 2)}
    assert alone[0] == "Sandbox"
    for shard, (name, guild, _, _) in shards.items():
        assert name == f"Sandbox {shard}" and shard_of(guild, 3) == shard
    # Games are stored by channel: no two processes' channels may share an id.
    ids = [alone, *shards.values()]
    assert len({channel for _, _, channel, _ in ids}) == 3
    # A restart rebuilds the same server: its games go on in its channel.
    assert await world(replace(base, shard_count=3, shard_ids=(2,))) == shards[2]


def place_of(info: SandboxInfo) -> tuple[str, int, int, tuple[int, ...]]:
    """Return a sandbox's server name, server id, channel id and member ids."""
    world = info.world
    return world.guild.name, world.guild.id, world.channel.id, tuple(m.id for m in world.members)



# ----- the process manager's example ----------------------------------------------------------


def test_the_systemd_units_instances_split_the_shards_on_one_database() -> None:
    unit = (REPO / "docs/deploy/rummy@.service").read_text(encoding="utf-8")
    lines = unit.splitlines()
    assert "ExecStart=/opt/rummy/.venv/bin/python -m bot" in lines
    assert "Restart=always" in lines and "EnvironmentFile=/etc/rummy/rummy.env" in lines
    environment = next(line.removeprefix("Environment=") for line in lines
                       if line.startswith("Environment="))
    token_and_db = {"DISCORD_TOKEN": "x", "RUMMY_DB": "postgresql://rummy@db/rummy"}
    shards: list[int] = []
    for instance in ("0-1", "2-3"):  # the instances its comment enables
        values = dict(pair.split("=", 1) for pair in environment.replace("%i", instance).split())
        settings = Settings.from_mapping({**token_and_db, **values})
        assert settings.shard_count == 4 and settings.shard_ids is not None
        shards.extend(settings.shard_ids)
    assert shards == [0, 1, 2, 3]
    assert "systemctl enable --now rummy@0-1 rummy@2-3" in unit
