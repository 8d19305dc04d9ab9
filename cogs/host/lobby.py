"""The lobby: open a table, seat players and computers, pass the host role on, start the game."""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections.abc import Sequence

import discord

from bot.i18n import locale_of, names_text, t
from bot.storage import ChannelBusy, GameRecord, Seat, StaleVersion, Storage
from cogs.adapters import DEFAULT_LEVEL, LEVELS
from cogs.adapters.base import rules_line
from cogs.errors import Refusal
from cogs.host.places import CHANNEL_PLACES, Place, Places
from cogs.host.runtime import Runtime
from cogs.host.sessions import Sessions, snapshot_text
from cogs.host.settings import TableSettings
from cogs.host.table import TableMessage
from cogs.registry import adapter_for
from cogs.views import lobby_view

log = logging.getLogger(__name__)


def seat_range(record: GameRecord) -> tuple[int, int]:
    """Return the fewest and most seats the lobby's game takes with its rules (team gin: 2n)."""
    adapter = adapter_for(record.game)
    settings = TableSettings.of(record)
    return adapter.seat_range(adapter.options(settings.preset, dict(settings.rules)))


def is_full(record: GameRecord) -> bool:
    """Whether every seat of the lobby is taken."""
    return len(record.seats) >= seat_range(record)[1]


def footer_of(record: GameRecord) -> tuple[str, dict[str, object]]:
    """Return what the table waits for: players, the host's Start, or (the rules changed
    since they sat down) fewer players."""
    most = seat_range(record)[1]
    if len(record.seats) > most:
        # The host's menu removes computers only: with none seated, people have to leave.
        key = ("lobby.over_seated" if any(s["is_bot"] for s in record.seats)
               else "lobby.over_seated_people")
        return key, {"max": most, "extra": len(record.seats) - most}
    return ("lobby.full_ready" if len(record.seats) == most else "lobby.waiting"), {}


def over_seated_line(record: GameRecord, locale: str) -> str:
    """Return what to do when more are seated than the rules take ("" when they fit)."""
    key, params = footer_of(record)
    return t(key, locale, **params) if key.startswith("lobby.over_seated") else ""


def lobby_text(record: GameRecord, locale: str, footer_key: str | None = None,
               **footer: object) -> str:
    """Return the lobby message: game, rules, settings, seats and what happens next.

    Without a footer it says what the table waits for (`footer_of`).
    """
    adapter = adapter_for(record.game)
    settings = TableSettings.of(record)
    options = adapter.options(settings.preset, dict(settings.rules))
    host = next((s["name"] for s in record.seats
                 if s["user_id"] == record.host_id and not s["is_bot"]), "?")
    if footer_key is None:
        footer_key, footer = footer_of(record)
    seconds = settings.turn_seconds
    lines = [
        "**" + t("lobby.title", locale, game=t(f"game.{record.game}", locale)) + "**",
        t("lobby.created_by", locale, name=host),
        rules_line(adapter, settings.preset, settings.rules, locale),
        *adapter.settings_lines(options, locale),
        t("settings.turn_time", locale, seconds=seconds) if seconds
        else t("settings.untimed", locale),
        "",
        "**" + t("lobby.players", locale, count=len(record.seats),
                 max=adapter.seat_range(options)[1]) + "**",
    ]
    lines += seat_lines(record, locale)
    lines += ["", t(footer_key, locale, **footer)]
    return "\n".join(lines)


def partnered(record: GameRecord) -> bool:
    """Whether a full table of this lobby plays in partnerships (Canasta with 4, team gin)."""
    return not adapter_for(record.game).sides(seat_range(record)[1]).solo


def seat_lines(record: GameRecord, locale: str) -> list[str]:
    """Return a line per seat, or per partnership (the seats a full table would have)."""
    adapter = adapter_for(record.game)
    most = seat_range(record)[1]
    # A computer's seat name already says what it is ("Computer 1").
    names = [s["name"] for s in record.seats]
    names += [f"*{t('lobby.empty_seat', locale)}*"] * (most - len(names))
    if not partnered(record):
        return [f"• {name}" for name in names]
    sides = adapter.sides(most)
    line, note = adapter.partner_keys
    lines = [t(line, locale, number=side + 1, names=" + ".join(names[seat] for seat in group))
             for side, group in enumerate(sides)]
    return [*lines, t(note, locale, max=most)]


def seat_value(index: int, seat: Seat) -> str:
    """Return how the seat swap menu names a seat: its place and who sits there."""
    return f"{index}:{'bot' if seat['is_bot'] else seat['user_id']}"


def swap_choices(record: GameRecord) -> list[tuple[str, str]]:
    """Return the seat swap menu's (value, name) pairs; none when partners do not matter."""
    if not partnered(record) or len(record.seats) < 2:
        return []
    return [(seat_value(i, seat), seat["name"]) for i, seat in enumerate(record.seats)]


def computer_value(index: int, seat: Seat) -> str:
    """Return how the menu of computers names one: its place and a digest of its name."""
    # The name tells a computer from the one that takes its place once a seat before it
    # empties, so a choice made on an older menu is refused, never applied to another.
    digest = hashlib.blake2s(seat["name"].encode(), digest_size=4).hexdigest()
    return f"{index}:{digest}"


def computer_choices(record: GameRecord) -> list[tuple[str, str]]:
    """Return the menu of computers' (value, name) pairs: every computer seated."""
    return [(computer_value(i, seat), seat["name"])
            for i, seat in enumerate(record.seats) if seat["is_bot"]]


def controls(record: GameRecord, locale: str) -> discord.ui.View:
    """Return the lobby message's buttons, and the host's menus: the seat swap for
    partnerships, the computers to remove."""
    return lobby_view(record.id, locale, is_full(record), swap_choices(record),
                      computer_choices(record))


def remove_computer(interaction: discord.Interaction, record: GameRecord, seats: list[Seat],
                    values: Sequence[str]) -> tuple[str, dict[str, object]]:
    """Take the chosen computer's seat back; return the confirmation (key, params)."""
    if not may_manage(interaction, record):
        raise Refusal("lobby.only_host_remove")
    current = [computer_value(i, seat) if seat["is_bot"] else "" for i, seat in enumerate(seats)]
    # Chosen from the menu as it was: if the seats changed since, it is stale.
    if len(values) != 1 or not values[0] or values[0] not in current:
        raise Refusal("error.move_unavailable")
    removed = seats.pop(current.index(values[0]))
    return "lobby.computer_removed", {"name": removed["name"]}


def swap_seats(interaction: discord.Interaction, record: GameRecord, seats: list[Seat],
               values: Sequence[str]) -> tuple[str, dict[str, object]]:
    """Swap the two seats the host chose; return the confirmation (key, params)."""
    if not may_manage(interaction, record):
        raise Refusal("lobby.only_host_swap")
    current = [seat_value(i, seat) for i, seat in enumerate(seats)]
    # Chosen from the menu as it was: if someone has left or joined since, it is stale.
    if len(set(values)) != 2 or not set(values) <= set(current):
        raise Refusal("error.move_unavailable")
    a, b = (current.index(v) for v in values)
    seats[a], seats[b] = seats[b], seats[a]
    return "lobby.seats_swapped", {"first": seats[b]["name"], "second": seats[a]["name"]}


def may_manage(interaction: discord.Interaction, record: GameRecord) -> bool:
    """Whether the member is the host or has Manage Server."""
    perms = getattr(interaction, "permissions", None)
    return interaction.user.id == record.host_id or bool(perms and perms.manage_guild)


def check_open(record: GameRecord) -> None:
    """Refuse a lobby change once the game has started or ended."""
    if record.status != "lobby":
        raise Refusal("lobby.already_running" if record.status == "running"
                      else "error.game_over")


def check_can_start(interaction: discord.Interaction, record: GameRecord) -> None:
    """Refuse a start of a game already started, by someone else than the host, or too early."""
    low, high = seat_range(record)
    check_open(record)
    if not may_manage(interaction, record):
        raise Refusal("lobby.only_host_start")
    if len(record.seats) < low:
        raise Refusal("lobby.need_players", min=low)
    if len(record.seats) > high:  # the rules changed since they sat down (a smaller team)
        raise Refusal(footer_of(record)[0], max=high, extra=len(record.seats) - high)


def change_seats(interaction: discord.Interaction, record: GameRecord, seats: list[Seat],
                 kind: str, level: str = DEFAULT_LEVEL) -> str:
    """Apply join / leave / addbot (a computer of `level`) to `seats`; return the member's
    confirmation key."""
    user = interaction.user
    seated = any(s["user_id"] == user.id and not s["is_bot"] for s in seats)
    if kind == "leave":
        if not seated:
            raise Refusal("lobby.not_seated")
        seats[:] = [s for s in seats if s["user_id"] != user.id or s["is_bot"]]
        return "lobby.you_left"
    most = seat_range(record)[1]
    if len(seats) >= most:
        if seated and kind == "join":
            raise Refusal("lobby.already_seated")
        raise Refusal("lobby.full", max=most)
    if kind == "join":
        if seated:
            raise Refusal("lobby.already_seated")
        seats.append({"user_id": user.id, "name": user.display_name, "is_bot": False,
                      "locale": locale_of(interaction.locale)})
        return "lobby.you_joined"
    if not seated and user.id != record.host_id:
        raise Refusal("lobby.not_seated")
    played = adapter_for(record.game).seated_level(level)
    seats.append(computer_seat(record, seats, played))
    # Say so rather than name a computer "hard" that plays as the normal one.
    return "lobby.computer_added" if played == level else "lobby.computer_added_no_hard"


def computer_name(number: int, level: str, locale: str) -> str:
    """Return a computer's seat name: numbered, its level named unless it is normal."""
    name = t("lobby.computer_name", locale, number=number)
    if level != DEFAULT_LEVEL:
        name = t("lobby.computer_level_name", locale, name=name, level=t(f"level.{level}", locale))
    return name


def computer_seat(record: GameRecord, seats: list[Seat], level: str) -> Seat:
    """Return a new computer's seat, with the lowest number no computer seated has."""
    locale = TableSettings.of(record).locale
    # A computer removed leaves its number free: the next one takes it, no two share one.
    taken = {s["name"] for s in seats if s["is_bot"]}
    number = next(n for n in range(1, len(seats) + 2)
                  if not any(computer_name(n, lvl, locale) in taken for lvl in LEVELS))
    return {"user_id": None, "name": computer_name(number, level, locale), "is_bot": True,
            "level": level}


def started_line(record: GameRecord, first: list[str]) -> tuple[str, dict[str, object]]:
    """Return the lobby's closing line: who plays first (several at once: team gin's boards)."""
    if len(first) > 1:
        locale = TableSettings.of(record).locale
        return "lobby.started_many", {"names": names_text(first, locale)}
    return "lobby.started", {"name": "".join(first)}


def next_host(before: list[Seat], after: list[Seat], host_id: int) -> int | None:
    """Return who hosts once the seats changed: the host if still seated, else the next
    person seated after his old seat (in seat order, round the table); None if nobody is."""
    people = [s["user_id"] for s in after if not s["is_bot"]]
    if host_id in people:
        return host_id
    at = next((i for i, s in enumerate(before) if s["user_id"] == host_id and not s["is_bot"]),
              None)
    order = [s["user_id"] for s in (before if at is None else before[at + 1:] + before[:at])]
    return next((user for user in order if user in people), people[0] if people else None)


class Lobby:
    """Lobby messages and the changes made to them, one change at a time per game."""

    def __init__(self, storage: Storage, places: Places, sessions: Sessions,
                 table: TableMessage, runtimes: dict[int, Runtime]) -> None:
        self.storage, self.places, self.sessions = storage, places, sessions
        self.table, self.runtimes = table, runtimes
        self._locks: dict[int, asyncio.Lock] = {}

    def lock(self, game_id: int) -> asyncio.Lock:
        """Serialize lobby changes of one game (double clicks on Start)."""
        return self._locks.setdefault(game_id, asyncio.Lock())

    async def open(self, interaction: discord.Interaction, game: str, preset: str) -> None:
        """Open a lobby for `game` in this channel (or a new thread) with the opener seated."""
        presets = adapter_for(game).presets()
        if preset not in presets:
            raise Refusal("settings.unknown_preset", {"presets": ", ".join(presets)}, value=preset)
        guild, channel = interaction.guild, interaction.channel
        if guild is None or not isinstance(channel, CHANNEL_PLACES):
            raise Refusal("error.no_game")
        storage = self.storage
        if await storage.active_game_in_channel(channel.id) is not None:
            raise Refusal("lobby.already_running")
        server = await storage.get_guild_settings(guild.id)
        public = await self.places.public_locale(guild)
        seat: Seat = {"user_id": interaction.user.id, "name": interaction.user.display_name,
                      "is_bot": False, "locale": locale_of(interaction.locale)}
        settings = TableSettings(preset, turn_seconds=server.turn_seconds,
                                 hand_delivery=server.hand_delivery, locale=public)
        try:
            game_id = await storage.create_game(
                guild_id=guild.id, channel_id=channel.id, game=game,
                host_id=interaction.user.id, preset=preset, options=settings.to_options(),
                seats=[seat],
            )
        except ChannelBusy:  # another /rummy new won the race since the check above
            raise Refusal("lobby.already_running") from None
        try:
            place = await self._place(game_id, game, channel, server.use_threads, public)
        except discord.Forbidden:
            await storage.set_status(game_id, "abandoned")
            raise
        message = await self.post(game_id, place)
        await interaction.response.send_message(
            t("lobby.you_opened", locale_of(interaction.locale), url=message.jump_url),
            ephemeral=True)

    async def _place(self, game_id: int, game: str, channel: Place, use_threads: bool,
                     public: str) -> Place:
        """Return where the lobby goes: the channel, or a new thread if the server wants one."""
        if not (use_threads and isinstance(channel, discord.TextChannel)):
            return channel
        name = t("lobby.thread_name", public, game=t(f"game.{game}", public), number=game_id)
        thread = await channel.create_thread(name=name, type=discord.ChannelType.public_thread)
        await self.storage.set_thread(game_id, thread.id)
        return thread

    async def post(self, game_id: int, place: Place, footer_key: str | None = None,
                   **footer: object) -> discord.Message:
        """Post a new lobby's message in its place and remember it; return it.

        If the place refuses us, the lobby is abandoned (the channel stays free).
        """
        storage = self.storage
        record = await storage.get_game(game_id)
        locale = TableSettings.of(record).locale
        try:
            message: discord.Message = await place.send(
                lobby_text(record, locale, footer_key, **footer),
                view=controls(record, locale))
        except discord.Forbidden:
            await storage.set_status(game_id, "abandoned")
            raise
        await storage.set_message_ids(game_id, lobby_message_id=message.id)
        return message

    async def refresh(self, record: GameRecord, footer_key: str | None = None,
                      **footer: object) -> None:
        """Edit the lobby message to show the current seats (buttons gone once it is over)."""
        if record.lobby_message_id is None:
            return
        locale = TableSettings.of(record).locale
        view = controls(record, locale) if record.status == "lobby" else None
        place = self.places.place(record.place_id)
        message = place.get_partial_message(record.lobby_message_id)
        try:
            await message.edit(content=lobby_text(record, locale, footer_key, **footer),
                               view=view)
        except discord.HTTPException as error:
            log.warning("game %s: lobby edit failed (%s)", record.id, error.status)

    async def act(self, interaction: discord.Interaction, record: GameRecord, kind: str,
                  values: Sequence[str] = ()) -> None:
        """Join, leave, add or remove a computer, swap seats or start, and confirm it to the
        member."""
        key, params = await self.action(interaction, record, kind, values)
        if not interaction.response.is_done():
            await interaction.response.send_message(
                t(key, locale_of(interaction.locale), **params), ephemeral=True)

    async def action(self, interaction: discord.Interaction, record: GameRecord, kind: str,
                     values: Sequence[str] = ()) -> tuple[str, dict[str, object]]:
        """Join, leave, add or remove a computer, swap seats or start; return the member's
        confirmation (key, params)."""
        if kind == "start":
            check_can_start(interaction, record)
            # Dealing, drawing and DMs may take longer than Discord's 3 s to answer: say
            # "thinking" first; refusals and the confirmation then come as ephemeral followups.
            await interaction.response.defer(ephemeral=True, thinking=True)
        async with self.lock(record.id):
            record = await self.storage.get_game(record.id)
            check_open(record)
            if kind == "start":
                await self.start(interaction, record)
                await self._confirm(interaction, "lobby.started_short")
                return "lobby.started_short", {}
            seats = list(record.seats)
            if kind in ("swap", "unseat"):
                change = swap_seats if kind == "swap" else remove_computer
                key, params = change(interaction, record, seats, values)
                await self.storage.update_lobby(record.id, seats=seats)
                await self.refresh(await self.storage.get_game(record.id))
                return key, params
            key = change_seats(interaction, record, seats, kind, *values[:1])
            return await self._reseat(record, seats, key)

    async def _reseat(self, record: GameRecord, seats: list[Seat],
                      key: str) -> tuple[str, dict[str, object]]:
        """Store the new seats, passing the host role on or closing a table nobody sits at."""
        storage = self.storage
        host_id = next_host(record.seats, seats, record.host_id)
        await storage.update_lobby(record.id, seats=seats, host_id=host_id)
        if host_id is None:  # the last person left: computers alone cannot start it
            await storage.set_status(record.id, "abandoned")
            await self.refresh(await storage.get_game(record.id), "lobby.closed_empty")
            return "lobby.you_left_closed", {}
        await self.refresh(await storage.get_game(record.id))
        if host_id != record.host_id and key == "lobby.you_left":
            name = next(s["name"] for s in seats if s["user_id"] == host_id)
            return "lobby.you_left_host", {"name": name}
        return key, {}

    async def _confirm(self, interaction: discord.Interaction, key: str) -> None:
        """Replace a deferred "thinking" answer with the member's confirmation."""
        try:
            await interaction.followup.send(t(key, locale_of(interaction.locale)), ephemeral=True)
        except discord.HTTPException as error:
            log.warning("could not confirm to %s (%s)", interaction.user.id, error.status)

    async def start(self, interaction: discord.Interaction, record: GameRecord) -> None:
        """Take the game's lease, deal, post the table, save the first snapshot, and send
        every hand."""
        check_can_start(interaction, record)  # seats may have changed while we waited
        # The lease is ours before the game runs: no other process (on PostgreSQL) may take
        # a game just started, and it is renewed with this process's other games.
        if not await self.sessions.begin_start(record.id):
            raise Refusal("lobby.already_running")
        try:
            rt = await self._start(record)
        finally:
            await self.sessions.end_start(record.id)
        key, params = started_line(rt.record, [rt.names[s] for s in rt.game.to_act()])
        await self.refresh(rt.record, key, **params)
        rt.session.start()
        await self.sessions.events.show_turns(rt, fresh=True)  # with the opening line

    async def _start(self, record: GameRecord) -> Runtime:
        """Deal, post the table and save the first snapshot; return the game now driven."""
        storage = self.storage
        rt = self.sessions.deal(record)
        # Post the table before saving: if the channel refuses us, the lobby stays as it was.
        table = await self.table.post_first(rt)
        try:
            await storage.start_game(record.id, snapshot_text(rt.game, rt.session, rt.start))
        except StaleVersion:
            await table.delete()
            raise Refusal("lobby.already_running") from None
        await storage.set_message_ids(record.id, table_message_id=table.id)
        rt.table_message_id = table.id
        rt.record = await storage.get_game(record.id)
        self.runtimes[record.id] = rt
        return rt
