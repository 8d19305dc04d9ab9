"""Ramino's pictures read at Discord's display width, in English and in Italian.

The same bar as test_legibility.py (ranks 14 px, capitals 12 px once shown 550 px wide),
on a seven-seat and a four-seat table, an 11-card hand with jokers and seven hand ends.
"""

from __future__ import annotations

import pytest
from card_png_checks import open_png
from legibility import display_scale, drawn_texts
from ramino_specs import ramino_hand, ramino_hand_end, ramino_table
from test_legibility import assert_ranks_readable, assert_texts_readable

from card_images import (
    layout_hand,
    layout_hand_end,
    layout_table,
    render_hand,
    render_hand_end,
    render_table,
)
from card_images.style import DISPLAY_WIDTH

LOCALES = ["en", "it"]


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("players", [7, 4])
def test_ramino_tables_read_at_display_width(players: int, locale: str,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    spec = ramino_table(players, locale)
    with drawn_texts(monkeypatch) as texts:
        png = render_table(spec)
    image = open_png(png)
    assert image.width <= DISPLAY_WIDTH
    heights = assert_ranks_readable(png, layout_table(spec))
    assert len(heights) == 4, "the four natural cards of the five discards shown"
    assert_texts_readable(texts, display_scale(image))


@pytest.mark.parametrize("locale", LOCALES)
def test_an_eleven_card_ramino_hand_reads_at_display_width(
        locale: str, monkeypatch: pytest.MonkeyPatch) -> None:
    spec = ramino_hand(locale)
    with drawn_texts(monkeypatch) as texts:
        png = render_hand(spec)
    heights = assert_ranks_readable(png, layout_hand(spec))
    assert len(heights) == 9, "every card but the two jokers has a rank"
    assert_texts_readable(texts, display_scale(open_png(png)))


@pytest.mark.parametrize("locale", LOCALES)
def test_seven_ramino_hand_ends_read_at_display_width(
        locale: str, monkeypatch: pytest.MonkeyPatch) -> None:
    spec = ramino_hand_end(locale)
    with drawn_texts(monkeypatch) as texts:
        png = render_hand_end(spec)
    heights = assert_ranks_readable(png, layout_hand_end(spec))
    assert len(heights) == 67, "seventy cards, three of them jokers"
    assert_texts_readable(texts, display_scale(open_png(png)))
