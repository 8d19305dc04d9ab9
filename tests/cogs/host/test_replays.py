"""Replays from storage: a whole game of each of the five games, played by computers and saved
as the host saves it (the real SQLite storage, the host's snapshots), re-plays to its stored
final state; a changed record is reported damaged; the viewer's positions and buttons walk the
game hand by hand, and before a hand's end show nothing a spectator could not see."""

from __future__ import annotations

import asyncio
import json
import re
import sqlite3
from collections import Counter
from collections.abc import Sequence
from dataclasses import fields, is_dataclass, replace
from pathlib import Path
from typing import Any

import pytest

from bot.i18n import card_text
from bot.storage import ResultRow, Seat, Storage
from bot.storage.records import FinishedGame
from bot.storage.sqlite import open_sqlite
from cogs.adapters import Deal
from cogs.errors import Refusal
from cogs.host import snapshot_text
from cogs.host.replays import (
    Replays,
    history_line,
    position_view,
    positions,
    stored_replay,
    target,
)
from cogs.registry import adapter_for
from engine.base import SYSTEM_SEAT
from engine.replay import Damaged, Replay, Start, TooOld
from tests.cogs.host.conftest import gin_record

GUILD = 7
SEATS = {"gin": 2, "rummy500": 3, "ramino": 3, "ramino51": 3, "canasta": 4}
PACKS = {"gin": 1, "rummy500": 1, "ramino": 2, "ramino51": 2, "canasta": 3}  # copies of a card
CARD = re.compile(r"(10|[2-9AJQK])[CDHS]")


def next_move(game: Any, adapter: Any) -> tuple[int, str]:
    """Return the next move as the session would make it: a computer's, else the clock's."""
    waiting = game.to_act()
    if waiting:
        return waiting[0], adapter.choose(game, waiting[0], "easy")
    timer = game.system_timer()
    assert timer is not None, "nobody to act and no timer"
    return SYSTEM_SEAT, str(timer[1])


async def store_game(store: Storage, name: str, seed: int = 4, channel: int = 1) -> int:
    """Play a whole game of computers and save it as the host does: start, each move with its
    snapshot (one group commit), the results."""
    adapter = adapter_for(name)
    players = SEATS[name]
    seats: list[Seat] = [{"user_id": 500 + i, "name": n, "is_bot": False}
                         for i, n in enumerate(["Alice", "Bruno", "Chiara", "Dario"][:players])]
    game_id = await store.create_game(guild_id=GUILD, channel_id=channel, game=name,
                                      host_id=500, seats=seats)
    game = adapter.new_game(adapter.options(adapter.presets()[0], {}), players, Deal(seed=seed))
    start = Start.of(game).to_json()
    await store.start_game(game_id, snapshot_text(game, None, start))
    saved = []
    while not game.is_over:
        seat, text = next_move(game, adapter)
        game.apply(seat, text)
        saved.append((seat, text, snapshot_text(game, None, start), game.version + 1))
    await asyncio.gather(*(store.record_action(game_id, *row) for row in saved))
    await store.record_results(game_id, [
        ResultRow(o.seat, seats[o.seat]["name"], seats[o.seat]["user_id"], False, o.points,
                  o.won, o.side) for o in adapter.outcomes(game)])
    return game_id


async def stored(store: Storage, game_id: int) -> Replay:
    record = await store.get_game(game_id)
    assert record.state is not None
    return stored_replay(record.game, record.state, await store.actions(game_id))


@pytest.fixture
async def store(tmp_path: Path) -> Any:
    storage = await open_sqlite(tmp_path / "rummy.sqlite3")
    yield storage
    await storage.close()


@pytest.mark.parametrize("name", sorted(SEATS))
async def test_every_game_replays_from_storage_to_its_stored_final_state(
        store: Storage, name: str) -> None:
    game_id = await store_game(store, name)
    record = await store.get_game(game_id)
    rec = await stored(store, game_id)
    assert record.state is not None
    assert rec.final == json.loads(record.state)["engine"]
    assert rec.moves == len(await store.actions(game_id)) - 1  # all but "start"
    assert rec.results and rec.results[-1].step == rec.moves  # the last move ended the game
    assert rec.game_at(rec.moves).is_over


async def test_a_game_saved_before_starts_were_kept_replays_from_its_seed(
        store: Storage) -> None:
    game_id = await store_game(store, "rummy500")
    record = await store.get_game(game_id)
    assert record.state is not None
    data = json.loads(record.state)
    del data["start"]
    rec = stored_replay("rummy500", json.dumps(data), await store.actions(game_id))
    assert rec.final == data["engine"]


async def test_a_game_dealt_by_the_old_shuffle_has_no_replay_and_is_not_called_damaged(
        store: Storage) -> None:
    # Saved before per-deal seeds (no "shuffle" in its snapshot) and before starts were kept:
    # its seed alone cannot deal it again, which says nothing against its record.
    game_id = await store_game(store, "rummy500")
    record = await store.get_game(game_id)
    assert record.state is not None
    data = json.loads(record.state)
    del data["start"]
    del data["engine"]["shuffle"]
    with pytest.raises(TooOld):
        stored_replay("rummy500", json.dumps(data), await store.actions(game_id))
    with pytest.raises(Refusal) as refused:
        await Replays(store).replay_of(replace(record, state=json.dumps(data)))
    assert refused.value.key == "replay.too_old"


async def test_a_changed_move_or_final_state_is_reported_damaged(
        store: Storage, tmp_path: Path) -> None:
    game_id = await store_game(store, "gin")
    rows = await store.actions(game_id)
    seq, _, text, _ = next(r for r in rows if r[2].startswith("discard"))
    db = sqlite3.connect(tmp_path / "rummy.sqlite3")
    with db:
        db.execute("UPDATE actions SET action = ? WHERE game_id = ? AND seq = ?",
                   ("discard JK", game_id, seq))
    with pytest.raises(Damaged) as refused:
        await stored(store, game_id)
    assert refused.value.move == seq - 1  # the log's first row is the start
    replays = Replays(store)
    with pytest.raises(Refusal) as said:
        await replays.replay_of(await store.get_game(game_id))
    assert said.value.key == "replay.damaged"
    with db:  # the move back as it was, the final snapshot changed instead
        db.execute("UPDATE actions SET action = ? WHERE game_id = ? AND seq = ?",
                   (text, game_id, seq))
        state = json.loads(db.execute("SELECT state FROM games").fetchone()[0])
        state["engine"]["version"] += 1
        db.execute("UPDATE games SET state = ?", (json.dumps(state),))
    db.close()
    with pytest.raises(Damaged, match="stored final state"):
        await stored(store, game_id)


async def test_a_running_game_has_no_replay(store: Storage) -> None:
    game_id = await store.create_game(guild_id=GUILD, channel_id=9, game="gin", host_id=1)
    replays = Replays(store)
    for status in ("lobby", "running"):
        with pytest.raises(Refusal) as said:
            await replays.replay_of(await store.get_game(game_id))
        assert said.value.key == "replay.running"
        if status == "lobby":
            await store.start_game(game_id, "{}")
    await store.set_status(game_id, "abandoned")
    with pytest.raises(Refusal) as said:
        await replays.replay_of(await store.get_game(game_id))
    assert said.value.key == "replay.unfinished"


async def test_the_viewers_buttons_walk_the_game_hand_by_hand(store: Storage) -> None:
    rec = await stored(store, await store_game(store, "gin"))
    shown = positions(rec)
    hands = rec.hands()
    assert hands >= 2 and shown[0].step == 0 and shown[-1].step == rec.moves
    assert [p.hand for p in shown if p.face == "end"] == list(range(1, hands + 1))
    # Next hand from the start goes through each hand's first picture, its deal.
    at, firsts = 0, [0]
    while (nxt := target(shown, at, "nexthand")) is not None:
        at = nxt
        firsts.append(at)
        assert shown[at].face == "deal" and shown[at - 1].face == "end"
    assert [shown[i].hand for i in firsts] == list(range(1, hands + 1))
    # End of hand lands on the hand laid open; previous hand goes to this hand's start first.
    middle = firsts[1] + 2
    end = target(shown, middle, "end")
    assert end is not None and shown[end].face == "end" and shown[end].hand == 2
    assert target(shown, end, "end") is None
    assert target(shown, middle, "prevhand") == firsts[1]
    assert target(shown, firsts[1], "prevhand") == 0
    assert target(shown, 0, "prev") is None and target(shown, 0, "prevhand") is None
    assert target(shown, len(shown) - 1, "next") is None
    assert target(shown, middle, "next") == middle + 1


def cards_in(value: object) -> Counter[str]:
    """Count every card code a picture's spec holds (jokers aside)."""
    if isinstance(value, str):
        return Counter([value] if CARD.fullmatch(value) else [])
    parts: list[object] = []
    if is_dataclass(value) and not isinstance(value, type):
        # a joker's stand-in is a value it plays as, and a meld's laid-off cards are among its
        # cards: neither is another card on the table
        parts = [getattr(value, f.name) for f in fields(value)
                 if f.name not in ("joker_for", "laid_off")]
    elif isinstance(value, (list, tuple)):
        parts = list(value)
    return sum((cards_in(part) for part in parts), Counter())


def named_in(lines: Sequence[str], cards: set[str]) -> set[str]:
    """Return the cards the lines name (as the bot writes them), not a joker's stand-in."""
    text = re.sub(r"🃏\([^)]*\)", "🃏", "\n".join(lines))
    return {c for c in cards if re.search(rf"(?<![0-9]){re.escape(card_text(c))}", text)}


ALL_CARDS = {f"{r}{s}" for r in ["A", *map(str, range(2, 11)), "J", "Q", "K"] for s in "CDHS"}


@pytest.mark.parametrize("name", sorted(SEATS))
async def test_before_a_hands_end_the_replay_shows_no_hidden_card(
        store: Storage, name: str) -> None:
    """Each picture and text of a hand in play holds no card of a private hand that nobody
    has seen on the table (a card taken from the pile was seen there first). With several
    packs a card's copies are counted: the picture shows at most the copies no hand hides."""
    rec = await stored(store, await store_game(store, name))
    adapter = adapter_for(name)
    names = ["Alice", "Bruno", "Chiara", "Dario"][:SEATS[name]]
    seen: Counter[str] = Counter()
    hand = checked = at = 0
    game = rec.game_at(0)
    for where in positions(rec):
        if where.hand != hand:
            hand, seen = where.hand, Counter()
        while at < where.step:  # the game walked forward move by move, as it was played
            at += 1
            move = rec.steps[at].move
            assert move is not None
            game.apply(move.seat, move.text)
        if where.face == "end":
            continue
        lines, spec = position_view(adapter, rec, where, names, "en", game)
        held = Counter(c for seat in range(game.seats) for c in game.private_view(seat).hand)
        hidden = held - seen  # copies in hands that no picture or line showed
        shown = cards_in(spec)
        over = {c for c in shown if shown[c] + hidden[c] > PACKS[name]}
        assert not over, (where, over)
        told = named_in(lines, {c for c in hidden if hidden[c] >= PACKS[name]})
        assert not told, (where, told, lines)
        seen |= shown + Counter(named_in(lines, ALL_CARDS))
        checked += 1
    assert checked > 50 and hand == rec.hands()


def finished(game: str, board: str, points: tuple[int, int]) -> FinishedGame:
    record = replace(gin_record(), game=game, status="finished")
    rows = [ResultRow(0, "Alice", 1, False, points[0], True),
            ResultRow(1, "Bruno", 2, False, points[1], False)]
    return FinishedGame(record, rows, "2026-11-27T18:00:00.000+00:00", board)


def test_a_history_line_reads_each_boards_score_as_its_players_do() -> None:
    assert history_line(finished("gin", "gin", (120, 40)), "en") == (
        "`#1` <t:1795802400:d> · **Gin Rummy** · Alice 120, Bruno 40 · Alice won")
    # Ramino's penalty totals are stored negated (higher better): the line says the totals.
    penalty = history_line(finished("ramino", "ramino", (-47, -101)), "it")
    assert penalty.endswith("· Alice 47, Bruno 101 · ha vinto Alice")
    # Its chips game keeps the chips won or lost as they are.
    chips = history_line(finished("ramino", "ramino_chips", (3, -3)), "en")
    assert "· Alice 3, Bruno \u22123 ·" in chips  # the minus sign every score line uses
    # thousands grouped as each language writes them, as on the score sheet and the chart
    canasta = finished("canasta", "canasta", (5210, -635))
    assert "· Alice 5,210, Bruno \u2212635 ·" in history_line(canasta, "en")
    assert "· Alice 5.210, Bruno \u2212635 ·" in history_line(canasta, "it")
