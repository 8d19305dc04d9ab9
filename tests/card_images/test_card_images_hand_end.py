"""End-of-deal pictures: every hand revealed with melds, lay-offs, loose cards and scores."""

from __future__ import annotations

from card_png_checks import count_color, count_red, open_png

from card_images import HandEndRow, HandEndSpec, render_hand_end
from card_images.style import CARD_FACE, DISPLAY_WIDTH, LAID_OFF

ALICE = HandEndRow("Alice", [["AS", "2S", "3S"], ["7C", "7S", "7C"]], [], ["KC", "2C"], 12, "+17")
BOB = HandEndRow("Bob", [["QS", "QC", "QS"]], ["4S"], ["9S", "JC", "5C"], 24, "0")


def test_hand_end_is_a_png_within_bounds() -> None:
    spec = HandEndSpec("Hand 3 — Alice knocks", [ALICE, BOB], ["Alice scores 17", "Total 62"])
    data = render_hand_end(spec)
    image = open_png(data)
    # drawn at Discord's display width, so nothing is shrunk (was 600..1000 px)
    assert image.width == DISPLAY_WIDTH and image.height <= 1000
    assert len(data) < 200_000
    assert len(image.getcolors(1 << 16) or []) > 8


def test_each_row_reveals_its_cards() -> None:
    one = open_png(render_hand_end(HandEndSpec("End", [ALICE])))
    two = open_png(render_hand_end(HandEndSpec("End", [ALICE, BOB])))
    assert two.height > one.height
    assert count_color(two, CARD_FACE) > count_color(one, CARD_FACE) * 1.5


def test_layoffs_are_marked_and_red_loose_cards_are_red() -> None:
    black = open_png(render_hand_end(HandEndSpec("End", [ALICE])))
    assert count_color(black, LAID_OFF) == 0 and count_red(black) == 0
    red = HandEndRow("Cy", [], ["4S"], ["9H", "KD"], 19, "-19")
    image = open_png(render_hand_end(HandEndSpec("End", [red])))
    assert count_color(image, LAID_OFF) > 50
    assert count_red(image) > 100


def test_score_lines_add_height() -> None:
    bare = open_png(render_hand_end(HandEndSpec("End", [BOB])))
    scored = open_png(render_hand_end(HandEndSpec("End", [BOB], ["a", "b", "c"])))
    assert scored.height > bare.height
