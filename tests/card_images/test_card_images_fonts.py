"""The shipped font must draw the suit symbols and may be redistributed."""

from __future__ import annotations

import pytest

from card_images.style import FONT_DIR, font

GLYPHS = ["♠", "♥", "♦", "♣", "★"]
MISSING = "\U0010fffd"  # a private-use code point no font draws: it shows the "missing" box


@pytest.mark.parametrize("bold", [False, True])
@pytest.mark.parametrize("glyph", GLYPHS)
def test_font_draws_suit_glyphs(glyph: str, bold: bool) -> None:
    face = font(40, bold)
    drawn = face.getmask(glyph)
    missing = face.getmask(MISSING)
    assert drawn.getbbox() is not None, f"{glyph} draws nothing"
    assert bytes(drawn) != bytes(missing), f"{glyph} is drawn as the missing-glyph box"


def test_font_license_and_readme_ship_with_the_fonts() -> None:
    license_text = (FONT_DIR / "LICENSE.txt").read_text(encoding="utf-8")
    readme = (FONT_DIR / "README.md").read_text(encoding="utf-8")
    assert "Permission is hereby granted" in license_text
    assert "Bitstream Vera" in license_text
    assert "DejaVu" in readme and "LICENSE.txt" in readme
    assert (FONT_DIR / "DejaVuSans.ttf").stat().st_size > 100_000
    assert (FONT_DIR / "DejaVuSans-Bold.ttf").stat().st_size > 100_000
