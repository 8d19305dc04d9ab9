"""Clicks and choices to moves: what each game component does once its checks passed.

The component base (`cogs.components`) parses the custom id, finds the running
game and the member's seat, checks turn and version for hand moves, and answers
every refusal; the router only acts.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence

import discord

from bot.i18n import locale_of, t
from bot.storage import GameNotFound, Storage
from cogs.adapters import PASS_CLAIMS, UI_PREFIX, offers
from cogs.custom_ids import RECORD_KINDS, REPLAY_KINDS, SHOW_TO, STOP_SHOWING, WATCH, ComponentId
from cogs.errors import Refusal
from cogs.host.endings import ENDING_KINDS, Endings
from cogs.host.hands import Hands, answering, with_controls
from cogs.host.lobby import Lobby
from cogs.host.meta import SessionMeta
from cogs.host.replays import Replays
from cogs.host.runtime import Runtime
from cogs.host.table import TableMessage
from cogs.host.watch import Watching
from cogs.limits import OPTIONS
from cogs.surfaces import is_ephemeral
from cogs.views import choice_view
from engine.errors import RulesError
from engine.session import NotWaitedFor, StaleAction, TooLate


class Router:
    """Turns each kind of component into the host's action."""

    def __init__(self, storage: Storage, lobby: Lobby, endings: Endings, table: TableMessage,
                 hands: Hands, meta: SessionMeta, watching: Watching,
                 replays: Replays) -> None:
        self.storage, self.lobby, self.endings = storage, lobby, endings
        self.table, self.hands, self.meta = table, hands, meta
        self.watching, self.replays = watching, replays

    async def route(self, interaction: discord.Interaction, cid: ComponentId,
                    rt: Runtime | None, seat: int | None, values: Sequence[str]) -> None:
        """Do what a checked component asks: `rt` and `seat` are set for in-game kinds."""
        if cid.kind in RECORD_KINDS:
            try:
                record = await self.storage.get_game(cid.game_id)
            except GameNotFound:
                raise Refusal("error.move_unavailable") from None
            if cid.kind in ENDING_KINDS:
                await self.endings.click(interaction, record, cid.kind)
            elif cid.kind in REPLAY_KINDS:
                await self.replays.click(interaction, record, cid)
            else:
                await self.lobby.act(interaction, record, cid.kind, values)
            return
        if cid.kind == WATCH:
            assert rt is not None  # resolved by the component's check; seat None: a spectator
            await self.watching.answer(interaction, rt, seat)
            return
        assert rt is not None and seat is not None  # resolved by the component's check
        version = cid.version if cid.version is not None else -1
        if cid.kind == "hand":
            await self.hands.show_ephemeral(rt, seat, interaction)
        elif cid.kind == "back":
            await self.im_back(interaction, rt, seat)
        elif cid.kind == "sort":
            await self.sort_hand(interaction, rt, seat, cid.action)
        elif cid.kind == "autopass":
            await self.set_autopass(interaction, rt, seat, cid.action)
        elif cid.kind == SHOW_TO:
            await self.watching.show(interaction, rt, seat, values)
        elif cid.kind == STOP_SHOWING:
            await self.watching.stop(interaction, rt, seat)
        elif cid.kind == "tact":
            await self.table_act(interaction, rt, seat, version, cid.action)
        else:
            await self._move(interaction, cid, rt, seat, version, values)

    async def _move(self, interaction: discord.Interaction, cid: ComponentId, rt: Runtime,
                    seat: int, version: int, values: Sequence[str]) -> None:
        """Play a hand's move, or a table button's chosen move (kinds act, select, choice)."""
        if cid.kind == "choice":
            self.check_table_choice(interaction, rt, seat, version, values)
            await self.table_move(interaction, rt, seat, version, values[0])
            return
        if cid.action.startswith(UI_PREFIX):
            # The adapter reads its steps' values as it wrote them: only offered ones reach it.
            self.check_offered(rt, seat, cid.action, values)
        elif cid.kind == "select" and not values:
            raise StaleAction()
        text = cid.action if cid.kind == "act" else rt.adapter.compose(
            rt.game, seat, cid.action, values)
        if text.startswith(UI_PREFIX):
            self.check_offered(rt, seat, cid.action, values)
            await self.ui_step(interaction, rt, seat, text)
            return
        action = rt.game.parse_action(text)
        # The rules' own reason first (a stale menu learns why), then what the hand offers.
        rt.game.verify(seat, action)
        self.check_offered(rt, seat, cid.action, values)
        await self.play(interaction, rt, seat, version, action)

    async def play(self, interaction: discord.Interaction, rt: Runtime, seat: int,
                   version: int, action: object) -> None:
        """Submit a checked move; the listener then edits the table and the hands."""
        await self.hands.use(rt, seat, interaction)
        try:
            with answering(seat, interaction):
                await rt.session.submit(seat, action, version)
        finally:
            if not interaction.response.is_done():
                # Refused after all, or the listener failed: acknowledge so a refusal can follow.
                with contextlib.suppress(discord.HTTPException):
                    await interaction.response.defer()

    def check_offered(self, rt: Runtime, seat: int, name: str, values: Sequence[str]) -> None:
        """Refuse a hand's button or select values that its message does not offer now."""
        # A forged id or value (a legal-looking move the menus never show, a step of another
        # player's menu) stops here: the adapter and the engine see only offered choices.
        if not offers(rt.offered(seat), name, values):
            raise Refusal("error.move_unavailable")

    def check_table_choice(self, interaction: discord.Interaction, rt: Runtime, seat: int,
                           version: int, values: Sequence[str]) -> None:
        """Refuse a table choice that no table button offers this member now."""
        if version != rt.game.version:
            raise TooLate()  # another claim, a draw or the clock came first
        locale = locale_of(interaction.locale)
        offered: set[str] = set()
        for control in rt.adapter.table_controls(rt.game, locale):
            if control.disabled or control.action == PASS_CLAIMS:
                continue
            with contextlib.suppress(RulesError, Refusal):
                choices = rt.adapter.table_choices(rt.game, seat, control.action, locale)
                offered.update(o.value for o in choices[:OPTIONS])
        if len(values) != 1 or values[0] not in offered:
            raise Refusal("error.move_unavailable")

    async def ui_step(self, interaction: discord.Interaction, rt: Runtime, seat: int,
                      text: str) -> None:
        """Move within the hand's menus (a page, a card picked first) and redraw in place."""
        rt.set_draft(seat, rt.adapter.step(rt.game, seat, rt.draft(seat), text))
        await self.hands.redraw(rt, seat, interaction, controls_on=True)

    async def sort_hand(self, interaction: discord.Interaction, rt: Runtime, seat: int,
                        mode: str) -> None:
        """Redraw the hand sorted by suit or by rank, in place."""
        rt.seat(seat).sort = "rank" if mode == "rank" else "suit"
        # The sort button stays where it was clicked, even on a waiting DM.
        on_dm = not is_ephemeral(interaction)
        controls_on = with_controls(rt, seat, on_dm=on_dm, keep=True)
        await self.hands.redraw(rt, seat, interaction, controls_on)

    async def set_autopass(self, interaction: discord.Interaction, rt: Runtime, seat: int,
                           mode: str) -> None:
        """Set how long the member passes on every claim window (his hand's button) and
        redraw his hand; pass on the window open now if it waits for him."""
        if rt.game.is_over or rt.autopass_button(seat) is None:
            raise Refusal("error.move_unavailable")  # a game without claim windows
        rt.set_autopass(seat, mode)
        await self.meta.save(rt)
        on_dm = not is_ephemeral(interaction)
        await self.hands.redraw(rt, seat, interaction,
                                with_controls(rt, seat, on_dm=on_dm, keep=True))
        if rt.passes_claims(seat):
            # As if he pressed "No claim" now; no window open, or none that is his to pass.
            with contextlib.suppress(TooLate, NotWaitedFor):
                await rt.session.pass_claims(seat, rt.game.version)

    async def im_back(self, interaction: discord.Interaction, rt: Runtime, seat: int) -> None:
        """Give a taken-over seat back to its player and show him his hand."""
        if not await rt.session.back(seat):
            raise Refusal("timer.not_replaced")
        await self.meta.save(rt)
        await self.hands.show_ephemeral(rt, seat, interaction)
        await self.table.edit(rt, [t("timer.welcome_back", rt.locale, name=rt.names[seat])])

    async def table_act(self, interaction: discord.Interaction, rt: Runtime, seat: int,
                        version: int, action: str) -> None:
        """Handle a table button (e.g. "Rummy!"): play it, or ask which of its choices."""
        if version != rt.game.version:
            raise TooLate()
        locale = locale_of(interaction.locale)
        if not offers(rt.adapter.table_controls(rt.game, locale), action, ()):
            raise Refusal("error.move_unavailable")
        choices = rt.adapter.table_choices(rt.game, seat, action, locale)
        if action == PASS_CLAIMS:
            await self.pass_claims(interaction, rt, seat, version)
            return
        if len(choices) == 1:
            await self.table_move(interaction, rt, seat, version, choices[0].value)
            return
        prompt = t("claim.choose", locale)
        view = choice_view(rt.record.id, version, choices, prompt)
        await interaction.response.send_message(prompt, view=view, ephemeral=True)

    async def table_move(self, interaction: discord.Interaction, rt: Runtime, seat: int,
                         version: int, text: str) -> None:
        """Submit an out-of-turn move made from the table; the first one received wins."""
        action = rt.game.parse_action(text)
        try:
            await rt.session.submit(seat, action, version)
        except StaleAction as error:
            raise TooLate() from error  # another claim, a draw or the clock came first
        if not interaction.response.is_done():
            await interaction.response.send_message(
                t("claim.won", locale_of(interaction.locale)), ephemeral=True)

    async def pass_claims(self, interaction: discord.Interaction, rt: Runtime, seat: int,
                          version: int) -> None:
        """Stop waiting for this member's call on the open window ("No claim")."""
        await rt.session.pass_claims(seat, version)
        if not interaction.response.is_done():
            await interaction.response.send_message(
                t("claim.passed", locale_of(interaction.locale)), ephemeral=True)
