"""The "Rummy!" race through the session layer: hundreds of claims at once, one winner.

SimCord runs clicks one at a time, so it cannot show races; these tests drive the real
GameSession with a real Rummy500Game and hundreds of concurrent claim tasks whose
persistence awaits (like the SQLite write) so the tasks truly interleave.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from engine.errors import RulesError
from engine.game import Event, Game
from engine.rummy500 import ClaimRummy, Rummy500Game, Rummy500Options, parse_action
from engine.session import GameSession, NotWaitedFor, SessionHooks, TooLate
from tests.engine.clock import LoopClock
from tests.engine.rummy500.scripted import crafted


def window_position(options: Rummy500Options | None = None) -> Rummy500Game:
    """Seat 0 has just discarded 8H; it fits seat 1's run 5H 6H 7H; seat 1 draws next.

    Seats 1 and 2 are opened (they own melds); seat 3 is not.
    """
    return crafted(
        {0: "2C 4D 9S", 1: "3C 5D 10S KD", 2: "3S 6D JS", 3: "4S 7D QS KC"},
        melds=[(1, "5H 6H 7H"), (2, "9C 10C JC")],
        pile="KH 8H", turn=1, phase="draw", players=4, options=options,
        claim=("8H", 0),
    )


def claim(meld: str = "A") -> ClaimRummy:
    action = parse_action(f"claim 8H {meld}")
    assert isinstance(action, ClaimRummy)
    return action


class Recorder:
    """Session hooks that store snapshots after a random await, like a database write."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.saved: list[tuple[int, str]] = []
        self.announced: list[list[Event]] = []

    async def persist(self, game: Game, seat: int, action: Any, events: list[Event]) -> None:
        for _ in range(self.rng.randrange(3)):
            await asyncio.sleep(0)
        self.saved.append((seat, str(action)))

    async def on_events(self, events: list[Event]) -> None:
        self.announced.append(events)

    def hooks(self, react: Any = None, computers: frozenset[int] = frozenset(),
              passing: set[int] | None = None) -> SessionHooks:
        standing = set() if passing is None else passing  # read at each look, as the host's
        return SessionHooks(
            load=Rummy500Game.from_json, persist=self.persist,
            choose=lambda g, s: g.legal_actions(s)[0], on_events=[self.on_events],
            is_computer=lambda s: s in computers, react=react,
            passes=lambda s: s in standing)


async def submit_all(session: GameSession, seats: list[int]) -> list[Any]:
    """Send one claim per entry of `seats`, all at once; return results or errors."""
    tasks = [session.submit(seat, claim()) for seat in seats]
    return await asyncio.gather(*tasks, return_exceptions=True)


async def test_three_hundred_simultaneous_claims_have_exactly_one_winner() -> None:
    for trial in range(5):
        rng = random.Random(trial)
        seats = [rng.choice([1, 2]) for _ in range(300)]
        recorder = Recorder(trial)
        session = GameSession(window_position(), recorder.hooks())
        results = await submit_all(session, seats)
        winners = [seats[i] for i, r in enumerate(results) if not isinstance(r, BaseException)]
        assert len(winners) == 1
        late = [r for r in results if isinstance(r, RulesError)]
        assert len(late) == 299 and {e.code for e in late} == {"too_late"}
        # The first claim received won: the claim saved is the first task's seat.
        assert recorder.saved == [(seats[0], "claim 8H A")]
        game = session.game
        assert isinstance(game, Rummy500Game)
        run = next(m for m in game.public_view().melds if m.id == "A")
        assert [e.card for e in run.entries] == ["5H", "6H", "7H", "8H"]
        assert run.entries[-1].by == seats[0]
        assert game.public_view().pile == ("KH",)
        assert not game.claim_open and game.turn == 1  # the turn order did not change
        session.close()


async def test_invalid_claims_in_the_crowd_change_nothing_and_a_valid_one_still_wins() -> None:
    recorder = Recorder(7)
    session = GameSession(window_position(), recorder.hooks())
    # Unopened seat 3 and the discarder (seat 0) call first; seat 2 is the first valid claim.
    seats = [3, 0, 3, 0, 2, 1, 3, 1, 2, 0] * 20
    results = await submit_all(session, seats)
    codes = [getattr(r, "code", "won") for r in results]
    assert codes[:5] == ["not_opened", "own_discard", "not_opened", "own_discard", "won"]
    assert codes.count("won") == 1
    assert set(codes[5:]) == {"too_late"}  # once won, even invalid callers are just late
    assert recorder.saved == [(2, "claim 8H A")]
    session.close()


async def test_the_next_players_draw_closes_the_window(clock: LoopClock) -> None:
    recorder = Recorder(1)
    session = GameSession(window_position(), recorder.hooks())
    session.start()
    await session.submit(1, "draw")
    results = await submit_all(session, [2, 2])
    assert {getattr(r, "code", None) for r in results} == {"too_late"}
    game = session.game
    assert isinstance(game, Rummy500Game)
    assert game.public_view().pile == ("KH", "8H")  # 8H stays in the pile
    session.close()


async def test_the_window_closes_after_its_seconds_then_claims_are_too_late(
        clock: LoopClock) -> None:
    recorder = Recorder(2)
    options = Rummy500Options(rummy_window_seconds=7)
    session = GameSession(window_position(options), recorder.hooks())
    session.start()
    await clock.advance(6.9)
    assert session.game.claim_open  # type: ignore[attr-defined]
    await clock.advance(0.2)
    assert not session.game.claim_open  # type: ignore[attr-defined]
    assert recorder.saved == [(-1, "end_claims")]
    [late] = await submit_all(session, [2])
    assert getattr(late, "code", None) == "too_late"
    session.close()


async def test_a_computer_claims_after_a_pause_that_leaves_humans_time(
        clock: LoopClock) -> None:
    recorder = Recorder(3)
    reacted: list[int] = []

    def react(game: Any, seat: int) -> str | None:
        reacted.append(seat)
        claims = game.private_view(seat).claims
        return claims[0] if claims else None

    session = GameSession(window_position(), recorder.hooks(react, frozenset({2})),
                          bot_delay=1.5)
    session.start()
    assert reacted == [2]  # only the computer seat is asked
    await clock.advance(1.4)
    assert recorder.saved == []  # a human could still be first
    await clock.advance(0.2)
    assert recorder.saved == [(2, "claim 8H A")]
    session.close()


async def test_a_computer_next_player_waits_for_the_window_before_drawing(
        clock: LoopClock) -> None:
    recorder = Recorder(4)
    options = Rummy500Options(rummy_window_seconds=10)
    session = GameSession(window_position(options), recorder.hooks(None, frozenset({1})),
                          bot_delay=1.5)
    session.start()
    await clock.advance(9.0)
    assert recorder.saved == []  # seat 2, a human, may still claim: seat 1 does not draw
    await clock.advance(1.0)
    assert recorder.saved == [(-1, "end_claims")]
    await clock.advance(1.5)
    assert recorder.saved[1][0] == 1  # then the computer plays its turn
    session.close()


async def test_without_a_human_who_could_claim_the_window_closes_at_once(
        clock: LoopClock) -> None:
    # Issue 10: computers decide at once; it used to stay open for the computer's delay.
    recorder = Recorder(5)
    session = GameSession(window_position(), recorder.hooks(None, frozenset({1, 2})),
                          bot_delay=1.5)
    session.start()
    await clock.advance(0)
    assert recorder.saved == [(-1, "end_claims")]
    await clock.advance(1.4)
    assert len(recorder.saved) == 1  # the next computer still takes its pause to draw
    await clock.advance(0.1)
    assert recorder.saved[1] == (1, "draw")
    session.close()


async def test_under_announce_an_unplayable_discard_does_not_hold_up_the_game(
        clock: LoopClock) -> None:
    recorder = Recorder(6)
    game = crafted(
        {0: "2C 4D 9S", 1: "3C 5D 10S KD", 2: "3S 6D JS", 3: "4S 7D QS KC"},
        melds=[(1, "5H 6H 7H"), (2, "9C 10C JC")], pile="8H KH", turn=1, phase="draw",
        players=4, options=Rummy500Options(rummy_call="announce"), claim=("KH", 0))
    session = GameSession(game, recorder.hooks(None, frozenset({1})), bot_delay=1.5)
    session.start()
    await clock.advance(0)
    assert recorder.saved == [(-1, "end_claims")]  # KH fits nothing: no ten-second wait
    session.close()


# ----- issue 10: the window waits only for people who may still claim ------------------------


async def test_the_window_closes_once_every_person_who_may_claim_has_passed(
        clock: LoopClock) -> None:
    recorder = Recorder(8)
    session = GameSession(window_position(), recorder.hooks())
    session.start()
    version = session.game.version
    assert await session.pass_claims(2, version) == []
    assert session.game.claim_open  # type: ignore[attr-defined]  # seat 1 may still claim
    events = await session.pass_claims(1, version)
    assert [e.kind for e in events] == ["claims_closed"]
    assert recorder.saved == [(-1, "end_claims")] and recorder.announced == [events]
    assert not session.game.claim_open  # type: ignore[attr-defined]
    with pytest.raises(TooLate):
        await session.pass_claims(1, version)
    session.close()


async def test_only_a_person_who_may_claim_can_pass_and_twice_is_once(clock: LoopClock) -> None:
    recorder = Recorder(9)
    session = GameSession(window_position(), recorder.hooks(None, frozenset({2})))
    session.start()
    version = session.game.version
    for seat in (0, 3, 2):  # the discarder, an unopened seat, a computer
        with pytest.raises(NotWaitedFor):
            await session.pass_claims(seat, version)
    with pytest.raises(TooLate):
        await session.pass_claims(1, version - 1)
    session.close()
    people = GameSession(window_position(), recorder.hooks())
    people.start()
    assert await people.pass_claims(1, version) == []
    assert await people.pass_claims(1, version) == []  # seat 2 may still claim
    assert people.game.claim_open and recorder.saved == []  # type: ignore[attr-defined]
    people.close()


async def test_a_window_every_person_passes_on_for_now_closes_at_once(
        clock: LoopClock) -> None:
    # Issue 26: seats 1 and 2 chose to pass on every window; 8H fits seat 1's run all the same.
    recorder = Recorder(11)
    session = GameSession(window_position(), recorder.hooks(passing={1, 2}))
    session.start()
    await clock.advance(0)
    assert recorder.saved == [(-1, "end_claims")]
    session.close()


async def test_a_standing_pass_set_during_a_window_passes_on_it(clock: LoopClock) -> None:
    recorder, passing = Recorder(12), {2}
    session = GameSession(window_position(), recorder.hooks(passing=passing))
    session.start()
    version = session.game.version
    # Seat 2 passes for now, and his own "No claim" says nothing new; seat 1 is waited for.
    assert await session.pass_claims(2, version) == []
    await clock.advance(5)
    assert session.game.claim_open and recorder.saved == []  # type: ignore[attr-defined]
    passing.add(0)
    with pytest.raises(NotWaitedFor):  # a standing pass does not make the discarder a claimer
        await session.pass_claims(0, version)
    passing.add(1)  # the host notes seat 1's choice, then passes for him on this window
    events = await session.pass_claims(1, version)
    assert [e.kind for e in events] == ["claims_closed"]
    session.close()


async def test_once_the_people_passed_a_computer_claim_comes_after_half_its_pause(
        clock: LoopClock) -> None:
    recorder = Recorder(10)

    def react(game: Any, seat: int) -> str | None:
        claims = game.private_view(seat).claims
        return claims[0] if claims else None

    session = GameSession(window_position(), recorder.hooks(react, frozenset({2})),
                          bot_delay=1.5)
    session.start()
    assert await session.pass_claims(1, session.game.version) == []
    await clock.advance(0.7)
    assert recorder.saved == []  # the computer's claim is shown coming, not made at once
    await clock.advance(0.1)
    assert recorder.saved == [(2, "claim 8H A")]
    session.close()


async def test_a_discard_nobody_may_claim_opens_and_closes_its_window_in_one_announcement(
        clock: LoopClock) -> None:
    # Seat 0 is the only seat with a meld: after his discard nobody may claim.
    recorder = Recorder(11)
    game = crafted({0: "2C 4D 9S", 1: "3C 5D 10S KD", 2: "3S 6D JS", 3: "4S 7D QS KC"},
                   melds=[(0, "5H 6H 7H")], pile="KH", turn=0, phase="play", players=4)
    session = GameSession(game, recorder.hooks())
    session.start()
    events = await session.submit(0, parse_action("discard 9S"))
    assert [e.kind for e in events] == ["discard", "claims_closed"]
    assert recorder.announced == [events]  # one table edit, no window shown for nothing
    assert recorder.saved == [(0, "discard 9S"), (-1, "end_claims")]
    await clock.advance(0)
    assert len(recorder.saved) == 2
    session.close()


async def test_a_timed_out_turn_draws_and_discards_at_once_and_its_window_opens(
        clock: LoopClock) -> None:
    # Seat 0's time runs out before his draw: the clock draws 8H and discards it at once;
    # 8H fits seat 1's run, so the Rummy! window opens for the people and waits for them.
    recorder = Recorder(13)
    game = crafted({0: "2C 4D 9S", 1: "3C 5D 10S KD", 2: "3S 6D JS", 3: "4S 7D QS KC"},
                   melds=[(1, "5H 6H 7H"), (2, "9C 10C JC")], pile="KH", stock="8H 2D",
                   turn=0, phase="draw", players=4)
    hooks = recorder.hooks()
    hooks.default_move = lambda g, s: "draw" if g.phase == "draw" else "discard 8H"
    session = GameSession(game, hooks, turn_seconds=60, bot_delay=1.5)
    session.start()
    await clock.advance(60)
    assert recorder.saved == [(0, "draw"), (0, "discard 8H")]
    assert session.game.claim_open  # type: ignore[attr-defined]
    version = session.game.version
    await clock.advance(5)
    assert session.game.version == version  # nobody plays through the open window
    assert len(await submit_all(session, [1])) == 1
    assert recorder.saved[-1] == (1, "claim 8H A")
    session.close()
