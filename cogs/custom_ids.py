"""The custom ids of every game component, built and parsed in this one place.

Ids (at most 100 characters) name the game, and for moves the state version, so
clicks on messages sent before a restart still reach the host and a control from
an older state is refused as stale:

- buttons `rm:<game id>:<kind>[:<arg>]`: join, leave, addbot, start (lobby); hand,
  back, tact:<version>:<action> (table); sort:<suit|rank>, act:<version>:<action> (hand);
- selects `rs:<game id>:<version>:<verb>`: the chosen values complete `<verb> <value>`;
  the verb `table_choice` marks a select of complete moves offered by a table button.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# Patterns the DynamicItem classes register; `parse` reads the fields.
BUTTON_TEMPLATE = r"rm:(?P<gid>\d+):(?P<kind>[a-z]+)(?::(?P<arg>.*))?"
SELECT_TEMPLATE = r"rs:(?P<gid>\d+):(?P<version>\d+):(?P<verb>[a-z_]+)"
_BUTTON = re.compile(BUTTON_TEMPLATE)
_SELECT = re.compile(SELECT_TEMPLATE)

LOBBY_KINDS = frozenset({"join", "leave", "addbot", "start"})
# Buttons whose arg is `<version>:<action>`.
VERSIONED_KINDS = frozenset({"act", "tact"})
BUTTON_KINDS = LOBBY_KINDS | VERSIONED_KINDS | {"hand", "back", "sort"}
# The verb of an ephemeral select of complete actions offered by a table button.
TABLE_CHOICE = "table_choice"


@dataclass(frozen=True)
class ComponentId:
    """What a component's custom id says.

    `kind` is a button kind, "select" (a hand's menu) or "choice" (a table button's
    menu); `action` is the move (act, tact), the sort order (sort) or the verb (select).
    """

    game_id: int
    kind: str
    version: int | None = None
    action: str = ""

    @property
    def is_hand_move(self) -> bool:
        """Whether it is one of a hand's move controls (only on its turn, at its version)."""
        return self.kind in ("act", "select")

    def __str__(self) -> str:
        if self.kind in ("select", "choice"):
            verb = TABLE_CHOICE if self.kind == "choice" else self.action
            return f"rs:{self.game_id}:{self.version}:{verb}"
        parts = ["rm", str(self.game_id), self.kind]
        if self.version is not None:
            parts.append(str(self.version))
        if self.action:
            parts.append(self.action)
        return ":".join(parts)


def parse(custom_id: str) -> ComponentId | None:
    """Return what a custom id says, or None if it is not one of ours."""
    select = _SELECT.fullmatch(custom_id)
    if select is not None:
        verb = select["verb"]
        kind = "choice" if verb == TABLE_CHOICE else "select"
        return ComponentId(int(select["gid"]), kind, int(select["version"]),
                           "" if kind == "choice" else verb)
    button = _BUTTON.fullmatch(custom_id)
    if button is None or button["kind"] not in BUTTON_KINDS:
        return None
    kind, arg = button["kind"], button["arg"] or ""
    if kind not in VERSIONED_KINDS:
        return ComponentId(int(button["gid"]), kind, action=arg)
    version, _, action = arg.partition(":")
    if not version.isdigit():
        return None
    return ComponentId(int(button["gid"]), kind, int(version), action)
