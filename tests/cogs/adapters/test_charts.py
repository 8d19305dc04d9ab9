"""The chart of running totals on a hand's result, for every game.

Each game is played by its computer players through the adapter until a hand ends; the
result the host posts (`hand_result`) must carry the chart of every side's total after each
hand, with the game's own target or limit, and the PNG must show each side's line.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from PIL import Image

from card_images import ChartSpec, HandEndSpec, render_hand_end
from card_images.chart import AXIS_GAP, LINE_H, MIN_PLOT, PAD, color
from cogs.adapters import Deal
from cogs.adapters.base import GameAdapter
from cogs.adapters.canasta import CANASTA
from cogs.adapters.charts import game_in_play
from cogs.adapters.gin import GIN
from cogs.adapters.ramino import RAMINO
from cogs.adapters.ramino51 import RAMINO51
from cogs.adapters.rummy500 import RUMMY500
from engine.match import Scoreboard

NAMES = ["Alice", "Bruno", "Chiara", "Dario"]
SEATS = {"gin": 2, "rummy500": 3, "canasta": 4, "ramino": 4, "ramino51": 3}
ADAPTERS: dict[str, GameAdapter] = {"gin": GIN, "rummy500": RUMMY500, "canasta": CANASTA,
                                    "ramino": RAMINO, "ramino51": RAMINO51}


def play_to(adapter: GameAdapter, players: int, hands: int, locale: str = "en",
            preset: str | None = None, rules: Mapping[str, object] | None = None,
            seed: int = 3) -> tuple[Any, tuple[HandEndSpec, list[str]]]:
    """Play by the computer's moves until `hands` hands ended (or the game did); return the
    game and the last hand's result as the host posts it."""
    options = adapter.options(preset or adapter.presets()[0], dict(rules or {}))
    game = adapter.new_game(options, players, Deal(seed=seed))
    result, ended = None, 0
    while not game.is_over and ended < hands:
        seat = game.to_act()[0]
        events = game.apply(seat, adapter.choose(game, seat))
        found = adapter.hand_result(game, events, NAMES[:players], locale)
        if found is not None:
            result, ended = found, ended + 1
    assert result is not None
    return game, result


def open_png(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    return image.convert("RGB")


def plot_colors(png: bytes, chart: ChartSpec) -> set[tuple[int, int, int]]:
    """Return the colours in the bottom of the picture where the chart's plot is drawn
    (under the legend even at the plot's smallest height)."""
    image = open_png(png)
    plot = MIN_PLOT + AXIS_GAP + LINE_H + PAD + 10
    box = (0, image.height - plot, image.width, image.height)
    return {c for _, c in image.crop(box).getcolors(550 * plot) or []}


@pytest.mark.parametrize("name", sorted(ADAPTERS))
def test_after_hand_2_the_result_charts_every_sides_running_total(name: str) -> None:
    adapter = ADAPTERS[name]
    game, (spec, _) = play_to(adapter, SEATS[name], 2)
    chart = spec.chart
    assert chart is not None
    sheet = adapter.score_sheet(game)
    assert [s.name for s in chart.series] == [
        " + ".join(NAMES[s] for s in seats) for seats in sheet.sides]
    for side, series in enumerate(chart.series):
        assert len(series.points) == 3  # before the first hand, after hands 1 and 2
        hands = [hand[side] or 0 for hand in sheet.hands]
        start = series.points[0]
        assert series.points[1:] == [start + sum(hands[:1]), start + sum(hands[:2])]
    png = render_hand_end(spec)
    image = open_png(png)
    assert image.width == 550
    seen = plot_colors(png, chart)
    assert {color(i) for i in range(len(chart.series))} <= seen


@pytest.mark.parametrize(("name", "preset", "rules", "target", "label"), [
    ("gin", None, {}, 100, "Game 100"),
    ("gin", None, {"target_score": 150}, 150, "Game 150"),
    ("rummy500", None, {}, 500, "Game 500"),
    ("canasta", None, {}, 15000, "Game 15,000"),
    ("canasta", "short", {}, 5000, "Game 5,000"),
    ("ramino", None, {}, 101, "Out above 101"),
    ("ramino", None, {"elimination_limit": 151}, 151, "Out above 151"),
    ("ramino51", "limit_500", {}, 500, "Ends at 500"),
])
def test_the_target_line_is_the_games_own(name: str, preset: str | None,
                                          rules: dict[str, object], target: int,
                                          label: str) -> None:
    _, (spec, _) = play_to(ADAPTERS[name], SEATS[name], 2, preset=preset, rules=rules)
    assert spec.chart is not None
    assert (spec.chart.target, spec.chart.target_label) == (target, label)
    assert spec.chart.target_label in _draws(spec)


def _draws(spec: HandEndSpec) -> str:
    """Render the picture (it must draw) and return the chart's words."""
    render_hand_end(spec)
    assert spec.chart is not None
    return " ".join([spec.chart.title, spec.chart.target_label, spec.chart.note])


def test_the_target_is_written_with_the_languages_grouping() -> None:
    _, (spec, _) = play_to(CANASTA, 4, 1, locale="it")
    assert spec.chart is not None
    assert (spec.chart.target_label, spec.chart.thousands) == ("Partita a 15.000", ".")
    assert spec.chart.title == "Totali dopo ogni mano"


def test_ramino51_runs_its_axis_to_the_last_hand_and_says_the_lowest_wins() -> None:
    _, (spec, _) = play_to(RAMINO51, 3, 2, rules={"hands_per_game": 5})
    chart = spec.chart
    assert chart is not None
    assert (chart.target, chart.hands, chart.end_label) == (None, 5, "last hand")
    assert chart.note == "lowest total wins"
    _, (spec_it, _) = play_to(RAMINO51, 3, 2, locale="it", rules={"hands_per_game": 5})
    assert spec_it.chart is not None
    assert (spec_it.chart.note, spec_it.chart.end_label) == ("vince il totale più basso",
                                                             "ultima mano")


def test_ramino_chips_start_from_the_chips_each_began_with() -> None:
    game, (spec, _) = play_to(RAMINO, 3, 2, preset="chips")
    assert spec.chart is not None
    assert spec.chart.hands == game.opts.chips_hands
    assert [s.points[0] for s in spec.chart.series] == [game.opts.chips_start] * 3
    assert [s.points[-1] for s in spec.chart.series] == list(game.board.totals)


@pytest.mark.parametrize(("name", "rules"), [
    ("ramino51", {"hands_per_game": 1}),
    ("ramino", {"scoring": "chips", "chips_hands": 1}),
])
def test_a_game_of_one_hand_has_no_chart(name: str, rules: dict[str, object]) -> None:
    game, (spec, lines) = play_to(ADAPTERS[name], 3, 1, rules=rules)
    assert game.is_over and game.board.played == 1
    assert spec.chart is None
    assert lines  # the result itself is still told


def test_the_chart_is_added_by_the_host_path_only() -> None:
    """`hand_end` stays the game's own picture (the pictures kept byte for byte)."""
    adapter = RUMMY500
    options = adapter.options("standard", {})
    game = adapter.new_game(options, 3, Deal(seed=3))
    while True:
        seat = game.to_act()[0]
        events = game.apply(seat, adapter.choose(game, seat))
        own = adapter.hand_end(game, events, NAMES[:3], "en")
        if own is not None:
            break
    result = adapter.hand_result(game, events, NAMES[:3], "en")
    assert own[0].chart is None and result is not None and result[0].chart is not None
    assert result[0].rows == own[0].rows and result[1] == own[1]


def test_a_ramino_reentry_goes_on_from_the_highest_total_still_in() -> None:
    """ramino.md, re-entry: C passes 101 in hand 2 and re-enters at A's 90 (the highest of
    those still in); his later charges add to 90, not to what he had."""
    game = RAMINO.new_game(RAMINO.options("classic", {"reentry": True}), 4, Deal(seed=1))
    board = Scoreboard.new(4)
    for hand in ([50, 30, 70, 10], [40, 30, 35, 20], [0, 5, 8, 9]):
        board.record(hand)
    board.totals[2] = 98  # 90 after the re-entry, then 8
    game.board, game.reentries = board, [0, 0, 1, 0]
    chart = RAMINO.score_chart(game, NAMES, "en")
    assert chart is not None
    assert [s.points for s in chart.series] == [
        [0, 50, 90, 90], [0, 30, 60, 65], [0, 70, 105, 98], [0, 10, 30, 39]]


def test_a_match_of_gin_games_charts_the_game_in_play() -> None:
    hands: Sequence[Sequence[int]] = [[60, 0], [0, 20], [45, 0], [0, 30], [10, 0]]
    assert game_in_play(hands, 100) == 3  # hand 3 took the first game to 105
    assert game_in_play(hands[:3], 100) == 0  # its last hand still shows the game it ended
    assert game_in_play(hands[:4], 100) == 3


def test_a_best_of_gin_match_numbers_the_hands_of_the_game_in_play() -> None:
    game, (spec, _) = play_to(GIN, 2, 20, preset="tournament", rules={"target_score": 60})
    first = game_in_play(game.scores().hands, game.opts.target_score)
    chart = spec.chart
    assert chart is not None
    assert chart.first_hand == first + 1
    assert first > 0  # twenty hands play more than one game to 60
    for side, series in enumerate(chart.series):
        hands = [hand[side] for hand in game.scores().hands[first:]]
        assert series.points == [sum(hands[:i]) for i in range(len(hands) + 1)]
