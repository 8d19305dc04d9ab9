"""Spectators: the table's Watch answer, and the one member a seated player lets see his hand.

Anyone in the channel may press Watch for the table as it is now (picture, move log and whose
turn), ephemerally and in his own language. A seated player's answer also offers a select of
one member who does not play at this table: that member's Watch answer then carries this
player's hand too, view only. The choice is announced to the table, kept in the session meta
(a restart keeps it) and may be taken back. Nothing is sent per turn: the named member sees the
hand when he asks, so a normal turn costs no extra call.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, cast

import discord

from bot.i18n import locale_of, t
from card_images import HandSpec, TableSpec, render_hand, render_table
from cogs.adapters.base import GameAdapter
from cogs.errors import Refusal
from cogs.host.meta import SessionMeta
from cogs.host.movelog import log_text
from cogs.host.places import MAX_CONTENT, clip, png
from cogs.host.runtime import Runtime
from cogs.host.table import TableMessage
from cogs.views import watch_view
from engine.game import Game

# A member's Watch answer carries the table and the hands he may see: at most this many files.
MAX_FILES = 10


@dataclass(frozen=True)
class WatchSight:
    """What one member sees when he presses Watch: the table's text and picture, and the
    hands their players let him see (seat, picture)."""

    text: str
    table: TableSpec
    hands: list[tuple[int, HandSpec]]


def seats_shown_to(shown_to: Mapping[int, tuple[int, str]], user_id: int) -> list[int]:
    """Return the seats whose players let this member see their hands."""
    return sorted(seat for seat, (member, _) in shown_to.items() if member == user_id)


def watch_sight(adapter: GameAdapter, game: Game, names: Sequence[str], log: Sequence[str],
                shown_to: Mapping[int, tuple[int, str]], user_id: int, seat: int | None,
                locale: str, sorts: Mapping[int, str] | None = None) -> WatchSight:
    """Return what `user_id` (seated at `seat`, or a spectator) sees by pressing Watch."""
    status = adapter.table_status(game, names, locale)
    lines: list[str] = []
    if seat is not None:
        named = shown_to.get(seat)
        lines.append(t("watch.show_hint", locale) if named is None
                     else t("watch.showing", locale, member=named[1]))
    hands: list[tuple[int, HandSpec]] = []
    for shown in seats_shown_to(shown_to, user_id)[:MAX_FILES - 1]:
        if not adapter.shows_hand(game, shown):
            continue
        spec = adapter.hand_spec(game, shown, (sorts or {}).get(shown, "suit"), locale)
        hands.append((shown, replace(spec, title=t("watch.hand_title", locale,
                                                   name=names[shown]))))
        lines.append(t("watch.sees_hand", locale, name=names[shown]))
    table = adapter.table_spec(game, names, locale)
    return WatchSight(fitted(log, status, lines), table, hands)


def fitted(log: Sequence[str], status: str, lines: Sequence[str]) -> str:
    """Return the move log, the status and the member's own lines, the oldest moves left out
    first when they do not fit."""
    kept = list(log)
    while True:
        text = "\n".join([log_text(kept, status), *lines])
        if len(text) <= MAX_CONTENT or not kept:
            return clip(text)
        kept.pop(0)


def chosen_member(interaction: discord.Interaction, values: Sequence[str]) -> tuple[int, str]:
    """Return the id and name of the member chosen in a user select; refuse anything else."""
    if len(values) != 1 or not values[0].isdigit():
        raise Refusal("error.move_unavailable")
    data = cast(dict[str, Any], interaction.data or {})
    resolved = data.get("resolved") or {}
    user = (resolved.get("users") or {}).get(values[0])
    if not isinstance(user, dict):
        raise Refusal("error.move_unavailable")  # a forged select: no member behind the id
    member = (resolved.get("members") or {}).get(values[0]) or {}
    name = member.get("nick") or user.get("global_name") or user.get("username")
    return int(values[0]), str(name or values[0])


class Watching:
    """Answers Watch, and lets a seated player name (or stop naming) who sees his hand."""

    def __init__(self, table: TableMessage, meta: SessionMeta) -> None:
        self.table, self.meta = table, meta

    async def answer(self, interaction: discord.Interaction, rt: Runtime,
                     seat: int | None) -> None:
        """Show the member the table now, ephemerally, with the hands he may see."""
        locale = locale_of(interaction.locale)
        sorts = {s: state.sort for s, state in rt.seats.items()}
        sight = watch_sight(rt.adapter, rt.game, rt.names, rt.log, rt.shown_to,
                            interaction.user.id, seat, locale, sorts)
        files = [png(render_table(sight.table), "table.png")]
        files += [png(render_hand(spec), f"hand{shown}.png") for shown, spec in sight.hands]
        if seat is None:
            await interaction.response.send_message(sight.text, files=files, ephemeral=True)
            return
        view = watch_view(rt.record.id, locale, showing=seat in rt.shown_to)
        await interaction.response.send_message(sight.text, files=files, view=view,
                                                ephemeral=True)

    async def show(self, interaction: discord.Interaction, rt: Runtime, seat: int,
                   values: Sequence[str]) -> None:
        """Let the chosen member see this seat's hand (instead of any other), and say so."""
        user_id, name = chosen_member(interaction, values)
        if user_id == interaction.user.id:
            raise Refusal("watch.self")
        # Nobody at this table, partner included: in a partnership game that would be cheating.
        if rt.seat_of(user_id) is not None:
            raise Refusal("watch.seated", {"member": name})
        old = rt.shown_to.get(seat)
        if old is not None and old[0] == user_id:
            raise Refusal("watch.already", {"member": name})
        rt.shown_to[seat] = (user_id, name)
        await self.meta.save(rt)
        await interaction.response.send_message(
            t("watch.shown", locale_of(interaction.locale), member=name), ephemeral=True)
        player = rt.names[seat]
        lines = [] if old is None else [t("watch.announce_stop", rt.locale, name=player,
                                          member=old[1])]
        lines.append(t("watch.announce_show", rt.locale, name=player, member=name))
        await self.table.edit(rt, lines)

    async def stop(self, interaction: discord.Interaction, rt: Runtime, seat: int) -> None:
        """Take back the sight of this seat's hand, and say so."""
        old = rt.shown_to.pop(seat, None)
        if old is None:
            raise Refusal("watch.not_showing")
        await self.meta.save(rt)
        await interaction.response.send_message(
            t("watch.hidden", locale_of(interaction.locale), member=old[1]), ephemeral=True)
        await self.table.edit(rt, [t("watch.announce_stop", rt.locale, name=rt.names[seat],
                                     member=old[1])])
