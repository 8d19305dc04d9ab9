"""The running move log of a table message: its last public lines, newest last.

The table message shows the log with the current "whose turn" line under it, so what the
computers, the timers and the other players did stays readable after the next move.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import t
from cogs.adapters.base import GameAdapter
from cogs.host.places import MAX_CONTENT, clip
from engine.game import Event

LOG_LINES = 8  # lines of the log the table shows


def extended(log: Sequence[str], lines: Sequence[str]) -> list[str]:
    """Return the log with new lines added, keeping the last LOG_LINES."""
    return [*log, *lines][-LOG_LINES:]


def log_text(log: Sequence[str], status: str) -> str:
    """Return the table's text: as many of the newest lines as fit, then the status in bold."""
    last = f"**{status}**"
    lines = list(log)
    while lines and len("\n".join([*lines, last])) > MAX_CONTENT:
        lines.pop(0)  # the oldest line goes first: the status and the newest moves stay
    return clip("\n".join([*lines, last]))


def event_lines(adapter: GameAdapter, events: Sequence[Event], names: Sequence[str],
                locale: str, timed: int | None) -> list[str]:
    """Return the public lines of the events; a timer's moves for seat `timed` say so."""
    if timed is None:
        return adapter.describe(events, names, locale)
    lines: list[str] = []
    told = False
    for event in events:
        for line in adapter.describe([event], names, locale):
            own = event.seat == timed
            told = told or own
            lines.append(t("timer.auto_move", locale, line=line) if own else line)
    if not told:  # the move has no public line of its own: still say the clock played it
        lines.insert(0, t("timer.auto_played", locale, name=names[timed]))
    return lines
