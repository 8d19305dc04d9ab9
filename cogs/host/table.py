"""The table message: one per game, edited each turn, posted again if it was deleted.

It shows the running move log and whose turn it is. When messages posted below it have
pushed it up by PUSH_LIMIT (a picture, such as a hand's end, counts as that many lines), or
when it is nearly an hour old (long games: Discord limits edits of older messages), its next
update posts it again at the bottom of the channel and strips the old one's buttons.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import replace
from datetime import timedelta

import discord

from bot.i18n import t
from bot.storage import ResultRow, Storage
from card_images import render_table
from cogs.host.fairness import with_commitment
from cogs.host.meta import SessionMeta
from cogs.host.movelog import extended, log_text
from cogs.host.places import (
    MAX_CONTENT,
    PUSH_LIMIT,
    PictureMessage,
    Place,
    Places,
    clip,
    png,
    send_picture,
)
from cogs.host.runtime import Runtime
from cogs.host.scoresheet import sheet_text
from cogs.ratings import final_line
from cogs.views import again_view, table_view

log = logging.getLogger(__name__)

# Discord limits edits of messages older than an hour: a table this old is posted anew.
MAX_AGE = timedelta(minutes=50)


def is_old(message_id: int) -> bool:
    """Whether a message was posted longer than MAX_AGE ago (its id holds the time)."""
    return discord.utils.utcnow() - discord.utils.snowflake_time(message_id) > MAX_AGE


def table_payload(rt: Runtime, final: bool = False) -> PictureMessage:
    """Return the table message: the move log, whose turn, the picture and its buttons."""
    game, adapter = rt.game, rt.adapter
    # At the end the log's last line names the winner (the game's end event): the status
    # under it says only that the game is over, so the winner is told once.
    status = (t("event.game_over", rt.locale) if game.is_over
              else adapter.table_status(game, rt.names, rt.locale))
    text = log_text(rt.log, status)
    picture = render_table(adapter.table_spec(game, rt.names, rt.locale))
    payload: PictureMessage = {"content": text, "file": png(picture, "table.png"), "view": None}
    if game.is_over:
        # The final table: each rating's change and the score sheet below the result, and a
        # rematch for the players.
        rated = final_line(rt.ratings, rt.names, rt.locale)
        text = "\n".join(filter(None, [text, rated]))
        sheet = sheet_text(adapter.score_sheet(game), rt.names, rt.locale,
                           MAX_CONTENT - len(text) - 1)
        payload["content"] = "\n".join(filter(None, [text, sheet]))
        payload["view"] = again_view(rt.record.id, rt.locale)
    elif not final:
        payload["view"] = table_view(
            rt.record.id, rt.locale, someone_replaced=bool(rt.session.taken_over),
            version=game.version, controls=adapter.table_controls(game, rt.locale))
    return payload


def cancelled_payload(rt: Runtime, line: str) -> PictureMessage:
    """Return the table of a cancelled game: the one line saying so, the picture with no turn."""
    spec = rt.adapter.table_spec(rt.game, rt.names, rt.locale)
    spec = replace(spec.map_seats(lambda seat: replace(seat, is_turn=False)),
                   status=t("table.cancelled", rt.locale))
    return {"content": clip(line), "file": png(render_table(spec), "table.png"), "view": None}


class TableMessage:
    """Posts and edits each game's table message, and announces the final result."""

    def __init__(self, storage: Storage, places: Places, meta: SessionMeta,
                 runtimes: dict[int, Runtime]) -> None:
        self.storage, self.places, self.meta, self.runtimes = storage, places, meta, runtimes

    async def post_first(self, rt: Runtime) -> discord.Message:
        """Post the table of a game just dealt, with its opening lines."""
        rt.log = extended([], with_commitment(
            rt.adapter.opening_lines(rt.game, rt.names, rt.locale), rt.game, rt.locale))
        place = self.places.place(rt.record.place_id)
        return await send_picture(place, table_payload(rt))

    async def edit(self, rt: Runtime, lines: Sequence[str], final: bool = False) -> None:
        """Add held and new lines to the log and show it: an edit, or a post at the bottom.

        A 5xx skips the edit (the next one catches up, the log keeps the lines).
        """
        rt.log, rt.held_lines = extended(rt.log, [*rt.held_lines, *lines]), []
        await self._put(rt, table_payload(rt, final))

    async def keep(self, rt: Runtime, lines: Sequence[str]) -> None:
        """Add held and new lines to the log and store it, to be shown with the next edit."""
        rt.log, rt.held_lines = extended(rt.log, [*rt.held_lines, *lines]), []
        await self.meta.save(rt)

    async def cancel(self, rt: Runtime, line: str) -> None:
        """Mark the table of a cancelled game: one line, no turn, no controls."""
        rt.held_lines = []
        await self._put(rt, cancelled_payload(rt, line))

    async def become_result(self, rt: Runtime, content: str, file: discord.File) -> bool:
        """Turn the table message into a hand's result; the next update posts the table below.

        One edit instead of a post and a strip: the channel reads result, then table, and the
        old table's picture is not left above with a turn that is over. Return whether it was
        done (no table message, or Discord refused: the caller posts the result instead).
        """
        old = rt.table_message_id
        if old is None:
            return False
        place = self.places.place(rt.record.place_id)
        try:
            await place.get_partial_message(old).edit(content=clip(content), attachments=[file],
                                                      view=None)
        except discord.HTTPException as error:
            log.warning("game %s: the table could not become the result (%s)", rt.record.id,
                        error.status)
            return False
        # Forgotten in storage too: after a restart the table is posted anew, not over the result.
        rt.table_message_id = None
        await self.storage.set_message_ids(rt.record.id, table_message_id=None)
        return True

    async def _put(self, rt: Runtime, payload: PictureMessage) -> None:
        """Show the payload: edit the table message, or post it at the bottom when pushed up."""
        place = self.places.place(rt.record.place_id)
        old = rt.table_message_id
        if old is not None and (rt.pushed >= PUSH_LIMIT or is_old(old)):
            if await self._repost(rt, place, payload):
                await self._strip(rt, place, old)
            else:
                payload["file"].reset()  # not posted (e.g. no right to send): edit it in place
                await self._edit_in_place(rt, place, old, payload)
        elif old is not None:
            await self._edit_in_place(rt, place, old, payload)
        else:
            await self._repost(rt, place, payload)
        await self.meta.save(rt)

    async def _edit_in_place(self, rt: Runtime, place: Place, message_id: int,
                             payload: PictureMessage) -> None:
        """Edit the table message; post it anew if it was deleted."""
        try:
            await place.get_partial_message(message_id).edit(
                content=payload["content"], attachments=[payload["file"]], view=payload["view"])
        except discord.NotFound:
            payload["file"].reset()
            await self._repost(rt, place, payload)
        except discord.HTTPException as error:
            log.warning("game %s: table edit failed (%s)", rt.record.id, error.status)

    async def _repost(self, rt: Runtime, place: Place, payload: PictureMessage) -> bool:
        """Post the table at the bottom, remember the new message; return whether it went."""
        try:
            message = await send_picture(place, payload)
        except discord.HTTPException as error:
            log.warning("game %s: table post failed (%s)", rt.record.id, error.status)
            return False
        rt.table_message_id, rt.pushed = message.id, 0
        await self.storage.set_message_ids(rt.record.id, table_message_id=message.id)
        return True

    async def _strip(self, rt: Runtime, place: Place, message_id: int) -> None:
        """Take the buttons off a table message that moved down; its text points below.

        Its picture stays (the table as it was then); its turn line would no longer be true.
        """
        try:
            await place.get_partial_message(message_id).edit(
                content=t("table.moved", rt.locale), view=None)
        except discord.HTTPException as error:
            # Its buttons stay; they act on the running game, so nothing goes wrong.
            log.warning("game %s: old table kept its buttons (%s)", rt.record.id, error.status)

    async def finish(self, rt: Runtime) -> None:
        """Record the results (which rates the game), show the final table with each rating's
        change, and stop the session.

        The results go first: the final table is posted once, already telling the ratings.
        """
        outcomes = rt.adapter.outcomes(rt.game)
        places = rt.adapter.places(rt.game)
        seats = rt.record.seats
        rows = [ResultRow(seat=o.seat, name=rt.names[o.seat], user_id=seats[o.seat]["user_id"],
                          is_bot=seats[o.seat]["is_bot"], points=o.points, won=o.won,
                          side=o.side, place=places[o.seat],
                          level=seats[o.seat].get("level") if seats[o.seat]["is_bot"] else None)
                for o in outcomes]
        # A variant whose score means something else is counted on a board of its own.
        rt.ratings = await self.storage.record_results(rt.record.id, rows,
                                                       counted_as=rt.adapter.board_of(rt.game))
        rt.session.close()  # the game is over: nothing more of its session is stored
        try:
            await self.edit(rt, [], final=True)
        except discord.HTTPException as error:  # the results are kept: the picture may fail
            log.warning("game %s: final table not shown (%s)", rt.record.id, error.status)
        self.runtimes.pop(rt.record.id, None)
