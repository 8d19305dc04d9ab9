"""The seat rows panel: one row per seat, its figures in columns under shared headings.

For games that lay no melds as they play: the rows read like a score sheet in the order of
play, card count, score and detail (e.g. the distance to the limit) right-aligned in
columns every row shares, so seven or eight seats fit under the piles and compare at a
glance. The headings line says what each column is and, at its left, the order of play.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from .layout import Placed
from .seat_grid import draw_seats, plan_seats, seats_height
from .seats import CELL_GAP, CELL_PX, PANEL_PAD, SeatPlan, cells, cells_width, right_edges
from .specs import SeatRowsPanel
from .style import MUTED, draw_text, fit_text, text_width

HEADING_H = 22
DEFAULT_HEADINGS = ("cards", "", "")


def _headings(spec: SeatRowsPanel) -> list[str]:
    """Return the caller's headings (translated), else English: only the count needs one."""
    return [*spec.headings, "", "", ""][:3] if spec.headings else [*DEFAULT_HEADINGS]


def _width(spec: SeatRowsPanel) -> int:
    """Return how many columns the rows use: the count, then score and detail if any."""
    seats = spec.seats
    return 3 if any(s.detail for s in seats) else 2 if any(s.score for s in seats) else 1


def row_columns(spec: SeatRowsPanel) -> tuple[int, ...]:
    """Return each column's width: its widest figure or its heading."""
    count, headings = _width(spec), _headings(spec)
    return tuple(max(text_width(headings[j], CELL_PX),
                     *(text_width(cells(s, count)[j], CELL_PX) for s in spec.seats))
                 for j in range(count))


def _draw_headings(draw: ImageDraw.ImageDraw, spec: SeatRowsPanel, columns: Sequence[int],
                  box: tuple[int, int, int]) -> None:
    """Draw the order of play at the left and each column's heading over it.

    `box` is the rows' left edge, the figures' right edge and the line's top.
    """
    left, right, top = box
    mid = top + HEADING_H // 2
    headings = _headings(spec)
    for edge, heading in zip(right_edges(columns, right), headings, strict=False):
        draw_text(draw, (edge, mid), heading, CELL_PX, MUTED, anchor="rm")
    room = right - cells_width(columns) - left - CELL_GAP
    if spec.direction:
        draw_text(draw, (left, mid), fit_text(spec.direction, CELL_PX, room), CELL_PX, MUTED,
                  anchor="lm")


def plan_rows(spec: SeatRowsPanel, width: int, thrown: set[str]) -> list[SeatPlan]:
    """Lay out one row per seat inside `width` px, their figures in shared columns."""
    return plan_seats(spec.seats, width, 1, thrown, columns=row_columns(spec)) if spec.seats else []


def rows_height(plans: list[SeatPlan]) -> int:
    """Return the panel's height: the headings, then the rows (none without seats)."""
    return HEADING_H + seats_height(plans, 1) if plans else 0


def draw_rows(image: Image.Image, draw: ImageDraw.ImageDraw, spec: SeatRowsPanel,
              plans: list[SeatPlan], xy: tuple[int, int], width: int) -> list[Placed]:
    """Draw the headings and the rows from `xy`, `width` px wide; return the cards drawn."""
    if not plans:
        return []
    x, y = xy
    edges = (x + PANEL_PAD, x + width - PANEL_PAD, y)
    _draw_headings(draw, spec, plans[0].columns, edges)
    return draw_seats(image, draw, plans, (x, y + HEADING_H), width, 1)
