"""A hard computer's moves are worked out in a worker process (RUMMY_HARD_WORKERS, one by
default), so no other game waits for its search; the table reads as with the move made here."""

from __future__ import annotations

import asyncio
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
from tests.cogs.test_shards_postgres import host_of
from tests.conftest import Sim

REAL_WAIT = 20.0  # seconds: a busy machine's worker may take a while to answer


@pytest.fixture
def bot_settings(tmp_path: Path) -> Settings:
    """The bot's own default: one worker for the hard computers."""
    return Settings(db_path=tmp_path / "rummy.sqlite3")


async def computer_moved(sim: Sim) -> list[str]:
    """Wait (in real time: the worker is a real process) until the computer's move is stored."""
    deadline = asyncio.get_running_loop().time() + REAL_WAIT
    while not (moves := [a for _, s, a, _ in await sim.bot.storage.actions(1) if s == 1]):
        assert asyncio.get_running_loop().time() < deadline, "the computer never moved"
        await asyncio.sleep(0.05)
        await sim.env.settle()
    return moves


async def test_a_hard_computers_move_is_worked_out_in_a_worker_as_it_would_be_here(
        sim: Sim, deals: ScriptedDeals, monkeypatch: pytest.MonkeyPatch) -> None:
    host = host_of(sim.bot)
    assert host.deciders.workers == 1 and host.deciders.pool is None
    await host.deciders.warm()  # the worker starts now rather than at the move (real time)
    script(deals, deal(LOOSE_A, LOOSE_B, upcard="5C", stock="2C 3C 4C 7S 8S 10S"), dealer=1)
    await sim.alice.slash(sim.channel, "rummy new", game="gin")
    await sim.alice.slash(sim.channel, "rummy addbot", level="hard")
    await sim.alice.click(lobby_message(sim), label="Start")
    await play_pass(sim.alice)
    rt = host.runtimes[1]
    expected = str(rt.adapter.choose(rt.game, 1, "hard"))

    def not_here(*_args: Any, **_kwargs: Any) -> str:
        raise AssertionError("a hard computer's move was worked out on the event loop")

    monkeypatch.setattr(AdapterBase, "choose", not_here)  # this process only: not the worker
    await sim.env.advance_time(BOT_DELAY)
    assert (await computer_moved(sim))[0] == expected
    assert f"Computer 1 (hard) {'passed' if expected == 'pass' else 'took'}" in (
        table_message(sim).content)
    assert labels(dm(sim.alice))  # Alice's turn again: her hand offers her moves
