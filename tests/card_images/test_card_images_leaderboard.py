"""Leaderboard pictures: a readable ranked table that stays phone-sized."""

from __future__ import annotations

from card_png_checks import color_mask, open_png

from card_images import LeaderboardSpec, render_leaderboard
from card_images.leaderboard import CELL_PX, HEAD_LINE, MARGIN, ROW_H, TITLE_PX, _column_widths
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
    rows[3][1] = "A member whose display name is far too long to fit in any column at all"
    image = open_png(render_leaderboard(LeaderboardSpec("All time", COLUMNS, rows)))
    assert image.width <= DISPLAY_WIDTH and image.height <= 1000
    assert image.height == open_png(render_leaderboard(LeaderboardSpec("All", COLUMNS,
                                                                       _rows(25)))).height


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
    widths = _column_widths(LeaderboardSpec("Ramino 51", columns, rows))
    assert widths[1] >= text_width("Alessandro Ferraris", CELL_PX, True)  # the name whole
    assert sum(widths) <= DISPLAY_WIDTH - 2 * MARGIN
    wrapped = open_png(render_leaderboard(LeaderboardSpec("Ramino 51", columns, rows)))
    plain = open_png(render_leaderboard(LeaderboardSpec("Ramino 51", COLUMNS, _rows(1))))
    assert wrapped.height == plain.height + HEAD_LINE  # "Best / total" on two lines
