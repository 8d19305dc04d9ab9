"""What the database of a bot killed mid-game must show, read with plain sqlite3 and the engine.

- `PRAGMA integrity_check` is ok;
- each game's action log is contiguous: seq 1..n, state_version_after 1..n, "start" first;
- the stored snapshot is what replaying the log from the deal gives: the first state is
  rebuilt from the game's options, its seat count and the shuffle seed the snapshot keeps
  (a random deal is a function of its seed: the decks and the first dealer);
- every table picture a player was shown is the picture of one of the logged states.
"""

from __future__ import annotations

import hashlib
import io
import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncpg
from PIL import Image

from card_images import render_table
from cogs.adapters import Deal
from cogs.host.settings import TableSettings
from cogs.registry import adapter_for
from engine.base import CardGame
from engine.errors import RulesError

LogRow = tuple[int, int | None, str, int]  # seq, seat, action text, state_version_after


@dataclass(frozen=True)
class StoredGame:
    """One game as the database holds it: its record, engine snapshot and action log."""

    id: int
    place: int  # the channel (or thread) the game is played in
    kind: str
    status: str
    preset: str
    options: dict[str, Any]
    names: list[str]
    engine: dict[str, Any] | None
    state_version: int
    log: list[LogRow]

    @property
    def locale(self) -> str:
        """The language of the game's table."""
        return TableSettings.from_options(self.preset, self.options).locale


def integrity(db: Path) -> str:
    """Return what `PRAGMA integrity_check` says of the file."""
    with _connect(db) as conn:
        rows = conn.execute("PRAGMA integrity_check").fetchall()
    return "\n".join(str(row[0]) for row in rows)


def read_games(db: Path) -> dict[int, StoredGame]:
    """Read every game and its action log, by id."""
    with _connect(db) as conn:
        games = conn.execute(GAMES_SQL).fetchall()
        rows = conn.execute(ACTIONS_SQL).fetchall()
    logs: dict[int, list[LogRow]] = {}
    for game_id, seq, seat, action, after in rows:
        logs.setdefault(game_id, []).append((seq, seat, action, after))
    return {g[0]: _stored(g, logs.get(g[0], [])) for g in games}


# The same reads on a PostgreSQL database (tests/bot/test_cluster_crash.py).
GAMES_SQL = ("SELECT id, COALESCE(thread_id, channel_id), game, status, preset, options, seats,"
             " state, state_version FROM games")
ACTIONS_SQL = "SELECT game_id, seq, seat, action, state_version_after FROM actions ORDER BY id"


async def read_postgres_games(dsn: str) -> dict[int, StoredGame]:
    """Read every game and its action log from a PostgreSQL database, by id."""
    conn = await asyncpg.connect(dsn)
    try:
        games = [tuple(row) for row in await conn.fetch(GAMES_SQL)]
        rows = await conn.fetch(ACTIONS_SQL)
    finally:
        await conn.close()
    logs: dict[int, list[LogRow]] = {}
    for game_id, seq, seat, action, after in rows:
        logs.setdefault(game_id, []).append((seq, seat, action, after))
    return {g[0]: _stored(g, logs.get(g[0], [])) for g in games}


def _stored(row: tuple[Any, ...], log: list[LogRow]) -> StoredGame:
    game_id, place, kind, status, preset, options, seats, state, version = row
    engine = json.loads(state)["engine"] if state else None
    names = [seat["name"] for seat in json.loads(seats)]
    return StoredGame(game_id, place, kind, status, preset, json.loads(options), names, engine,
                      version, log)


def _connect(db: Path) -> sqlite3.Connection:
    # A plain connection, as any tool would open the file; it recovers the WAL if needed.
    conn = sqlite3.connect(db, timeout=30)
    conn.execute("PRAGMA query_only = ON")
    return conn


def check_log(game: StoredGame) -> None:
    """Fail unless the log is contiguous and ends at the stored version."""
    if game.status == "lobby":
        assert game.log == [] and game.engine is None, f"game {game.id}: a lobby with a log"
        return
    seqs = [row[0] for row in game.log]
    versions = [row[3] for row in game.log]
    assert seqs == list(range(1, len(seqs) + 1)), f"game {game.id}: log seq {seqs}"
    assert versions == seqs, f"game {game.id}: state_version_after {versions}"
    assert game.log[0][1:3] == (None, "start"), f"game {game.id}: first row {game.log[0]}"
    assert game.state_version == versions[-1], (
        f"game {game.id}: snapshot at version {game.state_version}, log ends at {versions[-1]}")


def replay(game: StoredGame) -> list[dict[str, Any]]:
    """Return the engine state after each logged action, from the deal; fail on a mismatch."""
    assert game.engine is not None, f"game {game.id} has no snapshot"
    adapter = adapter_for(game.kind)
    settings = TableSettings.from_options(game.preset, game.options)
    options = adapter.options(settings.preset, dict(settings.rules))
    stored = adapter.load(game.engine)
    assert isinstance(stored, CardGame)
    # A random deal is its seed's: the decks, the first dealer (the snapshot keeps the seed).
    replayed = adapter.new_game(options, len(game.names), Deal(seed=stored.seed))
    states = [_plain(replayed.to_json())]
    for seq, seat, text, after in game.log[1:]:
        assert seat is not None, f"game {game.id}: action {seq} has no seat"
        try:
            replayed.apply(seat, text)
        except RulesError as error:
            raise AssertionError(f"game {game.id}: logged action {seq} {text!r} by seat {seat}"
                                 f" is refused on replay ({error})") from error
        assert replayed.version + 1 == after, f"game {game.id}: action {seq} version"
        states.append(_plain(replayed.to_json()))
    assert states[-1] == game.engine, f"game {game.id}: the snapshot is not the log's replay"
    return states


def _plain(state: dict[str, Any]) -> dict[str, Any]:
    """Return the state as it reads back from JSON text (tuples become lists)."""
    plain: dict[str, Any] = json.loads(json.dumps(state))
    return plain


def check_game(game: StoredGame) -> list[dict[str, Any]]:
    """Check one game's log and snapshot; return its logged states (none for a lobby)."""
    check_log(game)
    return [] if game.status == "lobby" else replay(game)


def picture_digest(png: bytes) -> str:
    """Identify a picture by its pixels (the Preview re-encodes what the bot sent)."""
    image = Image.open(io.BytesIO(png)).convert("RGBA")
    return hashlib.sha256(f"{image.size}".encode() + image.tobytes()).hexdigest()


class ShownTables:
    """Table pictures players were shown, each to be found among its game's logged states."""

    def __init__(self) -> None:
        self.shown: list[tuple[int, str]] = []  # (game id, picture digest), in order seen
        self._seen: set[tuple[int, str]] = set()
        self._pictures: dict[tuple[int, int], str] = {}  # (game id, version) -> digest
        self.checked = 0

    def add(self, game_id: int, png: bytes) -> None:
        """Note that the table of this game showed this picture."""
        key = (game_id, picture_digest(png))
        if key not in self._seen:
            self._seen.add(key)
            self.shown.append(key)

    def check(self, games: dict[int, StoredGame], states: dict[int, list[dict[str, Any]]]
              ) -> None:
        """Fail unless every picture shown so far is the table of a logged state."""
        for game_id, digest in self.shown[self.checked:]:
            assert states.get(game_id), f"a table of game {game_id} was shown, none is logged"
            version = self._find(games[game_id], states[game_id], digest)
            assert version is not None, (
                f"game {game_id}: a table picture shown to players is no logged state"
                f" (log ends at version {games[game_id].state_version})")
        self.checked = len(self.shown)

    def _find(self, game: StoredGame, states: list[dict[str, Any]], digest: str) -> int | None:
        for version, state in enumerate(states):
            key = (game.id, version)
            if key not in self._pictures:
                self._pictures[key] = picture_digest(table_picture(game, state))
            if self._pictures[key] == digest:
                return version
        return None


def table_picture(game: StoredGame, state: dict[str, Any]) -> bytes:
    """Render the table picture the bot shows for this state of the game."""
    adapter = adapter_for(game.kind)
    return render_table(adapter.table_spec(adapter.load(state), game.names, game.locale))
