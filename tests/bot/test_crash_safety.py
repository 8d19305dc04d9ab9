"""Crash safety, proved on a real process: `python -m bot` killed with SIGKILL mid-game.

The sandbox bot (the real discord.py bot against SimCord's Preview) plays gin and Rummy 500
tables whose host times out at once (a 1 s turn), so computer players take the seats and the
games run by themselves. A seeded RNG picks when to kill the process; it restarts on the same
database each time. After every kill the file is read with plain sqlite3 and the engine
(`crash_checks`), and after every restart each game must go on from its stored version.

Each restart builds the same simulated server (the same ids), so the game running at the kill
reappears in the channel and is watched on; when a game has ended, the next kind is opened.
The table pictures the Preview showed before each kill must all be logged states.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import re
import signal
import sys
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

import aiohttp
import pytest

from bot.i18n import t
from bot.sandbox import PreviewClient
from cogs.registry import adapter_for
from tests.bot.crash_checks import ShownTables, StoredGame, check_game, integrity, read_games

pytestmark = pytest.mark.soak
T = TypeVar("T")

REPO = Path(__file__).resolve().parents[2]
SEED = 20260109
KILLS = 12  # at least; more until the kills have hit both kinds mid-game and a game has ended
MAX_KILLS = 40  # however slow the machine, the test ends
KILL_WINDOW = (0.0, 6.0)  # seconds after the start of the visible game
COMPUTERS = {"gin": 1, "rummy500": 2}
# Short matches (gin to 1 point: one decided hand; Rummy 500 to 150), so that games also end
# between the kills and the next kind is opened.
RULES = {kind: {"option": "target_score", "value": value}
         for kind, value in (("gin", "1"), ("rummy500", "150"))}
BOT_DELAY = "0.5"  # seconds a computer waits before moving (RUMMY_BOT_DELAY)
# Generous limits: the machine may be busy with other work (no timing is asserted).
START_TIMEOUT = 180.0
RESUME_TIMEOUT = 180.0
LOOK_EVERY = 0.2
# Distinct table pictures each round must catch before its kill (unless its game ends).
NEW_PICTURES = 2


class BotProcess:
    """`python -m bot` in sandbox mode on one database, started again after each kill."""

    def __init__(self, workdir: Path, settings: Mapping[str, str] | None = None) -> None:
        """Run in `workdir`; `settings` (RUMMY_… variables) add to or replace the test's."""
        self.workdir = workdir
        self.settings = dict(settings or {})
        self.db = workdir / "rummy.sqlite3"
        self.runs = 0
        self.process: asyncio.subprocess.Process | None = None

    async def start(self) -> str:
        """Start the bot; return the Preview URL it prints."""
        url = await asyncio.wait_for(self._launch(), timeout=START_TIMEOUT)
        if url is None:
            raise AssertionError(f"python -m bot exited without its URL:\n{self.log()}")
        return url

    async def _launch(self) -> str | None:
        """Run the bot; return its URL, or None if it exits first."""
        env = {k: v for k, v in os.environ.items() if not k.startswith(("RUMMY_", "DISCORD_"))}
        env.update(PYTHONPATH=str(REPO), RUMMY_SANDBOX_PORT="0", RUMMY_DB=str(self.db),
                   RUMMY_BOT_DELAY=BOT_DELAY, RUMMY_LOG_LEVEL="INFO",
                   RUMMY_MIN_TURN_SECONDS="1")  # 1-second turns keep the game moving
        env.update(self.settings)
        self.runs += 1
        with self.log_path(self.runs).open("wb") as stderr:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bot", cwd=self.workdir, env=env,
                stdout=asyncio.subprocess.PIPE, stderr=stderr)
        assert self.process.stdout is not None
        while line := (await self.process.stdout.readline()).decode():
            if line.startswith("Open http://127.0.0.1:"):
                return line.split(" ", 1)[1].strip()
        await self.process.wait()
        return None

    def log_path(self, run: int) -> Path:
        """Where a run's stderr (its log records) goes."""
        return self.workdir / f"bot-run-{run}.log"

    def log(self, run: int | None = None) -> str:
        """Return what a run (the latest by default) has logged so far."""
        path = self.log_path(self.runs if run is None else run)
        return path.read_text(encoding="utf-8", errors="replace")

    async def kill(self) -> None:
        """SIGKILL the process: no handler runs, nothing is flushed or closed."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        await self.process.wait()

    async def stop(self) -> tuple[int | None, str]:
        """Stop with Ctrl-C as a person would; return the exit code and what it printed."""
        assert self.process is not None
        self.process.send_signal(signal.SIGINT)
        out, _ = await asyncio.wait_for(self.process.communicate(), timeout=START_TIMEOUT)
        return self.process.returncode, out.decode()

    async def close(self) -> None:
        """Kill the process if it still runs (test teardown)."""
        if self.process is not None and self.process.returncode is None:
            await self.kill()


@pytest.fixture
async def bot_process(tmp_path: Path) -> AsyncIterator[BotProcess]:
    """A bot process on a database under tmp_path, killed at the end whatever happens."""
    bot = BotProcess(tmp_path)
    try:
        yield bot
    finally:
        await bot.close()


@dataclass
class Coverage:
    """What the kills hit, to show the test did what it claims."""

    kills_mid_game: dict[str, int] = field(default_factory=lambda: {"gin": 0, "rummy500": 0})
    resumed: int = 0
    finished: int = 0

    def complete(self) -> bool:
        """Whether the kills hit both kinds mid-game and a game has ended."""
        return min(self.kills_mid_game.values()) >= 1 and self.finished >= 1


async def test_sigkill_mid_game_loses_nothing_and_every_game_resumes(
    bot_process: BotProcess,
) -> None:
    rng = random.Random(SEED)
    shown, coverage = ShownTables(), Coverage()
    opened = {"gin": 0, "rummy500": 0}
    url = await bot_process.start()
    kills = 0
    # A slow machine plays fewer moves per round: go on until the kills have hit what they must.
    while kills < KILLS or (not coverage.complete() and kills < MAX_KILLS):
        kills += 1
        await play_and_watch(bot_process, url, rng.uniform(*KILL_WINDOW), shown, opened)
        await bot_process.kill()
        at_kill = check_database(bot_process.db, shown, coverage)
        url = await bot_process.start()
        await check_resumed(bot_process, at_kill, coverage)
    await play_and_watch(bot_process, url, KILL_WINDOW[1], shown, opened)
    code, printed = await bot_process.stop()
    assert code == 0 and printed.strip().endswith("Sandbox closed."), bot_process.log()
    check_database(bot_process.db, shown, coverage)
    print(f"crash safety: {coverage}, {shown.checked} shown tables found in the logs")  # -s
    assert coverage.complete(), (kills, coverage)
    assert coverage.resumed >= KILLS // 2 and shown.checked >= KILLS, (coverage, shown.checked)


# ----- driving the visible game ---------------------------------------------------------------


async def play_and_watch(bot: BotProcess, url: str, seconds: float, shown: ShownTables,
                         opened: dict[str, int]) -> None:
    """Watch the channel's table until it has changed, then `seconds` more.

    The channel's game is the one resumed after the last kill; when it has none (the game
    ended), the least played kind is opened first.
    """
    async with await PreviewClient.open(url) as page:
        place = int(page.state["channelId"])
        if not running_in(bot.db, place):
            kind = min(opened, key=lambda k: opened[k])
            opened[kind] += 1
            await open_table(page, kind)
        watcher = asyncio.create_task(watch_tables(page, shown))
        # However slow the machine, each round sees the table change (or the game end) first.
        seen = len(shown.shown)
        await wait_until(lambda: len(shown.shown) >= seen + NEW_PICTURES
                         or not running_in(bot.db, place), watcher)
        await asyncio.sleep(seconds)
        watcher.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await watcher


def running_in(db: Path, place: int) -> bool:
    """Whether a game is running in the channel (the test never kills in a lobby)."""
    here = [g for g in read_games(db).values()
            if g.place == place and g.status in ("lobby", "running")]
    assert all(g.status == "running" for g in here), [g.status for g in here]
    return bool(here)


async def wait_until(done: Callable[[], bool], watcher: asyncio.Task[None]) -> None:
    """Wait until `done()` holds; fail after START_TIMEOUT or if the watcher failed."""
    deadline = asyncio.get_running_loop().time() + START_TIMEOUT
    while not done():
        if watcher.done():
            watcher.result()  # raises what stopped it
        assert asyncio.get_running_loop().time() < deadline, "the table never changed"
        await asyncio.sleep(LOOK_EVERY)


async def open_table(page: PreviewClient, kind: str) -> None:
    """Open a lobby with a 1 s turn, seat the computers and start it, as Alice."""
    await act(page, page.run_command("rummy new", game=kind))
    lobby = await wait_for(page, lambda: newest_with_button(page, "Start"))
    await act(page, page.run_command("rummy settings", turn_seconds=1, **RULES[kind]))
    await wait_for(page, partial(lobby_says, page, lobby, t("settings.turn_time", "en", seconds=1)))
    for number in range(1, COMPUTERS[kind] + 1):
        await act(page, page.click(lobby["id"], label="Add computer"))
        seat = "• " + t("lobby.computer_name", "en", number=number)
        await wait_for(page, partial(lobby_says, page, lobby, seat))
    await act(page, page.click(lobby["id"], label="Start"))
    await wait_for(page, lambda: newest_with_button(page, "My hand"))


async def act(page: PreviewClient, action: Awaitable[dict[str, Any]]) -> None:
    """Run a Preview action; its effect is awaited apart (a busy bot may outlast the receipt)."""
    await action
    # An action whose settling timed out leaves the page stale: republish it for the next one.
    await page.view_as(page.viewer_id)


async def wait_for(page: PreviewClient, find: Callable[[], T | None]) -> T:
    """Look at the page again until `find` returns something; fail after START_TIMEOUT."""
    deadline = asyncio.get_running_loop().time() + START_TIMEOUT
    while asyncio.get_running_loop().time() < deadline:
        await page.view_as(page.viewer_id)  # republishes the page without waiting for the bot
        found = find()
        if found is not None:
            return found
        await asyncio.sleep(LOOK_EVERY)
    shown = [m["content"][-200:] for m in page.messages()[-5:]]
    raise AssertionError(f"the page never showed what {find} looks for; it shows {shown}")


def lobby_says(page: PreviewClient, lobby: dict[str, Any], text: str) -> bool | None:
    """Whether the lobby message now contains `text` (None while it does not)."""
    message = page.state["messages"].get(lobby["id"])
    return True if message is not None and text in message["content"] else None


async def watch_tables(page: PreviewClient, shown: ShownTables) -> None:
    """Look at the channel again and again; note each table picture it shows."""
    tables: dict[str, int] = {}  # message id -> game id (the final table has no buttons)
    while True:
        await page.view_as(page.viewer_id)  # republishes the page without waiting for the bot
        if await note_tables(page, shown, tables):
            await asyncio.sleep(LOOK_EVERY)
        # else a picture changed while it was fetched: look again at once


async def note_tables(page: PreviewClient, shown: ShownTables, tables: dict[str, int]) -> bool:
    """Note the table pictures on the page; return False if one was replaced meanwhile."""
    for message in page.messages():
        game_id = table_game(message, tables)
        # A table message that became a hand's result shows that result's picture instead.
        pictures = [a for a in message.get("attachments", []) if a.get("filename") == "table.png"]
        if game_id is None or not pictures:
            continue
        try:
            png = await page.asset(pictures[0]["asset_id"])
        except aiohttp.ClientResponseError:
            return False  # a newer edit replaced the picture
        shown.add(game_id, png)
    return True


def table_game(message: dict[str, Any], tables: dict[str, int]) -> int | None:
    """Return the game whose table this message is (its "My hand" button says), if any."""
    for row in message.get("components", []):
        for control in row.get("components", [row]):
            found = re.fullmatch(r"rm:(\d+):hand", str(control.get("custom_id", "")))
            if found:
                tables[message["id"]] = int(found[1])
    return tables.get(message["id"])


def newest_with_button(page: PreviewClient, label: str) -> dict[str, Any] | None:
    """Return the newest public message with a button labelled `label`, if any."""
    message: dict[str, Any]
    for message in reversed(page.messages()):
        labels = [c.get("label") for row in message.get("components", [])
                  for c in row.get("components", [row])]
        if not message["ephemeral"] and label in labels:
            return message
    return None


# ----- what the database must show -------------------------------------------------------------


@dataclass(frozen=True)
class AtKill:
    """A running game as the kill left it."""

    state_version: int
    engine_version: int
    over: bool  # its last saved move ended it


def check_database(db: Path, shown: ShownTables, coverage: Coverage) -> dict[int, AtKill]:
    """Check the file the kill left; return the running games and where they stand."""
    assert integrity(db) == "ok"
    games = read_games(db)
    states = {game_id: check_game(game) for game_id, game in games.items()}
    shown.check(games, states)
    running = {game_id: at_kill(game) for game_id, game in games.items()
               if game.status == "running"}
    for game_id, stand in running.items():
        if stand.state_version > 1:
            coverage.kills_mid_game[games[game_id].kind] += 1
    coverage.finished = sum(1 for game in games.values() if game.status == "finished")
    return running


def at_kill(game: StoredGame) -> AtKill:
    """Return where a running game stands."""
    assert game.engine is not None
    engine = adapter_for(game.kind).load(game.engine)
    return AtKill(game.state_version, engine.version, engine.is_over)


async def check_resumed(bot: BotProcess, at_kill: dict[int, AtKill], coverage: Coverage) -> None:
    """Each game running at the kill resumes at its stored version, then moves on."""
    log = bot.log()  # the run right after the kill
    for game_id, stand in at_kill.items():
        assert f"game {game_id} resumed at version {stand.engine_version}\n" in log, log
    waiting = dict(at_kill)
    deadline = asyncio.get_running_loop().time() + RESUME_TIMEOUT
    while waiting and asyncio.get_running_loop().time() < deadline:
        await asyncio.sleep(0.5)
        games = read_games(bot.db)
        waiting = {gid: s for gid, s in waiting.items() if not moved_on(games[gid], s)}
    assert not waiting, describe_stuck(waiting)
    coverage.resumed += len(at_kill)


def moved_on(game: StoredGame, stand: AtKill) -> bool:
    """Whether a game is further than at the kill: a newer version, or finished."""
    return game.state_version > stand.state_version or game.status == "finished"


def describe_stuck(waiting: dict[int, AtKill]) -> str:
    """Say which games did not go on after the restart, and how they stood."""
    return "; ".join(
        f"game {gid} stayed at version {s.state_version}"
        + (" (its last saved move ended it, yet it is still 'running')" if s.over else "")
        for gid, s in waiting.items())
