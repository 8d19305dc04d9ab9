"""The async session layer: one game, its lock, turn timers, computer moves and claim windows.

Every timer goes through the running loop (`loop.call_later`), so whatever drives the loop's
clock (SimCord's `advance_time`, a test loop) drives the session too.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from engine.errors import RulesError
from engine.game import Event, Game
from engine.window import Windows

log = logging.getLogger(__name__)

# A seat whose turn times out this many times in a row is handed to a computer player.
TAKEOVER_AFTER = 2
# The most actions a computer (or the clock, for a person whose time ran out) plays in one go
# (a draw, melds, lay-offs, a discard); a longer turn goes on after another pause, so a game
# whose computer never ends its turn cannot hang.
TURN_STEPS = 40


class StaleAction(RulesError):
    """The control that sent the action belongs to an older state of the game."""

    code = "stale"

    def __init__(self, message: str = "that move is no longer available", **params: object) -> None:
        super().__init__(message, **params)


class TooLate(RulesError):
    """A claim arrived after the window was won or closed."""

    code = "too_late"

    def __init__(self, message: str = "too late: the claim is closed", **params: object) -> None:
        super().__init__(message, **params)


class NotWaitedFor(RulesError):
    """A pass from a seat the open window does not wait for (or no window is open)."""

    code = "not_waited_for"

    def __init__(self, message: str = "nobody waits for your call", **params: object) -> None:
        super().__init__(message, **params)


class SessionClosed(RulesError):
    """The session has been closed (game finished or bot shutting down)."""

    code = "session_closed"

    def __init__(self, message: str = "this game is no longer running", **params: object) -> None:
        super().__init__(message, **params)


async def _nothing(*_args: Any) -> None:
    """Do nothing: the default for optional callbacks."""


def _never(_seat: int) -> bool:
    """Say no seat is a computer: the default for `is_computer`."""
    return False


def _no_deal(_events: list[Event]) -> bool:
    """Say no events deal new hands: the default for `new_deal`."""
    return False


def _here(_seat: int) -> None:
    return None


def _untold(_error: BaseException) -> bool:
    """Say no failure has been told already: the default for `told`."""
    return False


@dataclass
class SessionHooks:
    """What the session calls out to; only `load`, `persist` and `choose` are required."""

    load: Callable[[dict[str, Any]], Game]  # rebuild a game from to_json() (each move, restart)
    persist: Callable[[Game, int, Any, list[Event]], Awaitable[None]]  # log + snapshot, one txn
    choose: Callable[[Game, int], Any]  # the computer player's move
    default_move: Callable[[Game, int], Any] | None = None  # timeout move; None -> choose
    is_computer: Callable[[int], bool] = _never
    on_events: list[Callable[[list[Event]], Awaitable[None]]] = field(default_factory=list)
    on_reminder: Callable[[int], Awaitable[None]] = _nothing
    on_takeover: Callable[[int], Awaitable[None]] = _nothing
    # A computer seat's out-of-turn move now (a "Rummy!" claim), or None.
    react: Callable[[Game, int], Any] | None = None
    # Whether a person passes on every claim window for now (his standing "No claim").
    passes: Callable[[int], bool] = _never
    # Whether the events dealt new hands: a computer's turn ends there even if it plays next.
    new_deal: Callable[[list[Event]], bool] = _no_deal
    # Whether a failed save's error has been told already (the database unreachable: its
    # outage is logged once), so a timed move that fails on it logs no traceback.
    told: Callable[[BaseException], bool] = _untold
    # Where a computer seat's moves are worked out away from the event loop (a worker
    # process), given the game's state text and version; None: by `choose`, here. The same
    # move either way.
    away: Callable[[int], Callable[[str, int], Awaitable[Any]] | None] = _here


class GameSession:
    """Run one game: serialize actions, persist them, announce them, and keep the clock."""

    def __init__(
        self,
        game: Game,
        hooks: SessionHooks,
        *,
        turn_seconds: float = 0,
        bot_delay: float = 1.5,
    ) -> None:
        self._game = game  # the live game: a move is applied here before it is saved
        self._text: str | None = None  # the live game's state_text(), once made
        self._saving: str | None = None  # during a move's commit: the state before it (JSON)
        self._saved: Game | None = None  # that state as a game, built if somebody reads it
        self.hooks = hooks
        self.turn_seconds = turn_seconds  # 0 = untimed
        self.bot_delay = bot_delay
        self.timeouts: dict[int, int] = {}  # consecutive timeouts per seat
        self.taken_over: set[int] = set()  # humans replaced by the computer until back()
        self._windows = Windows(self.controlled_by_computer, self._react, lambda: self.bot_delay,
                                hooks.passes)
        self._expired: set[int] = set()  # seats whose turn timed out: the rest plays by default
        # seat -> (its own version, when its time runs out): see _deadline
        self._clocks: dict[int, tuple[int, float]] = {}
        self._lock = asyncio.Lock()
        self._handles: list[asyncio.TimerHandle] = []
        self._tasks: set[asyncio.Task[None]] = set()
        self._closed = False
        self._plays_on = False  # see plays_on

    # ----- lifecycle -------------------------------------------------------------------------

    @classmethod
    def restore(
        cls,
        snapshot: dict[str, Any],
        hooks: SessionHooks,
        *,
        meta: dict[str, Any] | None = None,
        turn_seconds: float = 0,
        bot_delay: float = 1.5,
    ) -> GameSession:
        """Rebuild a session from a stored snapshot (and `meta()`); call start() next."""
        session = cls(hooks.load(snapshot), hooks, turn_seconds=turn_seconds, bot_delay=bot_delay)
        if meta:
            session.timeouts = {int(k): int(v) for k, v in meta.get("timeouts", {}).items()}
            session.taken_over = {int(s) for s in meta.get("taken_over", [])}
        return session

    def meta(self) -> dict[str, Any]:
        """Return the session's own state worth storing: timeout counters and takeovers."""
        return {
            "timeouts": {str(k): v for k, v in self.timeouts.items() if v},
            "taken_over": sorted(self.taken_over),
        }

    def start(self) -> None:
        """Arm the timers for the current state (at creation or after a restart)."""
        self._arm()

    def close(self) -> None:
        """Stop every timer and refuse further actions; in-flight moves see the flag and stop."""
        self._closed = True
        self._cancel_timers()

    @property
    def closed(self) -> bool:
        """Whether close() has been called."""
        return self._closed

    @property
    def pending_timers(self) -> int:
        """Count the timers still scheduled (for tests and diagnostics)."""
        return sum(1 for h in self._handles if not h.cancelled())

    @property
    def plays_on(self) -> bool:
        """Whether the computer (or the clock) whose action the listeners are told plays on at once.

        A computer plays its whole turn in one go, and so does the clock the rest of a turn
        whose time ran out: the listeners hear of each action (each is saved), and may keep
        the table for the turn's last one.
        """
        return self._plays_on

    def controlled_by_computer(self, seat: int) -> bool:
        """Whether the computer plays this seat now (a computer seat or a taken-over human)."""
        return self.hooks.is_computer(seat) or seat in self.taken_over

    # ----- actions ---------------------------------------------------------------------------

    async def submit(
        self, seat: int, action: Any, expected_version: int | None = None
    ) -> list[Event]:
        """Apply a player's action, persist it, announce it; raise RulesError on refusal.

        A taken-over player who plays himself gets his seat back. If a listener fails, the
        move stands (it is stored) and the listener's error is raised after all have run.
        """
        async with self._lock:
            if self._closed:
                raise SessionClosed()
            if expected_version is not None and expected_version != self.game.version:
                raise StaleAction()
            events = await self._apply_locked(seat, action)
            # The player is here: his own move clears timeouts and any takeover.
            self.timeouts[seat] = 0
            self._expired.discard(seat)
            self.taken_over.discard(seat)
            return await self._announce_and_arm(events)

    async def back(self, seat: int) -> bool:
        """Hand a taken-over seat back to its human ("I'm back"); return whether it was taken."""
        async with self._lock:
            was_taken = seat in self.taken_over
            self.taken_over.discard(seat)
            self._clocks.pop(seat, None)
            self._expired.discard(seat)
            self.timeouts[seat] = 0
            self._arm()
            return was_taken

    async def pass_claims(self, seat: int, version: int) -> list[Event]:
        """Note that a person will not claim the open window's card ("No claim").

        Once nobody is left to wait for, the window closes at once; return its events.
        Raise TooLate if the window of that version is gone, NotWaitedFor if the seat may not
        claim it (a computer, the discarder, a seat that may not claim yet). A person who
        has just chosen to pass on every window passes this way on the open one.
        """
        async with self._lock:
            game = self.game
            if self._closed or game.version != version or self._windows.find(game) is None:
                raise TooLate()
            window = self._windows.at(version)
            if seat in window.passed:
                return []  # a second press says nothing new
            if seat not in self._windows.people(game):
                raise NotWaitedFor()
            window.passed.add(seat)
            events = await self._close_if_unneeded()
            if not events:
                self._arm()
                return []
            return await self._announce_and_arm(events)

    async def adopt(self, seat: int, action: Any) -> list[Event]:
        """Play a move the storage holds though its save was not confirmed (its answer was
        lost and the database could not be asked in time): announce it as made, without
        saving it again."""
        async with self._lock:
            if self._closed:
                raise SessionClosed()
            events = self._game.apply(seat, action)
            self._text = None
            return await self._announce_and_arm(events)

    @property
    def game(self) -> Game:
        """The game as last saved: while a move is being saved, the state before it.

        A hand or the table may be read while the commit is awaited; if they saw the move
        and the commit then failed, a player would have seen a card he must not know.
        """
        if self._saving is None:
            return self._game
        if self._saved is None:  # rare: a read from outside the lock during a commit
            self._saved = self.hooks.load(json.loads(self._saving))
        return self._saved

    async def _apply_locked(self, seat: int, action: Any) -> list[Event]:
        """Apply, persist, and announce nothing until saved; on failure the move never was."""
        before = self.state_text()  # text: apply() may mutate to_json()'s lists
        try:
            events = self._game.apply(seat, action)
        except RulesError:
            raise  # the game verifies before it mutates: nothing to undo
        except BaseException:
            self._undo(before)
            raise
        self._text = None  # a new state: its text is made when first asked (by persist)
        self._saving, self._saved = before, None
        try:
            await self.hooks.persist(self._game, seat, action, events)
        except BaseException:
            self._undo(before)
            raise
        finally:
            self._saving = self._saved = None
        return events

    def state_text(self) -> str:
        """Return the live game's state as compact JSON text (during a move's save: the
        state being saved), made once per state.

        Storage keeps it in the move's snapshot, and the next move rolls back to it if it
        fails: one serialization per move, not one for each.
        """
        if self._text is None:
            self._text = json.dumps(self._game.to_json(), separators=(",", ":"))
        return self._text

    def _undo(self, before: str) -> None:
        """Put the game back as it was before a move that failed."""
        self._game, self._text = self.hooks.load(json.loads(before)), before

    async def _announce_and_arm(self, events: list[Event]) -> list[Event]:
        """Send events to every listener, then schedule what comes next.

        A claim window nobody needs is closed first, so its opening and closing reach the
        listeners together: one table edit, no window shown for nothing.
        """
        try:
            events = events + await self._close_if_unneeded()
            await self._notify(events)
        finally:
            self._arm()
        return events

    async def _close_if_unneeded(self) -> list[Event]:
        """Close the open window now if nobody is left to wait for; return its events."""
        found = self._windows.find(self.game)
        if found is None or self._windows.length(self.game, found[0]) > 0:
            return []
        try:
            return await self._apply_locked(-1, found[1])
        except Exception as error:
            # The move before stands; the window's own timer closes it (at once) instead.
            self._log_failure("closing an unneeded claim window failed", error)
            return []

    async def _notify(self, events: list[Event]) -> None:
        """Call every listener even if one fails; then re-raise the first failure."""
        failure: Exception | None = None
        for listener in self.hooks.on_events:
            try:
                await listener(events)
            except Exception as error:  # a Discord hiccup must not silence the other listeners
                log.exception("event listener failed")
                failure = failure or error
        if failure is not None:
            raise failure

    # ----- timers ----------------------------------------------------------------------------

    def _cancel_timers(self) -> None:
        for handle in self._handles:
            handle.cancel()
        self._handles.clear()

    def _arm(self) -> None:
        """Replace every timer with those the current state calls for."""
        self._cancel_timers()
        if self._closed or self.game.is_over:
            self._expired.clear()
            return
        acting = self.game.to_act()
        self._expired &= set(acting)
        self._clocks = {s: c for s, c in self._clocks.items() if s in acting}
        version = self.game.version
        waiting = self._arm_window(version)
        for seat in acting:
            if self._played_for(seat):
                if waiting:
                    continue  # a computer does not close a claim window by playing at once
                self._later(self.bot_delay, self._turn_job(seat, version))
            elif self.turn_seconds > 0:
                self._arm_turn(seat, version)

    def _arm_turn(self, seat: int, version: int) -> None:
        """Schedule a person's reminder (if still ahead) and his timeout."""
        left = self._deadline(seat) - asyncio.get_running_loop().time()
        if left > self.turn_seconds / 2:
            self._later(left - self.turn_seconds / 2, self._remind(seat, version))
        self._later(max(0.0, left), self._timeout(seat, version))

    def _deadline(self, seat: int) -> float:
        """Return when the seat's time runs out: a full turn from now, or, in a game whose
        seats play their own turns at once (team gin's boards, `seat_version`), the time
        left from before while the seat's own part of the game has not moved."""
        now = asyncio.get_running_loop().time()
        key = self.game.seat_version(seat)
        if key is None:
            return now + self.turn_seconds
        clock = self._clocks.get(seat)
        if clock is None or clock[0] != key:
            clock = self._clocks[seat] = (key, now + self.turn_seconds)
        return clock[1]

    def _arm_window(self, version: int) -> bool:
        """Schedule the closing of an open claim window and the computers' claims.

        Return whether a window is open. It lasts its full length while a person may claim
        and has not passed; computers decide at once (see engine.window).
        """
        found = self._windows.find(self.game)
        if found is None:
            self._windows.forget()
            return False
        seconds, action = found
        now = asyncio.get_running_loop().time()
        deadline = self._windows.at(version).close_at(now, self._windows.length(self.game, seconds))
        left = max(0.0, deadline - now)
        self._later(left, self._system_move(version, action))
        for seat, move in self._windows.calls(self.game).items():
            if move is not None:
                self._later(min(self.bot_delay, left / 2), self._reaction(seat, version, move))
        return True

    def _react(self, game: Game, seat: int) -> Any:
        """Return a computer seat's out-of-turn move now (a claim), or None."""
        react = self.hooks.react
        return react(game, seat) if react is not None else None

    def _system_move(self, version: int, action: Any) -> Callable[[], Awaitable[None]]:
        async def job() -> None:
            async with self._lock:
                if self._closed or self.game.version != version:
                    return
                events = await self._apply_locked(-1, action)
                await self._announce_and_arm(events)

        return job

    def _reaction(self, seat: int, version: int, move: Any) -> Callable[[], Awaitable[None]]:
        async def job() -> None:
            async with self._lock:
                if self._closed or self.game.version != version:
                    return  # somebody was faster, or the window closed
                try:
                    events = await self._apply_locked(seat, move)
                except RulesError as error:
                    log.warning("computer reaction refused for seat %s (%s)", seat, error.code)
                    return
                await self._announce_and_arm(events)

        return job

    def _later(self, delay: float, job: Callable[[], Awaitable[None]]) -> None:
        loop = asyncio.get_running_loop()
        self._handles.append(loop.call_later(delay, self._spawn, job))

    def _spawn(self, job: Callable[[], Awaitable[None]]) -> None:
        task = asyncio.get_running_loop().create_task(self._guard(job))
        self._tasks.add(task)  # keep a strong reference until done
        task.add_done_callback(self._tasks.discard)

    async def _guard(self, job: Callable[[], Awaitable[None]]) -> None:
        try:
            await job()
        except Exception as error:
            self._log_failure("timed move failed; rescheduling", error)
            # The failed move never became the game: re-arm so the game never stalls.
            self._arm()

    def _log_failure(self, what: str, error: Exception) -> None:
        """Log a failure with its traceback, or in one debug line if it was told already."""
        if self.hooks.told(error):
            log.debug("%s: %s", what, error)
        else:
            log.error(what, exc_info=error)

    def _still_due(self, seat: int, version: int) -> bool:
        return (
            not self._closed
            and not self.game.is_over
            and self.game.version == version
            and seat in self.game.to_act()
        )

    def _remind(self, seat: int, version: int) -> Callable[[], Awaitable[None]]:
        async def job() -> None:
            if self._still_due(seat, version):
                await self.hooks.on_reminder(seat)

        return job

    def _played_for(self, seat: int) -> bool:
        """Whether nobody plays the seat's turn by hand now: the computer plays it, or its
        person's time ran out this turn and the clock plays the rest."""
        return self.controlled_by_computer(seat) or seat in self._expired

    def _turn_job(self, seat: int, version: int) -> Callable[[], Awaitable[None]]:
        """Return the job that plays a turn nobody plays by hand, or the rest of it."""
        async def job() -> None:
            async with self._lock:
                if not self._still_due(seat, version):
                    return
                try:
                    await self._play_on(seat, *await self._step(seat, self._chooser(seat)))
                finally:
                    self._plays_on = False
                    self._arm()

        return job

    def _timeout(self, seat: int, version: int) -> Callable[[], Awaitable[None]]:
        """Return the job that plays a person's default move when his time runs out, then
        the rest of his turn at once: one turn, told like a computer's."""
        async def job() -> None:
            async with self._lock:
                if not self._still_due(seat, version):
                    return
                try:
                    acting, events = await self._step(seat, self._default_chooser())
                    takeover = self._count_timeout(seat)
                    await self._play_on(seat, acting, events)
                    if takeover:
                        await self.hooks.on_takeover(seat)
                finally:
                    self._plays_on = False
                    self._arm()

        return job

    def _count_timeout(self, seat: int) -> bool:
        """Count a timeout of the seat; return whether the computer now takes it over."""
        self.timeouts[seat] = self.timeouts.get(seat, 0) + 1
        if self.timeouts[seat] >= TAKEOVER_AFTER:
            self.taken_over.add(seat)
            return True
        self._expired.add(seat)  # the rest of this turn plays by default
        return False

    async def _step(self, seat: int, chooser: Callable[[Game, int], Any]
                    ) -> tuple[list[int], list[Event]]:
        """Play one chosen action; return who was to act before it and what happened."""
        acting = self.game.to_act()
        events = await self._play_chosen(seat, chooser)
        return acting, events + await self._close_if_unneeded()

    async def _play_on(self, seat: int, acting: list[int], events: list[Event]) -> None:
        """Tell a step of a turn nobody plays by hand, and play and tell its next steps one
        after the other, with no pause between, while the turn goes on."""
        for step in range(1, TURN_STEPS + 1):
            self._plays_on = step < TURN_STEPS and self._turn_goes_on(seat, acting, events)
            await self._notify(events)
            if not self._plays_on:
                return
            acting, events = await self._step(seat, self._chooser(seat))

    def _turn_goes_on(self, seat: int, acting: list[int], events: list[Event]) -> bool:
        """Whether the turn nobody plays by hand goes on after these events: the same seats
        are to act, it is one of them, no window waits for anybody and no new hand was dealt."""
        game = self.game
        return (not self._closed and not game.is_over and game.to_act() == acting
                and seat in acting and self._played_for(seat)
                and self._windows.find(game) is None and not self.hooks.new_deal(events))

    async def _choice(self, seat: int, chooser: Callable[[Game, int], Any]) -> Any:
        """Return the chooser's move: a computer's is worked out away from the loop when its
        seat says so (the session's lock is held meanwhile: the game cannot change)."""
        decide = self.hooks.away(seat) if chooser is self.hooks.choose else None
        if decide is not None:
            return await decide(self.state_text(), self.game.version)
        return chooser(self.game, seat)

    def _chooser(self, seat: int) -> Callable[[Game, int], Any]:
        """Return who chooses the seat's next action: the computer, or the clock's default."""
        return self.hooks.choose if self.controlled_by_computer(seat) else self._default_chooser()

    def _default_chooser(self) -> Callable[[Game, int], Any]:
        return self.hooks.default_move or self.hooks.choose

    async def _play_chosen(self, seat: int, chooser: Callable[[Game, int], Any]) -> list[Event]:
        """Play the chooser's move; if the game refuses it, fall back to the first legal one."""
        try:
            return await self._apply_locked(seat, await self._choice(seat, chooser))
        except RulesError as error:
            # the code only: a refusal's message may name a card of a hidden hand
            log.warning("chosen move refused for seat %s (%s); playing first legal", seat,
                        error.code)
            legal = self.game.legal_actions(seat)
            if not legal:
                raise
            return await self._apply_locked(seat, legal[0])
