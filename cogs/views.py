"""The messages' components: the lobby's, the table's and a private hand's controls."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import replace

import discord

from bot.i18n import t
from cogs.adapters import ButtonControl, Control, SelectControl, SelectOption
from cogs.components import GameButton, GameSelect, GameUserSelect
from cogs.custom_ids import SHOW_TO, STOP_SHOWING, WATCH, ComponentId, parse
from cogs.limits import BUTTON_LABEL, OPTION_TEXT, OPTIONS, PLACEHOLDER, cut

log = logging.getLogger(__name__)

_STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}
MAX_ROWS = 5
BUTTONS_PER_ROW = 5


def _button(cid: ComponentId, label: str, style: str | discord.ButtonStyle = "secondary",
            row: int | None = None, disabled: bool = False) -> GameButton:
    """Return a game button; `style` is a control's style name or a discord style."""
    chosen = _STYLES[style] if isinstance(style, str) else style
    button = GameButton(str(cid), cut(label, BUTTON_LABEL), chosen, row=row)
    button.item.disabled = disabled
    return button


def _fits(cid: ComponentId) -> bool:
    """Whether the id reads back as itself: short enough for Discord, plain ASCII."""
    # A longer id would make Discord refuse the whole message; one the parser refuses
    # would only ever be answered "no longer available".
    if parse(str(cid)) == cid:
        return True
    log.warning("game %s: a control's id cannot be sent, left out: %.40s…", cid.game_id, cid)
    return False


def _options(options: Sequence[SelectOption]) -> list[discord.SelectOption]:
    """Return a select's options as Discord takes them (at most 25, texts cut to 100)."""
    # A value is the move it stands for, so it cannot be cut: one too long is left out.
    kept = [o for o in options if len(o.value) <= OPTION_TEXT][:OPTIONS]
    return [discord.SelectOption(label=cut(o.label, OPTION_TEXT), value=o.value,
                                 description=cut(o.description, OPTION_TEXT) or None)
            for o in kept]


def _buttons(game_id: int, locale: str,
             buttons: Sequence[tuple[str, str, str]]) -> discord.ui.View:
    """Return a view of buttons given as (kind, catalogue key of the label, style)."""
    view = discord.ui.View(timeout=None)
    for kind, key, style in buttons:
        view.add_item(_button(ComponentId(game_id, kind), t(key, locale), style))
    return view


def lobby_view(game_id: int, locale: str, full: bool = False,
               swaps: Sequence[tuple[str, str]] = (),
               computers: Sequence[tuple[str, str]] = ()) -> discord.ui.View:
    """Return the lobby's Join / Leave / Add computer / Start / Cancel buttons, and the
    host's menus (each seat's or computer's value and name): swap two seats if `swaps`
    holds two, remove a computer if `computers` holds one.

    A full table offers no seat: Join and Add computer are left out.
    """
    seating = [] if full else [("join", "lobby.button.join", "success")]
    seating += [("leave", "lobby.button.leave", "secondary")]
    if not full:
        seating.append(("addbot", "lobby.button.add_computer", "secondary"))
    view = _buttons(game_id, locale, [*seating, ("start", "lobby.button.start", "primary"),
                                      ("cancel", "lobby.button.abandon", "danger")])
    menus = [("swap", "lobby.swap_placeholder", swaps, 2),
             ("unseat", "lobby.remove_placeholder", computers, 1)]
    row = 1
    for kind, key, choices, picked in menus:
        if len(choices) < picked:
            continue
        options = [discord.SelectOption(label=cut(name, OPTION_TEXT), value=value)
                   for value, name in choices[:OPTIONS]]
        view.add_item(GameSelect(str(ComponentId(game_id, kind, 0)),
                                 cut(t(key, locale), PLACEHOLDER), options, row=row,
                                 min_values=picked, max_values=picked))
        row += 1
    return view


def confirm_view(game_id: int, locale: str) -> discord.ui.View:
    """Return the answers to "Cancel the game?": Yes, cancel / Keep playing."""
    return _buttons(game_id, locale, [("abandon", "abandon.button.yes", "danger"),
                                      ("keep", "abandon.button.keep", "secondary")])


def again_view(game_id: int, locale: str) -> discord.ui.View:
    """Return a finished game's "Play again" button."""
    return _buttons(game_id, locale, [("again", "again.button", "success")])


def table_view(game_id: int, locale: str, *, someone_replaced: bool, version: int = 0,
               controls: Sequence[ButtonControl] = ()) -> discord.ui.View:
    """Return the table's "My hand" and "Watch" buttons, the game's own ones, and "I'm back"
    if needed."""
    view = discord.ui.View(timeout=None)
    view.add_item(_button(ComponentId(game_id, "hand"), t("table.button.my_hand", locale),
                          "primary"))
    view.add_item(_button(ComponentId(game_id, WATCH), t("watch.button", locale)))
    for control in controls:
        cid = ComponentId(game_id, "tact", version, control.action)
        if _fits(cid):
            view.add_item(_button(cid, control.label, control.style))
    if someone_replaced:
        view.add_item(_button(ComponentId(game_id, "back"), t("timer.button.back", locale),
                              "success"))
    return view


def shown_controls(game_id: int, version: int, controls: Sequence[Control]) -> list[Control]:
    """Return the controls as a hand's message shows them: what fits, within 5 rows.

    The hand's view is built from this list, and a click is accepted only if this list
    offers it, so a control Discord could not show is never played.
    """
    buttons: list[Control] = [c for c in controls if isinstance(c, ButtonControl)
                              and _fits(ComponentId(game_id, "act", version, c.action))]
    rows = 1 + -(-len(buttons) // BUTTONS_PER_ROW)
    selects: list[Control] = []
    for select in controls:
        if not isinstance(select, SelectControl) or not select.options or not _fits(
                ComponentId(game_id, "select", version, select.verb)):
            continue
        if rows >= MAX_ROWS:
            break
        kept = [o for o in select.options if len(o.value) <= OPTION_TEXT][:OPTIONS]
        selects.append(replace(select, options=kept))
        rows += 1
    return buttons + selects


def hand_view(
    game_id: int, version: int, controls: Sequence[Control], locale: str, sort: str,
    autopass: ButtonControl | None = None,
) -> discord.ui.View:
    """Return the hand's sort button, its pass-every-window button if given (its action
    the mode a click sets), and one control per legal action, within 5 rows."""
    view = discord.ui.View(timeout=None)
    other = "rank" if sort == "suit" else "suit"
    view.add_item(_button(ComponentId(game_id, "sort", action=other),
                          t(f"action.sort_{other}", locale), row=0))
    if autopass is not None:
        # Beside the sort button: the same whatever the cards, and no row of its own.
        view.add_item(_button(ComponentId(game_id, "autopass", action=autopass.action),
                              autopass.label, autopass.style, row=0))
    shown = shown_controls(game_id, version, controls)
    buttons = [c for c in shown if isinstance(c, ButtonControl)]
    row = 1
    for start in range(0, len(buttons), BUTTONS_PER_ROW):
        for control in buttons[start:start + BUTTONS_PER_ROW]:
            cid = ComponentId(game_id, "act", version, control.action)
            view.add_item(_button(cid, control.label, control.style, row=row,
                                  disabled=control.disabled))
        row += 1
    for select in shown:
        if isinstance(select, SelectControl):
            cid = ComponentId(game_id, "select", version, select.verb)
            view.add_item(GameSelect(str(cid), cut(select.placeholder, PLACEHOLDER),
                                     _options(select.options),
                                     row=row, min_values=select.min_values,
                                     max_values=select.max_values))
            row += 1
    return view


def choice_view(game_id: int, version: int, options: Sequence[SelectOption],
                placeholder: str) -> discord.ui.View:
    """Return one select of complete moves (e.g. which meld a "Rummy!" claim goes on)."""
    view = discord.ui.View(timeout=None)
    cid = ComponentId(game_id, "choice", version)
    view.add_item(GameSelect(str(cid), cut(placeholder, PLACEHOLDER), _options(options)))
    return view


def watch_view(game_id: int, locale: str, showing: bool) -> discord.ui.View:
    """Return a seated player's Watch controls: the member who may see his hand, and "Stop
    showing my hand" while someone does."""
    view = discord.ui.View(timeout=None)
    view.add_item(GameUserSelect(str(ComponentId(game_id, SHOW_TO)),
                                 cut(t("watch.show_placeholder", locale), PLACEHOLDER), row=0))
    if showing:
        view.add_item(_button(ComponentId(game_id, STOP_SHOWING), t("watch.button.stop", locale),
                              row=1))
    return view
