"""A player's private hand: sorted cards, or melds and deadwood apart, each card labelled."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from PIL import Image, ImageDraw

from .faces import normalize, sort_key
from .layout import (
    Chunk,
    Group,
    Placed,
    draw_bracket,
    draw_cards,
    draw_labels,
    flow,
    marked,
    place_cards,
    row_width,
    rows_used,
    without,
)
from .specs import HandSpec
from .style import (
    DISPLAY_WIDTH,
    GOLD,
    MUTED,
    NORMAL,
    TEXT,
    Box,
    draw_text,
    fit_text,
    new_canvas,
    text_width,
)

MARGIN = 16
MAX_CONTENT = DISPLAY_WIDTH - 2 * MARGIN  # wider would be shrunk by Discord, ranks with it
MIN_WIDTH = 320
TITLE_PX = 20
TITLE_H = 34
LIFT = 10  # how far a highlighted card rises
LABEL_PX = NORMAL.label_px
CAPTION_PX = 17
GROUP_GAP = 12
ROW_H = LIFT + NORMAL.h + 6 + LABEL_PX + 14 + 12  # cards, labels, brackets, a gap
ROW_H_PLAIN = ROW_H - 10  # no brackets under a plain sorted hand


@dataclass(frozen=True)
class HandPlan:
    """Everything render_hand needs: canvas size and where each card goes."""

    width: int
    height: int
    top: int
    row_h: int
    chunks: list[Chunk]
    placed: list[list[Placed]]


def _sorted(codes: list[str], order: str) -> list[str]:
    return sorted((normalize(c) for c in codes), key=lambda c: sort_key(c, order))


def _groups(spec: HandSpec) -> list[Group]:
    """Split the hand into drawing groups: melds, then deadwood, or one sorted group."""
    lifts = Counter(normalize(c) for c in spec.highlight)
    if not spec.melds:
        return [Group(marked(_sorted(spec.cards, spec.sort), lifts, "highlight", label=True))]
    groups = [Group(marked(meld, lifts, "highlight", label=True), bracket=True)
              for meld in spec.melds]
    loose = spec.deadwood or without(spec.cards, [c for meld in spec.melds for c in meld])
    groups.append(Group(marked(_sorted(loose, spec.sort), lifts, "highlight", label=True)))
    return groups


def _caption(spec: HandSpec) -> str:
    """Return what the cards outside the melds are worth, said at the right of the title.

    Up there it costs no width in the row of cards, so a hand of three melds and a
    loose card still fits one row.
    """
    if not spec.melds:
        return ""
    label = spec.deadwood_label
    return label if spec.deadwood_value is None else f"{label}: {spec.deadwood_value}"


def _title_width(spec: HandSpec) -> int:
    title = text_width(spec.title, TITLE_PX, True) if spec.title else 0
    caption = text_width(_caption(spec), CAPTION_PX, True) if _caption(spec) else 0
    return title + (24 if title and caption else 0) + caption


def plan_hand(spec: HandSpec) -> HandPlan:
    """Lay out a hand without drawing it."""
    chunks = flow(_groups(spec), MAX_CONTENT, NORMAL, GROUP_GAP)
    top = MARGIN + (TITLE_H if spec.title or _caption(spec) else 0)
    row_h = ROW_H if spec.melds else ROW_H_PLAIN
    placed = [place_cards(c, MARGIN, top + c.row * row_h + LIFT, NORMAL, LIFT) for c in chunks]
    content = max(row_width(chunks, NORMAL), min(_title_width(spec), MAX_CONTENT))
    width = max(MIN_WIDTH, content + 2 * MARGIN)
    height = top + max(1, rows_used(chunks)) * row_h - 12 + MARGIN
    return HandPlan(width, height, top, row_h, chunks, placed)


def layout_hand(spec: HandSpec) -> list[tuple[str, Box]]:
    """Return each drawn card with the box of its visible part, in drawing order."""
    return [(p.item.code, p.visible) for row in plan_hand(spec).placed for p in row]


def _draw_title(draw: ImageDraw.ImageDraw, spec: HandSpec, width: int) -> None:
    """Draw the title at the left and the deadwood caption at the right of the top line."""
    caption, mid = _caption(spec), MARGIN + TITLE_H // 2 - 4
    caption_w = text_width(caption, CAPTION_PX, True) + 24 if caption else 0
    if spec.title:
        text = fit_text(spec.title, TITLE_PX, width - 2 * MARGIN - caption_w, bold=True)
        draw_text(draw, (MARGIN, mid), text, TITLE_PX, TEXT, bold=True, anchor="lm")
    if caption:
        draw_text(draw, (width - MARGIN, mid), caption, CAPTION_PX, GOLD, bold=True, anchor="rm")


def draw_hand(spec: HandSpec) -> Image.Image:
    """Draw a hand as an RGB image."""
    plan = plan_hand(spec)
    image, draw = new_canvas(plan.width, plan.height)
    _draw_title(draw, spec, plan.width)
    for chunk, placed in zip(plan.chunks, plan.placed):
        draw_cards(image, placed, NORMAL)
        if not placed:
            continue
        card_top = plan.top + chunk.row * plan.row_h + LIFT
        label_y = card_top + NORMAL.h + 6
        draw_labels(draw, [p for p in placed if p.item.mark != "highlight"], label_y, NORMAL)
        # A marked card (just drawn or taken) has its label in gold too: a second cue.
        draw_labels(draw, [p for p in placed if p.item.mark == "highlight"], label_y, NORMAL,
                    GOLD, bold=True)
        if chunk.group.bracket and placed:
            left = MARGIN + chunk.x
            draw_bracket(draw, left + 2, placed[-1].box[2] - 2, label_y + LABEL_PX + 10)
    if not spec.melds and not any(plan.placed):
        draw_text(draw, (MARGIN, plan.top + LIFT), spec.empty_label, CAPTION_PX, MUTED)
    return image
