"""Ramino's pictures: up to eight seats as score-sheet rows, out and re-entered seats, the
last discards with who threw them, the order of play, jokers, long hands, seven hand ends."""

from __future__ import annotations

from dataclasses import replace

import pytest
from card_png_checks import colors, count_color, face_share, open_png
from legibility import drawn_texts
from PIL import Image
from ramino_specs import (
    PILE,
    ramino_hand,
    ramino_hand_end,
    ramino_seat,
    ramino_table,
)

from card_images import (
    HandEndRow,
    HandSpec,
    PilesPanel,
    SeatRowsPanel,
    layout_hand,
    layout_hand_end,
    layout_table,
    render_hand,
    render_hand_end,
    render_table,
)
from card_images.style import (
    CARD_FACE,
    DISPLAY_HEIGHT,
    DISPLAY_WIDTH,
    GOLD,
    JOKER_FACE,
    LAID_OFF,
    NORMAL,
    OUT_PANEL,
    OUT_TEXT,
    PANEL,
    PANEL_TURN,
    RED,
    SMALL,
    TEXT,
    to_png,
)
from cogs.adapters.ramino import RAMINO
from engine.ramino import RaminoGame, preset

Band = tuple[tuple[int, int, int], int, int]


def seat_bands(image: Image.Image) -> list[Band]:
    """Return each seat panel down the picture: its fill colour, top and bottom rows.

    Read along a column just inside the panels' left edge, clear of the rounded corners'
    outline and of the names.
    """
    fills = {PANEL, PANEL_TURN, OUT_PANEL}
    bands: list[Band] = []
    for y in range(image.height):
        pixel = image.getpixel((13, y))
        if pixel not in fills:
            continue
        if bands and bands[-1][0] == pixel and bands[-1][2] == y - 1:
            bands[-1] = (pixel, bands[-1][1], y)
        else:
            bands.append((pixel, y, y))
    return [band for band in bands if band[2] - band[1] > 12]


def longest_run(image: Image.Image, box: tuple[int, int, int, int],
                color: tuple[int, int, int]) -> int:
    """Return the longest horizontal run of `color` inside `box`."""
    best = 0
    for y in range(box[1], box[3]):
        run = 0
        for x in range(box[0], box[2]):
            run = run + 1 if image.getpixel((x, y)) == color else 0
            best = max(best, run)
    return best


@pytest.mark.parametrize("locale", ["en", "it"])
@pytest.mark.parametrize("players", [7, 8])
def test_seven_or_eight_seats_fit_the_width_and_the_preview_height(players: int,
                                                                   locale: str) -> None:
    image = open_png(render_table(ramino_table(players, locale)))
    assert image.width == DISPLAY_WIDTH
    assert image.height <= DISPLAY_HEIGHT
    assert len(seat_bands(image)) == players


def test_compact_rows_are_one_line_each() -> None:
    image = open_png(render_table(ramino_table(7, out=None)))
    heights = {bottom - top for fill, top, bottom in seat_bands(image) if fill == PANEL}
    assert len(heights) == 1, f"every row as tall as the others: {heights}"
    assert heights.pop() < 2 * 22, "one line of text each"


def test_eight_seats_are_drawn_as_rows_and_nine_refused() -> None:
    spec = ramino_table(8)
    assert open_png(render_table(spec)).width == DISPLAY_WIDTH
    with pytest.raises(ValueError):
        rows = spec.panel(SeatRowsPanel)
        render_table(spec.with_panel(replace(rows, seats=[*rows.seats, ramino_seat(0, "en", 1)])))


def test_the_out_seat_is_grey_and_struck_through() -> None:
    image = open_png(render_table(ramino_table(7, out=2)))
    bands = seat_bands(image)
    assert [fill for fill, _, _ in bands] == [PANEL, PANEL_TURN, OUT_PANEL] + [PANEL] * 4
    _, top, bottom = bands[2]
    row = colors(image, (12, top, DISPLAY_WIDTH - 12, bottom))
    assert TEXT not in row and PANEL not in row, "nothing of the out seat is drawn in play"
    assert row.get(OUT_TEXT, 0) > 150
    assert row[OUT_PANEL] > 0.7 * sum(row.values())
    # The strike: a grey line as long as most of the name, which no letter draws.
    assert longest_run(image, (12, top, 200, bottom), OUT_TEXT) > 80
    _, top, bottom = bands[3]
    assert longest_run(image, (12, top, 200, bottom), TEXT) < 30


def _shown(spec_players: int = 4, history: int = 4) -> list[tuple[str, tuple[int, ...]]]:
    return [(code, box) for code, box in layout_table(ramino_table(spec_players,
                                                                   history=history))]


def test_the_last_discards_are_shown_in_order_the_older_ones_smaller() -> None:
    cards = _shown()
    assert [code for code, _ in cards] == PILE[-5:]
    *older, (_, top) = cards
    assert all(box[3] - box[1] == SMALL.h for _, box in older)
    assert top[3] - top[1] == NORMAL.h and top[2] - top[0] == NORMAL.w, "the top card whole"
    assert all(box[2] == top[0] or box[2] < top[0] for _, box in older), "at its left"
    assert all(box[3] == top[3] for _, box in older), "lying on the same table line"


def test_the_top_discard_is_outlined_in_gold_and_the_older_ones_not() -> None:
    image = open_png(render_table(ramino_table(4)))
    *older, (_, top) = layout_table(ramino_table(4))
    assert GOLD in colors(image, top)
    assert not any(GOLD in colors(image, box) for _, box in older)


@pytest.mark.parametrize("history", [0, 2, 6])
def test_as_many_discards_as_asked_are_shown(history: int) -> None:
    assert [code for code, _ in _shown(history=history)] == PILE[-1 - history:]


def test_each_shown_discard_carries_the_tag_of_who_threw_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    spec = ramino_table(4, history=6)  # the upcard, at the bottom, was thrown by nobody
    with drawn_texts(monkeypatch) as texts:
        image = open_png(render_table(spec))
    cards = layout_table(spec)
    assert [code for code, _ in cards] == PILE
    for (code, (x0, _, x1, y1)), by in zip(cards, spec.panel(PilesPanel).by, strict=True):
        under = colors(image, (x0, y1 + 2, x1, y1 + 30))
        assert (under.get(LAID_OFF, 0) > 60) is bool(by), (code, by)
    drawn = [text for text, _, _ in texts]
    for tag in ("C1", "Ba", "C3", "AL"):
        assert tag in drawn


def test_a_thrower_shown_under_a_discard_has_his_tag_beside_his_name(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Four players: the shown discards came from Ba, C3, AL, C1, Ba, so all four tags
    # appear twice (Ba three times); with only the top card shown, Ba alone is tagged.
    with drawn_texts(monkeypatch) as texts:
        render_table(ramino_table(4, out=None))
    drawn = [text for text, _, _ in texts]
    assert [drawn.count(tag) for tag in ("AL", "C1", "Ba", "C3")] == [2, 2, 3, 2]
    with drawn_texts(monkeypatch) as texts:
        render_table(ramino_table(4, out=None, history=0))
    drawn = [text for text, _, _ in texts]
    assert [drawn.count(tag) for tag in ("AL", "C1", "Ba", "C3")] == [0, 0, 2, 0]


def test_without_history_or_throwers_the_top_card_is_drawn_as_gin_draws_it() -> None:
    table = ramino_table(4)
    spec = table.with_panel(replace(table.panel(PilesPanel), history=0, by=[]))
    cards = layout_table(spec)
    assert [code for code, _ in cards] == [PILE[-1]]
    assert GOLD not in colors(open_png(render_table(spec)), cards[0][1])


@pytest.mark.parametrize("rows", [True, False])
def test_the_order_of_play_is_said_only_when_given(rows: bool,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    for given in (True, False):
        spec = ramino_table(4, direction=given, rows=rows)
        with drawn_texts(monkeypatch) as texts:
            render_table(spec)
        assert any(text == "Order ↓" for text, _, _ in texts) is given


def test_rows_say_states_and_figures_under_their_headings(
        monkeypatch: pytest.MonkeyPatch) -> None:
    with drawn_texts(monkeypatch) as texts:
        render_table(ramino_table(5, "it"))
    drawn = [text for text, _, _ in texts]
    for word in ("carte", "totale", "mancano", "eliminato", "rientrato", "mazziere",
                 "Giro ↓"):
        assert drawn.count(word) == 1, word
    assert "54" in drawn and "47" in drawn, "Alice's distance to the limit and total"
    assert "0" not in drawn, "the out seat holds no cards: its count stays blank"


def test_the_figures_line_up_at_the_right_of_every_row() -> None:
    image = open_png(render_table(ramino_table(7, out=None)))
    rights = []
    for fill, top, bottom in seat_bands(image):
        row = image.crop((12, top, DISPLAY_WIDTH - 14, bottom))
        ink = [x for x in range(row.width) for y in range(row.height)
               if row.getpixel((x, y)) not in (fill, GOLD)]
        rights.append(max(ink))
    assert max(rights) - min(rights) <= 2, rights


def test_an_eleven_card_hand_of_three_combinations_takes_one_row(
        monkeypatch: pytest.MonkeyPatch) -> None:
    spec = ramino_hand()
    with drawn_texts(monkeypatch) as texts:
        image = open_png(render_hand(spec))
    boxes = layout_hand(spec)
    assert len(boxes) == 11 and image.width <= DISPLAY_WIDTH
    bottoms = [box[3] for _, box in boxes]
    assert max(bottoms) - min(bottoms) <= 10, "one row: only the card just taken rises"
    drawn = [text for text, _, _ in texts]
    assert "5S" in drawn and "9H" in drawn, "each joker says what it stands for"
    assert "JK" not in drawn
    assert drawn.count("2D") == 2, "twin cards both labelled"


def test_a_joker_shows_as_one_even_as_a_strip() -> None:
    spec = HandSpec(["5C", "5D", "JK", "7H", "JK", "9H"], melds=[["5C", "5D", "JK"],
                                                                  ["7H", "JK", "9H"]])
    image = open_png(render_hand(spec))
    for code, box in layout_hand(spec):
        tinted = face_share(image, box, JOKER_FACE)
        assert (tinted > 0.3) if code == "JK" else (tinted < 0.01), code
        assert (face_share(image, box, CARD_FACE) > 0.3) is (code != "JK"), code


@pytest.mark.parametrize("locale", ["en", "it"])
def test_seven_hand_ends_fit_the_preview_with_every_card_shown(locale: str) -> None:
    spec = ramino_hand_end(locale)
    image = open_png(render_hand_end(spec))
    assert image.width == DISPLAY_WIDTH and image.height <= DISPLAY_HEIGHT
    cards = layout_hand_end(spec)
    expected = [c for row in spec.rows for m in [*row.melds, row.loose] for c in m]
    assert sorted(code for code, _ in cards) == sorted(expected)
    tops = {box[1] for _, box in cards}
    assert len(tops) == 7, "each hand on one row of cards"


@pytest.mark.parametrize("rows", [2, 7])
def test_a_revealed_joker_says_the_card_it_stands_for_on_its_face(
        rows: int, monkeypatch: pytest.MonkeyPatch) -> None:
    base = ramino_hand_end(rows=rows)
    named = list(base.rows)  # the last row, stacked (2 rows) or beside its words (7)
    named[-1] = replace(named[-1], melds=[["9D", "JK", "JD"]], loose=["JK"],
                        joker_for=["10D"])
    with drawn_texts(monkeypatch) as texts:
        image = open_png(render_hand_end(replace(base, rows=named)))
    drawn = [text for text, _, _ in texts]
    assert "10\N{BLACK DIAMOND SUIT}" in drawn, "the joker in 9♦ JK J♦ says it is the 10♦"
    jokers = [box for code, box in layout_hand_end(replace(base, rows=named)) if code == "JK"]
    low_red = [count_color(image.crop((b[0], b[3] - 20, b[0] + SMALL.step, b[3])), RED)
               for b in jokers]
    assert max(low_red) > 15 and min(low_red) == 0, "a loose joker stands for nothing"


def test_short_hand_ends_and_those_with_lay_offs_keep_their_stacked_rows() -> None:
    few = ramino_hand_end(rows=3)
    compact_ends = open_png(render_hand_end(ramino_hand_end()))
    assert open_png(render_hand_end(few)).height > 3 * compact_ends.height // 7 + 60
    laid = replace(ramino_hand_end(), rows=[
        *ramino_hand_end().rows[:6], HandEndRow("Eve", [["4S", "4H", "4D"]], ["9S"], [], 0)])
    assert open_png(render_hand_end(laid)).height > DISPLAY_HEIGHT


def test_the_out_seat_in_a_panel_is_grey_too() -> None:
    spec = ramino_table(4, out=2, rows=False)
    image = open_png(render_table(spec))
    assert count_color(image, OUT_PANEL) > 5000


@pytest.mark.parametrize("color", [OUT_PANEL, OUT_TEXT, JOKER_FACE])
def test_the_new_colours_survive_the_png_palette(color: tuple[int, int, int]) -> None:
    image = Image.new("RGB", (4, 4), color)
    assert open_png(to_png(image)).getpixel((0, 0)) == color


def test_a_seven_seat_table_tags_its_throwers_so_none_reads_as_another(
        monkeypatch: pytest.MonkeyPatch) -> None:
    names = ["Alice", "Ilaria", "Lia", "Computer 1", "Computer 2", "Computer 3 (hard)", "Ljuba"]
    game = RaminoGame.create(preset("classic"), 7, seed=5)
    for _ in range(24):  # a turn each and more: six discards shown, each with its thrower
        seat = game.to_act()[0]
        game.apply(seat, RAMINO.default_move(game, seat))
    with drawn_texts(monkeypatch) as texts:
        render_table(RAMINO.table_spec(game, names, "en"))
    drawn = {text for text, _, _ in texts}
    assert {"AL", "IL", "Li", "C2", "C3", "Lj"} <= drawn
    assert not drawn & {"Al", "Il", "Co"}
