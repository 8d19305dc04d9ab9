"""The disk probe commits for real and counts the slow commits."""

from __future__ import annotations

from benchmarks.disk_probe import DiskProbe, probe


def test_probe_commits_for_the_time_asked() -> None:
    result = probe(0.3, gap=0.01)
    assert 5 <= len(result.commits) <= 31
    assert all(ms > 0 for ms in result.commits)


def test_over_counts_commits_slower_than_the_limit() -> None:
    assert DiskProbe([1.0, 60.0, 50.0, 51.0]).over(50.0) == 2
