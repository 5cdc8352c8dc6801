"""Self-play matches between named agents (`cardavia selfplay`)."""

from __future__ import annotations

import time
from typing import Any

from cardavia.ai.play import play_deal
from cardavia.ai.registry import make_agent
from cardavia.rules.core import Game
from cardavia.rules.errors import RulesError


def selfplay(game: Game, deals: int, seed: int, names: list[str]) -> dict[str, Any]:
    """Play `deals` deals from seeds seed, seed+1, …; count wins, draws, scores and errors."""
    wins = [0] * game.players
    totals = [0] * game.players
    draws = errors = 0
    start = time.perf_counter()
    for i in range(deals):
        deal_seed = seed + i
        agents = [
            make_agent(name, game.name, deal_seed * game.players + s)
            for s, name in enumerate(names)
        ]
        try:
            state = play_deal(game, deal_seed, agents)
        except RulesError:
            errors += 1  # an agent chose an illegal action
            continue
        result = state.result()
        assert result is not None
        if result.winner is None:
            draws += 1
        else:
            wins[result.winner] += 1
        for s, score in enumerate(result.scores):
            totals[s] += score
    elapsed = time.perf_counter() - start
    return {
        "game": game.name,
        "deals": deals,
        "agents": names,
        "seed": seed,
        "wins": wins,
        "draws": draws,
        "mean_scores": [t / deals if deals else 0.0 for t in totals],
        "deals_per_second": deals / elapsed if elapsed > 0 else 0.0,
        "errors": errors,
    }
