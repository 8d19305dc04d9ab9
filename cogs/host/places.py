"""Where a game's public messages go: its channel or thread, in the table's language."""

from __future__ import annotations

import io
import logging
from typing import Final, TypedDict

import discord

from bot.i18n import locale_of
from bot.storage import Storage
from cogs.host.runtime import Runtime
from cogs.limits import cut

log = logging.getLogger(__name__)

MAX_CONTENT = 1900  # below Discord's 2,000
# Lines posted below the table before it moves down; a message with a picture counts as many.
PUSH_LIMIT = 3

# A game's place: a text channel, a thread, a voice or stage channel's chat, or (not cached)
# a handle on one by its id. Each sends messages and edits them by id.
Place = (discord.TextChannel | discord.Thread | discord.VoiceChannel | discord.StageChannel
         | discord.PartialMessageable)
CHANNEL_PLACES: Final = (discord.TextChannel, discord.Thread, discord.VoiceChannel,
                         discord.StageChannel)


class MessageFields(TypedDict):
    """The text and controls of a table or hand message."""

    content: str
    view: discord.ui.View | None  # None: no controls (an edit takes them off)


class PictureMessage(MessageFields):
    """A table or hand message with its picture."""

    file: discord.File


async def send_picture(target: discord.abc.Messageable, message: PictureMessage
                       ) -> discord.Message:
    """Post a message with its picture, and its controls if it has any."""
    content, file, view = message["content"], message["file"], message["view"]
    if view is None:
        return await target.send(content, file=file)
    return await target.send(content, file=file, view=view)


def png(data: bytes, name: str) -> discord.File:
    """Wrap a rendered picture as an attachment."""
    return discord.File(io.BytesIO(data), filename=name)


def clip(text: str) -> str:
    """Cut a message to what Discord accepts, with an ellipsis."""
    return cut(text, MAX_CONTENT)


class Places:
    """Sends to a game's place and reads its public language."""

    def __init__(self, client: discord.Client, storage: Storage,
                 runtimes: dict[int, Runtime]) -> None:
        self.client, self.storage, self.runtimes = client, storage, runtimes

    def place(self, place_id: int) -> Place:
        """Return a sendable handle on a channel or thread, cached or not."""
        channel = self.client.get_channel(place_id)
        if isinstance(channel, CHANNEL_PLACES):
            return channel
        return self.client.get_partial_messageable(place_id)

    async def public_locale(self, guild: discord.Guild | None) -> str:
        """Return the language of public messages: the server's setting, else its locale."""
        if guild is None:
            return "en"
        settings = await self.storage.get_guild_settings(guild.id)
        return locale_of(settings.locale or guild.preferred_locale)

    async def post(self, rt: Runtime, content: str, file: discord.File | None = None) -> None:
        """Post a public line in the game's place; a failure only costs the line."""
        place = self.place(rt.record.place_id)
        try:
            if file is None:
                await place.send(clip(content))
            else:
                await place.send(clip(content), file=file)
        except discord.HTTPException as error:
            log.warning("game %s: could not post a line (%s)", rt.record.id, error.status)
            return
        self.pushed_by(rt.record.place_id, picture=file is not None)

    def pushed_by(self, place_id: int, picture: bool) -> None:
        """Count a message posted in a place below every table there."""
        # A picture (a hand's end) fills the screen: the table goes below it at once.
        weight = PUSH_LIMIT if picture else 1
        for rt in self.runtimes.values():
            if rt.record.place_id == place_id:
                rt.pushed += weight
