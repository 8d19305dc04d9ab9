"""The computers' moves, worked out in worker processes (RUMMY_COMPUTER_WORKERS), are the
moves the bot process itself would play, at every level."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import signal

import pytest

from bot.settings import Settings, SettingsError
from cogs.adapters import DEFAULT_LEVEL, Deal
from cogs.decider_worker import decided
from cogs.host import deciders as deciders_module
from cogs.host.deciders import Deciders
from cogs.registry import adapter_for, game_names
from engine.errors import RulesError

LEVELS = ("easy", "normal", "hard")
DECIDED = ("normal", "hard")  # deterministic; the easy computer breaks ties at random


def positions(name: str, count: int, players: int = 2) -> list[tuple[str, int]]:
    """Return (state text, seat to act) of a game of `name` over its first `count` moves."""
    adapter = adapter_for(name)
    options = adapter.options(adapter.presets()[0], {})
    game = adapter.new_game(options, players, Deal(seed=11, first_dealer=0))
    found = []
    while len(found) < count and not game.is_over:
        seat = game.to_act()[0]
        found.append((json.dumps(game.to_json()), seat))
        game.apply(seat, adapter.choose(game, seat, DEFAULT_LEVEL))
    return found


def legal(name: str, state: str, seat: int, move: str) -> bool:
    """Whether the game given as its state text accepts the seat's move."""
    game = adapter_for(name).load(json.loads(state))
    try:
        game.apply(seat, move)
    except RulesError:
        return False
    return True


@pytest.mark.parametrize("name", game_names())
@pytest.mark.parametrize("level", DECIDED)
def test_a_move_decided_from_the_state_text_is_the_one_chosen_here(name: str,
                                                                   level: str) -> None:
    adapter = adapter_for(name)
    for state, seat in positions(name, 12):
        here = adapter.choose(adapter.load(json.loads(state)), seat, level)
        assert decided(name, state, seat, level) == str(here)


@pytest.mark.parametrize("name", game_names())
def test_an_easy_move_decided_from_the_state_text_is_one_of_the_seats_moves(name: str) -> None:
    for state, seat in positions(name, 12):
        assert legal(name, state, seat, decided(name, state, seat, "easy"))


async def test_a_worker_process_decides_as_this_process_would() -> None:
    deciders = Deciders(1)
    try:
        await deciders.warm()
        assert [w.process.pid != os.getpid() for w in deciders.running if w.process] == [True]
        for name in game_names():
            for state, seat in positions(name, 4, players=4 if name == "canasta" else 2):
                for level in LEVELS:
                    decide = deciders.for_seat(name, seat, level)
                    assert decide is not None
                    move = await decide(state)
                    assert legal(name, state, seat, move)
                    if level in DECIDED:
                        assert move == decided(name, state, seat, level)
    finally:
        await deciders.close()
    assert deciders.running == []


async def test_moves_asked_together_are_each_answered_with_their_own() -> None:
    deciders = Deciders(2)
    try:
        await deciders.warm()
        asked = positions("ramino", 10, players=4)
        answers = await asyncio.gather(*(deciders.decide("ramino", state, seat, "normal")
                                         for state, seat in asked))
        assert answers == [decided("ramino", state, seat, "normal") for state, seat in asked]
        assert len(deciders.running) == 2
    finally:
        await deciders.close()


def test_every_computer_seat_decides_away_with_workers_and_none_without() -> None:
    deciders = Deciders(1)
    away = deciders.away("gin", {1: "hard", 2: "normal", 3: "easy"})
    assert all(away(seat) is not None for seat in (0, 1, 2, 3))  # 0: a person's absent seat
    assert Deciders(0).for_seat("gin", 1, "hard") is None
    assert Deciders(0).for_seat("canasta", 1, "normal") is None
    assert deciders.running == []  # no worker started before the first computer move


def test_the_bot_runs_one_worker_unless_told_otherwise() -> None:
    def workers(environ: dict[str, str]) -> int:
        return Settings.load(environ=environ, env_file=None).computer_workers

    assert workers({}) == 1
    assert workers({"RUMMY_COMPUTER_WORKERS": "0"}) == 0
    assert workers({"RUMMY_COMPUTER_WORKERS": "3"}) == 3
    # The setting's earlier name still counts; the new one wins.
    assert workers({"RUMMY_HARD_WORKERS": "2"}) == 2
    assert workers({"RUMMY_HARD_WORKERS": "2", "RUMMY_COMPUTER_WORKERS": "4"}) == 4
    with pytest.raises(SettingsError, match="RUMMY_HARD_WORKERS must be a number"):
        workers({"RUMMY_HARD_WORKERS": "many"})


async def test_a_worker_that_dies_is_replaced_and_its_move_made_here(
        caplog: pytest.LogCaptureFixture) -> None:
    deciders = Deciders(1)
    try:
        await deciders.warm()
        first = deciders.running[0]
        assert first.process is not None
        os.kill(first.process.pid, signal.SIGKILL)  # as the kernel's OOM killer would
        state, seat = positions("gin", 3)[-1]
        decide = deciders.for_seat("gin", seat, "hard")
        assert decide is not None
        assert await decide(state) == decided("gin", state, seat, "hard")
        assert "a computers' worker died" in caplog.text
        assert await decide(state) == decided("gin", state, seat, "hard")  # a new worker
        assert deciders.running and deciders.running[0] is not first
        assert deciders.running[0].alive
    finally:
        await deciders.close()


async def test_a_worker_that_cannot_start_leaves_the_moves_to_this_process(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    # A worker that exits at once, as one whose interpreter cannot load the games would.
    monkeypatch.setattr(deciders_module, "WORKER", ("-c", "import sys; sys.exit(3)"))
    deciders = Deciders(1)
    try:
        state, seat = positions("rummy500", 2)[-1]
        with caplog.at_level(logging.WARNING):
            assert await deciders.decide("rummy500", state, seat, "normal") == decided(
                "rummy500", state, seat, "normal")
        assert "did not start" in caplog.text
        caplog.clear()
        # Resting: the next moves are made here at once, without trying again meanwhile.
        assert await deciders.decide("rummy500", state, seat, "easy") == decided(
            "rummy500", state, seat, "easy")
        assert deciders.running == [] and "did not start" not in caplog.text
    finally:
        await deciders.close()


async def test_a_computer_that_raises_in_the_worker_raises_here_too(
        monkeypatch: pytest.MonkeyPatch) -> None:
    deciders = Deciders(1)
    try:
        await deciders.warm()
        state, seat = positions("gin", 2)[-1]
        broken = json.loads(state)
        broken["hands"] = "not a hand"  # a state no computer can read
        with pytest.raises(Exception) as raised:
            await deciders.decide("gin", json.dumps(broken), seat, "normal")
        with pytest.raises(type(raised.value)):
            decided("gin", json.dumps(broken), seat, "normal")
        assert deciders.running[0].alive  # the worker answers the next move
        assert await deciders.decide("gin", state, seat, "normal") == decided(
            "gin", state, seat, "normal")
    finally:
        await deciders.close()
