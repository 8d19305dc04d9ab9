"""The session layer: ordering, persistence, rollback, timers, computer seats, claim windows."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import Any

import pytest

from engine.errors import IllegalMove, NotYourTurn, RulesError
from engine.game import Event
from engine.session import (
    GameSession,
    SessionClosed,
    SessionHooks,
    StaleAction,
)
from tests.engine.clock import LoopClock

# ----- a tiny real game ---------------------------------------------------------------------


class CountGame:
    """Seats take turns adding 1 or 2 to a running total; whoever reaches `target` wins.

    With `steps` > 1 a turn is several additions by the same seat, like draw-then-discard.
    """

    name = "count"

    def __init__(
        self,
        seats: int = 2,
        target: int = 10,
        steps: int = 1,
        total: int = 0,
        turn: int = 0,
        step: int = 0,
        version: int = 0,
        winner: int | None = None,
    ) -> None:
        self.seats, self.target, self.steps = seats, target, steps
        self.total, self.turn, self.step = total, turn, step
        self.version, self.winner = version, winner

    def legal_actions(self, seat: int) -> list[int]:
        """List the legal additions."""
        return [1, 2] if seat in self.to_act() else []

    def verify(self, seat: int, action: Any) -> None:
        """Refuse out-of-turn and malformed additions."""
        if self.is_over:
            raise IllegalMove("the game is over")
        if seat != self.turn:
            raise NotYourTurn("not your turn")
        if action not in (1, 2):
            raise IllegalMove("add 1 or 2")

    def apply(self, seat: int, action: Any) -> list[Event]:
        """Add to the total and pass the turn when its steps are used up."""
        self.verify(seat, action)
        self.total += action
        self.version += 1
        events = [Event("add", seat, {"n": action, "total": self.total})]
        if self.total >= self.target:
            self.winner = seat
            return events + [Event("win", seat)]
        self.step += 1
        if self.step == self.steps:
            self.step, self.turn = 0, (self.turn + 1) % self.seats
        return events

    def to_act(self) -> list[int]:
        """Return the seat to move."""
        return [] if self.is_over else [self.turn]

    @property
    def is_over(self) -> bool:
        """Whether somebody reached the target."""
        return self.winner is not None

    def parse_action(self, text: str) -> int:
        """Parse "1" or "2"."""
        return int(text)

    def public_view(self) -> dict[str, Any]:
        """Return the whole state: nothing is hidden in this game."""
        return self.to_json()

    def private_view(self, seat: int) -> dict[str, Any]:
        """Return the public view."""
        return self.public_view()

    def to_json(self) -> dict[str, Any]:
        """Serialize every field."""
        return dict(vars(self))

    # No claim windows and one turn order: what CardGame's defaults say.

    def system_timer(self) -> None:
        return None

    def reactors(self) -> list[int]:
        return []

    def claim_targets(self, seat: int) -> list[int]:
        return []

    def seat_version(self, seat: int) -> None:
        return None


def load_count(data: dict[str, Any]) -> CountGame:
    """Rebuild a CountGame from to_json()."""
    fields = {k: v for k, v in data.items() if k != "name"}
    return CountGame(**fields)


def total(session: GameSession) -> int:
    """Return the running total of the session's CountGame."""
    assert isinstance(session.game, CountGame)
    return session.game.total


# ----- a recording harness ------------------------------------------------------------------


@dataclass
class Table:
    """Everything the session told the outside world, in order, with loop times."""

    clock: LoopClock
    log: list[tuple[str, Any]] = field(default_factory=list)
    fail_persist: int = 0  # how many upcoming persists should raise
    hold: asyncio.Event | None = None  # while set to an unset Event, persists wait for it
    snapshots: list[dict[str, Any]] = field(default_factory=list)

    def kinds(self, kind: str) -> list[Any]:
        """Return the payloads logged under `kind`."""
        return [payload for k, payload in self.log if k == kind]

    async def persist(self, game: Any, seat: int, action: Any, events: list[Event]) -> None:
        """Store like the repository would, or fail on request."""
        await asyncio.sleep(0)  # a real store yields to the loop
        if self.hold is not None:
            await self.hold.wait()  # a slow commit
        if self.fail_persist:
            self.fail_persist -= 1
            raise OSError("disk full")
        self.snapshots.append(game.to_json())
        self.log.append(("persist", (seat, action)))

    async def on_events(self, events: list[Event]) -> None:
        """Record announced moves with the time they were announced."""
        for event in events:
            if event.kind == "add":
                self.log.append(("move", (event.seat, event.public["n"], self.clock.elapsed)))

    async def on_reminder(self, seat: int) -> None:
        """Record a reminder."""
        self.log.append(("reminder", (seat, self.clock.elapsed)))

    async def on_takeover(self, seat: int) -> None:
        """Record a takeover."""
        self.log.append(("takeover", (seat, self.clock.elapsed)))

    def hooks(self, computers: AbstractSet[int] = frozenset()) -> SessionHooks:
        """Hooks where the computer adds 2 and the timeout default adds 1."""
        return SessionHooks(
            load=load_count,
            persist=self.persist,
            choose=lambda game, seat: 2,
            default_move=lambda game, seat: 1,
            is_computer=lambda seat: seat in computers,
            on_events=[self.on_events],
            on_reminder=self.on_reminder,
            on_takeover=self.on_takeover,
        )


def make_session(
    clock: LoopClock,
    *,
    computers: AbstractSet[int] = frozenset(),
    turn_seconds: float = 0,
    bot_delay: float = 1.5,
    **game: Any,
) -> tuple[GameSession, Table]:
    """Build a started session over a fresh CountGame and its recording table."""
    table = Table(clock)
    session = GameSession(
        CountGame(**game), table.hooks(computers), turn_seconds=turn_seconds, bot_delay=bot_delay
    )
    session.start()
    return session, table


# ----- submit ---------------------------------------------------------------------------------


async def test_accepted_action_is_persisted_before_it_is_announced(clock: LoopClock) -> None:
    session, table = make_session(clock)
    events = await session.submit(0, 2, expected_version=0)
    assert [e.kind for e in events] == ["add"]
    assert total(session) == 2 and session.game.version == 1
    assert [k for k, _ in table.log] == ["persist", "move"]


async def test_a_move_serializes_the_game_once_for_its_save_and_its_rollback(
        clock: LoopClock, monkeypatch: pytest.MonkeyPatch) -> None:
    # Every move's CPU is shared by all the games of a process: the text storage keeps is
    # the one a failed next move rolls back to, made once.
    session, table = make_session(clock, target=50)
    made: list[int] = []
    stored: list[int] = []
    to_json = CountGame.to_json

    def counted(game: CountGame) -> dict[str, Any]:
        made.append(game.total)
        return to_json(game)

    monkeypatch.setattr(CountGame, "to_json", counted)

    async def persist(g: Any, seat: int, action: Any, events: list[Event]) -> None:
        stored.append(json.loads(session.state_text())["total"])

    session.hooks.persist = persist
    await session.submit(0, 1)
    await session.submit(1, 2)
    assert made == [0, 1, 3] and stored == [1, 3]  # the dealt state, then once per move
    table.fail_persist, session.hooks.persist = 1, table.persist
    with pytest.raises(OSError):
        await session.submit(0, 2)
    assert total(session) == 3 and json.loads(session.state_text())["total"] == 3
    await session.submit(0, 1)
    assert table.snapshots[-1]["total"] == 4


async def test_illegal_actions_are_refused_and_change_nothing(clock: LoopClock) -> None:
    session, table = make_session(clock)
    before = session.game.to_json()
    with pytest.raises(NotYourTurn):
        await session.submit(1, 1)
    with pytest.raises(IllegalMove) as refused:
        await session.submit(0, 3)
    assert refused.value.code == "illegal_move"
    assert session.game.to_json() == before
    assert table.log == []


async def test_action_from_an_older_state_is_stale(clock: LoopClock) -> None:
    session, _table = make_session(clock)
    await session.submit(0, 1, expected_version=0)
    await session.submit(1, 1, expected_version=1)
    with pytest.raises(StaleAction) as stale:
        await session.submit(0, 1, expected_version=1)
    assert stale.value.code == "stale"
    assert str(stale.value) == "that move is no longer available"
    assert isinstance(stale.value, RulesError)
    assert total(session) == 2


async def test_double_click_applies_exactly_once(clock: LoopClock) -> None:
    session, table = make_session(clock)
    results = await asyncio.gather(
        *(session.submit(0, 2, expected_version=0) for _ in range(20)), return_exceptions=True
    )
    applied = [r for r in results if isinstance(r, list)]
    assert len(applied) == 1
    assert all(isinstance(r, StaleAction) for r in results if r not in applied)
    assert total(session) == 2
    assert len(table.kinds("persist")) == 1 and len(table.kinds("move")) == 1


async def test_failed_persist_rolls_back_and_announces_nothing(clock: LoopClock) -> None:
    session, table = make_session(clock)
    await session.submit(0, 1)
    before = session.game.to_json()
    table.fail_persist = 1
    with pytest.raises(OSError):
        await session.submit(1, 2, expected_version=1)
    assert session.game.to_json() == before
    assert table.kinds("move") == [(0, 1, 0.0)]
    # The same click succeeds once storage is back: the version did not move.
    await session.submit(1, 2, expected_version=1)
    assert total(session) == 3
    assert table.snapshots[-1]["total"] == 3


async def test_nothing_is_seen_before_it_is_saved(clock: LoopClock) -> None:
    session, table = make_session(clock)
    await session.submit(0, 1)
    saved = session.game.to_json()
    table.hold, table.fail_persist = asyncio.Event(), 1
    move = asyncio.ensure_future(session.submit(1, 2, expected_version=1))
    await clock.settle()  # the move is applied and its commit is under way
    assert not move.done() and table.kinds("persist") == [(0, 1)]  # only the first move
    # A hand, the table or a computer reading the game now sees the last saved state.
    assert session.game.to_json() == saved and total(session) == 1
    table.hold.set()
    with pytest.raises(OSError):
        await move
    assert session.game.to_json() == saved
    table.hold = None
    await session.submit(1, 2, expected_version=1)
    assert total(session) == 3 and table.snapshots[-1]["total"] == 3


# ----- turn timers ----------------------------------------------------------------------------


async def test_reminder_comes_at_half_time(clock: LoopClock) -> None:
    _session, table = make_session(clock, turn_seconds=60)
    await clock.advance(29.9)
    assert table.kinds("reminder") == []
    await clock.advance(0.2)
    assert [seat for seat, _ in table.kinds("reminder")] == [0]
    assert table.kinds("move") == []


async def test_timeout_plays_the_default_move_through_storage(clock: LoopClock) -> None:
    session, table = make_session(clock, turn_seconds=60)
    await clock.advance(59.9)
    assert table.kinds("move") == []
    await clock.advance(0.2)
    assert table.kinds("persist") == [(0, 1)]
    assert table.kinds("move") == [(0, 1, 60.0)]
    assert session.timeouts[0] == 1 and session.taken_over == set()
    assert session.game.to_act() == [1]


async def test_two_timeouts_in_a_row_hand_the_seat_to_the_computer(clock: LoopClock) -> None:
    session, table = make_session(clock, computers={1}, turn_seconds=60, target=50)
    await clock.advance(60)  # seat 0 times out (default +1)
    await clock.advance(1.5)  # computer seat 1 plays +2
    assert table.kinds("takeover") == []
    await clock.advance(60)  # second timeout in a row
    assert table.kinds("takeover") == [(0, 121.5)]
    assert session.taken_over == {0}
    await clock.advance(1.5)  # seat 1
    await clock.advance(1.5)  # seat 0 now moves like a computer: +2 after the bot delay
    assert table.kinds("move")[-1] == (0, 2, 124.5)


async def test_own_move_resets_the_timeout_count(clock: LoopClock) -> None:
    session, table = make_session(clock, computers={1}, turn_seconds=60, target=50)
    await clock.advance(60)  # timeout 1
    await clock.advance(1.5)
    await session.submit(0, 2)  # the player is here
    assert session.timeouts[0] == 0
    await clock.advance(1.5)
    await clock.advance(60)  # a new first timeout, not a second
    assert session.timeouts[0] == 1
    assert table.kinds("takeover") == []


async def test_back_returns_the_seat_to_its_player(clock: LoopClock) -> None:
    session, table = make_session(clock, computers={1}, turn_seconds=60, target=50)
    for _ in range(2):
        await clock.advance(60)
        await clock.advance(1.5)
    assert session.taken_over == {0}
    assert await session.back(0) is True
    assert await session.back(0) is False
    moves = len(table.kinds("move"))
    await clock.advance(59)  # no computer move for seat 0: he has his own clock again
    assert len(table.kinds("move")) == moves
    await session.submit(0, 2)
    assert table.kinds("move")[-1][:2] == (0, 2)


async def test_playing_yourself_also_takes_the_seat_back(clock: LoopClock) -> None:
    session, table = make_session(clock, computers={1}, turn_seconds=60, target=50)
    for _ in range(2):
        await clock.advance(60)
        await clock.advance(1.5)
    assert session.taken_over == {0}
    await session.submit(0, 1)  # clicked before the computer's delay ran out
    assert session.taken_over == set() and session.timeouts[0] == 0
    await clock.advance(1.5)  # seat 1
    await clock.advance(1.5)
    assert table.kinds("move")[-1][0] == 1  # seat 0 waits for its player again


async def test_a_failing_listener_does_not_silence_the_others(clock: LoopClock) -> None:
    session, table = make_session(clock)
    heard: list[str] = []

    async def broken(events: list[Event]) -> None:
        raise ConnectionError("discord is down")

    async def logger(events: list[Event]) -> None:
        heard.extend(e.kind for e in events)

    session.hooks.on_events = [broken, logger]
    with pytest.raises(ConnectionError):
        await session.submit(0, 2)
    assert heard == ["add"]
    assert total(session) == 2 and table.kinds("persist") == [(0, 2)]


async def test_timed_out_multi_step_turn_finishes_by_default_at_once_and_counts_once(
    clock: LoopClock,
) -> None:
    session, table = make_session(clock, computers={1}, turn_seconds=60, steps=3, target=50)
    heard: list[bool] = []

    async def listen(_events: list[Event]) -> None:
        heard.append(session.plays_on)

    session.hooks.on_events.append(listen)
    await clock.advance(59.9)
    assert table.kinds("move") == []
    await clock.advance(0.1)
    # The rest of the turn follows the timed-out step with no pause: one turn, told as one.
    assert table.kinds("move") == [(0, 1, 60.0)] * 3
    assert heard == [True, True, False]  # the table may wait for the turn's last step
    assert [k for k, _ in table.log[1:]] == ["persist", "move"] * 3  # each saved, then told
    assert session.timeouts[0] == 1 and session.taken_over == set()
    assert session.game.to_act() == [1]
    await clock.advance(1.5)  # the computer's turn: seat 0's clock played nothing more
    assert table.kinds("move")[3:] == [(1, 2, 61.5)] * 3


async def test_a_takeover_on_a_multi_step_turn_plays_its_rest_by_computer_at_once(
    clock: LoopClock,
) -> None:
    session, table = make_session(clock, computers={1}, turn_seconds=60, steps=2, target=50)
    await clock.advance(60)  # first timeout: two default steps (+1 +1)
    await clock.advance(1.5)  # the computer's turn
    await clock.advance(60)  # second timeout: the default step, then the computer's at once
    assert table.kinds("move")[4:] == [(0, 1, 121.5), (0, 2, 121.5)]
    # The takeover is told once the turn is played, and takes seat 0 from its next turn on.
    assert table.log[-1] == ("takeover", (0, 121.5))
    assert session.taken_over == {0} and session.timeouts[0] == 2
    await clock.advance(1.5)  # seat 1
    await clock.advance(1.5)  # seat 0, now the computer's: its whole turn after one pause
    assert table.kinds("move")[-2:] == [(0, 2, 124.5)] * 2


async def test_a_timed_out_step_that_fails_to_save_counts_nothing_and_is_tried_again(
    clock: LoopClock,
) -> None:
    session, table = make_session(clock, turn_seconds=60, steps=2, target=50)
    table.fail_persist = 1
    await clock.advance(60)
    assert table.kinds("move") == [] and total(session) == 0
    assert session.timeouts.get(0, 0) == 0  # the timeout never became a move: not counted
    await clock.advance(60)  # re-armed: a full turn's time again
    assert table.kinds("move") == [(0, 1, 120.0)] * 2
    assert session.timeouts[0] == 1


@pytest.mark.parametrize("told", [False, True])
async def test_a_failed_timed_move_logs_its_traceback_unless_its_failure_was_told(
        clock: LoopClock, caplog: pytest.LogCaptureFixture, told: bool) -> None:
    session, table = make_session(clock, turn_seconds=60, steps=2, target=50)
    session.hooks.told = lambda error: told and isinstance(error, OSError)
    table.fail_persist = 1
    with caplog.at_level(logging.DEBUG, logger="engine.session"):
        await clock.advance(60)
    failed = [r for r in caplog.records if r.getMessage().startswith("timed move failed")]
    assert [(r.levelname, bool(r.exc_info)) for r in failed] == [
        ("DEBUG", False) if told else ("ERROR", True)]
    await clock.advance(60)  # tried again all the same
    assert table.kinds("move") == [(0, 1, 120.0)] * 2


async def test_untimed_game_waits_forever(clock: LoopClock) -> None:
    session, table = make_session(clock, turn_seconds=0)
    await clock.advance(100_000)
    assert table.log == []
    assert session.pending_timers == 0


# ----- computer seats -----------------------------------------------------------------------


async def test_computer_plays_its_whole_turn_after_one_delay_never_before(
        clock: LoopClock) -> None:
    session, table = make_session(clock, computers={1}, steps=3, bot_delay=1.5)
    for _ in range(3):
        await session.submit(0, 1)
    await clock.advance(1.49)
    assert [m for m in table.kinds("move") if m[0] == 1] == []
    await clock.advance(0.02)
    # Its three steps follow one another with no pause: one turn, shown at once.
    assert table.kinds("move")[3:] == [(1, 2, 1.5)] * 3
    assert session.game.to_act() == [0]
    # Each step was saved on its own, before it was told.
    assert [k for k, _ in table.log[-6:]] == ["persist", "move"] * 3


async def test_listeners_hear_each_step_and_whether_the_computer_plays_on(
        clock: LoopClock) -> None:
    session, _table = make_session(clock, computers={1}, steps=3, bot_delay=1.5)
    heard: list[bool] = []

    async def listen(_events: list[Event]) -> None:
        heard.append(session.plays_on)

    session.hooks.on_events.append(listen)
    for _ in range(3):
        await session.submit(0, 1)
    assert heard == [False] * 3  # a person's steps: every one is told as it comes
    await clock.advance(1.5)
    assert heard[3:] == [True, True, False]  # the table may wait for the turn's last step
    assert not session.plays_on


async def test_a_new_deal_ends_a_computers_turn_even_if_it_plays_next(clock: LoopClock) -> None:
    session, table = make_session(clock, computers={1}, steps=3, bot_delay=1.5)
    session.hooks.new_deal = lambda events: total(session) == 7  # a new hand after its 2nd step
    for _ in range(3):
        await session.submit(0, 1)
    await clock.advance(1.5)
    assert table.kinds("move")[3:] == [(1, 2, 1.5)] * 2  # it waits the pause again
    await clock.advance(1.5)
    assert table.kinds("move")[5:] == [(1, 2, 3.0)]


async def test_a_step_that_fails_to_save_stops_the_turn_and_it_goes_on_later(
        clock: LoopClock) -> None:
    session, table = make_session(clock, computers={1}, steps=3, bot_delay=1.5)
    for _ in range(3):
        await session.submit(0, 1)
    original = table.persist
    calls = 0

    async def second_fails(game: Any, seat: int, action: Any, events: list[Event]) -> None:
        nonlocal calls
        calls += 1
        if calls == 2:
            raise OSError("disk full")
        await original(game, seat, action, events)

    session.hooks.persist = second_fails
    await clock.advance(1.5)
    assert table.kinds("move")[3:] == [(1, 2, 1.5)]  # the saved step stands, told
    assert total(session) == 5 and session.game.to_act() == [1]
    await clock.advance(1.5)  # re-armed: the rest of its turn after another pause
    assert table.kinds("move")[4:] == [(1, 2, 3.0)] * 2
    assert session.game.to_act() == [0]


async def test_computers_alone_finish_the_game_one_move_per_delay(clock: LoopClock) -> None:
    session, table = make_session(clock, computers={0, 1}, bot_delay=1.5)
    await clock.advance(100)
    times = [t for _, _, t in table.kinds("move")]
    assert session.game.is_over and total(session) == 10
    assert times == [1.5 * (i + 1) for i in range(5)]


async def test_no_timer_fires_after_game_over(clock: LoopClock) -> None:
    session, table = make_session(clock, computers={1}, turn_seconds=60, target=4)
    await session.submit(0, 2)
    await clock.advance(1.5)  # computer reaches 4
    assert session.game.is_over
    assert session.pending_timers == 0
    logged = len(table.log)
    await clock.advance(1000)
    assert len(table.log) == logged


async def test_close_cancels_timers_and_refuses_moves(clock: LoopClock) -> None:
    session, table = make_session(clock, computers={1}, turn_seconds=60)
    await session.submit(0, 2)
    session.close()
    assert session.pending_timers == 0
    await clock.advance(1000)
    assert table.kinds("move") == [(0, 2, 0.0)]
    with pytest.raises(SessionClosed):
        await session.submit(1, 1)


async def test_close_during_bot_delay_stops_the_scheduled_move(clock: LoopClock) -> None:
    session, table = make_session(clock, computers={0, 1})
    await clock.advance(1.0)
    session.close()
    await clock.advance(10)
    assert table.log == []


# ----- restart --------------------------------------------------------------------------------


async def test_restored_session_restarts_its_timers_and_remembers_takeovers(
    clock: LoopClock,
) -> None:
    session, table = make_session(clock, computers={1}, turn_seconds=60, target=50)
    for _ in range(2):
        await clock.advance(60)
        await clock.advance(1.5)
    snapshot, meta = table.snapshots[-1], session.meta()
    session.close()  # the process dies

    restored = GameSession.restore(snapshot, table.hooks({1}), meta=meta, turn_seconds=60)
    assert restored.game.to_json() == snapshot
    assert restored.taken_over == {0}
    moves = len(table.kinds("move"))
    restored.start()
    await clock.advance(1.5)  # seat 0 is still the computer's
    assert len(table.kinds("move")) == moves + 1
    assert table.kinds("move")[-1][:2] == (0, 2)


async def test_a_computers_move_worked_out_away_is_asked_with_the_games_state_text(
        clock: LoopClock) -> None:
    # Where `away` names a decider for a seat (a hard computer's worker), the seat's moves come
    # from it, given the state text the move's save writes and the game's version; the game
    # is locked meanwhile.
    session, table = make_session(clock, computers={0, 1}, bot_delay=1.5)
    asked: list[tuple[int, int]] = []

    def away(seat: int) -> Callable[[str, int], Awaitable[int]] | None:
        if seat == 0:
            return None  # seat 0 decides here, with `choose`

        async def decide(state: str, version: int) -> int:
            assert version == session.game.version == json.loads(state)["version"]
            asked.append((json.loads(state)["total"], seat))
            await asyncio.sleep(0)  # another process works it out: the loop serves others
            return 1

        return decide

    session.hooks.away = away
    await clock.advance(100)
    assert session.game.is_over and total(session) == 11
    # Seat 0 adds 2 (`choose`), seat 1 adds 1 (its decider), asked with the total before.
    assert [(seat, n) for seat, n, _ in table.kinds("move")] == [(0, 2), (1, 1)] * 3 + [(0, 2)]
    assert asked == [(2, 1), (5, 1), (8, 1)]


async def test_a_move_worked_out_away_that_the_game_refuses_plays_the_first_legal(
        clock: LoopClock) -> None:
    session, table = make_session(clock, computers={1}, bot_delay=1.5)

    async def decide(_state: str, _version: int) -> int:
        return 99  # not a move of this game

    session.hooks.away = lambda seat: decide
    await session.submit(0, 1)
    await clock.advance(1.5)
    assert table.kinds("move")[-1][:2] == (1, 1)
