"""A member's click when the bot's PostgreSQL server goes away: refused while it is down and
played once it is back; a move whose commit answer is lost stands, told as made."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator

import asyncpg
import pytest

from bot.settings import Settings
from cogs.host import ScriptedDeals
from tests.bot.storage.test_postgres_outage import fail_commits
from tests.cogs.conftest import dm, labels, texts
from tests.cogs.test_gin_faults import started, version
from tests.conftest import Sim
from tests.postgres_server import PostgresServer, running_server

NOT_SAVED = "That could not be saved, so nothing changed. Please try again in a moment."


@pytest.fixture(scope="module")
def own_server() -> Iterator[PostgresServer]:
    """A server for these tests alone: they kill it."""
    with running_server() as server:
        yield server


@pytest.fixture
async def bot_settings(own_server: PostgresServer) -> Settings:
    """The bot's database on the tests' own server, emptied."""
    await own_server.empty()
    return Settings.from_mapping({"RUMMY_DB": own_server.dsn()})


async def test_a_click_while_the_server_is_down_is_refused_then_played(
        sim: Sim, deals: ScriptedDeals, own_server: PostgresServer,
        caplog: pytest.LogCaptureFixture) -> None:
    await started(sim, deals)
    caplog.set_level(logging.INFO)
    before = await version(sim)
    await asyncio.to_thread(own_server.halt)
    refused = await sim.alice.user.click(dm(sim.alice), label="Pass")
    assert [m.content for m in refused.followups] == [NOT_SAVED]
    assert "Pass" in labels(dm(sim.alice))  # the same move is still offered
    await asyncio.to_thread(own_server.resume)
    await sim.alice.user.click(dm(sim.alice), label="Pass")
    assert await version(sim) == before + 1
    assert [a for _, _, a, _ in await sim.bot.storage.actions(1)] == ["start", "pass"]
    assert "Alice passed" in "\n".join(texts(sim))
    # The outage is told once, as a warning, and its end; no error, no traceback.
    told = [(r.levelname, r.getMessage().split(",")[0]) for r in caplog.records
            if r.levelno >= logging.WARNING]
    assert told == [("WARNING", f"database {sim.bot.storage.where} unreachable")]  # type: ignore[attr-defined]
    assert not [r for r in caplog.records if r.exc_info]


async def test_a_click_whose_commit_answer_is_lost_is_played_once(
        sim: Sim, deals: ScriptedDeals, monkeypatch: pytest.MonkeyPatch) -> None:
    await started(sim, deals)
    before = await version(sim)
    lost = asyncpg.ConnectionDoesNotExistError("connection was closed in the middle of operation")
    failures = fail_commits(monkeypatch, lost, commit=True)
    played = await sim.alice.user.click(dm(sim.alice), label="Pass")
    assert failures and NOT_SAVED not in [m.content for m in played.followups]
    assert "Alice passed" in "\n".join(texts(sim))
    rt = sim.bot.get_cog("Rummy").host.runtimes[1]  # type: ignore[union-attr]
    assert await version(sim) == before + 1 == rt.game.version + 1
    assert [a for _, _, a, _ in await sim.bot.storage.actions(1)] == ["start", "pass"]
