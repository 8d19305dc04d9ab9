"""The seat grid panel: every seat's panel with its melds, in one or two columns.

seat_rows.py lays the same seat panels out as compact rows, one column, figures aligned.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from .layout import Placed
from .seats import (
    INFO_H,
    PANEL_PAD,
    SeatPlan,
    draw_seat,
    info_width,
    name_width,
    plan_seat,
    seat_tags,
)
from .specs import MAX_SEATS, SeatGridPanel, SeatSpec

COL_GAP = 8
ROW_GAP = 6


def panel_width(width: int, cols: int) -> int:
    """Return the width of one panel when `cols` panels share `width` px."""
    return (width - (cols - 1) * COL_GAP) // cols


def _tagged(seats: Sequence[SeatSpec], tags: list[str], thrown: set[str]) -> set[int]:
    """Return the seats whose tag the picture shows elsewhere: on lay-offs or discards."""
    layers = {by for s in seats for m in s.melds for by in m.laid_off_by}
    return layers | {i for i, tag in enumerate(tags) if tag in thrown}


def plan_seats(seats: Sequence[SeatSpec], width: int, cols: int, thrown: set[str],
               no_melds: str = "", columns: tuple[int, ...] = ()) -> list[SeatPlan]:
    """Lay out every seat for panels of a grid `cols` wide inside `width` px.

    `thrown` are the seat tags shown under the discards; `no_melds` is what a seat
    without melds says ("" for nothing); `columns` make each seat a compact row.
    """
    if len(seats) > MAX_SEATS:
        raise ValueError(f"at most {MAX_SEATS} seats, got {len(seats)}")
    tags = seat_tags([s.name for s in seats])
    tagged = _tagged(seats, tags, thrown)
    return [plan_seat(s, panel_width(width, cols), tags, tags[i] if i in tagged else "",
                      no_melds, columns)
            for i, s in enumerate(seats)]


def _rows(plans: list[SeatPlan], cols: int) -> list[list[SeatPlan]]:
    return [plans[i:i + cols] for i in range(0, len(plans), cols)]


def seats_height(plans: list[SeatPlan], cols: int) -> int:
    """Return the height of the grid, panels of one row as tall as the tallest."""
    return sum(max(p.height for p in row) + ROW_GAP for row in _rows(plans, cols)) - ROW_GAP


def _fits(plans: list[SeatPlan], width: int) -> bool:
    """Whether every seat's name, note, card count and score fit its panel uncut."""
    inner = width - 2 * PANEL_PAD
    return all(info_width(p.seat, p.parts) <= inner and name_width(p.seat, p.tag) <= inner
               for p in plans)


@dataclass(frozen=True)
class Grid:
    """The seat grid laid out: each seat's plan and how many columns they fill."""

    plans: list[SeatPlan]
    cols: int


def plan_grid(panel: SeatGridPanel, width: int, thrown: set[str]) -> Grid:
    """Seats side by side when everything fits uncut and it costs at most a line of height.

    Otherwise one column: it holds more melds per row and never cuts a name short.
    """
    no_melds = panel.no_melds_label if panel.note_no_melds else ""
    one = plan_seats(panel.seats, width, 1, thrown, no_melds)
    if len(panel.seats) <= 1:
        return Grid(one, 1)
    two = plan_seats(panel.seats, width, 2, thrown, no_melds)
    if not _fits(two, panel_width(width, 2)):
        return Grid(one, 1)
    return Grid(two, 2) if seats_height(two, 2) <= seats_height(one, 1) + INFO_H else Grid(one, 1)


def grid_height(grid: Grid) -> int:
    """Return the grid's height (none without seats)."""
    return seats_height(grid.plans, grid.cols) if grid.plans else 0


def draw_seats(image: Image.Image, draw: ImageDraw.ImageDraw, plans: list[SeatPlan],
               xy: tuple[int, int], width: int, cols: int) -> list[Placed]:
    """Draw the grid of seats from `xy`; return where the meld cards went."""
    x, y = xy
    placed: list[Placed] = []
    panel_w = panel_width(width, cols)
    for row in _rows(plans, cols):
        height = max(p.height for p in row)
        for col, plan in enumerate(row):
            left = x + col * (panel_w + COL_GAP)
            placed += draw_seat(image, draw, plan, (left, y, left + panel_w, y + height))
        y += height + ROW_GAP
    return placed
