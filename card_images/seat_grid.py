"""The seats of the table laid out together: a grid of panels, or one aligned row per seat.

Panels sit in one or two columns. Games that lay no melds (Ramino) may ask for compact
seats: one row per seat in the order of play, the card counts, scores and details in
columns shared by every row, so seven seats fit under the piles and compare at a glance.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from .layout import Placed
from .piles import shown_discards
from .seat_rows import compact, row_columns
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
from .specs import TableSpec

COL_GAP = 8
ROW_GAP = 6


def panel_width(width: int, cols: int) -> int:
    """Return the width of one panel when `cols` panels share `width` px."""
    return (width - (cols - 1) * COL_GAP) // cols


def _tagged(spec: TableSpec, tags: list[str]) -> set[int]:
    """Return the seats whose tag the picture shows elsewhere: on lay-offs or discards."""
    layers = {by for s in spec.seats for m in s.melds for by in m.laid_off_by}
    thrown = {by for _, by in shown_discards(spec) if by}
    return layers | {i for i, tag in enumerate(tags) if tag in thrown}


def plan_seats(spec: TableSpec, width: int, cols: int) -> list[SeatPlan]:
    """Lay out every seat for panels of a grid `cols` wide inside `width` px."""
    tags = seat_tags([s.name for s in spec.seats])
    tagged = _tagged(spec, tags)
    columns = row_columns(spec) if compact(spec) and spec.seats else ()
    no_melds = spec.no_melds_label if spec.note_no_melds else ""
    return [plan_seat(s, panel_width(width, cols), tags, tags[i] if i in tagged else "",
                      no_melds, columns)
            for i, s in enumerate(spec.seats)]


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


def choose_columns(spec: TableSpec, width: int) -> int:
    """Seats side by side when everything fits uncut and it costs at most a line of height.

    Otherwise one column: it holds more melds per row and never cuts a name short.
    Compact rows are always one column: the list reads in the order of play.
    """
    if len(spec.seats) <= 1 or compact(spec):
        return 1
    one, two = plan_seats(spec, width, 1), plan_seats(spec, width, 2)
    if not _fits(two, panel_width(width, 2)):
        return 1
    return 2 if seats_height(two, 2) <= seats_height(one, 1) + INFO_H else 1


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
