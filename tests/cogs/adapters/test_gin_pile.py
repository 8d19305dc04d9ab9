"""The gin table shows every pile card a move may take: Mahjong gin's depths, deep pickups.

Mahjong gin's "Take from the pile…" takes the top k cards, and closed gin's deep pickup any
card of the pile: the table picture then spreads the whole pile (the panel Rummy 500 uses),
Mahjong's numbered from the top as the depth menu counts. The PNG is opened and checked.
"""

from __future__ import annotations

import pytest

from bot.i18n import card_text
from card_images import BoardsPanel, PilesPanel, layout_table, render_table
from cogs.adapters import gin_mahjong as mj
from cogs.adapters import view_of
from cogs.adapters.gin import GIN
from engine.gin import GinGame, MahjongGin, preset
from engine.gin.teams import TeamGin
from tests.card_images.card_png_checks import face_share, open_png
from tests.card_images.legibility import drawn_texts
from tests.engine.gin.scripted import scripted
from tests.engine.gin.test_mahjong import example_17

NAMES = ["Alice", "Bruno"]


def pile_boxes(spec: object, pile: list[str]) -> list[tuple[str, tuple[int, int, int, int]]]:
    """Return the pile's cards laid out in the picture, in the order drawn."""
    return [(code, box) for code, box in layout_table(spec) if code in pile]  # type: ignore[arg-type]


def test_mahjong_gin_shows_the_whole_pile_numbered_as_the_depth_menu_counts(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = example_17()  # the pile is 8C 3H 5D; "take 3" takes all three, melding 8C
    assert "take 3" in {str(a) for a in game.legal_actions(0)}
    spec = GIN.table_spec(game, NAMES, "en")
    with drawn_texts(monkeypatch) as texts:
        image = open_png(render_table(spec))
    shown = pile_boxes(spec, ["8C", "3H", "5D"])
    assert [code for code, _ in shown] == ["8C", "3H", "5D"], "every card a take may reach"
    for code, box in shown:
        assert face_share(image, box) > 0.3, f"{code} is drawn face up where it is laid out"
    drawn = [text for text, _, _ in texts]
    assert "Discard pile: 3 cards, 1 = top" in drawn
    start = drawn.index("Discard pile: 3 cards, 1 = top")
    assert [t for t in drawn[start:] if t in ("1", "2", "3")][:3] == ["3", "2", "1"]
    # the number under each card is the depth the menu offers for it
    menu = mj.controls(view_of(game, 0), mj.Draft(depth=True), "en")[1]
    options = {o.value: o.label for o in menu.options}  # type: ignore[attr-defined]
    assert options == {"3": f"3: from {card_text('8C')} to the top (3 cards)"}
    piles = spec.panel(PilesPanel)
    assert piles.labels[piles.discard.index("8C")] == "3"


def test_the_italian_picture_says_the_numbers_count_from_the_top() -> None:
    spec = GIN.table_spec(example_17(), NAMES, "it")
    assert spec.panel(PilesPanel).discard_caption == "Scarti: 3 carte, 1 = in cima"


def test_closed_gin_shows_only_the_top_card_of_its_pile() -> None:
    game = scripted("8H 8S 2C 3C 4D 6D 9D JC QS KH", "AS 2S 3S 4H 5H 6H 7C 9C 10C KD",
                    upcard="8C", stock="5S")
    for seat, text in ((0, "pass"), (1, "pass"), (0, "draw"), (0, "discard 5S")):
        game.apply(seat, text)
    spec = GIN.table_spec(game, NAMES, "en")
    open_png(render_table(spec))
    assert [code for code, _ in pile_boxes(spec, ["8C", "5S"])] == ["5S"]


def deep_pickup_game() -> GinGame:
    """Return a deep-pickup game at Alice's draw, the pile 8♣ 5♠ 7♠ (bottom first)."""
    game = scripted("8H 8S 2C 3C 4D 6D 9D JC QS KH", "AS 2S 3S 4H 5H 6H 7C 9C 10C KD",
                    upcard="8C", stock="5S 7S",
                    options=preset("standard", deep_discard_pickup=True))
    for seat, text in ((0, "pass"), (1, "pass"), (0, "draw"), (0, "discard 5S"), (1, "draw"),
                       (1, "discard 7S")):
        game.apply(seat, text)
    return game


def test_a_deep_pickup_game_shows_every_card_of_its_pile() -> None:
    game = deep_pickup_game()
    assert "take 8C with 8H 8S" in {str(a) for a in game.legal_actions(0)}
    spec = GIN.table_spec(game, NAMES, "en")
    image = open_png(render_table(spec))
    shown = pile_boxes(spec, ["8C", "5S", "7S"])
    assert [code for code, _ in shown] == ["8C", "5S", "7S"]
    assert all(face_share(image, box) > 0.3 for _, box in shown)
    assert spec.panel(PilesPanel).labels == [], "a pickup names its card: no numbers needed"


def test_team_gin_with_deep_pickups_shows_every_board_pile() -> None:
    opts = preset("standard", team_size=2, deep_discard_pickup=True)
    game = TeamGin(opts, 4, seed=4)
    for _ in range(3):  # on each board: a pass, a pass, then a draw and a discard
        for seat in game.to_act():
            board, local = game.board_of(seat)
            if board.phase == "upcard_draw":
                game.apply(seat, "draw")
                game.apply(seat, f"discard {board.hands[local][0]}")
            else:
                game.apply(seat, "pass")
    spec = GIN.table_spec(game, NAMES + ["Carla", "Dino"], "en")
    image = open_png(render_table(spec))
    for board, board_spec in zip(game.boards, spec.panel(BoardsPanel).boards, strict=True):
        pile, piles = [c.text for c in board.discard], board_spec.panel(PilesPanel)
        assert len(pile) == 2 and piles.discard == pile and piles.spread
    shown = [code for code, box in layout_table(spec) if face_share(image, box) > 0.3]
    assert all(c.text in shown for b in game.boards for c in b.discard)


def test_a_picture_of_a_mahjong_game_of_a_deep_pile_fits_discord() -> None:
    game = MahjongGin(preset("mahjong"), seed=5)
    while len(game.discard) < 22:  # draw and throw only: the pile grows to 22 cards
        seat = game.to_act()[0]
        moves = [str(a) for a in game.legal_actions(seat)]
        pick = next(m for m in ("draw", "pass") if m in moves) if game.phase != "discard" else \
            next(m for m in moves if m.startswith("discard"))
        game.apply(seat, pick)
    spec = GIN.table_spec(game, NAMES, "en")
    image = open_png(render_table(spec))
    assert image.width <= 1000 and image.height <= 1000
    shown = pile_boxes(spec, [c.text for c in game.discard])
    assert [code for code, _ in shown] == [c.text for c in game.discard]
    for _, (x0, y0, x1, y1) in shown:
        assert 0 <= x0 < x1 <= image.width and 0 <= y0 < y1 <= image.height
