"""The statistics shared by the search, the review, the arena and the benchmarks (ai.md,
"Measuring strength"): a seat's share of a deal's win, a normal 95% interval over paired
observations, and a nearest-rank percentile."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

from cardavia.rules.core import Result


def win_share(result: Result, seat: int) -> float:
    """1 for a win, 1/k for a k-way tie for first (Chuo Pai), else 0."""
    return 1.0 / len(result.winners) if seat in result.winners else 0.0


Z95 = 1.96


def interval(values: Sequence[float]) -> dict[str, float]:
    """Mean and 95% interval, for a report (no width below two values)."""
    mean = statistics.fmean(values) if values else 0.0
    low, high = interval_bounds(values) if len(values) > 1 else (mean, mean)
    return {"mean": mean, "low": low, "high": high}


def interval_bounds(values: Sequence[float]) -> tuple[float, float]:
    """The 95% interval of the mean, for a test: unbounded below two values (nothing known)."""
    if len(values) < 2:
        return (-math.inf, math.inf)
    mean = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
    return (mean - half, mean + half)


def percentile(values: Sequence[float], q: float) -> float:
    """The nearest-rank `q` quantile (0.95: p95); NaN for no values."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else math.nan
