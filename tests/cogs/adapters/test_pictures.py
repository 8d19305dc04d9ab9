"""What the adapters put in the pictures: scores that read alone and agree with the result text.

Whole games are played by the computer through the adapters; at the end the table picture's
totals and this-hand figures must be the very numbers the result lines announce.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from bot.i18n import t
from card_images import PilesPanel, SeatGridPanel
from cogs.adapters import Deal
from cogs.adapters.gin import GIN
from cogs.adapters.rummy500 import RUMMY500
from engine.game import Event
from engine.gin import GinGame
from engine.gin.events import GameEnded
from engine.rummy500.views import HandReport
from tests.engine.rummy500.scripted import crafted

THREE = ["Alice", "Computer 1", "Computer 2"]


def _play_out(adapter: Any, players: int, seed: int) -> tuple[Any, list[Event]]:
    """Play a whole game by the computer's moves; return it and the last hand's events."""
    game = adapter.new_game(adapter.options(adapter.presets()[0], {}), players, Deal(seed=seed))
    last: list[Event] = []
    while not game.is_over:
        seat = game.to_act()[0]
        events = game.apply(seat, adapter.choose(game, seat))
        if any(e.kind == "hand_end" for e in events):
            last = events
    return game, last


def _public(events: Sequence[Event], kind: type) -> Any:
    return next(e.public for e in events if isinstance(e.public, kind))


def test_rummy500_seat_scores_say_total_and_this_hand_in_words() -> None:
    game = crafted({0: "2H 3H", 1: "6H 7D", 2: "8H 9C"}, melds=[(0, "4S 5S 6S 7S", {"7S": 2})],
                   pile="KD", players=3, totals=[190, 40, -15])
    seats = RUMMY500.table_spec(game, THREE, "en").seats
    assert [s.score for s in seats] == ["total 190, +15 this hand", "total 40, 0 this hand",
                                        "total \u221215, +5 this hand"]
    italian = RUMMY500.table_spec(game, THREE, "it").seats
    assert italian[0].score == "totale 190, +15 in questa mano"
    assert RUMMY500.table_spec(game, THREE, "en").footer == "First to 500 points wins."


def test_rummy500_lay_offs_name_who_laid_them_instead_of_a_note() -> None:
    game = crafted({0: "2H", 1: "6H", 2: "8H"}, pile="KD", players=3,
                   melds=[(0, "4S 5S 6S 7S 8S", {"7S": 2, "8S": 1}), (1, "9D 9C 9H")])
    spec = RUMMY500.table_spec(game, THREE, "en")
    meld = spec.seats[0].melds[0]
    assert (meld.laid_off, meld.laid_off_by) == (["7S", "8S"], [2, 1])
    assert spec.seats[1].melds[0].laid_off == [] and spec.panel(SeatGridPanel).note_no_melds
    assert all("→" not in s.note for s in spec.seats)


def test_gin_table_says_nothing_about_melds() -> None:
    spec = GIN.table_spec(GinGame(seed=3), ["Alice", "Bruno"], "en")
    assert spec.panel(SeatGridPanel).note_no_melds is False


def test_the_final_gin_table_shows_the_totals_the_result_announces() -> None:
    game, last = _play_out(GIN, 2, seed=1)
    ended = _public(last, GameEnded)
    names = ["Alice", "Computer 1"]
    scores = [s.score for s in GIN.table_spec(game, names, "en").seats]
    assert scores == [t("table.points", "en", points=p) for p in ended.totals]
    lines = GIN.hand_end(game, last, names, "en")
    assert lines is not None
    for name, points in zip(names, ended.totals, strict=True):
        assert f"{name}: {points} points" in lines[1]
    assert ended.totals != game.public_view().scores.running, "bonuses changed the totals"


def test_the_final_rummy500_table_shows_the_figures_of_the_result_lines() -> None:
    game, last = _play_out(RUMMY500, 3, seed=2)
    report = _public(last, HandReport)
    ended = RUMMY500.hand_end(game, last, THREE, "en")
    assert ended is not None
    spec = RUMMY500.table_spec(game, THREE, "en")
    for seat in report.seats:
        net, total = seat.hand_score, report.totals[seat.seat]
        # a loss is written with the minus sign (this deal gives one)
        shown = f"+{net}" if net > 0 else str(net).replace("-", "\u2212")
        assert spec.seats[seat.seat].score == f"total {total}, {shown} this hand"
        line = next(x for x in ended[1] if x.startswith(THREE[seat.seat] + ":"))
        assert line.endswith(f"→ {shown} (total {total})")
    held = [s for s in report.seats if s.in_hand]
    assert held, "someone held cards, so melded + laid off differs from the net"


def test_a_spread_pile_has_a_short_caption_for_when_the_long_one_does_not_fit() -> None:
    game = crafted({0: "2H 3H", 1: "6H 7D", 2: "8H 9C"}, pile="KD 4C", players=3)
    en, it = (RUMMY500.table_spec(game, THREE, locale) for locale in ("en", "it"))
    en_piles = en.panel(PilesPanel)
    assert (en_piles.discard_caption, en_piles.discard_caption_short) == (
        "Discard pile: 2 cards, numbered from the bottom", "Discard pile: 2 cards")
    assert it.panel(PilesPanel).discard_caption_short == "Scarti: 2 carte"


@pytest.mark.parametrize(("adapter", "players", "names"), [
    (GIN, 2, ["Alice", "Computer 1"]), (RUMMY500, 3, THREE)])
def test_the_end_of_hand_picture_does_not_repeat_the_lines_of_its_message(
        adapter: Any, players: int, names: list[str]) -> None:
    game, last = _play_out(adapter, players, seed=3)
    ended = adapter.hand_end(game, last, names, "en")
    assert ended is not None
    spec, lines = ended
    assert lines and spec.score_lines == []  # the message text above the picture has them
    assert [row.name for row in spec.rows] == names
