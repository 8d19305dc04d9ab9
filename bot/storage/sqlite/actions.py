"""SQLite action log with group commit: the moves that arrive together share one transaction.

Every move is saved (log row + snapshot) before anybody sees it, and with synchronous=FULL
each COMMIT waits for the disk. One commit per move caps a process at a few hundred moves a
second; here a move waits for the connection, and whatever queued meanwhile goes in the same
transaction. Each caller is answered only after the COMMIT that made its move durable, with
its own outcome: a stale version refuses that move alone, a failed COMMIT fails them all.
A group's transaction runs on SQLite's thread as one call, not a hop per statement: every
hop back waits for a busy event loop to give up the GIL.
"""

from __future__ import annotations

import asyncio
import sqlite3
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

import aiosqlite

from bot.storage.contract import ActionLogRow
from bot.storage.records import GameNotFound, StaleVersion
from bot.storage.rows import INSERT_ACTION, now, running_at
from bot.storage.sqlite.connection import SqliteConnection, driver_errors, in_transaction

_UPDATE = ("UPDATE games SET state = ?, state_version = ?, updated_at = ?"
           " WHERE id = ? AND state_version = ? AND status = 'running'")


class _SomeStale(Exception):
    """A move of the group was stale: roll the group back and write it move by move."""


@dataclass
class _Move:
    """One queued `record_action` and the future its caller awaits."""

    game_id: int
    seat: int | None
    text: str
    state_json: str
    version: int
    done: asyncio.Future[None] = field(default_factory=lambda: asyncio.get_running_loop()
                                       .create_future())

    def answer(self, error: BaseException | None = None) -> None:
        """Wake the caller with the outcome (unless he stopped waiting)."""
        if self.done.done():
            return
        if error is None:
            self.done.set_result(None)
        elif isinstance(error, Exception):
            self.done.set_exception(error)
        else:
            self.done.cancel()  # the writer itself was cancelled (shutdown)


def _together(group: list[_Move], raw: sqlite3.Connection) -> None:
    """Write every move with two statements; raise _SomeStale if a version moved on.

    The snapshots go first, each guarded by its version: only when all of them matched
    are the log rows added, so log and snapshot never disagree. Runs on SQLite's thread.
    """
    stamp = now()
    cursor = raw.executemany(_UPDATE, [
        (m.state_json, m.version, stamp, m.game_id, m.version - 1) for m in group])
    if cursor.rowcount != len(group):
        raise _SomeStale
    raw.executemany(INSERT_ACTION, [
        (m.game_id, m.seat, m.text, m.version, stamp, m.game_id) for m in group])


class SqliteActions(SqliteConnection):
    """The action log and the snapshots it produces, written in groups."""

    def __init__(self, conn: aiosqlite.Connection, path: Path) -> None:
        super().__init__(conn, path)
        self._queued: list[_Move] = []
        self._writer: asyncio.Task[None] | None = None

    async def record_action(
        self, game_id: int, seat: int | None, action_text: str, state_json: str, state_version: int
    ) -> None:
        """Append an action and store the snapshot it produced, durably, as one unit.

        `state_version` is the version after the action; the stored version must be
        exactly one less, else StaleVersion is raised and nothing of it is written.
        """
        move = _Move(game_id, seat, action_text, state_json, state_version)
        self._queued.append(move)
        if self._writer is None:
            self._writer = asyncio.get_running_loop().create_task(self._write_queued())
        await move.done

    async def _write_queued(self) -> None:
        """Write queued moves, a group per transaction, until none is left."""
        try:
            while self._queued:
                async with self._lock:  # moves queued while we wait join this group
                    group, self._queued = self._queued, []
                    await self._write_group(group)
        finally:
            self._writer = None

    async def _write_group(self, group: list[_Move]) -> None:
        """Write a group in one transaction; answer each move once the commit is durable."""
        try:
            with driver_errors(f"database error in {self.path}"):
                refused = await self._write_refusing(group)
        except BaseException as error:  # rolled back: nothing of the group was written
            for move in group:
                move.answer(error)
            if not isinstance(error, Exception):
                raise
            return
        for index, move in enumerate(group):
            move.answer(refused.get(index))

    async def _write_refusing(self, group: list[_Move]) -> dict[int, Exception]:
        """Write the group in one call on SQLite's thread; if a move of it was stale, move by
        move instead. Return the refusals by index."""
        try:
            await self._on_thread(partial(in_transaction, work=partial(_together, group)))
        except _SomeStale:  # rolled back: write them one by one to refuse only those
            async with self._transaction():
                return await self._write_each(group)
        return {}

    async def _write_each(self, group: list[_Move]) -> dict[int, Exception]:
        """Write the moves one at a time; return the refusals by index."""
        refused: dict[int, Exception] = {}
        for index, move in enumerate(group):
            try:
                await self._guarded_update(
                    move.game_id, {"state": move.state_json, "state_version": move.version},
                    running_at(move.version - 1))
            except (StaleVersion, GameNotFound) as error:
                refused[index] = error
                continue
            await self._append_action(move.game_id, move.seat, move.text, move.version)
        return refused

    async def _append_action(
        self, game_id: int, seat: int | None, action_text: str, version_after: int
    ) -> None:
        """Insert the next action row of a game (inside the caller's transaction).

        A missing game gets no row (rather than a foreign-key error); the guarded
        update in the same transaction reports it as GameNotFound.
        """
        await self._conn.execute(
            INSERT_ACTION, (game_id, seat, action_text, version_after, now(), game_id))

    async def actions(self, game_id: int) -> list[ActionLogRow]:
        """Return the game's action log as (seq, seat, action, state_version_after)."""
        async with self._reading() as conn:
            rows = await conn.execute_fetchall(
                "SELECT seq, seat, action, state_version_after FROM actions"
                " WHERE game_id = ? ORDER BY seq",
                (game_id,),
            )
        return [(r[0], r[1], r[2], r[3]) for r in rows]
