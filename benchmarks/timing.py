"""Per-call timing shared by the solver benchmarks: each call timed alone, collector off."""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")
Clock = Callable[[], int]


@dataclass
class Timing:
    """Per-call times (ns) and answers of one solver over one suite."""

    times: list[int]
    answers: list[int]

    @property
    def median_us(self) -> float:
        return statistics.median(self.times) / 1000

    @property
    def p99_us(self) -> float:
        # on a small sample the estimate may run past the slowest call: keep it within
        return min(statistics.quantiles(self.times, n=100)[98], max(self.times)) / 1000

    @property
    def max_us(self) -> float:
        return max(self.times) / 1000

    @property
    def total_s(self) -> float:
        return sum(self.times) / 1e9


def time_calls(fn: Callable[[T], int], inputs: Sequence[T], warm: int = 500,
               clock: Clock = time.perf_counter_ns) -> Timing:
    """Call fn on each input, timing each call alone, with the garbage collector off.

    The first `warm` inputs are run once beforehand to warm caches and tables.
    """
    for x in inputs[:warm]:
        fn(x)
    times, answers = [], []
    gc.disable()
    try:
        for x in inputs:
            t0 = clock()
            answer = fn(x)
            t1 = clock()
            times.append(t1 - t0)
            answers.append(answer)
    finally:
        gc.enable()
    return Timing(times, answers)


def timer_overhead_ns(clock: Clock = time.perf_counter_ns) -> float:
    """Return the median cost of one pair of clock reads (included in every figure)."""
    samples = []
    for _ in range(20000):
        t0 = clock()
        t1 = clock()
        samples.append(t1 - t0)
    return statistics.median(samples)


def verdict(met: bool) -> str:
    """Return how a target line ends."""
    return "met" if met else "MISSED"
