"""Per-game adapters: what the game-independent host needs to know about one game.

An adapter turns a game's views into image specs, its legal actions into
buttons and selects, and its events into one-line public announcements. The
host (`cogs.host`) and the views (`cogs.views`) never import a game engine.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, TypeVar, overload

from card_images import HandEndSpec, HandSpec, TableSpec
from engine.game import Event, Game
from engine.options import OptionSpec
from engine.sides import Sides

__all__ = [
    "PASS_CLAIMS",
    "UI_PREFIX",
    "ButtonControl",
    "Control",
    "Deal",
    "GameAdapter",
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


class GameAdapter(Protocol):
    """What the host needs from one game; one instance per game kind."""

    notable: frozenset[str]  # event kinds the table shows at once, even mid-turn
    partner_keys: tuple[str, str]  # the lobby's line per partnership, and its note

    @property
    def name(self) -> str:
        """The storage `game` column and the `/rummy new game:` value."""
        ...

    @property
    def min_players(self) -> int:
        """The fewest seats the game is played with."""
        ...

    @property
    def max_players(self) -> int:
        """The most seats the game is played with."""
        ...

    def seat_range(self, options: Any) -> tuple[int, int]:
        """Return the fewest and most seats the game takes with these rules."""
        ...

    def sides(self, players: int) -> Sides:
        """Return who plays with whom at this many seats."""
        ...

    @property
    def settings(self) -> tuple[OptionSpec, ...]:
        """The options `/rummy settings` offers."""
        ...

    def presets(self) -> list[str]:
        """List the preset names, the default first."""
        ...

    def options(self, preset: str, rules: dict[str, Any]) -> Any:
        """Return validated options for a preset with overrides; raise RulesError if invalid."""
        ...

    def new_game(self, options: Any, players: int, deal: Deal) -> Game:
        """Deal a new game for this many players (`deal` scripts it; `Deal()` shuffles)."""
        ...

    def load(self, snapshot: dict[str, Any]) -> Game:
        """Rebuild a game from its to_json()."""
        ...

    @property
    def players(self) -> Mapping[str, Callable[[Any], object]]:
        """The computer player of each level (LEVELS), from a seat's private view."""
        ...

    def seated_level(self, level: str) -> str:
        """Return the level a computer asked for at `level` plays at in this game."""
        ...

    def choose(self, game: Game, seat: int, level: str = ...) -> Any:
        """Return the move of the computer player of that level (LEVELS) for a seat."""
        ...

    def default_move(self, game: Game, seat: int) -> Any:
        """Return a safe move for an absent player whose time ran out."""
        ...

    def table_spec(self, game: Game, names: Sequence[str], locale: str) -> TableSpec:
        """Return the public table picture (never a hidden card)."""
        ...

    def table_status(self, game: Game, names: Sequence[str], locale: str) -> str:
        """Return one public line: whose turn it is, or the final result."""
        ...

    def hand_spec(self, game: Game, seat: int, sort: str, locale: str) -> HandSpec:
        """Return a seat's private hand picture."""
        ...

    def hand_prompt(self, game: Game, seat: int, names: Sequence[str], locale: str) -> str:
        """Return the line above a seat's hand: what to do now, or whom we wait for."""
        ...

    def controls(self, game: Game, seat: int, locale: str, draft: str = "") -> list[Control]:
        """Return the buttons and selects for the seat's legal actions (at most 5 rows).

        `draft` is where the player is in a multi-step menu (see `step`); "" at first.
        """
        ...

    def step(self, game: Game, seat: int, draft: str, text: str) -> str:
        """Return the new draft after a UI step (`ui_…` control) from `draft`."""
        ...

    def compose(self, game: Game, seat: int, verb: str, values: Sequence[str]) -> str:
        """Return the action text a select sends from its chosen values."""
        ...

    def table_controls(self, game: Game, locale: str) -> list[ButtonControl]:
        """Return buttons anyone seated may press on the table (e.g. "Rummy!")."""
        ...

    def table_choices(self, game: Game, seat: int, action: str, locale: str
                      ) -> list[SelectOption]:
        """Return the complete actions a table button stands for, for this seat.

        Raise a RulesError saying why when there is none.
        """
        ...

    def describe(self, events: Sequence[Event], names: Sequence[str], locale: str) -> list[str]:
        """Return public one-line announcements for the events (no hidden card)."""
        ...

    def opening_lines(self, game: Game, names: Sequence[str], locale: str) -> list[str]:
        """Return the public lines shown with the table when the game starts."""
        ...

    def hand_end(
        self, game: Game, events: Sequence[Event], names: Sequence[str], locale: str
    ) -> tuple[HandEndSpec, list[str]] | None:
        """Return the end-of-hand picture and score lines if a hand ended in these events."""
        ...

    def new_deal(self, events: Sequence[Event]) -> bool:
        """Whether the events dealt new hands (every player gets a fresh hand message)."""
        ...

    def at_once(self, events: Sequence[Event]) -> bool:
        """Whether the table shows these events at once, even in the middle of a turn.

        Other moves that leave the same player to act (a draw) wait for the turn's end.
        """
        ...

    def outcomes(self, game: Game) -> list[Outcome]:
        """Return each seat's final points and whether it won (once the game is over)."""
        ...

    def final_lines(self, game: Game, outcomes: Sequence[Outcome], names: Sequence[str],
                    locale: str) -> list[str]:
        """Return the lines of the game's result under "Game over": scores and the winner."""
        ...

    def score_sheet(self, game: Game) -> ScoreSheet:
        """Return each hand's points and the final totals (public)."""
        ...

    def rules_summary(self, options: Any, locale: str) -> list[str]:
        """Return a few lines summing up the rules in force."""
        ...

    def settings_lines(self, options: Any, locale: str) -> list[str]:
        """Return short lines naming the key options, for the lobby."""
        ...


# Views of each live game at its current version: a hand's picture, prompt and controls all
# read the same private view, whose list of legal actions is the costly part to build.
_VIEWS: weakref.WeakKeyDictionary[Any, tuple[int, dict[int | None, Any]]] = (
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
def view_of(game: Viewed[TableT, Any], seat: None = None) -> TableT: ...


@overload
def view_of(game: Viewed[Any, HandT], seat: int) -> HandT: ...


def view_of(game: Viewed[Any, Any], seat: int | None = None) -> Any:
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
