"""The click relay on PostgreSQL: a row per click, LISTEN/NOTIFY to say one is waiting.

The row is what counts: a notification only says "look now". A listener that was
reconnecting takes what was sent meanwhile as soon as it is back, and exactly one of the
owner (taking) and the sender (withdrawing after its wait) deletes each row, so a click is
answered once, by one process.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

import asyncpg

from bot.storage.postgres.connection import UNAVAILABLE, PostgresConnection
from bot.storage.relay import CHANNEL, CLICK, TAKEN, RelayedClick, Sent, read_notice

log = logging.getLogger(__name__)

# Seconds between two tries to listen again. Clicks sent meanwhile wait in the table, or are
# answered "moving" by their sender after its wait; the pool reconnects on its own.
RECONNECT_PAUSE = 5.0
FORGOTTEN = "1 minute"  # clicks this old were never taken (their sender died): dropped

# Parameters: game id, sender, payload, the leases' clock (NULL: the database's).
# Relayed only to another process whose lease is live; `live` false: its lease ran out.
SEND = f"""
WITH game AS (
    SELECT id, lease_owner,
           lease_until > COALESCE($4::double precision,
                                  extract(epoch FROM clock_timestamp())) AS live
    FROM games
    WHERE id = $1 AND status = 'running' AND lease_owner IS NOT NULL AND lease_owner <> $2
), sent AS (
    INSERT INTO relayed_clicks (game_id, sender, owner, payload)
    SELECT id, $2, lease_owner, $3 FROM game WHERE live
    RETURNING id, owner
)
SELECT (SELECT live FROM game) AS live, (SELECT id FROM sent) AS id,
       (SELECT pg_notify('{CHANNEL}', '{CLICK} ' || owner || ' ' || id) FROM sent) AS told
"""

# Parameters: owner.
TAKE = f"""
WITH taken AS (
    DELETE FROM relayed_clicks WHERE owner = $1
    RETURNING id, game_id, sender, payload, sent_at
)
SELECT id, game_id, sender, payload, extract(epoch FROM clock_timestamp() - sent_at) AS age,
       pg_notify('{CHANNEL}', '{TAKEN} ' || sender || ' ' || id) AS told
FROM taken ORDER BY id
"""

WITHDRAW = "DELETE FROM relayed_clicks WHERE id = $1 RETURNING id"
FORGET = f"DELETE FROM relayed_clicks WHERE sent_at < clock_timestamp() - interval '{FORGOTTEN}'"


class PostgresRelay:
    """This process's end of the click relay, on the storage's pool and one listening
    connection of its own."""

    def __init__(self, connection: PostgresConnection, dsn: str, me: str) -> None:
        self.storage, self.dsn, self.me = connection, dsn, me
        self._listener: asyncpg.Connection[Any] | None = None
        self._on_click: Callable[[], None] = lambda: None
        self._on_taken: Callable[[int], None] = lambda _: None
        self._closed = False
        self._retrying: asyncio.Task[None] | None = None

    async def send(self, game_id: int, payload: str, *, now: float | None = None) -> Sent:
        """Relay a click to the process whose live lease holds the game, if not this one."""
        async with self.storage._writing() as conn:
            row = await conn.fetchrow(SEND, game_id, self.me, payload, now)
        assert row is not None  # one row, whatever the game's state
        if row["id"] is not None:
            return Sent(click_id=int(row["id"]))
        return Sent(moving=row["live"] is False)

    async def take(self) -> list[RelayedClick]:
        """Take every click waiting for this process."""
        async with self.storage._writing() as conn:
            rows = await conn.fetch(TAKE, self.me)
        return [RelayedClick(int(r["id"]), int(r["game_id"]), r["sender"], r["payload"],
                             float(r["age"])) for r in rows]

    async def withdraw(self, click_id: int) -> bool:
        """Take back a click nobody took; False if its owner took it meanwhile."""
        async with self.storage._writing() as conn:
            return await conn.fetchval(WITHDRAW, click_id) is not None

    async def listen(self, on_click: Callable[[], None],
                     on_taken: Callable[[int], None]) -> None:
        """Start listening (and keep listening across the database's restarts)."""
        self._on_click, self._on_taken = on_click, on_taken
        if not await self._connect():
            self._again()

    async def _connect(self) -> bool:
        """Open the listening connection; False if the database cannot be reached now."""
        try:
            conn = await asyncpg.connect(self.dsn)
            await conn.add_listener(CHANNEL, self._heard)
            await conn.execute(FORGET)
        except (*UNAVAILABLE, asyncpg.PostgresError) as error:
            log.debug("relay: cannot listen yet (%s)", error)
            return False
        if self._closed:
            await conn.close()
            return True
        conn.add_termination_listener(self._lost)
        self._listener = conn
        self._on_click()  # what was sent while nobody listened
        return True

    def _again(self) -> None:
        """Try to listen again, after a pause each time, until it works or the relay closes."""
        if not self._closed and self._retrying is None:
            self._retrying = asyncio.get_running_loop().create_task(self._retry())

    async def _retry(self) -> None:
        try:
            while not self._closed:
                await asyncio.sleep(RECONNECT_PAUSE)
                if await self._connect():
                    return
        finally:
            self._retrying = None

    def _lost(self, conn: object) -> None:
        """The listening connection closed (the server restarting): listen again."""
        self._listener = None
        if not self._closed:
            log.info("relay: listening connection lost; listening again")
            self._again()

    def _heard(self, conn: object, pid: int, channel: str, text: object) -> None:
        """Pass on a notification meant for this process."""
        notice = read_notice(str(text))
        if notice is None or notice[1] != self.me:
            return
        kind, _, click_id = notice
        if kind == CLICK:
            self._on_click()
        else:
            self._on_taken(click_id)

    async def close(self) -> None:
        """Stop listening."""
        self._closed = True
        if self._retrying is not None:
            self._retrying.cancel()
        conn, self._listener = self._listener, None
        if conn is not None:
            conn.remove_termination_listener(self._lost)
            try:
                await conn.close(timeout=2)
            except (*UNAVAILABLE, asyncpg.PostgresError, TimeoutError):
                conn.terminate()
