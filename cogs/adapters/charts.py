"""The chart of running totals under a hand's result, built from any game's score sheet.

The base adapter fills it for every game from `score_sheet`; a game says only what its
chart adds (`ChartPlan`: its target or limit, its length, where its totals start).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.i18n import grouped, t
from card_images import ChartSeries, ChartSpec
from cogs.adapters import ScoreSheet

Totals = list[list[int | None]]  # per side: the total before the first hand, then after each


@dataclass(frozen=True)
class ChartPlan:
    """What a game's chart shows beyond the totals.

    `target` is drawn as a line captioned by `target_key` ("Game {points:,}"); a game of a
    fixed number of `hands` runs its x axis to the last one (a game of one hand has no
    chart); each total starts at `start` (chips dealt out at the start); hands before
    `first` (an index of the sheet's hands) belong to an earlier game of a match.
    `note_key` names a line beside the title: how the totals read ("lowest total wins").
    """

    target: int | None = None
    target_key: str = "chart.target"
    hands: int = 0
    start: int = 0
    first: int = 0
    note_key: str = ""


def running_totals(sheet: ScoreSheet, plan: ChartPlan) -> Totals:
    """Return each side's total after each hand from `plan.first`, None once it sat out."""
    out: Totals = []
    for side in range(len(sheet.sides)):
        total, points = plan.start, list[int | None]([plan.start])
        for hand in sheet.hands[plan.first:]:
            value = hand[side]
            if value is not None:
                total += value
            points.append(None if value is None else total)
        out.append(points)
    return out


def chart_spec(sheet: ScoreSheet, totals: Totals, plan: ChartPlan, names: Sequence[str],
               locale: str) -> ChartSpec:
    """Return the chart of these totals, its lines named after the sides' players."""
    series = [ChartSeries(" + ".join(names[s] for s in seats), points,
                          [names[s] for s in seats] if len(seats) > 1 else [])
              for seats, points in zip(sheet.sides, totals)]
    return ChartSpec(
        series=series, title=t("chart.title", locale), first_hand=plan.first + 1,
        hands=plan.hands, end_label=t("chart.last_hand", locale) if plan.hands else "",
        target=plan.target,
        target_label="" if plan.target is None else t(plan.target_key, locale,
                                                      points=plan.target),
        note=t(plan.note_key, locale) if plan.note_key else "",
        thousands=grouped(1000, locale)[1])


def game_in_play(hands: Sequence[Sequence[int | None]], target: int) -> int:
    """Return the index of the first hand of the game in play in a match of games to
    `target`: a game ends with the hand that takes a side's total to it."""
    first, totals = 0, [0] * (len(hands[0]) if hands else 0)
    for i, hand in enumerate(hands[:-1]):
        totals = [total + (value or 0) for total, value in zip(totals, hand)]
        if max(totals) >= target:
            first, totals = i + 1, [0] * len(totals)
    return first
