"""Reviews kept in the store (architecture.md §8), on both backends: one per (deal, seat), the
first stays, and the AI worker keeps a review job's answer there (a job's result is forgotten
after a while, a review is not)."""

from __future__ import annotations

import asyncio
import json
import threading
from typing import Any

from cardavia.store import is_postgres_url
from cardavia.store.base import DealRow, Store
from cardavia.table.jobs import review_key, reviewed
from cardavia.table.worker import Worker
from tests.backends import execute


def _deal(store: Store, deal_id: str) -> None:
    store.create(DealRow(deal_id, "sisepai", 1, None, None, "normal"))


def test_a_review_per_seat_and_the_first_stays(store: Store) -> None:
    _deal(store, "d1")
    assert store.load_review("d1", 0) is None
    store.save_review("d1", 0, '{"seat": 0, "n": 1}')
    store.save_review("d1", 0, '{"seat": 0, "n": 2}')  # a second worker's late answer
    store.save_review("d1", 2, '{"seat": 2}')
    assert json.loads(store.load_review("d1", 0) or "") == {"seat": 0, "n": 1}
    assert json.loads(store.load_review("d1", 2) or "") == {"seat": 2}
    assert store.load_review("d1", 1) is None
    assert store.load_review("nope", 0) is None


def test_review_keys_name_deal_and_seat() -> None:
    key = review_key("AbC-d_9", 41, 2)
    assert reviewed(key) == ("AbC-d_9", 2)
    assert reviewed("AbC/seat/41/2/7") is None
    assert reviewed("AbC/hint/41/0/7") is None


class _Answers:
    """Thinkers that answer every job at once (the worker's part is what is tested here)."""

    workers = 1

    async def solve(self, payload: bytes) -> dict[str, Any]:
        return {"seat": 1, "decisions": 3, "agreed": 2, "mistakes": [], "payload": payload.decode()}

    def close(self) -> None:
        pass


def test_the_worker_keeps_a_review_jobs_answer(store: Store) -> None:
    _deal(store, "d2")
    store.submit_job(review_key("d2", 30, 1), "d2", "review/c", b"points")
    store.submit_job("d2/seat/30/2/5", "d2", "c", b"decision")

    async def go() -> None:
        worker = Worker(store, _Answers(), loops=1)  # type: ignore[arg-type]
        worker.start()
        for _ in range(500):
            if store.job_result("d2/seat/30/2/5") and store.job_result(review_key("d2", 30, 1)):
                break
            await asyncio.sleep(0.01)
        await worker.close()

    asyncio.run(go())
    kept = store.load_review("d2", 1)
    assert kept is not None and json.loads(kept)["payload"] == "points"
    assert store.load_review("d2", 2) is None  # a seat's decision is no review


def test_reviews_come_after_decisions_and_one_loop_takes_none(store: Store) -> None:
    """A review (up to 40 s of search) never goes before a seat's decision or a hint waiting,
    whoever's turn it is; a worker's loop that takes no reviews leaves them queued."""
    store.submit_job(review_key("d3", 30, 0), "d3", "review/a", b"r")
    store.submit_job("d4/seat/5/1/2", "d4", "b", b"s")
    store.submit_job("d4/hint/6/0/3", "d4", "b", b"h")
    first = store.take_job("w/0", reviews=False)
    second = store.take_job("w/0", reviews=False)
    assert first is not None and second is not None
    assert {first.key, second.key} == {"d4/seat/5/1/2", "d4/hint/6/0/3"}
    assert store.take_job("w/0", reviews=False) is None  # only the review is left
    last = store.take_job("w/1")
    assert last is not None and last.key == review_key("d3", 30, 0)


def test_the_newest_review_goes_first(store: Store) -> None:
    """Of reviews waiting, the deal that ended last is reviewed first: its player has just
    finished and is the likeliest to be looking for it, while a backlog can wait. Decisions
    still come before any review."""
    for n, deal in enumerate(("d5", "d6", "d7")):
        store.submit_job(review_key(deal, 30 + n, 0), deal, "review/a", b"r")
    store.submit_job("d8/seat/5/1/2", "d8", "b", b"s")
    taken = [store.take_job("w/1") for _ in range(4)]
    assert [job.key if job else None for job in taken] == [
        "d8/seat/5/1/2",
        review_key("d7", 32, 0),
        review_key("d6", 31, 0),
        review_key("d5", 30, 0),
    ]


def test_a_review_asked_for_goes_before_those_nobody_asked_for(db: str, store: Store) -> None:
    """Reviews queued at deals' ends a minute ago, client b's first, then a's; one of a's is
    made (so b's turn comes next); then the player of a's oldest asks for its review: it is
    made first, before b's and a's newer ones that nobody asked for, whoever's turn it was (a
    usability walk waited 15 minutes for one behind reviews queued later). Asked again at
    once: no write."""
    store.submit_job(review_key("d9", 40, 0), "d9", "review/b", b"r")
    for n, deal in enumerate(("d5", "d6", "d7")):
        store.submit_job(review_key(deal, 30 + n, 0), deal, "review/a", b"r")
    if is_postgres_url(db):
        execute(db, "UPDATE jobs SET created = created - interval '60 seconds'")
    else:
        execute(db, "UPDATE jobs SET created = created - 60")
    first = store.take_job("w/1")  # the newest queued: a's d7
    assert first is not None and first.key == review_key("d7", 32, 0)
    before = execute(db, "SELECT key, created FROM jobs ORDER BY id")
    store.want_job(review_key("d5", 30, 0))
    wanted = execute(db, "SELECT key, created FROM jobs ORDER BY id")
    store.want_job(review_key("d5", 30, 0))  # within WANT_EVERY_S: nothing more to write
    assert execute(db, "SELECT key, created FROM jobs ORDER BY id") == wanted
    changed = [b[0] for b, a in zip(before, wanted, strict=True) if a != b]
    assert changed == [review_key("d5", 30, 0)] and wanted[1][1] > before[1][1]
    taken = [store.take_job("w/1") for _ in range(3)]
    assert [job.key if job else None for job in taken] == [
        review_key("d5", 30, 0),  # wanted: before b's, whose turn it was
        review_key("d9", 40, 0),  # then b's turn
        review_key("d6", 31, 0),
    ]
    store.want_job(review_key("d6", 31, 0))  # taken already: no matter, it is being made


def test_a_clients_reviews_waiting_are_capped(store: Store) -> None:
    """With a cap, a review is queued only while its client has reviews of fewer other deals
    waiting (queued or being made): every seat of a deal counts once, a review queued already
    is answered as queued, another client has its own count, and one made leaves room."""
    for deal in ("c1", "c2", "c3"):
        assert store.submit_job(review_key(deal, 30, 0), deal, "review/a", b"r", cap=3)
    assert store.reviews_waiting("review/a", "c4") == 3
    assert store.reviews_waiting("review/a", "c1") == 2  # its own deal not counted
    assert not store.submit_job(review_key("c4", 30, 0), "c4", "review/a", b"r", cap=3)
    assert not store.has_job(review_key("c4", 30, 0))  # refused: nothing queued
    # another seat of a deal waiting already, and the same review asked again: no new deal
    assert store.submit_job(review_key("c1", 30, 1), "c1", "review/a", b"r", cap=3)
    assert store.submit_job(review_key("c2", 30, 0), "c2", "review/a", b"r", cap=3)
    assert store.submit_job(review_key("c4", 30, 0), "c4", "review/b", b"r", cap=3)
    assert store.submit_job("c4/seat/3/1/7", "c4", "review/a", b"s")  # no cap: queued
    # one being made still waits; once made, there is room for another
    job = store.take_job("w/1")
    while job is not None and not job.key.startswith("c3/"):
        job = store.take_job("w/1")
    assert job is not None and store.reviews_waiting("review/a", "c5") == 3
    assert not store.submit_job(review_key("c5", 30, 0), "c5", "review/a", b"r", cap=3)
    store.finish_job(job.id, "{}")
    assert store.reviews_waiting("review/a", "c5") == 2
    assert store.submit_job(review_key("c5", 30, 0), "c5", "review/a", b"r", cap=3)
    assert store.has_job(review_key("c5", 30, 0))


def _submit_at_once(store: Store, client: str, deals: list[str]) -> list[bool]:
    """Each deal's review of `client` submitted with a cap of 3, from a thread per deal at once."""
    barrier = threading.Barrier(len(deals))
    answers: list[bool] = []

    def submit(deal: str) -> None:
        barrier.wait()
        answers.append(store.submit_job(review_key(deal, 30, 0), deal, client, b"r", 3))

    threads = [threading.Thread(target=submit, args=(deal,)) for deal in deals]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return answers


def test_reviews_submitted_at_once_never_pass_the_cap(store: Store) -> None:
    """Twelve deals' reviews of one client submitted at once from as many threads (a client
    asking for the reviews of a dozen finished deals together): three are queued, not more;
    three rounds, three clients."""
    for client in ("review/a", "review/b", "review/c"):
        deals = [f"{client[-1]}{i}" for i in range(12)]
        answers = _submit_at_once(store, client, deals)
        assert sorted(answers) == [False] * 9 + [True] * 3, client
        assert sum(store.has_job(review_key(deal, 30, 0)) for deal in deals) == 3
