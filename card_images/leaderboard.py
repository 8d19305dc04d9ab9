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
MAX_WIDTH = DISPLAY_WIDTH
MIN_NAME = 80  # the names column never gets narrower: long names are cut instead
MAX_ROWS = 25  # a longer board would be unreadable on a phone; the cog pages it


def _column_widths(spec: LeaderboardSpec) -> list[int]:
    """Size each column to its widest cell, the names' column taking what is left."""
    count, names = len(spec.columns), spec.name_column
    widths = [text_width(head, CELL_PX, True) for head in spec.columns]
    for row in spec.rows[:MAX_ROWS]:
        for i, cell in enumerate(row[:count]):
            widths[i] = max(widths[i], text_width(cell, CELL_PX, i == names))
    widths = [w + 2 * CELL_PAD for w in widths]
    room = MAX_WIDTH - 2 * MARGIN
    if sum(widths) > room:
        widths[names] = max(MIN_NAME, room - sum(widths) + widths[names])
    return widths


def draw_leaderboard(spec: LeaderboardSpec) -> Image.Image:
    """Draw a leaderboard as an RGB image: names bold and left-aligned, the rest right-aligned."""
    widths = _column_widths(spec)
    rows = spec.rows[:MAX_ROWS]
    width = max(360, min(MAX_WIDTH, sum(widths) + 2 * MARGIN))
    height = MARGIN + TITLE_PX + 16 + ROW_H * (len(rows) + 1) + MARGIN
    image, draw = new_canvas(width, height)
    draw_text(draw, (MARGIN, MARGIN), fit_text(spec.title, TITLE_PX, width - 2 * MARGIN, True),
              TITLE_PX, TEXT, bold=True)
    top = MARGIN + TITLE_PX + 16
    _draw_row(draw, spec.columns, widths, top, MUTED, spec.name_column, header=True)
    for index, row in enumerate(rows):
        y = top + ROW_H * (index + 1)
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
