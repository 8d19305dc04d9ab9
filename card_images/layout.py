"""Flow layout: groups of overlapping cards placed left to right, wrapping into rows."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from itertools import pairwise

from PIL import Image, ImageDraw

from .faces import SUIT_GLYPHS, card_face, normalize, paste
from .style import (
    BLACK,
    CARD_FACE,
    JOKER,
    LAID_OFF,
    MUTED,
    RED,
    TEXT,
    Box,
    CardSize,
    Color,
    draw_text,
    text_width,
)


@dataclass(frozen=True)
class Item:
    """One card to draw: its code, an optional mark, the text under it and, for a joker,
    the card it stands for ("8H"), written on its face."""

    code: str
    mark: str = ""
    label: str = ""
    stands: str = ""


@dataclass(frozen=True)
class Group:
    """Cards drawn overlapping as one unit; `lead` px are kept free before them for a badge."""

    items: list[Item]
    badge: str = ""
    caption: str = ""
    bracket: bool = False
    lead: int = 0
    min_width: int = 0


@dataclass(frozen=True)
class Chunk:
    """The part of a group that landed on one row, at `x` from the row's left."""

    group: Group
    items: list[Item]
    row: int
    x: int
    first: bool

    def width(self, size: CardSize) -> int:
        """Return the chunk's width including its badge and caption."""
        lead = self.group.lead if self.first else 0
        extra = self.group.min_width if self.first else 0
        return max(lead + size.span(len(self.items)), extra)


@dataclass
class Placed:
    """A card's final position: `box` is the whole card, `visible` the part not covered."""

    item: Item
    box: Box
    visible: Box = field(default=(0, 0, 0, 0))


def flow(groups: Sequence[Group], width: int, size: CardSize, gap: int,
         first_width: int | None = None, balance: bool = False) -> list[Chunk]:
    """Place groups in rows no wider than `width`, splitting a group only if no row holds it.

    `first_width`, when given, is the narrower room of the first row (something
    else sits beside it); chunks record x within their own row either way. With `balance`
    a split group shares its rows evenly (7 + 7, not 13 + 1 cards).
    """
    chunks: list[Chunk] = []
    row, x = 0, 0
    for group in groups:
        items, first = list(group.items), True
        while True:
            room = first_width if row == 0 and first_width is not None else width
            lead = group.lead if first else 0
            whole = max(lead + size.span(len(items)), group.min_width if first else 0)
            if x > 0 and x + whole > room:
                row, x = row + 1, 0
                continue
            take = len(items)
            if whole > room:
                take = max(1, (room - lead - size.w) // size.step + 1)
                if balance:
                    take = _even_share(len(items), take)
            chunk = Chunk(group, items[:take], row, x, first)
            chunks.append(chunk)
            x += chunk.width(size) + gap
            items, first = items[take:], False
            if not items:
                break
    return chunks


def _even_share(count: int, most: int) -> int:
    """Return how many of `count` cards go on this row when each row holds at most `most`."""
    rows = -(-count // most)
    return -(-count // rows)


def rows_used(chunks: Sequence[Chunk]) -> int:
    """Return how many rows the chunks occupy."""
    return max((c.row for c in chunks), default=-1) + 1


def row_width(chunks: Sequence[Chunk], size: CardSize) -> int:
    """Return the width of the widest row."""
    return max((c.x + c.width(size) for c in chunks), default=0)


def place_cards(chunk: Chunk, left: int, top: int, size: CardSize, lift: int = 0) -> list[Placed]:
    """Return where each card of a chunk goes; marked "highlight" cards rise by `lift` px."""
    placed: list[Placed] = []
    x0 = left + chunk.x + (chunk.group.lead if chunk.first else 0)
    for index, item in enumerate(chunk.items):
        x = x0 + index * size.step
        y = top - (lift if item.mark == "highlight" else 0)
        last = index == len(chunk.items) - 1
        visible = (x, y, x + (size.w if last else size.step), y + size.h)
        placed.append(Placed(item, (x, y, x + size.w, y + size.h), visible))
    return placed


def draw_cards(image: Image.Image, placed: Iterable[Placed], size: CardSize) -> None:
    """Paste the faces left to right so each card covers the one before it."""
    for card in placed:
        paste(image, card_face(card.item.code, size, card.item.mark), card.box[:2])


def draw_chunk(image: Image.Image, draw: ImageDraw.ImageDraw, chunk: Chunk,
               xy: tuple[int, int], size: CardSize, bracket_gap: int) -> list[Placed]:
    """Draw a chunk's cards in the row whose left and top are `xy`; return where they went.

    A bracketed group gets its bracket `bracket_gap` px under the cards.
    """
    left, top = xy
    placed = place_cards(chunk, left, top, size)
    draw_cards(image, placed, size)
    if chunk.group.bracket and placed:
        draw_bracket(draw, left + chunk.x + 2, placed[-1].box[2] - 2, top + size.h + bracket_gap)
    return placed


LABEL_MIN_PX, LABEL_GAP = 13, 5


def draw_labels(draw: ImageDraw.ImageDraw, placed: Iterable[Placed], y: int, size: CardSize,
                color: Color = TEXT, bold: bool = False) -> None:
    """Write each card's label under its corner index."""
    placed = list(placed)
    px = label_px(placed, size, bold)
    for card in placed:
        if card.item.label:
            # centre on the index strip so every label sits at the same spot on its card
            x0 = card.box[0]
            draw_text(draw, (x0 + size.step // 2, y), card.item.label, px, color, bold=bold,
                      anchor="mt")


def label_px(placed: Sequence[Placed], size: CardSize, bold: bool = False) -> int:
    """Return the labels' font size: smaller when two neighbours' labels would touch
    ("10C 10D 10H"), the same for every label of the row so they read evenly."""
    px = size.label_px
    while px > LABEL_MIN_PX and _touching(placed, px, bold):
        px -= 1
    return px


def _touching(placed: Sequence[Placed], px: int, bold: bool) -> bool:
    """Whether two neighbouring labels at this size come closer than LABEL_GAP."""
    for a, b in pairwise(placed):
        if a.item.label and b.item.label:
            half = (text_width(a.item.label, px, bold) + text_width(b.item.label, px, bold)) / 2
            if half > abs(b.box[0] - a.box[0]) - LABEL_GAP:
                return True
    return False


def name_jokers(items: list[Item], stands: Iterator[str], relabel: bool = False
                ) -> list[Item]:
    """Give each joker the next card it stands for ("" leaves it a joker); with `relabel`
    the label under it says that card too (pictures that label every card)."""
    out = []
    for item in items:
        if item.code == "JK":
            name = next(stands, "")
            item = replace(item, stands=name,
                           label=(name or item.label) if relabel else item.label)
        out.append(item)
    return out


def draw_joker_names(draw: ImageDraw.ImageDraw, placed: Iterable[Placed],
                     size: CardSize) -> None:
    """Write on each joker that stands for a card, in the strip that stays visible, which.

    Low on the card, or across its middle when its foot carries a tag (a laid-off card).
    """
    for card in placed:
        name = card.item.stands
        if card.item.code != "JK" or not name:
            continue
        text = name[:-1] + SUIT_GLYPHS.get(name[-1], name[-1])
        x0, y0, _, y1 = card.box
        px = size.label_px - 2
        bottom = (y0 + y1 + px) // 2 + 4 if card.item.mark == "laid_off" else y1 - 3
        box = (x0 + 2, bottom - px - 5, x0 + size.step - 2, bottom)
        while px > 11 and text_width(text, px, True) > box[2] - box[0] - 4:
            px -= 1  # "10♥" is the one name wider than the strip
        draw.rounded_rectangle(box, radius=4, fill=CARD_FACE, outline=JOKER, width=2)
        ink = RED if name[-1] in "HD" else BLACK
        draw_text(draw, ((box[0] + box[2]) // 2, (box[1] + box[3]) // 2), text, px, ink,
                  bold=True, anchor="mm")


def draw_bracket(draw: ImageDraw.ImageDraw, x0: int, x1: int, y: int,
                 color: Color = MUTED) -> None:
    """Draw a thin bracket under a group: a line with short upward ticks at both ends."""
    draw.line((x0, y, x1, y), fill=color, width=2)
    draw.line((x0, y - 5, x0, y), fill=color, width=2)
    draw.line((x1, y - 5, x1, y), fill=color, width=2)


def draw_badge(draw: ImageDraw.ImageDraw, xy: tuple[int, int], text: str, px: int,
               fill: Color, color: Color) -> int:
    """Draw a rounded label badge with its top-left at `xy`; return its width."""
    width = max(px + 8, text_width(text, px, True) + 10)
    x, y = xy
    draw.rounded_rectangle((x, y, x + width, y + px + 8), radius=5, fill=fill)
    draw_text(draw, (x + width // 2, y + (px + 8) // 2), text, px, color, bold=True,
              anchor="mm")
    return width


def draw_tag(draw: ImageDraw.ImageDraw, box: Box, text: str, px: int) -> None:
    """Draw a player's tag (who laid off or threw a card): black on the lay-off blue."""
    left, top, right, bottom = box
    draw.rounded_rectangle(box, radius=5, fill=LAID_OFF)
    draw_text(draw, ((left + right) // 2, (top + bottom) // 2), text, px, BLACK, bold=True,
              anchor="mm", max_width=right - left - 4)


def marked(codes: Sequence[str], marks: Sequence[str] | Counter[str], mark: str,
           label: bool = False) -> list[Item]:
    """Return items for `codes`, giving `mark` to as many copies as `marks` lists.

    Pass a Counter as `marks` to share it between groups: each listed copy is
    then marked once across all of them.
    """
    left = marks if isinstance(marks, Counter) else Counter(normalize(c) for c in marks)
    items: list[Item] = []
    for code in codes:
        text = normalize(code)
        hit = left[text] > 0
        if hit:
            left[text] -= 1
        items.append(Item(text, mark if hit else "", text if label else ""))
    return items


def without(codes: Sequence[str], removed: Iterable[str]) -> list[str]:
    """Return `codes` minus one copy of each card in `removed`."""
    left = Counter(normalize(c) for c in removed)
    kept: list[str] = []
    for code in codes:
        text = normalize(code)
        if left[text] > 0:
            left[text] -= 1
        else:
            kept.append(text)
    return kept
