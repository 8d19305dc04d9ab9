"""The game-independent host: lobbies, sessions, persistence, messages, DMs and timers.

One `GameHost` lives in the Rummy cog. Each running game has a `Runtime`: its
stored record, its adapter (the game's rules-to-Discord mapping) and its
`GameSession`. The session saves every accepted action (log + snapshot) before
the host's listener edits the table and the hands, so a restart loses nothing
a player saw confirmed.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import io
import json
import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.i18n import locale_of, t
from bot.storage import ChannelBusy, GameRecord, ResultRow, Seat, StaleVersion, StorageError
from card_images import HandSpec, render_hand, render_hand_end, render_table
from cogs.adapters import UI_PREFIX, GameAdapter, adapter_for
from cogs.errors import Refusal, missing_permission, refuse
from cogs.views import TABLE_CHOICE, choice_view, hand_view, lobby_view, table_view
from engine.errors import NotYourTurn, RulesError
from engine.game import Event, Game
from engine.session import GameSession, SessionHooks, StaleAction, TooLate

log = logging.getLogger(__name__)

# Seconds a computer player waits before moving (tests lower it).
BOT_DELAY = 1.5
# Interaction tokens last 15 minutes; edit an ephemeral hand only while safely inside that.
EPHEMERAL_TTL = 14 * 60
MAX_CONTENT = 1900
DMS_CLOSED = 50007
MISSING_PERMISSIONS = 50013

Surface = discord.Message | discord.Interaction


@dataclass
class Click:
    """A move's component interaction, answered by editing the hand it was clicked on."""

    seat: int
    interaction: discord.Interaction
    live: bool = True  # False once its move is handled: timers copied from its context skip it


# The click whose move is being submitted. A context variable, not a field of the runtime:
# only the listener run by that very submit may answer it (never a timer's or a computer's).
_CLICK: contextvars.ContextVar[Click | None] = contextvars.ContextVar("rummy_click",
                                                                     default=None)


@dataclass
class Runtime:
    """One running game: record, adapter, session and where each hand is shown."""

    record: GameRecord
    adapter: GameAdapter
    session: GameSession
    locale: str
    surfaces: dict[int, tuple[Surface, float]] = field(default_factory=dict)
    sort: dict[int, str] = field(default_factory=dict)
    dm_closed: set[int] = field(default_factory=set)
    prev_to_act: list[int] = field(default_factory=list)
    auto_seat: int | None = None
    table_message_id: int | None = None
    saved_meta: dict[str, Any] = field(default_factory=dict)  # the session meta last stored
    # What each seat's surface shows now (a key of its text, picture and controls) and whether
    # it has controls: unchanged hands are not edited, control-less ones need no stripping.
    shown: dict[int, tuple[str, bool]] = field(default_factory=dict)
    # Public lines of moves that did not end the turn: the table shows them with its next edit.
    held_lines: list[str] = field(default_factory=list)
    held_at: int = -1  # the game version those lines were held at
    drafts: dict[int, tuple[int, str]] = field(default_factory=dict)  # seat -> (version, draft)

    @property
    def game(self) -> Game:
        """The live game."""
        return self.session.game

    @property
    def names(self) -> list[str]:
        """Seat names, in seat order."""
        return [s["name"] for s in self.record.seats]

    @property
    def delivery(self) -> str:
        """How hands reach players: 'dm' or 'channel'."""
        return str(self.record.options.get("hand_delivery", "dm"))

    def seat_of(self, user_id: int) -> int | None:
        """Return the seat of a member, or None if he does not play here."""
        for i, seat in enumerate(self.record.seats):
            if seat["user_id"] == user_id and not seat["is_bot"]:
                return i
        return None

    def draft(self, seat: int) -> str:
        """Return where a seat is in its hand's menus; any accepted move resets it."""
        version, draft = self.drafts.get(seat, (-1, ""))
        return draft if version == self.game.version else ""

    def seat_locale(self, seat: int) -> str:
        """Return the language a seat's private messages use."""
        return locale_of(self.record.seats[seat].get("locale") or self.locale)


def snapshot_text(game: Game, session: GameSession | None) -> str:
    """Return what storage keeps for a game: the engine state and the session's counters."""
    meta = session.meta() if session is not None else {}
    return json.dumps({"engine": game.to_json(), "session": meta}, separators=(",", ":"))


def _png(data: bytes, name: str) -> discord.File:
    return discord.File(io.BytesIO(data), filename=name)


def _clip(text: str) -> str:
    return text if len(text) <= MAX_CONTENT else text[: MAX_CONTENT - 1] + "…"


def _is_ephemeral(interaction: discord.Interaction) -> bool:
    """Whether the component was clicked on an ephemeral message (not a DM)."""
    message = interaction.message
    return message is None or message.flags.ephemeral


class GameHost:
    """Everything between Discord and the game sessions, for every kind of game."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.runtimes: dict[int, Runtime] = {}
        self._lobby_locks: dict[int, asyncio.Lock] = {}
        # Each member's DM channel, so a new hand costs one call, not a user lookup first.
        self._dm_channels: dict[int, discord.abc.Messageable] = {}

    @property
    def storage(self) -> Any:
        """The bot's storage."""
        return self.bot.storage

    # ----- places and messages ------------------------------------------------------------

    def place(self, place_id: int) -> Any:
        """Return a sendable handle on a channel or thread, cached or not."""
        channel = self.bot.get_channel(place_id)
        return channel if channel is not None else self.bot.get_partial_messageable(place_id)

    async def public_locale(self, guild: discord.Guild | None) -> str:
        """Return the language of public messages: the server's setting, else its locale."""
        if guild is None:
            return "en"
        settings = await self.storage.get_guild_settings(guild.id)
        return locale_of(settings.locale or guild.preferred_locale)

    async def _post(self, rt: Runtime, content: str, file: discord.File | None = None) -> None:
        """Post a public line in the game's place; a failure only costs the line."""
        try:
            kwargs: dict[str, Any] = {"file": file} if file is not None else {}
            await self.place(rt.record.place_id).send(_clip(content), **kwargs)
        except discord.HTTPException as error:
            log.warning("game %s: could not post a line (%s)", rt.record.id, error.status)

    # ----- lobby ----------------------------------------------------------------------------

    def lobby_lock(self, game_id: int) -> asyncio.Lock:
        """Serialize lobby changes of one game (double clicks on Start)."""
        return self._lobby_locks.setdefault(game_id, asyncio.Lock())

    def lobby_text(self, record: GameRecord, locale: str, footer_key: str = "lobby.waiting",
                   **footer: object) -> str:
        """Return the lobby message: game, rules, settings, seats and what happens next."""
        adapter = adapter_for(record.game)
        options = adapter.options(record.preset, record.options.get("rules", {}))
        host = next((s["name"] for s in record.seats if s["user_id"] == record.host_id), "?")
        seconds = int(record.options.get("turn_seconds", 0))
        lines = [
            "**" + t("lobby.title", locale, game=t(f"game.{record.game}", locale)) + "**",
            t("lobby.created_by", locale, name=host),
            t("lobby.rules", locale, preset=t(f"preset.{record.preset}", locale)),
            *adapter.settings_lines(options, locale),
            t("settings.turn_time", locale, seconds=seconds) if seconds
            else t("settings.untimed", locale),
            "",
            "**" + t("lobby.players", locale, count=len(record.seats),
                     max=adapter.max_players) + "**",
        ]
        for seat in record.seats:
            name = (t("lobby.computer_seat", locale, name=seat["name"]) if seat["is_bot"]
                    else seat["name"])
            lines.append(f"• {name}")
        free = adapter.max_players - len(record.seats)
        lines += [f"• *{t('lobby.empty_seat', locale)}*"] * free
        lines += ["", t(footer_key, locale, **footer)]
        return "\n".join(lines)

    async def open_lobby(
        self, interaction: discord.Interaction, game: str, preset: str
    ) -> None:
        """Open a lobby for `game` in this channel (or a new thread) with the opener seated."""
        adapter = adapter_for(game)
        if preset not in adapter.presets():
            raise Refusal("error.invalid_option", value=preset, option="preset")
        guild = interaction.guild
        channel = interaction.channel
        if guild is None or channel is None:
            raise Refusal("error.no_game")
        locale = locale_of(interaction.locale)
        if await self.storage.active_game_in_channel(channel.id) is not None:
            raise Refusal("lobby.already_running")
        settings = await self.storage.get_guild_settings(guild.id)
        public = await self.public_locale(guild)
        seat: Seat = {"user_id": interaction.user.id, "name": interaction.user.display_name,
                      "is_bot": False, "locale": locale}
        options = {"rules": {}, "turn_seconds": settings.turn_seconds,
                   "hand_delivery": settings.hand_delivery, "locale": public}
        try:
            game_id = await self.storage.create_game(
                guild_id=guild.id, channel_id=channel.id, game=game,
                host_id=interaction.user.id, preset=preset, options=options, seats=[seat],
            )
        except ChannelBusy:  # another /rummy new won the race since the check above
            raise Refusal("lobby.already_running") from None
        place: Any = channel
        try:
            if settings.use_threads and isinstance(channel, discord.TextChannel):
                name = t("lobby.thread_name", public, game=t(f"game.{game}", public),
                         number=game_id)
                place = await channel.create_thread(name=name,
                                                    type=discord.ChannelType.public_thread)
                await self.storage.set_thread(game_id, place.id)
            record = await self.storage.get_game(game_id)
            message = await place.send(self.lobby_text(record, public),
                                       view=lobby_view(game_id, public))
        except discord.Forbidden:
            await self.storage.set_status(game_id, "abandoned")
            raise
        await self.storage.set_message_ids(game_id, lobby_message_id=message.id)
        await interaction.response.send_message(
            t("lobby.you_joined", locale) + f" {message.jump_url}", ephemeral=True
        )

    async def refresh_lobby(self, record: GameRecord, footer_key: str = "lobby.waiting",
                            **footer: object) -> None:
        """Edit the lobby message to show the current seats (buttons gone once it is over)."""
        if record.lobby_message_id is None:
            return
        locale = str(record.options.get("locale", "en"))
        view = lobby_view(record.id, locale) if record.status == "lobby" else None
        message = self.place(record.place_id).get_partial_message(record.lobby_message_id)
        try:
            await message.edit(content=self.lobby_text(record, locale, footer_key, **footer),
                               view=view)
        except discord.HTTPException as error:
            log.warning("game %s: lobby edit failed (%s)", record.id, error.status)

    async def lobby_action(self, interaction: discord.Interaction, record: GameRecord,
                           kind: str) -> str:
        """Join, leave, add a computer or start; return the confirmation key for the member."""
        if kind == "start":
            self.check_can_start(interaction, record)
            # Dealing, drawing and DMs may take longer than Discord's 3 s to answer: say
            # "thinking" first; refusals and the confirmation then come as ephemeral followups.
            await interaction.response.defer(ephemeral=True, thinking=True)
        async with self.lobby_lock(record.id):
            record = await self.storage.get_game(record.id)
            if record.status != "lobby":
                raise Refusal("lobby.already_running" if record.status == "running"
                              else "error.game_over")
            if kind == "start":
                await self.start(interaction, record)
                await self._confirm(interaction, "lobby.started_short")
                return "lobby.started_short"
            seats = list(record.seats)
            key = self._change_seats(interaction, record, seats, kind)
            await self.storage.update_lobby(record.id, seats=seats)
            await self.refresh_lobby(await self.storage.get_game(record.id))
            return key

    def _change_seats(self, interaction: discord.Interaction, record: GameRecord,
                      seats: list[Seat], kind: str) -> str:
        """Apply join / leave / addbot to `seats`; return the member's confirmation key."""
        adapter = adapter_for(record.game)
        user = interaction.user
        seated = any(s["user_id"] == user.id and not s["is_bot"] for s in seats)
        if kind == "leave":
            if not seated:
                raise Refusal("lobby.not_seated")
            seats[:] = [s for s in seats if s["user_id"] != user.id or s["is_bot"]]
            return "lobby.you_left"
        if len(seats) >= adapter.max_players:
            raise Refusal("lobby.already_seated" if seated and kind == "join" else "lobby.full")
        if kind == "join":
            if seated:
                raise Refusal("lobby.already_seated")
            seats.append({"user_id": user.id, "name": user.display_name, "is_bot": False,
                          "locale": locale_of(interaction.locale)})
            return "lobby.you_joined"
        if not seated and user.id != record.host_id:
            raise Refusal("lobby.not_seated")
        number = sum(1 for s in seats if s["is_bot"]) + 1
        locale = str(record.options.get("locale", "en"))
        seats.append({"user_id": None, "name": t("lobby.computer_name", locale, number=number),
                      "is_bot": True})
        return "lobby.computer_added"

    async def _confirm(self, interaction: discord.Interaction, key: str) -> None:
        """Replace a deferred "thinking" answer with the member's confirmation."""
        try:
            await interaction.followup.send(t(key, locale_of(interaction.locale)), ephemeral=True)
        except discord.HTTPException as error:
            log.warning("could not confirm to %s (%s)", interaction.user.id, error.status)

    def check_can_start(self, interaction: discord.Interaction, record: GameRecord) -> None:
        """Refuse a start by someone else than the host, or with too few players."""
        adapter = adapter_for(record.game)
        if not self.may_manage(interaction, record):
            raise Refusal("lobby.only_host_start")
        if len(record.seats) < adapter.min_players:
            raise Refusal("lobby.need_players", min=adapter.min_players)

    def may_manage(self, interaction: discord.Interaction, record: GameRecord) -> bool:
        """Whether the member is the host or has Manage Server."""
        perms = getattr(interaction, "permissions", None)
        return interaction.user.id == record.host_id or bool(perms and perms.manage_guild)

    async def start(self, interaction: discord.Interaction, record: GameRecord) -> None:
        """Deal, post the table, save the first snapshot, and send every hand."""
        adapter = adapter_for(record.game)
        self.check_can_start(interaction, record)  # seats may have changed while we waited
        options = adapter.options(record.preset, record.options.get("rules", {}))
        game = adapter.new_game(options, len(record.seats))
        locale = str(record.options.get("locale", "en"))
        rt = self._runtime(record, adapter, game, locale, meta=None)
        # Post the table before saving: if the channel refuses us, the lobby stays as it was.
        opening = adapter.opening_lines(game, rt.names, locale)
        table = await self.place(record.place_id).send(**self._table_payload(rt, opening))
        try:
            await self.storage.start_game(record.id, snapshot_text(game, rt.session))
        except StaleVersion:
            await table.delete()
            raise Refusal("lobby.already_running") from None
        await self.storage.set_message_ids(record.id, table_message_id=table.id)
        rt.table_message_id = table.id
        rt.record = await self.storage.get_game(record.id)
        self.runtimes[record.id] = rt
        first = rt.names[game.to_act()[0]] if game.to_act() else ""
        await self.refresh_lobby(rt.record, "lobby.started", name=first)
        rt.session.start()
        rt.prev_to_act = []
        await self._deliver_hands(rt, fresh=True)
        rt.prev_to_act = list(game.to_act())

    async def abandon(self, interaction: discord.Interaction, record: GameRecord) -> None:
        """Cancel a lobby or a running game (host or Manage Server only)."""
        if not self.may_manage(interaction, record):
            raise Refusal("lobby.only_host_abandon")
        rt = self.runtimes.pop(record.id, None)
        if rt is not None:
            rt.session.close()
        await self.storage.set_status(record.id, "abandoned")
        record = await self.storage.get_game(record.id)
        name = interaction.user.display_name
        await self.refresh_lobby(record, "lobby.abandoned", name=name)
        if rt is not None:
            await self._post(rt, t("lobby.abandoned", rt.locale, name=name))
            await self._edit_table(rt, [t("lobby.abandoned", rt.locale, name=name)], final=True)

    # ----- runtime and session hooks ---------------------------------------------------------

    def _runtime(self, record: GameRecord, adapter: GameAdapter, game: Game, locale: str,
                 meta: dict[str, Any] | None) -> Runtime:
        """Wrap a game in a session whose hooks talk to storage and to this host."""
        holder: dict[str, Runtime] = {}
        bots = {i for i, s in enumerate(record.seats) if s["is_bot"]}

        async def persist(g: Game, seat: int, action: Any, events: list[Event]) -> None:
            rt = holder["rt"]
            await self.storage.record_action(rt.record.id, seat, str(action),
                                             snapshot_text(g, rt.session), g.version + 1)

        def default_move(g: Game, seat: int) -> Any:
            holder["rt"].auto_seat = seat
            return adapter.default_move(g, seat)

        async def on_events(events: list[Event]) -> None:
            await self._on_events(holder["rt"], events)

        async def on_reminder(seat: int) -> None:
            await self._remind(holder["rt"], seat)

        async def on_takeover(seat: int) -> None:
            rt = holder["rt"]
            await self.save_meta(rt)
            await self._post(rt, t("timer.replaced", rt.locale, name=rt.names[seat]))
            # Show "I'm back" now, with any line held for the end of the turn.
            await self._edit_table(rt, [])

        hooks = SessionHooks(
            load=adapter.load, persist=persist, choose=adapter.choose,
            default_move=default_move, is_computer=lambda seat: seat in bots,
            on_events=[on_events], on_reminder=on_reminder, on_takeover=on_takeover,
            react=getattr(adapter, "react", None),
        )
        seconds = float(record.options.get("turn_seconds", 0))
        if meta:
            session = GameSession.restore(game.to_json(), hooks, meta=meta,
                                          turn_seconds=seconds, bot_delay=BOT_DELAY)
        else:
            session = GameSession(game, hooks, turn_seconds=seconds, bot_delay=BOT_DELAY)
        rt = Runtime(record, adapter, session, locale, table_message_id=record.table_message_id)
        held = (meta or {}).get("held") or {}
        if held.get("version") == game.version:  # lines of this very turn, not yet on the table
            rt.held_lines = [str(line) for line in held.get("lines", [])]
            rt.held_at = game.version
        rt.saved_meta = self.meta_of(rt)
        holder["rt"] = rt
        return rt

    async def restore_all(self) -> None:
        """Resume every running game from storage: sessions, timers, and (lazily) messages."""
        for record in await self.storage.unfinished_games():
            if record.status != "running" or not record.state or record.id in self.runtimes:
                continue
            try:
                adapter = adapter_for(record.game)
                data = json.loads(record.state)
                game = adapter.load(data["engine"])
                locale = str(record.options.get("locale", "en"))
                # The column is written after every change of the counters, so it is never
                # older than the copy inside the snapshot; games saved before it use the copy.
                meta = (json.loads(record.session_meta) if record.session_meta
                        else data.get("session"))
                rt = self._runtime(record, adapter, game, locale, meta=meta)
            except (KeyError, ValueError, RulesError):
                log.exception("game %s cannot be restored", record.id)
                continue
            rt.prev_to_act = list(game.to_act())
            self.runtimes[record.id] = rt
            rt.session.start()
            log.info("game %s resumed at version %s", record.id, game.version)

    def close_all(self) -> None:
        """Stop every session's timers (cog unload)."""
        for rt in self.runtimes.values():
            rt.session.close()
        self.runtimes.clear()

    # ----- after every accepted action -------------------------------------------------------

    def meta_of(self, rt: Runtime) -> dict[str, Any]:
        """Return what the session_meta column keeps: counters, takeovers and held lines."""
        meta = rt.session.meta()
        if rt.held_lines:
            # A restart between a draw and its discard must not lose the draw's public line.
            meta["held"] = {"version": rt.held_at, "lines": list(rt.held_lines)}
        return meta

    async def save_meta(self, rt: Runtime) -> None:
        """Store the session's counters, takeovers and held lines if they changed."""
        meta = self.meta_of(rt)
        if meta == rt.saved_meta:
            return
        try:
            await self.storage.save_session_meta(
                rt.record.id, json.dumps(meta, separators=(",", ":")))
        except StorageError as error:
            # The game goes on; the counters are saved again with the next change.
            log.warning("game %s: session meta not saved (%s)", rt.record.id, error)
            return
        rt.saved_meta = meta

    async def _on_events(self, rt: Runtime, events: list[Event]) -> None:
        """Announce, edit the table, show the hand's end, finish the game, refresh hands."""
        game = rt.game
        # A timeout or a player's own move may have changed the counters: store them first.
        await self.save_meta(rt)
        lines = rt.adapter.describe(events, rt.names, rt.locale)
        auto_seat = rt.auto_seat
        timed_out = auto_seat is not None
        if auto_seat is not None:
            lines.insert(0, t("timer.auto_played", rt.locale, name=rt.names[auto_seat]))
            rt.auto_seat = None
        fresh = rt.adapter.new_deal(events)
        # The clicked hand first: it is the interaction's answer, due within 3 seconds.
        await self._answer_click(rt, fresh)
        ended = rt.adapter.hand_end(game, events, rt.names, rt.locale)
        if ended is not None:
            spec, score_lines = ended
            await self._post(rt, "\n".join(score_lines), _png(render_hand_end(spec), "hand.png"))
        actor = next((e.seat for e in events if e.seat is not None), None)
        # The same player goes on (he drew; the discard comes next). A claim made by someone
        # else, between turns, is news at once.
        same_turn = list(game.to_act()) == rt.prev_to_act and actor in rt.prev_to_act
        notable = any(e.kind in rt.adapter.notable for e in events)
        if (ended is None and not fresh and not game.is_over and same_turn and not timed_out
                and not notable):
            # One table edit per turn, carrying this line too. "Time's up" is told at once.
            rt.held_lines += lines
            rt.held_at = game.version
            await self.save_meta(rt)
        else:
            await self._edit_table(rt, lines, final=game.is_over)
        if game.is_over:
            await self._finish(rt)
        await self._deliver_hands(rt, fresh=fresh)
        rt.prev_to_act = list(game.to_act())

    def _table_payload(self, rt: Runtime, lines: Sequence[str], final: bool = False
                       ) -> dict[str, Any]:
        """Return the table message: last lines, whose turn, the picture and its buttons."""
        status = rt.adapter.table_status(rt.game, rt.names, rt.locale)
        text = "\n".join([*lines[-6:], f"**{status}**"])
        png = render_table(rt.adapter.table_spec(rt.game, rt.names, rt.locale))
        view = None if final else table_view(
            rt.record.id, rt.locale, someone_replaced=bool(rt.session.taken_over),
            version=rt.game.version, controls=rt.adapter.table_controls(rt.game, rt.locale))
        payload: dict[str, Any] = {"content": _clip(text), "file": _png(png, "table.png")}
        if view is not None:
            payload["view"] = view
        return payload

    async def _edit_table(self, rt: Runtime, lines: Sequence[str], final: bool = False) -> None:
        """Edit the table message; a 5xx is skipped (the next edit catches up)."""
        lines, rt.held_lines = [*rt.held_lines, *lines], []
        payload = self._table_payload(rt, lines, final)
        file = payload.pop("file")
        payload.setdefault("view", None)
        place = self.place(rt.record.place_id)
        if rt.table_message_id is not None:
            try:
                await place.get_partial_message(rt.table_message_id).edit(
                    attachments=[file], **payload)
                return
            except discord.NotFound:
                pass  # deleted: post a fresh one below
            except discord.HTTPException as error:
                log.warning("game %s: table edit failed (%s)", rt.record.id, error.status)
                return
        try:
            message = await place.send(file=file, **payload)
        except discord.HTTPException as error:
            log.warning("game %s: table post failed (%s)", rt.record.id, error.status)
            return
        rt.table_message_id = message.id
        await self.storage.set_message_ids(rt.record.id, table_message_id=message.id)

    async def _finish(self, rt: Runtime) -> None:
        """Record the results, announce the winner and stop the session."""
        outcomes = rt.adapter.outcomes(rt.game)
        rows = [
            ResultRow(seat=o.seat, name=rt.names[o.seat],
                      user_id=rt.record.seats[o.seat]["user_id"],
                      is_bot=rt.record.seats[o.seat]["is_bot"], points=o.points, won=o.won)
            for o in outcomes
        ]
        await self.storage.record_results(rt.record.id, rows)
        lines = ["**" + t("event.game_over", rt.locale) + "**"]
        lines += [t("event.final_score_line", rt.locale, name=rt.names[o.seat], points=o.points)
                  for o in outcomes]
        winner = next((o for o in outcomes if o.won), None)
        if winner is not None:
            lines.append(t("event.winner", rt.locale, name=rt.names[winner.seat],
                           points=winner.points))
        await self._post(rt, "\n".join(lines))
        rt.session.close()
        self.runtimes.pop(rt.record.id, None)

    async def _remind(self, rt: Runtime, seat: int) -> None:
        """Remind a player at half time, in public (his mention) so a phone buzzes."""
        user_id = rt.record.seats[seat]["user_id"]
        left = int(rt.session.turn_seconds - rt.session.turn_seconds / 2)
        await self._post(rt, t("timer.reminder", rt.locale, mention=f"<@{user_id}>",
                               seconds=left))

    # ----- private hands ---------------------------------------------------------------------

    def with_controls(self, rt: Runtime, seat: int, on_dm: bool, keep: bool = False) -> bool:
        """Whether a hand shows controls: an ephemeral always, a DM on its turn (or `keep`)."""
        # A DM whose turn ended loses its controls in the answer to the move, so the new DM
        # of the next turn needs no stripping. `keep`: a new deal's DM keeps the sort button
        # while its player waits for his first turn.
        return not rt.game.is_over and (not on_dm or keep or seat in rt.game.to_act())

    def _hand_parts(self, rt: Runtime, seat: int, controls_on: bool
                    ) -> tuple[HandSpec, dict[str, Any], str]:
        """Return a hand's picture spec, its message fields but the file, and their key."""
        locale = rt.seat_locale(seat)
        sort = rt.sort.get(seat, "suit")
        game = rt.game
        spec = rt.adapter.hand_spec(game, seat, sort, locale)
        prompt = rt.adapter.hand_prompt(game, seat, rt.names, locale)
        controls = rt.adapter.controls(game, seat, locale, rt.draft(seat)) if controls_on else []
        header = t("hand.open_dm", locale, channel=f"<#{rt.record.place_id}>")
        content = _clip(f"{header}\n{prompt}")
        view = (hand_view(rt.record.id, game.version, controls, locale, sort) if controls_on
                else None)
        # Controls carry the state version in their ids; a hand without moves does not.
        key = repr((content, spec, controls, sort, controls_on,
                    game.version if controls else None))
        return spec, {"content": content, "view": view}, key

    def hand_payload(self, rt: Runtime, seat: int, controls_on: bool = True) -> dict[str, Any]:
        """Return a seat's hand message: prompt, picture and controls for its legal moves."""
        return self._keyed_payload(rt, seat, controls_on)[0]

    def _keyed_payload(self, rt: Runtime, seat: int, controls_on: bool
                       ) -> tuple[dict[str, Any], str]:
        """Return the hand message with its picture rendered, and its key."""
        spec, payload, key = self._hand_parts(rt, seat, controls_on)
        payload["file"] = _png(render_hand(spec), "hand.png")
        return payload, key

    async def _answer_click(self, rt: Runtime, fresh: bool) -> None:
        """Answer the move's click by editing the hand it was made on (no separate edit)."""
        click = _CLICK.get()
        if click is None or not click.live or click.interaction.response.is_done():
            return
        click.live = False
        seat, interaction = click.seat, click.interaction
        on_dm = not _is_ephemeral(interaction)
        try:
            if fresh and on_dm and rt.delivery == "dm" and seat not in rt.dm_closed:
                # A new hand comes in a new DM: this one only loses its controls.
                await interaction.response.edit_message(view=None)
                rt.shown[seat] = ("", False)
                return
            controls_on = self.with_controls(rt, seat, on_dm)
            payload, key = self._keyed_payload(rt, seat, controls_on)
            file = payload.pop("file")
            await interaction.response.edit_message(attachments=[file], **payload)
            rt.shown[seat] = (key, controls_on)
        except discord.HTTPException as error:
            log.warning("game %s: hand of seat %s not answered (%s)", rt.record.id, seat,
                        error.status)

    async def _deliver_hands(self, rt: Runtime, fresh: bool) -> None:
        """Update every human's hand; a new DM when a hand is dealt or a turn begins."""
        acting = set(rt.game.to_act())
        for seat, info in enumerate(rt.record.seats):
            if info["is_bot"]:
                continue
            new = fresh or (seat in acting and seat not in rt.prev_to_act)
            try:
                await self._deliver(rt, seat, new and not rt.game.is_over, fresh)
            except discord.HTTPException as error:
                log.warning("game %s: hand of seat %s not updated (%s)", rt.record.id, seat,
                            error.status)

    async def _deliver(self, rt: Runtime, seat: int, new_message: bool,
                       fresh: bool = False) -> None:
        """Send (new_message) or edit one seat's hand where the player sees it."""
        old = rt.surfaces.get(seat)
        if new_message and rt.delivery == "dm" and seat not in rt.dm_closed:
            controls_on = self.with_controls(rt, seat, on_dm=True, keep=fresh)
            sent = await self._send_dm(rt, seat, controls_on)
            if sent is not None:
                message, key = sent
                # Unknown (e.g. after a restart) counts as having controls.
                if (old is not None and isinstance(old[0], discord.Message)
                        and rt.shown.get(seat, ("", True))[1]):
                    await self._strip(old[0])
                rt.surfaces[seat] = (message, time.monotonic())
                rt.shown[seat] = (key, controls_on)
                return
        if old is not None:
            await self._edit_surface(rt, seat, old)

    async def _dm_channel(self, user_id: int) -> discord.abc.Messageable:
        """Return a member's DM channel, looked up once per member."""
        channel = self._dm_channels.get(user_id)
        if channel is None:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            channel = user.dm_channel or await user.create_dm()
            self._dm_channels[user_id] = channel
        return channel

    async def _send_dm(self, rt: Runtime, seat: int, controls_on: bool
                       ) -> tuple[discord.Message, str] | None:
        """DM the hand; on closed DMs (50007) say so in the channel and return None."""
        user_id = rt.record.seats[seat]["user_id"]
        assert user_id is not None
        payload, key = self._keyed_payload(rt, seat, controls_on)
        try:
            channel = await self._dm_channel(user_id)
            message: discord.Message = await channel.send(**payload)
            return message, key
        except discord.Forbidden as error:
            if error.code != DMS_CLOSED:
                raise
            rt.dm_closed.add(seat)
            await self._post(rt, t("error.dms_closed", rt.locale, mention=f"<@{user_id}>"))
            return None

    async def _strip(self, message: discord.Message) -> None:
        """Remove the controls of a hand message that is no longer current."""
        # If this fails the old message keeps its buttons; they are refused as stale anyway.
        with contextlib.suppress(discord.HTTPException):
            await message.edit(view=None)

    async def _edit_surface(self, rt: Runtime, seat: int,
                            surface: tuple[Surface, float]) -> None:
        """Edit a hand where it is shown (a DM or an ephemeral answer) if it changed."""
        target, since = surface
        ephemeral = isinstance(target, discord.Interaction)
        if ephemeral and time.monotonic() - since > EPHEMERAL_TTL:
            rt.surfaces.pop(seat, None)
            rt.shown.pop(seat, None)
            return
        # A waiting DM keeps what it has: a deal's sort button until the turn's new DM.
        had_controls = rt.shown.get(seat, ("", False))[1]
        controls_on = self.with_controls(rt, seat, on_dm=not ephemeral, keep=had_controls)
        spec, payload, key = self._hand_parts(rt, seat, controls_on)
        if rt.shown.get(seat) == (key, controls_on):
            return  # e.g. the waiting player's hand while the other one draws
        file = _png(render_hand(spec), "hand.png")
        if isinstance(target, discord.Interaction):
            await target.edit_original_response(attachments=[file], **payload)
        else:
            await target.edit(attachments=[file], **payload)
        rt.shown[seat] = (key, controls_on)

    def _remember(self, rt: Runtime, seat: int, interaction: discord.Interaction) -> None:
        """Note where the player is looking at his hand (the message he just used)."""
        message = interaction.message
        if message is not None and not message.flags.ephemeral:
            rt.surfaces[seat] = (message, time.monotonic())
        else:
            rt.surfaces[seat] = (interaction, time.monotonic())
        rt.shown.pop(seat, None)  # what that message shows is known once it is answered

    # ----- components ------------------------------------------------------------------------

    async def on_button(self, interaction: discord.Interaction, game_id: int, kind: str,
                        arg: str) -> None:
        """Route a button click; every refusal becomes an ephemeral answer."""
        try:
            if kind in ("join", "leave", "addbot", "start"):
                record = await self.storage.get_game(game_id)
                key = await self.lobby_action(interaction, record, kind)
                if not interaction.response.is_done():
                    await interaction.response.send_message(
                        t(key, locale_of(interaction.locale)), ephemeral=True)
            elif kind == "hand":
                await self.show_hand(interaction, game_id)
            elif kind == "back":
                await self.im_back(interaction, game_id)
            elif kind == "sort":
                await self.sort_hand(interaction, game_id, arg)
            elif kind == "act":
                version, _, action = arg.partition(":")
                await self.play(interaction, game_id, int(version), action)
            elif kind == "tact":
                version, _, action = arg.partition(":")
                await self.table_act(interaction, game_id, int(version), action)
        except (Refusal, RulesError, discord.Forbidden) as error:
            await refuse(interaction, error)

    async def on_select(self, interaction: discord.Interaction, game_id: int, version: int,
                        verb: str, values: list[str]) -> None:
        """Route a select choice as the action `<verb> <value>`."""
        try:
            if not values:
                raise StaleAction()
            if verb == TABLE_CHOICE:
                await self.table_move(interaction, game_id, version, values[0])
                return
            rt = self.running(game_id)
            seat = self.seated(rt, interaction)
            text = rt.adapter.compose(rt.game, seat, verb, values)
            await self.play(interaction, game_id, version, text)
        except (Refusal, RulesError) as error:
            await refuse(interaction, error)

    def running(self, game_id: int) -> Runtime:
        """Return the running game or refuse (finished, abandoned, unknown)."""
        rt = self.runtimes.get(game_id)
        if rt is None:
            raise Refusal("error.game_over")
        return rt

    def seated(self, rt: Runtime, interaction: discord.Interaction) -> int:
        """Return the member's seat or refuse."""
        seat = rt.seat_of(interaction.user.id)
        if seat is None:
            raise Refusal("lobby.not_seated")
        return seat

    async def play(self, interaction: discord.Interaction, game_id: int, version: int,
                   text: str) -> None:
        """Check and submit a move; the listener then edits the table and the hands."""
        rt = self.running(game_id)
        seat = self.seated(rt, interaction)
        game = rt.game
        if version != game.version:
            raise StaleAction()
        if seat not in game.to_act():
            raise NotYourTurn("it is not your turn")
        if text.startswith(UI_PREFIX):
            await self._ui_step(rt, seat, interaction, text)
            return
        action = game.parse_action(text)
        game.verify(seat, action)  # refuse before acknowledging: the answer stays the response
        self._remember(rt, seat, interaction)
        click = Click(seat, interaction)
        token = _CLICK.set(click)
        try:
            await rt.session.submit(seat, action, version)
        finally:
            click.live = False
            _CLICK.reset(token)
            if not interaction.response.is_done():
                # Refused after all, or the listener failed: acknowledge so a refusal can follow.
                with contextlib.suppress(discord.HTTPException):
                    await interaction.response.defer()

    async def _ui_step(self, rt: Runtime, seat: int, interaction: discord.Interaction,
                       text: str) -> None:
        """Move within the hand's menus (a page, a card picked first) and redraw in place."""
        draft = rt.adapter.step(rt.game, seat, rt.draft(seat), text)
        rt.drafts[seat] = (rt.game.version, draft)
        payload, key = self._keyed_payload(rt, seat, controls_on=True)
        file = payload.pop("file")
        await interaction.response.edit_message(attachments=[file], **payload)
        self._remember(rt, seat, interaction)
        rt.shown[seat] = (key, True)

    async def table_act(self, interaction: discord.Interaction, game_id: int, version: int,
                        action: str) -> None:
        """Handle a table button (e.g. "Rummy!"): play it, or ask which of its choices."""
        rt = self.running(game_id)
        seat = self.seated(rt, interaction)
        if version != rt.game.version:
            raise TooLate()
        locale = locale_of(interaction.locale)
        choices = rt.adapter.table_choices(rt.game, seat, action, locale)
        if len(choices) == 1:
            await self.table_move(interaction, game_id, version, choices[0].value)
            return
        view = choice_view(game_id, version, TABLE_CHOICE, choices, t("claim.choose", locale))
        await interaction.response.send_message(t("claim.choose", locale), view=view,
                                                ephemeral=True)

    async def table_move(self, interaction: discord.Interaction, game_id: int, version: int,
                         text: str) -> None:
        """Submit an out-of-turn move made from the table; the first one received wins."""
        rt = self.running(game_id)
        seat = self.seated(rt, interaction)
        action = rt.game.parse_action(text)
        try:
            await rt.session.submit(seat, action, version)
        except StaleAction as error:
            raise TooLate() from error  # another claim, a draw or the clock came first
        if not interaction.response.is_done():
            await interaction.response.send_message(
                t("claim.won", locale_of(interaction.locale)), ephemeral=True)

    async def show_hand(self, interaction: discord.Interaction, game_id: int) -> None:
        """Answer "My hand" ephemerally with the picture and the controls."""
        rt = self.running(game_id)
        seat = self.seated(rt, interaction)
        await self._send_ephemeral_hand(rt, seat, interaction)

    async def im_back(self, interaction: discord.Interaction, game_id: int) -> None:
        """Give a taken-over seat back to its player and show him his hand."""
        rt = self.running(game_id)
        seat = self.seated(rt, interaction)
        if not await rt.session.back(seat):
            raise Refusal("timer.not_replaced")
        await self.save_meta(rt)
        await self._send_ephemeral_hand(rt, seat, interaction)
        await self._edit_table(rt, [t("timer.welcome_back", rt.locale, name=rt.names[seat])])

    async def _send_ephemeral_hand(self, rt: Runtime, seat: int,
                                   interaction: discord.Interaction) -> None:
        """Answer with the hand, visible to the player only, and edit it there from now on."""
        controls_on = self.with_controls(rt, seat, on_dm=False)
        payload, key = self._keyed_payload(rt, seat, controls_on)
        await interaction.response.send_message(ephemeral=True, **payload)
        rt.surfaces[seat] = (interaction, time.monotonic())
        rt.shown[seat] = (key, controls_on)

    async def sort_hand(self, interaction: discord.Interaction, game_id: int, mode: str) -> None:
        """Redraw the hand sorted by suit or by rank, in place."""
        rt = self.running(game_id)
        seat = self.seated(rt, interaction)
        rt.sort[seat] = "rank" if mode == "rank" else "suit"
        # The sort button stays where it was clicked, even on a waiting DM.
        controls_on = self.with_controls(rt, seat, on_dm=not _is_ephemeral(interaction),
                                         keep=True)
        payload, key = self._keyed_payload(rt, seat, controls_on)
        file = payload.pop("file")
        await interaction.response.edit_message(attachments=[file], **payload)
        self._remember(rt, seat, interaction)
        rt.shown[seat] = (key, controls_on)

    async def tell_missing_permission(self, interaction: discord.Interaction) -> None:
        """Tell the member which permission the bot lacks here."""
        locale = locale_of(interaction.locale)
        perm = missing_permission(interaction.channel, getattr(interaction.guild, "me", None))
        await refuse(interaction, Refusal("error.missing_permission",
                                          permission=t(perm, locale)))
