"""Flat determinized Monte Carlo search (ai.md, layer 3, first step).

The agent never holds the true state. Besides the plain `Agent.act` (the game's greedy policy,
kept as the fallback), it offers `act_with_worlds(observation, legal, sample)`, where
`sample(rng)` is a narrow capability handed in by whoever runs the table: it returns
`state.sample_world(seat, rng)`, a full state consistent with what the seat has seen. Every
world the search looks at comes from `sample`, so the decision depends only on the seat's view
and the agent's own random generator (the no-peek test).

Each sample draws one world and plays every candidate action in it (common random numbers):
clone, apply the candidate for the seat, play the rest of the deal with the greedy policy in
every seat (optionally truncated after `max_rollout_decisions` and scored by `evaluate`), and
score the outcome for the seat (win share plus a small tie-break by normalised score). The
candidate with the best mean wins (ties go to the earlier legal action), but only if it beats
the greedy choice by more than `override_z` standard errors of the paired per-world difference:
with a few dozen rollouts per decision, an unguarded best mean is mostly noise and plays worse
than greedy.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

from cardavia.ai.arena import win_share
from cardavia.ai.base import Agent, make_agent
from cardavia.rules.core import Game, Result, State
from cardavia.rules.errors import RulesError

Sampler = Callable[[random.Random], State]
Evaluator = Callable[[State, int], float]

# Weight of the normalised score next to the win share (in [0, 1]): it only breaks ties.
SCORE_WEIGHT = 0.01


@runtime_checkable
class WorldAgent(Protocol):
    """An agent that can search over worlds sampled from its own seat's view."""

    name: str

    def act(self, observation: dict[str, Any], legal: list[str]) -> str: ...

    def act_with_worlds(self, observation: dict[str, Any], legal: list[str],
                        sample: Sampler) -> str: ...


def no_evaluation(state: State, seat: int) -> float:
    """The evaluation of an unfinished (truncated) rollout: nothing known, 0."""
    return 0.0


def outcome_value(result: Result, seat: int) -> float:
    """Win share (1, 1/k for a k-way tie, else 0) plus a small tie-break by normalised score."""
    scale = max(1, *(abs(s) for s in result.scores))
    return win_share(result, seat) + SCORE_WEIGHT * result.scores[seat] / scale


class SearchAgent:
    """Flat determinized Monte Carlo with greedy rollouts and a wall-clock budget."""

    name = "search"

    def __init__(self, game_name: str, rng: random.Random, budget_s: float | None = 0.05,
                 max_samples: int | None = None, max_rollout_decisions: int | None = None,
                 evaluate: Evaluator = no_evaluation, override_z: float | None = 1.0) -> None:
        if budget_s is None and max_samples is None:
            raise ValueError("give a time budget, a sample count, or both")
        self.game_name = game_name
        self.rng = rng
        self.budget_s = budget_s
        self.max_samples = max_samples
        self.max_rollout_decisions = max_rollout_decisions
        self.evaluate = evaluate
        # Keep the greedy choice unless the best candidate beats it in the same worlds by more
        # than `override_z` standard errors of the paired difference (None: plain best mean).
        self.override_z = override_z
        self.fallback = make_agent("greedy", game_name, rng.randrange(2**32))
        # Statistics of the last decision (for benchmarks and tests).
        self.last_samples = 0
        self.last_rollouts = 0

    def act(self, observation: dict[str, Any], legal: list[str]) -> str:
        """Without worlds to sample, play the greedy policy (the Agent protocol)."""
        self.last_samples = self.last_rollouts = 0
        return self.fallback.act(observation, legal)

    def act_with_worlds(self, observation: dict[str, Any], legal: list[str],
                        sample: Sampler) -> str:
        start = time.perf_counter()
        self.last_samples = self.last_rollouts = 0
        candidates = list(dict.fromkeys(legal))  # distinct, in legal order
        if len(candidates) == 1:
            return candidates[0]  # forced: no sampling at all
        seat = observation.get("seat")
        if not isinstance(seat, int):
            raise ValueError("the observation does not name its seat")
        deadline = None if self.budget_s is None else start + self.budget_s
        rollout_agents = [make_agent("greedy", self.game_name, self.rng.randrange(2**32))
                          for _ in range(8)]  # more than any game's seats
        totals = [0.0] * len(candidates)
        counts = [0] * len(candidates)
        rows: list[list[float | None]] = []  # per sample, each candidate's value in that world
        while self.max_samples is None or self.last_samples < self.max_samples:
            if deadline is not None and min(counts) > 0 and time.perf_counter() >= deadline:
                break
            world = sample(self.rng)
            self.last_samples += 1
            row: list[float | None] = [None] * len(candidates)
            rows.append(row)
            for i, action in enumerate(candidates):
                if deadline is not None and counts[i] > 0 and time.perf_counter() >= deadline:
                    continue  # out of time: only give unvisited actions their one rollout
                value = self._rollout(world, seat, action, rollout_agents)
                row[i] = value
                if value is not None:
                    totals[i] += value
                    counts[i] += 1
                    self.last_rollouts += 1
            if self.last_samples >= 1000 * len(candidates) and min(counts) == 0:
                break  # a candidate never applies in any world: give up on it
        means = [t / c if c else float("-inf") for t, c in zip(totals, counts, strict=True)]
        if max(means) == float("-inf"):
            return self.fallback.act(observation, legal)
        best = means.index(max(means))
        if self.override_z is None:
            return candidates[best]
        default = candidates.index(self.fallback.act(observation, legal))
        if best == default or self._significant(rows, best, default):
            return candidates[best]
        return candidates[default]

    def _significant(self, rows: list[list[float | None]], best: int, default: int) -> bool:
        """Does `best` beat `default` in the worlds where both were rolled out?"""
        assert self.override_z is not None
        diffs = [b - d for row in rows
                 if (b := row[best]) is not None and (d := row[default]) is not None]
        if len(diffs) < 2:
            return False
        mean = statistics.fmean(diffs)
        se = statistics.stdev(diffs) / math.sqrt(len(diffs))
        return mean > self.override_z * se

    def _rollout(self, world: State, seat: int, action: str,
                 agents: Sequence[Agent]) -> float | None:
        state = world.clone()
        try:
            state.apply(seat, action)
        except RulesError:
            return None  # not legal in this world (should not happen for a consistent world)
        decisions = 0
        while not state.is_over():
            if self.max_rollout_decisions is not None and decisions >= self.max_rollout_decisions:
                return self.evaluate(state, seat)
            who = state.to_act()[0]
            state.apply(who, agents[who].act(state.observation(who), state.legal_actions(who)))
            decisions += 1
        result = state.result()
        assert result is not None
        return outcome_value(result, seat)


def play_with_search(game: Game, seed: int, agents: Sequence[Agent | WorldAgent],
                     dealer: int | None = None) -> State:
    """Like `play.play_deal`, but agents that can search get a `sample` bound to their seat."""
    state = game.new_deal(seed, dealer)
    return play_out_with_search(state, agents)


def play_out_with_search(state: State, agents: Sequence[Agent | WorldAgent]) -> State:
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        agent = agents[seat]
        observation = state.observation(seat)
        if isinstance(agent, WorldAgent):
            action = agent.act_with_worlds(observation, legal, sampler_for(state, seat))
        else:
            action = agent.act(observation, legal)
        state.apply(seat, action)
    return state


def sampler_for(state: State, seat: int) -> Sampler:
    """The capability handed to a searching agent: worlds consistent with `seat`'s view only."""

    def sample(rng: random.Random) -> State:
        return state.sample_world(seat, rng)

    return sample
