"""The statistics of playing strength shared by the search and the arena (ai.md, "Measuring
strength"): a seat's share of a deal's win, and a normal interval over paired observations."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

from cardavia.rules.core import Result


def win_share(result: Result, seat: int) -> float:
    """1 for a win, 1/k for a k-way tie for first (Chuo Pai), else 0."""
    return 1.0 / len(result.winners) if seat in result.winners else 0.0


def interval(values: Sequence[float]) -> dict[str, float]:
    mean = statistics.fmean(values) if values else 0.0
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return {"mean": mean, "low": mean - half, "high": mean + half}
