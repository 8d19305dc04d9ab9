"""Game sessions: dealing a new game and restoring saved ones.

Each running game's `GameSession` saves every accepted action (log + snapshot)
before the host's listener edits the table and the hands, so a restart loses
nothing a player saw confirmed.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable

import discord

from bot.jsondata import JsonDict
from bot.shards import owns_guild
from bot.storage import (
    GameRecord,
    OutcomeUnknown,
    StaleVersion,
    Storage,
    StorageError,
    StorageUnavailable,
)
from cogs.adapters import DEFAULT_LEVEL
from cogs.adapters.base import GameAdapter
from cogs.host.deals import DealSource
from cogs.host.deciders import Deciders
from cogs.host.events import Events
from cogs.host.leases import Leases
from cogs.host.meta import meta_of, restore_table_meta
from cogs.host.runtime import Runtime
from cogs.host.settings import TableSettings
from cogs.host.table import TableMessage
from cogs.registry import adapter_for
from engine.errors import RulesError
from engine.game import Action, Event, Game
from engine.replay import Start
from engine.session import GameSession, SessionHooks

log = logging.getLogger(__name__)


def snapshot_text(game: Game, session: GameSession | None, start: JsonDict | None = None
                  ) -> str:
    """Return what storage keeps for a game: the engine state, the session's counters and
    what dealt the game (for its replay)."""
    meta = session.meta() if session is not None else {}
    # The session's text of its game is made once per move (it also rolls a failed move
    # back to it): written as it is, not serialized again.
    engine = session.state_text() if session is not None else compact(game.to_json())
    start_text = "" if start is None else f',"start":{compact(start)}'
    return f'{{"engine":{engine},"session":{compact(meta)}{start_text}}}'


def stored_version(game: Game) -> int:
    """Return the version storage gives the game's state: the lobby was 0, the start 1."""
    return game.version + 1


def compact(data: object) -> str:
    """Return data as JSON text without spaces, as snapshots are stored."""
    return json.dumps(data, separators=(",", ":"))


class Sessions:
    """Builds each game's session with hooks into storage and the host."""

    def __init__(self, storage: Storage, client: discord.Client, runtimes: dict[int, Runtime],
                 table: TableMessage, events: Events, deals: Callable[[], DealSource],
                 bot_delay: Callable[[], float], leases: Leases,
                 deciders: Deciders | None = None) -> None:
        self.storage, self.client, self.runtimes = storage, client, runtimes
        self.leases, self.deciders = leases, deciders or Deciders(0)
        # Games being started here: their lease is ours, their runtime not yet in `runtimes`.
        self.starting: set[int] = set()
        self.table, self.events = table, events
        # Read when a game is dealt or built: tests and benchmarks change them on the host.
        self.deals, self.bot_delay = deals, bot_delay

    def deal(self, record: GameRecord) -> Runtime:
        """Deal a new game for a lobby's seats (from the host's deal source)."""
        adapter = adapter_for(record.game)
        settings = TableSettings.of(record)
        options = adapter.options(settings.preset, dict(settings.rules))
        deal = self.deals().next_deal(record.game)
        game = adapter.new_game(options, len(record.seats), deal)
        rt = self.build(record, adapter, game, meta=None)
        rt.start = Start.of(game, deal.decks, deal.first_dealer).to_json()
        return rt

    async def begin_start(self, game_id: int) -> bool:
        """Take a lobby's lease before its game starts (so no other process takes the game
        once it runs, nor this one restores it); return False if another process holds it."""
        self.starting.add(game_id)
        held = False
        try:
            held = game_id in await self.leases.claim([game_id])
        finally:
            if not held:
                self.starting.discard(game_id)
        return held

    async def end_start(self, game_id: int) -> None:
        """Close a start begun with `begin_start`: if the game is not driven here (its start
        failed), give its lease up."""
        self.starting.discard(game_id)
        if game_id in self.runtimes:
            return
        try:
            await self.leases.release([game_id])
        except StorageError as error:  # it runs out on its own
            log.warning("game %s: lease not released after a failed start (%s)", game_id, error)

    def build(self, record: GameRecord, adapter: GameAdapter, game: Game,
              meta: JsonDict | None) -> Runtime:
        """Wrap a game in a session whose hooks talk to storage and to the host."""
        holder: list[Runtime] = []
        hooks = self._hooks(record, adapter, holder)
        settings = TableSettings.of(record)
        seconds, delay = float(settings.turn_seconds), self.bot_delay()
        if meta:
            session = GameSession.restore(game.to_json(), hooks, meta=meta,
                                          turn_seconds=seconds, bot_delay=delay)
        else:
            session = GameSession(game, hooks, turn_seconds=seconds, bot_delay=delay)
        rt = Runtime(record, adapter, session, settings,
                     table_message_id=record.table_message_id)
        held = (meta or {}).get("held") or {}
        held_at = held.get("version")
        # Lines not yet on the table, of this turn or of one the stored game has passed: a
        # move is saved before its listener stores the meta, so a restart in between leaves
        # the held lines behind the game. The stored log never holds them too: both are kept
        # together, so the next edit shows each once. Lines of a later version are of moves
        # the stored game does not have: never shown.
        if isinstance(held_at, int) and held_at <= game.version:
            rt.held_lines = [str(line) for line in held.get("lines", [])]
            rt.held_at = held_at
        if meta:
            restore_table_meta(rt, meta, self.client)
        rt.saved_meta = meta_of(rt)
        holder.append(rt)
        return rt

    def _hooks(self, record: GameRecord, adapter: GameAdapter,
               holder: list[Runtime]) -> SessionHooks:
        """Return the session hooks; they reach the runtime once `holder` has it."""
        events = self.events
        bots = {i for i, s in enumerate(record.seats) if s["is_bot"]}
        # A computer plays at the level it was seated with; a person's absent seat at normal.
        levels = {i: s.get("level", DEFAULT_LEVEL) for i, s in enumerate(record.seats)}

        async def persist(g: Game, seat: int, action: Action, _events: list[Event]) -> None:
            rt = holder[0]
            try:
                await self.storage.record_action(rt.record.id, seat, str(action),
                                                 snapshot_text(g, rt.session, rt.start),
                                                 stored_version(g))
            except (OutcomeUnknown, StaleVersion):
                rt.unsettled = True  # the stored game may be ahead: read it back soon
                raise
            # Saved: a worker's copy of the game plays it with its next question.
            self.deciders.moved(rt.record.id, seat, str(action), g.version, g.is_over)

        def choose(g: Game, seat: int) -> str:
            return adapter.choose(g, seat, levels[seat] if seat in bots else DEFAULT_LEVEL)

        def default_move(g: Game, seat: int) -> Action:
            holder[0].auto_seat = seat
            return adapter.default_move(g, seat)

        async def on_events(happened: list[Event]) -> None:
            await events.after_action(holder[0], happened)

        async def on_reminder(seat: int) -> None:
            await events.remind(holder[0], seat)

        async def on_takeover(seat: int) -> None:
            await events.taken_over(holder[0], seat)

        return SessionHooks(
            load=adapter.load, persist=persist, choose=choose,
            default_move=default_move, is_computer=lambda seat: seat in bots,
            on_events=[on_events], on_reminder=on_reminder, on_takeover=on_takeover,
            react=adapter.react, new_deal=adapter.new_deal,
            # A person's standing "No claim", read as each window opens (his hand's button).
            passes=lambda seat: bool(holder) and holder[0].passes_claims(seat),
            # The storage tells an outage once; the computers' moves it refuses say no more.
            told=lambda error: isinstance(error, StorageUnavailable),
            away=self.deciders.away(adapter.name, {seat: levels[seat] for seat in bots},
                                    record.id),
        )

    async def restore_all(self) -> None:
        """Resume every running game of this process's shards whose lease it gets: sessions,
        timers, and (lazily) messages."""
        ours = [record for record in await self.storage.unfinished_games()
                if record.status == "running" and record.state and self._ours(record.id,
                                                                             record.guild_id)]
        held = await self.leases.claim(record.id for record in ours)
        for record in ours:
            if record.id not in held:
                log.info("game %s: driven by another process (its lease is live)", record.id)
            elif not self._here(record.id):  # else its start ended here while we claimed
                await self._resume(record)

    async def take_over(self) -> None:
        """Resume the running games of this process's shards that nobody drives (their
        process died or stopped): only those are read, not every game's snapshot."""
        free = await self.storage.free_games(now=self.leases.now())
        held = await self.leases.claim(g for g, guild in free if self._ours(g, guild))
        for game_id in sorted(held):
            if not self._here(game_id):
                await self._resume(await self.storage.get_game(game_id))

    def _ours(self, game_id: int, guild_id: int) -> bool:
        """Whether this process should drive a game it does not drive yet: the process
        running that guild's shard does."""
        return not self._here(game_id) and owns_guild(self.client, guild_id)

    async def _resume(self, record: GameRecord) -> None:
        """Resume one saved game whose lease this process holds."""
        try:
            rt = self._restore(record)
        except (KeyError, ValueError, RulesError):
            log.exception("game %s cannot be restored", record.id)
            return
        rt.prev_to_act = list(rt.game.to_act())
        self.runtimes[record.id] = rt
        rt.session.start()
        log.info("game %s resumed at version %s", record.id, rt.game.version)
        if rt.game.is_over:
            try:
                await self.finish_restored(rt)
            except StorageError as error:  # tried again at the next start
                log.warning("game %s: not finished at restore (%s)", record.id, error)

    def _here(self, game_id: int) -> bool:
        """Whether this process drives the game or is starting it."""
        return game_id in self.runtimes or game_id in self.starting

    async def keep_leases(self) -> None:
        """Renew the leases of the games this process drives, stop driving those another
        process took, and take over the games of our shards whose lease ran out."""
        for behind in [rt for rt in self.runtimes.values() if rt.unsettled]:
            await self.settle(behind)
        # A game whose session is closed is ending here (its end is being shown): no lease.
        driven = [g for g, rt in self.runtimes.items() if not rt.session.closed]
        held = await self.leases.claim(driven)
        for game_id in driven:
            rt = self.runtimes.get(game_id)
            if game_id in held or rt is None or rt.session.closed:  # ended while we asked
                continue
            # Our lease ran out (a stall longer than the lease) and another process has it.
            log.warning("game %s: taken over by another process; no longer driven here", game_id)
            del self.runtimes[game_id]
            rt.session.close()
            self.deciders.forget(game_id)
        await self.take_over()

    async def settle(self, rt: Runtime) -> None:
        """Bring a game whose save went unconfirmed in line with the database: a move it
        holds is played here as made (told as any move), a game further ahead is resumed
        from its snapshot; if the database still cannot say, ask again at the next renewal."""
        game_id = rt.record.id
        try:
            record = await self.storage.get_game(game_id)
            ahead = record.state_version - stored_version(rt.game)
            logged = await self.storage.actions(game_id) if ahead == 1 else []
        except StorageError as error:
            log.info("game %s: its stored version is not known yet (%s)", game_id, error)
            return
        rt.unsettled = False
        moves = [(seat, text) for _, seat, text, after in logged if after == record.state_version]
        if ahead == 1 and moves and not rt.session.closed:
            seat, text = moves[0]
            # the verb only: a move's text may name cards (no log line shows a hand's card)
            log.info("game %s: a move whose save went unconfirmed stands (%s)", game_id,
                     text.split(" ", 1)[0])
            await rt.session.adopt(-1 if seat is None else seat, rt.game.parse_action(text))
        elif ahead != 0 and self.runtimes.pop(game_id, None) is not None:
            log.warning("game %s: the database holds version %s, this process %s; resumed"
                        " from it", game_id, record.state_version, stored_version(rt.game))
            rt.session.close()
            await self._resume(record)
            await self._show_again(game_id)

    async def _show_again(self, game_id: int) -> None:
        """Show a game resumed from a database that was ahead: its table, and a new DM to
        each player to act (the hands shown here offer moves of a state left behind)."""
        rt = self.runtimes.get(game_id)
        if rt is None or rt.game.is_over:
            return
        await self.table.edit(rt, [])
        await self.events.show_turns(rt, fresh=False)

    async def finish_restored(self, rt: Runtime) -> None:
        """End a game whose last saved move ended it before its end was told (a crash there):
        record its results, show its final table and free its channel."""
        await self.table.finish(rt)
        log.info("game %s: finished at restore (its last move ended it)", rt.record.id)

    def _restore(self, record: GameRecord) -> Runtime:
        """Rebuild one saved game and its session."""
        adapter = adapter_for(record.game)
        data = json.loads(record.state or "")
        game = adapter.load(data["engine"])
        # The column is written after every change of the counters, so it is never older
        # than the copy inside the snapshot; games saved before it use the copy.
        meta = json.loads(record.session_meta) if record.session_meta else data.get("session")
        rt = self.build(record, adapter, game, meta=meta)
        rt.start = data.get("start")
        return rt

    def close_all(self) -> None:
        """Stop every session's timers (cog unload)."""
        for rt in self.runtimes.values():
            rt.session.close()
        self.runtimes.clear()
