"""The end of a deal: every hand revealed with melds, lay-offs and loose cards, then the scores.

Each hand sits in a panel, a header line over its cards; when that would run past the
height clients show uncut, hand_end_rows.py puts the words beside the cards instead.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from .chart import MIN_PLOT, PLOT_H, chart_height, draw_chart
from .hand_end_rows import (
    column_width,
    draw_meld_cards,
    draw_row,
    meld_groups,
    rows_fit,
    rows_height,
)
from .layout import (
    Chunk,
    Group,
    Placed,
    flow,
    marked,
    rows_used,
)
from .specs import HandEndRow, HandEndSpec
from .style import (
    DISPLAY_HEIGHT,
    DISPLAY_WIDTH,
    GOLD,
    PANEL,
    PANEL_EDGE,
    SMALL,
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
TITLE_PX = 20
PANEL_PAD = 8
HEADER_H = 28
NAME_PX = 19
CAPTION_PX = 17
SCORE_PX = 17
SCORE_H = 24
INDENT = 20  # a wrapped score line goes on indented
GROUP_GAP = 14
ROW_H = SMALL.h + 8 + CAPTION_PX + 8
ROW_GAP = 8
CHART_GAP = 6  # between the score lines and the chart


def _groups(row: HandEndRow) -> list[Group]:
    """Melds bracketed, then the cards laid off on others' melds, then the loose cards."""
    groups = meld_groups(row)
    if row.layoffs:
        caption = row.layoff_label
        groups.append(Group(marked(row.layoffs, row.layoffs, "laid_off"), caption=caption,
                            min_width=text_width(caption, CAPTION_PX, True)))
    if row.loose:  # else the header says it: an empty row would waste room
        caption = _loose_caption(row)
        groups.append(Group(marked(row.loose, [], ""), caption=caption,
                            min_width=text_width(caption, CAPTION_PX, True)))
    return groups


def _loose_caption(row: HandEndRow) -> str:
    return f"{row.loose_label}: {row.loose_value}"


def _chunks(row: HandEndRow) -> list[Chunk]:
    return flow(_groups(row), WIDTH - 2 * MARGIN - 2 * PANEL_PAD, SMALL, GROUP_GAP)


def _panel_height(chunks: list[Chunk]) -> int:
    rows = rows_used(chunks)  # none: a hand that went out with no meld of its own
    return 2 * PANEL_PAD + HEADER_H + (rows * ROW_H - 6 if rows else 0)


def _draw_row(image: Image.Image, draw: ImageDraw.ImageDraw, row: HandEndRow,
              y: int) -> tuple[int, list[Placed]]:
    """Draw one revealed hand in a panel at `y`; return the y below it and its cards."""
    chunks = _chunks(row)
    x0, x1 = MARGIN, WIDTH - MARGIN
    bottom = y + _panel_height(chunks)
    draw.rounded_rectangle((x0, y, x1, bottom), radius=10, fill=PANEL, outline=PANEL_EDGE)
    mid = y + PANEL_PAD + HEADER_H // 2
    points_w = text_width(row.points, NAME_PX, True)
    draw_text(draw, (x1 - PANEL_PAD, mid), row.points, NAME_PX, GOLD, bold=True, anchor="rm")
    room = x1 - x0 - 2 * PANEL_PAD - points_w - 16
    name = fit_text(row.name, NAME_PX, room, bold=True)
    draw_text(draw, (x0 + PANEL_PAD, mid), name, NAME_PX, TEXT, bold=True, anchor="lm")
    if not row.loose:
        x = x0 + PANEL_PAD + text_width(name, NAME_PX, True) + 14
        caption = fit_text(_loose_caption(row), CAPTION_PX, room - x + x0 + PANEL_PAD, True)
        draw_text(draw, (x, mid), caption, CAPTION_PX, GOLD, bold=True, anchor="lm")
    top, cards = y + PANEL_PAD + HEADER_H, []
    captioned = {id(c) for c in _captioned(chunks)}
    for chunk in chunks:
        card_y = top + chunk.row * ROW_H
        placed = draw_meld_cards(image, draw, chunk, (x0 + PANEL_PAD, card_y), 8)
        cards += placed
        below = card_y + SMALL.h + 8
        left = x0 + PANEL_PAD + chunk.x
        if chunk.group.caption and id(chunk) in captioned:
            draw_text(draw, (left, below - 4), chunk.group.caption, CAPTION_PX, GOLD, bold=True)
    return bottom, cards


def _captioned(chunks: list[Chunk]) -> list[Chunk]:
    """Return the chunks whose group's caption goes under them: a group's first, but the
    last group's last, so "In hand: 245" reads after all the loose cards, not between rows
    (nothing follows the last group, so its caption has that row to itself)."""
    chosen = [c for c in chunks if c.first]
    if chunks and not chunks[-1].first:
        chosen = [c for c in chosen if c.group is not chunks[-1].group] + [chunks[-1]]
    return chosen


def _title_lines(spec: HandEndSpec) -> list[str]:
    return wrap_text(spec.title, TITLE_PX, WIDTH - 2 * MARGIN, bold=True) or [""]


def _score_lines(spec: HandEndSpec) -> list[tuple[int, str]]:
    """Return the score lines wrapped to the width, continuations indented: (indent, text)."""
    room = WIDTH - 2 * MARGIN
    lines: list[tuple[int, str]] = []
    for line in spec.score_lines:
        first, *rest = wrap_text(line, SCORE_PX, room) or [""]
        lines.append((0, first))
        lines += [(INDENT, part) for part in wrap_text(" ".join(rest), SCORE_PX, room - INDENT)]
    return lines


def _chart_height(spec: HandEndSpec, plot: int) -> int:
    """Return the room the chart takes under the score lines with a plot `plot` px tall
    (none without a chart)."""
    if spec.chart is None:
        return 0
    return CHART_GAP + chart_height(spec.chart, WIDTH - 2 * MARGIN, plot)


def _plot_height(spec: HandEndSpec, used: int) -> int:
    """Return the chart's plot height: what the picture's other parts (`used` px) leave of
    the height clients show uncut, between a floor that stays readable and the full plot."""
    return max(MIN_PLOT, min(PLOT_H, DISPLAY_HEIGHT - used - _chart_height(spec, 0)))


def _compact(spec: HandEndSpec, top: int) -> bool:
    """Whether to put the words beside the cards: only when stacked rows, the score lines
    and the chart at its smallest run too tall."""
    stacked = (sum(_panel_height(_chunks(r)) + ROW_GAP for r in spec.rows)
               + len(_score_lines(spec)) * SCORE_H + _chart_height(spec, MIN_PLOT))
    return top + stacked + MARGIN > DISPLAY_HEIGHT and rows_fit(spec.rows)


def _draw_rows(image: Image.Image, draw: ImageDraw.ImageDraw, spec: HandEndSpec, y: int,
               compact: bool) -> tuple[int, list[Placed]]:
    """Draw every revealed hand from `y`; return the y under them and where the cards went."""
    column = column_width(spec.rows) if compact else 0
    cards: list[Placed] = []
    for row in spec.rows:
        if compact:
            y, placed = draw_row(image, draw, row, y, column)
        else:
            y, placed = _draw_row(image, draw, row, y)
            y += ROW_GAP
        cards += placed
    return y, cards


def _compose(spec: HandEndSpec) -> tuple[Image.Image, list[Placed]]:
    """Draw the revealed hands and score lines; return the picture and its cards."""
    titles, scores = _title_lines(spec), _score_lines(spec)
    top = MARGIN + len(titles) * HEADER_H + 6
    compact = _compact(spec, top)
    panels = rows_height(spec.rows) if compact else sum(
        _panel_height(_chunks(r)) + ROW_GAP for r in spec.rows)
    used = top + panels + len(scores) * SCORE_H + MARGIN
    plot = _plot_height(spec, used)
    image, draw = new_canvas(WIDTH, used + _chart_height(spec, plot))
    for i, line in enumerate(titles):
        draw_text(draw, (MARGIN, MARGIN + i * HEADER_H + HEADER_H // 2), line, TITLE_PX, TEXT,
                  bold=True, anchor="lm")
    y, cards = _draw_rows(image, draw, spec, top, compact)
    for indent, line in scores:
        draw_text(draw, (MARGIN + indent, y + SCORE_H // 2), line, SCORE_PX, TEXT, anchor="lm")
        y += SCORE_H
    if spec.chart is not None:
        image.paste(draw_chart(spec.chart, WIDTH - 2 * MARGIN, plot), (MARGIN, y + CHART_GAP))
    return image, cards


def draw_hand_end(spec: HandEndSpec) -> Image.Image:
    """Draw the revealed hands and score lines as an RGB image."""
    return _compose(spec)[0]


def layout_hand_end(spec: HandEndSpec) -> list[tuple[str, Box]]:
    """Return each revealed card with the box of its part left in view."""
    return [(p.item.code, p.visible) for p in _compose(spec)[1]]
