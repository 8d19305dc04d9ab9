"""Persistent buttons and selects: the lobby, the table and the private hand controls.

Every component is a `DynamicItem` whose custom_id names the game (and, for moves,
the state version), so clicks on messages sent before a restart still reach the
host, and a control from an older state is refused as stale.

Custom ids (at most 100 characters):
- buttons `rm:<game id>:<kind>[:<arg>]`, kinds join, leave, addbot, start (lobby),
  hand, back, tact:<version>:<action> (table), sort:<suit|rank>, act:<version>:<action> (hand);
- selects `rs:<game id>:<version>:<verb>`; the chosen value completes `<verb> <value>`.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import discord

from bot.i18n import t
from cogs.adapters import ButtonControl, Control, SelectControl, SelectOption

ButtonHandler = Callable[[discord.Interaction, int, str, str], Awaitable[None]]
SelectHandler = Callable[[discord.Interaction, int, int, str, list[str]], Awaitable[None]]

_STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}
MAX_ROWS = 5
BUTTONS_PER_ROW = 5
MAX_OPTIONS = 25
# The verb of an ephemeral select of complete actions offered by a table button.
TABLE_CHOICE = "table_choice"


def _handler(interaction: discord.Interaction, name: str) -> Any:
    """Find the host's handler on the running bot (the Rummy cog owns the host)."""
    cog = interaction.client.get_cog("Rummy")  # type: ignore[attr-defined]
    if cog is None:
        return None
    return getattr(cog.host, name)


class GameButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rm:(?P<gid>\d+):(?P<kind>[a-z]+)(?::(?P<arg>.*))?",
):
    """Any button of a game; the host decides what it does from the custom_id."""

    def __init__(
        self,
        custom_id: str,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(label=label or None, style=style, custom_id=custom_id, row=row)
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> GameButton:
        """Rebuild the button from a click (also after a restart)."""
        button: Any = item
        return cls(match.string, button.label or "", button.style)

    async def callback(self, interaction: discord.Interaction) -> None:
        """Hand the click to the host."""
        match = self.__discord_ui_compiled_template__.fullmatch(self.custom_id)
        handler: ButtonHandler | None = _handler(interaction, "on_button")
        if match is None or handler is None:
            return
        await handler(interaction, int(match["gid"]), match["kind"], match["arg"] or "")


class GameSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"rs:(?P<gid>\d+):(?P<version>\d+):(?P<verb>[a-z_]+)",
):
    """A select of a hand's choices (discard, knock, …) for one state version."""

    def __init__(
        self,
        custom_id: str,
        placeholder: str = "",
        options: Sequence[discord.SelectOption] = (),
        row: int | None = None,
        min_values: int = 1,
        max_values: int = 1,
    ) -> None:
        options = list(options) or [discord.SelectOption(label="-")]
        super().__init__(
            discord.ui.Select(
                custom_id=custom_id,
                placeholder=placeholder or None,
                options=options,
                row=row,
                min_values=min(min_values, len(options)),
                max_values=min(max_values, len(options)),
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> GameSelect:
        """Rebuild the select from a choice (also after a restart)."""
        select: Any = item
        return cls(match.string, select.placeholder or "", select.options,
                   min_values=select.min_values, max_values=select.max_values)

    async def callback(self, interaction: discord.Interaction) -> None:
        """Hand the chosen values to the host."""
        match = self.__discord_ui_compiled_template__.fullmatch(self.custom_id)
        handler: SelectHandler | None = _handler(interaction, "on_select")
        if match is None or handler is None:
            return
        values = list(self.item.values)
        await handler(
            interaction, int(match["gid"]), int(match["version"]), match["verb"], values
        )


def lobby_view(game_id: int, locale: str) -> discord.ui.View:
    """Return the lobby's Join / Leave / Add computer / Start buttons."""
    view = discord.ui.View(timeout=None)
    for kind, key, style in (
        ("join", "lobby.button.join", discord.ButtonStyle.success),
        ("leave", "lobby.button.leave", discord.ButtonStyle.secondary),
        ("addbot", "lobby.button.add_computer", discord.ButtonStyle.secondary),
        ("start", "lobby.button.start", discord.ButtonStyle.primary),
    ):
        view.add_item(GameButton(f"rm:{game_id}:{kind}", t(key, locale), style))
    return view


def table_view(game_id: int, locale: str, *, someone_replaced: bool, version: int = 0,
               controls: Sequence[ButtonControl] = ()) -> discord.ui.View:
    """Return the table's "My hand" button, the game's own ones, and "I'm back" if needed."""
    view = discord.ui.View(timeout=None)
    view.add_item(
        GameButton(f"rm:{game_id}:hand", t("table.button.my_hand", locale),
                   discord.ButtonStyle.primary)
    )
    for control in controls:
        view.add_item(GameButton(f"rm:{game_id}:tact:{version}:{control.action}",
                                 control.label, _STYLES[control.style]))
    if someone_replaced:
        view.add_item(
            GameButton(f"rm:{game_id}:back", t("timer.button.back", locale),
                       discord.ButtonStyle.success)
        )
    return view


def hand_view(
    game_id: int, version: int, controls: Sequence[Control], locale: str, sort: str
) -> discord.ui.View:
    """Return the hand's sort buttons and one control per legal action, within 5 rows."""
    view = discord.ui.View(timeout=None)
    other = "rank" if sort == "suit" else "suit"
    view.add_item(
        GameButton(f"rm:{game_id}:sort:{other}", t(f"action.sort_{other}", locale), row=0)
    )
    buttons = [c for c in controls if isinstance(c, ButtonControl)]
    selects = [c for c in controls if isinstance(c, SelectControl)]
    row = 1
    for start in range(0, len(buttons), BUTTONS_PER_ROW):
        for control in buttons[start:start + BUTTONS_PER_ROW]:
            view.add_item(
                GameButton(f"rm:{game_id}:act:{version}:{control.action}", control.label,
                           _STYLES[control.style], row=row)
            )
        row += 1
    for select in selects:
        if row >= MAX_ROWS or not select.options:
            break
        options = [
            discord.SelectOption(label=o.label[:100], value=o.value,
                                 description=o.description[:100] or None)
            for o in select.options[:MAX_OPTIONS]
        ]
        view.add_item(
            GameSelect(f"rs:{game_id}:{version}:{select.verb}", select.placeholder, options,
                       row=row, min_values=select.min_values, max_values=select.max_values)
        )
        row += 1
    return view


def choice_view(game_id: int, version: int, verb: str, options: Sequence[SelectOption],
                placeholder: str) -> discord.ui.View:
    """Return one select of complete actions (e.g. which meld a "Rummy!" claim goes on)."""
    view = discord.ui.View(timeout=None)
    choices = [discord.SelectOption(label=o.label[:100], value=o.value,
                                    description=o.description[:100] or None)
               for o in options[:MAX_OPTIONS]]
    view.add_item(GameSelect(f"rs:{game_id}:{version}:{verb}", placeholder, choices))
    return view
