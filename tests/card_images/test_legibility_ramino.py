"""Ramino's pictures read at Discord's display width, in English and in Italian.

The same bar as test_legibility.py (ranks 14 px, capitals 12 px once shown 550 px wide),
on a seven-seat and a four-seat table, an 11-card hand with jokers and seven hand ends.
"""

from __future__ import annotations

from collections.abc import Callable

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


def _hand(locale: str) -> tuple[bytes, list[tuple[str, tuple[int, int, int, int]]]]:
    spec = ramino_hand(locale)
    return render_hand(spec), layout_hand(spec)


def _hand_end(locale: str) -> tuple[bytes, list[tuple[str, tuple[int, int, int, int]]]]:
    spec = ramino_hand_end(locale)
    return render_hand_end(spec), layout_hand_end(spec)


# An 11-card hand (two of its cards jokers, which have no rank), and seven hands revealed
# (seventy cards, three of them jokers).
@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize(("picture", "ranks"), [(_hand, 9), (_hand_end, 67)])
def test_ramino_hands_and_hand_ends_read_at_display_width(
        picture: Callable[[str], tuple[bytes, list[tuple[str, tuple[int, int, int, int]]]]],
        ranks: int, locale: str, monkeypatch: pytest.MonkeyPatch) -> None:
    with drawn_texts(monkeypatch) as texts:
        png, cards = picture(locale)
    assert len(assert_ranks_readable(png, cards)) == ranks
    assert_texts_readable(texts, display_scale(open_png(png)))
