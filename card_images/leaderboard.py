"""A simple leaderboard: a title and a striped table of text cells, at Discord's width."""

from __future__ import annotations

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
CELL_PAD = 8
HEAD_PX = CELL_PX  # a heading wrapped onto two lines: as readable as one
HEAD_LINE = 18  # the distance between those two lines
MAX_WIDTH = DISPLAY_WIDTH
MIN_NAME = 80  # the names column never gets narrower: long names are cut instead
MAX_ROWS = 25  # a longer board would be unreadable on a phone; the cog pages it


def _column_widths(spec: LeaderboardSpec) -> list[int]:
    """Size each column to its widest cell, the names' column taking what is left.

    When the headings make the table too wide for a phone, long headings wrap onto two
    lines ("Best / total") before a single name is cut.
    """
    count, names = len(spec.columns), spec.name_column
    cells = [0] * count
    for row in spec.rows[:MAX_ROWS]:
        for i, cell in enumerate(row[:count]):
            cells[i] = max(cells[i], text_width(cell, CELL_PX, i == names))
    room = MAX_WIDTH - 2 * MARGIN
    widths = [max(c, text_width(h, CELL_PX, True)) + 2 * CELL_PAD
              for c, h in zip(cells, spec.columns, strict=True)]
    if sum(widths) > room:  # wrap the headings that are wider than their numbers
        widths = [max(c, _heading_width(h)) + 2 * CELL_PAD
                  for c, h in zip(cells, spec.columns, strict=True)]
    if sum(widths) > room:
        widths[names] = max(MIN_NAME, room - sum(widths) + widths[names])
    return widths


def _heading_width(head: str) -> int:
    """Return the narrowest a heading can be drawn: on one line, or on two lines."""
    lines = _heading_lines(head)
    size = CELL_PX if len(lines) == 1 else HEAD_PX
    return min(text_width(head, CELL_PX, True), max(text_width(x, size, True) for x in lines))


def _heading_lines(head: str, width: int | None = None) -> list[str]:
    """Return a heading on one line if it fits `width` (or has no space), else on two lines
    split where the longer is shortest."""
    words = head.split(" ")
    if len(words) == 1 or (width is not None and text_width(head, CELL_PX, True) <= width):
        return [head]
    splits = [[" ".join(words[:i]), " ".join(words[i:])] for i in range(1, len(words))]
    return min(splits, key=lambda two: max(text_width(x, HEAD_PX, True) for x in two))


def draw_leaderboard(spec: LeaderboardSpec) -> Image.Image:
    """Draw a leaderboard as an RGB image: names bold and left-aligned, the rest right-aligned."""
    widths = _column_widths(spec)
    rows = spec.rows[:MAX_ROWS]
    headings = [_heading_lines(h, w - 2 * CELL_PAD) for h, w in zip(spec.columns, widths,
                                                                    strict=True)]
    head_h = ROW_H + (HEAD_LINE if any(len(h) > 1 for h in headings) else 0)
    width = max(360, min(MAX_WIDTH, sum(widths) + 2 * MARGIN))
    height = MARGIN + TITLE_PX + 16 + head_h + ROW_H * len(rows) + MARGIN
    image, draw = new_canvas(width, height)
    draw_text(draw, (MARGIN, MARGIN), fit_text(spec.title, TITLE_PX, width - 2 * MARGIN, True),
              TITLE_PX, TEXT, bold=True)
    top = MARGIN + TITLE_PX + 16
    _draw_headings(draw, headings, widths, top, head_h, spec.name_column)
    for index, row in enumerate(rows):
        y = top + head_h + ROW_H * index
        fill = PANEL_TURN if index == spec.highlight else PANEL if index % 2 == 0 else None
        if fill is not None:
            draw.rounded_rectangle((MARGIN, y, MARGIN + sum(widths), y + ROW_H - 2), radius=6,
                                   fill=fill, outline=GOLD if index == spec.highlight else None)
        _draw_row(draw, row, widths, y, GOLD if index == 0 else TEXT, spec.name_column)
    return image


def _draw_row(draw: ImageDraw.ImageDraw, cells: list[str], widths: list[int], y: int,
              color: Color, names: int, header: bool = False) -> None:
    """Write one row: names left-aligned, numbers right-aligned."""
    x = MARGIN
    mid = y + ROW_H // 2 - 1
    for i, (cell, w) in enumerate(zip(cells, widths, strict=False)):
        bold = header or i == names
        text = fit_text(cell, CELL_PX, w - 2 * CELL_PAD, bold)
        if i == names:
            draw_text(draw, (x + CELL_PAD, mid), text, CELL_PX, color, bold, anchor="lm")
        else:
            draw_text(draw, (x + w - CELL_PAD, mid), text, CELL_PX, color, bold, anchor="rm")
        x += w


def _draw_headings(draw: ImageDraw.ImageDraw, headings: list[list[str]], widths: list[int],
                   y: int, height: int, names: int) -> None:
    """Write the headings, aligned as their columns; a wrapped one on two lines."""
    x, y_mid = MARGIN, y + height // 2 - 1
    for i, (lines, w) in enumerate(zip(headings, widths, strict=True)):
        size = CELL_PX if len(lines) == 1 else HEAD_PX
        left, anchor = (x + CELL_PAD, "lm") if i == names else (x + w - CELL_PAD, "rm")
        for k, line in enumerate(lines):
            dy = (k - (len(lines) - 1) / 2) * HEAD_LINE
            draw_text(draw, (left, int(y_mid + dy)), fit_text(line, size, w - 2 * CELL_PAD, True),
                      size, MUTED, True, anchor=anchor)
        x += w
