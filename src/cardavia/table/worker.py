"""The AI worker: takes jobs from the store and searches them in its own processes.

`cardavia worker --db postgresql://…` runs one on any machine, for every server on that
database; `cardavia serve` runs one inside the server (with SQLite, always). Each of its loops
holds one job at a time under a lease it renews while the search runs: a worker killed
mid-search (kill -9, out of memory) stops renewing, and another worker takes the job once the
lease runs out. A worker that stops cleanly gives its jobs back at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import signal
import socket
import threading
from typing import Any

from cardavia.ai.workers import Thinkers
from cardavia.store.base import LEASE_S, Job, Store, StoreError
from cardavia.table.jobs import reviewed
from cardavia.table.waits import wait_set

log = logging.getLogger(__name__)
IDLE_POLL_S = 2.0  # an idle loop looks for a job this often, announcements aside
PRUNE_EVERY_S = 60.0
KEEP_JOBS_S = 600.0  # a job (and its result) is forgotten this long after it was queued
# for the loops to end, then for giving back the jobs they held, at a stop; else their leases
# run out (both well inside STOP_S)
GIVE_BACK_S = 3.0
# A signalled worker is gone this long after the signal whatever happens: a database that holds
# its connections but answers nothing (a frozen server) keeps a store call's thread waiting,
# and the process could not end (operator walk: 601 s; systemd's TimeoutStopSec is 15 s).
STOP_S = 10.0


class Worker:
    """`loops` jobs at a time, searched by `thinkers` (a pool of as many processes)."""

    def __init__(
        self,
        store: Store,
        thinkers: Thinkers | None = None,
        loops: int | None = None,
        lease_s: float = LEASE_S,
    ) -> None:
        self.store = store
        self.thinkers = thinkers or Thinkers(loops)
        self.loops = loops or self.thinkers.workers
        self.lease_s = lease_s
        # No client gets every search at once: with two or more, one stays free for others, so
        # a client with hundreds of deals waits behind itself, not another player behind it.
        self.cap = self.loops - 1 if self.loops > 1 else None
        self.name = f"{socket.gethostname()}:{os.getpid()}"
        self._wake = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self._held: dict[int, str] = {}  # job id -> the loop's name that holds it
        self._unsubscribe: Any = None

    def start(self) -> None:
        """Start the loops on the running event loop."""
        if self._tasks:
            return
        loop = asyncio.get_running_loop()

        def announced(channel: str, payload: str) -> None:  # from any thread
            if channel in ("job", "lost"):
                loop.call_soon_threadsafe(self._wake.set)

        self._unsubscribe = self.store.subscribe(announced)
        # With two loops or more, the first takes no reviews (up to BUDGET_S of search each), so
        # that reviews of finished deals never hold up a seat's decision or a hint for long.
        self._tasks = [
            loop.create_task(self._loop(f"{self.name}/{i}", i > 0 or self.loops == 1))
            for i in range(self.loops)
        ]
        self._tasks.append(loop.create_task(self._prune()))

    async def _loop(self, name: str, reviews: bool = True) -> None:
        while True:
            self._wake.clear()  # before looking: a job queued meanwhile sets it again
            try:
                job = await asyncio.to_thread(
                    self.store.take_job, name, self.lease_s, self.name, self.cap, reviews
                )
            except StoreError as err:
                log.warning("the worker could not take a job: %s", err)
                job = None
            if job is None:
                await wait_set(self._wake, IDLE_POLL_S)
                continue
            await self._run(job, name)

    async def _run(self, job: Job, name: str) -> None:
        self._held[job.id] = name
        renewing = asyncio.get_running_loop().create_task(self._renew(job, name))
        try:
            try:
                found = await self.thinkers.solve(job.payload)
            except asyncio.CancelledError:
                raise
            except Exception as err:  # the searcher failed even after a restart of its pool
                log.warning("job %s failed", job.key, exc_info=True)
                found = {"error": f"{type(err).__name__}: {err}"[:200]}
            renewing.cancel()
            text = json.dumps(found)
            review = reviewed(job.key)
            if review is not None and "error" not in found:
                # kept for good: a job's result is forgotten after KEEP_JOBS_S
                await asyncio.to_thread(self.store.save_review, *review, text)
            await asyncio.to_thread(self.store.finish_job, job.id, text)
            del self._held[job.id]
        except StoreError as err:  # the result is lost; the lease runs out, it runs again
            log.warning("job %s: the result was not stored: %s", job.key, err)
            self._held.pop(job.id, None)
        finally:
            renewing.cancel()

    async def _renew(self, job: Job, name: str) -> None:
        while True:
            await asyncio.sleep(self.lease_s / 3)
            try:
                await asyncio.to_thread(self.store.renew_job, job.id, name, self.lease_s)
            except StoreError as err:
                log.warning("job %s: the lease was not renewed: %s", job.key, err)

    async def _prune(self) -> None:
        while True:
            try:
                await asyncio.to_thread(self.store.prune_jobs, KEEP_JOBS_S)
            except StoreError as err:
                log.warning("old jobs were not pruned: %s", err)
            await asyncio.sleep(PRUNE_EVERY_S)

    async def close(self) -> None:
        """Stop: searches are ended, and the jobs they held are given back."""
        for task in self._tasks:
            task.cancel()
        if self._tasks:  # bounded: a search stuck in a store call must not keep us from stopping
            await asyncio.wait(self._tasks, timeout=GIVE_BACK_S)
        self._tasks = []
        if self._unsubscribe is not None:
            self._unsubscribe()
        self.thinkers.close()
        try:
            async with asyncio.timeout(GIVE_BACK_S):
                for job_id, name in list(self._held.items()):
                    with contextlib.suppress(StoreError):  # else its lease runs out instead
                        await asyncio.to_thread(self.store.release_job, job_id, name)
        except TimeoutError:
            log.warning("the store did not answer: jobs held come back when their leases run out")
        self._held.clear()


def _exit_after(seconds: float) -> None:
    """End the process in `seconds` if it has not ended by itself: a thread waiting on a store
    that does not answer cannot be stopped, and would keep the process from exiting."""

    def end() -> None:
        log.warning("stopped without the store: it did not answer for %g s", seconds)
        logging.shutdown()
        os._exit(1)

    timer = threading.Timer(seconds, end)
    timer.daemon = True
    timer.start()


def run_worker(db: str, processes: int | None = None, stop: threading.Event | None = None) -> None:
    """`cardavia worker`: run until SIGTERM or SIGINT, or, in a thread of a server, `stop`."""
    from cardavia.store import open_store

    store = open_store(db)

    async def main() -> None:
        worker = Worker(store, loops=processes)
        stopped = asyncio.Event()
        loop = asyncio.get_running_loop()
        if stop is None:

            def signalled() -> None:
                stopped.set()
                _exit_after(STOP_S)

            for sig in (signal.SIGTERM, signal.SIGINT):
                loop.add_signal_handler(sig, signalled)
            print(
                f"Cardavia worker {worker.name}: searching {worker.loops} at a time "
                f"(jobs in {getattr(store, 'name', db)})",
                flush=True,
            )
        else:
            threading.Thread(
                target=lambda: (stop.wait(), loop.call_soon_threadsafe(stopped.set)), daemon=True
            ).start()
        worker.start()
        await stopped.wait()
        await worker.close()

    try:
        asyncio.run(main())
    finally:
        store.close()
