"""`cardavia bench`: engine and agent throughput on one process (docs/benchmarks.md)."""

from __future__ import annotations

import importlib
import statistics
import time
from collections.abc import Callable
from typing import Any

from cardavia.ai.play import play_deal
from cardavia.ai.registry import make_agent
from cardavia.rules.core import Game


def _rate(work: Callable[[int], int], seconds: float) -> float:
    """Units of work per second, running `work(i)` until `seconds` have passed."""
    done, i = 0, 0
    start = time.perf_counter()
    while True:
        done += work(i)
        i += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed


def _deals(game: Game, agent: str) -> Callable[[int], int]:
    def work(i: int) -> int:
        agents = [make_agent(agent, game.name, i * 10 + s) for s in range(game.players)]
        play_deal(game, i, agents)
        return 1

    return work


def run_bench(game: Game, seconds: float = 3.0, repeat: int = 3) -> dict[str, Any]:
    figures: dict[str, Callable[[int], int]] = {
        "random_deals_per_second": _deals(game, "random"),
        "greedy_deals_per_second": _deals(game, "greedy"),
    }
    figures.update(_hand_check(game))
    out = {
        name: statistics.median(_rate(work, seconds) for _ in range(repeat))
        for name, work in figures.items()
    }
    return {"game": game.name, "seconds": seconds, "repeat": repeat, "figures": out}


def _hand_check(game: Game) -> dict[str, Callable[[int], int]]:
    """The game's own hand-evaluation work units (`cardavia.games.<game>.perf`), if any."""
    try:
        perf = importlib.import_module(f"cardavia.games.{game.name.replace('-', '_')}.perf")
    except ImportError:
        return {}
    figures: dict[str, Callable[[int], int]] = perf.benchmarks()
    return figures
