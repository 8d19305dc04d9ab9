"""Card faces and backs, drawn by code and cached per card, size and mark."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from engine.cards import Card, make_deck

from .court import draw_court
from .style import (
    BACK,
    BACK_LINE,
    BLACK,
    CARD_EDGE,
    CARD_FACE,
    COURT,
    GOLD,
    JOKER,
    JOKER_FACE,
    LAID_OFF,
    NORMAL,
    RED,
    SMALL,
    WHITE,
    CardSize,
    Color,
    font,
    narrow,
)

SUPERSAMPLE = 3  # draw big, then shrink: Pillow's shapes have no anti-aliasing of their own
SUIT_GLYPHS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
JOKER_GLYPH = "★"
MARK_COLORS: dict[str, Color] = {"highlight": GOLD, "laid_off": LAID_OFF, "wild": JOKER,
                                 "closed_natural": RED, "closed_mixed": BLACK}


@lru_cache(maxsize=1024)
def parse_code(code: str) -> Card:
    """Parse a card's text ("10H", "qs", "JK"); raise ValueError if it is not a card."""
    try:
        return Card.parse(code)
    except Exception as exc:  # the engine raises its own BadCard; callers expect ValueError
        raise ValueError(f"not a card: {code!r}") from exc


@lru_cache(maxsize=1024)
def normalize(code: str) -> str:
    """Return the canonical text of a card: "10h" -> "10H", "joker" -> "JK"."""
    return str(parse_code(code))


def ink(card: Card) -> Color:
    """Return the colour a card is printed in: red, black, or the joker's purple."""
    if card.is_joker:
        return JOKER
    return RED if card.suit in "HD" else BLACK


@lru_cache(maxsize=2048)
def sort_key(code: str, order: str) -> tuple[int, int, int]:
    """Order cards by suit (♠♥♣♦, colours alternating) or by rank; jokers last."""
    card = parse_code(code)
    if card.is_joker:
        return (1, 99, 99)
    suit = "SHCD".index(card.suit)
    return (0, suit, card.rank) if order == "suit" else (0, card.rank, suit)


def _rounded_layer(size: CardSize, fill: Color, edge: Color, edge_px: int) -> Image.Image:
    s = SUPERSAMPLE
    layer = Image.new("RGBA", (size.w * s, size.h * s), (0, 0, 0, 0))
    ImageDraw.Draw(layer).rounded_rectangle(
        (0, 0, size.w * s - 1, size.h * s - 1), radius=size.radius * s, fill=fill,
        outline=edge, width=edge_px * s)
    return layer


def _shrink(layer: Image.Image, size: CardSize) -> Image.Image:
    # premultiplied alpha keeps the transparent corners from bleeding dark fringes
    small = layer.convert("RGBa").resize((size.w, size.h), Image.Resampling.LANCZOS)
    return small.convert("RGBA")


def _draw_index(layer: Image.Image, card: Card, size: CardSize) -> None:
    """Draw the corner index, rank over suit, inside the strip left visible by overlaps."""
    s = SUPERSAMPLE
    draw = ImageDraw.Draw(layer)
    color = ink(card)
    column = size.step - 4
    cx = (2 + column // 2) * s
    if card.is_joker:
        draw.text((cx, 3 * s), JOKER_GLYPH, fill=color, font=font(size.rank_px * s, True),
                  anchor="mt")
        draw.text((cx, (5 + size.rank_px) * s), "JK", fill=color,
                  font=font(size.suit_px * s * 3 // 4, True), anchor="mt")
        return
    _narrow_text(layer, (cx, 3 * s), str(card)[:-1], font(size.rank_px * s, True), color,
                 column * s)
    draw.text((cx, (4 + size.rank_px) * s), SUIT_GLYPHS[card.suit], fill=color,
              font=font(size.suit_px * s), anchor="mt")


def _narrow_text(layer: Image.Image, xy: tuple[int, int], text: str,
                 face: ImageFont.FreeTypeFont, color: Color, max_width: int) -> None:
    """Draw `text` centred under `xy`, squeezed sideways if wider than `max_width`."""
    left, top, right, bottom = (round(v) for v in face.getbbox(text, anchor="mt"))
    mask = Image.new("L", (right - left, bottom - top), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, fill=255, font=face, anchor="mt")
    mask = narrow(mask, max_width)
    layer.paste(color + (255,), (xy[0] - mask.width // 2, xy[1] + top), mask)


def _draw_centre(layer: Image.Image, card: Card, size: CardSize) -> None:
    """Draw the big picture in the lower right, clear of the corner index."""
    s = SUPERSAMPLE
    draw = ImageDraw.Draw(layer)
    color = ink(card)
    pip = size.pip_px
    cx, cy = (size.w - pip // 2 - 4) * s, (size.h - pip // 2 - 6) * s
    if card.is_joker:
        draw.text((cx, cy), JOKER_GLYPH, fill=color, font=font(pip * s), anchor="mm")
    elif card.rank in (11, 12, 13):
        half = pip * s // 2
        box = (cx - half, cy - half, cx + half, cy + half)
        draw.rounded_rectangle(box, radius=3 * s, fill=COURT, outline=color, width=s)
        inset = max(s, pip * s // 10)
        draw_court(draw, card.rank, (box[0] + inset, box[1] + inset, box[2] - inset,
                                     box[3] - inset), color, COURT)
    else:
        scale = 1.15 if card.rank == 1 else 0.95
        draw.text((cx, cy), SUIT_GLYPHS[card.suit], fill=color,
                  font=font(int(pip * s * scale)), anchor="mm")


def _outline(layer: Image.Image, size: CardSize, mark: str) -> None:
    s = SUPERSAMPLE
    ImageDraw.Draw(layer).rounded_rectangle(
        (0, 0, size.w * s - 1, size.h * s - 1), radius=size.radius * s,
        outline=MARK_COLORS[mark], width=3 * s)


def card_face(code: str, size: CardSize, mark: str = "") -> Image.Image:
    """Return the RGBA face of a card; `mark` is "" or a key of MARK_COLORS (its frame)."""
    # One call shape, so that a face drawn for the table is the one a hand finds cached.
    return drawn_face(code, size, mark)


@lru_cache(maxsize=512)
def drawn_face(code: str, size: CardSize, mark: str) -> Image.Image:
    """Draw a card's face (cached; call `card_face`)."""
    card = parse_code(code)
    layer = _rounded_layer(size, JOKER_FACE if card.is_joker else CARD_FACE, CARD_EDGE, 1)
    _draw_centre(layer, card, size)
    _draw_index(layer, card, size)
    if mark:
        _outline(layer, size, mark)
    return _shrink(layer, size)


def warm_faces() -> int:
    """Draw every plain face at each hand and table size once; return how many there are."""
    codes = [str(card) for card in make_deck(jokers=1)]
    sizes = (NORMAL, SMALL)
    for size in sizes:
        for code in codes:
            card_face(code, size)
    return len(sizes) * len(codes)


@lru_cache(maxsize=8)
def card_back(size: CardSize) -> Image.Image:
    """Return the RGBA back of a card: a blue lattice inside a white border."""
    s = SUPERSAMPLE
    layer = _rounded_layer(size, WHITE, CARD_EDGE, 1)
    border = max(2, size.w // 12) * s
    inner = Image.new("RGBA", layer.size, BACK + (255,))
    lines = ImageDraw.Draw(inner)
    gap = max(4, size.w // 6) * s
    for offset in range(-layer.height, layer.width + layer.height, gap):
        lines.line((offset, 0, offset + layer.height, layer.height), fill=BACK_LINE, width=s)
        lines.line((offset, layer.height, offset + layer.height, 0), fill=BACK_LINE, width=s)
    mask = Image.new("L", layer.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle(
        (border, border, layer.width - border - 1, layer.height - border - 1),
        radius=max(1, size.radius * s - border // 2), fill=255)
    layer.paste(inner, (0, 0), mask)
    return _shrink(layer, size)


def paste(image: Image.Image, face: Image.Image, xy: tuple[int, int]) -> None:
    """Paste an RGBA card onto the RGB canvas, keeping its rounded corners."""
    image.paste(face, xy, face)
