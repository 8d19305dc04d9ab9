"""A normal computer's moves are decided in a worker process that keeps a copy of the game
(RUMMY_COMPUTER_WORKERS): the bot plays the move it would have chosen itself, and each saved
move reaches the copy."""

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
    """The bot as `make run` starts it on SQLite: one computers' worker."""
    return Settings(db_path=tmp_path / "rummy.sqlite3", computer_workers=1)


async def test_a_computers_move_is_decided_by_a_worker_keeping_the_game(
        sim: Sim, deals: ScriptedDeals, monkeypatch: pytest.MonkeyPatch) -> None:
    host = host_of(sim.bot)
    assert host.deciders.replicas.workers == 1 and host.deciders.replicas.running == {}
    await host.deciders.replicas.warm()  # the worker starts now rather than at the move
    rt = await computer_turn(sim, deals, monkeypatch, "normal")
    # Its turn was two moves, each asked of the worker; the last one saved waits for the copy,
    # to be sent with the next question.
    turn = [(s, a) for _, s, a, _ in await sim.bot.storage.actions(1) if s == 1]
    assert len(turn) == 2
    held = host.deciders.replicas.running[0].held[1]
    assert held.version + len(held.moves) == rt.game.version and held.moves == turn[-1:]
