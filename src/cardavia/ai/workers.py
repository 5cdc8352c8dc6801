"""Search in worker processes, so a server keeps answering while AI seats think (ai.md layer 3).

The caller hands over one world sampled from the deciding seat's view (never the true state)
with that seat's observation and legal actions. The worker samples every further world from
that world for the same seat: as `sample_world` depends only on what the seat has seen, this
is the same distribution as sampling from the true state, and nothing hidden crosses over.
"""

from __future__ import annotations

import asyncio
import functools
import multiprocessing
import os
import pickle
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import asdict
from typing import Any

from cardavia.ai.play import sampler_for
from cardavia.ai.registry import make_agent
from cardavia.ai.review import review
from cardavia.ai.search import SearchAgent
from cardavia.rules.core import State
from cardavia.rules.types import ObservationBase


def think(
    level: str,
    game: str,
    seed: int,
    world: State,
    seat: int,
    observation: ObservationBase,
    legal: list[str],
) -> dict[str, Any]:
    """The level's decision for `seat`, with what the search found (`Decision` as a dict)."""
    agent = make_agent(level, game, seed)
    if not isinstance(agent, SearchAgent):
        raise ValueError(f"level {level!r} does not search")
    agent.act_with_worlds(observation, legal, sampler_for(world, seat))
    return asdict(agent.last)


def _warm(parent: int | None = None) -> None:
    """Import the games and agents once per worker, before the first decision is timed, and
    watch the parent."""
    from cardavia.games.registry import GAMES

    if parent is not None:
        threading.Thread(target=exit_with, args=(parent,), daemon=True).start()
    for name in GAMES:
        make_agent("greedy", name)


def exit_with(parent: int, every: float = 0.5) -> None:
    """End this process once its parent is gone (a search worker, a web process of `serve
    --workers`): a server killed by kill -9 or the OOM killer
    cannot shut its pool down, and an orphaned worker would search on for nobody (reliability
    review M6). Re-parented, a process's parent id changes; polling it works on any Unix."""
    while os.getppid() == parent:
        time.sleep(every)
    os._exit(0)


class Thinkers:
    """A small pool of worker processes; started on first use. Which job goes next, between
    clients, is the job queue's to say (`Store.take_job`): the pool runs what it is given."""

    def __init__(self, workers: int | None = None) -> None:
        # A core less than the machine has (the event loop answers requests meanwhile), but two
        # at least: the AI worker keeps one free of any single client (table/worker.py), and a
        # search's budget is wall-clock, so sharing a core makes it weaker, not slower.
        self.workers = workers or max(2, (os.cpu_count() or 2) - 1)
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # spawn: a forked child of a threaded server process may inherit held locks
            self._pool = ProcessPoolExecutor(
                self.workers,
                multiprocessing.get_context("spawn"),
                initializer=_warm,
                initargs=(os.getpid(),),
            )
        return self._pool

    async def think(
        self,
        level: str,
        game: str,
        seed: int,
        world: State,
        seat: int,
        observation: ObservationBase,
        legal: list[str],
    ) -> dict[str, Any]:
        """The search's decision."""
        return await self._run(
            functools.partial(think, level, game, seed, world, seat, observation, legal)
        )

    async def solve(self, payload: bytes) -> dict[str, Any]:
        """A queued job's decision, or review (`cardavia.table.jobs.pack`, `pack_review` made
        the payload; the store it came from is the operator's own, trusted like the code)."""
        job = pickle.loads(payload)
        if job.get("kind") == "review":
            return await self._run(
                functools.partial(review, job["game"], job["points"], job["seat"], job["seed"])
            )
        return await self.think(
            job["level"],
            job["game"],
            job["seed"],
            job["world"],
            job["seat"],
            job["observation"],
            job["legal"],
        )

    async def _run(self, job: functools.partial[dict[str, Any]]) -> dict[str, Any]:
        loop = asyncio.get_running_loop()
        pool = self._executor()
        try:
            return await loop.run_in_executor(pool, job)
        except BrokenProcessPool:
            # A worker died (killed, out of memory): the pool fails every call from now on.
            # Replace it (once, however many calls saw it break) and think again.
            if self._pool is pool:
                _stop(pool)
                self._pool = None
            return await loop.run_in_executor(self._executor(), job)

    def close(self) -> None:
        if self._pool is not None:
            _stop(self._pool)
            self._pool = None


def _stop(pool: ProcessPoolExecutor) -> None:
    """Shut a pool down now: a worker in the middle of a search is terminated, not waited for
    (a shutdown that only stops taking jobs left it running after the server was gone, M6)."""
    workers = dict(getattr(pool, "_processes", None) or {})  # pid -> Process (CPython's own)
    pool.shutdown(wait=False, cancel_futures=True)
    for process in workers.values():
        if process.is_alive():
            process.terminate()
