"""The public table: stock, discard pile, knock card and every seat's melds and counts."""

from __future__ import annotations

from PIL import Image, ImageDraw

from .faces import card_back, card_face, normalize, paste
from .layout import (
    Chunk,
    Group,
    Item,
    draw_badge,
    draw_cards,
    draw_labels,
    flow,
    marked,
    place_cards,
    rows_used,
    without,
)
from .specs import MAX_SEATS, MeldSpec, SeatSpec, TableSpec
from .style import (
    BLACK,
    FELT,
    GOLD,
    LAID_OFF,
    MINI,
    MUTED,
    NORMAL,
    PANEL,
    PANEL_EDGE,
    PANEL_TURN,
    SMALL,
    TEXT,
    draw_text,
    fit_text,
    new_canvas,
    text_width,
)

WIDTH = 960
MARGIN = 14
TITLE_PX = 22
STATUS_PX = 18
CAPTION_PX = 16
PILE_GAP = 24
COL_GAP = 12
ROW_GAP = 10
PANEL_PAD = 10
HEADER_H = 30
INFO_W = 134  # left column of a seat under its name: score and card count
LINE_H = 26
NAME_PX = 20
INFO_PX = 18
NOTE_PX = 16
BADGE_PX = 15
MELD_GAP = 8
MELD_ROW_H = SMALL.h + 8
SPREAD_ROW_H = SMALL.h + 6 + SMALL.label_px + 6
MAX_BACKS = 6  # more tiny backs say nothing more; the number beside them does


def _panel_width(cols: int) -> int:
    return (WIDTH - 2 * MARGIN - (cols - 1) * COL_GAP) // cols


def _meld_group(meld: MeldSpec) -> Group:
    """Turn a meld into a drawing group, laid-off cards marked (appended if not listed)."""
    extra = without(meld.laid_off, meld.cards)
    items = marked(list(meld.cards) + extra, meld.laid_off, "laid_off")
    lead = max(BADGE_PX + 8, text_width(meld.label, BADGE_PX, True) + 10) + 4
    return Group(items, badge=meld.label, lead=lead)


def _seat_chunks(seat: SeatSpec, panel_w: int) -> list[Chunk]:
    """Flow a seat's melds: beside the score and count first, then across the whole panel."""
    width = panel_w - 2 * PANEL_PAD
    groups = [_meld_group(m) for m in seat.melds]
    return flow(groups, width, SMALL, MELD_GAP, first_width=width - INFO_W)


def _seat_height(seat: SeatSpec, chunks: list[Chunk]) -> int:
    info = 2 * LINE_H
    melds = rows_used(chunks) * MELD_ROW_H - 8 if chunks else LINE_H
    return 2 * PANEL_PAD + HEADER_H + max(info, melds)


def _grid_rows(spec: TableSpec, cols: int) -> list[list[SeatSpec]]:
    return [spec.seats[i:i + cols] for i in range(0, len(spec.seats), cols)]


def _grid_row_height(row: list[SeatSpec], panel_w: int) -> int:
    return max(_seat_height(s, _seat_chunks(s, panel_w)) for s in row)


def _seats_height(spec: TableSpec, cols: int) -> int:
    rows = _grid_rows(spec, cols)
    return sum(_grid_row_height(r, _panel_width(cols)) + ROW_GAP for r in rows)


def _columns(spec: TableSpec) -> int:
    """Seats side by side, unless melds get so cramped that stacking them is shorter."""
    if len(spec.seats) <= 1:
        return 1
    return 1 if _seats_height(spec, 1) < _seats_height(spec, 2) else 2


# --- stock, knock card and discard pile ---------------------------------------------------


def _empty_slot(draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
    """Draw the outline of an empty pile."""
    draw.rounded_rectangle((x, y, x + NORMAL.w, y + NORMAL.h), radius=NORMAL.radius,
                           outline=MUTED, width=2)
    draw_text(draw, (x + NORMAL.w // 2, y + NORMAL.h // 2), "empty", 14, MUTED, anchor="mm")


def _pile(image: Image.Image, draw: ImageDraw.ImageDraw, xy: tuple[int, int],
          face: Image.Image | None, caption: str) -> int:
    """Draw one pile (a card or an empty slot) with its caption; return the x after it."""
    x, y = xy
    caption_w = text_width(caption, CAPTION_PX, True)
    x += max(0, (caption_w - NORMAL.w) // 2)  # keep a wide caption inside the picture
    if face is None:
        _empty_slot(draw, x, y)
    else:
        paste(image, face, (x, y))
    draw_text(draw, (x + NORMAL.w // 2, y + NORMAL.h + 6), caption, CAPTION_PX, TEXT, bold=True,
              anchor="mt")
    return xy[0] + max(NORMAL.w, caption_w) + PILE_GAP


def _spread_x(spec: TableSpec) -> int:
    x = MARGIN
    for caption, shown in ((spec.stock_caption, spec.stock_count is not None),
                           (spec.knock_caption, spec.knock_card is not None)):
        if shown:
            x += max(NORMAL.w, text_width(caption, CAPTION_PX, True)) + PILE_GAP
    return x


def _spread_chunks(spec: TableSpec) -> list[Chunk]:
    """Lay the whole discard pile out in order, its top card (the last) outlined."""
    codes = [normalize(c) for c in spec.discard]
    items = [Item(code, "highlight" if i == len(codes) - 1 else "",
                  str(i + 1) if spec.discard_numbers else "") for i, code in enumerate(codes)]
    return flow([Group(items)], WIDTH - MARGIN - _spread_x(spec), SMALL, 0)


def _draw_spread(image: Image.Image, draw: ImageDraw.ImageDraw, spec: TableSpec, y: int) -> None:
    x = _spread_x(spec)
    draw_text(draw, (x, y), spec.discard_caption, CAPTION_PX, TEXT, bold=True)
    top = y + CAPTION_PX + 8
    for chunk in _spread_chunks(spec):
        row_y = top + chunk.row * SPREAD_ROW_H
        placed = place_cards(chunk, x, row_y, SMALL)
        draw_cards(image, placed, SMALL)
        draw_labels(draw, placed, row_y + SMALL.h + 4, SMALL, TEXT, bold=True)


def _centre_height(spec: TableSpec) -> int:
    piles = NORMAL.h + 6 + CAPTION_PX + 4
    if spec.discard_spread:
        rows = max(1, rows_used(_spread_chunks(spec)))
        return max(piles, CAPTION_PX + 8 + rows * SPREAD_ROW_H - 6)
    return piles


def _draw_centre(image: Image.Image, draw: ImageDraw.ImageDraw, spec: TableSpec, y: int) -> None:
    """Draw stock, knock card and discard pile side by side."""
    x = MARGIN
    if spec.stock_count is not None:
        back = card_back(NORMAL) if spec.stock_count > 0 else None
        x = _pile(image, draw, (x, y), back, spec.stock_caption)
    if spec.knock_card is not None:
        face = card_face(normalize(spec.knock_card), NORMAL)
        x = _pile(image, draw, (x, y), face, spec.knock_caption)
    if spec.discard_spread:
        _draw_spread(image, draw, spec, y)
        return
    top = card_face(normalize(spec.discard[-1]), NORMAL) if spec.discard else None
    _pile(image, draw, (x, y), top, spec.discard_caption)


# --- seats ---------------------------------------------------------------------------------


def _draw_count(image: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int, count: int,
                label: str) -> None:
    """Show a hand's size as a fan of tiny backs and a number, never its cards."""
    back = card_back(MINI)
    for i in range(min(count, MAX_BACKS)):
        paste(image, back, (x + i * MINI.step, y))
    text_x = x + (MINI.span(min(count, MAX_BACKS)) + 6 if count else 0)
    draw_text(draw, (text_x, y + MINI.h // 2), label or str(count), INFO_PX, TEXT, anchor="lm")


def _draw_header(draw: ImageDraw.ImageDraw, seat: SeatSpec, x: int, y: int, right: int,
                 badge: str) -> None:
    """Draw the seat's name and note; the seat to play gets an arrow and a badge."""
    mid = y + HEADER_H // 2
    if seat.is_turn:
        draw_text(draw, (x, mid), "▶", NAME_PX, GOLD, anchor="lm")
        x += NAME_PX + 4
        badge_w = text_width(badge, BADGE_PX, True) + 10
        right -= badge_w
        draw_badge(draw, (right, mid - (BADGE_PX + 8) // 2), badge, BADGE_PX, GOLD, BLACK)
        right -= 10
    name_w = min(text_width(seat.name, NAME_PX, True), (right - x) * 3 // 5)
    if seat.note:  # the note takes what the name leaves, right-aligned
        note = fit_text(seat.note, NOTE_PX, right - x - name_w - 16)
        draw_text(draw, (right, mid), note, NOTE_PX, MUTED, anchor="rm")
    else:
        name_w = right - x
    name = fit_text(seat.name, NAME_PX, name_w, bold=True)
    draw_text(draw, (x, mid), name, NAME_PX, GOLD if seat.is_turn else TEXT, bold=True,
              anchor="lm")


def _draw_info(image: Image.Image, draw: ImageDraw.ImageDraw, seat: SeatSpec, x: int,
               y: int) -> None:
    """Draw a seat's score and card count, one per line."""
    draw_text(draw, (x, y + LINE_H // 2), fit_text(seat.score, INFO_PX, INFO_W - 8), INFO_PX,
              TEXT, anchor="lm")
    _draw_count(image, draw, x, y + LINE_H + (LINE_H - MINI.h) // 2, seat.card_count,
                seat.count_label)


def _draw_seat(image: Image.Image, draw: ImageDraw.ImageDraw, seat: SeatSpec,
               box: tuple[int, int, int, int], spec: TableSpec) -> None:
    """Draw one seat's panel in `box`: name on top, facts left, melds right."""
    x0, y0, x1, _ = box
    fill, edge = (PANEL_TURN, GOLD) if seat.is_turn else (PANEL, PANEL_EDGE)
    draw.rounded_rectangle(box, radius=10, fill=fill, outline=edge,
                           width=3 if seat.is_turn else 1)
    _draw_header(draw, seat, x0 + PANEL_PAD, y0 + PANEL_PAD, x1 - PANEL_PAD, spec.turn_label)
    top = y0 + PANEL_PAD + HEADER_H
    _draw_info(image, draw, seat, x0 + PANEL_PAD, top)
    left = x0 + PANEL_PAD + INFO_W
    chunks = _seat_chunks(seat, x1 - x0)
    if not chunks:
        draw_text(draw, (left, top + LINE_H // 2), spec.no_melds_label, NOTE_PX, MUTED,
                  anchor="lm")
    for chunk in chunks:
        row_y = top + chunk.row * MELD_ROW_H
        row_left = left if chunk.row == 0 else x0 + PANEL_PAD
        if chunk.first and chunk.group.badge:
            draw_badge(draw, (row_left + chunk.x, row_y), chunk.group.badge, BADGE_PX,
                       GOLD if seat.is_turn else MUTED, BLACK)
        draw_cards(image, place_cards(chunk, row_left, row_y, SMALL), SMALL)


def _draw_seats(image: Image.Image, draw: ImageDraw.ImageDraw, spec: TableSpec, y: int,
                cols: int) -> int:
    """Draw the seats in a grid, panels of one row equally tall; return the y below."""
    panel_w = _panel_width(cols)
    for row in _grid_rows(spec, cols):
        height = _grid_row_height(row, panel_w)
        for col, seat in enumerate(row):
            x = MARGIN + col * (panel_w + COL_GAP)
            _draw_seat(image, draw, seat, (x, y, x + panel_w, y + height), spec)
        y += height + ROW_GAP
    return y


# --- whole picture -------------------------------------------------------------------------


def _has_layoffs(spec: TableSpec) -> bool:
    return any(m.laid_off for s in spec.seats for m in s.melds)


def _header_height(spec: TableSpec) -> int:
    return TITLE_PX + 12 + (STATUS_PX + 10 if spec.status else 0)


def _footer_height(spec: TableSpec) -> int:
    return (bool(spec.footer) + _has_layoffs(spec)) * (NOTE_PX + 8)


def _height(spec: TableSpec, cols: int) -> int:
    seats = _seats_height(spec, cols)
    return (MARGIN + _header_height(spec) + _centre_height(spec) + 12 + seats
            + _footer_height(spec) + MARGIN - (ROW_GAP if not _footer_height(spec) else 0))


def _draw_title(draw: ImageDraw.ImageDraw, spec: TableSpec) -> None:
    room = WIDTH - 2 * MARGIN
    draw_text(draw, (MARGIN, MARGIN), fit_text(spec.title, TITLE_PX, room, True), TITLE_PX,
              TEXT, bold=True)
    if spec.status:
        draw_text(draw, (MARGIN, MARGIN + TITLE_PX + 12), fit_text(spec.status, STATUS_PX, room),
                  STATUS_PX, GOLD)


def _draw_footer(draw: ImageDraw.ImageDraw, spec: TableSpec, y: int) -> None:
    if _has_layoffs(spec):
        draw.rounded_rectangle((MARGIN, y + 1, MARGIN + 14, y + 17), radius=3, fill=FELT,
                               outline=LAID_OFF, width=3)
        draw_text(draw, (MARGIN + 22, y), spec.laid_off_label, NOTE_PX, MUTED)
        y += NOTE_PX + 8
    if spec.footer:
        draw_text(draw, (MARGIN, y), fit_text(spec.footer, NOTE_PX, WIDTH - 2 * MARGIN), NOTE_PX,
                  MUTED)


def draw_table(spec: TableSpec) -> Image.Image:
    """Draw the public table as an RGB image."""
    if len(spec.seats) > MAX_SEATS:
        raise ValueError(f"at most {MAX_SEATS} seats, got {len(spec.seats)}")
    cols = _columns(spec)
    image, draw = new_canvas(WIDTH, _height(spec, cols))
    _draw_title(draw, spec)
    y = MARGIN + _header_height(spec)
    _draw_centre(image, draw, spec, y)
    y = _draw_seats(image, draw, spec, y + _centre_height(spec) + 12, cols)
    _draw_footer(draw, spec, y)
    return image
