"""The persistent buttons and selects of every game, and the checks they share.

Every component is a `DynamicItem` whose custom id (see `cogs.custom_ids`) names
the game, so clicks on messages sent before a restart still reach the host. One
base does for all of them what each click needs first: parse the id and the chosen
values (anything the bot never sends is no longer available), check the control is
on its own surface (a hand's on a private hand, the others on public messages), find
the running game and the member's seat, check turn and version for a hand's moves,
and answer any refusal ephemerally in the member's language.
"""

from __future__ import annotations

import logging
import re
import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Self

import discord

from cogs.custom_ids import (
    BUTTON_TEMPLATE,
    RECORD_KINDS,
    SELECT_TEMPLATE,
    USER_TEMPLATE,
    WATCH,
    ComponentId,
    parse,
    parse_values,
)
from cogs.errors import Refusal, discord_failed, refusals_answered
from cogs.surfaces import is_private
from engine.session import StaleAction

if TYPE_CHECKING:
    from cogs.host import GameHost
    from cogs.host.runtime import Runtime

log = logging.getLogger(__name__)

# The game host serving each bot, found from a click's client. Not an attribute of the item
# classes: discord.py registers the class of every dynamic item it sends, so a class bound to
# one host would be replaced by whichever was sent last.
_HOSTS: weakref.WeakKeyDictionary[discord.Client, GameHost] = weakref.WeakKeyDictionary()


def serve(client: discord.Client, host: GameHost) -> None:
    """Let the game components clicked on this bot reach `host` (the cog's load)."""
    _HOSTS[client] = host


def stop_serving(client: discord.Client) -> None:
    """Leave this bot's game components without a host (the cog's unload): clicks do nothing."""
    _HOSTS.pop(client, None)


def host_of(client: discord.Client) -> GameHost | None:
    """Return the game host serving this bot, if its cog is loaded."""
    return _HOSTS.get(client)


@dataclass(frozen=True)
class Checked:
    """A component interaction that passed its checks: the game and seat it acts for."""

    host: GameHost
    cid: ComponentId
    rt: Runtime | None  # None for RECORD_KINDS: their handler reads the record itself
    seat: int | None  # None for RECORD_KINDS, and for Watch pressed by a spectator
    values: tuple[str, ...] = ()  # a select's chosen values

    def worded(self, key: str) -> str:
        """Return a refusal's catalogue key as this seat reads it (its game's wording)."""
        if self.rt is None or self.seat is None:
            return key
        return self.rt.adapter.refusal_key(self.rt.game, self.seat, key)


def read(custom_id: str, values: Sequence[str], select: bool) -> tuple[ComponentId,
                                                                        tuple[str, ...]]:
    """Parse a click's custom id and chosen values; refuse anything the bot never sends."""
    cid, chosen = parse(custom_id), parse_values(values)
    if cid is None or chosen is None or cid.is_select != select:
        raise Refusal("error.move_unavailable")
    return cid, chosen


def check(host: GameHost, interaction: discord.Interaction, cid: ComponentId,
          values: tuple[str, ...] = ()) -> Checked:
    """Resolve the game and the member's seat; refuse what he may not do now, or there."""
    if cid.is_private != is_private(interaction):
        # e.g. a hand's control pressed on the table message: its answer would show the hand
        raise Refusal("error.move_unavailable")
    if cid.kind in RECORD_KINDS:
        return Checked(host, cid, None, None, values)
    if cid.kind == WATCH:
        # Anyone in the channel may watch, seated or not: the seat is None for a spectator.
        watched = host.runtimes.get(cid.game_id)
        if watched is None or watched.game.is_over:
            raise Refusal("watch.over")
        return Checked(host, cid, watched, watched.seat_of(interaction.user.id), values)
    rt = host.running(cid.game_id)
    seat = host.seated(rt, interaction)
    if cid.is_hand_move:
        try:
            rt.check_move(seat, cid.version)
        except StaleAction:
            if not rt.seat(seat).is_live(interaction.message):
                raise Refusal("hand.old_copy") from None  # say where his hand is now
            raise
    return Checked(host, cid, rt, seat, values)


class GameComponent:
    """What every game button and select does: check, then hand the click to the router."""

    custom_id: str  # the wrapped item's, provided by DynamicItem
    is_select = False
    _checked: Checked | None = None

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction,
                             item: discord.ui.Item[discord.ui.View], match: re.Match[str], /
                             ) -> Self:
        """Rebuild the component from a click (also on a message sent before a restart)."""
        return cls.rebuild(match.string, item)

    @classmethod
    def rebuild(cls, custom_id: str, item: discord.ui.Item[discord.ui.View]) -> Self:
        """Return the component used, wrapped in this class."""
        raise NotImplementedError

    def chosen(self) -> Sequence[str]:
        """Return the values a select's member chose (none for a button)."""
        return ()

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        """Let the click through only for a running game, a seated member, a current move."""
        host = host_of(interaction.client)
        if host is None:
            return False
        try:
            async with refusals_answered(interaction):
                cid, values = read(self.custom_id, self.chosen(), self.is_select)
                self._checked = check(host, interaction, cid, values)
        except Exception:
            # discord.py drops a failing check silently: say so, as it does for a callback.
            log.exception("checking the component %s failed", self.custom_id)
            return False
        return self._checked is not None

    async def callback(self, interaction: discord.Interaction) -> None:
        """Do what the component asks; a refusal is answered ephemerally."""
        checked = self._checked
        if checked is None:
            return
        try:
            async with refusals_answered(interaction, checked.worded):
                await checked.host.router.route(interaction, checked.cid, checked.rt,
                                                checked.seat, checked.values)
        except discord.HTTPException as error:
            # Discord kept failing after discord.py's own retries (5xx, 429): what was saved
            # stands and the game goes on; the member is told if Discord still listens.
            await discord_failed(interaction, error)


class GameButton(GameComponent, discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
                 template=BUTTON_TEMPLATE):
    """Any button of a game; the router decides what it does from the custom id."""

    def __init__(self, custom_id: str, label: str = "",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                 row: int | None = None) -> None:
        super().__init__(
            discord.ui.Button(label=label or None, style=style, custom_id=custom_id, row=row))

    @classmethod
    def rebuild(cls, custom_id: str, item: discord.ui.Item[discord.ui.View]) -> Self:
        """Return the button clicked (a discord.ui.Button) as a game button."""
        # A forged select with a button's id has neither: its check then refuses it.
        style = getattr(item, "style", discord.ButtonStyle.secondary)
        return cls(custom_id, getattr(item, "label", None) or "", style)


class GameSelect(GameComponent, discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]],
                 template=SELECT_TEMPLATE):
    """A select of a hand's choices (discard, knock, …) for one state version."""

    is_select = True

    def __init__(self, custom_id: str, placeholder: str = "",
                 options: Sequence[discord.SelectOption] = (), row: int | None = None,
                 min_values: int = 1, max_values: int = 1) -> None:
        options = list(options) or [discord.SelectOption(label="-")]
        super().__init__(discord.ui.Select(
            custom_id=custom_id, placeholder=placeholder or None, options=options, row=row,
            min_values=min(min_values, len(options)), max_values=min(max_values, len(options))))

    @classmethod
    def rebuild(cls, custom_id: str, item: discord.ui.Item[discord.ui.View]) -> Self:
        """Return the select used (a discord.ui.Select) as a game select."""
        # A forged button with a select's id has none of these: its check then refuses it.
        return cls(custom_id, getattr(item, "placeholder", None) or "",
                   getattr(item, "options", ()), min_values=getattr(item, "min_values", 1),
                   max_values=getattr(item, "max_values", 1))

    def chosen(self) -> Sequence[str]:
        """Return the values the member chose."""
        return list(self.item.values)


class GameUserSelect(GameComponent,
                     discord.ui.DynamicItem[discord.ui.UserSelect[discord.ui.View]],
                     template=USER_TEMPLATE):
    """A select of one server member (a seated player's choice of who may see his hand)."""

    is_select = True

    def __init__(self, custom_id: str, placeholder: str = "", row: int | None = None) -> None:
        super().__init__(discord.ui.UserSelect(custom_id=custom_id,
                                               placeholder=placeholder or None, row=row))

    @classmethod
    def rebuild(cls, custom_id: str, item: discord.ui.Item[discord.ui.View]) -> Self:
        """Return the select used (a discord.ui.UserSelect) as a game user select."""
        return cls(custom_id, getattr(item, "placeholder", None) or "")

    def chosen(self) -> Sequence[str]:
        """Return the chosen members' ids, as text (a forged string select: its values)."""
        return [str(getattr(value, "id", value)) for value in self.item.values]
