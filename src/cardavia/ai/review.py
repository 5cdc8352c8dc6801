"""The review of a finished deal for one seat (architecture.md §8, ai.md "Review").

Two halves, so that the true deal never reaches the search:

- `points_of(start, actions, seat, rng)` replays the deal (the table or the command line holds it)
  and keeps, for each action of `seat` that had an alternative, the step index in the record,
  the seat's observation and legal actions then, what it played, and ONE world sampled from that
  seat's view at that moment (`sample_world`, as an AI seat's job carries). Nothing else of the
  deal goes on: this is what a review job's payload holds.
- `review(game, points, seat, seed)` runs anywhere (an AI worker process): for each point it asks
  the hard level what it would play, searching on worlds sampled from the point's world for that
  seat (the same distribution as from the true deal, ai/workers.py), and where the played move
  differs, plays both on the same fresh sampled worlds (paired: common worlds, so the luck of the
  draw cancels) to the end with the rollout policy. The seat's score in each world (the game's
  own unit, `review_value`) gives a paired difference per world; the decision is a mistake only
  when the 95% interval of the mean difference lies above zero AND the mean is at least the
  game's `REVIEW_MARGIN` (a difference a player of that game would care about). The hard level's
  choice is found on other worlds than those that judge it, so picking it does not bias the test.

The reason is a list of sentences as message keys (as the hint's, `cardavia.ai.explain`): the
loss in the game's unit with its interval (the message of the module's `REVIEW_LOSS`), the win
share with each move, and the game's own terms from its agents' module (`review_why`, then the
hint's `explain` of the better move: distance to a win, hu and old generals, huxi, cards at
risk), translated by the client's strings.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import islice
from typing import Any, cast

from cardavia.ai import games
from cardavia.ai.explain import Why, explain
from cardavia.ai.levels import SETTINGS
from cardavia.ai.play import sampler_for
from cardavia.ai.protocol import Agent, Sampler
from cardavia.ai.search import POLICY, SearchAgent, SearchSettings
from cardavia.ai.stats import interval_bounds, win_share
from cardavia.rules.core import Game, Result, State
from cardavia.rules.errors import RulesError
from cardavia.rules.types import ObservationBase

# Paired worlds that judge a disagreement, at most (a game's agents may ask for more:
# `REVIEW_WORLDS`). The interval is looked at as the worlds double from 16: the check stops once
# it shows the loss cannot reach the margin, or, from FLAG_FROM worlds on, that it is a mistake
# (a few looks, each at 95%: the margin keeps hard-level moves from being flagged by the extra
# looks).
WORLDS = 256
FIRST_CHECK = 16
FLAG_FROM = 32
# A whole review's wall-clock budget, so that it is ready within a minute of the deal's end:
# once spent, each remaining disagreement is judged on FLAG_FROM worlds at most (fewer
# mistakes found on a busy machine, never more).
BUDGET_S = 40.0
# The hard level's settings, as at a table (levels.py), so that "agreed with the hard level"
# means the level players meet. A review may use others (tests: a sample count, no clock).
HARD = SETTINGS["hard"]
DEFAULT_MARGIN = 1.0


@dataclass
class Point:
    """One decision of the reviewed seat: what a review job carries for it."""

    step: int  # index of the action in the deal record's `actions`
    observation: ObservationBase
    legal: list[str]
    played: str
    world: State  # sampled from the seat's view at that moment, never the true deal


@dataclass
class Verdict:
    step: int
    played: str
    hard: str
    loss: float = 0.0
    interval: tuple[float, float] = (0.0, 0.0)
    mistake: bool = False
    shares: tuple[float, float] = (0.0, 0.0)  # win share with (better, played)
    scores: tuple[float, float] = (0.0, 0.0)  # mean score with (better, played)
    worlds: int = 0
    why: list[Why] = field(default_factory=list)


def margin_of(game: str) -> float:
    """The smallest mean loss, in the game's score, that the review calls a mistake."""
    return float(getattr(games.agents_of(game), "REVIEW_MARGIN", DEFAULT_MARGIN))


def worlds_of(game: str) -> int:
    """The most paired worlds that judge one disagreement in `game` (scores as spread as
    Nantong's need more to tell a loss of the margin from luck)."""
    return int(getattr(games.agents_of(game), "REVIEW_WORLDS", WORLDS))


def _checks(worlds: int) -> set[int]:
    """The world counts at which the interval is looked at: doubling from FIRST_CHECK, below
    `worlds` (the last look comes when the worlds run out)."""
    looks, n = set(), FIRST_CHECK
    while n < worlds:
        looks.add(n)
        n *= 2
    return looks


def value_of(game: str) -> Callable[[Result, int], float]:
    """The seat's outcome in the game's score unit (default: its score in the result)."""
    found = getattr(games.agents_of(game), "review_value", None)
    if found is not None:
        return cast(Callable[[Result, int], float], found)
    return lambda result, seat: float(result.scores[seat])


def start_of(record: dict[str, Any], game: Game) -> State:
    """The deal of a record (one `rules.record.replay` has validated) before its first action."""
    if record.get("position") is not None:
        return game.from_position(record["position"])
    return game.new_deal(record["seed"], record.get("dealer"))


def points_of(
    start: State,
    actions: Sequence[tuple[int, str]],
    seat: int,
    rng: random.Random,
    others: Collection[int] = (),
) -> list[Point]:
    """`start`: the deal before its first action (eager); `actions`: the record's. Applies them
    all (a RulesError if one does not apply) and keeps the seat's decisions that had a choice,
    but for the actions numbered in `others`: played for the seat by someone else (the AI, for
    an absent player), they are not the player's to review."""
    state = start
    points: list[Point] = []
    for step, (who, action) in enumerate(actions):
        if who == seat and step not in others:
            legal = state.legal_actions(seat)
            if len(set(legal)) > 1:
                points.append(
                    Point(
                        step,
                        state.observation(seat),
                        legal,
                        action,
                        state.sample_world(seat, rng),
                    )
                )
        state.apply(who, action)
    return points


def review(
    game: str,
    points: Sequence[Point],
    seat: int,
    seed: int,
    settings: SearchSettings = HARD,
    worlds: int | None = None,
    budget_s: float | None = BUDGET_S,
) -> dict[str, Any]:
    """The review of architecture.md §8, from the seat's decision points only (`worlds`: the
    game's `worlds_of` when None)."""
    began = time.perf_counter()
    deadline = None if budget_s is None else began + budget_s
    verdicts = [
        judge(game, p, seat, random.Random(seed * 1000 + p.step), settings, worlds, deadline)
        for p in points
    ]
    return as_json(game, seat, verdicts, time.perf_counter() - began)


def as_json(game: str, seat: int, verdicts: Sequence[Verdict], seconds: float) -> dict[str, Any]:
    return {
        "seat": seat,
        "level": "hard",
        "decisions": len(verdicts),
        "agreed": sum(v.played == v.hard for v in verdicts),
        "margin": margin_of(game),
        "moves": [{"step": v.step, "played": v.played, "hard": v.hard} for v in verdicts],
        "mistakes": [
            {
                "step": v.step,
                "played": v.played,
                "better": v.hard,
                "loss": round(v.loss, 2),
                "interval": [round(v.interval[0], 2), round(v.interval[1], 2)],
                "share": [round(v.shares[0], 3), round(v.shares[1], 3)],
                "score": [round(v.scores[0], 2), round(v.scores[1], 2)],
                "worlds": v.worlds,
                "reason": v.why,
            }
            for v in verdicts
            if v.mistake
        ],
        "seconds": round(seconds, 2),
    }


def judge(
    game: str,
    point: Point,
    seat: int,
    rng: random.Random,
    settings: SearchSettings = HARD,
    worlds: int | None = None,
    deadline: float | None = None,
) -> Verdict:
    """Whether the hard level agrees with the played move, and if not, whether the played move
    is a mistake by the test of the module docstring (on the game's `worlds_of` worlds at most
    when `worlds` is None; after `deadline`, a `time.perf_counter` time, on FLAG_FROM)."""
    sample = sampler_for(point.world, seat)
    agent = SearchAgent(game, random.Random(rng.randrange(2**32)), settings)
    hard = agent.act_with_worlds(point.observation, point.legal, sample)
    verdict = Verdict(point.step, point.played, hard)
    if hard == point.played:
        return verdict
    value = value_of(game)
    margin = margin_of(game)
    worlds = worlds_of(game) if worlds is None else worlds
    checks = _checks(worlds)
    pairs = _paired(sample, seat, hard, point.played, _rollout_agents(game, rng), rng)
    diffs: list[float] = []
    outcomes: list[tuple[float, float, float, float]] = []
    while len(diffs) < worlds:
        if len(diffs) >= FLAG_FROM and deadline is not None and time.perf_counter() > deadline:
            break
        better, played = next(pairs)
        a, b = value(better, seat), value(played, seat)
        diffs.append(a - b)
        outcomes.append((a, b, win_share(better, seat), win_share(played, seat)))
        if len(diffs) in checks:
            lo, hi = interval_bounds(diffs)
            if hi < margin:
                break  # the loss cannot reach the margin: no mistake, no more worlds
            if len(diffs) >= FLAG_FROM and lo > 0 and statistics.fmean(diffs) >= margin:
                break  # a mistake already
    mean = statistics.fmean(diffs) if diffs else 0.0
    verdict.loss = mean
    verdict.interval = interval_bounds(diffs)
    verdict.worlds = len(diffs)
    verdict.scores = (
        statistics.fmean(o[0] for o in outcomes) if outcomes else 0.0,
        statistics.fmean(o[1] for o in outcomes) if outcomes else 0.0,
    )
    verdict.shares = (
        statistics.fmean(o[2] for o in outcomes) if outcomes else 0.0,
        statistics.fmean(o[3] for o in outcomes) if outcomes else 0.0,
    )
    verdict.mistake = len(diffs) >= FLAG_FROM and verdict.interval[0] > 0 and mean >= margin
    if verdict.mistake:
        verdict.why = reasons(game, point, verdict)
    return verdict


def mean_loss(
    game: str, point: Point, seat: int, better: str, rng: random.Random, worlds: int
) -> float:
    """The played move's mean loss against `better`, in the game's unit, over exactly `worlds`
    paired worlds sampled from the point's world (no early stop, no test): the review's
    measurement estimates a planted blunder's cost with it (cardavia.ai.review_quality)."""
    if worlds < 1:
        raise ValueError("a mean loss needs one world at least")
    sample = sampler_for(point.world, seat)
    value = value_of(game)
    pairs = _paired(sample, seat, better, point.played, _rollout_agents(game, rng), rng)
    return statistics.fmean(value(a, seat) - value(b, seat) for a, b in islice(pairs, worlds))


def reasons(game: str, point: Point, verdict: Verdict) -> list[Why]:
    """Why the better move was better, in the game's terms (message keys, module docstring)."""
    module = games.agents_of(game)
    lo, hi = verdict.interval
    said = [
        _say(
            str(getattr(module, "REVIEW_LOSS", "review_loss")),
            loss=_num(verdict.loss),
            low=_num(lo),
            high=_num(hi),
        ),
        *shares_said(verdict),
    ]
    own = getattr(module, "review_why", None)
    compared = own(point.observation, point.legal, point.played, verdict.hard) if own else []
    # a hint's sentence that the comparison has said already (the better move's huxi) goes
    says: dict[str, str] = getattr(module, "REVIEW_SAYS", {})
    gone = {says[w["key"]] for w in compared if w["key"] in says}
    hint = explain(game, point.observation, point.legal, verdict.hard)
    return said + compared + [w for w in hint if w["key"] not in gone]


def shares_said(verdict: Verdict) -> list[Why]:
    """The win shares with the better move and with yours, where they bear the verdict out. The
    verdict is by the game's score: a lead that keeps more cards in Chuo Pai may win a little
    less often, and "the better move won 42%, yours 45%" under "Mistake" read as a
    contradiction (QA); the loss in the game's unit, said first, is the reason there."""
    better, played = (round(100 * share) for share in verdict.shares)
    return [_say("review_shares", better=better, played=played)] if better >= played else []


def _say(key: str, **params: Any) -> Why:
    return {"key": key, "n": None, "params": params}


def _num(x: float) -> str:
    """A loss as a player reads it: one decimal, no "-0.0"."""
    text = f"{x:.1f}"
    return "0.0" if text == "-0.0" else text


def _rollout_agents(game: str, rng: random.Random) -> list[Agent]:
    """The search's rollout policy in every seat (search.py: greedy where efficient is slow)."""
    policy = games.POLICIES["greedy" if games.rollout_greedy(game) else POLICY]
    return [policy(game, random.Random(rng.randrange(2**32))) for _ in range(4)]


def _paired(
    sample: Sampler,
    seat: int,
    better: str,
    played: str,
    agents: Sequence[Agent],
    rng: random.Random,
) -> Iterator[tuple[Result, Result]]:
    """Both moves played out on each fresh sampled world in turn (paired: common worlds)."""
    while True:
        world = sample(rng)
        a = _play_out(world, seat, better, agents)
        b = _play_out(world, seat, played, agents)
        if a is not None and b is not None:  # else not legal there (not in a consistent world)
            yield a, b


def _play_out(world: State, seat: int, action: str, agents: Sequence[Agent]) -> Result | None:
    state = world.clone()
    try:
        state.apply(seat, action)
    except RulesError:
        return None
    while not state.is_over():
        who = state.to_act()[0]
        state.apply(who, agents[who].act(state.observation(who), state.legal_actions(who)))
    return state.result()
