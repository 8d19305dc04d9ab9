"""Per-server, per-board ratings: openskill's Plackett–Luce model over each game's final places.

A game is rated from its result rows alone: the places (1 = first; partners share theirs and
are rated as one team), never the score margin. People are rated by user id ("u:<id>"),
computers one rating per level ("bot:<level>"); a server may keep games with computers off
its ladder. Storage applies `rate_game` in the transaction that records the results, and
`replay` rebuilds every ladder from the stored results in the order they were rated.

The number shown is a scaled ordinal: START + SCALE × (μ − 3σ), so a new player shows 1500 and
climbs as his σ shrinks; SCALE makes 400 points between two settled players mean the 10 : 1
odds they have in Elo. A player is provisional ("?") while he has fewer than
PROVISIONAL_GAMES (8) rated games or his σ is still above PROVISIONAL_SIGMA (7.0, from 8.33 at
the start: a two-player game takes about 0.25 off, a game of more seats less).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from openskill.models import PlackettLuce

from bot.storage.records import ResultRow

Values = tuple[object, ...]  # one row's statement values
MODEL: Final = PlackettLuce()  # μ 25, σ 25/3, β 25/6, τ 25/300: openskill's defaults
START: Final = 1500
# Two settled players' win chance is 1 / (1 + e^(−Δμ / (√2 β))); Elo's 1 / (1 + 10^(−Δ / 400)).
SCALE: Final = 400 / (math.sqrt(2) * MODEL.beta * math.log(10))
PROVISIONAL_GAMES: Final = 8
PROVISIONAL_SIGMA: Final = 7.0
DEFAULT_BOT_LEVEL: Final = "normal"  # a computer seat saved without a level plays normal


@dataclass(frozen=True)
class Skill:
    """One player's rating on one ladder: openskill's μ and σ, and his rated games and wins."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    games: int = 0
    wins: int = 0

    @property
    def shown(self) -> int:
        """The number players see."""
        return shown(self.mu, self.sigma)

    @property
    def provisional(self) -> bool:
        """Whether the rating is still provisional (marked "?", listed apart)."""
        return self.games < PROVISIONAL_GAMES or self.sigma > PROVISIONAL_SIGMA


@dataclass(frozen=True)
class RatingChange:
    """What one seat's game did to its player's rating."""

    seat: int
    player: str
    before: Skill
    after: Skill

    @property
    def delta(self) -> int:
        """The change of the number shown."""
        return self.after.shown - self.before.shown


@dataclass(frozen=True)
class PlayerRating:
    """A player's rating on one ladder, as /leaderboard and /stats read it.

    `earlier` is his rating before his last `recent` rated games (None if not asked).
    """

    board: str
    player: str
    user_id: int | None
    name: str
    skill: Skill
    earlier: Skill | None = None
    recent: int = 0

    @property
    def level(self) -> str | None:
        """A computer's level, None for a person."""
        return self.player.removeprefix("bot:") if self.player.startswith("bot:") else None


@dataclass(frozen=True)
class StoredResult:
    """One result row as the rebuild reads it: where and when it was rated, and the row."""

    game_id: int
    guild_id: int
    board: str
    seq: int
    row: ResultRow


def shown(mu: float, sigma: float) -> int:
    """Return the displayed rating of μ and σ: START plus the scaled ordinal μ − 3σ."""
    return round(START + SCALE * (mu - 3 * sigma))


def player_key(row: ResultRow) -> str | None:
    """Return whom a seat's result rates: a person by id, a computer by level (None: nobody)."""
    if row.is_bot:
        return f"bot:{row.level or DEFAULT_BOT_LEVEL}"
    return None if row.user_id is None else f"u:{row.user_id}"


def is_rated(rows: Sequence[ResultRow], rate_computer_games: bool) -> bool:
    """Whether a game changes ratings: two sides or more, every seat someone, and no computer
    unless the server rates games with computers."""
    if any(player_key(r) is None for r in rows) or len(teams(rows)) < 2:
        return False
    return rate_computer_games or not any(r.is_bot for r in rows)


def places(rows: Sequence[ResultRow]) -> dict[int, int]:
    """Return each seat's final place: the one given, else from won, then points (ties
    share); partners take their side's best place."""
    if all(r.place is not None for r in rows):
        given = {r.seat: int(r.place or 0) for r in rows}
    else:
        keys = {r.seat: (not r.won, -r.points) for r in rows}
        given = {seat: 1 + sum(other < key for other in keys.values())
                 for seat, key in keys.items()}
    best: dict[object, int] = {}
    for r in rows:
        side = side_of(r)
        best[side] = min(best.get(side, given[r.seat]), given[r.seat])
    return {r.seat: best[side_of(r)] for r in rows}


def side_of(row: ResultRow) -> object:
    """Return what groups a seat with its partners: its side, or the seat alone."""
    return ("seat", row.seat) if row.side is None else ("side", row.side)


def teams(rows: Sequence[ResultRow]) -> list[list[ResultRow]]:
    """Group the rows into teams (partners together), in seat order of their first member."""
    grouped: dict[object, list[ResultRow]] = {}
    for row in sorted(rows, key=lambda r: r.seat):
        grouped.setdefault(side_of(row), []).append(row)
    return list(grouped.values())


def rate_game(prior: Mapping[str, Skill], rows: Sequence[ResultRow]) -> list[RatingChange]:
    """Rate one game from its places: each seat's player before and after, by seat.

    Seats of one computer level (two "normal" computers at a table) are rated as separate
    players from the level's rating, and the level takes the mean of their new μ and σ.
    """
    sides, place = teams(rows), places(rows)
    before = {r.seat: prior.get(key_of(r), Skill()) for r in rows}
    rated = MODEL.rate([[MODEL.rating(before[r.seat].mu, before[r.seat].sigma) for r in team]
                        for team in sides],
                       ranks=[float(place[team[0].seat]) for team in sides])
    new: dict[str, list[tuple[float, float]]] = defaultdict(list)
    won: dict[str, bool] = {}
    for team, ratings in zip(sides, rated, strict=True):
        for row, rating in zip(team, ratings, strict=True):
            new[key_of(row)].append((rating.mu, rating.sigma))
            won[key_of(row)] = won.get(key_of(row), False) or row.won
    after = {key: _merged(before[next(r.seat for r in rows if key_of(r) == key)], values,
                          won[key]) for key, values in new.items()}
    return [RatingChange(r.seat, key_of(r), before[r.seat], after[key_of(r)])
            for r in sorted(rows, key=lambda r: r.seat)]


def key_of(row: ResultRow) -> str:
    """Return the player a rated row rates (rated rows always have one)."""
    key = player_key(row)
    assert key is not None, "rate only games is_rated accepts"
    return key


def _merged(before: Skill, values: list[tuple[float, float]], won: bool) -> Skill:
    """Return a player's new skill from his seats' new μ and σ (their mean), one game more."""
    mu = sum(v[0] for v in values) / len(values)
    sigma = sum(v[1] for v in values) / len(values)
    return Skill(mu, sigma, before.games + 1, before.wins + int(won))


@dataclass
class Ladders:
    """Every ladder rebuilt, by (guild, board): each player's skill, name and last game, each
    game's changes, and how many games it rated."""

    skills: dict[tuple[int, str], dict[str, Skill]] = field(default_factory=dict)
    names: dict[tuple[int, str], dict[str, tuple[int | None, str, int]]] = field(
        default_factory=dict)  # player -> user id, latest name, last seq
    changes: list[tuple[StoredResult, RatingChange]] = field(default_factory=list)
    games: dict[tuple[int, str], int] = field(default_factory=dict)


def replay(results: Iterable[StoredResult]) -> Ladders:
    """Rebuild every ladder from the rated results, read in (guild, board, seq, seat) order."""
    ladders = Ladders()
    game: list[StoredResult] = []
    for stored in results:
        if game and (stored.guild_id, stored.board, stored.seq) != (
                game[0].guild_id, game[0].board, game[0].seq):
            _replay_game(ladders, game)
            game = []
        game.append(stored)
    if game:
        _replay_game(ladders, game)
    return ladders


def _replay_game(ladders: Ladders, game: list[StoredResult]) -> None:
    """Apply one rated game to the ladders being rebuilt."""
    first = game[0]
    where = (first.guild_id, first.board)
    skills = ladders.skills.setdefault(where, {})
    names = ladders.names.setdefault(where, {})
    by_seat = {s.row.seat: s for s in game}
    for change in rate_game(skills, [s.row for s in game]):
        row = by_seat[change.seat].row
        skills[change.player] = change.after
        names[change.player] = (row.user_id, row.name, first.seq)
        ladders.changes.append((by_seat[change.seat], change))
    ladders.games[where] = first.seq


# --- what storage writes and reads (both backends alike) ----------------------------------------

def result_values(game_id: int, guild_id: int, board: str, stamp: str,
                  rows: Sequence[ResultRow], seq: int | None) -> list[Values]:
    """Return the INSERT_RESULT values of a game's rows (`seq`: its ladder game, or None)."""
    return [(game_id, guild_id, board, r.user_id, r.name, r.seat, r.side, int(r.is_bot),
             r.points, int(r.won), stamp, r.place, r.level, seq) for r in rows]


def rating_values(guild_id: int, board: str, seq: int, rows: Sequence[ResultRow],
                  changes: Sequence[RatingChange]) -> list[Values]:
    """Return the SAVE_RATING values: each player's new rating, once per player."""
    by_seat = {r.seat: r for r in rows}
    latest = {c.player: c for c in changes}
    return [(guild_id, board, player, by_seat[c.seat].user_id, by_seat[c.seat].name,
             c.after.mu, c.after.sigma, c.after.games, c.after.wins, seq)
            for player, c in latest.items()]


def change_values(game_id: int, guild_id: int, board: str, seq: int,
                  changes: Sequence[RatingChange]) -> list[Values]:
    """Return the INSERT_RATING_CHANGE values: one per seat."""
    return [(game_id, c.seat, guild_id, board, seq, c.player, c.before.mu, c.before.sigma,
             c.after.mu, c.after.sigma, c.after.games) for c in changes]


def skill_of(row: Any) -> Skill:
    """Read a SKILL_COLUMNS row (any backend's row type)."""
    return Skill(float(row["mu"]), float(row["sigma"]), int(row["games"]), int(row["wins"]))


def change_of(row: Any) -> RatingChange:
    """Read a GAME_RATING_CHANGES row (wins are not kept per change: 0)."""
    games = int(row["games_after"])
    return RatingChange(int(row["seat"]), str(row["player"]),
                        Skill(float(row["mu_before"]), float(row["sigma_before"]), games - 1),
                        Skill(float(row["mu_after"]), float(row["sigma_after"]), games))


def player_rating_of(row: Any) -> PlayerRating:
    """Read a LADDER or PLAYER_RATINGS row."""
    keys = set(row.keys())
    skill = skill_of(row)
    recent = int(row["recent"]) if "recent" in keys else 0
    earlier = None
    if "earlier_mu" in keys and row["earlier_mu"] is not None:
        earlier = Skill(float(row["earlier_mu"]), float(row["earlier_sigma"]),
                        skill.games - recent)
    return PlayerRating(str(row["board"]), str(row["player"]), row["user_id"], str(row["name"]),
                        skill, earlier, recent)


def stored_result_of(row: Any) -> StoredResult:
    """Read a RATED_RESULTS row."""
    result = ResultRow(seat=row["seat"], name=row["name"], user_id=row["user_id"],
                       is_bot=bool(row["is_bot"]), points=row["points"], won=bool(row["won"]),
                       side=row["side"], place=row["place"], level=row["level"])
    return StoredResult(int(row["game_id"]), int(row["guild_id"]), str(row["game"]),
                        int(row["rated_seq"]), result)


def rebuilt_values(ladders: Ladders) -> tuple[list[tuple[int, str, int]], list[Values],
                                              list[Values]]:
    """Return the rows a rebuild writes: ladders, ratings and rating changes."""
    games = [(guild, board, count) for (guild, board), count in ladders.games.items()]
    ratings: list[Values] = []
    for (guild, board), skills in ladders.skills.items():
        for player, skill in skills.items():
            user_id, name, seq = ladders.names[(guild, board)][player]
            ratings.append((guild, board, player, user_id, name, skill.mu, skill.sigma,
                            skill.games, skill.wins, seq))
    changes: list[Values] = [(s.game_id, c.seat, s.guild_id, s.board, s.seq, c.player, c.before.mu,
                c.before.sigma, c.after.mu, c.after.sigma, c.after.games)
               for s, c in ladders.changes]
    return games, ratings, changes
