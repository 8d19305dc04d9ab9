"""End-of-deal pictures: every hand revealed with melds, lay-offs, loose cards and scores."""

from __future__ import annotations

from card_png_checks import count_color, count_red, open_png

from card_images import HandEndRow, HandEndSpec, render_hand_end
from card_images.hand_end import layout_hand_end
from card_images.style import CARD_FACE, DISPLAY_WIDTH, GOLD, LAID_OFF

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


TWENTY = "JK AC AS 2C 2D 4H 4S 6C 6D 7C 7D 7S 9D 9H 10D 10S QC QD KC KD"


def _gold_rows(data: bytes, top: int, bottom: int) -> int:
    """Count the picture's gold pixels between two heights (a caption's or a points' words)."""
    image = open_png(data).convert("RGB")
    return sum(1 for y in range(top, bottom) for x in range(image.width)
               if image.getpixel((x, y)) == GOLD)


def test_a_hand_that_wraps_says_its_value_under_its_last_row() -> None:
    # Canasta's 20 cards in hand take two rows: "In hand: 245" comes after them, not between.
    spec = HandEndSpec("End", [HandEndRow("Alice", loose=TWENTY.split(), loose_value=245,
                                          loose_label="In hand")])
    data = render_hand_end(spec)
    boxes = dict(layout_hand_end(spec))
    first_bottom, last_top = boxes["10S"][3], boxes["QC"][1]
    last_bottom = boxes["KD"][3]
    assert last_top > first_bottom  # two rows
    assert _gold_rows(data, first_bottom, last_top) == 0
    assert _gold_rows(data, last_bottom, last_bottom + 30) > 50


def test_a_hand_that_went_out_with_nothing_has_no_empty_row() -> None:
    out = HandEndRow("Computer 3", loose_label="In hand", points="side 2590")
    one = HandEndRow("Computer 3", loose=["4S"], loose_value=5, loose_label="In hand",
                     points="side 2590")
    bare = open_png(render_hand_end(HandEndSpec("End", [out])))
    with_card = open_png(render_hand_end(HandEndSpec("End", [one])))
    assert with_card.height - bare.height > 60  # no room kept for cards that are not there
    # "In hand: 0" is told on the name's line, beside the side's points: more gold there
    # than where the line holds the points only (the caption goes under the card)
    header = (40, 80)
    assert _gold_rows(render_hand_end(HandEndSpec("End", [out])), *header) > 1.5 * _gold_rows(
        render_hand_end(HandEndSpec("End", [one])), *header)
