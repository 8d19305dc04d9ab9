"""What a picture shows: game-independent, frozen input specs for the renderers.

Cards are given as text, the way players type them: "10H", "QS", "AC", "JK".
A cog maps each game's public or private view onto these specs; nothing here
knows the rules of any game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

SortOrder = Literal["suit", "rank"]


@dataclass(frozen=True)
class HandSpec:
    """One player's private hand.

    With `melds`, the melds are drawn as groups and the rest of the hand as
    deadwood: `deadwood` when given, otherwise the cards of `cards` that are in
    no meld. Without melds, all of `cards` is drawn sorted by `sort`.
    `highlight` marks cards (e.g. the one just drawn) by lifting them. `joker_for` says,
    for each joker of `melds` in order, the card it stands for ("9H"): written under the
    joker instead of "JK" ("" keeps "JK").
    """

    cards: list[str]
    melds: list[list[str]] = field(default_factory=list)
    deadwood: list[str] = field(default_factory=list)
    deadwood_value: int | None = None
    sort: SortOrder = "suit"
    title: str = ""
    highlight: list[str] = field(default_factory=list)
    deadwood_label: str = "Deadwood"  # the caption of the cards in no meld, translated
    empty_label: str = "No cards"  # what an empty hand shows, translated
    joker_for: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class MeldSpec:
    """A meld on the table; `laid_off` are its cards that came from other players.

    `laid_off_by`, when given, names for each card of `laid_off` (same order) the
    index in `TableSpec.seats` of the player who laid it off: the card then carries
    that player's tag.
    """

    label: str
    cards: list[str]
    laid_off: list[str] = field(default_factory=list)
    laid_off_by: list[int] = field(default_factory=list)
    joker_for: list[str] = field(default_factory=list)  # as HandSpec.joker_for, on the faces
    # A frame per card of `cards` (same order, "" for none): "wild" (a wild card, purple),
    # "canasta_clean" (a closed clean canasta, red) or "canasta_dirty" (black)
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
class TableSpec:
    """The public table: stock, discard pile, knock card and up to eight seats.

    `discard` runs from the bottom of the pile to its top (the last card).
    With `discard_spread` the whole pile is drawn in order, numbered 1..n when
    `discard_numbers` is set, or with `discard_labels` under its cards (same order: a
    game taking cards by depth numbers them from the top); otherwise the top card is
    shown, with up to `discard_history` cards under it drawn smaller at its left, as history.
    `discard_by` names who threw each card of `discard` (same order, "" for nobody):
    a short tag such as `seat_tags` gives ("Al", "C1"), drawn under the cards shown;
    a seat whose tag is shown there carries it beside its name too.
    `compact_seats` draws seats one row each while no seat has melds, like a score sheet:
    card count, `score` and `detail` as figures in columns headed by `seat_headings`
    (e.g. "cards", "total", "to go"). `direction` is a caption for the order of play
    ("Order ↓"), shown only when given.
    `note_no_melds` writes "no melds" for a seat without any: games that lay melds
    on the table as they play say it, games like gin (melds shown only at the end)
    leave it out. The captions are written (and translated) by the caller; empty, the
    picture uses English.
    """

    title: str
    seats: list[SeatSpec]
    stock_count: int | None = None
    discard: list[str] = field(default_factory=list)
    discard_spread: bool = False
    discard_numbers: bool = False
    discard_labels: list[str] = field(default_factory=list)
    knock_card: str | None = None
    status: str = ""
    footer: str = ""
    note_no_melds: bool = True
    stock_caption: str = ""
    knock_caption: str = ""
    discard_caption: str = ""
    discard_caption_short: str = ""  # used when the piles beside it leave no room for the other
    no_melds_label: str = "no melds"
    discard_history: int = 0
    discard_by: list[str] = field(default_factory=list)
    compact_seats: bool = False
    seat_headings: list[str] = field(default_factory=list)
    direction: str = ""
    empty_label: str = "empty"  # written in an empty pile's outline, translated by the caller
    # Several tables at once (team gin's boards): each drawn whole, stacked under the title,
    # status and above the footer of this one, whose own piles and seats are then not drawn.
    boards: list[TableSpec] = field(default_factory=list)


@dataclass(frozen=True)
class HandEndRow:
    """One revealed hand at the end of a deal."""

    name: str
    melds: list[list[str]] = field(default_factory=list)
    layoffs: list[str] = field(default_factory=list)
    deadwood: list[str] = field(default_factory=list)
    deadwood_value: int = 0
    points: str = ""
    layoff_label: str = "Laid off"  # captions, translated by the caller
    deadwood_label: str = "Deadwood"
    joker_for: list[str] = field(default_factory=list)  # as HandSpec.joker_for


@dataclass(frozen=True)
class HandEndSpec:
    """The end of a deal: every hand revealed, then the score lines."""

    title: str
    rows: list[HandEndRow]
    score_lines: list[str] = field(default_factory=list)


MAX_SEATS = 8


@dataclass(frozen=True)
class LeaderboardSpec:
    """A ranked table of text: `columns` are the headings, each row one player."""

    title: str
    columns: list[str]
    rows: list[list[str]]
    highlight: int | None = None  # index of a row to mark, e.g. the member who asked
    name_column: int = 1  # the column of names: bold and left-aligned
