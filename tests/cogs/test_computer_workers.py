"""A normal computer's moves are decided in a worker process that keeps a copy of the game
(RUMMY_COMPUTER_WORKERS): the bot plays the move it would have chosen itself, and each saved
move reaches the copy."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.settings import Settings
from cogs.adapters.base import AdapterBase
from cogs.host import ScriptedDeals
from tests.cogs.conftest import (
    BOT_DELAY,
    LOOSE_A,
    LOOSE_B,
    deal,
    dm,
    labels,
    lobby_message,
    play_pass,
    script,
    table_message,
)
from tests.cogs.test_hard_workers import computer_moved
from tests.cogs.test_shards_postgres import host_of
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
    script(deals, deal(LOOSE_A, LOOSE_B, upcard="5C", stock="2C 3C 4C 7S 8S 10S"), dealer=1)
    await sim.alice.slash(sim.channel, "rummy new", game="gin")
    await sim.alice.slash(sim.channel, "rummy addbot")
    await sim.alice.click(lobby_message(sim), label="Start")
    await play_pass(sim.alice)
    rt = host.runtimes[1]
    expected = str(rt.adapter.choose(rt.game, 1, "normal"))

    def not_here(*_args: Any, **_kwargs: Any) -> str:
        raise AssertionError("a computer's move was worked out on the event loop")

    monkeypatch.setattr(AdapterBase, "choose", not_here)  # this process only: not the worker
    await sim.env.advance_time(BOT_DELAY)
    assert (await computer_moved(sim))[0] == expected
    assert f"Computer 1 {'passed' if expected == 'pass' else 'took'}" in (
        table_message(sim).content)
    assert labels(dm(sim.alice))  # Alice's turn again: her hand offers her moves
    # Its turn was two moves, each asked of the worker; the last one saved waits for the copy,
    # to be sent with the next question.
    turn = [(s, a) for _, s, a, _ in await sim.bot.storage.actions(1) if s == 1]
    assert len(turn) == 2
    held = host.deciders.replicas.running[0].held[1]
    assert held.version + len(held.moves) == rt.game.version and held.moves == turn[-1:]
