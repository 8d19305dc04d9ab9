"""A small line chart of running totals across the hands, drawn under a hand's result.

One line per player or side in the SERIES colours, a legend naming them with their totals,
a dashed gold line at the target or limit, few axis figures: it is read at 550 px.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import ceil, floor, log10

from PIL import Image, ImageDraw

from .specs import ChartSeries, ChartSpec
from .style import (
    FELT,
    GOLD,
    MUTED,
    PANEL,
    PANEL_EDGE,
    SERIES,
    TEXT,
    Color,
    draw_text,
    fit_text,
    text_width,
    wrap_text,
)

PAD = 8
TITLE_PX = 17
NOTE_PX = 16
LEGEND_PX = 16
AXIS_PX = 15
LINE_H = 22
SWATCH = 14
LEGEND_GAP = 18
PLOT_H = 118  # the plot's height when the picture has room for it
MIN_PLOT = 72  # and at the least: a tall hand's result keeps its chart readable
AXIS_GAP = 6  # between the axis' figures and the plot
TICK_PX = 28  # at least this far apart up the y axis, at most four steps
X_LABELS = 10  # at most this many hand numbers along the x axis
DASH = (7, 5)
MINUS = "\u2212"
JOIN = " + "  # between partners' names


def color(index: int) -> Color:
    """Return the line colour of the series at `index` (seat order)."""
    return SERIES[index % len(SERIES)]


def figure(value: int, thousands: str) -> str:
    """Write an axis figure with its thousands grouped ("15,000", "15.000", "−120")."""
    digits = f"{abs(value):,}".replace(",", thousands)
    return MINUS + digits if value < 0 else digits


Piece = tuple[int, int, str, int, Color, bool]  # line, x, text, size, colour, bold


def _header(spec: ChartSpec, room: int) -> list[Piece]:
    """Return the title and the note as pieces of lines: the note beside a title that
    leaves it room, else on lines of its own."""
    title = wrap_text(spec.title, TITLE_PX, room, True)
    pieces: list[Piece] = [(i, 0, line, TITLE_PX, TEXT, True) for i, line in enumerate(title)]
    if not spec.note:
        return pieces
    x = text_width(title[-1], TITLE_PX, True) + 12 if title else 0
    if x + text_width(spec.note, NOTE_PX) <= room:
        return pieces + [(len(title) - 1 if title else 0, x, spec.note, NOTE_PX, MUTED, False)]
    note = wrap_text(spec.note, NOTE_PX, room)
    return pieces + [(len(title) + i, 0, line, NOTE_PX, MUTED, False)
                     for i, line in enumerate(note)]


def _header_lines(spec: ChartSpec, room: int) -> int:
    return 1 + max((piece[0] for piece in _header(spec, room)), default=0)


def _entry(series: ChartSeries, thousands: str, room: int) -> tuple[str, str]:
    """Return a legend entry's name (cut to fit) and total ("" for none yet)."""
    last = next((p for p in reversed(series.points) if p is not None), None)
    total = "" if last is None else figure(last, thousands)
    width = room - SWATCH - 6 - text_width(f" {total}", LEGEND_PX, True)
    return _fit_name(series, width), total


def _fit_name(series: ChartSeries, width: int) -> str:
    """Return the series' name cut to `width` px; partners' names each cut to a share of it."""
    if len(series.members) < 2 or text_width(series.name, LEGEND_PX) <= width:
        return fit_text(series.name, LEGEND_PX, width)
    room = width - text_width(JOIN, LEGEND_PX) * (len(series.members) - 1)
    widths = {i: text_width(name, LEGEND_PX) for i, name in enumerate(series.members)}
    shares: dict[int, int] = {}
    for left, i in enumerate(sorted(widths, key=widths.__getitem__)):  # short names whole
        shares[i] = min(widths[i], room // (len(widths) - left))
        room -= shares[i]
    return JOIN.join(fit_text(name, LEGEND_PX, shares[i]) for i, name in
                     enumerate(series.members))


def _legend(spec: ChartSpec, room: int) -> list[list[tuple[int, str, str, int]]]:
    """Return the legend in rows of (series index, name, total, x): in columns, so the
    names line up (three for more than four lines, as the rows' names are cut too at that
    many seats); a name too long for its column is cut, never the total."""
    columns = min(len(spec.series), 2 if len(spec.series) <= 4 else 3)
    width = (room - (columns - 1) * LEGEND_GAP) // columns
    rows: list[list[tuple[int, str, str, int]]] = []
    for i, series in enumerate(spec.series):
        if i % columns == 0:
            rows.append([])
        name, total = _entry(series, spec.thousands, width)
        rows[-1].append((i, name, total, (i % columns) * (width + LEGEND_GAP)))
    return rows


def _bounds(spec: ChartSpec, steps: int) -> tuple[int, int, int]:
    """Return the y axis' bottom, top and step: a round bottom at or under every total and
    zero, a top a little over the highest total or the target, a round step for about
    `steps` steps (its figures are the multiples of the step in between)."""
    values = [p for s in spec.series for p in s.points if p is not None]
    values += [0] + ([spec.target] if spec.target is not None else [])
    low, high = min(values), max(values)
    step = _nice_step(max(high - low, 1) / steps)
    low = floor(low / step) * step
    return low, max(high + (high - low) // 16, low + step), step


def _nice_step(rough: float) -> int:
    """Return the round step (1, 2, 2.5 or 5 times a power of ten, whole) at or above `rough`."""
    power = 10 ** floor(log10(rough))
    for factor in (1, 2, 2.5, 5, 10):
        if factor * power >= rough and float(factor * power).is_integer():
            return int(factor * power)
    return int(10 * power)


def _hands(spec: ChartSpec) -> int:
    """Return how many hands the x axis spans: those played, or the game's length."""
    played = max((len(s.points) - 1 for s in spec.series), default=0)
    return max(played, spec.hands, 1)


def chart_height(spec: ChartSpec, width: int, plot: int = PLOT_H) -> int:
    """Return the height of the chart's panel `width` px wide, its plot `plot` px tall."""
    room = width - 2 * PAD
    return (2 * PAD + _header_lines(spec, room) * LINE_H + len(_legend(spec, room)) * LINE_H
            + 10 + plot + AXIS_GAP + LINE_H)


def draw_chart(spec: ChartSpec, width: int, plot: int = PLOT_H, background: Color = FELT
               ) -> Image.Image:
    """Draw the chart as a panel `width` px wide on `background`, its plot `plot` px tall."""
    image = Image.new("RGB", (width, chart_height(spec, width, plot)), background)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, width - 1, image.height - 1), radius=10, fill=PANEL,
                           outline=PANEL_EDGE)
    y = _draw_header(draw, spec, PAD, width - 2 * PAD)
    y = _draw_legend(draw, spec, y, width - 2 * PAD)
    _draw_plot(draw, spec, (PAD, y + 10, width - PAD, y + 10 + plot))
    return image


def _draw_header(draw: ImageDraw.ImageDraw, spec: ChartSpec, y: int, room: int) -> int:
    """Write the title and the note; return the y under them."""
    for line, x, text, size, fill, bold in _header(spec, room):
        draw_text(draw, (PAD + x, y + line * LINE_H + LINE_H // 2), text, size, fill,
                  bold=bold, anchor="lm")
    return y + _header_lines(spec, room) * LINE_H


def _draw_legend(draw: ImageDraw.ImageDraw, spec: ChartSpec, y: int, room: int) -> int:
    """Draw a swatch, the name and the total of each series; return the y under them."""
    for row in _legend(spec, room):
        mid = y + LINE_H // 2
        for index, name, total, x in row:
            left = PAD + x
            draw.rectangle((left, mid - SWATCH // 2, left + SWATCH, mid + SWATCH // 2),
                           fill=color(index))
            left += SWATCH + 6
            draw_text(draw, (left, mid), name, LEGEND_PX, TEXT, anchor="lm")
            left += text_width(f"{name} ", LEGEND_PX)
            draw_text(draw, (left, mid), total, LEGEND_PX, color(index), bold=True, anchor="lm")
        y += LINE_H
    return y


def _draw_plot(draw: ImageDraw.ImageDraw, spec: ChartSpec, box: tuple[int, int, int, int]
               ) -> None:
    """Draw the axes' figures, the grid, the target, the end of the game and the lines."""
    low, high, step = _bounds(spec, max(1, min(4, (box[3] - box[1]) // TICK_PX)))
    ticks = list(range(low, high + 1, step))  # the top is a figure only when it is round
    labels = [figure(v, spec.thousands) for v in ticks]
    left = box[0] + max(text_width(label, AXIS_PX) for label in labels) + AXIS_GAP
    right, top, bottom = box[2] - 6, box[1], box[3]
    hands = _hands(spec)

    def at(i: int, value: int) -> tuple[int, int]:
        return (left + round(i * (right - left) / hands),
                bottom - round((value - low) * (bottom - top) / (high - low)))

    for value, label in zip(ticks, labels):
        y = at(0, value)[1]
        draw.line((left, y, right, y), fill=PANEL_EDGE, width=1)
        draw_text(draw, (left - AXIS_GAP, y), label, AXIS_PX, MUTED, anchor="rm")
    _draw_x_axis(draw, spec, hands, [at(i, low)[0] for i in range(hands + 1)], bottom)
    if spec.hands and spec.end_label:
        x = at(spec.hands, low)[0]
        _dashed(draw, [(x, bottom), (x, top)], MUTED, 1)
        draw_text(draw, (x - 4, top + 2), spec.end_label, AXIS_PX, MUTED, anchor="ra")
    if spec.target is not None:
        y = at(0, spec.target)[1]
        _dashed(draw, [(left, y), (right, y)], GOLD, 2)
        # At the left, where every line starts from the first totals, far from the target;
        # under the line when it runs along the top of the plot.
        below = y - top < LINE_H
        draw_text(draw, (left + 6, y + 4 if below else y - 4), spec.target_label, AXIS_PX,
                  GOLD, bold=True, anchor="la" if below else "ld")
    for index, series in enumerate(spec.series):
        _draw_series(draw, [None if p is None else at(i, p) for i, p in enumerate(series.points)],
                     color(index))


def _draw_x_axis(draw: ImageDraw.ImageDraw, spec: ChartSpec, hands: int, xs: Sequence[int],
                 bottom: int) -> None:
    """Draw the axis line and a few hand numbers under it, the last always."""
    draw.line((xs[0], bottom, xs[-1], bottom), fill=MUTED, width=1)
    every = ceil(hands / X_LABELS)
    shown = [i for i in range(1, hands + 1) if i % every == 0 or i == hands]
    if len(shown) > 1 and shown[-1] - shown[-2] < every:
        shown.pop(-2)  # the last number would crowd the one before it
    for i in shown:
        draw.line((xs[i], bottom, xs[i], bottom + 3), fill=MUTED, width=1)
        draw_text(draw, (xs[i], bottom + AXIS_GAP), str(spec.first_hand - 1 + i), AXIS_PX,
                  MUTED, anchor="ma")


def _draw_series(draw: ImageDraw.ImageDraw, points: Sequence[tuple[int, int] | None],
                 fill: Color) -> None:
    """Draw one line, broken where it has no total, with a dot on each hand."""
    run: list[tuple[int, int]] = []
    for point in [*points, None]:
        if point is not None:
            run.append(point)
            continue
        if len(run) > 1:
            draw.line(run, fill=fill, width=3, joint="curve")
        for x, y in run[1:]:
            draw.ellipse((x - 3, y - 3, x + 3, y + 3), fill=fill)
        run = []


def _dashed(draw: ImageDraw.ImageDraw, ends: Sequence[tuple[int, int]], fill: Color,
            width: int) -> None:
    """Draw a dashed straight line between two points (across or up)."""
    (x0, y0), (x1, y1) = ends
    length = max(abs(x1 - x0), abs(y1 - y0))
    on, off = DASH
    for start in range(0, length, on + off):
        end = min(start + on, length)
        fx, fy = (x1 - x0) / max(length, 1), (y1 - y0) / max(length, 1)
        draw.line((x0 + fx * start, y0 + fy * start, x0 + fx * end, y0 + fy * end), fill=fill,
                  width=width)
