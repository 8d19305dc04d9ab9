"""The end of a deal: every hand revealed with melds, lay-offs and deadwood, then the scores."""

from __future__ import annotations

from PIL import Image, ImageDraw

from .layout import Chunk, Group, draw_bracket, draw_cards, flow, marked, place_cards, rows_used
from .specs import HandEndRow, HandEndSpec
from .style import (
    GOLD,
    PANEL,
    PANEL_EDGE,
    SMALL,
    TEXT,
    draw_text,
    fit_text,
    new_canvas,
    text_width,
)

WIDTH = 860
MARGIN = 14
TITLE_PX = 22
PANEL_PAD = 12
HEADER_H = 30
NAME_PX = 20
CAPTION_PX = 15
SCORE_PX = 18
GROUP_GAP = 16
ROW_H = SMALL.h + 8 + CAPTION_PX + 10
ROW_GAP = 10


def _groups(row: HandEndRow) -> list[Group]:
    """Melds bracketed, then the cards laid off on others' melds, then deadwood."""
    groups = [Group(marked(meld, [], ""), bracket=True) for meld in row.melds]
    if row.layoffs:
        caption = row.layoff_label
        groups.append(Group(marked(row.layoffs, row.layoffs, "laid_off"), caption=caption,
                            min_width=text_width(caption, CAPTION_PX, True)))
    caption = f"{row.deadwood_label}: {row.deadwood_value}"
    groups.append(Group(marked(row.deadwood, [], ""), caption=caption,
                        min_width=text_width(caption, CAPTION_PX, True)))
    return groups


def _chunks(row: HandEndRow) -> list[Chunk]:
    return flow(_groups(row), WIDTH - 2 * MARGIN - 2 * PANEL_PAD, SMALL, GROUP_GAP)


def _panel_height(chunks: list[Chunk]) -> int:
    return 2 * PANEL_PAD + HEADER_H + max(1, rows_used(chunks)) * ROW_H - 6


def _draw_row(image: Image.Image, draw: ImageDraw.ImageDraw, row: HandEndRow, y: int) -> int:
    """Draw one revealed hand in a panel at `y`; return the y below it."""
    chunks = _chunks(row)
    x0, x1 = MARGIN, WIDTH - MARGIN
    bottom = y + _panel_height(chunks)
    draw.rounded_rectangle((x0, y, x1, bottom), radius=10, fill=PANEL, outline=PANEL_EDGE)
    mid = y + PANEL_PAD + HEADER_H // 2
    points_w = text_width(row.points, NAME_PX, True)
    draw_text(draw, (x1 - PANEL_PAD, mid), row.points, NAME_PX, GOLD, bold=True, anchor="rm")
    name = fit_text(row.name, NAME_PX, x1 - x0 - 2 * PANEL_PAD - points_w - 16, bold=True)
    draw_text(draw, (x0 + PANEL_PAD, mid), name, NAME_PX, TEXT, bold=True, anchor="lm")
    top = y + PANEL_PAD + HEADER_H
    for chunk in chunks:
        card_y = top + chunk.row * ROW_H
        placed = place_cards(chunk, x0 + PANEL_PAD, card_y, SMALL)
        draw_cards(image, placed, SMALL)
        below = card_y + SMALL.h + 8
        left = x0 + PANEL_PAD + chunk.x
        if chunk.group.bracket and placed:
            draw_bracket(draw, left + 2, placed[-1].box[2] - 2, below)
        if chunk.group.caption and chunk.first:
            draw_text(draw, (left, below - 4), chunk.group.caption, CAPTION_PX, GOLD, bold=True)
    return bottom


def draw_hand_end(spec: HandEndSpec) -> Image.Image:
    """Draw the revealed hands and score lines as an RGB image."""
    panels = sum(_panel_height(_chunks(r)) + ROW_GAP for r in spec.rows)
    scores = len(spec.score_lines) * (SCORE_PX + 10)
    height = MARGIN + TITLE_PX + 14 + panels + scores + MARGIN
    image, draw = new_canvas(WIDTH, height)
    title = fit_text(spec.title, TITLE_PX, WIDTH - 2 * MARGIN, bold=True)
    draw_text(draw, (MARGIN, MARGIN), title, TITLE_PX, TEXT, bold=True)
    y = MARGIN + TITLE_PX + 14
    for row in spec.rows:
        y = _draw_row(image, draw, row, y) + ROW_GAP
    for line in spec.score_lines:
        draw_text(draw, (MARGIN, y), fit_text(line, SCORE_PX, WIDTH - 2 * MARGIN), SCORE_PX, TEXT)
        y += SCORE_PX + 10
    return image
