"""The easy and normal computers decide in a worker process that keeps a copy of each game
(RUMMY_COMPUTER_WORKERS): the moves are the ones this process would choose, the game's state
crosses once, and a copy that is not the game, or a worker that dies, costs no move."""

from __future__ import annotations

import json
import logging
import os
import signal
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest

from bot.settings import Settings, SettingsError
from cogs.adapters import DEFAULT_LEVEL, Deal
from cogs.computer_worker import Copies
from cogs.host import replicas as replicas_module
from cogs.host.deciders import Deciders
from cogs.host.replicas import Replicas, Worker
from cogs.registry import adapter_for, game_names
from engine.game import Game

SEATS = {"gin": 2, "rummy500": 3, "ramino": 4, "ramino51": 4, "canasta": 4}


def dealt(name: str, seed: int = 11) -> Game:
    """Return a new game of `name` at its usual table size."""
    adapter = adapter_for(name)
    options = adapter.options(adapter.presets()[0], {})
    game: Game = adapter.new_game(options, SEATS[name], Deal(seed=seed, first_dealer=0))
    return game


def state_of(game: Game) -> str:
    return json.dumps(game.to_json())


def first_turn(name: str) -> tuple[Game, int, str]:
    """Return a new game, the seat to act and the move this process's computer chooses."""
    game = dealt(name)
    seat = game.to_act()[0]
    return game, seat, str(adapter_for(name).choose(game, seat))


@pytest.fixture
async def replicas() -> AsyncIterator[Replicas]:
    workers = Replicas(1)
    yield workers
    await workers.close()


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[dict[str, Any]]]:
    """Every message the bot writes to a worker, in order."""
    messages: list[dict[str, Any]] = []
    write = Worker.send

    def spy(self: Worker, message: dict[str, Any]) -> None:
        messages.append(message)
        write(self, message)

    monkeypatch.setattr(Worker, "send", spy)
    yield messages


async def play(replicas: Replicas, name: str, key: int, moves: int) -> Game:
    """Play `moves` moves of a game, every one decided by the worker and checked against
    this process's own choice; each saved move is told to the worker as the host tells it."""
    game, adapter = dealt(name), adapter_for(name)
    for _ in range(moves):
        if game.is_over:
            break
        seat = game.to_act()[0]
        move = await replicas.decide(key, name, seat, DEFAULT_LEVEL, state_of(game), game.version)
        assert move == str(adapter.choose(game, seat, DEFAULT_LEVEL))
        game.apply(seat, move)
        replicas.moved(key, seat, move, game.version, game.is_over)
    return game


@pytest.mark.parametrize("name", game_names())
async def test_a_worker_keeping_a_game_decides_as_this_process_would_and_reads_it_once(
        replicas: Replicas, sent: list[dict[str, Any]], name: str) -> None:
    await play(replicas, name, key=3, moves=40)
    questions = [m for m in sent if "id" in m]
    assert len(questions) >= 20
    assert "state" in questions[0]
    assert all("state" not in m and len(m["moves"]) == 1 for m in questions[1:])


async def test_games_spread_over_the_workers_and_each_keeps_its_own() -> None:
    replicas = Replicas(2)
    try:
        await play(replicas, "gin", key=4, moves=10)
        await play(replicas, "ramino", key=5, moves=10)
        assert set(replicas.running) == {0, 1}
        assert list(replicas.running[0].held) == [4] and list(replicas.running[1].held) == [5]
    finally:
        await replicas.close()


async def test_a_move_the_worker_was_not_told_makes_the_bot_send_the_state(
        replicas: Replicas, sent: list[dict[str, Any]]) -> None:
    game, adapter = dealt("rummy500"), adapter_for("rummy500")
    seat = game.to_act()[0]
    await replicas.decide(9, "rummy500", seat, DEFAULT_LEVEL, state_of(game), game.version)
    game.apply(seat, adapter.choose(game, seat))  # adopted unsaved: nobody tells the worker
    seat = game.to_act()[0]
    move = await replicas.decide(9, "rummy500", seat, DEFAULT_LEVEL, state_of(game),
                                 game.version)
    assert move == str(adapter.choose(game, seat))
    assert "state" in sent[-1]


async def test_a_copy_that_is_not_the_game_says_so_and_is_sent_the_state(
        replicas: Replicas, sent: list[dict[str, Any]]) -> None:
    game = await play(replicas, "canasta", key=2, moves=5)
    replicas.running[0].held[2].moves.clear()  # the bot believes a move reached the copy
    seat, adapter = game.to_act()[0], adapter_for("canasta")
    game.apply(seat, adapter.choose(game, seat))
    seat = game.to_act()[0]
    move = await replicas.decide(2, "canasta", seat, DEFAULT_LEVEL, state_of(game),
                                 game.version)
    assert move == str(adapter.choose(game, seat))
    assert "state" not in sent[-2] and "state" in sent[-1]  # stale, then the state


async def test_an_ended_game_is_forgotten_by_its_worker(
        replicas: Replicas, sent: list[dict[str, Any]]) -> None:
    game = await play(replicas, "gin", key=8, moves=3)
    replicas.moved(8, 0, "anything", game.version + 1, over=True)
    assert replicas.running[0].held == {}
    assert sent[-1] == {"forget": 8}


def test_a_worker_without_the_copy_or_behind_it_answers_stale() -> None:
    copies, game = Copies(), dealt("gin")
    ask = {"id": 1, "key": 1, "game": "gin", "seat": game.to_act()[0], "level": DEFAULT_LEVEL,
           "version": 0}
    assert copies.answer({**ask, "moves": []}) == {"id": 1, "stale": True}
    assert "move" in copies.answer({**ask, "state": state_of(game)})  # type: ignore[operator]
    assert copies.answer({**ask, "id": 2, "version": 1, "moves": []}) == {"id": 2,
                                                                          "stale": True}
    assert copies.games == {}  # a stale copy is dropped: the next question brings the state
    assert copies.answer({"forget": 1}) is None


async def test_a_worker_that_dies_has_its_move_made_here_then_a_new_one_starts(
        caplog: pytest.LogCaptureFixture) -> None:
    deciders = Deciders(0, 1)
    try:
        game, seat, expected = first_turn("ramino51")
        decide = deciders.for_seat("ramino51", seat, DEFAULT_LEVEL, key=6)
        assert decide is not None
        assert await decide(state_of(game), game.version) == expected
        first = deciders.replicas.running[0]
        assert first.process is not None
        first.started -= replicas_module.YOUNG_SECONDS  # it has run a while
        os.kill(first.process.pid, signal.SIGKILL)  # as the kernel's OOM killer would
        with caplog.at_level(logging.WARNING):
            # Asked at once: answered here if the worker was still thought alive, else by
            # a new one; the same move either way.
            assert await decide(state_of(game), game.version) == expected
            await first.ended()
            assert await decide(state_of(game), game.version) == expected
        assert "a computers' worker died" in caplog.text
        assert deciders.replicas.running[0] is not first
        assert deciders.replicas.running[0].alive
    finally:
        await deciders.wait_closed()


async def test_a_worker_that_cannot_start_leaves_the_moves_to_this_process(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    # A worker that exits at once, as one whose interpreter cannot load the games would.
    monkeypatch.setattr(replicas_module, "WORKER", ("-c", "import sys; sys.exit(3)"))
    deciders = Deciders(0, 1)
    try:
        game, seat, expected = first_turn("gin")
        decide = deciders.for_seat("gin", seat, DEFAULT_LEVEL, key=1)
        assert decide is not None
        with caplog.at_level(logging.WARNING):
            assert await decide(state_of(game), game.version) == expected
        assert "did not start" in caplog.text
        assert await deciders.replicas.decide(1, "gin", seat, DEFAULT_LEVEL, state_of(game),
                                              0) is None  # resting: no new worker yet
        assert deciders.replicas.running == {}
        # Meanwhile the computers decide here, on the live game.
        assert deciders.for_seat("gin", seat, DEFAULT_LEVEL, key=1) is None
    finally:
        await deciders.wait_closed()


def test_computer_seats_decide_in_workers_only_with_workers_and_a_game_id() -> None:
    away = Deciders(0, 1).away("gin", {1: "normal", 2: "easy"}, key=5)
    assert away(0) is not None and away(1) is not None and away(2) is not None
    assert Deciders(0, 1).away("gin", {1: "normal"})(1) is None  # no id: no copy to keep
    assert Deciders(0, 0).away("gin", {1: "normal"}, key=5)(1) is None
    assert Deciders(0, 1).for_seat("gin", 1, "hard", key=5) is None  # hard: its own pool


def test_the_bot_runs_one_computers_worker_on_sqlite_and_none_on_postgresql() -> None:
    def workers(environ: dict[str, str]) -> int:
        return Settings.load(environ=environ, env_file=None).computer_workers

    assert workers({}) == 1
    assert workers({"RUMMY_DB": "postgresql://bot@db/rummy"}) == 0
    assert workers({"RUMMY_COMPUTER_WORKERS": "0"}) == 0
    assert workers({"RUMMY_COMPUTER_WORKERS": "3", "RUMMY_DB": "postgresql://db/r"}) == 3
    with pytest.raises(SettingsError, match="RUMMY_COMPUTER_WORKERS must be a number"):
        workers({"RUMMY_COMPUTER_WORKERS": "65"})
    sandbox = Settings.load(environ={"RUMMY_COMPUTER_WORKERS": "2"}, env_file=None)
    assert sandbox.for_sandbox().computer_workers == 0  # SimCord waits for the bot's work


async def test_a_computer_that_raises_in_the_worker_is_asked_here_where_it_raises_too(
        replicas: Replicas, caplog: pytest.LogCaptureFixture) -> None:
    game = dealt("gin")
    seat, state = game.to_act()[0], state_of(game)
    assert Copies().answer({"id": 1, "key": 1, "game": "gin", "seat": seat, "level": "wild",
                            "version": 0, "state": state}) == {"id": 1, "error": "KeyError"}
    with caplog.at_level(logging.WARNING):
        assert await replicas.decide(1, "gin", seat, "wild", state, 0) is None
    assert "a computers' worker raised (KeyError); deciding here" in caplog.text
    deciders = Deciders(0, 1)
    decide = deciders.for_seat("gin", seat, "wild", key=1)
    assert decide is not None
    try:
        with pytest.raises(KeyError):
            await decide(state, 0)
    finally:
        await deciders.wait_closed()
