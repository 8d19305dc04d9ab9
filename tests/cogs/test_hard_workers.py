"""A hard computer's moves are worked out in a worker process (RUMMY_HARD_WORKERS, one by
default), so no other game waits for its search; the table reads as with the move made here."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.settings import Settings
from cogs.host import ScriptedDeals
from tests.cogs.test_shards_postgres import host_of
from tests.cogs.worker_turns import computer_turn
from tests.conftest import Sim


@pytest.fixture
def bot_settings(tmp_path: Path) -> Settings:
    """The bot's own default: one worker for the hard computers."""
    return Settings(db_path=tmp_path / "rummy.sqlite3")


async def test_a_hard_computers_move_is_worked_out_in_a_worker_as_it_would_be_here(
        sim: Sim, deals: ScriptedDeals, monkeypatch: pytest.MonkeyPatch) -> None:
    host = host_of(sim.bot)
    assert host.deciders.workers == 1 and host.deciders.pool is None
    await host.deciders.warm()  # the worker starts now rather than at the move (real time)
    await computer_turn(sim, deals, monkeypatch, "hard")
