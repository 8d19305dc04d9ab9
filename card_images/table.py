"""The public table: title, stock, discard pile, knock card, then every seat (see seats.py).

Drawn at Discord's display width, so what is drawn is what a player sees, pixel for pixel.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from .faces import card_back, card_face, normalize, paste
from .layout import (
    Chunk,
    Group,
    Item,
    Placed,
    draw_cards,
    draw_labels,
    flow,
    place_cards,
    rows_used,
)
from .seats import choose_columns, draw_seats, plan_seats, seats_height
from .specs import MAX_SEATS, TableSpec
from .style import (
    DISPLAY_WIDTH,
    GOLD,
    MUTED,
    NORMAL,
    SMALL,
    TEXT,
    Box,
    CardSize,
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
LINE_H = 22  # one line of 17 px text
CAPTION_PX = 17
PILE_GAP = 16
SECTION_GAP = 8
SPREAD_ROW_H = SMALL.h + 4 + SMALL.label_px + 4


def _pile_size(spec: TableSpec) -> CardSize:
    """Small piles beside a spread pile (it needs the room), full-size ones otherwise."""
    return SMALL if spec.discard_spread else NORMAL


# --- stock, knock card and discard pile ---------------------------------------------------


def _empty_slot(draw: ImageDraw.ImageDraw, x: int, y: int, size: CardSize) -> None:
    """Draw the outline of an empty pile."""
    draw.rounded_rectangle((x, y, x + size.w, y + size.h), radius=size.radius, outline=MUTED,
                           width=2)
    if text_width("empty", CAPTION_PX) <= size.w - 6:
        draw_text(draw, (x + size.w // 2, y + size.h // 2), "empty", CAPTION_PX, MUTED,
                  anchor="mm")


def _pile(image: Image.Image, draw: ImageDraw.ImageDraw, xy: tuple[int, int], size: CardSize,
          card: str | None, caption: str) -> tuple[int, list[Placed]]:
    """Draw one pile (a back, a face or an empty slot) and its caption.

    `card` is "back" for the stock. Return the x after the pile and the face drawn, if any.
    """
    x, y = xy
    caption_w = text_width(caption, CAPTION_PX, True)
    x += max(0, (caption_w - size.w) // 2)  # keep a wide caption inside the picture
    placed: list[Placed] = []
    if card is None:
        _empty_slot(draw, x, y, size)
    elif card == "back":
        paste(image, card_back(size), (x, y))
    else:
        box = (x, y, x + size.w, y + size.h)
        placed.append(Placed(Item(card), box, box))
        paste(image, card_face(card, size), (x, y))
    draw_text(draw, (x + size.w // 2, y + size.h + 6), caption, CAPTION_PX, TEXT, bold=True,
              anchor="mt")
    return xy[0] + max(size.w, caption_w) + PILE_GAP, placed


def _piles(spec: TableSpec) -> list[tuple[str | None, str]]:
    """Return the stock and knock card piles: what each shows and its caption."""
    piles: list[tuple[str | None, str]] = []
    if spec.stock_count is not None:
        piles.append(("back" if spec.stock_count > 0 else None,
                      spec.stock_caption or f"Stock: {spec.stock_count}"))
    if spec.knock_card is not None:
        piles.append((normalize(spec.knock_card), spec.knock_caption or "Knock card"))
    return piles


def _spread_x(spec: TableSpec) -> int:
    size = _pile_size(spec)
    return MARGIN + sum(max(size.w, text_width(caption, CAPTION_PX, True)) + PILE_GAP
                        for _, caption in _piles(spec))


def _spread_chunks(spec: TableSpec) -> list[Chunk]:
    """Lay the whole discard pile out in order, its top card (the last) outlined."""
    codes = [normalize(c) for c in spec.discard]
    items = [Item(code, "highlight" if i == len(codes) - 1 else "",
                  str(i + 1) if spec.discard_numbers else "") for i, code in enumerate(codes)]
    return flow([Group(items)], WIDTH - MARGIN - _spread_x(spec), SMALL, 0)


def _spread_caption(spec: TableSpec) -> str:
    """Return the pile's caption, shortened when the piles beside it leave little room."""
    n = len(spec.discard)
    if spec.discard_caption:  # the caller's translation
        full, short = spec.discard_caption, spec.discard_caption_short or spec.discard_caption
    elif not n:
        return "Discard pile: empty"
    else:
        short = f"Discard pile: {n} cards"
        full = (f"{short}, 1 = bottom, {n} = top" if spec.discard_numbers
                else f"{short}, top on the right")
    room = WIDTH - MARGIN - _spread_x(spec)
    fits = text_width(full, CAPTION_PX, True) <= room
    return full if fits else fit_text(short, CAPTION_PX, room, True)


def _draw_spread(image: Image.Image, draw: ImageDraw.ImageDraw, spec: TableSpec,
                 y: int) -> list[Placed]:
    x = _spread_x(spec)
    draw_text(draw, (x, y), _spread_caption(spec), CAPTION_PX, TEXT, bold=True)
    top = y + LINE_H + 2
    placed: list[Placed] = []
    for chunk in _spread_chunks(spec):
        row_y = top + chunk.row * SPREAD_ROW_H
        cards = place_cards(chunk, x, row_y, SMALL)
        draw_cards(image, cards, SMALL)
        draw_labels(draw, cards, row_y + SMALL.h + 4, SMALL, TEXT, bold=True)
        placed += cards
    return placed


def _centre_height(spec: TableSpec) -> int:
    piles = _pile_size(spec).h + 6 + CAPTION_PX + 4
    if spec.discard_spread:
        rows = max(1, rows_used(_spread_chunks(spec)))
        return max(piles, LINE_H + 2 + rows * SPREAD_ROW_H - 4)
    return piles


def _draw_centre(image: Image.Image, draw: ImageDraw.ImageDraw, spec: TableSpec,
                 y: int) -> list[Placed]:
    """Draw stock, knock card and discard pile side by side; return the faces drawn."""
    x, size, placed = MARGIN, _pile_size(spec), []
    for card, caption in _piles(spec):
        x, faces = _pile(image, draw, (x, y), size, card, caption)
        placed += faces
    if spec.discard_spread:
        return placed + _draw_spread(image, draw, spec, y)
    top = normalize(spec.discard[-1]) if spec.discard else None
    return placed + _pile(image, draw, (x, y), size, top, spec.discard_caption or "Discard")[1]


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


def _compose(spec: TableSpec) -> tuple[Image.Image, list[Placed]]:
    """Draw the table; return the picture and where every face-up card went."""
    if len(spec.seats) > MAX_SEATS:
        raise ValueError(f"at most {MAX_SEATS} seats, got {len(spec.seats)}")
    cols = choose_columns(spec, CONTENT)
    plans = plan_seats(spec, CONTENT, cols)
    seats_y = MARGIN + _header_height(spec) + _centre_height(spec) + SECTION_GAP
    footer_y = seats_y + (seats_height(plans, cols) + SECTION_GAP if plans else 0)
    image, draw = new_canvas(WIDTH, footer_y + len(_footer_lines(spec)) * LINE_H + MARGIN)
    _draw_header(draw, spec)
    placed = _draw_centre(image, draw, spec, MARGIN + _header_height(spec))
    placed += draw_seats(image, draw, plans, (MARGIN, seats_y), CONTENT, cols)
    _draw_footer(draw, spec, footer_y)
    return image, placed


def draw_table(spec: TableSpec) -> Image.Image:
    """Draw the public table as an RGB image."""
    return _compose(spec)[0]


def layout_table(spec: TableSpec) -> list[tuple[str, Box]]:
    """Return each face-up card drawn with the box of its part left in view."""
    return [(p.item.code, p.visible) for p in _compose(spec)[1]]
