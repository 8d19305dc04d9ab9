"""Public table pictures: piles, seats, melds, counts and whose turn it is."""

from __future__ import annotations

from dataclasses import fields

import pytest
from card_png_checks import color_mask, count_color, count_red, open_png
from legibility import drawn_texts

from card_images import (
    FaceUpPile,
    MeldSpec,
    PilesPanel,
    SeatGridPanel,
    SeatSpec,
    TableSpec,
    layout_table,
    render_table,
)
from card_images.seats import drawable, seat_tags
from card_images.style import BACK, CARD_FACE, DISPLAY_WIDTH, GOLD, LAID_OFF, SMALL

MELDS = [MeldSpec("A", ["7S", "7C", "7H"]), MeldSpec("B", ["3S", "4S", "5S", "6S"], ["6S"]),
         MeldSpec("C", ["10C", "JC", "QC", "KC"])]


def _seats(count: int, turn: int = 0, melds: bool = True) -> list[SeatSpec]:
    return [SeatSpec(f"Player {i + 1}", 10 - i, f"Score: {i * 25}", MELDS if melds else [],
                     i == turn, "knocked" if i == 1 else "") for i in range(count)]


def _table(title: str = "Gin Rummy", seats: list[SeatSpec] | None = None,
           note_no_melds: bool = True, status: str = "", footer: str = "",
           **piles: object) -> TableSpec:
    """Return a table of two panels: the piles (20 in stock, 2S 9C discarded), the seats."""
    pile = PilesPanel(**{"stock_count": 20, "discard": ["2S", "9C"], **piles})  # type: ignore[arg-type]
    grid = SeatGridPanel(_seats(2, melds=False) if seats is None else seats, note_no_melds)
    return TableSpec(title, [pile, grid], status, footer)


@pytest.mark.parametrize("seats", [1, 2, 3, 4, 5, 6])
def test_table_is_a_png_within_discord_friendly_bounds(seats: int) -> None:
    spec = _table(seats=_seats(seats), discard=["2S", "9C", "KD"] * 5, spread=True,
                  numbers=True, face_up=[FaceUpPile("8D", "Knock card")], status="Player 1 to play",
                  footer="Press a button to act")
    data = render_table(spec)
    image = open_png(data)
    # drawn at Discord's display width, so nothing is shrunk (was 600..1000 px)
    assert image.width == DISPLAY_WIDTH
    assert 200 <= image.height <= 1000
    assert len(data) < 200_000
    assert len(image.getcolors(1 << 16) or []) > 8


def test_eight_seats_are_drawn_and_nine_refused() -> None:
    assert open_png(render_table(_table(seats=_seats(8, melds=False)))).width == DISPLAY_WIDTH
    with pytest.raises(ValueError):
        render_table(_table(seats=_seats(9)))


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
    _, y0, _, y1 = box
    # At Discord's width the six seats stack in one column (melds need the whole width):
    # seat 5 is the fifth panel, so the gold is one panel, low, with seat 6 under it.
    assert y1 - y0 < image.height // 5, "only one panel is gold"
    assert y0 > image.height // 2, "seat 5 sits in the lower half"
    assert image.height - y1 > image.height // 8, "seat 6 sits under seat 5"


def test_red_knock_card_shows_red_and_black_one_does_not() -> None:
    red = open_png(render_table(_table(face_up=[FaceUpPile("8D", "Knock card")])))
    black = open_png(render_table(_table(face_up=[FaceUpPile("8S", "Knock card")])))
    assert count_red(red) > 100
    assert count_red(black) == 0


def test_spread_discard_pile_draws_every_card() -> None:
    def faces(count: int) -> int:
        pile = ["2S", "9C", "KS", "4C"] * 4
        spec = _table(discard=pile[:count], spread=True, numbers=True)
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
    assert names == {"name", "card_count", "score", "melds", "is_turn", "note", "count_label",
                     "out", "tags", "detail"}
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


def test_seat_tags_are_two_characters_unique_and_never_a_meld_letter() -> None:
    names = ["Alice", "Computer 1", "Computer 2", "Bartholomew", "Computer 4 (hard)"]
    assert seat_tags(names) == ["AL", "C1", "C2", "Ba", "C4"]
    assert seat_tags(["Player 12", "", "X"]) == ["PL", "#2", "#3"]  # one capital: a meld's


def test_no_seat_tag_has_a_bar_that_reads_as_another_letter() -> None:
    # A small l and a capital I are the same bar in the table's font: "Al" read "AI".
    names = ["Alice", "Ilaria", "Lia", "Computer 1", "Computer 2"]
    tags = seat_tags(names)
    assert tags == ["AL", "IL", "Li", "C1", "C2"]
    assert not any("l" in tag or "I" in tag[1:] for tag in tags)


def test_clashing_seat_tags_take_the_first_letter_that_tells_the_names_apart() -> None:
    assert seat_tags(["Marco", "Mario", "Bob"]) == ["Mc", "Mi", "Bo"]
    assert seat_tags(["Alice", "Alan", "Al"]) == ["Ai", "Aa", "AL"]
    assert seat_tags(["Carlo", "Carla", "Computer 1"]) == ["Co", "Ca", "C1"]
    assert seat_tags(["Anna", "Anna", "Computer 1"]) == ["#1", "#2", "C1"]  # nothing tells


def test_seat_tags_use_only_letters_the_font_draws() -> None:
    tags = seat_tags(["Дмитрий", "Ελένη", "山田", "🎲 Dice", "🌸🌸", "Zoë"])
    assert tags == ["Дм", "Ελ", "#3", "Di", "#5", "Zo"]  # no CJK glyph, no emoji in the font
    assert drawable("Д") and not drawable("山") and not drawable("🎲")


def test_a_laid_off_card_carries_the_tag_of_who_laid_it(monkeypatch: pytest.MonkeyPatch) -> None:
    def seats(by: list[int]) -> list[SeatSpec]:
        meld = MeldSpec("A", ["3S", "4S", "5S", "6S"], ["6S"], by)
        return [SeatSpec("Ann", 5, "0", [meld]), SeatSpec("Computer 1", 4, "0")]

    with drawn_texts(monkeypatch) as texts:
        tagged = open_png(render_table(_table(seats=seats([1]))))
    drawn = [text for text, _, _ in texts]
    assert drawn.count("C1") == 2, "once on the card, once beside Computer 1's name"
    untagged = open_png(render_table(_table(seats=seats([]))))
    assert count_color(tagged, LAID_OFF) > count_color(untagged, LAID_OFF) + 200
    assert "laid off" not in " ".join(drawn), "no tiny text explains the lay-offs any more"


def test_no_melds_is_said_only_by_games_that_lay_melds(monkeypatch: pytest.MonkeyPatch) -> None:
    with drawn_texts(monkeypatch) as texts:
        render_table(_table(note_no_melds=False))
        assert not any(text == "no melds" for text, _, _ in texts)
        render_table(_table())
        assert sum(text == "no melds" for text, _, _ in texts) == 2


def test_every_meld_card_and_the_top_discard_are_laid_out_in_view() -> None:
    spec = _table(seats=_seats(3))
    cards = layout_table(spec)
    expected = [c for _ in range(3) for m in MELDS for c in m.cards] + ["9C"]
    assert sorted(code for code, _ in cards) == sorted(expected)
    image = open_png(render_table(spec))
    for code, (x0, y0, x1, y1) in cards:
        assert 0 <= x0 < x1 <= image.width and 0 <= y0 < y1 <= image.height, code
        assert x1 - x0 >= SMALL.step - 1, f"{code}: its whole index stays in view"


def test_a_joker_on_the_table_says_the_card_it_stands_for(
        monkeypatch: pytest.MonkeyPatch) -> None:
    melds = [MeldSpec("A", ["7H", "8H", "JK", "10H"], joker_for=["9H"]),
             MeldSpec("B", ["9C", "9S", "JK"], laid_off=["JK"], laid_off_by=[1],
                      joker_for=[""])]
    spec = TableSpec("Ramino 51", [
        PilesPanel(60, face_up=[FaceUpPile("3C", "Exchange")], discard=["QD"]),
        SeatGridPanel([SeatSpec("Alice", 6, melds=melds), SeatSpec("Bruno", 9)])])
    with drawn_texts(monkeypatch) as texts:
        image = open_png(render_table(spec))
    drawn = [text for text, _, _ in texts]
    assert "9\N{BLACK HEART SUIT}" in drawn, "the run's joker is the 9♥"
    assert "Br" in drawn, "a laid-off joker keeps the tag of who laid it off"
    jokers = [box for code, box in layout_table(spec) if code == "JK"]
    red_low = count_red(image.crop((jokers[0][0], jokers[0][3] - 22,
                                    jokers[0][0] + SMALL.step, jokers[0][3])))
    assert red_low > 15
