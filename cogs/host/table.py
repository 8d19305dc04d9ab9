"""The table message: one per game, edited each turn, posted again if it was deleted."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import t
from bot.storage import ResultRow
from card_images import render_table
from cogs.host.places import MAX_CONTENT, clip, png
from cogs.host.runtime import Runtime
from cogs.host.scoresheet import sheet_text
from cogs.views import again_view, table_view

if TYPE_CHECKING:
    from cogs.host import GameHost

log = logging.getLogger(__name__)


def table_payload(rt: Runtime, lines: Sequence[str], final: bool = False) -> dict[str, Any]:
    """Return the table message: last lines, whose turn, the picture and its buttons."""
    game, adapter = rt.game, rt.adapter
    status = adapter.table_status(game, rt.names, rt.locale)
    text = clip("\n".join([*lines[-6:], f"**{status}**"]))
    picture = render_table(adapter.table_spec(game, rt.names, rt.locale))
    payload: dict[str, Any] = {"content": text, "file": png(picture, "table.png")}
    if game.is_over:
        # The final table: the score sheet below the result, and a rematch for the players.
        sheet = sheet_text(adapter.score_sheet(game), rt.names, rt.locale,
                           MAX_CONTENT - len(text) - 1)
        payload["content"] = "\n".join(filter(None, [text, sheet]))
        payload["view"] = again_view(rt.record.id, rt.locale)
    elif not final:
        payload["view"] = table_view(
            rt.record.id, rt.locale, someone_replaced=bool(rt.session.taken_over),
            version=game.version, controls=adapter.table_controls(game, rt.locale))
    return payload


def cancelled_payload(rt: Runtime, line: str) -> dict[str, Any]:
    """Return the table of a cancelled game: the one line saying so, the picture with no turn."""
    spec = rt.adapter.table_spec(rt.game, rt.names, rt.locale)
    spec = replace(spec, status=t("table.cancelled", rt.locale),
                   seats=[replace(seat, is_turn=False) for seat in spec.seats])
    return {"content": clip(line), "file": png(render_table(spec), "table.png")}


class TableMessage:
    """Posts and edits each game's table message, and announces the final result."""

    def __init__(self, host: GameHost) -> None:
        self.host = host

    async def post_first(self, rt: Runtime) -> discord.Message:
        """Post the table of a game just dealt, with its opening lines."""
        opening = rt.adapter.opening_lines(rt.game, rt.names, rt.locale)
        place = self.host.places.place(rt.record.place_id)
        message: discord.Message = await place.send(**table_payload(rt, opening))
        return message

    async def edit(self, rt: Runtime, lines: Sequence[str], final: bool = False) -> None:
        """Edit the table message with held and new lines; skip a 5xx (the next edit catches up)."""
        lines, rt.held_lines = [*rt.held_lines, *lines], []
        await self._put(rt, table_payload(rt, lines, final))

    async def cancel(self, rt: Runtime, line: str) -> None:
        """Mark the table of a cancelled game: one line, no turn, no controls."""
        rt.held_lines = []
        await self._put(rt, cancelled_payload(rt, line))

    async def _put(self, rt: Runtime, payload: dict[str, Any]) -> None:
        """Edit the table message to show the payload, or post it again if it was deleted."""
        file = payload.pop("file")
        payload.setdefault("view", None)
        place = self.host.places.place(rt.record.place_id)
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
        await self._repost(rt, place, file, payload)

    async def _repost(self, rt: Runtime, place: Any, file: discord.File,
                      payload: dict[str, Any]) -> None:
        """Post the table anew (the old message is gone) and remember the new one."""
        try:
            message = await place.send(file=file, **payload)
        except discord.HTTPException as error:
            log.warning("game %s: table post failed (%s)", rt.record.id, error.status)
            return
        rt.table_message_id = message.id
        await self.host.storage.set_message_ids(rt.record.id, table_message_id=message.id)

    async def finish(self, rt: Runtime) -> None:
        """Record the results, announce the winner and stop the session."""
        outcomes = rt.adapter.outcomes(rt.game)
        seats = rt.record.seats
        rows = [ResultRow(seat=o.seat, name=rt.names[o.seat], user_id=seats[o.seat]["user_id"],
                          is_bot=seats[o.seat]["is_bot"], points=o.points, won=o.won)
                for o in outcomes]
        await self.host.storage.record_results(rt.record.id, rows)
        lines = ["**" + t("event.game_over", rt.locale) + "**"]
        lines += [t("event.final_score_line", rt.locale, name=rt.names[o.seat], points=o.points)
                  for o in outcomes]
        winner = next((o for o in outcomes if o.won), None)
        if winner is not None:
            lines.append(t("event.winner", rt.locale, name=rt.names[winner.seat],
                           points=winner.points))
        await self.host.places.post(rt, "\n".join(lines))
        rt.session.close()
        self.host.runtimes.pop(rt.record.id, None)
