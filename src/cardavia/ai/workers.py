"""Search in worker processes, so a server keeps answering while AI seats think (ai.md layer 3).

The caller hands over one world sampled from the deciding seat's view (never the true state)
with that seat's observation and legal actions. The worker samples every further world from
that world for the same seat: as `sample_world` depends only on what the seat has seen, this
is the same distribution as sampling from the true state, and nothing hidden crosses over.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import multiprocessing
import os
import threading
import time
from collections import deque
from collections.abc import AsyncIterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import asdict
from typing import Any

from cardavia.ai.base import make_agent
from cardavia.ai.play import sampler_for
from cardavia.ai.search import SearchAgent
from cardavia.rules.core import State


def think(level: str, game: str, seed: int, world: State, seat: int,
          observation: dict[str, Any], legal: list[str]) -> dict[str, Any]:
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
        threading.Thread(target=_exit_with, args=(parent,), daemon=True).start()
    for name in GAMES:
        make_agent("greedy", name)


def _exit_with(parent: int, every: float = 0.5) -> None:
    """End this worker once its parent is gone: a server killed by kill -9 or the OOM killer
    cannot shut its pool down, and an orphaned worker would search on for nobody (reliability
    review M6). Re-parented, a process's parent id changes; polling it works on any Unix."""
    while os.getppid() == parent:
        time.sleep(every)
    os._exit(0)


SERVED_KEPT = 10_000  # clients whose last turn is remembered


class Thinkers:
    """A small pool of worker processes; started on first use.

    The workers take turns between clients (whoever created the deal, or asked for the hint):
    each free worker goes to the next client in turn with work waiting, so a client that sets
    hundreds of searches going waits behind its own, while another client's search waits for
    at most one of each other client's (reliability review H2). The pool's own queue never
    holds more than there are workers."""

    def __init__(self, workers: int | None = None) -> None:
        # Leave a core to the server: the event loop answers requests while the workers think.
        self.workers = workers or max(1, (os.cpu_count() or 2) - 1)
        self._pool: ProcessPoolExecutor | None = None
        self._waiting: dict[str, deque[asyncio.Future[None]]] = {}
        self._busy = 0  # searches handed to the pool
        self._turns = 0
        self._served: dict[str, int] = {}  # client -> the turn it was last given

    @contextlib.asynccontextmanager
    async def _turn(self, client: str) -> AsyncIterator[None]:
        """Wait for this client's turn at a free worker, and hold it."""
        ticket: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(client, deque()).append(ticket)
        self._admit()
        try:
            await ticket
            yield
        finally:
            if ticket.done() and not ticket.cancelled():
                self._busy -= 1
            else:  # given up before its turn came
                ticket.cancel()
                queue = self._waiting.get(client)
                if queue is not None and ticket in queue:
                    queue.remove(ticket)
                    if not queue:
                        del self._waiting[client]
            self._admit()

    def _admit(self) -> None:
        while self._busy < self.workers and self._waiting:
            # the waiting client served longest ago (or never) goes first
            client = min(self._waiting, key=lambda c: self._served.get(c, -1))
            queue = self._waiting[client]
            ticket = queue.popleft()
            if not queue:
                del self._waiting[client]
            if not ticket.done():
                ticket.set_result(None)
                self._busy += 1
                self._turns += 1
                self._served[client] = self._turns
        if len(self._served) > SERVED_KEPT:  # forget clients with nothing waiting
            self._served = {c: t for c, t in self._served.items() if c in self._waiting}

    def waiting(self) -> dict[str, int]:
        """Searches waiting for a worker, per client."""
        return {client: len(queue) for client, queue in self._waiting.items()}

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # spawn: a forked child of a threaded server process may inherit held locks
            self._pool = ProcessPoolExecutor(self.workers, multiprocessing.get_context("spawn"),
                                             initializer=_warm, initargs=(os.getpid(),))
        return self._pool

    async def think(self, level: str, game: str, seed: int, world: State, seat: int,
                    observation: dict[str, Any], legal: list[str], client: str = ""
                    ) -> dict[str, Any]:
        """The search's decision, once `client`'s turn at a worker comes."""
        async with self._turn(client):
            return await self._think(level, game, seed, world, seat, observation, legal)

    async def _think(self, level: str, game: str, seed: int, world: State, seat: int,
                     observation: dict[str, Any], legal: list[str]) -> dict[str, Any]:
        loop = asyncio.get_running_loop()
        job = functools.partial(think, level, game, seed, world, seat, observation, legal)
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
