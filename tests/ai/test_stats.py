"""The statistics the search, the review, the arena and the benchmarks share (ai/stats.py)."""

from __future__ import annotations

import math

import pytest

from cardavia.ai.stats import interval, interval_bounds, percentile


def test_nearest_rank_percentiles() -> None:
    values = [float(v) for v in range(100, 0, -1)]  # unsorted on purpose
    assert percentile(values, 0.5) == 51.0
    assert percentile(values, 0.95) == 96.0
    assert percentile(values, 1.0) == 100.0  # the top rank, not past the end
    assert percentile([7.0], 0.95) == 7.0
    assert math.isnan(percentile([], 0.5))


def test_a_95_percent_interval_of_the_mean() -> None:
    low, high = interval_bounds([1.0, 2.0, 3.0, 4.0])
    half = 1.96 * math.sqrt(5 / 3) / 2  # sample stdev of 1..4 is sqrt(5/3)
    assert (low, high) == pytest.approx((2.5 - half, 2.5 + half))
    assert interval([1.0, 2.0, 3.0, 4.0]) == pytest.approx({"mean": 2.5, "low": low, "high": high})


def test_below_two_values_nothing_is_known() -> None:
    assert interval_bounds([3.0]) == (-math.inf, math.inf)  # the review never flags on one world
    assert interval([3.0]) == {"mean": 3.0, "low": 3.0, "high": 3.0}  # a report shows the mean
