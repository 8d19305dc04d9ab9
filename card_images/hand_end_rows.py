"""Compact rows for the end of a deal: the name, points and penalty beside the cards.

Seven revealed hands stacked the usual way (a header line over each row of cards) run
past the height clients show uncut; with the words in a column at the left, each hand
takes one row of cards, brackets under its melds, and seven fit in about 690 px.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from .faces import normalize
from .layout import (
    Chunk,
    Group,
    Item,
    Placed,
    draw_chunk,
    draw_joker_names,
    flow,
    marked,
    name_jokers,
    rows_used,
)
from .seats import draw_tags
from .specs import HandEndRow
from .style import (
    DISPLAY_WIDTH,
    GOLD,
    MUTED,
    PANEL,
    PANEL_EDGE,
    SMALL,
    TEXT,
    Color,
    draw_text,
    fit_text,
    text_width,
    wrap_text,
)

MARGIN = 10
PAD = 5
TEXT_PX = 17
LINE_H = 22
COLUMN_MAX = 128  # wider words wrap or are cut: ten cards in four groups still fit beside
COLUMN_GAP = 10
GROUP_GAP = 6  # the brackets under the melds keep them apart
ROW_H = 2 * PAD + SMALL.h + 8  # cards and the brackets under them
ROW_GAP = 5


def _words(row: HandEndRow) -> list[tuple[str, Color, bool]]:
    """Return the column's pieces with colour and boldness: name, points, penalty."""
    lines = [(row.name, TEXT, True), (row.points, GOLD, True),
             (f"{row.loose_label}: {row.loose_value}", MUTED, False)]
    return [line for line in lines if line[0]]


def _lines(row: HandEndRow, width: int) -> list[tuple[str, Color, bool]]:
    """Return the column's lines `width` px wide: long points wrap onto a second line."""
    lines = []
    for text, color, bold in _words(row):
        wrapped = wrap_text(text, TEXT_PX, width, bold) if color == GOLD else [text]
        if len(wrapped) > 2:
            wrapped = [wrapped[0], " ".join(wrapped[1:])]
        lines += [(fit_text(line, TEXT_PX, width, bold), color, bold) for line in wrapped]
    return lines


def column_width(rows: Sequence[HandEndRow]) -> int:
    """Return the width of the words' column: the widest line of any row, at most a cap."""
    widest = max(text_width(text, TEXT_PX, bold)
                 for row in rows for text, _, bold in _words(row))
    return min(widest, COLUMN_MAX)


def meld_groups(row: HandEndRow) -> list[Group]:
    """Return the row's melds bracketed, the cards others laid off on them marked and
    tagged with who laid them off."""
    tags = [*row.laid_off_tags, *[""] * (len(row.laid_off) - len(row.laid_off_tags))]
    waiting = [(normalize(c), tag) for c, tag in zip(row.laid_off, tags)]
    stands = iter(row.joker_for)
    groups = []
    for meld in row.melds:
        items = []
        for code in (normalize(c) for c in meld):
            hit = next((pair for pair in waiting if pair[0] == code), None)
            if hit is not None:
                waiting.remove(hit)
            items.append(Item(code) if hit is None else Item(code, "laid_off", hit[1]))
        groups.append(Group(name_jokers(items, stands), bracket=True))
    return groups


def draw_meld_cards(image: Image.Image, draw: ImageDraw.ImageDraw, chunk: Chunk,
                    xy: tuple[int, int], gap: int) -> list[Placed]:
    """Draw a chunk of a revealed hand: its cards, jokers' names, lay-offs' tags."""
    placed = draw_chunk(image, draw, chunk, xy, SMALL, gap)
    draw_joker_names(draw, placed, SMALL)
    draw_tags(draw, placed)
    return placed


def _chunks(row: HandEndRow, room: int) -> list[Chunk]:
    groups = meld_groups(row)
    if row.loose:
        groups.append(Group(marked(row.loose, [], "")))
    return flow(groups, room, SMALL, GROUP_GAP)


def _room(column: int) -> int:
    return DISPLAY_WIDTH - 2 * MARGIN - 2 * PAD - column - COLUMN_GAP


def rows_fit(rows: Sequence[HandEndRow]) -> bool:
    """Whether every hand takes one row of cards beside the words (lay-offs need captions)."""
    if not rows or any(row.layoffs for row in rows):
        return False
    room = _room(column_width(rows))
    return room > 0 and all(rows_used(_chunks(row, room)) <= 1 for row in rows)


def rows_height(rows: Sequence[HandEndRow]) -> int:
    """Return the height of the rows drawn this way."""
    return len(rows) * (ROW_H + ROW_GAP)


def _draw_words(draw: ImageDraw.ImageDraw, row: HandEndRow, xy: tuple[int, int],
                width: int) -> None:
    """Write the name, the points in gold and the penalty muted, one under the other."""
    lines = _lines(row, width)
    step = min(LINE_H, (ROW_H - 2 * PAD) // max(1, len(lines)))  # four lines close up a bit
    x, y = xy
    for i, (text, color, bold) in enumerate(lines):
        draw_text(draw, (x, y + i * step + step // 2), text, TEXT_PX, color, bold=bold,
                  anchor="lm")


def draw_row(image: Image.Image, draw: ImageDraw.ImageDraw, row: HandEndRow, y: int,
             column: int) -> tuple[int, list[Placed]]:
    """Draw one revealed hand at `y`, its words in a column `column` px wide.

    Return the y under it and where its cards went.
    """
    x0, x1 = MARGIN, DISPLAY_WIDTH - MARGIN
    draw.rounded_rectangle((x0, y, x1, y + ROW_H), radius=10, fill=PANEL, outline=PANEL_EDGE)
    _draw_words(draw, row, (x0 + PAD, y + PAD), column)
    left, cards = x0 + PAD + column + COLUMN_GAP, []
    for chunk in _chunks(row, _room(column)):
        cards += draw_meld_cards(image, draw, chunk, (left, y + PAD), 6)
    return y + ROW_H + ROW_GAP, cards
