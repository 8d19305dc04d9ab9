"""A table of several boards (a team game's): each drawn whole, stacked under one title."""

from __future__ import annotations

from card_png_checks import open_png

from card_images import (
    BoardsPanel,
    FaceUpPile,
    PilesPanel,
    SeatGridPanel,
    SeatSpec,
    TableSpec,
    layout_table,
    render_table,
)
from card_images.style import DISPLAY_WIDTH


def _board(number: int, discard: str, knock: str) -> TableSpec:
    seats = [SeatSpec(f"P{2 * number}", 10, is_turn=True), SeatSpec(f"P{2 * number + 1}", 10)]
    piles = PilesPanel(31, face_up=[FaceUpPile(knock, "Knock card")], discard=[discard])
    return TableSpec(title=f"Board {number + 1}", panels=[piles, SeatGridPanel(seats)],
                     status="waiting")


def _boards(count: int) -> TableSpec:
    boards = [_board(i, d, k) for i, (d, k) in enumerate(
        [("2S", "8D"), ("9C", "KH"), ("QD", "5S"), ("AH", "3C")][:count])]
    return TableSpec(title="Team gin: hand 1", panels=[BoardsPanel(boards)],
                     status="Waiting for P0", footer="Team 1: 0 · Team 2: 0")


def test_every_board_is_drawn_below_the_one_before() -> None:
    placed = layout_table(_boards(4))
    codes = [code for code, _ in placed]
    assert codes == ["8D", "2S", "KH", "9C", "5S", "QD", "3C", "AH"]
    tops = [box[1] for _, box in placed]
    assert tops[0] == tops[1] < tops[2] == tops[3] < tops[4] == tops[5] < tops[6] == tops[7]
    # each board is as tall as the same table drawn alone
    alone = open_png(render_table(_board(1, "9C", "KH"))).height
    assert tops[2] - tops[0] == alone


def test_four_boards_stay_at_discord_width_and_grow_down() -> None:
    two, four = (open_png(render_table(_boards(n))) for n in (2, 4))
    assert two.width == four.width == DISPLAY_WIDTH
    single = open_png(render_table(_board(0, "2S", "8D"))).height
    assert four.height - two.height == 2 * single
