"""Time the ratings: what rating a game adds to its end, and the rating leaderboard's picture.

A real SQLite file (synchronous=FULL, as the bot runs it) holds one server's ladder of
`--players` people; games of two to four seats end one after another. Each end is timed
around `record_results`, alternating rated games and the same games on a server that keeps
them off the ladder (a computer seat, rate_computer_games off): the added time per game end
is the difference of the medians. The pure openskill update (`rate_game`) is timed alone too.
The leaderboard picture is the whole of /leaderboard by:rating but the upload: the ladder
read, its rows and the PNG.

Run: python -m benchmarks.bench_ratings [--games N | --quick]
Target: added time per game end ≤ 5 ms median on SQLite.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.storage import ResultRow, Seat, Storage
from bot.storage.ratings import Skill, rate_game
from bot.storage.sqlite import open_sqlite
from card_images import LeaderboardSpec, render_leaderboard
from cogs.ratings import board_rows

RATED, UNRATED = 1, 2  # two servers: the second keeps games with computers off its ladder
TARGET_MS = 5.0


def game_rows(rnd: random.Random, players: int, computer: bool) -> list[ResultRow]:
    """Return a random game's result rows: two to four seats, places by a shuffle."""
    seats = rnd.choice((2, 2, 3, 4))
    people = rnd.sample(range(1, players + 1), seats)
    order = list(range(1, seats + 1))
    rnd.shuffle(order)
    rows = [ResultRow(seat, f"Player {who}", who, False, 100 - 10 * place, place == 1,
                      place=place) for seat, (who, place) in enumerate(zip(people, order))]
    if computer:  # the same game with a computer in the last seat
        last = rows[-1]
        rows[-1] = ResultRow(last.seat, "Computer", None, True, last.points, last.won,
                             place=last.place, level="normal")
    return rows


async def end_game(store: Storage, guild: int, rows: list[ResultRow]) -> float:
    """Run a game to its end on `guild` and return the seconds `record_results` took."""
    seats: list[Seat] = [{"user_id": r.user_id, "name": r.name, "is_bot": r.is_bot}
                         for r in rows]
    game_id = await store.create_game(guild_id=guild, channel_id=guild * 1000, game="gin",
                                      host_id=1, seats=seats)
    await store.start_game(game_id, "{}")
    start = time.perf_counter()
    await store.record_results(game_id, rows)
    return time.perf_counter() - start


async def bench(games: int, players: int, pictures: int) -> None:
    """Play the games, then draw the leaderboard; print the figures."""
    rnd = random.Random(27)
    with tempfile.TemporaryDirectory() as folder:
        store = await open_sqlite(Path(folder) / "bench.sqlite3")
        try:
            await store.set_guild_settings(UNRATED, rate_computer_games=False)
            rated, unrated = [], []
            for _ in range(games):
                rows = game_rows(rnd, players, computer=False)
                rated.append(await end_game(store, RATED, rows))
                unrated.append(await end_game(store, UNRATED, game_rows(rnd, players, True)))
            pure = time_rate_game(rnd, players)
            ladder_size = len(await store.ladder(RATED, "gin"))
            picture = [await leaderboard_picture(store) for _ in range(pictures)]
        finally:
            await store.close()
    added = (statistics.median(rated) - statistics.median(unrated)) * 1000
    print(f"{games} game ends each way, ladder of {ladder_size} players (SQLite, FULL sync)")
    print(f"  record_results, rated:        median {ms(rated)} ms, p90 {p90(rated)} ms")
    print(f"  record_results, not rated:    median {ms(unrated)} ms, p90 {p90(unrated)} ms")
    print(f"  added time per game end:      median {added:.2f} ms (target <= {TARGET_MS} ms)"
          f" {'OK' if added <= TARGET_MS else 'OVER'}")
    print(f"  openskill update alone:       median {ms(pure)} ms")
    print(f"leaderboard picture (read + rows + PNG), {pictures} runs: median {ms(picture)} ms,"
          f" max {max(picture) * 1000:.1f} ms")


def time_rate_game(rnd: random.Random, players: int, runs: int = 500) -> list[float]:
    """Time `rate_game` alone on random games from a ladder of settled players."""
    prior = {f"u:{who}": Skill(rnd.gauss(25, 4), rnd.uniform(1.5, 8), 10, 5)
             for who in range(1, players + 1)}
    times = []
    for _ in range(runs):
        rows = game_rows(rnd, players, computer=False)
        start = time.perf_counter()
        rate_game(prior, rows)
        times.append(time.perf_counter() - start)
    return times


async def leaderboard_picture(store: Storage) -> float:
    """Return the seconds of one /leaderboard by:rating picture, upload aside."""
    start = time.perf_counter()
    ladder = await store.ladder(RATED, "gin")
    rows, mine = board_rows(ladder, "u:3", "en")
    render_leaderboard(LeaderboardSpec("Leaderboard: Gin Rummy",
                                       ["#", "Player", "Rating", "Games", "Win rate"], rows,
                                       highlight=mine))
    return time.perf_counter() - start


def ms(times: list[float]) -> str:
    return f"{statistics.median(times) * 1000:.2f}"


def p90(times: list[float]) -> str:
    return f"{statistics.quantiles(times, n=10)[8] * 1000:.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="game ends timed each way")
    parser.add_argument("--players", type=int, default=60, help="people on the ladder")
    parser.add_argument("--quick", action="store_true", help="60 games, 10 pictures")
    args = parser.parse_args()
    games, pictures = (60, 10) if args.quick else (args.games, 40)
    asyncio.run(bench(games, args.players, pictures))


if __name__ == "__main__":
    main()
