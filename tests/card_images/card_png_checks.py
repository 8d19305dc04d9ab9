"""Helpers shared by the card picture tests: decode PNGs and classify pixels."""

from __future__ import annotations

import io
from typing import cast

from PIL import Image, ImageChops

from card_images.style import CARD_FACE, FELT


def open_png(data: bytes) -> Image.Image:
    """Open PNG bytes, check they really are a PNG, and return an RGB image."""
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    image.load()
    return image.convert("RGB")


def is_red(pixel: tuple[int, int, int]) -> bool:
    """Whether a pixel is the red of hearts and diamonds."""
    r, g, b = pixel
    return r > 150 and g < 90 and b < 90


def is_dark(pixel: tuple[int, int, int]) -> bool:
    """Whether a pixel is near-black ink."""
    return max(pixel) < 70


def colors(image: Image.Image, box: tuple[int, int, int, int]) -> dict[tuple[int, int, int], int]:
    """Return how many pixels of each colour a region holds."""
    region = image.crop(box)
    counted = region.getcolors(region.width * region.height) or []
    return {cast(tuple[int, int, int], color): count for count, color in counted}


def pixels(image: Image.Image, box: tuple[int, int, int, int]) -> list[tuple[int, int, int]]:
    """Return the distinct colours of a region."""
    return list(colors(image, box))


def _share(image: Image.Image, box: tuple[int, int, int, int],
           color: tuple[int, int, int]) -> float:
    counted = colors(image, box)
    return counted.get(color, 0) / sum(counted.values())


def felt_share(image: Image.Image, box: tuple[int, int, int, int]) -> float:
    """Return the share of a region that is bare felt."""
    return _share(image, box, FELT)


def face_share(image: Image.Image, box: tuple[int, int, int, int],
               face: tuple[int, int, int] = CARD_FACE) -> float:
    """Return the share of a region that is card-face white (or `face`, a joker's tint)."""
    return _share(image, box, face)


def color_mask(image: Image.Image, color: tuple[int, int, int]) -> Image.Image:
    """Return an L mask: 255 where the image has exactly `color`."""
    diff = ImageChops.difference(image, Image.new("RGB", image.size, color))
    channels = [c.point(lambda v: 255 if v == 0 else 0) for c in diff.split()]
    return ImageChops.multiply(ImageChops.multiply(channels[0], channels[1]), channels[2])


def count_color(image: Image.Image, color: tuple[int, int, int]) -> int:
    """Return how many pixels have exactly `color`."""
    return color_mask(image, color).histogram()[255]


def count_red(image: Image.Image) -> int:
    """Return how many pixels are suit red."""
    r, g, b = image.split()
    red = ImageChops.multiply(r.point(lambda v: 255 if v > 150 else 0),
                              g.point(lambda v: 255 if v < 90 else 0))
    return ImageChops.multiply(red, b.point(lambda v: 255 if v < 90 else 0)).histogram()[255]
