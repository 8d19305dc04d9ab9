"""The public table: title, the piles (piles.py), the order of play, then every seat.

Drawn at Discord's display width, so what is drawn is what a player sees, pixel for pixel.
"""

from __future__ import annotations

from dataclasses import replace

from PIL import Image, ImageDraw

from .layout import Placed
from .piles import CAPTION_PX, LINE_H, centre_height, centre_width, draw_centre
from .seat_grid import choose_columns, draw_seats, plan_seats, seats_height
from .seat_rows import draw_headings, headings_height
from .seats import PANEL_PAD
from .specs import MAX_SEATS, TableSpec
from .style import (
    DISPLAY_WIDTH,
    GOLD,
    MUTED,
    TEXT,
    Box,
    draw_text,
    fit_text,
    new_canvas,
    text_width,
    wrap_text,
)

WIDTH = DISPLAY_WIDTH
MARGIN = 10
CONTENT = WIDTH - 2 * MARGIN
TITLE_PX = 20
TITLE_H = 26
STATUS_PX = 17
SECTION_GAP = 8


# --- whole picture -------------------------------------------------------------------------


def _title(spec: TableSpec) -> str:
    return fit_text(spec.title, TITLE_PX, CONTENT, True)


def _status_beside(spec: TableSpec) -> bool:
    """Whether the status fits on the title's line, at its right."""
    used = text_width(_title(spec), TITLE_PX, True) + 16
    return bool(spec.status) and used + text_width(spec.status, STATUS_PX) <= CONTENT


def _status_lines(spec: TableSpec) -> list[str]:
    """Return the status lines under the title (none when it sits beside the title)."""
    if not spec.status or _status_beside(spec):
        return []
    return wrap_text(spec.status, STATUS_PX, CONTENT)


def _footer_lines(spec: TableSpec) -> list[str]:
    return wrap_text(spec.footer, STATUS_PX, CONTENT) if spec.footer else []


def _header_height(spec: TableSpec) -> int:
    return TITLE_H + len(_status_lines(spec)) * LINE_H + 4


def _draw_header(draw: ImageDraw.ImageDraw, spec: TableSpec) -> None:
    mid = MARGIN + TITLE_H // 2
    draw_text(draw, (MARGIN, mid), _title(spec), TITLE_PX, TEXT, bold=True, anchor="lm")
    if _status_beside(spec):
        draw_text(draw, (WIDTH - MARGIN, mid), spec.status, STATUS_PX, GOLD, anchor="rm")
    for i, line in enumerate(_status_lines(spec)):
        y = MARGIN + TITLE_H + i * LINE_H + LINE_H // 2
        draw_text(draw, (MARGIN, y), line, STATUS_PX, GOLD, anchor="lm")


def _draw_footer(draw: ImageDraw.ImageDraw, spec: TableSpec, y: int) -> None:
    for i, line in enumerate(_footer_lines(spec)):
        draw_text(draw, (MARGIN, y + i * LINE_H + LINE_H // 2), line, STATUS_PX, MUTED,
                  anchor="lm")


def _direction_inline(spec: TableSpec) -> bool:
    """Whether the order of play fits at the right of the pile captions' line."""
    room = CONTENT - centre_width(spec) - 16
    return not spec.discard_spread and text_width(spec.direction, CAPTION_PX) <= room


def _direction_height(spec: TableSpec) -> int:
    """Return the height of the order of play's own line (none when beside the captions)."""
    return LINE_H if _direction_here(spec) and not _direction_inline(spec) else 0


def _direction_here(spec: TableSpec) -> bool:
    """Whether the middle says the order of play: compact rows say it over their headings."""
    return bool(spec.direction) and not headings_height(spec)


def _draw_direction(draw: ImageDraw.ImageDraw, spec: TableSpec, centre_y: int) -> None:
    """Say the order of play at the right, on the captions' line or on a line under it."""
    if not _direction_here(spec):
        return
    y = centre_y + centre_height(spec) - CAPTION_PX - 4 if _direction_inline(spec) else (
        centre_y + centre_height(spec) + 2)
    text = fit_text(spec.direction, CAPTION_PX, CONTENT)
    draw_text(draw, (WIDTH - MARGIN, y), text, CAPTION_PX, MUTED, anchor="rt")


def _shifted(placed: Placed, dy: int) -> Placed:
    def move(box: Box) -> Box:
        return (box[0], box[1] + dy, box[2], box[3] + dy)

    return replace(placed, box=move(placed.box), visible=move(placed.visible))


def _compose_boards(spec: TableSpec) -> tuple[Image.Image, list[Placed]]:
    """Draw the title and status, each board's table under them, then the footer."""
    parts = [_compose(board) for board in spec.boards]
    top = MARGIN + _header_height(spec)
    footer_y = top + sum(image.height for image, _ in parts)
    image, draw = new_canvas(WIDTH, footer_y + len(_footer_lines(spec)) * LINE_H + MARGIN)
    _draw_header(draw, spec)
    placed, y = [], top
    for part, cards in parts:
        image.paste(part, (0, y))
        placed += [_shifted(p, y) for p in cards]
        y += part.height
    _draw_footer(draw, spec, footer_y)
    return image, placed


def _compose(spec: TableSpec) -> tuple[Image.Image, list[Placed]]:
    """Draw the table; return the picture and where every face-up card went."""
    if spec.boards:
        return _compose_boards(spec)
    if len(spec.seats) > MAX_SEATS:
        raise ValueError(f"at most {MAX_SEATS} seats, got {len(spec.seats)}")
    cols = choose_columns(spec, CONTENT)
    plans = plan_seats(spec, CONTENT, cols)
    centre_y = MARGIN + _header_height(spec)
    headings_y = centre_y + centre_height(spec) + _direction_height(spec) + SECTION_GAP
    seats_y = headings_y + headings_height(spec)
    footer_y = seats_y + (seats_height(plans, cols) + SECTION_GAP if plans else 0)
    image, draw = new_canvas(WIDTH, footer_y + len(_footer_lines(spec)) * LINE_H + MARGIN)
    _draw_header(draw, spec)
    placed = draw_centre(image, draw, spec, centre_y)
    _draw_direction(draw, spec, centre_y)
    if headings_height(spec):
        edges = (MARGIN + PANEL_PAD, WIDTH - MARGIN - PANEL_PAD, headings_y)
        draw_headings(draw, spec, plans[0].columns, edges)
    placed += draw_seats(image, draw, plans, (MARGIN, seats_y), CONTENT, cols)
    _draw_footer(draw, spec, footer_y)
    return image, placed


def draw_table(spec: TableSpec) -> Image.Image:
    """Draw the public table as an RGB image."""
    return _compose(spec)[0]


def layout_table(spec: TableSpec) -> list[tuple[str, Box]]:
    """Return each face-up card drawn with the box of its part left in view."""
    return [(p.item.code, p.visible) for p in _compose(spec)[1]]
