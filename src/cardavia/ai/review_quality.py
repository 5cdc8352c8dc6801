"""How well the review judges (ai.md "Review"; docs/ai.md "Review quality"):

- `hard_deals`: deals in which the reviewed seat plays the hard level itself (searching on
  worlds from its own view, as at a table): the share of its decisions the review flags should
  be small (aim: at most 5%), and the time a whole review takes is measured per deal;
- `blunder_deals`: deals in which the seat plays the hard level's default policy but, once, a
  planted blunder: passing a win; a discard that breaks a complete group of a hand near a win
  (of the discards after which a card that lay in a complete group lies in none, where the
  game's agents say which (`grouped_cards`), the one that leaves it farthest from a win, at
  least one card farther than the best discard while the best leaves it one card or fewer
  away); or, in games whose agents plant their own
  (`planted_blunder` in `cardavia.ai.games.<id>`, Chuo Pai: a lead that throws away the most
  cards), that. The share of them the review flags should be large (aim: at least 90%).

The planting reads the true deal (it is the experimenter, not the reviewer); the review never
does: it is handed `review.points_of`'s points, as a job is.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, cast

from cardavia.ai import games
from cardavia.ai.levels import level_agent
from cardavia.ai.play import decide, play_out
from cardavia.ai.protocol import Agent
from cardavia.ai.review import (
    HARD,
    Point,
    Verdict,
    judge,
    margin_of,
    mean_loss,
    points_of,
    review,
    value_of,
)
from cardavia.ai.search import SearchSettings
from cardavia.ai.stats import interval
from cardavia.rules.core import Game, State
from cardavia.rules.types import ObservationBase

Planter = Callable[[ObservationBase, list[str]], str | None]
NEAR = 1  # a hand this many cards from a win or fewer is "near a win"
# Paired worlds of the estimate of a planted move's cost: twice the review's most but in
# Nantong, half (its standard error: ~0.15 units in the zipai games, ~2.5 hu in Nantong, against
# margins of 0.5 and 5).
ORACLE_WORLDS = 512
# Paired worlds of a second opinion (`second_opinion`): searching players are slow.
RECHECK_WORLDS = 48


@dataclass
class Quality:
    game: str
    deals: int = 0
    decisions: int = 0
    flagged: int = 0
    agreed: int = 0
    seconds: list[float] = field(default_factory=list)  # review time per deal
    blunders: int = 0
    caught: int = 0
    kinds: dict[str, list[int]] = field(default_factory=dict)  # kind -> [planted, caught]
    margin: float | None = None  # the game's REVIEW_MARGIN when None
    costs: list[tuple[float, bool]] = field(default_factory=list)  # (estimated cost, caught)
    # second opinions, if asked for: (the opinion, whether the review caught that blunder)
    rechecked: list[tuple[dict[str, float], bool]] | None = None
    recheck_which: str = "missed"  # which blunders get one: "missed", "caught" or "all"

    def as_json(self) -> dict[str, Any]:
        times = sorted(self.seconds)
        margin = margin_of(self.game) if self.margin is None else self.margin
        return {
            "game": self.game,
            "deals": self.deals,
            "decisions": self.decisions,
            "agreed": self.agreed,
            "flagged": self.flagged,
            "flagged_share": self.flagged / self.decisions if self.decisions else None,
            "review_s_median": statistics.median(times) if times else None,
            "review_s_p95": times[min(len(times) - 1, int(0.95 * len(times)))] if times else None,
            "blunders": self.blunders,
            "caught": self.caught,
            "caught_share": self.caught / self.blunders if self.blunders else None,
            "kinds": self.kinds,
            "margin": margin,
            # the planted moves that cost at least the margin (by the estimate), and at least
            # twice it: [planted, caught]
            "costly": _tally(self.costs, margin),
            "clear": _tally(self.costs, 2 * margin),
            # the second opinions on the missed blunders ("rechecked", None unless asked for)
            # and on the caught ones ("rechecked_caught", likewise): how many, how
            # many of them cost at least the margin by it, and how many of those with the
            # interval above zero too (a blunder confirmed by the review's own test, judged by
            # searching players instead of its simulation)
            "rechecked": self._opinions(False, margin),
            "rechecked_caught": self._opinions(True, margin),
            # with every blunder rechecked: [confirmed blunders, of those caught]
            "confirmed": None
            if self.rechecked is None or self.recheck_which != "all"
            else [
                sum(_confirmed(o, margin) for o, _ in self.rechecked),
                sum(_confirmed(o, margin) and caught for o, caught in self.rechecked),
            ],
        }

    def _opinions(self, caught: bool, margin: float) -> list[int] | None:
        if self.rechecked is None or not rechecks(self.recheck_which, caught):
            return None
        mine = [o for o, c in self.rechecked if c == caught]
        return [
            len(mine),
            sum(o["mean"] >= margin for o in mine),
            sum(_confirmed(o, margin) for o in mine),
        ]


RECHECK_WHICH = ("missed", "caught", "all")  # which blunders `measure` gives a second opinion


def rechecks(which: str, caught: bool) -> bool:
    """Whether `which` (one of RECHECK_WHICH) asks a second opinion on a blunder so judged."""
    return which in ("all", "caught" if caught else "missed")


def _confirmed(opinion: dict[str, float], margin: float) -> bool:
    """A second opinion that passes the review's own test: loss at least the margin, interval
    above zero."""
    return opinion["mean"] >= margin and opinion["low"] > 0


def _tally(costs: list[tuple[float, bool]], least: float) -> list[int]:
    kept = [caught for cost, caught in costs if cost >= least]
    return [len(kept), sum(kept)]


def hard_deal(
    game: Game, seed: int, others: str = "hard", settings: SearchSettings = HARD
) -> tuple[dict[str, Any], int]:
    """One deal with the hard level in seat 0 and `others` elsewhere, reviewed for seat 0:
    (the review, flagged decisions)."""
    rng = random.Random(seed)
    agents: list[Agent] = [level_agent("hard", game.name, random.Random(seed))]
    agents += [
        level_agent(others, game.name, random.Random(seed * 7 + s)) for s in range(1, game.players)
    ]
    state = game.new_deal(seed)
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, decide(state, seat, agents[seat]))
    points = points_of(game.new_deal(seed), state.actions, 0, rng)
    found = review(game.name, points, 0, seed, settings)
    return found, len(found["mistakes"])


def plant(game: str, state: State, seat: int) -> tuple[str, str] | None:
    """(kind, action) of a blunder the seat could make now, if any (module docstring)."""
    legal = state.legal_actions(seat)
    if len(set(legal)) < 2:
        return None
    if "win" in legal:  # passing it: the pass itself where there is one, not another claim
        return "pass_win", "pass" if "pass" in legal else next(a for a in legal if a != "win")
    own = getattr(games.agents_of(game), "planted_blunder", None)
    if own is not None:
        found = cast(Planter, own)(state.observation(seat), legal)
        return None if found is None else ("own", found)
    measure = games.distance_measure(game)
    discards = [a for a in legal if a.startswith("discard")]
    if measure is None or len(discards) < 2:
        return None
    grouped = games.grouped_cards(game)
    inside = None if grouped is None else grouped(state.observation(seat))
    after: dict[str, float] = {}
    breaking: list[str] = []
    for action in discards:
        world = state.clone()
        world.apply(seat, action)
        seen = world.observation(seat)
        after[action] = measure(seen)
        # a break: some card of a complete group is in none after the discard (another copy of
        # the discarded card may keep its group whole)
        if inside is None or (grouped is not None and grouped(seen) < inside):
            breaking.append(action)
    if not breaking:
        return None
    best, worst = min(after.values()), max(breaking, key=lambda a: after[a])
    if best <= NEAR and after[worst] >= best + 1:
        return "break_group", worst
    return None


def planted_at(game: Game, seed: int) -> tuple[State, str, str, str, random.Random] | None:
    """Deal `seed` in which seat 0 plays the hard level's default policy, up to its planted
    blunder (at the first chance after a random number of its decisions): the state then, the
    blunder's kind, the blunder, the policy's own move, and the deal's random source as it
    stands; None if no chance came."""
    rng = random.Random(seed)
    agents: list[Agent] = [
        games.efficient(game.name, random.Random(seed * 7 + s)) for s in range(game.players)
    ]
    state = game.new_deal(seed)
    wait = rng.randrange(6)
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        action = agents[seat].act(state.observation(seat), legal)
        if seat == 0 and len(set(legal)) > 1:
            blunder = plant(game.name, state, seat) if wait <= 0 else None
            wait -= 1
            if blunder is not None and blunder[1] != action:
                return state, blunder[0], blunder[1], action, rng
        state.apply(seat, action)
    return None


def blunder_deal(
    game: Game, seed: int, settings: SearchSettings = HARD, oracle_worlds: int = ORACLE_WORLDS
) -> tuple[str, Verdict, float] | None:
    """The planted blunder of deal `seed` (`planted_at`), judged: (kind, the review's verdict
    on it, caught when `verdict.mistake`; its cost estimated apart, module docstring); None if
    no chance came."""
    found = planted_at(game, seed)
    if found is None:
        return None
    state, kind, blunder, instead, rng = found
    point = Point(
        len(state.actions),
        state.observation(0),
        state.legal_actions(0),
        blunder,
        state.sample_world(0, rng),
    )
    verdict = judge(game.name, point, 0, random.Random(seed), settings)
    cost = mean_loss(game.name, point, 0, instead, random.Random(seed + 2**40), oracle_worlds)
    return kind, verdict, cost


def second_opinion(
    game: Game, seed: int, level: str = "hard", worlds: int = RECHECK_WORLDS
) -> dict[str, float]:
    """The planted blunder of deal `seed` against the policy's own move, each played on by a
    searching level in every seat (each decision searched from that seat's view, as at a
    table), not by the review's rollout policy: its mean loss in the game's unit with the 95%
    interval, over `worlds` paired worlds sampled from seat 0's view at the blunder (the same
    world and the same agents' seeds for both moves). A second opinion on a blunder the review
    passed or caught: does a stronger player of the rest of the deal make it cost?"""
    found = planted_at(game, seed)
    if found is None:
        raise ValueError(f"no blunder is planted in deal {seed}")
    state, _, blunder, instead, _ = found
    rng = random.Random(seed + 2**41)
    value = value_of(game.name)
    losses = []
    for _ in range(worlds):
        world = state.sample_world(0, rng)
        seeds = [rng.randrange(2**32) for _ in range(game.players)]
        scores = []
        for action in (instead, blunder):
            play = world.clone()
            play.apply(0, action)
            agents = [level_agent(level, game.name, random.Random(s)) for s in seeds]
            result = play_out(play, agents).result()
            assert result is not None  # played out to the end
            scores.append(value(result, 0))
        losses.append(scores[0] - scores[1])
    return interval(losses)


def measure(
    game: Game,
    deals: int,
    blunders: int,
    others: str = "hard",
    start: int = 0,
    deadline: float | None = None,
    progress: Callable[[str], None] | None = None,
    recheck: str | None = None,
    recheck_worlds: int = RECHECK_WORLDS,
    recheck_which: str = "missed",
) -> Quality:
    """Both measures for one game, on seeds from `start`, until `deadline` (time.monotonic):
    the hard-level deals get the first half of the time left, the blunders the rest. With
    `recheck` (a level), each blunder the review passed ("missed"), caught ("caught") or every
    one ("all", `recheck_which`) gets a `second_opinion` too."""
    if recheck_which not in RECHECK_WHICH:
        raise ValueError(f"recheck_which {recheck_which!r}: one of {', '.join(RECHECK_WHICH)}")
    found = Quality(
        game.name, rechecked=None if recheck is None else [], recheck_which=recheck_which
    )
    half = None if deadline is None else (time.monotonic() + deadline) / 2
    for seed in range(start, start + deals):
        if half is not None and time.monotonic() > half:
            break
        result, flagged = hard_deal(game, seed, others)
        found.deals += 1
        found.decisions += result["decisions"]
        found.agreed += result["agreed"]
        found.flagged += flagged
        found.seconds.append(result["seconds"])
        if progress is not None:
            progress(f"{game.name} hard deal {seed}: {flagged}/{result['decisions']} flagged")
    seed = start
    while found.blunders < blunders:
        if deadline is not None and time.monotonic() > deadline:
            break
        outcome = blunder_deal(game, 10**6 + seed)
        seed += 1
        if outcome is None:
            continue
        kind, verdict, cost = outcome
        caught = verdict.mistake
        found.costs.append((cost, caught))
        found.blunders += 1
        found.caught += caught
        tally = found.kinds.setdefault(kind, [0, 0])
        tally[0] += 1
        tally[1] += caught
        again = ""
        if recheck is not None and rechecks(recheck_which, caught):
            opinion = second_opinion(game, 10**6 + seed - 1, recheck, recheck_worlds)
            assert found.rechecked is not None
            found.rechecked.append((opinion, caught))
            again = (
                f"; {recheck} level on: loss {opinion['mean']:.2f} "
                f"[{opinion['low']:.2f}, {opinion['high']:.2f}] over {recheck_worlds} worlds"
            )
        if progress is not None:
            progress(
                f"{game.name} blunder {kind} (deal {10**6 + seed - 1}): "
                f"{'caught' if caught else 'missed'} "
                f"({said(verdict)}; cost {cost:.2f}{again})"
            )
    return found


def said(verdict: Verdict) -> str:
    """A verdict in one line, for the progress of a measure (why a blunder was missed)."""
    lo, hi = verdict.interval
    return (
        f"played {verdict.played!r}, hard {verdict.hard!r}, loss {verdict.loss:.2f} "
        f"[{lo:.2f}, {hi:.2f}] over {verdict.worlds} worlds, "
        f"scores {verdict.scores[0]:.2f} vs {verdict.scores[1]:.2f}"
    )
