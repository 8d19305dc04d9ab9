"""The piles panel: stock, face-up piles and discard pile, side by side, captioned.

The discard pile shows its top card, or its last few cards as history (smaller, under
the top card's left edge, each with the tag of who threw it), or the whole pile spread.
The order of play, when given, is written at the right of the captions or under them.
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
    draw_tag,
    flow,
    place_cards,
    rows_used,
)
from .specs import PilesPanel
from .style import (
    DISPLAY_WIDTH,
    MUTED,
    NORMAL,
    SMALL,
    TEXT,
    CardSize,
    draw_text,
    fit_text,
    text_width,
)

WIDTH = DISPLAY_WIDTH
MARGIN = 10
LINE_H = 22  # one line of 17 px text
CAPTION_PX = 17
PILE_GAP = 16
SPREAD_ROW_H = SMALL.h + 4 + SMALL.label_px + 4
BADGE_PX = 17
BADGE_H = BADGE_PX + 8
BADGE_LINE = BADGE_H + 4  # the row of thrower tags under the discards
HISTORY_STEP = SMALL.step + 4  # a little more than the index: room for each thrower's tag


def _pile_size(spec: PilesPanel) -> CardSize:
    """Small piles beside a spread pile (it needs the room), full-size ones otherwise."""
    return SMALL if spec.spread else NORMAL


# --- one pile --------------------------------------------------------------------------------


def _empty_slot(draw: ImageDraw.ImageDraw, x: int, y: int, size: CardSize,
                label: str = "empty") -> None:
    """Draw the outline of an empty pile, with its translated word when it fits."""
    draw.rounded_rectangle((x, y, x + size.w, y + size.h), radius=size.radius, outline=MUTED,
                           width=2)
    if text_width(label, CAPTION_PX) <= size.w - 6:
        draw_text(draw, (x + size.w // 2, y + size.h // 2), label, CAPTION_PX, MUTED,
                  anchor="mm")


def _pile(image: Image.Image, draw: ImageDraw.ImageDraw, xy: tuple[int, int], size: CardSize,
          card: str | None, caption: str, drop: int = 0, empty: str = "empty"
          ) -> tuple[int, list[Placed]]:
    """Draw one pile (a back, a face or an empty slot) and its caption `drop` px lower.

    `card` is "back" for the stock. Return the x after the pile and the face drawn, if any.
    """
    x, y = xy
    caption_w = text_width(caption, CAPTION_PX, True)
    x += max(0, (caption_w - size.w) // 2)  # keep a wide caption inside the picture
    placed: list[Placed] = []
    if card is None:
        _empty_slot(draw, x, y, size, empty)
    elif card == "back":
        paste(image, card_back(size), (x, y))
    else:
        box = (x, y, x + size.w, y + size.h)
        placed.append(Placed(Item(card), box, box))
        paste(image, card_face(card, size), (x, y))
    draw_text(draw, (x + size.w // 2, y + size.h + 6 + drop), caption, CAPTION_PX, TEXT,
              bold=True, anchor="mt")
    return xy[0] + max(size.w, caption_w) + PILE_GAP, placed


def _piles(spec: PilesPanel) -> list[tuple[str | None, str]]:
    """Return the stock and the face-up piles: what each shows and its caption."""
    piles: list[tuple[str | None, str]] = []
    if spec.stock_count is not None:
        piles.append(("back" if spec.stock_count > 0 else None,
                      spec.stock_caption or f"Stock: {spec.stock_count}"))
    return piles + [(normalize(pile.card), pile.caption) for pile in spec.face_up]


def _piles_width(spec: PilesPanel) -> int:
    """Return the width the stock and face-up piles take, each with the gap after it."""
    size = _pile_size(spec)
    return sum(max(size.w, text_width(caption, CAPTION_PX, True)) + PILE_GAP
               for _, caption in _piles(spec))


# --- the whole pile spread -------------------------------------------------------------------


def _spread_chunks(spec: PilesPanel) -> list[Chunk]:
    """Lay the whole discard pile out in order, its top card (the last) outlined."""
    codes = [normalize(c) for c in spec.discard]
    numbers = [str(i + 1) for i in range(len(codes))] if spec.numbers else []
    labels = [*(spec.labels or numbers), *[""] * len(codes)]
    items = [Item(code, "highlight" if i == len(codes) - 1 else "", labels[i])
             for i, code in enumerate(codes)]
    return flow([Group(items)], WIDTH - 2 * MARGIN - _piles_width(spec), SMALL, 0)


def _spread_caption(spec: PilesPanel) -> str:
    """Return the pile's caption, shortened when the piles beside it leave little room."""
    n = len(spec.discard)
    if spec.discard_caption:  # the caller's translation
        full, short = spec.discard_caption, spec.discard_caption_short or spec.discard_caption
    elif not n:
        return "Discard pile: empty"
    else:
        short = f"Discard pile: {n} cards"
        full = (f"{short}, 1 = bottom, {n} = top" if spec.numbers
                else f"{short}, top on the right")
    room = WIDTH - 2 * MARGIN - _piles_width(spec)
    fits = text_width(full, CAPTION_PX, True) <= room
    return full if fits else fit_text(short, CAPTION_PX, room, True)


def _draw_spread(image: Image.Image, draw: ImageDraw.ImageDraw, spec: PilesPanel,
                 y: int) -> list[Placed]:
    x = MARGIN + _piles_width(spec)
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


# --- the top card and the last discards under it ---------------------------------------------


def shown_discards(spec: PilesPanel) -> list[tuple[str, str]]:
    """Return the discards drawn with who threw them, bottom first (none when spread)."""
    if spec.spread or not spec.discard:
        return []
    by = [*spec.by[:len(spec.discard)], *[""] * len(spec.discard)]
    shown = 1 + max(0, spec.history)
    return [(normalize(code), by[i]) for i, code in enumerate(spec.discard)][-shown:]


def _with_history(spec: PilesPanel) -> bool:
    return not spec.spread and (spec.history > 0 or any(spec.by))


def _badge_drop(spec: PilesPanel) -> int:
    """Return how far the captions move down to leave room for the throwers' tags.

    Only a pile drawn with its history has tags: a tag makes the pile drawn that way.
    """
    return BADGE_LINE if any(by for _, by in shown_discards(spec)) else 0


def _history_cards(spec: PilesPanel, x: int, y: int) -> list[Placed]:
    """Place the last discards from `x`: the older ones small, then the top card.

    The older cards lie bottom-aligned, each showing its index strip; the top card is
    full size and outlined, the one a player may take. An empty pile places nothing.
    """
    *older, top = shown_discards(spec) or [("", "")]
    placed = []
    for i, (code, by) in enumerate(older):
        left, low = x + i * HISTORY_STEP, y + NORMAL.h - SMALL.h
        box = (left, low, left + SMALL.w, low + SMALL.h)
        placed.append(Placed(Item(code, "", by), box, (left, low, left + HISTORY_STEP, box[3])))
    left = x + len(older) * HISTORY_STEP
    box = (left, y, left + NORMAL.w, y + NORMAL.h)
    if top[0]:
        placed.append(Placed(Item(top[0], "highlight", top[1]), box, box))
    return placed


def _draw_tags(draw: ImageDraw.ImageDraw, placed: list[Placed], y: int) -> None:
    """Write each discard's thrower in the lay-off tag's look, under the part left in view."""
    for card in placed:
        if not card.item.label:
            continue
        x0, _, x1, _ = card.visible
        width = min(x1 - x0 - 2, text_width(card.item.label, BADGE_PX, True) + 10)
        if card.visible == card.box:  # the top card: a whole badge, centred
            width = text_width(card.item.label, BADGE_PX, True) + 10
        left = (x0 + x1 - width) // 2
        draw_tag(draw, (left, y, left + width, y + BADGE_H), card.item.label, BADGE_PX)


def _draw_history(image: Image.Image, draw: ImageDraw.ImageDraw, spec: PilesPanel,
                  xy: tuple[int, int]) -> list[Placed]:
    """Draw the last discards from `xy`, their throwers' tags and the pile's caption."""
    x, y = xy
    caption = spec.discard_caption or "Discard"
    older = max(0, len(shown_discards(spec)) - 1) * HISTORY_STEP
    top_x = x + max(older, (text_width(caption, CAPTION_PX, True) - NORMAL.w) // 2)
    placed = _history_cards(spec, top_x - older, y)
    if not placed:
        _empty_slot(draw, top_x, y, NORMAL, spec.empty_label)
    draw_cards(image, [p for p in placed if p.box[3] - p.box[1] == SMALL.h], SMALL)
    draw_cards(image, [p for p in placed if p.box[3] - p.box[1] == NORMAL.h], NORMAL)
    _draw_tags(draw, placed, y + NORMAL.h + 4)
    draw_text(draw, (top_x + NORMAL.w // 2, y + NORMAL.h + 6 + _badge_drop(spec)), caption,
              CAPTION_PX, TEXT, bold=True, anchor="mt")
    return placed


# --- the whole middle ------------------------------------------------------------------------


def centre_height(spec: PilesPanel) -> int:
    """Return the height of the piles with their captions."""
    piles = _pile_size(spec).h + 6 + CAPTION_PX + 4
    if spec.spread:
        rows = max(1, rows_used(_spread_chunks(spec)))
        return max(piles, LINE_H + 2 + rows * SPREAD_ROW_H - 4)
    return piles + _badge_drop(spec)


def centre_width(spec: PilesPanel) -> int:
    """Return how far from the left margin the piles reach (a spread pile: all the way)."""
    if spec.spread:
        return WIDTH - 2 * MARGIN
    caption = text_width(spec.discard_caption or "Discard", CAPTION_PX, True)
    older = max(0, len(shown_discards(spec)) - 1) if _with_history(spec) else 0
    return _piles_width(spec) + max(older * HISTORY_STEP + NORMAL.w, caption)


def draw_centre(image: Image.Image, draw: ImageDraw.ImageDraw, spec: PilesPanel,
                y: int) -> list[Placed]:
    """Draw stock, face-up piles and discard pile side by side; return the faces drawn."""
    x, size, placed = MARGIN, _pile_size(spec), []
    drop = _badge_drop(spec)
    for card, caption in _piles(spec):
        x, faces = _pile(image, draw, (x, y), size, card, caption, drop, spec.empty_label)
        placed += faces
    if spec.spread:
        return placed + _draw_spread(image, draw, spec, y)
    if _with_history(spec):
        return placed + _draw_history(image, draw, spec, (x, y))
    top = normalize(spec.discard[-1]) if spec.discard else None
    caption = spec.discard_caption or "Discard"
    return placed + _pile(image, draw, (x, y), size, top, caption, empty=spec.empty_label)[1]


# --- the order of play -----------------------------------------------------------------------


def _direction_inline(spec: PilesPanel) -> bool:
    """Whether the order of play fits at the right of the pile captions' line."""
    room = WIDTH - 2 * MARGIN - centre_width(spec) - 16
    return not spec.spread and text_width(spec.direction, CAPTION_PX) <= room


def _direction_height(spec: PilesPanel) -> int:
    """Return the height of the order of play's own line (none when beside the captions)."""
    return LINE_H if spec.direction and not _direction_inline(spec) else 0


def _draw_direction(draw: ImageDraw.ImageDraw, spec: PilesPanel, top: int) -> None:
    """Say the order of play at the right, on the captions' line or on a line under it."""
    if not spec.direction:
        return
    y = top + centre_height(spec) - CAPTION_PX - 4 if _direction_inline(spec) else (
        top + centre_height(spec) + 2)
    text = fit_text(spec.direction, CAPTION_PX, WIDTH - 2 * MARGIN)
    draw_text(draw, (WIDTH - MARGIN, y), text, CAPTION_PX, MUTED, anchor="rt")


# --- the panel -------------------------------------------------------------------------------


def piles_height(spec: PilesPanel) -> int:
    """Return the panel's height: the piles, their captions and the order of play."""
    return centre_height(spec) + _direction_height(spec)


def draw_piles(image: Image.Image, draw: ImageDraw.ImageDraw, spec: PilesPanel,
               top: int) -> list[Placed]:
    """Draw the panel from `top`; return the faces drawn."""
    placed = draw_centre(image, draw, spec, top)
    _draw_direction(draw, spec, top)
    return placed


def thrown_tags(spec: PilesPanel) -> set[str]:
    """Return the seat tags the panel shows under the discards."""
    return {by for _, by in shown_discards(spec) if by}
