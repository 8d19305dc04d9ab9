"""Colours, sizes, fonts and small drawing helpers shared by every renderer."""

from __future__ import annotations

import io
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

Color = tuple[int, int, int]
Box = tuple[int, int, int, int]

FONT_DIR = Path(__file__).resolve().parent / "fonts"
REGULAR = "DejaVuSans.ttf"
BOLD = "DejaVuSans-Bold.ttf"

FELT: Color = (24, 92, 56)
PANEL: Color = (17, 70, 42)
PANEL_TURN: Color = (30, 104, 64)
PANEL_EDGE: Color = (44, 120, 78)
GOLD: Color = (246, 198, 72)
TEXT: Color = (244, 244, 236)
MUTED: Color = (176, 208, 188)
RED: Color = (204, 28, 40)
BLACK: Color = (24, 24, 30)
JOKER: Color = (104, 44, 168)
CARD_FACE: Color = (253, 253, 249)
COURT: Color = (250, 236, 196)
CARD_EDGE: Color = (90, 90, 96)
BACK: Color = (36, 66, 160)
BACK_LINE: Color = (96, 130, 224)
LAID_OFF: Color = (92, 196, 255)
WHITE: Color = (255, 255, 255)


def blend(fg: Color, bg: Color, eighths: int) -> Color:
    """Return `eighths`/8 of `fg` over `bg`: the palette holds these blends (see _EDGES)."""
    t = eighths / 8
    r, g, b = (round(f * t + c * (1 - t)) for f, c in zip(fg, bg, strict=True))
    return (r, g, b)


# Colours taken from the palette's existing blends, so no picture's palette changes:
# a seat out of the game is grey (the card edge's grey, lighter text), and a joker's face
# is tinted with its own purple so it shows even as a thin strip in an overlapped row.
OUT_PANEL: Color = CARD_EDGE
OUT_TEXT: Color = blend(WHITE, CARD_EDGE, 4)
JOKER_FACE: Color = blend(JOKER, CARD_FACE, 2)


@dataclass(frozen=True)
class CardSize:
    """Pixel geometry of one card size: `step` is the visible width when cards overlap."""

    name: str
    w: int
    h: int
    step: int
    radius: int
    rank_px: int
    suit_px: int
    pip_px: int
    label_px: int

    def span(self, count: int) -> int:
        """Return the width of `count` overlapping cards."""
        return 0 if count <= 0 else (count - 1) * self.step + self.w


# Sized for Discord, which shows a picture at most DISPLAY_WIDTH px wide: drawn at that
# width, ranks stay at least 14 px tall and every text line at least 12 px (cap height).
DISPLAY_WIDTH = 550
DISPLAY_HEIGHT = 720  # clients shrink taller pictures (SimCord's Preview caps them here)
NORMAL = CardSize("normal", w=64, h=90, step=36, radius=8, rank_px=25, suit_px=22,
                  pip_px=38, label_px=17)
SMALL = CardSize("small", w=46, h=68, step=30, radius=5, rank_px=22, suit_px=18,
                 pip_px=24, label_px=17)
MINI = CardSize("mini", w=18, h=26, step=6, radius=3, rank_px=0, suit_px=0, pip_px=0,
                label_px=0)


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """Return the shipped font at `size` px (cached: loading a face costs milliseconds)."""
    return ImageFont.truetype(str(FONT_DIR / (BOLD if bold else REGULAR)), size)


@lru_cache(maxsize=4096)
def text_width(text: str, size: int, bold: bool = False) -> int:
    """Return the drawn width of `text` in pixels."""
    return int(font(size, bold).getlength(text) + 0.999)


def fit_text(text: str, size: int, max_width: int, bold: bool = False) -> str:
    """Return `text`, cut with an ellipsis so it fits `max_width` pixels."""
    if text_width(text, size, bold) <= max_width:
        return text
    while text and text_width(text + "…", size, bold) > max_width:
        text = text[:-1]
    return text.rstrip() + "…" if text else ""


def wrap_text(text: str, size: int, max_width: int, bold: bool = False) -> list[str]:
    """Split `text` into lines no wider than `max_width`, breaking between words."""
    lines: list[str] = []
    for word in text.split():
        joined = f"{lines[-1]} {word}" if lines else word
        if lines and text_width(joined, size, bold) <= max_width:
            lines[-1] = joined
        else:
            lines.append(fit_text(word, size, max_width, bold))
    return lines


@lru_cache(maxsize=4096)
def _text_mask(text: str, size: int, bold: bool, anchor: str) -> tuple[Image.Image, int, int]:
    """Render `text` once as a coverage mask with its offset from the anchor point.

    Names, scores, labels and captions repeat from one render to the next, and
    glyph rasterising is the costliest part of drawing a picture.
    """
    face = font(size, bold)
    left, top, right, bottom = (round(v) for v in face.getbbox(text, anchor=anchor))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, fill=255, font=face, anchor=anchor)
    return mask, left, top


def narrow(mask: Image.Image, max_width: int) -> Image.Image:
    """Return a text mask squeezed sideways to `max_width` if wider, its height kept.

    A smaller font would fit too, but it would shrink the glyphs' height, which is
    what makes a rank or a tag readable at a glance.
    """
    if mask.width <= max_width:
        return mask
    return mask.resize((max(1, max_width), mask.height), Image.Resampling.LANCZOS)


def draw_text(draw: ImageDraw.ImageDraw, xy: tuple[int, int], text: str, size: int,
              fill: Color = TEXT, bold: bool = False, anchor: str = "la",
              max_width: int | None = None) -> None:
    """Draw `text` with the shipped font; `anchor` is Pillow's two-letter anchor.

    With `max_width`, text wider than that is squeezed sideways to fit.
    """
    if not text:
        return
    mask, dx, dy = _text_mask(text, size, bold, anchor)
    if max_width is not None and mask.width > max_width:
        shrink = mask.width - max_width
        dx += {"l": 0, "m": shrink // 2}.get(anchor[0], shrink)
        mask = narrow(mask, max_width)
    draw.bitmap((xy[0] + dx, xy[1] + dy), mask, fill=fill)


def new_canvas(width: int, height: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """Return a felt-green RGB canvas and a drawing context on it."""
    image = Image.new("RGB", (width, height), FELT)
    return image, ImageDraw.Draw(image)


# The lines of a chart of running totals, one per player or side in seat order: bright on
# the panel's green, apart from each other and from the gold of the target line.
SERIES: tuple[Color, ...] = (
    (92, 196, 255), (255, 128, 64), (236, 112, 220), (244, 244, 236), (170, 150, 255),
    (255, 84, 96), (190, 236, 90), (64, 226, 200))

# Every colour the renderers use, and which of them meet at anti-aliased edges.
_BASE = (FELT, PANEL, PANEL_TURN, PANEL_EDGE, GOLD, TEXT, MUTED, RED, BLACK, JOKER, CARD_FACE,
         COURT, CARD_EDGE, BACK, BACK_LINE, LAID_OFF, WHITE)
_EDGES = (
    [(fg, bg)
     for fg in (TEXT, MUTED, GOLD, LAID_OFF, CARD_EDGE)
     for bg in (FELT, PANEL, PANEL_TURN)]
    + [(ink, CARD_FACE) for ink in (RED, BLACK, JOKER, CARD_EDGE, GOLD, LAID_OFF)]
    + [(RED, COURT), (BLACK, COURT), (BACK, BACK_LINE), (BACK, WHITE), (WHITE, CARD_EDGE),
       (BLACK, GOLD), (BLACK, MUTED), (PANEL_EDGE, PANEL), (PANEL_EDGE, FELT)]
)
_BLEND_STEPS = 7


@lru_cache(maxsize=1)
def palette_image() -> Image.Image:
    """Return a fixed palette of our colours and their edge blends (at most 256 entries)."""
    colors: list[Color] = list(_BASE)
    for fg, bg in _EDGES:
        colors += [blend(fg, bg, i) for i in range(1, _BLEND_STEPS + 1)]
    colors += SERIES  # last, so every colour before keeps its index
    unique = list(dict.fromkeys(colors))[:256]
    flat = [channel for color in unique for channel in color]
    flat += list(unique[0]) * (256 - len(unique))
    image = Image.new("P", (1, 1))
    image.putpalette(flat)
    return image


def to_png(image: Image.Image) -> bytes:
    """Encode as a palette PNG.

    Mapping onto the fixed palette takes about a millisecond and shrinks both
    the file and the encoding time several-fold compared with RGB, whose
    per-row filter search dominates. optimize=False: its extra pass costs more
    than it saves.
    """
    indexed = image.quantize(palette=palette_image(), dither=Image.Dither.NONE)
    buffer = io.BytesIO()
    indexed.save(buffer, "PNG", optimize=False, compress_level=6)
    return buffer.getvalue()
