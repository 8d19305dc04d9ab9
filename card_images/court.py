"""Simple vector pictures for the court cards: a crown (K), a flower (Q), a feathered cap (J).

Each picture is drawn in the suit's colour inside a square box, from shapes given in
unit coordinates (0..1 across and down the box), so one drawing serves every card size.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from PIL import ImageDraw

from .style import Box, Color

Point = tuple[float, float]


class _Pen:
    """Draw shapes given in unit coordinates onto `box` of a drawing context."""

    def __init__(self, draw: ImageDraw.ImageDraw, box: Box) -> None:
        self.draw = draw
        self.x0, self.y0 = box[0], box[1]
        self.side = min(box[2] - box[0], box[3] - box[1])

    def at(self, point: Point) -> tuple[float, float]:
        """Return the pixel position of a unit point."""
        return self.x0 + point[0] * self.side, self.y0 + point[1] * self.side

    def polygon(self, points: Sequence[Point], fill: Color, edge: Color | None = None,
                width: float = 0.0) -> None:
        """Fill a polygon, outlined `width` units thick in `edge` if given."""
        self.draw.polygon([self.at(p) for p in points], fill=fill, outline=edge,
                          width=round(width * self.side))

    def disc(self, centre: Point, radius: float, fill: Color) -> None:
        """Fill a circle."""
        x, y = self.at(centre)
        r = radius * self.side
        self.draw.ellipse((x - r, y - r, x + r, y + r), fill=fill)

    def oval(self, box: tuple[float, float, float, float], fill: Color) -> None:
        """Fill an ellipse inside a unit box (left, top, right, bottom)."""
        (x0, y0), (x1, y1) = self.at(box[:2]), self.at(box[2:])
        self.draw.ellipse((x0, y0, x1, y1), fill=fill)

    def line(self, points: Sequence[Point], width: float, fill: Color) -> None:
        """Draw a polyline `width` units thick."""
        self.draw.line([self.at(p) for p in points], fill=fill,
                       width=max(1, round(width * self.side)), joint="curve")


def _crown(pen: _Pen, ink: Color, light: Color) -> None:
    """A king's crown: three points topped with balls over a jewelled band."""
    pen.polygon([(.12, .66), (.10, .30), (.32, .50), (.50, .20), (.68, .50), (.90, .30),
                 (.88, .66)], ink)
    for x, y in ((.10, .25), (.50, .14), (.90, .25)):
        pen.disc((x, y), .075, ink)
    pen.polygon([(.12, .64), (.88, .64), (.88, .84), (.12, .84)], ink)
    for x in (.30, .50, .70):
        pen.disc((x, .74), .055, light)


def _flower(pen: _Pen, ink: Color, light: Color) -> None:
    """A queen's flower: five round petals and a light heart on a leafy stem."""
    pen.line([(.50, .50), (.50, .95)], .07, ink)
    pen.oval((.52, .68, .80, .80), ink)
    pen.oval((.20, .74, .48, .86), ink)
    centre = (.50, .38)
    for dx, dy in ((0, -.17), (.16, -.05), (.10, .14), (-.10, .14), (-.16, -.05)):
        pen.disc((centre[0] + dx, centre[1] + dy), .14, ink)
    pen.disc(centre, .085, light)


def _leaf(start: Point, bend: Point, end: Point, width: float) -> list[Point]:
    """Return the outline of a feather: a curved spine widening in the middle."""
    steps = 12
    spine = [_bezier(start, bend, end, i / steps) for i in range(steps + 1)]
    left, right = [], []
    for i, (x, y) in enumerate(spine):
        nx, ny = _normal(spine[max(0, i - 1)], spine[min(steps, i + 1)])
        half = width * math.sin(math.pi * i / steps) / 2
        left.append((x + nx * half, y + ny * half))
        right.append((x - nx * half, y - ny * half))
    return left + right[::-1]


def _bezier(a: Point, b: Point, c: Point, t: float) -> Point:
    u = 1 - t
    return (u * u * a[0] + 2 * u * t * b[0] + t * t * c[0],
            u * u * a[1] + 2 * u * t * b[1] + t * t * c[1])


def _normal(a: Point, b: Point) -> Point:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    return -dy / length, dx / length


def _cap(pen: _Pen, ink: Color, light: Color) -> None:
    """A jack's cap: a peaked hunter's cap with a long feather sweeping up from its back."""
    pen.polygon(_leaf((.56, .62), (.68, .16), (.97, .03), .30), ink)
    pen.line([_bezier((.58, .56), (.68, .18), (.95, .05), i / 8) for i in range(9)], .03, light)
    pen.polygon([(.02, .76), (.20, .58), (.38, .38), (.54, .28), (.68, .32), (.80, .50),
                 (.88, .72), (.84, .84), (.30, .82)], ink, light, .04)
    pen.line([(.16, .73), (.84, .73)], .05, light)


_PICTURES: dict[int, Callable[[_Pen, Color, Color], None]] = {13: _crown, 12: _flower,
                                                              11: _cap}


def draw_court(draw: ImageDraw.ImageDraw, rank: int, box: Box, ink: Color,
               light: Color) -> None:
    """Draw the picture of a court rank (11 J, 12 Q, 13 K) in `ink`, details in `light`."""
    _PICTURES[rank](_Pen(draw, box), ink, light)
