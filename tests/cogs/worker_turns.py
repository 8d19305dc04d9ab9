"""A computer's first turn against Alice in a scripted gin game, its moves worked out by a
worker process: the shared part of the tests of the hard and the computers' workers."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from cogs.adapters.base import AdapterBase
from cogs.host import ScriptedDeals
from cogs.host.runtime import Runtime
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


async def computer_moved(sim: Sim) -> list[str]:
    """Wait (in real time: the worker is a real process) until the computer's move is stored."""
    deadline = asyncio.get_running_loop().time() + REAL_WAIT
    while not (moves := [a for _, s, a, _ in await sim.bot.storage.actions(1) if s == 1]):
        assert asyncio.get_running_loop().time() < deadline, "the computer never moved"
        await asyncio.sleep(0.05)
        await sim.env.settle()
    return moves


async def computer_turn(sim: Sim, deals: ScriptedDeals, monkeypatch: pytest.MonkeyPatch,
                        level: str) -> Runtime:
    """Seat a computer at `level` against Alice, let her pass, then let the computer play its
    turn with this process's computer player forbidden; check its first move is the one this
    process would have chosen, told on the table, and Alice's turn has come."""
    script(deals, deal(LOOSE_A, LOOSE_B, upcard="5C", stock="2C 3C 4C 7S 8S 10S"), dealer=1)
    await sim.alice.slash(sim.channel, "rummy new", game="gin")
    await sim.alice.slash(sim.channel, "rummy addbot", level=level)
    await sim.alice.click(lobby_message(sim), label="Start")
    await play_pass(sim.alice)
    rt = host_of(sim.bot).runtimes[1]
    expected = str(rt.adapter.choose(rt.game, 1, level))

    def not_here(*_args: Any, **_kwargs: Any) -> str:
        raise AssertionError("a computer's move was worked out on the event loop")

    monkeypatch.setattr(AdapterBase, "choose", not_here)  # this process only: not the worker
    await sim.env.advance_time(BOT_DELAY)
    assert (await computer_moved(sim))[0] == expected
    named = "Computer 1 (hard)" if level == "hard" else "Computer 1"
    assert f"{named} {'passed' if expected == 'pass' else 'took'}" in table_message(sim).content
    assert labels(dm(sim.alice))  # Alice's turn again: her hand offers her moves
    return rt
