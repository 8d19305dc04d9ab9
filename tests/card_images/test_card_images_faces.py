"""Card faces: court cards carry a picture of their own (crown, flower, feathered cap)."""

from __future__ import annotations

import pytest
from card_png_checks import count_red
from PIL import Image, ImageChops, ImageOps

from card_images import (
    FaceUpPile,
    HandSpec,
    PilesPanel,
    SeatGridPanel,
    SeatSpec,
    TableSpec,
    render_hand,
    render_table,
    warm_faces,
)
from card_images.faces import card_face, drawn_face
from card_images.style import CARD_FACE, COURT, NORMAL, SMALL, CardSize


def _picture(code: str, size: CardSize) -> Image.Image:
    """Return the lower-right picture box of a card, as RGB on the card's face colour."""
    face = card_face(code, size)
    card = Image.new("RGB", face.size, CARD_FACE)
    card.paste(face, (0, 0), face)
    pip = size.pip_px
    cx, cy = size.w - pip // 2 - 4, size.h - pip // 2 - 6
    return card.crop((cx - pip // 2 + 2, cy - pip // 2 + 2, cx + pip // 2 - 1, cy + pip // 2 - 1))


def _ink(image: Image.Image) -> Image.Image:
    """Return a 1-bit mask of what is neither the court background nor the card face."""
    background = Image.new("RGB", image.size, COURT)
    return ImageChops.difference(image, background).convert("L").point(lambda v: 255 * (v > 80))


def _share(mask: Image.Image) -> float:
    return mask.histogram()[255] / (mask.width * mask.height)


def _differ(a: Image.Image, b: Image.Image) -> float:
    return _share(ImageChops.difference(a, b))


@pytest.mark.parametrize("size", [NORMAL, SMALL])
def test_court_pictures_differ_from_each_other(size: CardSize) -> None:
    jack, queen, king = (_ink(_picture(code, size)) for code in ("JS", "QS", "KS"))
    for mask in (jack, queen, king):
        assert 0.15 < _share(mask) < 0.7, "a picture fills its box without flooding it"
    for a, b in ((jack, queen), (queen, king), (jack, king)):
        assert _differ(a, b) > 0.15


def test_the_crown_and_the_flower_are_symmetric_and_the_cap_is_not() -> None:
    def mirror_gap(code: str) -> float:
        mask = _ink(_picture(code, NORMAL))
        return _differ(mask, ImageOps.mirror(mask))

    assert mirror_gap("KC") < 0.1 and mirror_gap("QC") < 0.1
    assert mirror_gap("JC") > 0.15  # the feather sweeps to one side


@pytest.mark.parametrize("rank", ["J", "Q", "K"])
def test_court_pictures_are_drawn_in_the_suit_colour(rank: str) -> None:
    assert count_red(_picture(rank + "H", NORMAL)) > 100
    assert count_red(_picture(rank + "S", NORMAL)) == 0


def test_number_cards_keep_a_suit_sign_and_no_court_box() -> None:
    picture = _picture("7D", NORMAL)
    assert count_red(picture) > 100
    assert COURT not in {color for _, color in picture.getcolors(1 << 16) or []}


def test_warmed_faces_draw_a_first_hand_without_drawing_a_single_card() -> None:
    # The bot warms the faces once ready, so a fresh process's first hands cost no face.
    drawn_face.cache_clear()
    assert warm_faces() == 2 * (52 + 1)
    drawn = drawn_face.cache_info().misses
    render_hand(HandSpec(["AS", "10H", "JC", "QD", "KS", "7H", "JK", "2D"], title="Your hand"))
    render_hand(HandSpec(["9S", "9H", "9C", "3D"], melds=[["9S", "9H", "9C"]]))
    render_table(TableSpec("Gin", [
        PilesPanel(31, face_up=[FaceUpPile("3C", "Knock card")], discard=["QD", "4C"]),
        SeatGridPanel([SeatSpec("Alice", 10), SeatSpec("Bruno", 10)])]))
    assert drawn_face.cache_info().misses == drawn
