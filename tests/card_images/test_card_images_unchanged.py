"""Gin and Rummy 500 pictures look exactly as they did before the pictures learnt Ramino.

The fingerprints (picture size and a hash of its pixels) were recorded from the renderer
before seat states, direction, discard history and compact seats were added: every new
field has a default that draws nothing, so these tables must not change by one pixel.
Hands that already fit one row, and hand ends short enough or with lay-offs, keep their
layout too (recorded from the same commit's renderer).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

import pytest
from card_png_checks import open_png
from test_legibility import (
    BIG_HAND,
    FIVE,
    _gin_hand_of,
    late_rummy500,
    long_pile_rummy500,
    oklahoma_gin,
)

from card_images import TableSpec, render_hand, render_hand_end, render_table
from cogs.adapters.gin import GIN
from cogs.adapters.rummy500 import RUMMY500
from tests.engine.rummy500.scripted import crafted

TABLES: dict[str, Callable[[], TableSpec]] = {
    "gin_en": lambda: GIN.table_spec(oklahoma_gin(), ["Alice", "Computer 1"], "en"),
    "gin_it": lambda: GIN.table_spec(oklahoma_gin(), ["Alice", "Computer 1"], "it"),
    "late_r500_en": lambda: RUMMY500.table_spec(late_rummy500(), FIVE, "en"),
    "late_r500_it": lambda: RUMMY500.table_spec(late_rummy500(), FIVE, "it"),
    "long_pile_r500_en": lambda: RUMMY500.table_spec(long_pile_rummy500(), FIVE[:3], "en"),
}

RECORDED = {
    "gin_en": ((550, 267), "e6f3c4600d2f0689"),
    "gin_it": ((550, 267), "a843a2bc448cd0db"),
    "late_r500_en": ((550, 833), "868eff851d751075"),
    "late_r500_it": ((550, 881), "b565bdd7c2b776f8"),
    "long_pile_r500_en": ((550, 468), "6a5216d146df8b18"),
}


def fingerprint(png: bytes) -> tuple[tuple[int, int], str]:
    """Return a picture's size and a short hash of its pixels (not of the PNG's bytes)."""
    image = open_png(png)
    return image.size, hashlib.sha256(image.tobytes()).hexdigest()[:16]


@pytest.mark.parametrize("name", sorted(TABLES))
def test_gin_and_rummy500_tables_are_drawn_exactly_as_before(name: str) -> None:
    assert fingerprint(render_table(TABLES[name]())) == RECORDED[name]


def _big_rummy500_hand() -> bytes:
    game = crafted({0: BIG_HAND, 1: "KS KH KD", 2: "QS QH QD"}, melds=[(1, "9S 10S JS")],
                   pile="10H", turn=0, phase="play", players=3, stock="", opened=[0])
    return render_hand(RUMMY500.hand_spec(game, 0, "suit", "en"))


def _late_rummy500_end() -> bytes:
    game = late_rummy500()
    ended = RUMMY500.hand_end(game, game.apply(3, "discard 2C"), FIVE, "en")
    assert ended is not None
    return render_hand_end(ended[0])


OTHERS: dict[str, tuple[Callable[[], bytes], tuple[tuple[int, int], str]]] = {
    "gin_hand_10_suit": (lambda: render_hand(GIN.hand_spec(_gin_hand_of(10), 0, "suit", "en")),
                         ((540, 203), "628b09b1a33b0add")),
    "gin_hand_10_rank": (lambda: render_hand(GIN.hand_spec(_gin_hand_of(10), 0, "rank", "it")),
                         ((540, 203), "f2969f0c5f186a44")),
    "r500_big_hand": (_big_rummy500_hand, ((536, 501), "f5c73ecb1c64ba13")),
    "late_r500_end": (_late_rummy500_end, ((550, 890), "439e8f06a0f7b93f")),
}


@pytest.mark.parametrize("name", sorted(OTHERS))
def test_gin_and_rummy500_hands_and_hand_ends_are_drawn_as_before(name: str) -> None:
    render, recorded = OTHERS[name]
    assert fingerprint(render()) == recorded
