"""The custom ids of every game component, built and parsed in this one place.

Ids (at most 100 characters) name the game, and for moves the state version, so
clicks on messages sent before a restart still reach the host and a control from
an older state is refused as stale:

- buttons `rm:<game id>:<kind>[:<arg>]`: join, leave, addbot, start, cancel (lobby); hand,
  back, tact:<version>:<action> (table); again (a finished game's table); abandon, keep
  (the ephemeral "Cancel the game?"); sort:<suit|rank>, act:<version>:<action>,
  autopass:<off|hand|game> (hand); replay (a /rummy history game), view:<position>:<button>,
  export (the replay viewer);
- selects `rs:<game id>:<version>:<verb>`: the chosen values complete `<verb> <value>`;
  the verb `table_choice` marks a select of complete moves offered by a table button, and
  `swap_seats` the lobby's menu of two seats to swap and `remove_computer` its menu of the
  computers the host may unseat (version 0);
- spectators: the table's `rm:<game id>:watch` (anyone in the channel), and on a seated
  player's Watch answer the member select `ru:<game id>:show` (a user select: its values are
  user ids) and its button `rm:<game id>:unshow`.

`parse` is the one gate: ids and select values are short printable ASCII, numbers are
ASCII digits (a game id within the storage's 64 bits), kinds, sort orders and pass modes
are the bot's own. Whatever it does not read is answered "no longer available" by the
component base, so every click gets an answer.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from cogs.limits import CUSTOM_ID, OPTION_TEXT, OPTIONS
from engine.text import small_int

# Patterns the DynamicItem classes register: every id of ours reaches `parse`, which alone
# says whether it is well formed (a malformed one is refused, never left unanswered).
BUTTON_TEMPLATE = r"rm:(?s:.*)"
SELECT_TEMPLATE = r"rs:(?s:.*)"
USER_TEMPLATE = r"ru:(?s:.*)"
# Ids and values are printable ASCII: what the bot builds from action texts and cards.
_BUTTON = re.compile(r"rm:(?P<gid>[0-9]+):(?P<kind>[a-z]+)(?::(?P<arg>[ -~]*))?")
_SELECT = re.compile(r"rs:(?P<gid>[0-9]+):(?P<version>[0-9]+):(?P<verb>[a-z_]+)")
_VALUE = re.compile(r"[ -~]+")
_USER = re.compile(r"ru:(?P<gid>[0-9]+):show")

MAX_GAME_ID = 2**63 - 1  # the storage's ids are signed 64-bit integers
VERSION_DIGITS = 9

LOBBY_KINDS = frozenset({"join", "leave", "addbot", "start", "cancel"})
# Controls answered from the stored game, whether it runs or not: the lobby's (its buttons
# and its seat swap menu), "Play again" on a finished game, the answers to "Cancel the game?".
RECORD_KINDS = LOBBY_KINDS | {"swap", "unseat", "again", "abandon", "keep"}
# The replay viewer (cogs.host.replays): "replay" on /rummy history opens it, "view" moves it
# (its arg `<position>:<button>`), "export" sends the game's text file.
REPLAY_KINDS = frozenset({"replay", "view", "export"})
RECORD_KINDS = RECORD_KINDS | REPLAY_KINDS
# Buttons whose arg is `<version>:<action>` (the viewer's: `<position>:<button>`).
VERSIONED_KINDS = frozenset({"act", "tact", "view"})
SORT_ORDERS = frozenset({"suit", "rank"})
# How long a seat passes on every claim window (Rummy 500's "Rummy!"), in the order its hand's
# button goes through them: not at all, for the rest of the hand, for the rest of the game.
PASS_MODES = ("off", "hand", "game")
# Spectators: the table's Watch button, and on a seated player's Watch answer the select of
# the member who may see his hand (a user select) and the button taking that back.
WATCH, SHOW_TO, STOP_SHOWING = "watch", "show", "unshow"
BUTTON_KINDS = (RECORD_KINDS - {"swap", "unseat"}) | VERSIONED_KINDS | {
    "hand", "back", "sort", "autopass", WATCH, STOP_SHOWING}
# Controls of a private hand or question (a DM or an ephemeral answer); all others are on
# public messages.
PRIVATE_KINDS = frozenset({"sort", "autopass", "act", "select", "choice", "abandon", "keep",
                           SHOW_TO, STOP_SHOWING}) | REPLAY_KINDS
# The verb of an ephemeral select of complete actions offered by a table button.
TABLE_CHOICE = "table_choice"
# The verbs of the lobby's menus: two seats to swap, a computer to remove.
SWAP_SEATS = "swap_seats"
REMOVE_COMPUTER = "remove_computer"
_SELECT_KINDS = {TABLE_CHOICE: "choice", SWAP_SEATS: "swap", REMOVE_COMPUTER: "unseat"}
_SELECT_VERBS = {kind: verb for verb, kind in _SELECT_KINDS.items()}


@dataclass(frozen=True)
class ComponentId:
    """What a component's custom id says.

    `kind` is a button kind, "select" (a hand's menu) or "choice" (a table button's
    menu); `action` is the move (act, tact), the sort order (sort), the pass mode
    (autopass) or the verb (select).
    """

    game_id: int
    kind: str
    version: int | None = None
    action: str = ""

    @property
    def is_hand_move(self) -> bool:
        """Whether it is one of a hand's move controls (only on its turn, at its version)."""
        return self.kind in ("act", "select")

    @property
    def is_select(self) -> bool:
        """Whether the id is a select menu's (else a button's)."""
        return self.kind in ("select", SHOW_TO) or self.kind in _SELECT_VERBS

    @property
    def is_private(self) -> bool:
        """Whether the control belongs on a private hand (else on a public message)."""
        return self.kind in PRIVATE_KINDS

    def __str__(self) -> str:
        if self.kind == SHOW_TO:
            return f"ru:{self.game_id}:{SHOW_TO}"
        if self.is_select:
            verb = _SELECT_VERBS.get(self.kind, self.action)
            return f"rs:{self.game_id}:{self.version}:{verb}"
        parts = ["rm", str(self.game_id), self.kind]
        if self.version is not None:
            parts.append(str(self.version))
        if self.action:
            parts.append(self.action)
        return ":".join(parts)


def parse(custom_id: str) -> ComponentId | None:
    """Return what a custom id says, or None if it is not one the bot sends."""
    if len(custom_id) > CUSTOM_ID:
        return None
    select = _SELECT.fullmatch(custom_id)
    if select is not None:
        return _select(select)
    user = _USER.fullmatch(custom_id)
    if user is not None:
        game_id = _game_id(user["gid"])
        return None if game_id is None else ComponentId(game_id, SHOW_TO)
    button = _BUTTON.fullmatch(custom_id)
    return None if button is None else _button(button)


def parse_values(values: Sequence[str]) -> tuple[str, ...] | None:
    """Return a select's chosen values, or None if they are not values the bot offers."""
    if len(values) > OPTIONS or not all(
            len(v) <= OPTION_TEXT and _VALUE.fullmatch(v) for v in values):
        return None
    return tuple(values)


def _game_id(text: str) -> int | None:
    number = small_int(text, max_digits=len(str(MAX_GAME_ID)))
    return number if number is not None and number <= MAX_GAME_ID else None


def _select(match: re.Match[str]) -> ComponentId | None:
    game_id, version = _game_id(match["gid"]), small_int(match["version"], VERSION_DIGITS)
    if game_id is None or version is None:
        return None
    verb = match["verb"]
    kind = _SELECT_KINDS.get(verb, "select")
    return ComponentId(game_id, kind, version, verb if kind == "select" else "")


def _button(match: re.Match[str]) -> ComponentId | None:
    game_id, kind, arg = _game_id(match["gid"]), match["kind"], match["arg"]
    if game_id is None or kind not in BUTTON_KINDS:
        return None
    if kind in ("sort", "autopass"):
        allowed = SORT_ORDERS if kind == "sort" else PASS_MODES
        return ComponentId(game_id, kind, action=arg) if arg in allowed else None
    if kind not in VERSIONED_KINDS:
        return ComponentId(game_id, kind) if arg is None else None
    version_text, _, action = (arg or "").partition(":")
    version = small_int(version_text, VERSION_DIGITS)
    if version is None or not action.strip():
        return None
    return ComponentId(game_id, kind, version, action)
