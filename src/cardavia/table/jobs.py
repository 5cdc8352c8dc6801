"""AI work as jobs in the store (architecture.md §7): the tables' side of the queue.

A finished deal's review of a seat (§8) is a job too (`pack_review`): it carries, per decision
of that seat, one world sampled from the seat's view at that moment, and the worker that runs
it keeps the review in the store's `reviews` (`cardavia.table.worker`).

A seat's decision or a hint is a job keyed by what it decides on (deal, kind, action number,
seat, that seat's version), so every process that wants the same decision waits for one search,
and a result stays for whoever asks next (one search per decision, however often Hint is
pressed). The job carries one world sampled from the deciding seat's own view, never the true
deal (`cardavia.ai.workers`). A waiter is woken by the store's "done" announcement, and re-reads
the row every JOB_POLL_S in case one was lost.
"""

from __future__ import annotations

import asyncio
import json
import pickle
from typing import Any

from cardavia.ai.review import Point
from cardavia.rules.core import State
from cardavia.rules.types import ObservationBase
from cardavia.store.base import Store
from cardavia.table.waits import wait_set

JOB_POLL_S = 2.0  # a lost announcement costs at most this
# A decision waits this long for a worker (none running, or a flood from the same client),
# then the seat plays its heuristic move; the job stays queued for the next ask.
JOB_WAIT_S = 60.0


class JobFailed(RuntimeError):
    """No worker answered in time, or the search failed."""


def job_key(deal_id: str, kind: str, index: int, seat: int, version: int) -> str:
    return f"{deal_id}/{kind}/{index}/{seat}/{version}"


def pack(
    level: str,
    game: str,
    seed: int,
    world: State,
    seat: int,
    observation: ObservationBase,
    legal: list[str],
) -> bytes:
    """A job's payload: what `Thinkers.solve` needs, and nothing of the true deal."""
    return pickle.dumps(
        {
            "level": level,
            "game": game,
            "seed": seed,
            "world": world,
            "seat": seat,
            "observation": observation,
            "legal": legal,
        },
        protocol=pickle.HIGHEST_PROTOCOL,
    )


def review_key(deal_id: str, actions: int, seat: int) -> str:
    """The key of a finished deal's review of `seat` (`actions`: the deal's action count)."""
    return job_key(deal_id, REVIEW, actions, seat, 0)


REVIEW = "review"


def reviewed(key: str) -> tuple[str, int] | None:
    """(deal id, seat) of a review job's key, None for another job's (deal ids hold no '/')."""
    parts = key.split("/")
    if len(parts) != 5 or parts[1] != REVIEW:
        return None
    return parts[0], int(parts[3])


def pack_review(game: str, seed: int, seat: int, points: list[Point]) -> bytes:
    """A review job's payload: the seat's decision points (`cardavia.ai.review.points_of`:
    observations, legal actions, played actions and one sampled world each), nothing of the
    true deal."""
    return pickle.dumps(
        {"kind": REVIEW, "game": game, "seed": seed, "seat": seat, "points": points},
        protocol=pickle.HIGHEST_PROTOCOL,
    )


class JobQueue:
    """Submit jobs and wait for their results, woken by the store's announcements."""

    def __init__(
        self, store: Store, wait_s: float = JOB_WAIT_S, poll_s: float = JOB_POLL_S
    ) -> None:
        self.store = store
        self.wait_s, self.poll_s = wait_s, poll_s
        self._waiting: dict[str, asyncio.Event] = {}
        self._count: dict[str, int] = {}  # waiters per key, so the last one cleans up

    def announced(self, channel: str, payload: str) -> None:
        """On the event loop: a job finished (or announcements were lost)."""
        if channel == "done":
            event = self._waiting.get(payload)
            if event is not None:
                event.set()
        elif channel == "lost":
            for event in self._waiting.values():
                event.set()

    async def result(self, key: str, deal_id: str, client: str, payload: bytes) -> dict[str, Any]:
        """The job's result, submitting it unless it exists. Raises JobFailed."""
        event = self._waiting.setdefault(key, asyncio.Event())
        self._count[key] = self._count.get(key, 0) + 1
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.wait_s
        try:
            await asyncio.to_thread(self.store.submit_job, key, deal_id, client, payload)
            while True:
                text = await asyncio.to_thread(self.store.job_result, key)
                if text is not None:
                    found: dict[str, Any] = json.loads(text)
                    if "error" in found:
                        raise JobFailed(found["error"])
                    return found
                left = deadline - loop.time()
                if left <= 0:
                    if self._count[key] == 1:  # nobody else here waits: no search for nobody
                        await asyncio.to_thread(self.store.drop_job, key)
                    raise JobFailed(f"no worker answered within {self.wait_s:g} s")
                await wait_set(event, min(left, self.poll_s))
                event.clear()
        finally:
            self._count[key] -= 1
            if not self._count[key]:
                del self._count[key], self._waiting[key]
