"""What a picture shows: game-independent, frozen input specs for the renderers.

Cards are given as text, the way players type them: "10H", "QS", "AC", "JK".
A cog maps each game's public or private view onto these specs; nothing here
knows the rules of any game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Literal, TypeVar

SortOrder = Literal["suit", "rank"]


@dataclass(frozen=True)
class HandSpec:
    """One player's private hand.

    With `melds`, the melds are drawn as groups and the rest of the hand as loose cards:
    `loose` when given, otherwise the cards of `cards` that are in no meld, captioned
    `loose_label` (with `loose_value` after it when given). Without melds, all of `cards`
    is drawn sorted by `sort`. `highlight` marks cards (e.g. the one just drawn) by lifting
    them. `joker_for` says, for each joker of `melds` in order, the card it stands for
    ("9H"): written under the joker instead of "JK" ("" keeps "JK").
    """

    cards: list[str]
    melds: list[list[str]] = field(default_factory=list)
    loose: list[str] = field(default_factory=list)
    loose_value: int | None = None
    sort: SortOrder = "suit"
    title: str = ""
    highlight: list[str] = field(default_factory=list)
    loose_label: str = "Unmelded"  # the caption of the cards in no meld, translated
    empty_label: str = "No cards"  # what an empty hand shows, translated
    joker_for: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class MeldSpec:
    """A meld on the table; `laid_off` are its cards that came from other players.

    `laid_off_by`, when given, names for each card of `laid_off` (same order) the
    index in its panel's `seats` of the player who laid it off: the card then carries
    that player's tag.
    """

    label: str
    cards: list[str]
    laid_off: list[str] = field(default_factory=list)
    laid_off_by: list[int] = field(default_factory=list)
    joker_for: list[str] = field(default_factory=list)  # as HandSpec.joker_for, on the faces
    # A frame per card of `cards` (same order, "" for none): "wild" (a wild card, purple),
    # "closed_natural" (a closed meld of natural cards only, red) or "closed_mixed" (black)
    marks: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class SeatSpec:
    """What everyone may see of a seat: never its cards, only how many.

    `out` greys the seat and strikes its name (eliminated, no longer playing); `tags` are
    short chips after the name ("re-entered"); `detail` is one more muted piece of the info
    line after `score` ("54 to go"). All are the caller's translated words.
    """

    name: str
    card_count: int
    score: str = ""
    melds: list[MeldSpec] = field(default_factory=list)
    is_turn: bool = False
    note: str = ""
    count_label: str = ""  # "7 cards", translated by the caller; the bare number if empty
    out: bool = False
    tags: list[str] = field(default_factory=list)
    detail: str = ""


@dataclass(frozen=True)
class FaceUpPile:
    """A face-up card beside the stock, under its caption: a card the hand's rules turn on.

    The caller names it in its caption, translated: the picture only draws it.
    """

    card: str
    caption: str


@dataclass(frozen=True)
class PilesPanel:
    """The middle of the table: the stock, face-up piles beside it, then the discard pile.

    `discard` runs from the bottom of the pile to its top (the last card). With `spread`
    the whole pile is drawn in order, numbered 1..n when `numbers` is set, or with `labels`
    under its cards (same order: a game taking cards by depth numbers them from the top);
    otherwise the top card is shown, with up to `history` cards under it drawn smaller at
    its left. `by` names who threw each card of `discard` (same order, "" for nobody): a
    short tag such as `seat_tags` gives ("AL", "C1"), drawn under the cards shown; a seat
    whose tag is shown there carries it beside its name too. `direction` is a caption for
    the order of play ("Order ↓") at the right, shown only when given. The captions are
    written (and translated) by the caller; empty, the picture uses English.
    """

    stock_count: int | None = None
    stock_caption: str = ""
    face_up: list[FaceUpPile] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    spread: bool = False
    numbers: bool = False
    labels: list[str] = field(default_factory=list)
    history: int = 0
    by: list[str] = field(default_factory=list)
    discard_caption: str = ""
    discard_caption_short: str = ""  # used when the piles beside it leave no room for the other
    direction: str = ""
    empty_label: str = "empty"  # written in an empty pile's outline, translated by the caller


@dataclass(frozen=True)
class SeatGridPanel:
    """Up to eight seats as panels in one or two columns, each with its melds.

    `note_no_melds` writes `no_melds_label` for a seat without any: games that lay melds
    on the table as they play say it, games that show melds only at the end leave it out.
    """

    seats: list[SeatSpec]
    note_no_melds: bool = True
    no_melds_label: str = "no melds"


@dataclass(frozen=True)
class SeatRowsPanel:
    """Up to eight seats one row each, like a score sheet; for games that lay no melds.

    A row holds the card count, `score` and `detail` as figures in columns headed by
    `headings` (e.g. "cards", "total", "to go"); a seat's melds are not drawn.
    `direction` ("Order ↓") is written at the left of the headings, when given.
    """

    seats: list[SeatSpec]
    headings: list[str] = field(default_factory=list)
    direction: str = ""


@dataclass(frozen=True)
class BoardsPanel:
    """Several whole tables at once (e.g. one per pair of a team game), stacked."""

    boards: list[TableSpec]


Panel = PilesPanel | SeatGridPanel | SeatRowsPanel | BoardsPanel
PanelT = TypeVar("PanelT", PilesPanel, SeatGridPanel, SeatRowsPanel, BoardsPanel)


@dataclass(frozen=True)
class TableSpec:
    """The public table: a title and status line, its panels from the top, a footer.

    Each panel is drawn whole, in order, by its own renderer: a new game composes the
    panels it needs (piles, seats as a grid or as rows, boards).
    """

    title: str
    panels: list[Panel] = field(default_factory=list)
    status: str = ""
    footer: str = ""

    def panel(self, kind: type[PanelT]) -> PanelT:
        """Return the first panel of this kind; LookupError if the table has none."""
        for panel in self.panels:
            if isinstance(panel, kind):
                return panel
        raise LookupError(f"no {kind.__name__} in this table")

    def with_panel(self, new: Panel) -> TableSpec:
        """Return the table with `new` in place of its first panel of the same kind."""
        at = next(i for i, p in enumerate(self.panels) if type(p) is type(new))
        return replace(self, panels=[*self.panels[:at], new, *self.panels[at + 1:]])

    @property
    def seats(self) -> list[SeatSpec]:
        """Every seat of the table's seat panels and boards, in order."""
        seats: list[SeatSpec] = []
        for panel in self.panels:
            if isinstance(panel, BoardsPanel):
                seats += [s for board in panel.boards for s in board.seats]
            elif not isinstance(panel, PilesPanel):
                seats += panel.seats
        return seats

    def map_seats(self, change: Callable[[SeatSpec], SeatSpec]) -> TableSpec:
        """Return the table with `change` applied to every seat, boards' seats included."""
        return replace(self, panels=[_map_seats(p, change) for p in self.panels])


def _map_seats(panel: Panel, change: Callable[[SeatSpec], SeatSpec]) -> Panel:
    if isinstance(panel, BoardsPanel):
        return BoardsPanel([board.map_seats(change) for board in panel.boards])
    if isinstance(panel, PilesPanel):
        return panel
    return replace(panel, seats=[change(seat) for seat in panel.seats])


@dataclass(frozen=True)
class HandEndRow:
    """One revealed hand at the end of a deal."""

    name: str
    melds: list[list[str]] = field(default_factory=list)
    layoffs: list[str] = field(default_factory=list)
    loose: list[str] = field(default_factory=list)  # the cards in no meld
    loose_value: int = 0
    points: str = ""
    layoff_label: str = "Laid off"  # captions, translated by the caller
    loose_label: str = "Unmelded"
    joker_for: list[str] = field(default_factory=list)  # as HandSpec.joker_for
    # Cards of `melds` another player laid off there, drawn in their meld marked as laid off,
    # each with the tag of who laid it off (`laid_off_tags`, same order; "" or none: no tag).
    laid_off: list[str] = field(default_factory=list)
    laid_off_tags: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class ChartSeries:
    """One player's (or side's) running total: `points[0]` before the first hand charted,
    then one total after each hand; None where it no longer plays (out of the game).

    A side of several players gives their names as `members` (`name` joins them): a legend
    too narrow for them all cuts each name, so every partner stays named.
    """

    name: str
    points: list[int | None]
    members: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class ChartSpec:
    """A small line chart of running totals across the hands, under a hand's result.

    Hands are numbered from `first_hand` (`points[1]` of each series). The x axis runs to
    `hands` hands when the game has that many (Ramino 51's last hand), else to the hands
    played; `end_label` is written at that end. `target`, when given, is drawn as a line
    captioned `target_label`. `note` is a muted line after the title ("Lowest total wins").
    Words are translated by the caller; `thousands` groups the axis' figures ("," or ".").
    """

    series: list[ChartSeries]
    title: str = "Totals after each hand"
    first_hand: int = 1
    hands: int = 0
    end_label: str = ""
    target: int | None = None
    target_label: str = ""
    note: str = ""
    thousands: str = ","


@dataclass(frozen=True)
class HandEndSpec:
    """The end of a deal: every hand revealed, then the score lines, then the chart of the
    running totals when there is one."""

    title: str
    rows: list[HandEndRow]
    score_lines: list[str] = field(default_factory=list)
    chart: ChartSpec | None = None


MAX_SEATS = 8


@dataclass(frozen=True)
class LeaderboardSpec:
    """A ranked table of text: `columns` are the headings, each row one player."""

    title: str
    columns: list[str]
    rows: list[list[str]]
    highlight: int | None = None  # index of a row to mark, e.g. the member who asked
    name_column: int = 1  # the column of names: bold and left-aligned
