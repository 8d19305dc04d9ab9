"""Every game keeps the pace issue 26 asks for: a person waits at most a few seconds between
his turns against computers at the default delay (a short run of bench_pace)."""

from __future__ import annotations

import statistics

import pytest

from benchmarks import bench_pace


@pytest.mark.parametrize("game", sorted(bench_pace.COMPUTERS))
async def test_a_person_waits_within_the_target_between_his_turns(game: str) -> None:
    figures = await bench_pace.measure(game, turns=4, seed=7)
    assert len(figures.gaps) == 4
    assert statistics.median(figures.gaps) <= bench_pace.TARGET_MEDIAN, figures.gaps
    assert max(figures.gaps) <= bench_pace.TARGET_P90, figures.gaps
