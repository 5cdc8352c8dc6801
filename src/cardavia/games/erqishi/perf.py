"""Work units for `cardavia bench` (docs/benchmarks.md): the winning-structure check (ER-13), the
Paohuzi family's units (games/paohuzi/perf.py) on this game's values and win roles."""

from __future__ import annotations

from collections.abc import Callable

from cardavia.games.erqishi.scoring import ERQISHI, UPGRADES
from cardavia.games.paohuzi import perf


def benchmarks() -> dict[str, Callable[[int], int]]:
    from cardavia.games.erqishi.game import Erqishi

    return perf.benchmarks(Erqishi(), ERQISHI, UPGRADES)
