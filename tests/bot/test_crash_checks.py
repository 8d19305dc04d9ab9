"""The crash-safety checks fail on what they look for: a gap, a snapshot off the log, a
changed action, a table shown but never saved, a damaged file."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bot.storage import Seat, open_storage
from card_images import render_table
from cogs.adapters import Deal
from cogs.host.sessions import snapshot_text
from cogs.registry import adapter_for
from tests.bot.crash_checks import (
    ShownTables,
    check_game,
    check_log,
    integrity,
    read_games,
    table_picture,
)

SEED = 1234
MOVES = 12
SEATS: list[Seat] = [{"user_id": 7, "name": "Alice", "is_bot": False},
                     {"user_id": None, "name": "Computer 1", "is_bot": True}]


@dataclass
class Saved:
    """A database with one gin game of MOVES computer moves, and one lobby."""

    db: Path
    game_id: int
    lobby_id: int
    unsaved: Any  # the game one move further than what was saved


@pytest.fixture
async def saved(tmp_path: Path) -> Saved:
    """Save a gin game move by move, as the bot does, and open a lobby beside it."""
    db = tmp_path / "rummy.sqlite3"
    storage = await open_storage(db)
    adapter = adapter_for("gin")
    game_id = await storage.create_game(guild_id=1, channel_id=2, game="gin", host_id=7,
                                        seats=SEATS)
    lobby_id = await storage.create_game(guild_id=1, channel_id=3, game="gin", host_id=7)
    game = adapter.new_game(adapter.options("standard", {}), 2, Deal(seed=SEED))
    await storage.start_game(game_id, snapshot_text(game, None))
    for _ in range(MOVES + 1):
        seat = game.to_act()[0]
        action = adapter.choose(game, seat)
        game.apply(seat, action)
        if game.version <= MOVES:
            await storage.record_action(game_id, seat, str(action), snapshot_text(game, None),
                                        game.version + 1)
    await storage.close()
    return Saved(db, game_id, lobby_id, game)


def change(db: Path, sql: str, *params: Any) -> None:
    """Change the file behind the bot's back."""
    with sqlite3.connect(db) as conn:
        conn.execute(sql, params)


def test_a_sound_database_passes_and_replays_from_the_deal(saved: Saved) -> None:
    assert integrity(saved.db) == "ok"
    games = read_games(saved.db)
    assert check_game(games[saved.lobby_id]) == []
    states = check_game(games[saved.game_id])
    assert len(states) == MOVES + 1 and states[0]["version"] == 0
    shown = ShownTables()
    for state in (states[0], states[5], states[-1]):
        shown.add(saved.game_id, table_picture(games[saved.game_id], state))
    shown.check(games, {saved.game_id: states})
    assert shown.checked == 3


def test_a_gap_in_the_log_fails(saved: Saved) -> None:
    change(saved.db, "DELETE FROM actions WHERE game_id = ? AND seq = 4", saved.game_id)
    with pytest.raises(AssertionError, match="log seq"):
        check_log(read_games(saved.db)[saved.game_id])


def test_a_snapshot_ahead_of_its_log_fails(saved: Saved) -> None:
    change(saved.db, "DELETE FROM actions WHERE game_id = ? AND seq = ?", saved.game_id,
           MOVES + 1)
    with pytest.raises(AssertionError, match="snapshot at version"):
        check_log(read_games(saved.db)[saved.game_id])


def test_a_snapshot_other_than_the_replay_fails(saved: Saved) -> None:
    game = read_games(saved.db)[saved.game_id]
    earlier = check_game(game)[-2]
    text = snapshot_text(adapter_for("gin").load(earlier), None)
    change(saved.db, "UPDATE games SET state = ? WHERE id = ?", text, saved.game_id)
    with pytest.raises(AssertionError, match="not the log's replay"):
        check_game(read_games(saved.db)[saved.game_id])


def test_a_changed_action_fails_the_replay(saved: Saved) -> None:
    change(saved.db, "UPDATE actions SET action = 'knock AS' WHERE game_id = ? AND seq = 3",
           saved.game_id)
    with pytest.raises(AssertionError, match="refused on replay"):
        check_game(read_games(saved.db)[saved.game_id])


def test_a_table_shown_but_never_saved_fails(saved: Saved) -> None:
    games = read_games(saved.db)
    states = {saved.game_id: check_game(games[saved.game_id])}
    adapter = adapter_for("gin")
    unsaved = render_table(adapter.table_spec(saved.unsaved, ["Alice", "Computer 1"], "en"))
    shown = ShownTables()
    shown.add(saved.game_id, unsaved)
    with pytest.raises(AssertionError, match="no logged state"):
        shown.check(games, states)


def test_a_table_of_a_game_with_no_log_fails(saved: Saved) -> None:
    games = read_games(saved.db)
    shown = ShownTables()
    shown.add(saved.lobby_id, table_picture(games[saved.game_id], check_game(
        games[saved.game_id])[0]))
    with pytest.raises(AssertionError, match="none is logged"):
        shown.check(games, {saved.lobby_id: []})


def test_a_damaged_file_fails_the_integrity_check(saved: Saved) -> None:
    with sqlite3.connect(saved.db) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        page = conn.execute("PRAGMA page_size").fetchone()[0]
        root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'actions'"
                            ).fetchone()[0]
    with saved.db.open("r+b") as raw:  # scribble over the header of the action table's root
        raw.seek((root - 1) * page)
        raw.write(b"\xff" * 12)
    try:
        verdict = integrity(saved.db)
    except sqlite3.DatabaseError as error:
        verdict = str(error)
    assert verdict != "ok"
