"""Leaderboard pictures: a readable ranked table that stays phone-sized."""

from __future__ import annotations

from itertools import pairwise

import pytest
from card_png_checks import color_mask, open_png

from bot.i18n import grouped, t
from card_images import LeaderboardSpec, render_leaderboard
from card_images.leaderboard import (
    CELL_PAD,
    CELL_PX,
    FIGURE_PAD,
    HEAD_GAP,
    HEAD_LINE,
    HEAD_PX,
    MARGIN,
    ROW_H,
    TITLE_PX,
    BoardLayout,
    layout_leaderboard,
)
from card_images.style import DISPLAY_WIDTH, GOLD, text_width

COLUMNS = ["#", "Player", "Wins", "Points"]


def _rows(count: int) -> list[list[str]]:
    return [[str(i + 1), f"Player {i + 1}", str(50 - i), str(1000 - 10 * i)] for i in range(count)]


def test_leaderboard_is_a_png_within_bounds() -> None:
    data = render_leaderboard(LeaderboardSpec("Gin Rummy", COLUMNS, _rows(5)))
    image = open_png(data)
    assert 360 <= image.width <= DISPLAY_WIDTH and image.height < 400
    assert len(image.getcolors(1 << 16) or []) > 8


def test_long_boards_are_capped_and_long_names_cut() -> None:
    rows = _rows(60)
    rows[3][1] = ("A member whose display name is far too long to fit in any column at all, "
                  "not even on two lines of it")
    spec = LeaderboardSpec("All time", COLUMNS, rows)
    image = open_png(render_leaderboard(spec))
    assert image.width <= DISPLAY_WIDTH and image.height <= 1000
    # 25 rows, the long name's on two lines: as much as fits, the rest cut
    first, second = layout_leaderboard(spec).names[3]
    assert rows[3][1].startswith(first + " ") and second.endswith("…")
    assert image.height == HEAD_LINE + open_png(render_leaderboard(LeaderboardSpec(
        "All", COLUMNS, _rows(25)))).height


def test_highlighted_row_is_outlined_in_gold() -> None:
    plain = open_png(render_leaderboard(LeaderboardSpec("Board", COLUMNS, _rows(6))))
    marked = open_png(render_leaderboard(LeaderboardSpec("Board", COLUMNS, _rows(6), 4)))
    box = color_mask(marked, GOLD).getbbox()
    plain_box = color_mask(plain, GOLD).getbbox()
    assert box is not None and plain_box is not None
    assert box[3] > plain_box[3] + 60, "gold now reaches down to the fifth row"


def _first_ink_column(image_png: bytes, row: int) -> int:
    """Return the leftmost x of light text ink in a row's names cell (past the # column)."""
    image = open_png(image_png).convert("RGB")
    top = MARGIN + TITLE_PX + 16 + ROW_H * (row + 1)
    for x in range(MARGIN + 40, image.width):
        if any(min(image.getpixel((x, y))) > 200 for y in range(top + 6, top + 24)):  # type: ignore[misc]
            return x
    raise AssertionError("no text in the row")


def test_names_are_left_aligned_whatever_their_length() -> None:
    short, long = _rows(3), _rows(3)
    short[1][1], long[1][1] = "Al", "Bartholomew"
    xs = [_first_ink_column(render_leaderboard(LeaderboardSpec("Board", COLUMNS, rows)), 1)
          for rows in (short, long)]
    assert abs(xs[0] - xs[1]) <= 2, xs  # the glyphs' own side bearings differ by a pixel


def test_long_headings_wrap_before_a_name_is_cut() -> None:
    columns = ["#", "Player", "Wins", "Games", "Win rate", "Best total"]
    rows = [["1", "Alessandro Ferraris", "9", "19", "47%", "40"]]
    layout = layout_leaderboard(LeaderboardSpec("Ramino 51", columns, rows))
    widths = layout.widths
    assert layout.names == [["Alessandro Ferraris"]]  # the name whole, on one line
    assert widths[1] >= text_width("Alessandro Ferraris", CELL_PX, True) + 2 * CELL_PAD
    assert layout.headings[4:] == [["Win", "rate"], ["Best", "total"]]
    assert sum(widths) <= DISPLAY_WIDTH - 2 * MARGIN
    wrapped = open_png(render_leaderboard(LeaderboardSpec("Ramino 51", columns, rows)))
    plain = open_png(render_leaderboard(LeaderboardSpec("Ramino 51", COLUMNS, _rows(1))))
    assert wrapped.height == plain.height + HEAD_LINE  # "Best / total" on two lines


# Long names as the cog shows them (its columns, in each language), with a new server's
# figures and with a busy one's (six-figure points).
LONG_NAMES = ["Bartholomew Montgomery", "Computer 3 (hard)", "Computer 12 (normal)",
              "Alessandro Ferraris", "Al"]


def _board(locale: str, busy: bool, names: list[str] = LONG_NAMES) -> LeaderboardSpec:
    """Return a leaderboard spec built as the cog builds it, the second row highlighted."""
    columns = ["#", *(t(k, locale) for k in ("lb.player", "lb.wins", "lb.games", "lb.win_rate",
                                             "lb.points"))]
    rows = []
    for i, name in enumerate(names):
        wins, games = (120 - 17 * i, 240) if busy else (5 - i, 9)
        points = (123456 if busy else 5035) - 1000 * i
        rows.append([str(i + 1), name, str(wins), str(games), f"{wins / games:.0%}",
                     grouped(points, locale)])
    return LeaderboardSpec(t("lb.title", locale, game="Canasta"), columns, rows, highlight=1)


def _heading_spans(layout: BoardLayout, names: int = 1) -> list[tuple[int, int]]:
    """Return where each heading's widest line starts and ends across the picture."""
    spans, x = [], MARGIN
    for i, (lines, width) in enumerate(zip(layout.headings, layout.widths, strict=True)):
        wide = max(text_width(line, HEAD_PX, True) for line in lines)
        if i == names:
            spans.append((x + CELL_PAD, x + CELL_PAD + wide))
        else:
            spans.append((x + width - FIGURE_PAD - wide, x + width - FIGURE_PAD))
        x += width
    return spans


@pytest.mark.parametrize("locale", ["en", "it"])
def test_long_names_are_shown_whole_on_one_line_where_the_figures_leave_room(
        locale: str) -> None:
    spec = _board(locale, busy=False)
    layout = layout_leaderboard(spec)
    assert layout.names == [[name] for name in LONG_NAMES]
    name_room = layout.widths[1] - 2 * CELL_PAD
    assert name_room >= text_width("Bartholomew Montgomery", CELL_PX, True)
    # the figures' columns are as narrow as their figures: "Wins"/"Vinte" reaches left, over
    # the names' column, rather than widening its own
    assert layout.widths[2] < text_width(spec.columns[2], HEAD_PX, True)
    spans = _heading_spans(layout)
    assert all(b[0] - a[1] >= HEAD_GAP for a, b in pairwise(spans)), spans
    assert spans[-1][1] <= MARGIN + sum(layout.widths) <= DISPLAY_WIDTH - MARGIN
    image = open_png(render_leaderboard(spec))
    assert image.width == DISPLAY_WIDTH


@pytest.mark.parametrize("locale", ["en", "it"])
def test_a_name_the_column_cannot_hold_on_one_line_takes_two_and_is_not_cut(
        locale: str) -> None:
    spec = _board(locale, busy=True)
    layout = layout_leaderboard(spec)
    assert layout.names[0] == ["Bartholomew", "Montgomery"]  # six-figure points beside it
    assert layout.names[1:] == [[name] for name in LONG_NAMES[1:]]
    assert [layout.row_height(i) for i in range(5)] == [ROW_H + HEAD_LINE] + [ROW_H] * 4
    spans = _heading_spans(layout)
    assert all(b[0] - a[1] >= HEAD_GAP for a, b in pairwise(spans)), spans
    image = open_png(render_leaderboard(spec))
    shorter = ["Bartholomew", *LONG_NAMES[1:]]
    one_line = open_png(render_leaderboard(_board(locale, busy=True, names=shorter)))
    assert image.width <= DISPLAY_WIDTH and image.height == one_line.height + HEAD_LINE


def test_a_name_without_a_space_that_cannot_fit_is_cut() -> None:
    spec = _board("en", busy=True, names=["Bartholomew-Montgomery-Smythe", "Al"])
    layout = layout_leaderboard(spec)
    assert len(layout.names[0]) == 1 and layout.names[0][0].endswith("…")
    assert text_width(layout.names[0][0], CELL_PX, True) <= layout.widths[1] - 2 * CELL_PAD
