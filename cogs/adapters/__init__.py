"""Per-game adapters: what the game-independent host needs to know about one game.

An adapter turns a game's views into image specs, its legal actions into
buttons and selects, and its events into one-line public announcements. The
host (`cogs.host`) and the views (`cogs.views`) never import a game engine.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol, TypeVar, overload

from bot.jsondata import JsonDict

__all__ = [
    "PASS_CLAIMS",
    "UI_PREFIX",
    "Board",
    "ButtonControl",
    "Control",
    "Deal",
    "JsonDict",
    "Outcome",
    "ScoreSheet",
    "SelectControl",
    "SelectOption",
    "offers",
    "view_of",
]

Style = Literal["primary", "secondary", "success", "danger"]


@dataclass(frozen=True)
class ButtonControl:
    """A button that sends exactly `action` (an action's text form, no spaces).

    A disabled button is shown greyed out (a builder's confirm while its draft is not yet
    legal, with the reason in the prompt) and is never accepted when pressed.
    """

    action: str
    label: str
    style: Style = "primary"
    disabled: bool = False


@dataclass(frozen=True)
class SelectOption:
    """One choice of a select: the action sent is `<verb> <value>`."""

    value: str
    label: str
    description: str = ""


@dataclass(frozen=True)
class SelectControl:
    """A select menu whose chosen values complete the action (see GameAdapter.compose)."""

    verb: str
    placeholder: str
    options: list[SelectOption] = field(default_factory=list)
    min_values: int = 1
    max_values: int = 1


# Controls whose action or verb starts with this are steps of the hand's own menus (a page,
# a card picked before its target): the host asks the adapter for the new draft and redraws.
# The computer's levels, weakest first: easy is the game's greedy baseline (it plays for this
# turn only), normal the game's computer player, hard the strongest player the game has.
LEVELS = ("easy", "normal", "hard")
DEFAULT_LEVEL = "normal"

UI_PREFIX = "ui_"


# The table button of a person who will not claim the open window's card ("No claim"): the
# host tells the session, which stops waiting for him (engine.window).
PASS_CLAIMS = "pass"

Control = ButtonControl | SelectControl


def offers(controls: Sequence[Control], name: str, values: Sequence[str]) -> bool:
    """Whether the controls hold this button (`name`, no values) or this select's values."""
    for control in controls:
        if (isinstance(control, ButtonControl) and not values and control.action == name
                and not control.disabled):
            return True
        if (isinstance(control, SelectControl) and values and control.verb == name
                and set(values) <= {o.value for o in control.options}):
            return True
    return False


@dataclass(frozen=True)
class Outcome:
    """One seat's final line when the game ends."""

    seat: int
    points: int
    won: bool
    side: int | None = None  # the seat's partnership; None when the seat plays alone


@dataclass(frozen=True)
class Board:
    """Where a game's results are counted for /stats and /leaderboard, and what its score means.

    `name` is what its results are stored under: the game's name, or a variant's whose score
    means something else ("ramino_chips"). `title` is the catalogue key of its name. Where
    `lowest`, the lowest total wins (results stored negated) and a player's score is his lowest
    final total; else his points added up. `score` says a player's score in /stats (filled
    with `points`, the sum, and `total`, the lowest total); `heading` heads the leaderboard's
    score column.
    """

    name: str
    title: str
    lowest: bool = False
    score: str = "stats.points"
    heading: str = "lb.points"


@dataclass(frozen=True)
class ScoreSheet:
    """A finished game's scores: each hand's points and the final totals, one column per side.

    `played` may exceed the hands listed (a game saved before hands were kept); what the
    totals hold beyond the listed hands is then shown as the earlier hands, else under
    `bonus_key` (e.g. gin's game and line bonuses).
    """

    sides: tuple[tuple[int, ...], ...]  # the seats of each side, in side order
    # each listed hand's points per side, oldest first; None where a side sat the hand out
    hands: tuple[tuple[int | None, ...], ...]
    totals: tuple[int, ...]  # each side's final points
    played: int  # how many hands were played
    bonus_key: str = "sheet.bonus"


# Views of each live game at its current version: a hand's picture, prompt and controls all
# read the same private view, whose list of legal actions is the costly part to build.
_VIEWS: weakref.WeakKeyDictionary[Viewed[object, object], tuple[int, dict[int | None, object]]] = (
    weakref.WeakKeyDictionary())
TableT = TypeVar("TableT", covariant=True)
HandT = TypeVar("HandT", covariant=True)


class Viewed(Protocol[TableT, HandT]):
    """A game as view_of reads it: its version and its two views (GinTable and GinHand …)."""

    @property
    def version(self) -> int:
        """Bumped by every accepted action."""
        ...

    def public_view(self) -> TableT:
        """Return what everybody may see."""
        ...

    def private_view(self, seat: int) -> HandT:
        """Return what one seat may see."""
        ...


@overload
def view_of(game: Viewed[TableT, object], seat: None = None) -> TableT: ...


@overload
def view_of(game: Viewed[object, HandT], seat: int) -> HandT: ...


def view_of(game: Viewed[object, object], seat: int | None = None) -> object:
    """Return the public view (seat None) or a seat's private view, built once per state.

    Callers read the view and never change it: the next caller gets the same object. A typed
    game gives its typed views (a Rummy500Game: R500Table, R500Hand); an untyped one, Any.
    """
    version, views = _VIEWS.get(game, (-1, {}))
    if version != game.version:
        views = {}
        _VIEWS[game] = (game.version, views)
    view = views.get(seat)
    if view is None:
        view = views[seat] = game.public_view() if seat is None else game.private_view(seat)
    return view


@dataclass(frozen=True)
class Deal:
    """How a new game is dealt: scripted decks and first dealer, or a seed; empty shuffles."""

    decks: tuple[tuple[str, ...], ...] = ()
    first_dealer: int | None = None
    seed: int | None = None
