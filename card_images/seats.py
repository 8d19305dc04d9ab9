"""One seat of the public table: name, card count, score and the melds the seat owns.

A card laid off on someone else's meld stays in that meld, outlined, with the tag of
the player who laid it off (the same tag stands beside that player's name). A seat out
of the game is grey, its name struck through. seat_grid.py lays the seats out together.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from .faces import card_back, normalize, paste
from .layout import (
    Chunk,
    Group,
    Item,
    Placed,
    draw_badge,
    draw_cards,
    draw_joker_names,
    draw_tag,
    flow,
    name_jokers,
    place_cards,
    rows_used,
    without,
)
from .specs import MeldSpec, SeatSpec
from .style import (
    BLACK,
    GOLD,
    LAID_OFF,
    MINI,
    MUTED,
    OUT_PANEL,
    OUT_TEXT,
    PANEL,
    PANEL_EDGE,
    PANEL_TURN,
    SMALL,
    TEXT,
    Color,
    draw_text,
    fit_text,
    font,
    text_width,
)

NAME_PX = 19
INFO_PX = 17
BADGE_PX = 17
PANEL_PAD = 6
HEADER_H = 26
INFO_H = 24
PART_GAP = 22  # between the pieces of the info line, a dot in the middle
MELD_GAP = 10
MELD_ROW_H = SMALL.h + 6
CHIP_H = 22
MAX_BACKS = 6  # more tiny backs say nothing more; the number beside them does
CELL_PX = 17
CELL_GAP = 18


def seat_tags(names: Sequence[str]) -> list[str]:
    """Return a two-character tag per seat, unique among the seats and hard to misread.

    A name with a number of one digit gives its initial and that digit ("Computer 2 (hard)"
    -> "C2"). Any other name gives its initial in capitals and its next letter in small
    ones, but "L" for an "l", which the table's font draws as a capital I ("Alice" -> "AL",
    never "Al", read "AI"; "Lia" -> "Li"; "Ilaria" -> "IL"): never one capital, which is how
    melds are named. Names whose tags clash take the first later letter that tells them
    apart ("Marco", "Mario" -> "Mc", "Mi"); a name with no letter the font draws (emoji,
    scripts it lacks), or one no letter tells apart, gets "#" and its seat number.
    """
    letters = [_letters(name) for name in names]
    tags = [_tag(name, chars) for name, chars in zip(names, letters, strict=True)]
    for at in range(2, max(map(len, letters), default=0)):
        clashing = _clashing(tags)
        if not clashing:
            break
        for i in clashing:
            if len(letters[i]) > at:
                tags[i] = letters[i][0].upper() + _small(letters[i][at])
    return [f"#{i + 1}" if i in _clashing(tags) or not tags[i] else tag
            for i, tag in enumerate(tags)]


def _clashing(tags: Sequence[str]) -> set[int]:
    return {i for i, tag in enumerate(tags) if tags.count(tag) > 1}


def _letters(name: str) -> str:
    """Return the name's letters and digits that the table's font draws."""
    return "".join(c for c in name if c.isalnum() and drawable(c))


def _small(char: str) -> str:
    """Return a tag's second letter: small, but "L" for an "l" (a bar, as a capital I is)."""
    small = char.lower()
    return "L" if small == "l" else small


def _tag(name: str, letters: str) -> str:
    if not letters:
        return ""
    initial = letters[0].upper() if len(letters[0].upper()) == 1 else letters[0]
    number = re.search(r"(?<!\d)(\d)(?!\d)", name)
    if number and number.group(1) != letters[0]:
        return initial + number.group(1)
    return initial + _small(letters[1]) if len(letters) > 1 else ""


@lru_cache(maxsize=1024)
def drawable(char: str) -> bool:
    """Whether the shipped bold font has a glyph for `char` (else it draws an empty box)."""
    face = font(BADGE_PX, True)
    mask, missing = face.getmask(char), face.getmask(_NO_GLYPH)
    return (mask.size, bytes(mask)) != (missing.size, bytes(missing))


_NO_GLYPH = "\U0010fffd"  # a private-use code point no font we ship draws


# --- a compact row's figures (seat_rows.py lays the rows out) ----------------------------------


def seat_inks(seat: SeatSpec) -> tuple[Color, Color]:
    """Return the seat's text colour and muted colour: both grey once it is out."""
    return (OUT_TEXT, OUT_TEXT) if seat.out else (TEXT, MUTED)


def cells(seat: SeatSpec, count: int) -> list[str]:
    """Return a row's figures: the card count as a bare number, the score, the detail.

    A seat out of the game holds no cards: its count says nothing and is left blank.
    """
    held = "" if seat.out and not seat.card_count else str(seat.card_count)
    return [held, seat.score, seat.detail][:count]


def cells_width(columns: Sequence[int]) -> int:
    """Return the width of a row's figures, gaps included."""
    return sum(columns) + CELL_GAP * (len(columns) - 1)


def right_edges(columns: Sequence[int], right: int) -> list[int]:
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
    for j, (edge, text) in enumerate(zip(right_edges(columns, right), figures, strict=True)):
        text = fit_text(text, CELL_PX, columns[j])
        draw_text(draw, (edge, mid), text, CELL_PX, muted if j == 2 else ink, anchor="rm")



# --- one seat ------------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatPlan:
    """One seat's panel laid out: its meld chunks, info line pieces and height.

    With `one_line` the card count and score sit at the right of the name's line,
    otherwise on a line of their own under it. `columns`, when given, are the widths of
    a compact row's figures (seat_rows.py), shared by every row so they line up.
    """

    seat: SeatSpec
    tag: str  # shown beside the name when the table shows lay-offs
    chunks: list[Chunk]
    parts: list[str]  # the info line after the card count: score, detail, "no melds"
    one_line: bool
    below: str  # "no melds" on a line of its own when the info line has no room for it
    height: int
    columns: tuple[int, ...] = ()


def _meld_items(meld: MeldSpec, tags: Sequence[str]) -> list[Item]:
    """Return the meld's cards, each laid-off one marked and labelled with its layer's tag."""
    layers = list(meld.laid_off_by) + [-1] * (len(meld.laid_off) - len(meld.laid_off_by))
    waiting = [(normalize(c), by) for c, by in zip(meld.laid_off, layers, strict=True)]
    extra = without(meld.laid_off, meld.cards)  # laid off but not listed: drawn at the end
    items = []
    marks = [*meld.marks, *[""] * (len(meld.cards) + len(extra) - len(meld.marks))]
    for code, mark in zip([normalize(c) for c in meld.cards] + extra, marks):
        hit = next((pair for pair in waiting if pair[0] == code), None)
        if hit is None:
            items.append(Item(code, mark))
            continue
        waiting.remove(hit)
        items.append(Item(code, "laid_off", tags[hit[1]] if 0 <= hit[1] < len(tags) else ""))
    return items


def _badge_width(text: str) -> int:
    return max(BADGE_PX + 8, text_width(text, BADGE_PX, True) + 10)


def _meld_group(meld: MeldSpec, tags: Sequence[str]) -> Group:
    lead = _badge_width(meld.label) + 4 if meld.label else 0
    items = name_jokers(_meld_items(meld, tags), iter(meld.joker_for))
    return Group(items, badge=meld.label, lead=lead)


def _count_width(seat: SeatSpec) -> int:
    count = seat.card_count
    backs = MINI.span(min(count, MAX_BACKS)) + 6 if count else 0
    return backs + text_width(_count_text(seat), INFO_PX)


def _count_text(seat: SeatSpec) -> str:
    """Return the hand's size in words (the caller's translation, else English)."""
    count = seat.card_count
    return seat.count_label or f"{count} {'card' if count == 1 else 'cards'}"


def info_width(seat: SeatSpec, parts: Sequence[str], columns: Sequence[int] = ()) -> int:
    """Return the width of a seat's info line: card count, then the other pieces."""
    if columns:
        return cells_width(columns)
    return _count_width(seat) + sum(PART_GAP + text_width(p, INFO_PX) for p in parts)


def _chips_width(seat: SeatSpec) -> int:
    return sum(_badge_width(tag) + 8 for tag in seat.tags)


def name_width(seat: SeatSpec, tag: str) -> int:
    """Return the width of the name line's left part: arrow, name, tags and note."""
    arrow = NAME_PX + 4 if seat.is_turn else 0
    chip = _badge_width(tag) + 8 if tag else 0
    note = text_width(seat.note, INFO_PX) + 12 if seat.note else 0
    return arrow + text_width(seat.name, NAME_PX, True) + chip + _chips_width(seat) + note


def _parts(seat: SeatSpec) -> list[str]:
    """Return the info line's pieces after the card count: score and detail, if given."""
    return [part for part in (seat.score, seat.detail) if part]


def plan_seat(seat: SeatSpec, width: int, tags: Sequence[str], tag: str,
              no_melds: str, columns: tuple[int, ...] = ()) -> SeatPlan:
    """Lay out one seat's panel `width` px wide; `columns` line its info up with others'."""
    inner = width - 2 * PANEL_PAD
    chunks = flow([_meld_group(m, tags) for m in seat.melds], inner, SMALL, MELD_GAP)
    parts = [] if columns else _parts(seat)
    below = no_melds if not seat.melds and not columns else ""
    if below and info_width(seat, [*parts, below]) <= inner:
        parts, below = [*parts, below], ""
    info = info_width(seat, parts, columns)
    one_line = name_width(seat, tag) + PART_GAP + info <= inner
    lines = (1 if one_line else 2) + bool(below)
    height = 2 * PANEL_PAD + HEADER_H + (lines - 1) * INFO_H + rows_used(chunks) * MELD_ROW_H
    return SeatPlan(seat, tag, chunks, parts, one_line, below, height, columns)


def _draw_header(draw: ImageDraw.ImageDraw, plan: SeatPlan, x: int, y: int, right: int) -> None:
    """Draw the name, its tag and the note; the seat to play gets an arrow and gold."""
    seat, mid = plan.seat, y + HEADER_H // 2
    if seat.is_turn:
        draw_text(draw, (x, mid), "▶", NAME_PX, GOLD, anchor="lm")
        x += NAME_PX + 4
    chip = _badge_width(plan.tag) + 8 if plan.tag else 0
    room = right - x - chip - _chips_width(seat)
    note_w = min(text_width(seat.note, INFO_PX) + 12, room * 2 // 5) if seat.note else 0
    name = fit_text(seat.name, NAME_PX, room - note_w, bold=True)
    ink, muted = seat_inks(seat)
    draw_text(draw, (x, mid), name, NAME_PX, GOLD if seat.is_turn else ink, bold=True,
              anchor="lm")
    x += text_width(name, NAME_PX, True)
    if seat.out:  # struck through: the name stays readable but plainly no longer plays
        draw.line((x - text_width(name, NAME_PX, True), mid + 1, x, mid + 1), fill=ink, width=2)
    if plan.tag:
        draw_badge(draw, (x + 8, mid - CHIP_H // 2), plan.tag, BADGE_PX, LAID_OFF, BLACK)
        x += chip
    for tag in seat.tags:
        x += 8 + draw_badge(draw, (x + 8, mid - CHIP_H // 2), tag, BADGE_PX, muted,
                            OUT_PANEL if seat.out else BLACK)
    if seat.note:
        draw_text(draw, (x + 12, mid), fit_text(seat.note, INFO_PX, note_w - 12), INFO_PX,
                  muted, anchor="lm")


def _draw_info(image: Image.Image, draw: ImageDraw.ImageDraw, plan: SeatPlan, x: int, y: int,
               right: int) -> None:
    """Draw the hand's size as tiny backs and a number (never its cards), then the score."""
    mid, count = y + (HEADER_H if plan.one_line else INFO_H) // 2, plan.seat.card_count
    if plan.columns:
        draw_cells(draw, plan.seat, plan.columns, right, mid)
        return
    ink, muted = seat_inks(plan.seat)
    for i in range(min(count, MAX_BACKS)):
        paste(image, card_back(MINI), (x + i * MINI.step, mid - MINI.h // 2))
    x += _count_width(plan.seat) - text_width(_count_text(plan.seat), INFO_PX)
    draw_text(draw, (x, mid), _count_text(plan.seat), INFO_PX, ink, anchor="lm")
    x += text_width(_count_text(plan.seat), INFO_PX)
    for i, part in enumerate(plan.parts):
        draw_text(draw, (x + PART_GAP // 2, mid), "·", INFO_PX, muted, anchor="mm")
        x += PART_GAP
        text = fit_text(part, INFO_PX, right - x)
        draw_text(draw, (x, mid), text, INFO_PX, ink if i == 0 else muted, anchor="lm")
        x += text_width(text, INFO_PX)


def draw_tags(draw: ImageDraw.ImageDraw, placed: Sequence[Placed]) -> None:
    """Put each laid-off card's tag at the foot of the part of the card left in view."""
    for card in placed:
        if card.item.mark == "laid_off" and card.item.label:
            x0, _, _, y1 = card.visible
            strip = SMALL.step
            width = min(strip - 2, text_width(card.item.label, BADGE_PX, True) + 6)
            left = x0 + (strip - width) // 2
            draw_tag(draw, (left, y1 - CHIP_H - 4, left + width, y1 - 4), card.item.label,
                     BADGE_PX)


def _draw_lines(image: Image.Image, draw: ImageDraw.ImageDraw, plan: SeatPlan, left: int,
                top: int, right: int) -> int:
    """Draw the name line, the info line and "no melds"; return the y under them."""
    _draw_header(draw, plan, left, top, right)
    if plan.one_line:
        _draw_info(image, draw, plan, right - info_width(plan.seat, plan.parts, plan.columns),
                   top, right)
        top += HEADER_H
    else:
        _draw_info(image, draw, plan, left, top + HEADER_H, right)
        top += HEADER_H + INFO_H
    if plan.below:
        draw_text(draw, (left, top + INFO_H // 2), plan.below, INFO_PX, MUTED, anchor="lm")
        top += INFO_H
    return top


def _draw_melds(image: Image.Image, draw: ImageDraw.ImageDraw, plan: SeatPlan, left: int,
                top: int) -> list[Placed]:
    """Draw the seat's melds, each after its badge; return where the cards went."""
    placed: list[Placed] = []
    for chunk in plan.chunks:
        row_y = top + chunk.row * MELD_ROW_H
        if chunk.first and chunk.group.badge:
            draw_badge(draw, (left + chunk.x, row_y + (SMALL.h - CHIP_H) // 2),
                       chunk.group.badge, BADGE_PX, GOLD if plan.seat.is_turn else MUTED, BLACK)
        cards = place_cards(chunk, left, row_y, SMALL)
        draw_cards(image, cards, SMALL)
        draw_tags(draw, cards)
        draw_joker_names(draw, cards, SMALL)
        placed += cards
    return placed


def draw_seat(image: Image.Image, draw: ImageDraw.ImageDraw, plan: SeatPlan,
              box: tuple[int, int, int, int]) -> list[Placed]:
    """Draw one seat's panel in `box`; return where its meld cards went."""
    x0, y0, x1, _ = box
    turn, out = plan.seat.is_turn, plan.seat.out
    fill = OUT_PANEL if out else PANEL_TURN if turn else PANEL
    draw.rounded_rectangle(box, radius=10, fill=fill,
                           outline=GOLD if turn else fill if out else PANEL_EDGE,
                           width=3 if turn else 1)
    left = x0 + PANEL_PAD
    top = _draw_lines(image, draw, plan, left, y0 + PANEL_PAD, x1 - PANEL_PAD)
    return _draw_melds(image, draw, plan, left, top)
