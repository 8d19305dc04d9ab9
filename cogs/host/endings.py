"""How a table ends early or begins again: cancelling (confirmed once cards are dealt) and
"Play again" on a finished game's table.

A lobby is cancelled at once: nothing is lost. A running game asks its host first, in an
ephemeral "Cancel the game?" with Yes, cancel / Keep playing; once confirmed, the table
message says so once, with its last picture and no turn, and its controls are gone.
"""

from __future__ import annotations

import discord

from bot.i18n import locale_of, t
from bot.storage import ChannelBusy, GameRecord, Storage
from cogs.errors import Refusal
from cogs.host.hands import Hands
from cogs.host.lobby import Lobby, may_manage
from cogs.host.places import Places
from cogs.host.runtime import Runtime
from cogs.host.table import TableMessage
from cogs.views import confirm_view

# The buttons answered here: the lobby's Cancel, the two answers to "Cancel the game?",
# and a finished game's "Play again".
ENDING_KINDS = frozenset({"cancel", "abandon", "keep", "again"})


class Endings:
    """Cancel lobbies and games, and open a rematch of a finished one."""

    def __init__(self, storage: Storage, places: Places, lobby: Lobby, table: TableMessage,
                 hands: Hands, runtimes: dict[int, Runtime]) -> None:
        self.storage, self.places, self.lobby = storage, places, lobby
        self.table, self.hands, self.runtimes = table, hands, runtimes

    async def click(self, interaction: discord.Interaction, record: GameRecord,
                    kind: str) -> None:
        """Answer one of ENDING_KINDS' buttons."""
        if kind == "again":
            await self.play_again(interaction, record)
        elif kind == "keep":
            await interaction.response.edit_message(
                content=t("abandon.kept", locale_of(interaction.locale)), view=None)
        elif kind == "abandon":
            await self.confirmed(interaction, record)
        else:
            await self.abandon(interaction, record)

    async def abandon(self, interaction: discord.Interaction, record: GameRecord) -> None:
        """Cancel a lobby at once, or ask before cancelling a running game (host or manager)."""
        async with self.lobby.lock(record.id):
            record = await self.storage.get_game(record.id)
            if not may_manage(interaction, record):
                raise Refusal("lobby.only_host_abandon")
            if record.status == "lobby":
                await self._cancel_lobby(interaction, record)
                return
        if record.status != "running":
            raise Refusal("error.game_over")
        locale = locale_of(interaction.locale)
        await interaction.response.send_message(
            t("abandon.ask", locale), view=confirm_view(record.id, locale), ephemeral=True)

    async def _cancel_lobby(self, interaction: discord.Interaction, record: GameRecord) -> None:
        """Close a lobby, show who cancelled it on its message, and tell the member."""
        storage, name = self.storage, interaction.user.display_name
        await storage.set_status(record.id, "abandoned")
        await self.lobby.refresh(await storage.get_game(record.id), "lobby.abandoned",
                                      name=name)
        await interaction.response.send_message(
            t("lobby.abandoned", locale_of(interaction.locale), name=name), ephemeral=True)

    async def confirmed(self, interaction: discord.Interaction, record: GameRecord) -> None:
        """Cancel a running game after "Yes, cancel": stop it, then mark its table cancelled."""
        async with self.lobby.lock(record.id):
            record = await self.storage.get_game(record.id)
            if not may_manage(interaction, record):
                raise Refusal("lobby.only_host_abandon")
            if record.status != "running":
                raise Refusal("error.game_over")
            rt = self.runtimes.pop(record.id, None)
            if rt is not None:
                rt.session.close()
            await self.storage.set_status(record.id, "abandoned")
        name = interaction.user.display_name
        await interaction.response.edit_message(
            content=t("lobby.abandoned", locale_of(interaction.locale), name=name), view=None)
        if rt is not None:
            await self.table.cancel(rt, t("lobby.abandoned", rt.locale, name=name))
            await self.hands.retire_all(rt, "hand.cancelled")

    async def play_again(self, interaction: discord.Interaction, record: GameRecord) -> None:
        """Open a new lobby in the same place: same seats and settings, hosted by the presser."""
        user, storage = interaction.user, self.storage
        if record.status != "finished":
            raise Refusal("error.move_unavailable")
        if not any(s["user_id"] == user.id and not s["is_bot"] for s in record.seats):
            raise Refusal("again.not_player")
        if await storage.active_game_in_channel(record.place_id) is not None:
            raise Refusal("again.busy")
        try:
            game_id = await storage.create_game(
                guild_id=record.guild_id, channel_id=record.channel_id,
                thread_id=record.thread_id, game=record.game, host_id=user.id,
                preset=record.preset, options=record.options, seats=record.seats)
        except ChannelBusy:  # another "Play again" won the race since the check above
            raise Refusal("again.busy") from None
        place = self.places.place(record.place_id)
        message = await self.lobby.post(game_id, place, "again.footer",
                                             name=user.display_name)
        await interaction.response.send_message(
            t("again.opened", locale_of(interaction.locale), url=message.jump_url),
            ephemeral=True)
