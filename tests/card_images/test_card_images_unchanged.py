"""Gin and Rummy 500 tables look exactly as they did before the table learnt Ramino's needs.

The fingerprints (picture size and a hash of its pixels) were recorded from the renderer
before seat states, direction, discard history and compact seats were added: every new
field has a default that draws nothing, so these pictures must not change by one pixel.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

import pytest
from card_png_checks import open_png
from test_legibility import FIVE, late_rummy500, long_pile_rummy500, oklahoma_gin

from card_images import TableSpec, render_table
from cogs.adapters.gin import GIN
from cogs.adapters.rummy500 import RUMMY500

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
    "late_r500_en": ((550, 833), "af06d7cefb258637"),
    "late_r500_it": ((550, 881), "8833e9517a2524ae"),
    "long_pile_r500_en": ((550, 468), "6a5216d146df8b18"),
}


def fingerprint(png: bytes) -> tuple[tuple[int, int], str]:
    """Return a picture's size and a short hash of its pixels (not of the PNG's bytes)."""
    image = open_png(png)
    return image.size, hashlib.sha256(image.tobytes()).hexdigest()[:16]


@pytest.mark.parametrize("name", sorted(TABLES))
def test_gin_and_rummy500_tables_are_drawn_exactly_as_before(name: str) -> None:
    assert fingerprint(render_table(TABLES[name]())) == RECORDED[name]
