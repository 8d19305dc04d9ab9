"""A simple leaderboard: a title and a striped table of text cells, at Discord's width.

The names' column takes what the other columns leave, so those are as narrow as reads well:
each is as wide as its figures, its heading right-aligned over them and reaching left into
the space its left neighbour's heading leaves free (a short "Wins" under a long name column
costs nothing). When the names still lack room, headings of two words wrap onto two lines
("Win / rate"). A name the column still cannot hold goes onto two lines, its row taller;
only a line longer than the whole column is cut.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from .specs import LeaderboardSpec
from .style import (
    DISPLAY_WIDTH,
    GOLD,
    MUTED,
    PANEL,
    PANEL_TURN,
    TEXT,
    Color,
    draw_text,
    fit_text,
    new_canvas,
    text_width,
)

MARGIN = 12
TITLE_PX = 22
CELL_PX = 17  # capitals 12 px tall: readable as shown, since the picture is never scaled down
ROW_H = 30
CELL_PAD = 8  # around a name
FIGURE_PAD = 6  # each side of a column of figures: 12 px between two columns' figures
HEAD_GAP = 12  # the least space between two headings on one line
HEAD_PX = CELL_PX  # a heading wrapped onto two lines: as readable as one
HEAD_LINE = 18  # the distance between two lines of a heading, or of a name
MAX_WIDTH = DISPLAY_WIDTH
MIN_WIDTH = 360
MIN_NAME = 80  # the names column never gets narrower: long names are cut instead
MAX_ROWS = 25  # a longer board would be unreadable on a phone; the cog pages it


@dataclass(frozen=True, slots=True)
class BoardLayout:
    """Where a leaderboard's text goes: each column's width, each heading's lines and each
    shown row's name as drawn (one line, or two when the column cannot hold it on one)."""

    widths: list[int]
    headings: list[list[str]]
    names: list[list[str]]

    @property
    def head_height(self) -> int:
        """The headings' row: taller when a heading is on two lines."""
        return ROW_H + (HEAD_LINE if any(len(h) > 1 for h in self.headings) else 0)

    def row_height(self, index: int) -> int:
        """A row's height: taller when its name is on two lines."""
        return ROW_H + HEAD_LINE * (len(self.names[index]) - 1)


def layout_leaderboard(spec: LeaderboardSpec) -> BoardLayout:
    """Lay the board out: headings on one line if every name then fits on one, else the long
    ones wrapped; the names' column takes the rest."""
    rows, names = spec.rows[:MAX_ROWS], spec.name_column
    cells = _cell_widths(rows, len(spec.columns), names)
    headings = [[h] for h in spec.columns]
    widths = _column_widths(cells, headings, names)
    if widths[names] < cells[names] + 2 * CELL_PAD:
        headings = [[h] if i == names or text_width(h, CELL_PX, True) <= cells[i]
                    else _heading_lines(h) for i, h in enumerate(spec.columns)]
        widths = _column_widths(cells, headings, names)
    room = widths[names] - 2 * CELL_PAD
    return BoardLayout(widths, headings,
                       [_name_lines(row[names] if names < len(row) else "", room)
                        for row in rows])


def _cell_widths(rows: Sequence[Sequence[str]], count: int, names: int) -> list[int]:
    """Return each column's widest cell (names bold)."""
    cells = [0] * count
    for row in rows:
        for i, cell in enumerate(row[:count]):
            cells[i] = max(cells[i], text_width(cell, CELL_PX, i == names))
    return cells


def _column_widths(cells: list[int], headings: list[list[str]], names: int) -> list[int]:
    """Size the columns of figures to their figures and headings, headings kept apart; give
    the names' column the rest (at least its heading, and never under MIN_NAME)."""
    heads = [max(text_width(line, HEAD_PX, True) for line in lines) for lines in headings]
    widths = [max(cells[i], heads[i]) + 2 * FIGURE_PAD for i in range(len(cells))]
    x, end, reach = 0, None, 0  # from the left of the first column after the names
    for i in range(names + 1, len(cells)):
        widths[i] = cells[i] + 2 * FIGURE_PAD
        left = x + widths[i] - FIGURE_PAD - heads[i]  # where its heading starts
        if end is None:
            reach = max(0, -left)  # into the names' column, whose heading is at its left
        elif left < end + HEAD_GAP:
            widths[i] += end + HEAD_GAP - left
        x += widths[i]
        end = x - FIGURE_PAD
    others = sum(widths) - widths[names]
    widths[names] = max(MIN_NAME, heads[names] + 2 * CELL_PAD + HEAD_GAP + reach,
                        MAX_WIDTH - 2 * MARGIN - others)
    return widths


def _heading_lines(head: str) -> list[str]:
    """Return a heading on two lines split where the longer is shortest (one word: one line)."""
    words = head.split(" ")
    if len(words) == 1:
        return [head]
    splits = [[" ".join(words[:i]), " ".join(words[i:])] for i in range(1, len(words))]
    return min(splits, key=lambda two: max(text_width(x, HEAD_PX, True) for x in two))


def _name_lines(name: str, room: int) -> list[str]:
    """Return a name on one line if it fits `room`, else on two split at a space: where the
    longer line is shortest if both fit, else the fullest first line and the rest cut; a
    first word too long for `room` leaves the name on one line, cut."""
    if _bold(name) <= room:
        return [name]
    words = name.split(" ")
    splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    whole = [two for two in splits if max(_bold(x) for x in two) <= room]
    if whole:
        return list(min(whole, key=lambda two: max(_bold(x) for x in two)))
    fitting = [first for first, _ in splits if _bold(first) <= room]
    if not fitting:
        return [fit_text(name, CELL_PX, room, True)]
    first = fitting[-1]
    return [first, fit_text(name[len(first) + 1:], CELL_PX, room, True)]


def _bold(text: str) -> int:
    """Return the drawn width of a cell's bold text."""
    return text_width(text, CELL_PX, True)


def draw_leaderboard(spec: LeaderboardSpec) -> Image.Image:
    """Draw a leaderboard as an RGB image: names bold and left-aligned, the rest right-aligned."""
    layout = layout_leaderboard(spec)
    widths, rows = layout.widths, spec.rows[:MAX_ROWS]
    width = max(MIN_WIDTH, min(MAX_WIDTH, sum(widths) + 2 * MARGIN))
    top = MARGIN + TITLE_PX + 16
    body = sum(layout.row_height(i) for i in range(len(rows)))
    image, draw = new_canvas(width, top + layout.head_height + body + MARGIN)
    draw_text(draw, (MARGIN, MARGIN), fit_text(spec.title, TITLE_PX, width - 2 * MARGIN, True),
              TITLE_PX, TEXT, bold=True)
    _draw_headings(draw, layout, top, spec.name_column)
    y = top + layout.head_height
    for index, row in enumerate(rows):
        height = layout.row_height(index)
        fill = PANEL_TURN if index == spec.highlight else PANEL if index % 2 == 0 else None
        if fill is not None:
            draw.rounded_rectangle((MARGIN, y, MARGIN + sum(widths), y + height - 2), radius=6,
                                   fill=fill, outline=GOLD if index == spec.highlight else None)
        color = GOLD if index == 0 else TEXT
        _draw_row(draw, row, layout, (y, height), color, (spec.name_column, index))
        y += height
    return image


def _draw_lines(draw: ImageDraw.ImageDraw, xy: tuple[int, int], lines: list[str], color: Color,
                bold: bool, anchor: str) -> None:
    """Write one or two lines centred on `xy`'s height, one HEAD_LINE apart."""
    for k, line in enumerate(lines):
        dy = (k - (len(lines) - 1) / 2) * HEAD_LINE
        draw_text(draw, (xy[0], int(xy[1] + dy)), line, CELL_PX, color, bold, anchor=anchor)


def _draw_row(draw: ImageDraw.ImageDraw, cells: list[str], layout: BoardLayout,
              span: tuple[int, int], color: Color, where: tuple[int, int]) -> None:
    """Write one row (`span`: its top and height; `where`: the names' column and the row's
    index): its name as laid out, left-aligned, its figures right-aligned."""
    names, index = where
    x, mid = MARGIN, span[0] + span[1] // 2 - 1
    for i, (cell, w) in enumerate(zip(cells, layout.widths, strict=False)):
        if i == names:
            _draw_lines(draw, (x + CELL_PAD, mid), layout.names[index], color, True, "lm")
        else:
            text = fit_text(cell, CELL_PX, w - 2 * FIGURE_PAD)
            draw_text(draw, (x + w - FIGURE_PAD, mid), text, CELL_PX, color, anchor="rm")
        x += w


def _draw_headings(draw: ImageDraw.ImageDraw, layout: BoardLayout, y: int, names: int) -> None:
    """Write the headings as laid out: the names' left-aligned, the others right-aligned over
    their figures (reaching left where the layout left them room)."""
    x, mid = MARGIN, y + layout.head_height // 2 - 1
    for i, (lines, w) in enumerate(zip(layout.headings, layout.widths, strict=True)):
        if i == names:
            _draw_lines(draw, (x + CELL_PAD, mid), lines, MUTED, True, "lm")
        else:
            _draw_lines(draw, (x + w - FIGURE_PAD, mid), lines, MUTED, True, "rm")
        x += w
