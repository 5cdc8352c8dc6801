"""`cardavia bench`: engine and agent throughput on one process (docs/benchmarks.md)."""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from cardavia.ai.base import make_agent
from cardavia.ai.play import play_deal
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
    check = _hand_check(game)
    if check is not None:
        figures[check[0]] = check[1]
    out = {name: statistics.median(_rate(work, seconds) for _ in range(repeat))
           for name, work in figures.items()}
    return {"game": game.name, "seconds": seconds, "repeat": repeat, "figures": out}


def _hand_check(game: Game) -> tuple[str, Callable[[int], int]] | None:
    """The game's complete-hand check on random 21-card hands, 1,000 a unit."""
    if game.name != "sisepai":
        return None
    from cardavia.games.sisepai.cards import counts_of, full_deck
    from cardavia.games.sisepai.groups import is_complete

    rng = random.Random(0)
    deck = full_deck()
    hands = [counts_of(rng.sample(deck, 21)) for _ in range(1000)]

    def work(i: int) -> int:
        for hand in hands:
            is_complete(hand)
        return len(hands)

    return "hand_checks_per_second", work
