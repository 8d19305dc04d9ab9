"""Private hands: sent by DM or shown ephemerally, edited in place, never shown to others.

A hand is shown on one surface per seat: the DM the bot sent, or the ephemeral
answer to "My hand" (closed DMs, or a server that delivers hands in the channel).
"""

from __future__ import annotations

import contextlib
import contextvars
import logging
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, replace

import discord

from bot.i18n import card_text, names_text, t
from card_images import HandSpec, render_hand
from cogs.errors import Refusal
from cogs.host.places import MessageFields, Places, clip, png
from cogs.host.runtime import Copy, DmMessage, Runtime, SeatState
from cogs.surfaces import is_ephemeral, is_private
from cogs.views import hand_view

log = logging.getLogger(__name__)

# Interaction tokens last 15 minutes; edit an ephemeral hand only while safely inside that.
EPHEMERAL_TTL = 14 * 60
DMS_CLOSED = 50007


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


@contextlib.contextmanager
def answering(seat: int, interaction: discord.Interaction) -> Iterator[None]:
    """Let the listener of the move submitted inside answer this click with the new hand."""
    click = Click(seat, interaction)
    token = _CLICK.set(click)
    try:
        yield
    finally:
        click.live = False
        _CLICK.reset(token)


def with_controls(rt: Runtime, seat: int, on_dm: bool, keep: bool = False) -> bool:
    """Whether a hand shows controls: an ephemeral always, a DM on its turn (or `keep`)."""
    # A DM whose turn ended loses its controls in the answer to the move, so the new DM
    # of the next turn needs no stripping. `keep`: a new deal's DM keeps the sort button
    # while its player waits for his first turn.
    return not rt.game.is_over and (not on_dm or keep or seat in rt.game.to_act())


class HandMessage(MessageFields):
    """A hand message: the hand's picture, or None when it is an offer alone (no cards)."""

    file: discord.File | None


def files_of(file: discord.File | None) -> list[discord.File]:
    """Return a hand message's attachments (none: an edit takes an earlier picture off)."""
    return [] if file is None else [file]


def hand_parts(rt: Runtime, seat: int, controls_on: bool
               ) -> tuple[HandSpec | None, MessageFields, str]:
    """Return a hand's picture spec (None: no picture), its message fields but the file,
    and their key."""
    locale, sort, game = rt.seat_locale(seat), rt.seat(seat).sort, rt.game
    spec = (rt.adapter.hand_spec(game, seat, sort, locale)
            if rt.adapter.shows_hand(game, seat) else None)
    title = rt.adapter.hand_title(game, seat, rt.names, locale)  # a team gin board, say
    if spec is not None and title is not None:
        spec = replace(spec, title=title)
    prompt = rt.adapter.hand_prompt(game, seat, rt.names, locale)
    if spec is not None:
        spec, news = with_news(rt.seat(seat), spec, locale)
        prompt = "\n".join([*news, prompt])
    controls = rt.offered(seat) if controls_on else []
    header = t("hand.open_dm", locale, channel=f"<#{rt.record.place_id}>")
    content = clip(f"{header}\n{prompt}")
    autopass = rt.autopass_button(seat)
    view = (hand_view(rt.record.id, game.version, controls, locale, sort, autopass)
            if controls_on else None)
    # Controls carry the state version in their ids; a hand without moves does not.
    key = repr((content, spec, controls, sort, autopass, controls_on,
                game.version if controls else None))
    return spec, {"content": content, "view": view}, key


def with_news(state: SeatState, spec: HandSpec, locale: str) -> tuple[HandSpec, list[str]]:
    """Mark the cards he drew or took this turn and name them above the prompt (his hand only).

    Told while one of them is still in his hand; a card the adapter marks already (gin's
    taken card) is not marked twice: a twin would rise beside it.
    """
    held, marked = Counter(spec.cards), Counter(spec.highlight)
    lines, extra = [], Counter[str]()
    for key, cards in (("hand.you_drew", state.drawn), ("hand.you_took", state.taken)):
        kept = Counter(cards) & held
        if not kept:
            continue
        lines.append(t(key, locale, card=names_text([card_text(c) for c in cards], locale)))
        extra |= kept
    missing = extra - marked
    return replace(spec, highlight=[*spec.highlight, *missing.elements()]), lines


def hand_payload(rt: Runtime, seat: int, controls_on: bool) -> tuple[HandMessage, str]:
    """Return the hand message with its picture rendered, and its key."""
    spec, fields, key = hand_parts(rt, seat, controls_on)
    file = None if spec is None else png(render_hand(spec), "hand.png")
    return HandMessage(content=fields["content"], view=fields["view"], file=file), key


def must_be_private(interaction: discord.Interaction) -> None:
    """Refuse to answer a click with a hand on a public message: a private view stays private."""
    if not is_private(interaction):
        raise Refusal("error.move_unavailable")


def remember(state: SeatState, interaction: discord.Interaction) -> None:
    """Note where the player is looking at his hand (the message he just used)."""
    must_be_private(interaction)
    message = interaction.message
    if message is not None and not message.flags.ephemeral:
        state.show_on(message)
    else:
        state.show_on(interaction, None if message is None else message.id)
    state.shown = None  # what that message shows is known once it is answered


class Hands:
    """Sends, edits and strips each seat's hand message."""

    def __init__(self, client: discord.Client, places: Places) -> None:
        self.client, self.places = client, places
        # Each member's DM channel, so a new hand costs one call, not a user lookup first.
        self._dm_channels: dict[int, discord.abc.Messageable] = {}

    async def show_ephemeral(self, rt: Runtime, seat: int,
                             interaction: discord.Interaction) -> None:
        """Answer with the hand, visible to the player only, and edit it there from now on."""
        controls_on = with_controls(rt, seat, on_dm=False)
        payload, key = hand_payload(rt, seat, controls_on)
        content, files, view = payload["content"], files_of(payload["file"]), payload["view"]
        if view is None:  # a finished game's hand
            sent = await interaction.response.send_message(content, files=files, ephemeral=True)
        else:
            sent = await interaction.response.send_message(content, files=files, view=view,
                                                           ephemeral=True)
        state = rt.seat(seat)
        state.keep_spare()  # usable until one of the copies is used
        state.show_on(interaction, sent.message_id)
        state.shown = (key, controls_on)

    async def use(self, rt: Runtime, seat: int, interaction: discord.Interaction) -> None:
        """Make the copy clicked the live one: every other copy loses its controls, saying so."""
        must_be_private(interaction)
        state = rt.seat(seat)
        for copy in state.copies_besides(interaction.message):
            await self._retire(copy, t("hand.moved", rt.seat_locale(seat)))
        remember(state, interaction)

    async def retire_all(self, rt: Runtime, key: str) -> None:
        """Take the controls off every person's copies, saying why (a cancelled game)."""
        for seat, info in enumerate(rt.record.seats):
            state = rt.seat(seat)
            if info["is_bot"]:
                continue
            copies = state.copies_besides(None)
            target = state.surface if state.surface is not None else state.last_dm
            if target is not None and state.has_controls(unknown=True):
                copies.append(Copy(target, state.live_id, state.shown_at))
            for copy in copies:
                await self._retire(copy, t(key, rt.seat_locale(seat)))
            state.forget_surface()
            state.last_dm = None

    async def _retire(self, copy: Copy, line: str | None) -> None:
        """Remove a copy's controls, and put `line` in place of its text if given."""
        target = copy.surface
        with contextlib.suppress(discord.HTTPException):
            if not isinstance(target, discord.Interaction):
                await (target.edit(view=None) if line is None
                       else target.edit(content=line, view=None))
            elif time.monotonic() - copy.shown_at <= EPHEMERAL_TTL:
                await (target.edit_original_response(view=None) if line is None
                       else target.edit_original_response(content=line, view=None))

    async def redraw(self, rt: Runtime, seat: int, interaction: discord.Interaction,
                     controls_on: bool) -> None:
        """Answer a click by redrawing the hand in place (a sort, a step in its menus)."""
        must_be_private(interaction)
        payload, key = hand_payload(rt, seat, controls_on)
        await interaction.response.edit_message(
            content=payload["content"], attachments=files_of(payload["file"]),
            view=payload["view"])
        await self.use(rt, seat, interaction)
        rt.seat(seat).shown = (key, controls_on)

    async def answer_click(self, rt: Runtime, fresh: bool) -> None:
        """Answer the move's click by editing the hand it was made on (no separate edit)."""
        click = _CLICK.get()
        if click is None or not click.live or click.interaction.response.is_done():
            return
        click.live = False
        seat, interaction = click.seat, click.interaction
        try:
            await self._answer(rt, seat, interaction, fresh)
        except discord.HTTPException as error:
            log.warning("game %s: hand of seat %s not answered (%s)", rt.record.id, seat,
                        error.status)

    async def _answer(self, rt: Runtime, seat: int, interaction: discord.Interaction,
                      fresh: bool) -> None:
        """Edit the clicked hand: the new state, or no controls if a new DM follows."""
        state = rt.seat(seat)
        on_dm = not is_ephemeral(interaction)
        if fresh and on_dm and rt.delivery == "dm" and not state.dm_closed:
            # A new hand comes in a new DM: this one only loses its controls.
            await interaction.response.edit_message(view=None)
            state.shown = ("", False)
            return
        controls_on = with_controls(rt, seat, on_dm)
        payload, key = hand_payload(rt, seat, controls_on)
        await interaction.response.edit_message(
            content=payload["content"], attachments=files_of(payload["file"]),
            view=payload["view"])
        state.shown = (key, controls_on)

    async def deliver_all(self, rt: Runtime, fresh: bool) -> None:
        """Update every human's hand; a new DM when a hand is dealt or a turn begins."""
        acting = set(rt.game.to_act())
        for seat, info in enumerate(rt.record.seats):
            # A seat the computer plays for an absent player is left alone until "I'm back":
            # a DM per turn would only reach someone who is not there.
            if info["is_bot"] or seat in rt.session.taken_over:
                continue
            new = fresh or (seat in acting and seat not in rt.prev_to_act)
            try:
                await self._deliver(rt, seat, new and not rt.game.is_over, fresh)
            except discord.HTTPException as error:
                log.warning("game %s: hand of seat %s not updated (%s)", rt.record.id, seat,
                            error.status)

    async def _deliver(self, rt: Runtime, seat: int, new_message: bool, fresh: bool) -> None:
        """Send (new_message) or edit one seat's hand where the player sees it."""
        state = rt.seat(seat)
        if new_message and rt.delivery == "dm" and not state.dm_closed:
            controls_on = with_controls(rt, seat, on_dm=True, keep=fresh)
            sent = await self._send_dm(rt, seat, controls_on)
            if sent is not None:
                message, key = sent
                await self._strip_previous(state)
                state.show_on(message)
                state.shown, state.last_dm = (key, controls_on), message
                return
        if state.surface is not None:
            await self._edit_surface(rt, seat, state)

    async def _dm_channel(self, user_id: int) -> discord.abc.Messageable:
        """Return a member's DM channel, looked up once per member."""
        channel = self._dm_channels.get(user_id)
        if channel is None:
            client = self.client
            user = client.get_user(user_id) or await client.fetch_user(user_id)
            channel = user.dm_channel or await user.create_dm()
            self._dm_channels[user_id] = channel
        return channel

    async def _send_dm(self, rt: Runtime, seat: int, controls_on: bool
                       ) -> tuple[discord.Message, str] | None:
        """DM the hand; on closed DMs (50007) say so in the channel and return None."""
        user_id = rt.record.seats[seat]["user_id"]
        assert user_id is not None
        payload, key = hand_payload(rt, seat, controls_on)
        try:
            channel = await self._dm_channel(user_id)
            content, files, view = payload["content"], files_of(payload["file"]), payload["view"]
            message = await (channel.send(content, files=files) if view is None
                             else channel.send(content, files=files, view=view))
            return message, key
        except discord.Forbidden as error:
            if error.code != DMS_CLOSED:
                raise
            rt.seat(seat).dm_closed = True
            await self.places.post(rt, t("error.dms_closed", rt.locale,
                                              mention=f"<@{user_id}>"))
            return None

    async def hand_over(self, rt: Runtime, seat: int) -> None:
        """Take the controls off an absent player's hand: the computer plays it for now."""
        state = rt.seat(seat)
        if state.last_dm is not None:
            await self._strip(state.last_dm)
            state.shown = ("", False)

    async def _strip_previous(self, state: SeatState) -> None:
        """Strip the copy a new DM replaces: the last DM, or the "My hand" answer used since."""
        old, surface = state.stale_dm(), state.surface
        if old is not None:
            await self._strip(old)
        if isinstance(surface, discord.Interaction) and state.has_controls(unknown=True):
            await self._retire(Copy(surface, state.live_id, state.shown_at), None)
        for copy in state.copies_besides(None):
            if copy.surface is not old:
                await self._retire(copy, None)

    async def _strip(self, message: DmMessage) -> None:
        """Remove the controls of a hand message that is no longer current."""
        # If this fails the old message keeps its buttons; they are refused as stale anyway.
        with contextlib.suppress(discord.HTTPException):
            await message.edit(view=None)

    async def _edit_surface(self, rt: Runtime, seat: int, state: SeatState) -> None:
        """Edit a hand where it is shown (a DM or an ephemeral answer) if it changed."""
        target = state.surface
        ephemeral = isinstance(target, discord.Interaction)
        if ephemeral and time.monotonic() - state.shown_at > EPHEMERAL_TTL:
            state.forget_surface()
            return
        # A waiting DM keeps what it has: a deal's sort button until the turn's new DM.
        keep = state.has_controls(unknown=False)
        controls_on = with_controls(rt, seat, on_dm=not ephemeral, keep=keep)
        spec, fields, key = hand_parts(rt, seat, controls_on)
        if state.shown == (key, controls_on):
            return  # e.g. the waiting player's hand while the other one draws
        files = [] if spec is None else [png(render_hand(spec), "hand.png")]
        if isinstance(target, discord.Interaction):
            await target.edit_original_response(attachments=files, **fields)
        elif target is not None:
            await target.edit(attachments=files, **fields)
        state.shown = (key, controls_on)
