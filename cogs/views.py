"""The messages' components: the lobby's, the table's and a private hand's controls."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.i18n import t
from cogs.adapters import ButtonControl, Control, SelectControl, SelectOption
from cogs.components import GameButton, GameSelect
from cogs.custom_ids import ComponentId

_STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}
MAX_ROWS = 5
BUTTONS_PER_ROW = 5
MAX_OPTIONS = 25


def _button(cid: ComponentId, label: str, style: str | discord.ButtonStyle = "secondary",
            row: int | None = None) -> GameButton:
    """Return a game button; `style` is a control's style name or a discord style."""
    chosen = _STYLES[style] if isinstance(style, str) else style
    return GameButton(str(cid), label, chosen, row=row)


def _options(options: Sequence[SelectOption]) -> list[discord.SelectOption]:
    """Return a select's options as Discord takes them (at most 25, texts cut to 100)."""
    return [discord.SelectOption(label=o.label[:100], value=o.value,
                                 description=o.description[:100] or None)
            for o in options[:MAX_OPTIONS]]


def lobby_view(game_id: int, locale: str) -> discord.ui.View:
    """Return the lobby's Join / Leave / Add computer / Start buttons."""
    view = discord.ui.View(timeout=None)
    for kind, key, style in (
        ("join", "lobby.button.join", "success"),
        ("leave", "lobby.button.leave", "secondary"),
        ("addbot", "lobby.button.add_computer", "secondary"),
        ("start", "lobby.button.start", "primary"),
    ):
        view.add_item(_button(ComponentId(game_id, kind), t(key, locale), style))
    return view


def table_view(game_id: int, locale: str, *, someone_replaced: bool, version: int = 0,
               controls: Sequence[ButtonControl] = ()) -> discord.ui.View:
    """Return the table's "My hand" button, the game's own ones, and "I'm back" if needed."""
    view = discord.ui.View(timeout=None)
    view.add_item(_button(ComponentId(game_id, "hand"), t("table.button.my_hand", locale),
                          "primary"))
    for control in controls:
        cid = ComponentId(game_id, "tact", version, control.action)
        view.add_item(_button(cid, control.label, control.style))
    if someone_replaced:
        view.add_item(_button(ComponentId(game_id, "back"), t("timer.button.back", locale),
                              "success"))
    return view


def hand_view(
    game_id: int, version: int, controls: Sequence[Control], locale: str, sort: str
) -> discord.ui.View:
    """Return the hand's sort buttons and one control per legal action, within 5 rows."""
    view = discord.ui.View(timeout=None)
    other = "rank" if sort == "suit" else "suit"
    view.add_item(_button(ComponentId(game_id, "sort", action=other),
                          t(f"action.sort_{other}", locale), row=0))
    buttons = [c for c in controls if isinstance(c, ButtonControl)]
    selects = [c for c in controls if isinstance(c, SelectControl)]
    row = 1
    for start in range(0, len(buttons), BUTTONS_PER_ROW):
        for control in buttons[start:start + BUTTONS_PER_ROW]:
            cid = ComponentId(game_id, "act", version, control.action)
            view.add_item(_button(cid, control.label, control.style, row=row))
        row += 1
    for select in selects:
        if row >= MAX_ROWS or not select.options:
            break
        cid = ComponentId(game_id, "select", version, select.verb)
        view.add_item(GameSelect(str(cid), select.placeholder, _options(select.options),
                                 row=row, min_values=select.min_values,
                                 max_values=select.max_values))
        row += 1
    return view


def choice_view(game_id: int, version: int, options: Sequence[SelectOption],
                placeholder: str) -> discord.ui.View:
    """Return one select of complete moves (e.g. which meld a "Rummy!" claim goes on)."""
    view = discord.ui.View(timeout=None)
    cid = ComponentId(game_id, "choice", version)
    view.add_item(GameSelect(str(cid), placeholder, _options(options)))
    return view
