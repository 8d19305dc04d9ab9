"""Where a game's public messages go: its channel or thread, in the table's language."""

from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import locale_of
from cogs.limits import cut

if TYPE_CHECKING:
    from cogs.host import GameHost
    from cogs.host.runtime import Runtime

log = logging.getLogger(__name__)

MAX_CONTENT = 1900  # below Discord's 2,000


def png(data: bytes, name: str) -> discord.File:
    """Wrap a rendered picture as an attachment."""
    return discord.File(io.BytesIO(data), filename=name)


def clip(text: str) -> str:
    """Cut a message to what Discord accepts, with an ellipsis."""
    return cut(text, MAX_CONTENT)


class Places:
    """Sends to a game's place and reads its public language."""

    def __init__(self, host: GameHost) -> None:
        self.host = host

    def place(self, place_id: int) -> Any:
        """Return a sendable handle on a channel or thread, cached or not."""
        bot = self.host.bot
        channel = bot.get_channel(place_id)
        return channel if channel is not None else bot.get_partial_messageable(place_id)

    async def public_locale(self, guild: discord.Guild | None) -> str:
        """Return the language of public messages: the server's setting, else its locale."""
        if guild is None:
            return "en"
        settings = await self.host.storage.get_guild_settings(guild.id)
        return locale_of(settings.locale or guild.preferred_locale)

    async def post(self, rt: Runtime, content: str, file: discord.File | None = None) -> None:
        """Post a public line in the game's place; a failure only costs the line."""
        try:
            kwargs: dict[str, Any] = {"file": file} if file is not None else {}
            await self.place(rt.record.place_id).send(clip(content), **kwargs)
        except discord.HTTPException as error:
            log.warning("game %s: could not post a line (%s)", rt.record.id, error.status)
            return
        self.host.table.pushed_by(rt.record.place_id, picture=file is not None)
