"""The public table: title and status, then its panels stacked in order, then the footer.

Each panel is drawn by its own renderer: the piles (piles.py), the seats as a grid
(seat_grid.py) or as rows (seat_rows.py), or several whole tables (boards). Drawn at
Discord's display width, so what is drawn is what a player sees, pixel for pixel.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from PIL import Image, ImageDraw

from .layout import Placed
from .piles import LINE_H, draw_piles, piles_height, thrown_tags
from .seat_grid import draw_seats, grid_height, plan_grid
from .seat_rows import draw_rows, plan_rows, rows_height
from .specs import BoardsPanel, Panel, PilesPanel, SeatRowsPanel, TableSpec
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

Drawer = Callable[[Image.Image, ImageDraw.ImageDraw, int], list[Placed]]  # draws from a top


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


def _shifted(placed: Placed, dy: int) -> Placed:
    def move(box: Box) -> Box:
        return (box[0], box[1] + dy, box[2], box[3] + dy)

    return replace(placed, box=move(placed.box), visible=move(placed.visible))


def _boards(panel: BoardsPanel) -> tuple[int, Drawer]:
    """Lay each board out as a whole table, full width, one under the other."""
    parts = [_compose(board) for board in panel.boards]

    def draw(image: Image.Image, _: ImageDraw.ImageDraw, top: int) -> list[Placed]:
        placed: list[Placed] = []
        for part, cards in parts:
            image.paste(part, (0, top))
            placed += [_shifted(p, top) for p in cards]
            top += part.height
        return placed

    return sum(image.height for image, _ in parts), draw


def _lay(panel: Panel, thrown: set[str]) -> tuple[int, Drawer]:
    """Lay a panel out: return its height (with the gap under it: a board brings its own
    margins) and how to draw it."""
    if isinstance(panel, BoardsPanel):
        return _boards(panel)
    if isinstance(panel, PilesPanel):
        return piles_height(panel) + SECTION_GAP, lambda image, draw, top: draw_piles(
            image, draw, panel, top)
    if isinstance(panel, SeatRowsPanel):
        rows = plan_rows(panel, CONTENT, thrown)
        return _gapped(rows_height(rows)), lambda image, draw, top: draw_rows(
            image, draw, panel, rows, (MARGIN, top), CONTENT)
    grid = plan_grid(panel, CONTENT, thrown)
    return _gapped(grid_height(grid)), lambda image, draw, top: draw_seats(
        image, draw, grid.plans, (MARGIN, top), CONTENT, grid.cols)


def _gapped(height: int) -> int:
    """Return a panel's height with the gap under it; an empty panel takes no room."""
    return height + SECTION_GAP if height else 0


def _compose(spec: TableSpec) -> tuple[Image.Image, list[Placed]]:
    """Draw the title and status, every panel under them, then the footer.

    Return the picture and where every face-up card went.
    """
    # a seat whose tag is shown under the discards carries it beside its name too
    thrown = set().union(*(thrown_tags(p) for p in spec.panels if isinstance(p, PilesPanel)))
    laid = [_lay(panel, thrown) for panel in spec.panels]
    top = MARGIN + _header_height(spec)
    footer_y = top + sum(height for height, _ in laid)
    image, draw = new_canvas(WIDTH, footer_y + len(_footer_lines(spec)) * LINE_H + MARGIN)
    _draw_header(draw, spec)
    placed: list[Placed] = []
    for height, drawer in laid:
        placed += drawer(image, draw, top)
        top += height
    _draw_footer(draw, spec, footer_y)
    return image, placed


def draw_table(spec: TableSpec) -> Image.Image:
    """Draw the public table as an RGB image."""
    return _compose(spec)[0]


def layout_table(spec: TableSpec) -> list[tuple[str, Box]]:
    """Return each face-up card drawn with the box of its part left in view."""
    return [(p.item.code, p.visible) for p in _compose(spec)[1]]
