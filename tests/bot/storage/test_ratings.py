"""Contract: the ratings each game's results make, on every backend.

Expected values come from openskill itself, called here with the same teams and ranks.
"""

from __future__ import annotations

import asyncio
import itertools
import sqlite3
from pathlib import Path

import pytest
from openskill.models import PlackettLuce, PlackettLuceRating

from bot.ratings import main
from bot.storage import ResultRow, Seat, Skill, Storage
from bot.storage.ratings import places, shown
from bot.storage.sqlite import open_sqlite
from tests.bot.storage.conftest import Opener
from tests.bot.storage.helpers import ALICE, BOB, CAROL, CHANNEL, DAVE, GUILD, seats

MODEL = PlackettLuce()
IDS = {"Alice": ALICE, "Bob": BOB, "Carol": CAROL, "Dave": DAVE}


def human(seat: int, name: str, won: bool = False, points: int = 0, *,
          side: int | None = None, place: int | None = None) -> ResultRow:
    """A person's result row."""
    return ResultRow(seat=seat, name=name, user_id=IDS[name], is_bot=False, points=points,
                     won=won, side=side, place=place)


def computer(seat: int, level: str, won: bool = False, points: int = 0, *,
             side: int | None = None) -> ResultRow:
    """A computer's result row at a level."""
    return ResultRow(seat=seat, name=f"Computer {seat + 1}", user_id=None, is_bot=True,
                     points=points, won=won, side=side, level=level)


async def finish(store: Storage, rows: list[ResultRow], game: str = "gin",
                 channel: int = CHANNEL, counted_as: str | None = None) -> int:
    """Run a game at `channel` and record `rows` as its end; return its id."""
    table: list[Seat] = [{"user_id": r.user_id, "name": r.name, "is_bot": r.is_bot}
                         for r in rows]
    game_id = await store.create_game(guild_id=GUILD, channel_id=channel, game=game,
                                      host_id=ALICE, seats=table)
    await store.start_game(game_id, "{}")
    await store.record_results(game_id, rows, counted_as=counted_as)
    return game_id


def pair(rating: PlackettLuceRating) -> tuple[float, float]:
    return rating.mu, rating.sigma


async def skills(store: Storage, board: str = "gin") -> dict[str, tuple[float, float, int]]:
    """Return every rating on a ladder: player -> (mu, sigma, games)."""
    return {p.player: (p.skill.mu, p.skill.sigma, p.skill.games)
            for p in await store.ladder(GUILD, board)}


async def test_two_player_games_follow_openskill(store: Storage) -> None:
    game_id = await finish(store, [human(0, "Alice", True, 120), human(1, "Bob", False, 30)])
    [[a1], [b1]] = MODEL.rate([[MODEL.rating()], [MODEL.rating()]], ranks=[1, 2])
    changes = await store.game_ratings(game_id)
    assert [(c.seat, c.player) for c in changes] == [(0, f"u:{ALICE}"), (1, f"u:{BOB}")]
    assert [(c.after.mu, c.after.sigma) for c in changes] == [pair(a1), pair(b1)]
    # Bob wins the next one, from the ratings the first game left: the margin means nothing.
    await finish(store, [human(0, "Alice", False, 99), human(1, "Bob", True, 100)])
    [[a2], [b2]] = MODEL.rate([[a1], [b1]], ranks=[2, 1])
    assert await skills(store) == {f"u:{ALICE}": (*pair(a2), 2), f"u:{BOB}": (*pair(b2), 2)}
    [alice] = await store.player_ratings(GUILD, ALICE)
    assert (alice.board, alice.skill.wins, alice.recent) == ("gin", 1, 2)
    assert alice.earlier == Skill(games=0)  # before her last two games: a new player's
    assert alice.skill.provisional and shown(a2.mu, a2.sigma) == alice.skill.shown


async def test_partners_are_rated_as_one_team(store: Storage) -> None:
    rows = [human(0, "Alice", True, 5120, side=0), human(1, "Bob", False, 3370, side=1),
            human(2, "Carol", True, 5120, side=0), human(3, "Dave", False, 3370, side=1)]
    await finish(store, rows, game="canasta")
    r = MODEL.rating
    [[a, c], [b, d]] = MODEL.rate([[r(), r()], [r(), r()]], ranks=[1, 2])
    assert await skills(store, "canasta") == {
        f"u:{ALICE}": (*pair(a), 1), f"u:{CAROL}": (*pair(c), 1),
        f"u:{BOB}": (*pair(b), 1), f"u:{DAVE}": (*pair(d), 1)}


async def test_an_elimination_game_rates_by_the_places_given(store: Storage) -> None:
    # Ramino: Carol won; Alice went out last, Dave before her, Bob first (despite his points).
    rows = [human(0, "Alice", points=-130, place=2), human(1, "Bob", points=-105, place=4),
            human(2, "Carol", True, -40, place=1), human(3, "Dave", points=-110, place=3)]
    game_id = await finish(store, rows, game="ramino")
    r = MODEL.rating
    expected = MODEL.rate([[r()], [r()], [r()], [r()]], ranks=[2, 4, 1, 3])
    changes = await store.game_ratings(game_id)
    assert [(c.after.mu, c.after.sigma) for c in changes] == [pair(t[0]) for t in expected]
    assert [p.place for p in await store.results(game_id)] == [2, 4, 1, 3]


def test_places_fall_back_on_won_then_points_and_partners_share() -> None:
    rows = [human(0, "Alice", False, 50), human(1, "Bob", True, 10), human(2, "Carol", False, 50),
            human(3, "Dave", False, 70)]
    assert places(rows) == {0: 3, 1: 1, 2: 3, 3: 2}
    partners = [human(0, "Alice", True, 9, side=0), human(1, "Bob", False, 4, side=1),
                human(2, "Carol", True, 9, side=0), human(3, "Dave", False, 4, side=1)]
    assert places(partners) == {0: 1, 1: 3, 2: 1, 3: 3}


async def test_computers_are_rated_one_rating_per_level(store: Storage) -> None:
    await finish(store, [human(0, "Alice", True), computer(1, "hard")])
    [[a1], [h1]] = MODEL.rate([[MODEL.rating()], [MODEL.rating()]], ranks=[1, 2])
    # Two normal computers and the hard one: the level's seats are rated apart, then the
    # level takes the mean of their new ratings.
    await finish(store, [computer(0, "hard", True), computer(1, "normal"), computer(2, "normal"),
                         human(3, "Alice")], channel=CHANNEL + 1)
    r = MODEL.rating
    [[h2], [n1], [n2], [a2]] = MODEL.rate([[h1], [r()], [r()], [a1]], ranks=[1, 2, 2, 2])
    assert await skills(store) == {
        f"u:{ALICE}": (*pair(a2), 2), "bot:hard": (*pair(h2), 2),
        "bot:normal": ((n1.mu + n2.mu) / 2, (n1.sigma + n2.sigma) / 2, 1)}
    # A computer saved without a level plays (and is rated) as normal.
    game_id = await finish(store, [human(0, "Bob", True),
                                   ResultRow(1, "CPU", None, True, 0, False)],
                           channel=CHANNEL + 2)
    assert [c.player for c in await store.game_ratings(game_id)] == [f"u:{BOB}", "bot:normal"]


async def test_a_server_may_keep_games_with_computers_off_the_ladder(store: Storage) -> None:
    assert (await store.get_guild_settings(GUILD)).rate_computer_games is True
    await store.set_guild_settings(GUILD, rate_computer_games=False)
    game_id = await finish(store, [human(0, "Alice", True), computer(1, "easy")])
    assert await store.game_ratings(game_id) == [] and await skills(store) == {}
    # Games between people still count.
    await finish(store, [human(0, "Alice", True), human(1, "Bob")], channel=CHANNEL + 1)
    assert set(await skills(store)) == {f"u:{ALICE}", f"u:{BOB}"}
    with pytest.raises(TypeError):
        await store.set_guild_settings(GUILD, rate_computer_games="no")


async def test_a_board_of_its_own_has_its_own_ladder(store: Storage) -> None:
    await finish(store, [human(0, "Alice", True, 3), human(1, "Bob", False, -1)], game="ramino",
                 counted_as="ramino_chips")
    assert await skills(store, "ramino") == {}
    assert set(await skills(store, "ramino_chips")) == {f"u:{ALICE}", f"u:{BOB}"}


async def test_a_game_of_one_side_or_of_unknown_people_is_not_rated(store: Storage) -> None:
    lone = await finish(store, [human(0, "Alice", True)])
    anon = ResultRow(1, "Guest", None, False, 0, False)
    unknown = await finish(store, [human(0, "Alice", True), anon], channel=CHANNEL + 1)
    assert await store.game_ratings(lone) == await store.game_ratings(unknown) == []


async def test_two_games_ending_at_once_lose_no_update(open_store: Opener) -> None:
    # Two bot processes (two connections) end a game each, both with Alice, at the same time.
    first, second = await open_store(), await open_store()
    try:
        for round_no in range(3):
            games = []
            for store, rival in ((first, "Bob"), (second, "Carol")):
                table: list[Seat] = seats("Alice", rival)
                game_id = await store.create_game(
                    guild_id=GUILD, channel_id=CHANNEL + 10 * round_no + len(games), game="gin",
                    host_id=ALICE, seats=table)
                await store.start_game(game_id, "{}")
                games.append((store, game_id, rival))
            await asyncio.gather(*(store.record_results(game_id, [
                human(0, "Alice", True), human(1, rival)]) for store, game_id, rival in games))
        ladder = await skills(first)
        assert ladder[f"u:{ALICE}"][2] == 6
        # Replaying the games in the order they were rated gives the stored numbers.
        stored = {p.player: (p.skill.mu, p.skill.sigma) for p in await first.ladder(GUILD, "gin")}
        await first.rebuild_ratings()
        assert {p.player: (p.skill.mu, p.skill.sigma)
                for p in await second.ladder(GUILD, "gin")} == stored
        changes = [c for g in range(1, 7) for c in await first.game_ratings(g)]
        alice = [c for c in changes if c.player == f"u:{ALICE}"]
        # Each of her games started from the rating her previous one left: none was lost.
        assert sorted(c.before.games for c in alice) == list(range(6))
        chain = sorted(alice, key=lambda c: c.before.games)
        assert all(a.after.mu == b.before.mu for a, b in itertools.pairwise(chain))
    finally:
        await first.close()
        await second.close()


async def test_the_ladder_rebuilt_from_results_alone_has_the_same_numbers(store: Storage) -> None:
    await finish(store, [human(0, "Alice", True), human(1, "Bob")])
    await finish(store, [human(0, "Bob", True, side=0), human(1, "Carol", side=1),
                         human(2, "Dave", True, side=0), computer(3, "hard", side=1)],
                 game="canasta", channel=CHANNEL + 1)
    await finish(store, [human(0, "Carol", place=2), human(1, "Alice", True, place=1),
                         computer(2, "easy")], channel=CHANNEL + 2)
    await finish(store, [human(0, "Alice", True, 3), computer(1, "normal")], game="ramino",
                 counted_as="ramino_chips", channel=CHANNEL + 3)
    boards = ("gin", "canasta", "ramino_chips")
    before = [sorted(await store.ladder(GUILD, b), key=lambda p: p.player) for b in boards]
    mine = await store.player_ratings(GUILD, ALICE)
    changes = [await store.game_ratings(g) for g in range(1, 5)]
    assert await store.rebuild_ratings() == 4
    assert [sorted(await store.ladder(GUILD, b), key=lambda p: p.player)
            for b in boards] == before
    assert await store.player_ratings(GUILD, ALICE) == mine
    assert [await store.game_ratings(g) for g in range(1, 5)] == changes
    # The next game goes on from the rebuilt ladder (its game count too).
    await finish(store, [human(0, "Alice"), human(1, "Bob", True)], channel=CHANNEL + 4)
    assert (await skills(store))[f"u:{ALICE}"][2] == 3


def test_the_command_line_rebuilds_a_database_file(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "rummy.sqlite3"

    async def play() -> None:
        store = await open_sqlite(path)
        try:
            await finish(store, [human(0, "Alice", True), human(1, "Bob")])
            await finish(store, [human(0, "Bob", True), human(1, "Carol")], channel=CHANNEL + 1)
            with sqlite3.connect(path) as raw:  # the ratings are lost: only results are left
                raw.execute("DELETE FROM ratings")
                raw.execute("DELETE FROM rating_changes")
            assert await store.ladder(GUILD, "gin") == []
        finally:
            await store.close()

    asyncio.run(play())
    assert main(["rebuild", str(path)]) == 0
    assert capsys.readouterr().out == "Rebuilt the ratings from 2 rated games.\n"

    async def ladder() -> dict[str, int]:
        store = await open_sqlite(path)
        try:
            return {p.player: p.skill.games for p in await store.ladder(GUILD, "gin")}
        finally:
            await store.close()

    assert asyncio.run(ladder()) == {f"u:{ALICE}": 1, f"u:{BOB}": 2, f"u:{CAROL}": 1}
