"""The pictures read at Discord's display width (550 px): measured on real rendered PNGs.

The bar: every rank in a card's corner at least 14 px tall and every text line's capitals
at least 12 px tall, once the picture is shown at most 550 px wide. The positions come
from the adapters of real games (gin, a late Rummy 500 game with five players).
"""

from __future__ import annotations

import random

import pytest
from card_png_checks import open_png
from legibility import cap_height, display_scale, drawn_texts, rank_heights
from PIL import Image

from bot.i18n import t
from card_images import (
    LeaderboardSpec,
    PilesPanel,
    layout_hand,
    layout_table,
    render_hand,
    render_hand_end,
    render_leaderboard,
    render_table,
)
from card_images.style import DISPLAY_WIDTH
from cogs.adapters.gin import GIN
from cogs.adapters.rummy500 import RUMMY500
from engine.cards import make_deck
from engine.gin import GinGame, preset
from engine.rummy500 import Rummy500Game
from tests.engine.gin.scripted import scripted
from tests.engine.rummy500.scripted import crafted

RANK_PX = 14
TEXT_PX = 12
FIVE = ["Alice", "Computer 1", "Computer 2", "Bartholomew", "Computer 4"]

# Twelve melds over five seats, six cards laid off on other seats' melds.
LATE_MELDS = [
    (0, "2S 3S 4S 5S 6S", {"5S": 1, "6S": 2}), (1, "JS JH JC"), (1, "7S 7H 7D 7C", {"7C": 3}),
    (2, "10S 10H 10C"), (3, "8D 9D 10D JD QD", {"QD": 4}), (3, "QS QH QC"),
    (3, "AS AD AC AH", {"AH": 0}), (4, "KS KD KC KH", {"KH": 2}), (4, "4D 5D 6D"),
    (0, "3H 4H 5H"), (2, "9S 9H 9C"), (1, "4C 5C 6C"),
]
BIG_HAND = ("AS 2S 3S 4S 5S 6S 7S 8S AH 2H 3H 4H 5H 6H 7H 8H "
            "AD 2D 3D 4D 5D 6D 7D 8D 9C 10C JC QC KC 9D")


def late_rummy500() -> Rummy500Game:
    """A late Rummy 500 hand: five players, twelve melds, lay-offs by every seat."""
    return crafted({0: "2H", 1: "6H", 2: "8H", 3: "2C", 4: "3C"}, melds=LATE_MELDS,
                   pile="8S 2D 3D 8C", stock="", turn=3, players=5,
                   totals=[190, 305, 260, 415, 480])


def long_pile_rummy500() -> Rummy500Game:
    """A Rummy 500 hand whose discard pile has grown to 26 cards, nobody melded yet."""
    pile = "2C 9H KD 4S 7C QH 3D 10S 6D JC 8H 2S 5C AD 9C 4H KS 7D QC 3S 10H 6C JD 8S 5D AH"
    return crafted({0: "2D 3H 4C 5S 6H 7S 8D", 1: "9D 10D JH QS KC AS 2H", 2: "3C 4D"},
                   pile=pile, players=3)


def oklahoma_gin() -> GinGame:
    """A gin hand under Oklahoma rules, so the table shows a knock card too: the deal seed 5
    gave before per-deal shuffles, scripted so the recorded pictures keep their cards."""
    deck = make_deck()
    random.Random("5:1").shuffle(deck)
    return GinGame(preset("oklahoma"), seed=5, decks=[deck])


def assert_ranks_readable(image_png: bytes, cards: list[tuple[str, tuple[int, int, int, int]]]
                          ) -> dict[str, int]:
    """Assert every drawn card's rank is tall enough as displayed; return the heights."""
    image = open_png(image_png)
    heights = rank_heights(image, cards)
    assert heights, "no card measured"
    small = {card: h for card, h in heights.items() if h < RANK_PX}
    assert not small, f"ranks under {RANK_PX} px at {display_scale(image):.2f}: {small}"
    return heights


def assert_texts_readable(texts: list[tuple[str, int, bool]], scale: float) -> None:
    """Assert every text line drawn is tall enough as displayed."""
    assert texts, "no text measured"
    small = {text: size for text, size, bold in texts if cap_height(size, bold) * scale < TEXT_PX}
    assert not small, f"text under {TEXT_PX} px: {small}"


@pytest.mark.parametrize("game", [late_rummy500, long_pile_rummy500])
def test_rummy500_tables_read_at_display_width(game: object, monkeypatch: pytest.MonkeyPatch
                                               ) -> None:
    spec = RUMMY500.table_spec(game(), FIVE, "en")  # type: ignore[operator]
    with drawn_texts(monkeypatch) as texts:
        png = render_table(spec)
    image = open_png(png)
    assert image.width <= DISPLAY_WIDTH
    assert_ranks_readable(png, layout_table(spec))
    assert_texts_readable(texts, display_scale(image))


def test_the_late_table_shows_every_meld_card_and_every_pile_card() -> None:
    game = late_rummy500()
    cards = [code for code, _ in layout_table(RUMMY500.table_spec(game, FIVE, "en"))]
    on_table = [c for _, text, *_ in LATE_MELDS for c in text.split()]
    assert sorted(cards) == sorted([*on_table, "8S", "2D", "3D", "8C"])


def test_gin_table_reads_at_display_width(monkeypatch: pytest.MonkeyPatch) -> None:
    spec = GIN.table_spec(oklahoma_gin(), ["Alice", "Computer 1"], "en")
    with drawn_texts(monkeypatch) as texts:
        png = render_table(spec)
    cards = layout_table(spec)
    piles = spec.panel(PilesPanel)
    assert [code for code, _ in cards] == [piles.face_up[0].card, piles.discard[-1]]
    assert_ranks_readable(png, cards)
    assert_texts_readable(texts, display_scale(open_png(png)))


def _gin_hand_of(size: int) -> GinGame:
    """A gin hand of 10 cards, or 11 once its player drew."""
    game = scripted("3C 4C 5C 9H 9S 9D JS QS KS 8D", "AH AS AD 5H 6H 7H 2C 6C 4D 6D",
                    upcard="KH", stock="KD")
    if size == 11:
        for seat, action in ((0, "pass"), (1, "pass"), (0, "draw")):
            game.apply(seat, action)
    return game


@pytest.mark.parametrize("size", [10, 11])
@pytest.mark.parametrize("sort", ["suit", "rank"])
def test_gin_hands_read_at_display_width(size: int, sort: str,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    spec = GIN.hand_spec(_gin_hand_of(size), 0, sort, "en")
    assert len(spec.cards) == size
    with drawn_texts(monkeypatch) as texts:
        png = render_hand(spec)
    assert_ranks_readable(png, layout_hand(spec))
    assert_texts_readable(texts, display_scale(open_png(png)))


def test_the_biggest_rummy500_hand_reads_at_display_width(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    game = crafted({0: BIG_HAND, 1: "KS KH KD", 2: "QS QH QD"}, melds=[(1, "9S 10S JS")],
                   pile="10H", turn=0, phase="play", players=3, stock="", opened=[0])
    spec = RUMMY500.hand_spec(game, 0, "suit", "en")
    with drawn_texts(monkeypatch) as texts:
        png = render_hand(spec)
    heights = assert_ranks_readable(png, layout_hand(spec))
    assert len(heights) == 30
    assert_texts_readable(texts, display_scale(open_png(png)))


def test_the_end_of_a_late_rummy500_hand_reads_at_display_width(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = late_rummy500()
    events = game.apply(3, "discard 2C")  # Bartholomew goes out with his last card
    ended = RUMMY500.hand_end(game, events, FIVE, "en")
    assert ended is not None
    with drawn_texts(monkeypatch) as texts:
        image = open_png(render_hand_end(ended[0]))
    assert image.width <= DISPLAY_WIDTH
    assert_texts_readable(texts, display_scale(image))


def test_the_measure_fails_a_table_drawn_as_wide_as_before() -> None:
    """The old table was 960 px wide: the same cards, shrunk to 550, miss the bar."""
    spec = RUMMY500.table_spec(late_rummy500(), FIVE, "en")
    table = open_png(render_table(spec))
    wide = Image.new("RGB", (960, table.height), (0, 0, 0))
    wide.paste(table, (0, 0))
    heights = rank_heights(wide, layout_table(spec))
    assert max(heights.values()) < RANK_PX, heights


@pytest.mark.parametrize("locale", ["en", "it"])
def test_a_full_leaderboard_reads_at_display_width(locale: str,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    heads = ["#", *(t(k, locale) for k in ("lb.player", "lb.games", "lb.wins", "lb.win_rate",
                                           "lb.points"))]
    names = ["Bartholomew the Great", *(f"Computer {i}" for i in range(1, 25))]
    rows = [[str(i + 1), name, "128", "64", "50%", "\u221212,840"]
            for i, name in enumerate(names)]
    spec = LeaderboardSpec(t("lb.title", locale, game=t("game.rummy500", locale)), heads, rows)
    with drawn_texts(monkeypatch) as texts:
        image = open_png(render_leaderboard(spec))
    assert image.width <= DISPLAY_WIDTH
    assert_texts_readable(texts, display_scale(image))
    drawn = [text for text, _, bold in texts if bold and text[:4] in ("Bart", "the ", "Comp")]
    assert drawn[-24:] == names[1:]  # a name of 11 characters fits whole with the widest figures
    # a long one is whole too: on one line in English, on two where Italian headings are wider
    assert drawn[:-24] == (["Bartholomew the Great"] if locale == "en" else
                           ["Bartholomew", "the Great"])
