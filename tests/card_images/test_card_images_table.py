"""Public table pictures: piles, seats, melds, counts and whose turn it is."""

from __future__ import annotations

from dataclasses import fields

import pytest
from card_png_checks import color_mask, count_color, count_red, open_png

from card_images import MeldSpec, SeatSpec, TableSpec, render_table
from card_images.style import BACK, CARD_FACE, GOLD, LAID_OFF

MELDS = [MeldSpec("A", ["7S", "7C", "7H"]), MeldSpec("B", ["3S", "4S", "5S", "6S"], ["6S"]),
         MeldSpec("C", ["10C", "JC", "QC", "KC"])]


def _seats(count: int, turn: int = 0, melds: bool = True) -> list[SeatSpec]:
    return [SeatSpec(f"Player {i + 1}", 10 - i, f"Score: {i * 25}", MELDS if melds else [],
                     i == turn, "knocked" if i == 1 else "") for i in range(count)]


def _table(**changes: object) -> TableSpec:
    base: dict[str, object] = {"title": "Gin Rummy", "seats": _seats(2, melds=False),
                               "stock_count": 20, "discard": ["2S", "9C"]}
    base.update(changes)
    return TableSpec(**base)  # type: ignore[arg-type]


@pytest.mark.parametrize("seats", [1, 2, 3, 4, 5, 6])
def test_table_is_a_png_within_discord_friendly_bounds(seats: int) -> None:
    spec = _table(seats=_seats(seats), discard=["2S", "9C", "KD"] * 5, discard_spread=True,
                  discard_numbers=True, knock_card="8D", status="Player 1 to play",
                  footer="Press a button to act")
    data = render_table(spec)
    image = open_png(data)
    assert 600 <= image.width <= 1000
    assert 200 <= image.height <= 1000
    assert len(data) < 200_000
    assert len(image.getcolors(1 << 16) or []) > 8


def test_more_than_six_seats_is_refused() -> None:
    with pytest.raises(ValueError):
        render_table(_table(seats=_seats(7)))


@pytest.mark.parametrize("turn", [0, 1])
def test_the_seat_to_play_is_highlighted_in_gold(turn: int) -> None:
    image = open_png(render_table(_table(seats=_seats(2, turn=turn, melds=False))))
    gold = color_mask(image, GOLD)
    half = image.width // 2
    left = gold.crop((0, 0, half, image.height)).histogram()[255]
    right = gold.crop((half, 0, image.width, image.height)).histogram()[255]
    assert (left > 5 * right) if turn == 0 else (right > 5 * left), (left, right)


def test_turn_highlight_follows_the_seat_among_six() -> None:
    image = open_png(render_table(_table(seats=_seats(6, turn=4))))
    box = color_mask(image, GOLD).getbbox()
    assert box is not None
    _, y0, x1, _ = box
    assert x1 <= image.width // 2 + 2, "seat 5 sits in the left column"
    assert y0 > image.height // 2, "seat 5 sits in the bottom row"


def test_red_knock_card_shows_red_and_black_one_does_not() -> None:
    red = open_png(render_table(_table(knock_card="8D")))
    black = open_png(render_table(_table(knock_card="8S")))
    assert count_red(red) > 100
    assert count_red(black) == 0


def test_spread_discard_pile_draws_every_card() -> None:
    def faces(count: int) -> int:
        pile = ["2S", "9C", "KS", "4C"] * 4
        spec = _table(discard=pile[:count], discard_spread=True, discard_numbers=True)
        return count_color(open_png(render_table(spec)), CARD_FACE)

    counts = [faces(n) for n in (1, 4, 8, 16)]
    assert counts == sorted(counts) and len(set(counts)) == 4, counts


def test_laid_off_cards_are_marked() -> None:
    plain = [SeatSpec("Ann", 5, "0", [MeldSpec("A", ["3S", "4S", "5S"])])]
    with_layoff = [SeatSpec("Ann", 5, "0", [MeldSpec("A", ["3S", "4S", "5S", "6S"], ["6S"])])]
    assert count_color(open_png(render_table(_table(seats=plain))), LAID_OFF) == 0
    assert count_color(open_png(render_table(_table(seats=with_layoff))), LAID_OFF) > 50


def test_card_counts_are_shown_without_any_hidden_card() -> None:
    names = {f.name for f in fields(SeatSpec)}
    assert names == {"name", "card_count", "score", "melds", "is_turn", "note", "count_label"}
    few = open_png(render_table(_table(seats=[SeatSpec("Ann", 1), SeatSpec("Bob", 1)])))
    many = open_png(render_table(_table(seats=[SeatSpec("Ann", 6), SeatSpec("Bob", 6)])))
    assert count_color(many, BACK) > count_color(few, BACK)


def test_empty_stock_and_discard_render() -> None:
    image = open_png(render_table(_table(stock_count=0, discard=[])))
    assert count_color(image, BACK) < count_color(open_png(render_table(_table())), BACK)


def test_long_names_and_texts_do_not_widen_the_picture() -> None:
    long = "An extraordinarily long display name that goes on" * 2
    spec = _table(title=long, status=long, footer=long,
                  seats=[SeatSpec(long, 3, long, [], True, long), SeatSpec("Bob", 3)])
    assert open_png(render_table(spec)).width == open_png(render_table(_table())).width


def test_a_seat_with_many_melds_still_fits() -> None:
    melds = [MeldSpec(chr(65 + i), [f"{r}{'SHDC'[i % 4]}" for r in ("2", "3", "4", "5")])
             for i in range(10)]
    spec = _table(seats=[SeatSpec("Ann", 2, "Score: 300", melds, True), SeatSpec("Bob", 9)])
    image = open_png(render_table(spec))
    assert image.width <= 1000 and image.height <= 1000
    assert count_color(image, CARD_FACE) > count_color(open_png(render_table(_table())), CARD_FACE)
