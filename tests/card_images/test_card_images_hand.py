"""Private hand pictures: every card drawn, readable, sorted, melds and loose cards apart."""

from __future__ import annotations

from itertools import pairwise

import pytest
from card_png_checks import face_share, felt_share, is_dark, is_red, open_png, pixels
from PIL import Image

from card_images import HandSpec, layout_hand, render_hand
from card_images.style import CARD_FACE, GOLD, JOKER_FACE

GIN_HAND = ["AS", "2S", "3S", "7H", "7D", "7C", "KD", "QC", "9S", "10H"]
MAX_WIDTH = 760  # legible once Discord shrinks it to a phone's width


def _boxes_ok(spec: HandSpec) -> list[tuple[str, tuple[int, int, int, int]]]:
    """Render, then check every laid-out card really shows on the picture."""
    image = open_png(render_hand(spec))
    boxes = layout_hand(spec)
    for code, (x0, y0, x1, y1) in boxes:
        assert 0 <= x0 < x1 <= image.width and 0 <= y0 < y1 <= image.height, code
        assert felt_share(image, (x0, y0, x1, y1)) < 0.05, f"{code} not drawn"
        face = JOKER_FACE if code == "JK" else CARD_FACE
        assert face_share(image, (x0, y0, x1, y1), face) > 0.3, f"{code} has no card face"
    return boxes


def test_hand_is_a_png_of_sensible_size_and_not_blank() -> None:
    image = open_png(render_hand(HandSpec(GIN_HAND, title="Your hand")))
    assert 300 <= image.width <= MAX_WIDTH
    assert 120 <= image.height <= 400
    assert len(image.getcolors(1 << 16) or []) > 8


@pytest.mark.parametrize("size", [1, 7, 10, 11, 14])
def test_every_card_of_a_hand_is_drawn(size: int) -> None:
    cards = [r + s for s in "SHDC" for r in ("A", "5", "9", "K")][:size]
    boxes = _boxes_ok(HandSpec(cards))
    assert sorted(code for code, _ in boxes) == sorted(cards)


def test_visible_parts_of_cards_do_not_overlap() -> None:
    boxes = [box for _, box in layout_hand(HandSpec(GIN_HAND))]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            overlap_x = min(a[2], b[2]) - max(a[0], b[0])
            overlap_y = min(a[3], b[3]) - max(a[1], b[1])
            assert overlap_x <= 0 or overlap_y <= 0, (a, b)


def test_a_25_card_hand_still_fits_in_rows() -> None:
    cards = [r + s for s in "SHDC" for r in ("A", "2", "3", "4", "5", "6", "7")][:23] + ["JK", "JK"]
    spec = HandSpec(cards, title="Your hand (25 cards)")
    image = open_png(render_hand(spec))
    boxes = _boxes_ok(spec)
    assert len(boxes) == 25
    assert image.width <= MAX_WIDTH
    assert len({y0 for _, (_, y0, _, _) in boxes}) >= 2, "a long hand wraps onto more rows"


def test_sorting_by_suit_and_by_rank() -> None:
    cards = ["KD", "2S", "JK", "2H", "AS", "KS"]
    by_suit = [code for code, _ in layout_hand(HandSpec(cards, sort="suit"))]
    by_rank = [code for code, _ in layout_hand(HandSpec(cards, sort="rank"))]
    assert by_suit == ["AS", "2S", "KS", "2H", "KD", "JK"]
    assert by_rank == ["AS", "2S", "2H", "KS", "KD", "JK"]


def test_red_suits_are_drawn_in_red_and_black_suits_not() -> None:
    for cards, red in ((["5H", "QD"], True), (["5S", "QC"], False)):
        spec = HandSpec(cards)
        image = open_png(render_hand(spec))
        for code, box in layout_hand(spec):
            region = pixels(image, box)
            assert any(is_red(p) for p in region) is red, code
            assert any(is_dark(p) for p in region) is not red, code


def test_melds_are_grouped_and_loose_cards_derived_from_the_hand() -> None:
    spec = HandSpec(GIN_HAND, melds=[["AS", "2S", "3S"], ["7H", "7D", "7C"]], loose_value=39)
    boxes = _boxes_ok(spec)
    codes = [code for code, _ in boxes]
    assert codes[:6] == ["AS", "2S", "3S", "7H", "7D", "7C"]
    assert sorted(codes[6:]) == sorted(["KD", "QC", "9S", "10H"])
    inner_gap = boxes[1][1][0] - boxes[0][1][2]
    between = boxes[3][1][0] - boxes[2][1][2]
    assert between > inner_gap + 10, "melds are set apart from each other"


def test_explicit_loose_cards_are_drawn_and_counted() -> None:
    spec = HandSpec(["4C", "5C", "6C", "JK"], melds=[["4C", "5C", "6C"]], loose=["JK"],
                    loose_value=0)
    assert [code for code, _ in _boxes_ok(spec)] == ["4C", "5C", "6C", "JK"]


def test_highlighted_card_is_lifted_and_outlined() -> None:
    spec = HandSpec(GIN_HAND, highlight=["9S"])
    image = open_png(render_hand(spec))
    tops = {code: box[1] for code, box in layout_hand(spec)}
    assert tops["9S"] < min(top for code, top in tops.items() if code != "9S")
    x0, y0, x1, y1 = dict(layout_hand(spec))["9S"]
    assert GOLD in pixels(image, (x0, y0, x1, y1))


def test_the_label_of_a_highlighted_card_is_gold_and_the_others_are_not() -> None:
    spec = HandSpec(GIN_HAND, highlight=["9S"])
    image = open_png(render_hand(spec))
    bottom = max(box[3] for _code, box in layout_hand(spec))  # of the cards that stay down

    def label_area(code: str) -> tuple[int, int, int, int]:
        x0, _y0, x1, _y1 = dict(layout_hand(spec))[code]
        return x0, bottom + 2, x1, min(image.height, bottom + 30)

    assert GOLD in pixels(image, label_area("9S"))
    assert not any(GOLD in pixels(image, label_area(c)) for c in GIN_HAND if c != "9S")


def test_rendering_is_a_pure_function_of_the_spec() -> None:
    spec = HandSpec(GIN_HAND, highlight=["QC"], title="Same")
    assert render_hand(spec) == render_hand(HandSpec(list(GIN_HAND), highlight=["QC"],
                                                     title="Same"))


def test_cards_are_read_the_way_players_type_them() -> None:
    boxes = layout_hand(HandSpec(["10h", "Qs", "joker", "TC"]))
    assert sorted(code for code, _ in boxes) == sorted(["10H", "QS", "JK", "10C"])


def test_text_that_is_not_a_card_is_refused() -> None:
    with pytest.raises(ValueError):
        render_hand(HandSpec(["ZZ"]))


def test_empty_hand_still_renders() -> None:
    image = open_png(render_hand(HandSpec([], title="No cards left")))
    assert image.width >= 300 and layout_hand(HandSpec([])) == []


def test_the_loose_cards_caption_is_the_one_the_caller_translated() -> None:
    melds = [["AS", "2S", "3S"], ["7H", "7D", "7C"]]
    english = render_hand(HandSpec(GIN_HAND, melds=melds, loose_value=30))
    italian = render_hand(HandSpec(GIN_HAND, melds=melds, loose_value=30,
                                   loose_label="Punti morti"))
    # Same cards, same place: only the caption's pixels differ.
    a, b = open_png(english), open_png(italian)
    assert a.size == b.size and a.tobytes() != b.tobytes()
    same = HandSpec(GIN_HAND, melds=melds, loose_value=30, loose_label="Unmelded")
    assert render_hand(same) == english


LONG_CAPTION = "You could meld or add: A K Q J 10 9 8 7 6 5 4 2 JK"


def test_a_caption_too_long_for_the_title_line_goes_whole_under_the_title() -> None:
    spec = HandSpec(["KS", "KH", "KD", "5C"], melds=[["KS", "KH", "KD"]], loose=["5C"],
                    title="Your hand: Canasta", loose_label=LONG_CAPTION)
    image = open_png(render_hand(spec))
    gold_rows = [y for y in range(70)
                 if any(p == GOLD for p in pixels(image, (0, y, image.width, y + 1)))]
    title_rows = [y for y in range(70)
                  if any(is_light(p) for p in pixels(image, (0, y, 200, y + 1)))]
    assert min(gold_rows) > max(title_rows) - 4  # the caption's line is below the title's
    # it starts at the left margin, inside the picture, not cut at the left edge
    assert not any(p == GOLD for p in pixels(image, (0, 0, 12, 70)))
    assert any(p == GOLD for p in pixels(image, (16, 0, 40, 70)))
    short = HandSpec(["KS", "KH", "KD", "5C"], melds=[["KS", "KH", "KD"]], loose=["5C"],
                     title="Your hand", loose_label="In hand", loose_value=5)
    assert open_png(render_hand(short)).height < image.height  # one line when it fits


def is_light(pixel: tuple[int, int, int]) -> bool:
    return min(pixel) > 150


def label_columns(image: Image.Image, y0: int, y1: int) -> list[bool]:
    """Return, for each column of a band, whether a light (label) pixel is in it."""
    return [any(is_light(p) for p in pixels(image, (x, y0, x + 1, y1)))
            for x in range(image.width)]


def test_labels_of_overlapping_tens_keep_a_gap_between_them() -> None:
    spec = HandSpec(["10C", "10D", "10H", "10S"], melds=[["10C", "10D", "10H", "10S"]],
                    title="Tens")
    image = open_png(render_hand(spec))
    boxes = [box for _, box in layout_hand(spec)]
    y0 = boxes[0][3] + 6  # the labels sit under the cards
    columns = label_columns(image, y0, y0 + 20)
    for left, right in pairwise(boxes):
        between = columns[left[0] + 24:right[0] + 12]  # around the border of two labels
        gap = max(len(run) for run in "".join(".#"[c] for c in between).split("#"))
        assert gap >= 7, "two labels run together"


RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


@pytest.mark.parametrize(("size", "rows"), [(14, [7, 7]), (27, [9, 9, 9]), (30, [10, 10, 10])])
def test_a_hand_too_long_for_one_row_shares_its_rows_evenly(size: int, rows: list[int]) -> None:
    cards = [r + s for s in "SHDC" for r in RANKS][:size]
    spec = HandSpec(cards, title="Your hand")
    image = open_png(render_hand(spec))
    tops = [y0 for _, (_, y0, _, _) in layout_hand(spec)]
    assert [tops.count(y) for y in sorted(set(tops))] == rows  # never one card left alone
    assert image.width <= 550
    assert image.height < 60 + 145 * len(rows)  # no empty row under them


def test_thirteen_cards_still_share_one_row() -> None:
    cards = [r + "S" for r in RANKS]
    spec = HandSpec(cards)
    assert len({y0 for _, (_, y0, _, _) in layout_hand(spec)}) == 1
    assert open_png(render_hand(spec)).height < 200
