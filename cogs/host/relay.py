"""DM clicks for games another process drives: sent there, and answered there.

Discord sends every DM interaction to shard 0, so a click on a hand's controls in a DM
reaches the process running shard 0, whichever process drives the game. That process sends
the raw interaction on through the database (bot/storage/relay.py) and the game's owner
answers it with its token, as if Discord had sent the click there: the member sees what he
would see with one process. The sender waits for the owner to say it took the click; if
nobody does in time (the owner gone), it takes the click back and answers it itself: the game
is moving, nothing changed. With SQLite (one process) nothing is relayed.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable, Coroutine
from typing import Any

import discord

from bot.storage import StorageError
from bot.storage.relay import ClickRelay, RelayedClick
from cogs.custom_ids import parse
from cogs.errors import Refusal, refuse

log = logging.getLogger(__name__)

# Seconds the sender waits for the owner to take a click before answering it itself: the
# answer must reach Discord within 3 s of the click.
WAIT = 1.5
LATE = 1.0  # a click older than this when taken is acknowledged at once (deferred) first
TOO_LATE = 2.5  # older: Discord has told the member it failed, or will before any answer
EARLY_KEPT = 64  # notices of clicks taken that no wait was found for: the newest kept
RELAYED = "rummy_relayed"  # marks a payload this process already decided to answer itself
MOVING = "error.game_moving"

Payload = dict[str, Any]


class Relay:
    """This process's part of the relay: sends clicks on, answers the clicks sent to it."""

    wait: float = WAIT

    def __init__(self, client: discord.Client, relay: ClickRelay | None,
                 driven: Callable[[int], bool], clock: Callable[[], float | None]) -> None:
        """Relay through `relay` (None: one process, nothing relayed); `driven(game_id)`
        tells whether this process drives a game, `clock` is the leases' clock."""
        self.client, self.relay, self.driven, self.clock = client, relay, driven, clock
        self._unanswered: dict[int, asyncio.Task[None]] = {}  # sent clicks not yet taken
        self._taken_early: set[int] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        self._taking = self._again = False

    # ----- the process that received the click ---------------------------------------------

    def intercept(self, data: Payload) -> bool:
        """Take a raw interaction that another process must answer (it is sent there)."""
        game_id = self._elsewhere(data)
        if game_id is None:
            return False
        self._spawn(self._send(game_id, data))
        return True

    def _elsewhere(self, data: Payload) -> int | None:
        """Return the game of a DM click this process does not drive (None: answer here)."""
        if self.relay is None or data.get(RELAYED) or data.get("type") != 3:
            return None
        if data.get("guild_id") is not None:  # a server's clicks reach its shard's process
            return None
        cid = parse(str((data.get("data") or {}).get("custom_id", "")))
        if cid is None or not cid.is_private or self.driven(cid.game_id):
            return None
        return cid.game_id

    async def _send(self, game_id: int, data: Payload) -> None:
        """Send a click to its game's owner; answer it here if nobody can take it."""
        assert self.relay is not None
        try:
            sent = await self.relay.send(game_id, json.dumps(data), now=self.clock())
        except StorageError as error:
            await refuse(self._interaction(data), error)
            return
        if sent.click_id is None:
            if sent.moving:
                await refuse(self._interaction(data), Refusal(MOVING))
            else:  # no other process drives it (ended, unknown): answered here, as ever
                self._parse_here(data)
        elif sent.click_id in self._taken_early:  # told before this line ran
            self._taken_early.discard(sent.click_id)
        else:
            self._unanswered[sent.click_id] = self._spawn(
                self._unless_taken(sent.click_id, game_id, data))

    async def _unless_taken(self, click_id: int, game_id: int, data: Payload) -> None:
        """Answer a click here if its owner has not taken it after `wait` seconds."""
        assert self.relay is not None
        await asyncio.sleep(self.wait)  # cancelled when the owner says it took the click
        del self._unanswered[click_id]
        try:
            withdrawn = await self.relay.withdraw(click_id)
        except StorageError as error:
            await refuse(self._interaction(data), error)
            return
        if withdrawn:  # nobody took it: its process is gone, or too slow to answer in time
            log.warning("game %s: a relayed click was not taken in %.1f s", game_id, self.wait)
            await refuse(self._interaction(data), Refusal(MOVING))

    def _on_taken(self, click_id: int) -> None:
        """Note that the owner took a click this process sent: it answers it."""
        waiting = self._unanswered.pop(click_id, None)
        if waiting is None:  # told early, or late (after the wait): remember a few
            self._taken_early.add(click_id)
            if len(self._taken_early) > EARLY_KEPT:
                self._taken_early.discard(min(self._taken_early))
        else:
            waiting.cancel()

    def _parse_here(self, data: Payload) -> None:
        """Let discord.py handle the click in this process, as any other."""
        self.client._connection.parsers["INTERACTION_CREATE"]({**data, RELAYED: True})

    # ----- the process driving the game ----------------------------------------------------

    def _on_click(self) -> None:
        """Take the clicks waiting for this process (again, if a take is running)."""
        if self._taking:
            self._again = True
            return
        self._taking = True
        self._spawn(self._take_all())

    async def _take_all(self) -> None:
        """Take and answer every waiting click, until none arrived meanwhile."""
        assert self.relay is not None
        try:
            while True:
                self._again = False
                for click in await self.relay.take():
                    self._answer(click)
                if not self._again:
                    return
        except StorageError as error:  # the listener takes them when it is back
            log.warning("relayed clicks not taken (%s)", error)
        finally:
            self._taking = False

    def _answer(self, click: RelayedClick) -> None:
        """Answer a click sent here as if Discord had sent it here."""
        data = json.loads(click.payload)
        if click.age > TOO_LATE:
            log.warning("game %s: a relayed click arrived %.1f s late, too late to answer",
                        click.game_id, click.age)
            return
        self._spawn(self._dispatch(data, click.game_id, late=click.age > LATE))

    async def _dispatch(self, data: Payload, game_id: int, late: bool) -> None:
        """Build the interaction, acknowledge it first if late, and run its component."""
        interaction = self._interaction(data)
        if not self.driven(game_id):  # given up since it was sent (its lease taken)
            await refuse(interaction, Refusal(MOVING))
            return
        if late:
            await interaction.response.defer()
        inner = data["data"]
        # discord.py's own path for a component interaction (ConnectionState's parser).
        self.client._connection._view_store.dispatch_view(
            inner["component_type"], inner["custom_id"], interaction)
        self.client.dispatch("interaction", interaction)

    # ----- both -----------------------------------------------------------------------------

    def _interaction(self, data: Payload) -> discord.Interaction:
        """Return the interaction of a raw payload, bound to this process's client."""
        return discord.Interaction(data=data, state=self.client._connection)  # type: ignore[arg-type]

    def _spawn(self, work: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        """Run work in the background, keeping it referenced until it ends."""
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def start(self) -> None:
        """Listen for clicks sent here and for the clicks this process sent being taken."""
        if self.relay is not None:
            try:
                await self.relay.listen(self._on_click, self._on_taken)
            except StorageError as error:
                log.warning("relay: not listening (%s)", error)

    async def close(self) -> None:
        """Stop listening and waiting."""
        for task in self._unanswered.values():
            task.cancel()
        if self.relay is not None:
            await self.relay.close()
