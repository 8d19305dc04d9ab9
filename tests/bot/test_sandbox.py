"""The local sandbox: the real bot behind SimCord's Preview, driven over HTTP."""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import os
import re
import signal
import socket
import sys
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import aiohttp
import asyncpg
import pytest
from PIL import Image

from bot.app import StartupError
from bot.sandbox import MEMBER_NAMES, PreviewClient, SandboxInfo, run_sandbox
from bot.settings import Settings
from bot.storage import open_storage
from cogs.host import GameHost, ScriptedDeals
from tests.engine.gin.scripted import deck_order
from tests.postgres_server import PostgresServer

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
async def sandbox(tmp_path: Path) -> AsyncIterator[SandboxInfo]:
    """A sandbox running in this event loop on a free port."""
    settings = Settings(db_path=tmp_path / "sandbox.sqlite3", db_path_explicit=True, sandbox_port=0)
    async with running_sandbox(settings) as info:
        yield info


@contextlib.asynccontextmanager
async def running_sandbox(settings: Settings) -> AsyncIterator[SandboxInfo]:
    """Run the sandbox in this event loop until the block ends."""
    ready: asyncio.Future[SandboxInfo] = asyncio.get_running_loop().create_future()
    stop = asyncio.Event()
    task = asyncio.create_task(run_sandbox(settings, on_ready=ready.set_result, stop=stop))
    done, _ = await asyncio.wait({task, ready}, timeout=30, return_when=asyncio.FIRST_COMPLETED)
    if task in done:
        task.result()  # start-up failed: show why
    assert ready in done, "the sandbox did not start within 30 s"
    yield ready.result()
    stop.set()
    await asyncio.wait_for(task, timeout=30)


async def test_sandbox_serves_on_loopback_with_four_members(sandbox: SandboxInfo) -> None:
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/#[\w-]{20,}", sandbox.url)
    assert [m.name for m in sandbox.world.members] == list(MEMBER_NAMES)
    assert sandbox.world.guild.name == "Sandbox" and sandbox.world.channel.name == "rummy"
    base = sandbox.url.split("/#")[0]
    async with aiohttp.ClientSession() as session, session.get(f"{base}/api/state") as response:
        assert response.status == 401  # the URL's fragment is the credential
    listening = _loopback_listeners()
    if listening is not None:  # Linux tells which address the socket is bound to
        assert ("127.0.0.1", sandbox.port) in listening
        assert ("0.0.0.0", sandbox.port) not in listening


async def test_slash_command_through_the_preview_http_api(sandbox: SandboxInfo) -> None:
    bruno, alice = sandbox.world.member("Bruno"), sandbox.world.member("Alice")
    async with await PreviewClient.open(sandbox.url, viewer_id=bruno.id) as page:
        assert page.viewer_id == bruno.id
        assert "about" in [entry["invocation"] for entry in await page.commands()]
        receipt = await page.run_command("about")
        assert receipt["settlement"] == "settled"
        assert [o["kind"] for o in receipt["outcomes"]] == ["response"]
        shown = page.messages()
        assert len(shown) == 1 and shown[0]["ephemeral"]
        assert "Gin Rummy" in shown[0]["content"]
        # The same page switched to Alice no longer shows Bruno's ephemeral answer.
        await page.view_as(alice.id)
        assert page.viewer_id == alice.id
        assert page.messages() == []


async def test_sandbox_stores_channel_hand_delivery(tmp_path: Path, sandbox: SandboxInfo) -> None:
    storage = await open_storage(tmp_path / "sandbox.sqlite3")
    try:
        settings = await storage.get_guild_settings(sandbox.world.guild.id)
    finally:
        await storage.close()
    assert settings.hand_delivery == "channel"


async def test_a_game_the_computers_play_on_reappears_in_the_channel_after_a_restart(
    tmp_path: Path,
) -> None:
    # Alice's turns time out at once, so the computer and her timer keep the game moving while
    # the sandbox restarts; it must come back in #rummy, not in a channel that no longer exists.
    settings = Settings(db_path=tmp_path / "sandbox.sqlite3", db_path_explicit=True,
                        sandbox_port=0, bot_delay=0.2, min_turn_seconds=1)
    async with running_sandbox(settings) as first:
        async with await PreviewClient.open(first.url) as page:
            await page.run_command("rummy new", game="gin")
            lobby = _with_button(page, "Start")
            await page.run_command("rummy settings", turn_seconds=1)
            await page.click(lobby["id"], label="Add computer")
            await page.click(lobby["id"], label="Start")
            # The game never rests (no settle), so the page is looked at again until it shows.
            table = await _eventually(page, lambda m: _table_game(m) is not None)
            game_id = _table_game(table)
        await asyncio.sleep(1.5)  # the game moves on: a timeout, the computer's turn
    async with running_sandbox(settings) as second:
        assert (second.world.guild.id, second.world.channel.id) == (
            first.world.guild.id, first.world.channel.id)
        async with await PreviewClient.open(second.url) as page:
            await _eventually(page, lambda m: _table_game(m) == game_id)


async def _eventually(
    page: PreviewClient, wanted: Callable[[dict[str, Any]], bool]
) -> dict[str, Any]:
    """Return the newest message `wanted` accepts, looking again for up to 20 s."""
    for _ in range(100):
        await page.view_as(page.viewer_id)  # republishes the page without waiting for the bot
        found = [m for m in page.messages() if wanted(m)]
        if found:
            return found[-1]
        await asyncio.sleep(0.2)
    raise AssertionError([m["content"][:80] for m in page.messages()])


def _table_game(message: dict[str, Any]) -> int | None:
    """Return the id of the game whose "My hand" button this message carries, if any."""
    for control in _controls(message):
        found = re.fullmatch(r"rm:(\d+):hand", str(control.get("custom_id", "")))
        if found:
            return int(found[1])
    return None


async def test_alice_manages_the_sandbox_server_and_bruno_may_not(
    tmp_path: Path, sandbox: SandboxInfo
) -> None:
    alice, bruno = sandbox.world.member("Alice"), sandbox.world.member("Bruno")
    async with await PreviewClient.open(sandbox.url, viewer_id=bruno.id) as page:
        await page.run_command("rummy server", turn_seconds=90)
        refused = page.messages()[-1]
        assert refused["ephemeral"] and "Manage Server" in refused["content"]
        await page.view_as(alice.id)
        await page.run_command("rummy server", turn_seconds=90)
        saved = page.messages()[-1]
        assert saved["ephemeral"] and saved["content"].startswith("Settings saved.")
    storage = await open_storage(tmp_path / "sandbox.sqlite3")
    try:
        assert (await storage.get_guild_settings(sandbox.world.guild.id)).turn_seconds == 90
    finally:
        await storage.close()


async def test_the_log_says_what_the_sandbox_is_not_connected_in_0_servers(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    settings = Settings(db_path=tmp_path / "s.sqlite3", db_path_explicit=True, sandbox_port=0)
    async with running_sandbox(settings):
        pass
    said = [r.getMessage() for r in caplog.records if r.name == "bot.sandbox"]
    assert ("simulated server Sandbox, #rummy, 4 members (Alice, Bruno, Chiara, Dario); "
            "Alice has Manage Server") in said
    assert "connected as" not in caplog.text


async def test_pages_follow_what_the_bot_does_outside_their_own_actions(
    sandbox: SandboxInfo,
) -> None:
    alice, bruno = sandbox.world.member("Alice"), sandbox.world.member("Bruno")
    async with await PreviewClient.open(sandbox.url, viewer_id=alice.id) as page:
        assert page.messages() == []
        # Bruno acts outside Alice's page: the Preview alone would show her nothing new.
        await bruno.slash(sandbox.world.channel, "rummy new", game="gin")
        lobby = await _shown(page, lambda m: _has_button(m, "Join"))
        assert "Bruno" in lobby["content"]
        # Nothing else happens: the page is not published again, so her clicks stay current.
        assert await _revision_holds(page)
        await page.click(lobby["id"], label="Join")
        assert await _revision_holds(page)


async def test_an_action_that_races_a_republication_is_sent_again(
    sandbox: SandboxInfo, monkeypatch: pytest.MonkeyPatch
) -> None:
    bruno = sandbox.world.member("Bruno")
    raced: list[int] = []
    read = PreviewClient.refresh_state

    async def read_then_race(page: PreviewClient) -> dict[str, Any]:
        state = await read(page)
        if raced:
            return state
        # Once: the bot moves on and the page is republished while the client holds `state`.
        raced.append(state["publishedRevision"])
        await bruno.slash(sandbox.world.channel, "rummy new", game="gin")
        for _ in range(50):
            await asyncio.sleep(0.1)
            if (await read(page))["publishedRevision"] > raced[0]:
                break
        page.state = state
        return state

    async with await PreviewClient.open(sandbox.url) as page:
        monkeypatch.setattr(PreviewClient, "refresh_state", read_then_race)
        receipt = await page.run_command("about")
        monkeypatch.undo()
        assert raced and page.state["publishedRevision"] > raced[0] + 1
        assert receipt["settlement"] == "settled"
        assert "Gin Rummy" in page.messages()[-1]["content"]


async def test_a_computers_move_after_a_timer_appears_without_refreshing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    deals = ScriptedDeals()
    deals.queue("gin", first_dealer=0)  # Alice deals: the computer speaks first
    monkeypatch.setattr(GameHost, "deals", deals)
    # The computer waits longer than SimCord settles a click, so only a timer can show it.
    settings = Settings(db_path=tmp_path / "sandbox.sqlite3", db_path_explicit=True,
                        sandbox_port=0, bot_delay=6.0)
    async with running_sandbox(settings) as info, await PreviewClient.open(info.url) as page:
        await page.run_command("rummy new", game="gin")
        lobby = _with_button(page, "Start")
        await page.click(lobby["id"], label="Add computer")
        await page.click(lobby["id"], label="Start")
        table = _with_button(page, "My hand")
        moved = await _shown(page, lambda m: m["id"] == table["id"]
                             and m["content"] != table["content"], seconds=15)
        assert moved["content"] != table["content"]


async def _shown(
    page: PreviewClient, wanted: Callable[[dict[str, Any]], bool], seconds: float = 5
) -> dict[str, Any]:
    """Return the newest message `wanted` accepts, only reading the page as the browser does."""
    for _ in range(int(seconds / 0.1)):
        await page.refresh_state()
        found = [m for m in page.messages() if wanted(m)]
        if found:
            return found[-1]
        await asyncio.sleep(0.1)
    raise AssertionError([m["content"][:80] for m in page.messages()])


async def _revision_holds(page: PreviewClient, seconds: float = 1.0) -> bool:
    """Whether the page is published no more while the bot rests."""
    before = (await page.refresh_state())["publishedRevision"]
    await asyncio.sleep(seconds)
    return bool((await page.refresh_state())["publishedRevision"] == before)


def _has_button(message: dict[str, Any], label: str) -> bool:
    return any(c.get("label") == label for c in _controls(message))


async def test_busy_port_is_a_clear_startup_error(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        settings = Settings(
            db_path=tmp_path / "s.sqlite3", db_path_explicit=True, sandbox_port=port
        )
        with pytest.raises(StartupError, match=f"port {port} on 127.0.0.1 is in use"):
            await run_sandbox(settings)


async def test_python_m_bot_without_token_runs_the_sandbox_until_ctrl_c(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("RUMMY_", "DISCORD_"))}
    env.update(PYTHONPATH=str(REPO), RUMMY_SANDBOX_PORT="0")
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        cwd=tmp_path,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        url = await asyncio.wait_for(_read_url(process), timeout=60)
        async with await PreviewClient.open(url) as page:
            assert page.viewer_id == int(page.state["viewers"][0]["id"])
            await page.run_command("about")
            assert "Rummy Bot" in page.messages()[-1]["content"]
        process.send_signal(signal.SIGINT)
        out, err = await asyncio.wait_for(process.communicate(), timeout=30)
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
    assert process.returncode == 0, err.decode()
    assert out.decode().strip().endswith("Sandbox closed.")
    assert b"Traceback" not in err
    assert (tmp_path / "data" / "sandbox.sqlite3").is_file()  # not the real bot's database


async def _read_url(process: asyncio.subprocess.Process) -> str:
    assert process.stdout is not None
    while line := (await process.stdout.readline()).decode():
        if line.startswith("Open http://127.0.0.1:"):
            return line.split(" ", 1)[1].strip()
    raise AssertionError("python -m bot exited without printing the sandbox URL")


def _loopback_listeners() -> set[tuple[str, int]] | None:
    """Listening IPv4 (address, port) pairs from /proc, or None off Linux."""
    table = Path("/proc/net/tcp")
    if not table.exists():
        return None
    found = set()
    for row in table.read_text().splitlines()[1:]:
        local, state = row.split()[1], row.split()[3]
        if state != "0A":  # LISTEN
            continue
        address, port = local.split(":")
        octets = [str(int(address[i : i + 2], 16)) for i in (6, 4, 2, 0)]
        found.add((".".join(octets), int(port, 16)))
    return found


# A scripted first deal: Alice (seat 0, non-dealer) holds three runs, so drawing
# anything lets her go gin; Bruno (seat 1, dealer) holds nothing that melds.
ALICE_CARDS = "AS 2S 3S 4H 5H 6H 7C 8C 9C 10C"
BRUNO_CARDS = "KS QH JD 9S 7D 5S 3H KH 2D 6C"


@pytest.fixture
def scripted_gin(monkeypatch: pytest.MonkeyPatch) -> None:
    """Deal the sandbox's next gin game from a fixed deck (Bruno deals), for this test only."""
    deals = ScriptedDeals()
    deals.queue("gin", deck_order(ALICE_CARDS, BRUNO_CARDS, upcard="4D", stock="JC"),
                first_dealer=1)
    monkeypatch.setattr(GameHost, "deals", deals)


async def test_a_gin_hand_played_through_the_preview_http_api(
    sandbox: SandboxInfo, scripted_gin: None
) -> None:
    alice, bruno = sandbox.world.member("Alice"), sandbox.world.member("Bruno")
    async with await PreviewClient.open(sandbox.url, viewer_id=alice.id) as page:
        await page.run_command("rummy new", game="gin")
        lobby = _with_button(page, "Join")
        await page.view_as(bruno.id)
        await page.click(lobby["id"], label="Join")
        await page.view_as(alice.id)
        await page.click(lobby["id"], label="Start")
        table = _with_button(page, "My hand")
        assert "Hand 1: Bruno deals." in table["content"]

        hands: dict[int, list[dict[str, Any]]] = {alice.id: [], bruno.id: []}
        await _move(page, hands, alice.id, label="Pass")
        await _move(page, hands, bruno.id, label="Pass")
        await _move(page, hands, alice.id, label="Draw from stock")
        knock = await _move(page, hands, alice.id, knock="JC")
        # Her knock choices come from her own ten cards plus the card she drew, none of Bruno's.
        assert "JC" in knock and set(knock) <= set(ALICE_CARDS.split()) | {"JC"}

        # The hand's end moved the table below its result, stripping the old one's buttons.
        assert _controls(page.state["messages"][table["id"]]) == []
        shown = _with_button(page, "My hand")["content"]
        assert "Alice went gin!" in shown
        assert "Alice wins the hand and scores 97 points." in shown
        await _check_privacy(page, hands, alice.id, bruno.id)


async def _move(
    page: PreviewClient,
    hands: dict[int, list[dict[str, Any]]],
    member_id: int,
    *,
    label: str | None = None,
    knock: str | None = None,
) -> list[str]:
    """As the member: "My hand" on the table, then one move on the ephemeral answer."""
    await page.view_as(member_id)
    table = _with_button(page, "My hand")
    receipt = await page.click(table["id"], label="My hand")
    answer = page.state["messages"][_outcome_id(receipt, "response")]
    assert answer["ephemeral"] and answer["attachments"], answer["content"]
    # Fetch the picture now: a later move edits this answer and replaces its asset.
    image = Image.open(io.BytesIO(await page.asset(answer["attachments"][0]["asset_id"])))
    assert image.format == "PNG" and image.width > 100 and image.height > 50
    answer["png"] = image.tobytes()
    hands[member_id].append(answer)
    if label is not None:
        await page.click(answer["id"], label=label)
        return []
    assert knock is not None
    select = next(c for c in _controls(answer) if str(c.get("custom_id", "")).endswith(":knock"))
    await page.select(answer["id"], [knock], custom_id=select["custom_id"])
    return [option["value"] for option in select["options"]]


async def _check_privacy(
    page: PreviewClient, hands: dict[int, list[dict[str, Any]]], alice_id: int, bruno_id: int
) -> None:
    """Each member's page holds his own hand answers and none of the other's."""
    for me, other in ((alice_id, bruno_id), (bruno_id, alice_id)):
        await page.view_as(me)
        visible = {m["id"] for m in page.messages()}
        assert {m["id"] for m in hands[me]} <= visible
        assert not {m["id"] for m in hands[other]} & visible
    # Alice's hand is all runs (0 deadwood), Bruno's melds nothing (72): each saw his own.
    assert "Deadwood: 0" in hands[alice_id][0]["content"]
    assert "Deadwood: 72" in hands[bruno_id][0]["content"]
    assert hands[alice_id][0]["png"] != hands[bruno_id][0]["png"]


def _with_button(page: PreviewClient, label: str) -> dict[str, Any]:
    """Return the newest public message with a button labelled `label`."""
    message: dict[str, Any]
    for message in reversed(page.messages()):
        if not message["ephemeral"] and any(c.get("label") == label for c in _controls(message)):
            return message
    raise AssertionError(f"no message with a {label!r} button")


def _controls(message: dict[str, Any]) -> list[dict[str, Any]]:
    """Return a published message's buttons and selects, flattened."""
    out = []
    for row in message.get("components", []):
        out += row.get("components", [row])
    return out


def _outcome_id(receipt: dict[str, Any], kind: str) -> str:
    """Return the message id of the receipt's outcome of this kind."""
    ids = [str(o["messageId"]) for o in receipt["outcomes"] if o["kind"] == kind]
    assert len(ids) == 1, receipt["outcomes"]
    return ids[0]


async def test_a_sandbox_stopped_cleanly_gives_its_games_leases_up(
        postgres_server: PostgresServer) -> None:
    await postgres_server.empty()
    settings = Settings.from_mapping({"RUMMY_DB": postgres_server.dsn(),
                                      "RUMMY_SANDBOX_PORT": "0"})
    async with running_sandbox(settings) as info:
        async with await PreviewClient.open(info.url) as page:
            await page.run_command("rummy new", game="gin")
            lobby = _with_button(page, "Start")
            await page.click(lobby["id"], label="Add computer")
            await page.click(lobby["id"], label="Start")
        leased = await _lease_owners(postgres_server)
        assert len(leased) == 1 and leased[0] is not None  # held while it runs
    assert await _lease_owners(postgres_server) == [None]  # given up at the stop


async def _lease_owners(server: PostgresServer) -> list[str | None]:
    """Return the lease owner of every game, read straight from the server."""
    conn = await asyncpg.connect(server.dsn())
    try:
        return [row[0] for row in await conn.fetch("SELECT lease_owner FROM games ORDER BY id")]
    finally:
        await conn.close()
