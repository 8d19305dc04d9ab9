"""`/rummy history` and the replay viewer: a finished game re-played from its action log.

A replay is dealt afresh from the game's start and re-applies every stored move; it must
reach the stored final state, else the record is damaged and the viewer says so. The viewer is
an ephemeral message edited in place, whose buttons carry the game id and the position shown
(`rm:<game>:view:<position>:<button>`), so they work after a restart too. Each position is what
a spectator saw: the table picture after a move (`table_spec`, the public view), or once a hand
has ended its end-of-hand picture, every hand face up.
"""

from __future__ import annotations

import asyncio
import io
import json
import logging
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import discord

from bot.i18n import grouped, locale_of, names_text, t
from bot.storage import GameNotFound, GameRecord, Storage
from bot.storage.records import FinishedGame
from card_images import HandEndSpec, TableSpec, render_hand_end, render_table
from cogs.adapters import Deal
from cogs.adapters.base import GameAdapter, options_type
from cogs.components import GameButton
from cogs.custom_ids import ComponentId
from cogs.errors import Refusal
from cogs.host.places import PictureMessage, clip, png
from cogs.limits import BUTTON_LABEL, cut
from cogs.registry import adapter_for, board_for
from engine.replay import Damaged, Kind, Move, Replay, Start, TooOld, export_text, replay

log = logging.getLogger(__name__)

HISTORY_GAMES = 10  # games listed by /rummy history (two rows of buttons)
CACHED = 4  # replays kept in memory: a viewer's clicks do not re-play the game each time
# The viewer's buttons: what each does with the position shown, and its label's key.
BUTTONS = (("prevhand", "replay.button.prev_hand"), ("prev", "replay.button.prev"),
           ("next", "replay.button.next"), ("nexthand", "replay.button.next_hand"),
           ("end", "replay.button.end"))
MOVES = frozenset(name for name, _ in BUTTONS)


@dataclass(frozen=True)
class Position:
    """One picture of the viewer: after step `step`, its table ("table"), its hand's end
    ("end"), or the table of the next hand it dealt ("deal")."""

    step: int
    face: str
    hand: int


def positions(record: Replay) -> list[Position]:
    """Return every picture of a replay, in order: a hand-ending move shows the hand laid
    open, then the next deal's table."""
    out: list[Position] = []
    last = len(record.steps) - 1
    for step in record.steps:
        if not step.ended:
            out.append(Position(step.number, "table", step.hand))
            continue
        out.append(Position(step.number, "end", step.hand))
        if step.dealt and step.number != last:  # the move that ended a hand dealt the next
            out.append(Position(step.number, "deal", step.hand + 1))
    return out


def target(shown: Sequence[Position], at: int, move: str) -> int | None:
    """Return the position a button leads to from `at`, or None where it leads nowhere."""
    hand = shown[at].hand
    firsts = {p.hand: i for i, p in reversed(list(enumerate(shown)))}
    ends = {p.hand: i for i, p in enumerate(shown) if p.face == "end"}
    found = {"prev": at - 1 if at > 0 else None,
             "next": at + 1 if at + 1 < len(shown) else None,
             "prevhand": firsts.get(hand - 1) if at == firsts[hand] else firsts[hand],
             "nexthand": firsts.get(hand + 1),
             "end": ends.get(hand) if ends.get(hand) != at else None}[move]
    return found


class Replays:
    """Re-plays finished games for the viewer and the export, a few kept in memory."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._cache: OrderedDict[int, Replay] = OrderedDict()

    # ----- /rummy history ------------------------------------------------------------------

    async def history(self, interaction: discord.Interaction,
                      member: discord.abc.User | None) -> None:
        """Answer with the server's last finished games, each with a button to replay it."""
        locale = locale_of(interaction.locale)
        assert interaction.guild_id is not None  # the group is guild-only
        games = await self.storage.finished_games(
            interaction.guild_id, user_id=None if member is None else member.id,
            limit=HISTORY_GAMES)
        if not games:
            key = "history.none" if member is None else "history.none_member"
            name = "" if member is None else member.display_name
            await interaction.response.send_message(t(key, locale, name=name), ephemeral=True)
            return
        title = (t("history.title", locale) if member is None
                 else t("history.title_member", locale, name=member.display_name))
        lines = [f"**{title}**", *(history_line(g, locale) for g in games)]
        view = discord.ui.View(timeout=None)
        for game in games:
            label = cut(t("history.button", locale, id=game.record.id), BUTTON_LABEL)
            view.add_item(GameButton(str(ComponentId(game.record.id, "replay")), label))
        await interaction.response.send_message(clip("\n".join(lines)), view=view,
                                                ephemeral=True)

    async def open(self, interaction: discord.Interaction, game_id: int) -> None:
        """Answer `/rummy replay game:<number>` with the viewer of that game of this server."""
        try:
            record = await self.storage.get_game(game_id)
        except GameNotFound:
            record = None
        if record is None or record.guild_id != interaction.guild_id:
            raise Refusal("replay.not_found", number=game_id)
        await self.click(interaction, record, ComponentId(game_id, "replay"))

    # ----- the viewer ----------------------------------------------------------------------

    async def click(self, interaction: discord.Interaction, record: GameRecord,
                    cid: ComponentId) -> None:
        """Open the viewer (replay), move it (view) or send the export file (export)."""
        if record.guild_id != interaction.guild_id:
            raise Refusal("error.move_unavailable")  # a game of another server
        locale = locale_of(interaction.locale)
        if cid.kind == "replay":
            check_finished(record)  # a game still running is refused at once, not after "thinking"
            await interaction.response.defer(ephemeral=True, thinking=True)
            shown = await self.viewer(record, 0, locale)
            assert shown["view"] is not None  # the viewer always has its buttons
            await interaction.followup.send(shown["content"], file=shown["file"],
                                            view=shown["view"], ephemeral=True)
            return
        if cid.kind == "export":
            await self.export(interaction, record, locale)
            return
        if cid.action not in MOVES or cid.version is None:
            raise Refusal("error.move_unavailable")
        record_replay = await self.replay_of(record)
        shown_at = positions(record_replay)
        if cid.version >= len(shown_at):
            raise Refusal("error.move_unavailable")
        at = target(shown_at, cid.version, cid.action)
        shown = await self.viewer(record, cid.version if at is None else at, locale)
        await interaction.response.edit_message(content=shown["content"],
                                                attachments=[shown["file"]], view=shown["view"])

    async def viewer(self, record: GameRecord, at: int, locale: str) -> PictureMessage:
        """Return the viewer at one position: its words, its picture and its buttons."""
        rec = await self.replay_of(record)
        shown = positions(rec)
        adapter, names = adapter_for(record.game), [s["name"] for s in record.seats]
        where = shown[at]
        content, spec = position_view(adapter, rec, where, names, locale)
        header = t("replay.header", locale, id=record.id, game=t(f"game.{record.game}", locale),
                   hand=where.hand, hands=rec.hands(), step=where.step, steps=rec.moves)
        view = discord.ui.View(timeout=None)
        for move, key in BUTTONS:
            button = GameButton(str(ComponentId(record.id, "view", at, move)),
                                cut(t(key, locale), BUTTON_LABEL))
            button.item.disabled = target(shown, at, move) is None
            view.add_item(button)
        view.add_item(GameButton(str(ComponentId(record.id, "export")),
                                 cut(t("replay.button.export", locale), BUTTON_LABEL),
                                 discord.ButtonStyle.primary))
        filename = "hand.png" if isinstance(spec, HandEndSpec) else "table.png"
        return {"content": clip("\n".join([header, *content])),
                "file": png(render(spec), filename), "view": view}

    async def export(self, interaction: discord.Interaction, record: GameRecord,
                     locale: str) -> None:
        """Send the game's export file ephemerally."""
        rec = await self.replay_of(record)
        labels = ["computer" if s["is_bot"] else "" for s in record.seats]
        text = export_text(rec, [s["name"] for s in record.seats], labels)
        name = f"rummy-game-{record.id}.txt"
        file = discord.File(io.BytesIO(text.encode()), filename=name)
        await interaction.response.send_message(t("replay.export_sent", locale, file=name),
                                                file=file, ephemeral=True)

    async def replay_of(self, record: GameRecord) -> Replay:
        """Return the finished game re-played from storage; refuse one still running or
        damaged."""
        check_finished(record)
        cached = self._cache.get(record.id)
        if cached is not None:
            self._cache.move_to_end(record.id)
            return cached
        rows = await self.storage.actions(record.id)
        try:
            rec = await asyncio.to_thread(stored_replay, record.game, record.state or "", rows)
        except Damaged as error:
            log.warning("game %s: replay refused, damaged record (%s)", record.id, error)
            raise Refusal("replay.damaged") from error
        except TooOld as error:
            raise Refusal("replay.too_old") from error
        self._cache[record.id] = rec
        while len(self._cache) > CACHED:
            self._cache.popitem(last=False)
        return rec


def check_finished(record: GameRecord) -> None:
    """Refuse a game that has no replay: one still in its lobby or running, or cancelled."""
    if record.status in ("lobby", "running"):
        raise Refusal("replay.running")
    if record.status != "finished" or not record.state:
        raise Refusal("replay.unfinished")


def stored_replay(game: str, state: str, rows: Sequence[tuple[int, int | None, str, int]]
                  ) -> Replay:
    """Re-play a stored game of kind `game`: its start (kept in its snapshot, else guessed from
    its final state for a game saved before starts were kept) and its logged moves."""
    try:
        kind = replay_kind(adapter_for(game))
        data = json.loads(state)
        final = data["engine"]
        start = (Start.from_json(data["start"]) if "start" in data
                 else Start.guessed(final, kind))
    except (ValueError, KeyError, TypeError) as error:
        raise Damaged(f"the stored game cannot be read ({error})") from error
    moves = [Move(seat, text) for _, seat, text, _ in rows if seat is not None]
    return replay(start, moves, final, kind)


def replay_kind(adapter: GameAdapter) -> Kind:
    """Return how a replay makes the adapter's game: as the host deals and loads it."""
    def deal(start: Start) -> Any:
        options = options_type(adapter).from_dict(start.options)
        return adapter.new_game(options, start.players,
                                Deal(start.decks, start.first_dealer, start.seed))
    return Kind(deal, adapter.load)


def position_view(adapter: GameAdapter, rec: Replay, where: Position, names: Sequence[str],
                  locale: str, game: Any = None) -> tuple[list[str], TableSpec | HandEndSpec]:
    """Return the lines and the picture's spec of one position: only what a spectator saw
    (the public table; every hand face up once its hand has ended). `game` is the game at
    that position, if the caller has it already."""
    step = rec.steps[where.step]
    game = game if game is not None else rec.game_at(where.step)
    if where.face == "end":
        ended = adapter.hand_end(game, list(step.events), names, locale)
        if ended is not None:
            spec, score_lines = ended
            return [t("replay.hand_end", locale, hand=where.hand), *score_lines], spec
    if step.move is None:
        lines = adapter.opening_lines(game, names, locale)
    elif where.face == "deal":
        lines = adapter.describe([e for e in step.events if e.kind == "deal"], names, locale)
    else:
        lines = adapter.describe(list(step.events), names, locale)
    status = adapter.table_status(game, names, locale)
    return [*lines, status], adapter.table_spec(game, names, locale)


def render(spec: TableSpec | HandEndSpec) -> bytes:
    """Draw a position's picture."""
    return render_hand_end(spec) if isinstance(spec, HandEndSpec) else render_table(spec)


def history_line(game: FinishedGame, locale: str) -> str:
    """Return one finished game's line: date, game, each player's result, the winners."""
    record = game.record
    lowest = _lowest(game.board or record.game)
    try:
        stamp = int(datetime.fromisoformat(game.finished_at).timestamp())
        date = f"<t:{stamp}:d>"
    except ValueError:
        date = game.finished_at[:10]
    scores = ", ".join(f"{r.name} {grouped(-r.points if lowest else r.points, locale)}"
                       for r in game.results)
    winners = [r.name for r in game.results if r.won]
    result = t("history.won", locale, names=names_text(winners, locale), count=len(winners))
    return t("history.line", locale, id=record.id, date=date,
             game=t(f"game.{record.game}", locale), scores=scores, result=result)


def _lowest(board: str) -> bool:
    """Whether the board's results are stored negated (the lowest total wins; not Ramino's
    chips game, whose results are chips won or lost)."""
    try:
        return board_for(board).lowest
    except KeyError:  # a game this bot no longer hosts
        return False
