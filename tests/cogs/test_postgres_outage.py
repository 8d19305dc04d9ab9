"""A member's click when the bot's PostgreSQL server goes away: refused while it is down and
played once it is back; a move whose commit answer is lost stands, told as made."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Iterator
from typing import Any

import asyncpg
import pytest

from bot.settings import Settings
from bot.storage import StorageUnavailable
from cogs.host import ScriptedDeals
from cogs.host.leases import RENEW_EVERY
from cogs.registry import GAMES
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


NOT_CONFIRMED = ("The database did not confirm that move. If it was saved, the game shows it"
                 " within a few seconds; if not, nothing changed.")


def silence_read_backs(sim: Sim, monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Make the database leave every read-back unanswered (and the deadline past at once)
    while the returned flag is true."""
    storage = sim.bot.storage
    silent = [True]
    read_back = type(storage)._read_back

    async def unanswered(self: Any, landed: Any) -> bool:
        if silent[0]:
            raise StorageUnavailable("the server does not answer")
        return await read_back(self, landed)

    monkeypatch.setattr(type(storage), "_read_back", unanswered)
    monkeypatch.setattr(storage, "settle_seconds", 0.0)
    return silent


async def unconfirmed_pass(sim: Sim, monkeypatch: pytest.MonkeyPatch, landed: bool) -> int:
    """Alice passes; the commit lands (or not), its answer is lost, and the database does not
    answer the read-back before the deadline (a server down longer than that). Check she is
    told so; then the database answers again. Return the stored version before her pass."""
    before = await version(sim)
    lost = asyncpg.ConnectionDoesNotExistError("connection was closed in the middle of operation")
    failures = fail_commits(monkeypatch, lost, commit=landed)
    silent = silence_read_backs(sim, monkeypatch)
    played = await sim.alice.user.click(dm(sim.alice), label="Pass")
    assert failures and [m.content for m in played.followups] == [NOT_CONFIRMED]
    assert "Alice passed" not in "\n".join(texts(sim))
    assert await version(sim) == before + landed  # what the database holds
    silent[0] = False
    return before


async def test_a_move_the_database_cannot_confirm_in_time_is_shown_once_it_can(
        sim: Sim, deals: ScriptedDeals, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    await started(sim, deals)
    before = await unconfirmed_pass(sim, monkeypatch, landed=True)
    # The next lease renewal reads the game back and shows the move as made; Bruno, whose
    # turn it now is, gets his controls and plays on.
    caplog.set_level(logging.INFO)
    await sim.env.advance_time(RENEW_EVERY)
    assert "game 1: a move whose save went unconfirmed stands (pass)" in caplog.text
    assert "Alice passed" in "\n".join(texts(sim))
    assert "Pass" in labels(dm(sim.bruno))
    await sim.bruno.user.click(dm(sim.bruno), label="Pass")
    assert await version(sim) == before + 2
    assert [a for _, _, a, _ in await sim.bot.storage.actions(1)] == ["start", "pass", "pass"]


async def test_a_move_the_database_never_got_and_could_not_confirm_changes_nothing(
        sim: Sim, deals: ScriptedDeals, monkeypatch: pytest.MonkeyPatch) -> None:
    await started(sim, deals)
    before = await unconfirmed_pass(sim, monkeypatch, landed=False)
    await sim.env.advance_time(RENEW_EVERY)
    assert await version(sim) == before and "Alice passed" not in "\n".join(texts(sim))
    await sim.alice.user.click(dm(sim.alice), label="Pass")  # the same move, played now
    assert await version(sim) == before + 1 and "Alice passed" in "\n".join(texts(sim))


async def written_elsewhere(sim: Sim) -> None:
    """Play the next move (a pass) on the stored game as another process would, and save it."""
    storage = sim.bot.storage
    record = await storage.get_game(1)
    data = json.loads(record.state)
    game = next(a for a in GAMES if a.name == "gin").load(data["engine"])
    seat = game.to_act()[0]
    game.apply(seat, game.parse_action("pass"))
    text = json.dumps({**data, "engine": game.to_json()})
    await storage.record_action(1, seat, "pass", text, record.state_version + 1)


async def test_a_game_the_database_holds_further_ahead_is_resumed_from_it(
        sim: Sim, deals: ScriptedDeals, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    await started(sim, deals)
    before = await unconfirmed_pass(sim, monkeypatch, landed=True)
    await written_elsewhere(sim)  # Bruno's pass, saved while this process could not know
    caplog.set_level(logging.INFO)
    await sim.env.advance_time(RENEW_EVERY)
    assert f"the database holds version {before + 2}, this process {before}; resumed" \
        in caplog.text
    rt = sim.bot.get_cog("Rummy").host.runtimes[1]  # type: ignore[union-attr]
    assert rt.game.version + 1 == before + 2  # the game here is the stored one
    # Both passed: Alice, whose turn it is again, gets a new DM with the stored game's moves
    # (her old one offered a pass she has made) and plays on.
    assert labels(dm(sim.alice)) == ["Sort by rank", "Draw from stock"]
    await sim.alice.user.click(dm(sim.alice), label="Draw from stock")
    assert await version(sim) == before + 3
    assert [a for _, _, a, _ in await sim.bot.storage.actions(1)] == [
        "start", "pass", "pass", "draw"]
