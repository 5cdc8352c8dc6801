"""`cardavia arena`: duplicate seating (ai.md, "Measuring strength").

Every seed is played once with the candidate in each seat and the reference in the others; the
seat results of one seed form a group, scored as one paired observation, so the luck of the deal
cancels out. Intervals are 95% normal intervals over the seed groups. Seed groups are
independent, so `jobs` worker processes play them side by side, and a results file
(`cardavia.ai.results`) lets a long run stop and go on.
"""

from __future__ import annotations

import multiprocessing
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from cardavia.ai.play import decide
from cardavia.ai.registry import make_agent
from cardavia.ai.results import Results
from cardavia.ai.stats import interval, percentile, win_share
from cardavia.rules.core import Game
from cardavia.rules.errors import RulesError


def play_group(game: Game, candidate: str, reference: str, seed: int) -> dict[str, Any]:
    """One seed group: the deal from `seed` with the candidate in each seat in turn."""
    share = score = ref_score = 0.0
    deals = draws = illegal = 0
    times: list[float] = []
    forced: list[float] = []  # single-option decisions, timed apart (no search)
    overruled = 0  # searched decisions where the search overruled its default policy
    for seat in range(game.players):
        agents = [
            make_agent(candidate if s == seat else reference, game.name, seed * 10 + s)
            for s in range(game.players)
        ]
        state = game.new_deal(seed)
        try:
            while not state.is_over():
                who = state.to_act()[0]
                start = time.perf_counter()
                action = decide(state, who, agents[who])
                if who == seat:
                    took = time.perf_counter() - start
                    (forced if len(set(state.legal_actions(who))) == 1 else times).append(took)
                    last = getattr(agents[who], "last", None)
                    overruled += getattr(last, "reason", None) == "search"
                state.apply(who, action)
        except RulesError:
            illegal += 1
            continue
        result = state.result()
        assert result is not None
        deals += 1
        draws += not result.winners
        share += win_share(result, seat)
        score += result.scores[seat]
        ref_score += (sum(result.scores) - result.scores[seat]) / (game.players - 1)
    played = max(1, deals)
    return {
        "seed": seed,
        "share": share / played,
        "score": score / played,
        "reference_score": ref_score / played,
        "deals": deals,
        "draws": draws,
        "illegal": illegal,
        "times": times,
        "forced": forced,
        "overruled": overruled,
    }


def _group_job(job: tuple[Game, str, str, int]) -> dict[str, Any]:
    return play_group(*job)


def groups(
    game: Game, candidate: str, reference: str, seeds: Sequence[int], jobs: int = 1
) -> Iterator[dict[str, Any]]:
    """The seed groups' results, in seed order."""
    work = [(game, candidate, reference, s) for s in seeds]
    if jobs <= 1:
        yield from map(_group_job, work)
        return
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        yield from pool.imap(_group_job, work)


def arena(
    game: Game,
    candidate: str,
    reference: str,
    seeds: int,
    seed: int = 0,
    jobs: int = 1,
    results: Path | None = None,
) -> dict[str, Any]:
    """The report over seed groups `seed` .. `seed + seeds - 1`. With a `results` file, the
    groups it already holds are not played again and each new one is stored as it ends, so an
    interrupted run goes on where it stopped."""
    make_agent(candidate, game.name)  # unknown names fail here, before any worker starts
    make_agent(reference, game.name)
    wanted = range(seed, seed + seeds)
    if results is None:
        return summarise(
            game, candidate, reference, list(groups(game, candidate, reference, wanted, jobs))
        )
    stored = Results(results, {"game": game.name, "candidate": candidate, "reference": reference})
    try:
        for group in groups(game, candidate, reference, stored.missing(wanted), jobs):
            stored.add(group)
    finally:
        stored.close()
    return summarise(game, candidate, reference, [stored.groups[s] for s in wanted])


def summarise(
    game: Game, candidate: str, reference: str, results: list[dict[str, Any]]
) -> dict[str, Any]:
    deals = sum(r["deals"] for r in results)
    ms = sorted(t * 1000 for r in results for t in r["times"])
    forced = sorted(t * 1000 for r in results for t in r.get("forced", []))

    return {
        "game": game.name,
        "candidate": candidate,
        "reference": reference,
        "seed_groups": len(results),
        "deals": deals,
        "fair_share": 1 / game.players,
        "win_share": interval([r["share"] for r in results]),
        "mean_score": interval([r["score"] for r in results]),
        "reference_mean_score": interval([r["reference_score"] for r in results]),
        # candidate minus reference, paired per seed group
        "score_edge": interval([r["score"] - r["reference_score"] for r in results]),
        "draw_rate": sum(r["draws"] for r in results) / deals if deals else 0.0,
        "latency_ms": _percentiles(ms),
        "decisions": len(ms),
        "forced_latency_ms": _percentiles(forced),
        "forced_decisions": len(forced),
        "overruled": sum(r.get("overruled", 0) for r in results),
        "illegal_actions": sum(r["illegal"] for r in results),
    }


def _percentiles(ms: list[float]) -> dict[str, float]:
    if not ms:
        return {"p50": 0.0, "p95": 0.0, "max": 0.0}
    return {"p50": percentile(ms, 0.5), "p95": percentile(ms, 0.95), "max": max(ms)}
