"""A table composed from panels: a new game picks the panels it needs, in its own order.

The game here is made up ("Trump rummy"): a stock with a trump card face up beside it,
named by the game, a discard pile, and two seats with their melds. No field of the
shared specs was added for it.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from card_png_checks import colors, count_color, felt_share, open_png
from legibility import drawn_texts

from card_images import (
    BoardsPanel,
    FaceUpPile,
    MeldSpec,
    Panel,
    PilesPanel,
    SeatGridPanel,
    SeatSpec,
    TableSpec,
    layout_table,
    render_table,
)
from card_images.style import DISPLAY_WIDTH, GOLD, NORMAL, TEXT

SEATS = [SeatSpec("Ann", 7, "12 pts", [MeldSpec("A", ["5H", "6H", "7H"])], is_turn=True),
         SeatSpec("Bob", 9, "30 pts", [MeldSpec("B", ["KS", "KC", "KD"])])]


def _piles(trump: bool = True) -> PilesPanel:
    return PilesPanel(30, face_up=[FaceUpPile("QH", "Trump")] if trump else [],
                      discard=["4C", "9S"])


def _trump_table(*panels: Panel) -> TableSpec:
    return TableSpec("Trump rummy: hand 1", list(panels or (_piles(), SeatGridPanel(SEATS))),
                     status="Ann's turn", footer="First to 300 points.")


def test_the_named_pile_is_drawn_face_up_between_stock_and_discard_under_its_caption(
        monkeypatch: pytest.MonkeyPatch) -> None:
    spec = _trump_table()
    with drawn_texts(monkeypatch) as texts:
        image = open_png(render_table(spec))
    assert image.width == DISPLAY_WIDTH and 200 <= image.height <= 500
    cards = layout_table(spec)
    assert [code for code, _ in cards] == ["QH", "9S", "5H", "6H", "7H", "KS", "KC", "KD"]
    (_, trump), (_, top) = cards[:2]
    assert trump[3] - trump[1] == NORMAL.h and trump[2] < top[0] and trump[1] == top[1]
    assert ("Trump", 17, True) in texts and "Stock: 30" in [text for text, _, _ in texts]
    # the caption is written under the trump card: that strip holds its light ink
    caption = (trump[0], trump[3] + 4, trump[2], trump[3] + 28)
    assert colors(image, caption).get(TEXT, 0) > 30


def test_without_the_named_pile_its_place_is_taken_by_the_discard() -> None:
    with_trump = layout_table(_trump_table())
    without = _trump_table(_piles(trump=False), SeatGridPanel(SEATS))
    image = open_png(render_table(without))
    cards = layout_table(without)
    assert [code for code, _ in cards][:1] == ["9S"]
    moved = with_trump[1][1][0] - cards[0][1][0]
    assert NORMAL.w <= moved <= NORMAL.w + 24, "the discard moves left, into the trump's place"
    right_of_discard = (cards[0][1][2] + 40, cards[0][1][1], cards[0][1][2] + 120,
                        cards[0][1][3])
    assert felt_share(image, right_of_discard) > 0.95


def test_the_panels_are_stacked_in_the_order_the_game_gives() -> None:
    piles_first = _trump_table()
    seats_first = _trump_table(SeatGridPanel(SEATS), _piles())
    above = dict(layout_table(piles_first))
    below = dict(layout_table(seats_first))
    assert above["QH"][1] < above["5H"][1] and below["QH"][1] > below["5H"][1]
    heights = {open_png(render_table(spec)).height for spec in (piles_first, seats_first)}
    assert len(heights) == 1, "the same panels take the same room in any order"


def test_a_table_of_seats_alone_draws_no_pile() -> None:
    spec = _trump_table(SeatGridPanel(SEATS))
    assert [code for code, _ in layout_table(spec)] == ["5H", "6H", "7H", "KS", "KC", "KD"]
    assert open_png(render_table(spec)).height < open_png(render_table(_trump_table())).height


def test_a_change_to_every_seat_reaches_the_seats_of_every_board() -> None:
    # how the host draws a cancelled game: nobody's turn, on every board too
    spec = TableSpec("Teams: hand 1", [BoardsPanel([_trump_table(), _trump_table()])])
    calm = spec.map_seats(lambda seat: replace(seat, is_turn=False))
    assert [seat.name for seat in calm.seats] == ["Ann", "Bob", "Ann", "Bob"]
    assert [seat.is_turn for seat in spec.seats] == [True, False, True, False]
    assert not any(seat.is_turn for seat in calm.seats)
    gold = [count_color(open_png(render_table(s)), GOLD) for s in (spec, calm)]
    assert gold[1] < gold[0] - 500, "no seat is framed in gold any more"
