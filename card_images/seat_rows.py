"""Compact seats: one row per seat, its figures in columns under shared headings.

For games that lay no melds (Ramino): the rows read like a score sheet in the order of
play, card count, score and detail (e.g. the distance to the limit) right-aligned in
columns every row shares, so seven or eight seats fit under the piles and compare at a
glance. The headings line says what each column is and, at its left, the order of play.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from .specs import SeatSpec, TableSpec
from .style import MUTED, OUT_TEXT, TEXT, Color, draw_text, fit_text, text_width

CELL_PX = 17
CELL_GAP = 18
HEADING_H = 22
DEFAULT_HEADINGS = ("cards", "", "")


def seat_inks(seat: SeatSpec) -> tuple[Color, Color]:
    """Return the seat's text colour and muted colour: both grey once it is out."""
    return (OUT_TEXT, OUT_TEXT) if seat.out else (TEXT, MUTED)


def compact(spec: TableSpec) -> bool:
    """Whether the seats are drawn as rows: asked for, and no seat has melds."""
    return spec.compact_seats and not any(seat.melds for seat in spec.seats)


def _headings(spec: TableSpec) -> list[str]:
    """Return the caller's headings (translated), else English: only the count needs one."""
    return [*spec.seat_headings, "", "", ""][:3] if spec.seat_headings else [*DEFAULT_HEADINGS]


def _width(spec: TableSpec) -> int:
    """Return how many columns the rows use: the count, then score and detail if any."""
    seats = spec.seats
    return 3 if any(s.detail for s in seats) else 2 if any(s.score for s in seats) else 1


def cells(seat: SeatSpec, count: int) -> list[str]:
    """Return a row's figures: the card count as a bare number, the score, the detail.

    A seat out of the game holds no cards: its count says nothing and is left blank.
    """
    held = "" if seat.out and not seat.card_count else str(seat.card_count)
    return [held, seat.score, seat.detail][:count]


def row_columns(spec: TableSpec) -> tuple[int, ...]:
    """Return each column's width: its widest figure or its heading."""
    count, headings = _width(spec), _headings(spec)
    return tuple(max(text_width(headings[j], CELL_PX),
                     *(text_width(cells(s, count)[j], CELL_PX) for s in spec.seats))
                 for j in range(count))


def cells_width(columns: Sequence[int]) -> int:
    """Return the width of a row's figures, gaps included."""
    return sum(columns) + CELL_GAP * (len(columns) - 1)


def _right_edges(columns: Sequence[int], right: int) -> list[int]:
    """Return the right edge of each column, the last at `right`."""
    edges, x = [], right
    for width in reversed(columns):
        edges.append(x)
        x -= width + CELL_GAP
    return edges[::-1]


def draw_cells(draw: ImageDraw.ImageDraw, seat: SeatSpec, columns: Sequence[int], right: int,
               mid: int) -> None:
    """Draw a row's figures right-aligned in their columns; the detail muted."""
    ink, muted = seat_inks(seat)
    figures = cells(seat, len(columns))
    for j, (edge, text) in enumerate(zip(_right_edges(columns, right), figures, strict=True)):
        text = fit_text(text, CELL_PX, columns[j])
        draw_text(draw, (edge, mid), text, CELL_PX, muted if j == 2 else ink, anchor="rm")


def headings_height(spec: TableSpec) -> int:
    """Return the height of the headings line over the rows (none without rows)."""
    return HEADING_H if compact(spec) and spec.seats else 0


def draw_headings(draw: ImageDraw.ImageDraw, spec: TableSpec, columns: Sequence[int],
                  box: tuple[int, int, int]) -> None:
    """Draw the order of play at the left and each column's heading over it.

    `box` is the rows' left edge, the figures' right edge and the line's top.
    """
    left, right, top = box
    mid = top + HEADING_H // 2
    headings = _headings(spec)
    for edge, heading in zip(_right_edges(columns, right), headings, strict=False):
        draw_text(draw, (edge, mid), heading, CELL_PX, MUTED, anchor="rm")
    room = right - cells_width(columns) - left - CELL_GAP
    if spec.direction:
        draw_text(draw, (left, mid), fit_text(spec.direction, CELL_PX, room), CELL_PX, MUTED,
                  anchor="lm")
