"""Measure what a player can read once Discord shows a picture at its display width.

Rank glyphs are measured in pixels on the picture scaled as Discord scales it; text
lines by the font size each was drawn at (every line goes through style.draw_text).
Only the width is held to 550 px here; clients also cap the height (SimCord's Preview at
80 % of its own height, at most 720 px), which a very tall picture would meet.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import pytest
from PIL import Image

from card_images import style
from card_images.style import DISPLAY_WIDTH, NORMAL, SMALL, CardSize, font

Box = tuple[int, int, int, int]


def display_scale(image: Image.Image) -> float:
    """Return how much Discord shrinks the picture: it never enlarges one."""
    return min(1.0, DISPLAY_WIDTH / image.width)


def as_displayed(image: Image.Image) -> Image.Image:
    """Return the picture at the size Discord shows it."""
    scale = display_scale(image)
    if scale == 1.0:
        return image
    size = (round(image.width * scale), round(image.height * scale))
    return image.resize(size, Image.Resampling.LANCZOS)


def _is_ink(pixel: tuple[int, int, int]) -> bool:
    """Whether a pixel is at least half black or red ink over the white card face."""
    r, g, b = pixel
    return max(pixel) < 140 or (r > 150 and g < 140 and b < 150)


def _size_of(box: Box) -> CardSize:
    return NORMAL if box[3] - box[1] == NORMAL.h else SMALL


def rank_height(shown: Image.Image, box: Box, scale: float) -> int:
    """Return the height in displayed pixels of the rank in a card's corner index.

    The index strip is scanned from the top: the first run of rows holding ink is the
    rank (the suit sign follows after a gap).
    """
    size = _size_of(box)
    x0, y0 = box[0], box[1]
    strip = min(size.step, box[2] - box[0])
    crop = [round(v * scale) for v in (x0 + 4, y0 + 4, x0 + strip - 3, y0 + size.h // 2)]
    region = shown.convert("RGB").crop(tuple(crop))
    rows = [any(_is_ink(region.getpixel((x, y))) for x in range(region.width))  # type: ignore[arg-type]
            for y in range(region.height)]
    start = rows.index(True)
    end = rows.index(False, start) if False in rows[start:] else len(rows)
    return end - start


def rank_heights(image: Image.Image, cards: Sequence[tuple[str, Box]]) -> dict[str, int]:
    """Return each drawn card's rank height as displayed (jokers have no rank)."""
    shown, scale = as_displayed(image), display_scale(image)
    return {f"{i}:{code}": rank_height(shown, box, scale)
            for i, (code, box) in enumerate(cards) if code != "JK"}


def cap_height(size: int, bold: bool) -> int:
    """Return the height of a capital letter drawn at `size` px."""
    _, top, _, bottom = font(size, bold).getbbox("H", anchor="ls")
    return int(bottom - top)


@contextmanager
def drawn_texts(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, int, bool]]]:
    """Record every text line a renderer draws: (text, size, bold)."""
    seen: list[tuple[str, int, bool]] = []
    original = style._text_mask

    def spy(text: str, size: int, bold: bool, anchor: str) -> Any:
        seen.append((text, size, bold))
        return original(text, size, bold, anchor)

    monkeypatch.setattr(style, "_text_mask", spy)
    yield seen
