"""A player's private hand: sorted cards, or melds and loose cards apart, each card labelled."""

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
    name_jokers,
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
TIGHT_MARGIN = 10  # for a hand that fits one row only with less room around and between
TIGHT_GAP = 6  # the brackets under the melds still keep them apart
MIN_WIDTH = 320
TITLE_PX = 20
TITLE_H = 34
CAPTION_H = 24  # a caption too long to share the title's line goes on one of its own
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
    side: int = MARGIN  # the left and right margins


def _sorted(codes: list[str], order: str) -> list[str]:
    return sorted((normalize(c) for c in codes), key=lambda c: sort_key(c, order))


def _groups(spec: HandSpec) -> list[Group]:
    """Split the hand into drawing groups: melds, then the loose cards, or one sorted group."""
    lifts = Counter(normalize(c) for c in spec.highlight)
    if not spec.melds:
        return [Group(marked(_sorted(spec.cards, spec.sort), lifts, "highlight", label=True))]
    stands = iter(spec.joker_for)
    groups = [Group(name_jokers(marked(meld, lifts, "highlight", label=True), stands, True),
                    bracket=True) for meld in spec.melds]
    loose = spec.loose or without(spec.cards, [c for meld in spec.melds for c in meld])
    groups.append(Group(marked(_sorted(loose, spec.sort), lifts, "highlight", label=True)))
    return groups


def _caption(spec: HandSpec) -> str:
    """Return what the cards outside the melds are worth, said at the right of the title.

    Up there it costs no width in the row of cards, so a hand of three melds and a
    loose card still fits one row.
    """
    if not spec.melds:
        return ""
    label = spec.loose_label
    return label if spec.loose_value is None else f"{label}: {spec.loose_value}"


def _title_width(spec: HandSpec) -> int:
    title = text_width(spec.title, TITLE_PX, True) if spec.title else 0
    caption = text_width(_caption(spec), CAPTION_PX, True) if _caption(spec) else 0
    return title + (24 if title and caption else 0) + caption


def _stacked(spec: HandSpec) -> bool:
    """Whether the caption goes under the title: together they pass the picture's width."""
    return bool(spec.title and _caption(spec)) and _title_width(spec) > MAX_CONTENT


def _flow(spec: HandSpec) -> tuple[list[Chunk], int]:
    """Flow the groups into rows; return them and the side margin.

    Melds that would wrap by a few pixels (an 11-card hand of three melds and loose cards)
    are drawn closer together instead, if that keeps them on one row.
    """
    groups = _groups(spec)
    chunks = flow(groups, MAX_CONTENT, NORMAL, GROUP_GAP, balance=True)
    if rows_used(chunks) > 1 and spec.melds:
        tight = flow(groups, DISPLAY_WIDTH - 2 * TIGHT_MARGIN, NORMAL, TIGHT_GAP)
        if rows_used(tight) == 1:
            return tight, TIGHT_MARGIN
    return chunks, MARGIN


def plan_hand(spec: HandSpec) -> HandPlan:
    """Lay out a hand without drawing it."""
    chunks, side = _flow(spec)
    top = MARGIN + (TITLE_H if spec.title or _caption(spec) else 0)
    top += CAPTION_H if _stacked(spec) else 0
    row_h = ROW_H if spec.melds else ROW_H_PLAIN
    placed = [place_cards(c, side, top + c.row * row_h + LIFT, NORMAL, LIFT) for c in chunks]
    content = max(row_width(chunks, NORMAL), min(_title_width(spec), MAX_CONTENT))
    width = max(MIN_WIDTH, content + 2 * side)
    height = top + max(1, rows_used(chunks)) * row_h - 12 + MARGIN
    return HandPlan(width, height, top, row_h, chunks, placed, side)


def layout_hand(spec: HandSpec) -> list[tuple[str, Box]]:
    """Return each drawn card with the box of its visible part, in drawing order."""
    return [(p.item.code, p.visible) for row in plan_hand(spec).placed for p in row]


def _draw_title(draw: ImageDraw.ImageDraw, spec: HandSpec, plan: HandPlan) -> None:
    """Draw the title at the left and the loose cards' caption at the right of the top line."""
    caption, mid, side = _caption(spec), MARGIN + TITLE_H // 2 - 4, plan.side
    if _stacked(spec):
        _draw_stacked(draw, spec, plan, mid)
        return
    caption_w = text_width(caption, CAPTION_PX, True) + 24 if caption else 0
    if spec.title:
        text = fit_text(spec.title, TITLE_PX, plan.width - 2 * side - caption_w, bold=True)
        draw_text(draw, (side, mid), text, TITLE_PX, TEXT, bold=True, anchor="lm")
    if caption:
        draw_text(draw, (plan.width - side, mid), caption, CAPTION_PX, GOLD, bold=True,
                  anchor="rm")


def _draw_stacked(draw: ImageDraw.ImageDraw, spec: HandSpec, plan: HandPlan, mid: int) -> None:
    """Draw the title, and under it the caption (cut to the width if it must be)."""
    room = plan.width - 2 * plan.side
    draw_text(draw, (plan.side, mid), fit_text(spec.title, TITLE_PX, room, bold=True),
              TITLE_PX, TEXT, bold=True, anchor="lm")
    draw_text(draw, (plan.side, mid + CAPTION_H + 2), fit_text(_caption(spec), CAPTION_PX, room,
                                                            bold=True),
              CAPTION_PX, GOLD, bold=True, anchor="lm")


def draw_hand(spec: HandSpec) -> Image.Image:
    """Draw a hand as an RGB image."""
    plan = plan_hand(spec)
    image, draw = new_canvas(plan.width, plan.height)
    _draw_title(draw, spec, plan)
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
            left = plan.side + chunk.x
            draw_bracket(draw, left + 2, placed[-1].box[2] - 2, label_y + LABEL_PX + 10)
    if not spec.melds and not any(plan.placed):
        draw_text(draw, (plan.side, plan.top + LIFT), spec.empty_label, CAPTION_PX, MUTED)
    return image
