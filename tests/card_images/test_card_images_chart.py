"""The chart of running totals under a hand's result: legend, axes, target, lines."""

from __future__ import annotations

from card_png_checks import count_color, open_png

from card_images import ChartSeries, ChartSpec, HandEndRow, HandEndSpec, render_hand_end
from card_images.chart import (
    LEGEND_GAP,
    LEGEND_PX,
    MIN_PLOT,
    PAD,
    PLOT_H,
    SWATCH,
    _bounds,
    _legend,
    chart_height,
    color,
    draw_chart,
    figure,
)
from card_images.hand_end import _chart_height, _plot_height, draw_hand_end
from card_images.style import DISPLAY_HEIGHT, GOLD, text_width

WIDTH = 530  # the chart's panel in a 550 px picture
LONG = [f"{first} Bartholomew Longname-Smithson of the Realm" for first in
        ("Alice", "Bruno", "Chiara", "Dario", "Elena", "Fabio", "Giulia")]


def _seven(long: bool = True) -> ChartSpec:
    names = LONG if long else ["A", "B", "C", "D", "E", "F", "G"]
    return ChartSpec([ChartSeries(name, [0, 10 * i, 25 * i, 60 + 5 * i])
                      for i, name in enumerate(names)], target=101, target_label="Out above 101")


def test_a_long_name_is_cut_in_its_column_and_its_total_is_kept_whole() -> None:
    spec = _seven()
    room = WIDTH - 2 * PAD
    column = (room - 2 * LEGEND_GAP) // 3
    rows = _legend(spec, room)
    assert [len(row) for row in rows] == [3, 3, 1]
    for row in rows:
        for index, name, total, x in row:
            assert name.endswith("…") and LONG[index].startswith(name[:-1])
            assert total == figure(60 + 5 * index, ",")
            drawn = SWATCH + 6 + text_width(f"{name} ", LEGEND_PX) + text_width(total, LEGEND_PX,
                                                                               True)
            assert x + drawn <= (x // (column + LEGEND_GAP)) * (column + LEGEND_GAP) + column
            assert x + drawn <= room


def test_short_names_are_not_cut_and_a_few_lines_share_two_columns() -> None:
    rows = _legend(_seven(long=False), WIDTH - 2 * PAD)
    assert [name for row in rows for _, name, _, _ in row] == list("ABCDEFG")
    four = ChartSpec(_seven().series[:4])
    assert [len(row) for row in _legend(four, WIDTH - 2 * PAD)] == [2, 2]


def test_partners_are_each_named_when_their_names_are_cut() -> None:
    side = ChartSeries(f"{LONG[0]} + {LONG[1]}", [0, 40], members=LONG[:2])
    rows = _legend(ChartSpec([side, side]), WIDTH - 2 * PAD)
    first, second = rows[0][0][1].split(" + ")
    assert first.startswith("Alice") and second.startswith("Bruno")
    assert first.endswith("…") and second.endswith("…")
    short = ChartSeries(f"Chiara + {LONG[1]}", [0, 40], members=["Chiara", LONG[1]])
    rows = _legend(ChartSpec([short, short]), WIDTH - 2 * PAD)
    whole, cut = rows[0][0][1].split(" + ")
    assert whole == "Chiara" and len(cut) > len(second)  # a short name leaves its room


def test_every_line_is_drawn_in_its_own_colour_and_the_target_in_gold() -> None:
    image = draw_chart(_seven(), WIDTH)
    assert image.size == (WIDTH, chart_height(_seven(), WIDTH))
    for i in range(7):
        assert count_color(image, color(i)) > 30, i
    assert count_color(image, GOLD) > 100  # the dashed line and its caption
    assert len({color(i) for i in range(7)}) == 7


def test_a_line_stops_where_its_side_left_the_game() -> None:
    gone = ChartSpec([ChartSeries("A", [0, 40, 120, None, None]), ChartSeries("B", [0, 5, 9, 12,
                                                                                   30])])
    alone = ChartSpec([ChartSeries("A", [0, 40, 120]), ChartSeries("B", [0, 5, 9, 12, 30])])
    # The same picture as a line that was never drawn past the hand that put it out.
    assert draw_chart(gone, WIDTH).tobytes() == draw_chart(alone, WIDTH).tobytes()


def test_the_axis_holds_every_total_and_the_target_from_a_round_figure() -> None:
    spec = ChartSpec([ChartSeries("A", [0, -350, 2400, 7190])], target=15000)
    low, high, step = _bounds(spec, 4)
    assert low <= -350 and low % step == 0 and high >= 15000
    assert step in (5000, 2500) and high < 15000 + step


def test_figures_are_grouped_as_the_language_groups_thousands() -> None:
    assert figure(15000, ",") == "15,000"
    assert figure(15000, ".") == "15.000"
    assert figure(-2500, ".") == "\u22122.500"


def _end(rows: int, chart: ChartSpec | None) -> HandEndSpec:
    row = HandEndRow("Alice", melds=[["7H", "8H", "9H"]], loose=["KS"], loose_value=10,
                     points="+10")
    return HandEndSpec("Hand 2: Alice went out", [row] * rows, ["Alice: 10"], chart)


def test_the_chart_goes_under_the_score_lines_at_550_px() -> None:
    plain, charted = draw_hand_end(_end(2, None)), draw_hand_end(_end(2, _seven()))
    assert open_png(render_hand_end(_end(2, _seven()))).size == charted.size
    assert charted.width == 550
    assert charted.height > plain.height + chart_height(_seven(), WIDTH, MIN_PLOT)
    assert charted.crop((0, 0, 550, plain.height - 10)).tobytes() == plain.crop(
        (0, 0, 550, plain.height - 10)).tobytes()  # what was there stays as it was
    assert charted.height <= DISPLAY_HEIGHT


def test_the_plot_takes_the_height_left_and_never_less_than_a_readable_floor() -> None:
    spec = _end(1, _seven())
    full = _chart_height(spec, PLOT_H)
    assert _plot_height(spec, 100) == PLOT_H  # room enough: the whole plot
    assert _plot_height(spec, DISPLAY_HEIGHT - full + 30) == PLOT_H - 30  # fills the height
    assert _plot_height(spec, DISPLAY_HEIGHT) == MIN_PLOT  # a tall result: the floor
    assert draw_hand_end(spec).height == draw_hand_end(_end(1, None)).height + full


def test_score_lines_count_when_choosing_the_compact_rows_so_the_chart_stays_in_view() -> None:
    # Three hands of ten loose cards stack within the height; with Canasta-long score lines
    # and the chart below they would not (767 px): the words go beside the cards instead.
    ten = "AS 3S 5S 7S 9S JS KS 2H 4H 6H"
    rows = [HandEndRow(name, loose=ten.split(), loose_value=60, points="+60")
            for name in ("Alice", "Bruno", "Chiara")]
    scores = ["Alice & Chiara: melds 805 + canastas 1,200 + red threes 200 + going out 0"
              " − cards left 15 = 2,190 (total 5,210)"] * 2
    chart = ChartSpec([ChartSeries(n, [0, 40, 90]) for n in ("A", "B")], target=500)
    bare = open_png(render_hand_end(HandEndSpec("End", rows)))
    full = open_png(render_hand_end(HandEndSpec("End", rows, scores, chart=chart)))
    assert bare.height <= DISPLAY_HEIGHT  # stacked, it fits alone
    assert full.height <= DISPLAY_HEIGHT
