"""Determinized Monte Carlo search over worlds sampled from the agent's own view (ai.md layer 3).

The agent never holds the true state. Besides the plain `Agent.act` (the heuristic policy,
kept as the fallback), it offers `act_with_worlds(observation, legal, sample)`, where
`sample(rng)` is a narrow capability handed in by whoever runs the table: it returns
`state.sample_world(seat, rng)`, a full state consistent with what the seat has seen. Every
world the search looks at comes from `sample`, so the decision depends only on the seat's view
and the agent's own random generator (the no-peek test).

Each sample draws one world and plays every still-active candidate in it (common random
numbers): clone, apply the candidate, play the rest of the deal with the heuristic policy in every
seat (optionally truncated after `depth` decisions and scored by an evaluation), and score the
outcome for the seat (win share plus a small tie-break by normalised score). Candidates that
are clearly behind the leader in the same worlds are dropped as the samples double (successive
rejection), and those that have done no better than the default after a few worlds are dropped
too (futility), so the rollouts go where the decision is close and a decision with no close
rival ends early. The best mean wins, but only if it
beats the heuristic policy's own choice by more than `z` standard errors of the paired
per-world difference: with a few dozen rollouts a bare best mean is mostly noise and plays
worse than greedy.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from cardavia.ai import games
from cardavia.ai.protocol import Sampler
from cardavia.ai.stats import win_share
from cardavia.rules.core import Result, State
from cardavia.rules.errors import RulesError
from cardavia.rules.types import ObservationBase, viewer

Evaluator = Callable[[State, int], float]

# Weight of the normalised score next to the win share (in [0, 1]): it only breaks ties.
SCORE_WEIGHT = 0.05
# The heuristic policy the search starts from and rolls out with, so that a rollout plays the
# way the agent will (in Chuo Pai greedy's cash-first style misjudges the efficient leads).
# Except where it is much slower than greedy (the game's `ROLLOUT_GREEDY`, cardavia.ai.games):
# rollouts are most of the cost of a decision.
POLICY = "efficient"
# A candidate is dropped when it trails the leader by this many standard errors.
DROP_Z = 2.0
# ...or when it is behind the pace it needs to overrule the default: to beat it by z standard
# errors after all N worlds, a steady edge shows as z·sqrt(n/N) standard errors after n. Most
# decisions have no such rival and end after a few worlds, which is what makes the levels cheap
# enough to serve many tables and to measure over thousands of deals.


@dataclass(frozen=True)
class SearchSettings:
    """How hard one decision is thought about."""

    samples: int | None = None  # worlds per decision (None: until the budget runs out)
    budget_s: float | None = 0.3  # wall-clock cap per decision (None: no cap)
    depth: int | None = None  # rollout decisions before the evaluation (None: to the end)
    # Evidence needed to overrule the default policy (None: plain best mean). The best of several
    # noisy means is biased upwards, so one standard error overrules far too often.
    z: float | None = 2.0

    def __post_init__(self) -> None:
        if self.samples is None and self.budget_s is None:
            raise ValueError("give a time budget, a sample count, or both")


@dataclass
class Decision:
    """What the last decision found (for the hint, benchmarks and tests)."""

    action: str = ""
    greedy: str = ""
    reason: str = "forced"  # forced | win | greedy (its choice stood) | search (overruled)
    samples: int = 0
    rollouts: int = 0
    # per candidate, in legal order: (mean value, mean win share, rollouts)
    values: dict[str, tuple[float, float, int]] = field(default_factory=dict)


def outcome_value(result: Result, seat: int) -> tuple[float, float]:
    """(value, win share): the win share (1, 1/k for a k-way tie, else 0) plus a small
    tie-break by normalised score."""
    scale = max(1, *(abs(s) for s in result.scores))
    share = win_share(result, seat)
    return share + SCORE_WEIGHT * result.scores[seat] / scale, share


def distance_evaluator(game: str, sharpness: float = 1.0) -> Evaluator | None:
    """The evaluation of a truncated rollout from the greedy policy's distance to a win (if the
    game's agents module, `cardavia.ai.games.<game>`, measures one): a softmax over the seats of
    -sharpness x distance, read as each seat's chance to win. A sampled world is evaluated, never
    the true state."""
    measure = games.distance_measure(game)
    if measure is None:
        return None

    def evaluate(state: State, seat: int) -> float:
        players = state.game.players
        weights = [math.exp(-sharpness * measure(state.observation(s))) for s in range(players)]
        return weights[seat] / sum(weights)

    return evaluate


def obvious(legal: Sequence[str]) -> Decision | None:
    """The decision that needs no search: the only move, or a win (every game's AI takes it,
    A-SSP-11); None when there is something to search."""
    if len(set(legal)) == 1:
        return Decision(legal[0], legal[0], "forced")
    if "win" in legal:
        return Decision("win", "win", "win")
    return None


def needs_search(legal: Sequence[str]) -> bool:
    return obvious(legal) is None


class SearchAgent:
    """Determinized Monte Carlo with heuristic rollouts, successive rejection and a budget."""

    name = "search"

    def __init__(
        self,
        game_name: str,
        rng: random.Random,
        settings: SearchSettings | None = None,
        evaluate: Evaluator | None = None,
    ) -> None:
        self.game_name = game_name
        self.rng = rng
        self.settings = settings or SearchSettings()
        # Only truncated rollouts (a `depth`) need an evaluation.
        if evaluate is None and self.settings.depth is not None:
            evaluate = distance_evaluator(game_name)
        self.evaluate = evaluate
        # The default choice, kept unless the search finds better, and the rollout policy.
        self.fallback = games.POLICIES[POLICY](game_name, random.Random(rng.randrange(2**32)))
        rollout = games.POLICIES["greedy" if games.rollout_greedy(game_name) else POLICY]
        self.rollout_agents = [
            rollout(game_name, random.Random(rng.randrange(2**32))) for _ in range(4)
        ]  # as many as any game has seats
        self.last = Decision()

    def act(self, observation: ObservationBase, legal: list[str]) -> str:
        """Without worlds to sample, play the heuristic policy (the Agent protocol)."""
        found = obvious(legal)
        if found is None:
            action = self.fallback.act(observation, legal)
            found = Decision(action, action, "greedy")
        self.last = found
        return found.action

    def act_with_worlds(
        self, observation: ObservationBase, legal: list[str], sample: Sampler
    ) -> str:
        start = time.perf_counter()
        candidates = list(dict.fromkeys(legal))  # distinct, in legal order
        if not needs_search(candidates):
            return self.act(observation, legal)  # forced, or a win (A-SSP-11): no sampling
        seat = viewer(observation)
        choice = self.fallback.act(observation, legal)
        plausible = getattr(self.fallback, "plausible", None)
        if plausible is not None:  # only the moves the policy deems worth a look
            kept = {choice, *plausible(observation, legal)}
            candidates = [c for c in candidates if c in kept]
            if len(candidates) == 1:
                self.last = Decision(choice, choice, "greedy")
                return choice
        default = candidates.index(choice)
        s = self.settings
        deadline = None if s.budget_s is None else start + s.budget_s
        rows: list[list[float | None]] = []  # per world, each candidate's value there
        # The default first: if time runs out within the first world, it has its rollout.
        active = [default, *(i for i in range(len(candidates)) if i != default)]
        counts = [0] * len(candidates)
        shares = [0.0] * len(candidates)
        decision = Decision(greedy=candidates[default])
        next_cull = 4
        out_of_time = False
        while not out_of_time and (s.samples is None or decision.samples < s.samples):
            world = sample(self.rng)
            decision.samples += 1
            row: list[float | None] = [None] * len(candidates)
            rows.append(row)
            for i in active:
                # The wall clock is checked between rollouts, not only between worlds: one world
                # of full rollouts for a dozen candidates can take longer than the whole budget.
                if deadline is not None and time.perf_counter() >= deadline:
                    out_of_time = True
                    break
                outcome = self._rollout(world, seat, candidates[i])
                if outcome is not None:
                    row[i] = outcome[0]
                    shares[i] += outcome[1]
                    counts[i] += 1
                    decision.rollouts += 1
            if decision.samples >= next_cull:
                next_cull *= 2
                active = self._cull(rows, active, default, decision.samples)
            if len(active) == 1:
                break
        means = [_mean(rows, i) for i in range(len(candidates))]
        decision.values = {
            c: (means[i], shares[i] / counts[i], counts[i])
            for i, c in enumerate(candidates)
            if counts[i]
        }
        pool = [i for i in range(len(candidates)) if counts[i]]
        best = max(pool, key=lambda i: (means[i], i == default), default=default)
        if best != default and s.z is not None and not _beats(rows, best, default, s.z):
            best = default
        decision.action = candidates[best]
        decision.reason = "greedy" if best == default else "search"
        self.last = decision
        return candidates[best]

    def _cull(
        self, rows: list[list[float | None]], active: list[int], default: int, seen: int
    ) -> list[int]:
        """Drop the candidates clearly behind the leader, and those behind the pace to overrule
        the default (never the default itself)."""
        s = self.settings
        pace = 0.0 if s.z is None or s.samples is None else s.z * math.sqrt(seen / s.samples)
        leader = max(active, key=lambda i: _mean(rows, i))
        return [
            i
            for i in active
            if i == default
            or (
                _t_stat(rows, i, default) > pace
                and (i == leader or not _beats(rows, leader, i, DROP_Z))
            )
        ]

    def _rollout(self, world: State, seat: int, action: str) -> tuple[float, float] | None:
        state = world.clone()
        try:
            state.apply(seat, action)
        except RulesError:
            return None  # not legal in this world (should not happen for a consistent world)
        agents = self.rollout_agents
        depth = self.settings.depth
        decisions = 0
        while not state.is_over():
            if depth is not None and decisions >= depth and self.evaluate is not None:
                estimate = self.evaluate(state, seat)
                return estimate, estimate
            who = state.to_act()[0]
            state.apply(who, agents[who].act(state.observation(who), state.legal_actions(who)))
            decisions += 1
        result = state.result()
        assert result is not None
        return outcome_value(result, seat)


def _mean(rows: Sequence[Sequence[float | None]], i: int) -> float:
    values = [v for row in rows if (v := row[i]) is not None]
    return statistics.fmean(values) if values else float("-inf")


def _t_stat(rows: Sequence[Sequence[float | None]], a: int, b: int) -> float:
    """By how many standard errors `a` beats `b` in the worlds both saw (paired): +inf for a
    steady edge, 0 with too few worlds to tell."""
    diffs = [x - y for row in rows if (x := row[a]) is not None and (y := row[b]) is not None]
    if len(diffs) < 2:
        return 0.0
    mean = statistics.fmean(diffs)
    spread = statistics.stdev(diffs)
    if spread == 0:
        return math.inf if mean > 0 and len(diffs) >= 4 else 0.0 if mean >= 0 else -math.inf
    return mean / spread * math.sqrt(len(diffs))


def _beats(rows: Sequence[Sequence[float | None]], a: int, b: int, z: float) -> bool:
    """Does candidate `a` beat `b` by more than `z` standard errors in the worlds both saw?"""
    return _t_stat(rows, a, b) > z
