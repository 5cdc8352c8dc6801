"""The queue of AI jobs in the store (architecture.md §7), on both backends: one job per key,
clients take turns (reliability review H2), a lease that runs out lets another worker take a
job, the first result stays, and every change is announced."""

from __future__ import annotations

import threading
import time

from cardavia.store.base import MAX_TRIES, Store


def _submit(store: Store, key: str, client: str) -> None:
    store.submit_job(key, "deal", client, key.encode())


def test_a_key_is_one_job_and_its_result_stays(store: Store) -> None:
    _submit(store, "d/seat/3/1/7", "a")
    _submit(store, "d/seat/3/1/7", "b")  # another process asks for the same decision
    job = store.take_job("w1")
    assert job is not None and job.key == "d/seat/3/1/7" and job.payload == b"d/seat/3/1/7"
    assert store.take_job("w2") is None  # one job, and it is leased
    assert store.job_result(job.key) is None
    store.finish_job(job.id, '{"action": "pass"}')
    store.finish_job(job.id, '{"action": "other"}')  # a second worker's late answer
    assert store.job_result(job.key) == '{"action": "pass"}'
    _submit(store, "d/seat/3/1/7", "a")  # asked again once answered: no new search
    assert store.take_job("w1") is None
    assert store.job_result("unknown") is None


def test_clients_take_turns(store: Store) -> None:
    """A client with six jobs queued, then two others with one each: each newcomer waits for
    at most one of the flooder's jobs."""
    for i in range(6):
        _submit(store, f"flood{i}", "flooder")
    _submit(store, "player", "player")
    _submit(store, "other", "other")
    order = []
    while (job := store.take_job("w")) is not None:
        order.append(job.key)
        store.finish_job(job.id, "{}")
    assert order[:3] == ["flood0", "player", "other"]
    assert order[3:] == [f"flood{i}" for i in range(1, 6)]


def test_a_lapsed_lease_lets_another_worker_take_the_job(store: Store) -> None:
    _submit(store, "k", "a")
    # leases of seconds: a loaded machine may stall a statement for a fraction of one
    first = store.take_job("dead", lease_s=2)  # a worker killed mid-search
    assert first is not None
    assert store.take_job("w2", lease_s=2) is None
    time.sleep(2.5)
    again = store.take_job("w2", lease_s=5)
    assert again is not None and again.id == first.id
    assert not store.renew_job(first.id, "dead")  # the dead worker's lease is gone
    assert store.renew_job(again.id, "w2")


def test_a_renewed_lease_keeps_the_job(store: Store) -> None:
    _submit(store, "k", "a")
    job = store.take_job("w1", lease_s=2.5)
    assert job is not None
    # 4 s in all: the first lease alone would have lapsed; each renewal comes 1.5 s early, so
    # a loaded machine's stall of a statement does not let one lapse
    for _ in range(4):
        time.sleep(1)
        assert store.renew_job(job.id, "w1", lease_s=2.5)
    assert store.take_job("w2") is None


def test_a_released_job_is_taken_at_once(store: Store) -> None:
    _submit(store, "k", "a")
    job = store.take_job("w1", lease_s=60)
    assert job is not None
    store.release_job(job.id, "w1")
    again = store.take_job("w2")
    assert again is not None and again.id == job.id


def test_a_job_that_kills_its_workers_is_given_up(store: Store) -> None:
    _submit(store, "poison", "a")
    for _ in range(MAX_TRIES):
        assert store.take_job("w", lease_s=0.01) is not None
        time.sleep(0.05)
    assert store.take_job("w", lease_s=0.01) is None


def test_workers_taking_at_once_get_different_jobs(store: Store) -> None:
    for i in range(40):
        _submit(store, f"k{i}", f"c{i % 5}")
    taken: list[str] = []
    lock = threading.Lock()

    def work(name: str) -> None:
        while (job := store.take_job(name)) is not None:
            with lock:
                taken.append(job.key)
            store.finish_job(job.id, "{}")

    threads = [threading.Thread(target=work, args=(f"w{i}",)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(taken) == sorted(f"k{i}" for i in range(40))


def test_old_jobs_are_pruned(store: Store) -> None:
    _submit(store, "k", "a")
    assert store.prune_jobs(3600) == 0
    time.sleep(0.05)
    assert store.prune_jobs(0.01) == 1
    assert store.take_job("w") is None and store.job_result("k") is None


def test_every_change_is_announced(store: Store) -> None:
    heard: list[tuple[str, str]] = []
    got = threading.Event()

    def listener(channel: str, payload: str) -> None:
        heard.append((channel, payload))
        if channel == "done":
            got.set()

    unsubscribe = store.subscribe(listener)
    deadline = time.monotonic() + 10  # a PostgreSQL listener connects in its own thread
    while not store.listening() and time.monotonic() < deadline:
        time.sleep(0.02)
    assert store.listening()
    from cardavia.store.base import DealRow

    store.create(DealRow("d1", "sisepai", 1, None, None, "normal"))
    store.append_action("d1", 0, 1, "pass")
    _submit(store, "d1/seat/1/2/3", "a")
    job = store.take_job("w")
    assert job is not None
    store.finish_job(job.id, "{}")
    assert got.wait(5)
    assert ("deal", "d1") in heard and ("job", "") in heard
    assert ("done", "d1/seat/1/2/3") in heard
    unsubscribe()


def test_a_job_nobody_waits_for_is_dropped_unless_taken(store: Store) -> None:
    _submit(store, "queued", "a")
    _submit(store, "taken", "a")
    store.drop_job("queued")
    job = store.take_job("w")
    assert job is not None and job.key == "taken"
    store.drop_job("taken")  # a worker searches it already: its answer is kept
    store.finish_job(job.id, "{}")
    assert store.job_result("taken") == "{}" and store.take_job("w") is None


def test_a_finished_job_retried_is_taken_again(store: Store) -> None:
    """A failed review asked for again (`retry_job`): its result is forgotten, a worker takes it
    anew, and the new result stays; a job still waiting or running is left as it is."""
    _submit(store, "d/review/9/0", "a")
    store.retry_job("d/review/9/0")  # not finished: nothing to retry
    job = store.take_job("w1")
    assert job is not None
    store.retry_job("d/review/9/0")  # running: left to its worker
    assert store.take_job("w2") is None
    store.finish_job(job.id, '{"error": "search failed"}')
    store.retry_job("d/review/9/0")
    assert store.job_result("d/review/9/0") is None
    again = store.take_job("w2")
    assert again is not None and again.key == "d/review/9/0" and again.id == job.id
    store.finish_job(again.id, '{"moves": []}')
    assert store.job_result("d/review/9/0") == '{"moves": []}'
    store.retry_job("unknown")


def test_a_capped_client_leaves_a_search_free_for_others(store: Store) -> None:
    """With `cap`, a worker process never gives one client all of its searches."""
    for i in range(5):
        _submit(store, f"flood{i}", "flooder")
    first = store.take_job("proc/0", group="proc", cap=1)
    assert first is not None and first.client == "flooder"
    assert store.take_job("proc/1", group="proc", cap=1) is None  # kept free
    _submit(store, "player", "player")
    second = store.take_job("proc/1", group="proc", cap=1)
    assert second is not None and second.key == "player"
    other = store.take_job("elsewhere/0", group="elsewhere", cap=1)  # another worker process
    assert other is not None and other.client == "flooder"
    store.finish_job(first.id, "{}")
    again = store.take_job("proc/0", group="proc", cap=1)
    assert again is not None and again.client == "flooder"
