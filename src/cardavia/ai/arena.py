"""`cardavia arena`: duplicate seating (ai.md, "Measuring strength").

Every seed is played once with the candidate in each seat and the reference in the others; the
seat results of one seed form a group, scored as one paired observation, so the luck of the deal
cancels out. Intervals are 95% normal intervals over the seed groups.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Sequence
from typing import Any

from cardavia.ai.base import Agent, make_agent
from cardavia.rules.core import Game, Result
from cardavia.rules.errors import RulesError


class _Timed:
    """Wraps an agent to time its decisions."""

    def __init__(self, agent: Agent) -> None:
        self.agent, self.name = agent, agent.name
        self.times: list[float] = []

    def act(self, observation: dict[str, Any], legal: list[str]) -> str:
        start = time.perf_counter()
        action = self.agent.act(observation, legal)
        self.times.append(time.perf_counter() - start)
        return action


def win_share(result: Result, seat: int) -> float:
    """1 for a win, 1/k for a k-way tie for first (Chuo Pai), else 0."""
    if result.winner is not None:
        return 1.0 if result.winner == seat else 0.0
    tied = result.breakdown.get("tied") or []
    return 1.0 / len(tied) if seat in tied else 0.0


def _interval(values: Sequence[float]) -> dict[str, float]:
    mean = statistics.fmean(values) if values else 0.0
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return {"mean": mean, "low": mean - half, "high": mean + half}


def arena(game: Game, candidate: str, reference: str, seeds: int, seed: int = 0
          ) -> dict[str, Any]:
    shares: list[float] = []
    scores: list[float] = []
    draws = games = illegal = 0
    times: list[float] = []
    for s in range(seed, seed + seeds):
        group_share = group_score = 0.0
        for seat in range(game.players):
            timed = _Timed(make_agent(candidate, game.name, s * 10 + seat))
            agents: list[Agent] = [make_agent(reference, game.name, s * 10 + other)
                                   for other in range(game.players)]
            agents[seat] = timed
            state = game.new_deal(s)
            try:
                while not state.is_over():
                    who = state.to_act()[0]
                    state.apply(who, agents[who].act(state.observation(who),
                                                     state.legal_actions(who)))
            except RulesError:
                illegal += 1
                continue
            result = state.result()
            assert result is not None
            games += 1
            draws += result.winner is None and not result.breakdown.get("tied")
            group_share += win_share(result, seat)
            group_score += result.scores[seat]
            times.extend(timed.times)
        shares.append(group_share / game.players)
        scores.append(group_score / game.players)
    times.sort()
    ms = [t * 1000 for t in times]

    def pct(q: float) -> float:
        return ms[min(len(ms) - 1, int(q * len(ms)))] if ms else 0.0

    return {
        "game": game.name,
        "candidate": candidate,
        "reference": reference,
        "seed_groups": seeds,
        "deals": games,
        "fair_share": 1 / game.players,
        "win_share": _interval(shares),
        "mean_score": _interval(scores),
        "draw_rate": draws / games if games else 0.0,
        "latency_ms": {"p50": pct(0.5), "p95": pct(0.95), "max": ms[-1] if ms else 0.0},
        "illegal_actions": illegal,
    }
