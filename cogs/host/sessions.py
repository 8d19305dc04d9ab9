"""Game sessions: dealing a new game, restoring saved ones, and storing session counters.

Each running game's `GameSession` saves every accepted action (log + snapshot)
before the host's listener edits the table and the hands, so a restart loses
nothing a player saw confirmed.
"""

from __future__ import annotations

import json
import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.storage import GameRecord, StorageError
from cogs.adapters import DEFAULT_LEVEL
from cogs.adapters.base import GameAdapter
from cogs.host.runtime import Runtime
from cogs.host.settings import TableSettings
from cogs.registry import adapter_for
from engine.errors import RulesError
from engine.game import Event, Game
from engine.session import GameSession, SessionHooks

if TYPE_CHECKING:
    from cogs.host import GameHost

log = logging.getLogger(__name__)


def snapshot_text(game: Game, session: GameSession | None) -> str:
    """Return what storage keeps for a game: the engine state and the session's counters."""
    meta = session.meta() if session is not None else {}
    return json.dumps({"engine": game.to_json(), "session": meta}, separators=(",", ":"))


def meta_of(rt: Runtime) -> dict[str, Any]:
    """Return what the session_meta column keeps: counters, takeovers, held lines and log."""
    meta = rt.session.meta()
    if rt.held_lines:
        # A restart between a draw and its discard must not lose the draw's public line.
        meta["held"] = {"version": rt.held_at, "lines": list(rt.held_lines)}
    meta["log"] = list(rt.log)
    if rt.pushed:
        meta["pushed"] = rt.pushed
    drawn = {str(s): state.drawn for s, state in rt.seats.items() if state.drawn}
    if drawn:
        meta["drawn"] = drawn
    # DM hands that may still show controls: a restart must not leave them live.
    stale = {s: state.stale_dm() for s, state in rt.seats.items()}
    dms = {str(s): [dm.channel.id, dm.id] for s, dm in stale.items() if dm is not None}
    if dms:
        meta["dms"] = dms
    return meta


def restore_table_meta(rt: Runtime, meta: dict[str, Any], bot: Any) -> None:
    """Give a rebuilt runtime its move log, push count, drawn cards and newest DM hands."""
    rt.log = [str(line) for line in meta.get("log", [])]
    rt.pushed = int(meta.get("pushed", 0))
    for seat, card in meta.get("drawn", {}).items():
        rt.seat(int(seat)).drawn = str(card)
    messageable = getattr(bot, "get_partial_messageable", None)
    if messageable is None:  # a host without Discord (tests of the host alone) has no DMs
        return
    for seat, (channel_id, message_id) in meta.get("dms", {}).items():
        channel = messageable(int(channel_id))
        rt.seat(int(seat)).last_dm = channel.get_partial_message(int(message_id))


class Sessions:
    """Builds each game's session with hooks into storage and the host."""

    def __init__(self, host: GameHost) -> None:
        self.host = host

    def deal(self, record: GameRecord) -> Runtime:
        """Deal a new game for a lobby's seats (from the host's deal source)."""
        adapter = adapter_for(record.game)
        settings = TableSettings.of(record)
        options = adapter.options(settings.preset, dict(settings.rules))
        deal = self.host.deals.next_deal(record.game)
        game = adapter.new_game(options, len(record.seats), deal)
        return self.build(record, adapter, game, meta=None)

    def build(self, record: GameRecord, adapter: GameAdapter, game: Game,
              meta: dict[str, Any] | None) -> Runtime:
        """Wrap a game in a session whose hooks talk to storage and to the host."""
        holder: list[Runtime] = []
        hooks = self._hooks(record, adapter, holder)
        settings = TableSettings.of(record)
        seconds, delay = float(settings.turn_seconds), self.host.bot_delay
        if meta:
            session = GameSession.restore(game.to_json(), hooks, meta=meta,
                                          turn_seconds=seconds, bot_delay=delay)
        else:
            session = GameSession(game, hooks, turn_seconds=seconds, bot_delay=delay)
        rt = Runtime(record, adapter, session, settings,
                     table_message_id=record.table_message_id)
        held = (meta or {}).get("held") or {}
        if held.get("version") == game.version:  # lines of this very turn, not yet on the table
            rt.held_lines = [str(line) for line in held.get("lines", [])]
            rt.held_at = game.version
        if meta:
            restore_table_meta(rt, meta, self.host.bot)
        rt.saved_meta = meta_of(rt)
        holder.append(rt)
        return rt

    def _hooks(self, record: GameRecord, adapter: GameAdapter,
               holder: list[Runtime]) -> SessionHooks:
        """Return the session hooks; they reach the runtime once `holder` has it."""
        events = self.host.events
        bots = {i for i, s in enumerate(record.seats) if s["is_bot"]}
        # A computer plays at the level it was seated with; a person's absent seat at normal.
        levels = {i: s.get("level", DEFAULT_LEVEL) for i, s in enumerate(record.seats)}

        async def persist(g: Game, seat: int, action: Any, _events: list[Event]) -> None:
            rt = holder[0]
            await self.host.storage.record_action(rt.record.id, seat, str(action),
                                        snapshot_text(g, rt.session), g.version + 1)

        def choose(g: Game, seat: int) -> Any:
            return adapter.choose(g, seat, levels[seat] if seat in bots else DEFAULT_LEVEL)

        def default_move(g: Game, seat: int) -> Any:
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
            react=adapter.react,
        )

    async def restore_all(self) -> None:
        """Resume every running game from storage: sessions, timers, and (lazily) messages."""
        runtimes = self.host.runtimes
        for record in await self.host.storage.unfinished_games():
            if record.status != "running" or not record.state or record.id in runtimes:
                continue
            try:
                rt = self._restore(record)
            except (KeyError, ValueError, RulesError):
                log.exception("game %s cannot be restored", record.id)
                continue
            rt.prev_to_act = list(rt.game.to_act())
            runtimes[record.id] = rt
            rt.session.start()
            log.info("game %s resumed at version %s", record.id, rt.game.version)
            if rt.game.is_over:
                try:
                    await self.finish_restored(rt)
                except StorageError as error:  # tried again at the next start
                    log.warning("game %s: not finished at restore (%s)", record.id, error)

    async def finish_restored(self, rt: Runtime) -> None:
        """End a game whose last saved move ended it before its end was told (a crash there):
        record its results, show its final table and free its channel."""
        try:
            await self.host.table.edit(rt, [], final=True)
        except discord.HTTPException as error:  # the results matter more than the picture
            log.warning("game %s: final table not shown (%s)", rt.record.id, error.status)
        await self.host.table.finish(rt)
        log.info("game %s: finished at restore (its last move ended it)", rt.record.id)

    def _restore(self, record: GameRecord) -> Runtime:
        """Rebuild one saved game and its session."""
        adapter = adapter_for(record.game)
        data = json.loads(record.state or "")
        game = adapter.load(data["engine"])
        # The column is written after every change of the counters, so it is never older
        # than the copy inside the snapshot; games saved before it use the copy.
        meta = json.loads(record.session_meta) if record.session_meta else data.get("session")
        return self.build(record, adapter, game, meta=meta)

    def close_all(self) -> None:
        """Stop every session's timers (cog unload)."""
        for rt in self.host.runtimes.values():
            rt.session.close()
        self.host.runtimes.clear()

    async def save_meta(self, rt: Runtime) -> None:
        """Store the session's counters, takeovers, held lines and log if they changed."""
        meta = meta_of(rt)
        if meta == rt.saved_meta or rt.session.closed:
            return  # a closed session's game is over or abandoned: nothing more to keep
        try:
            await self.host.storage.save_session_meta(
                rt.record.id, json.dumps(meta, separators=(",", ":")))
        except StorageError as error:
            # The game goes on; the counters are saved again with the next change.
            log.warning("game %s: session meta not saved (%s)", rt.record.id, error)
            return
        rt.saved_meta = meta
