"""The hard computers' moves, worked out in a worker process (RUMMY_HARD_WORKERS), are the
moves the bot process itself would play; easy and normal computers decide on the loop."""

from __future__ import annotations

import json
import os
import signal

import pytest

from bot.settings import Settings
from cogs.adapters import DEFAULT_LEVEL, Deal
from cogs.host.deciders import Deciders, decided
from cogs.registry import adapter_for, game_names

HARD_GAMES = [name for name in game_names() if adapter_for(name).seated_level("hard") == "hard"]


def positions(name: str, count: int) -> list[tuple[str, int]]:
    """Return (state text, seat to act) of a game of `name` over its first `count` moves."""
    adapter = adapter_for(name)
    options = adapter.options(adapter.presets()[0], {})
    game = adapter.new_game(options, 2, Deal(seed=11, first_dealer=0))
    found = []
    while len(found) < count and not game.is_over:
        seat = game.to_act()[0]
        found.append((json.dumps(game.to_json()), seat))
        game.apply(seat, adapter.choose(game, seat, DEFAULT_LEVEL))
    return found


@pytest.mark.parametrize("name", HARD_GAMES)
def test_a_hard_move_decided_from_the_state_text_is_the_one_chosen_here(name: str) -> None:
    adapter = adapter_for(name)
    for state, seat in positions(name, 12):
        here = adapter.choose(adapter.load(json.loads(state)), seat, "hard")
        assert decided(name, state, seat, "hard") == str(here)


async def test_a_worker_process_decides_as_this_process_would() -> None:
    deciders = Deciders(1)
    try:
        await deciders.warm()
        for state, seat in positions("gin", 8):
            decide = deciders.for_seat("gin", seat, "hard")
            assert decide is not None
            assert await decide(state, 0) == decided("gin", state, seat, "hard")
    finally:
        deciders.close()
    assert deciders.pool is None


def test_only_seats_that_play_hard_decide_away_and_only_with_workers() -> None:
    deciders = Deciders(1)
    away = deciders.away("gin", {1: "hard", 2: "normal", 3: "easy"})
    assert away(1) is not None
    assert away(0) is away(2) is away(3) is None  # a person's absent seat plays normal, here
    assert Deciders(0).for_seat("gin", 1, "hard") is None
    assert deciders.pool is None  # no worker started before the first hard move
    # A game whose hard level plays as normal decides on the loop.
    no_hard = [n for n in game_names() if n not in HARD_GAMES]
    assert all(deciders.for_seat(name, 1, "hard") is None for name in no_hard)


def test_the_bot_runs_one_worker_unless_told_otherwise() -> None:
    assert Settings.load(environ={}, env_file=None).hard_workers == 1
    assert Settings.load(environ={"RUMMY_HARD_WORKERS": "0"}, env_file=None).hard_workers == 0
    assert Settings.load(environ={"RUMMY_HARD_WORKERS": "3"}, env_file=None).hard_workers == 3


async def test_a_worker_that_dies_is_replaced_and_its_move_made_here(
        caplog: pytest.LogCaptureFixture) -> None:
    deciders = Deciders(1)
    try:
        await deciders.warm()
        pool = deciders.pool
        assert pool is not None
        for pid in list(pool._processes):  # killed, as the kernel's OOM killer would
            os.kill(pid, signal.SIGKILL)
        state, seat = positions("gin", 3)[-1]
        decide = deciders.for_seat("gin", seat, "hard")
        assert decide is not None
        assert await decide(state, 0) == decided("gin", state, seat, "hard")
        assert "a hard computers' worker died" in caplog.text
        assert await decide(state, 0) == decided("gin", state, seat, "hard")  # new workers
        assert deciders.pool is not None and deciders.pool is not pool
    finally:
        deciders.close()
