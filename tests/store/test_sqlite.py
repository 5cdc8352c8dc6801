"""The stores: a failed write changes nothing and leaves the store usable.

The tests with a `store` run on SQLite and on PostgreSQL (tests/store/conftest.py); the ones
about the SQLite file (emptied, replaced, damaged) on SQLite only; PostgreSQL's own are in
test_postgres.py.
"""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest

from cardavia.store.base import DealRow, Store, StoreError, UnreadableRowError
from cardavia.store.sqlite import SQLiteStore


def _row(deal_id: str, seed: int | None = 7, **extra: object) -> DealRow:
    return DealRow(deal_id, "sisepai", seed, None, None, "easy", **extra)  # type: ignore[arg-type]


def test_a_deal_and_its_actions_come_back(store: Store) -> None:
    store.create(_row("a", actions=[(0, "pass")], totals=[1, -1, 0, 0]))
    store.append_action("a", 1, 2, "discard rC")
    row = store.load("a")
    assert row is not None
    assert (row.seed, row.actions, row.totals) == (
        7,
        [(0, "pass"), (2, "discard rC")],
        [1, -1, 0, 0],
    )
    assert store.load("b") is None


def test_an_action_number_is_taken_once(store: Store) -> None:
    store.create(_row("a"))
    store.append_action("a", 0, 0, "pass")
    with pytest.raises(StoreError):
        store.append_action("a", 0, 1, "win")
    row = store.load("a")
    assert row is not None and row.actions == [(0, "pass")]


@pytest.mark.parametrize(
    "bad",
    [
        _row("bad", seed=2**63),  # more than an SQLite INTEGER (a bigint) holds
        _row("bad", actions=[(0, "pass"), (0, None)]),  # NOT NULL fails after the deal row
        _row("a"),  # the id is taken
    ],
)
def test_a_failed_create_stores_nothing_and_the_store_goes_on(store: Store, bad: DealRow) -> None:
    store.create(_row("a"))
    with pytest.raises(StoreError):
        store.create(bad)
    assert bad.id == "a" or store.load(bad.id) is None
    # The connection is not left inside the failed transaction: later writes go through.
    store.create(_row("c"))
    store.append_action("a", 0, 0, "pass")
    row = store.load("a")
    assert row is not None and row.actions == [(0, "pass")] and store.load("c") is not None


def test_an_unexpected_failure_inside_create_rolls_back_too(store: Store) -> None:
    with pytest.raises(TypeError):  # a position that is not JSON
        store.create(DealRow("p", "sisepai", None, None, {"hands": {1, 2}}, "easy"))
    assert store.load("p") is None
    store.create(_row("p"))
    assert store.load("p") is not None


def test_every_field_comes_back_as_it_was(store: Store) -> None:
    position = {"zeta": [1, 2], "alpha": {"b": None, "a": "紅"}, "n": 1.5}
    deal = DealRow(
        "full",
        "nantong",
        2**63 - 1,
        3,
        position,
        "hard",
        [(0, "pass"), (3, "discard rC")],
        previous="before",
        totals=[5, -5, 0, 0],
        ai_seed=2**63 - 1,
    )
    store.create(deal)
    row = store.load("full")
    assert row == deal
    assert row is not None and list(row.position or {}) == ["zeta", "alpha", "n"]  # key order
    store.create(_row("bare", seed=None))
    assert store.load("bare") == _row("bare", seed=None)


@pytest.mark.parametrize("deal_id", ["", "x" * 5000, "a\x00b", "紅", "' OR 1=1 --"])
def test_an_id_that_was_never_stored_is_none(store: Store, deal_id: str) -> None:
    store.create(_row("a"))
    assert store.load(deal_id) is None


def test_threads_write_and_read_at_once(store: Store) -> None:
    """The table layer calls the store from worker threads: every write lands once, and the
    race for one action number has one winner."""
    for d in range(4):
        store.create(_row(f"d{d}"))
    won: list[int] = []
    failed: list[BaseException] = []

    def play(deal: str, seat: int) -> None:
        try:
            for n in range(30):
                try:
                    store.append_action(deal, n, seat, f"act {n}")
                    won.append(seat)
                except StoreError:  # the other thread took this number
                    pass
                assert store.load(deal) is not None
        except BaseException as err:  # pragma: no cover - reported below
            failed.append(err)

    threads = [
        threading.Thread(target=play, args=(f"d{d}", seat)) for d in range(4) for seat in (0, 1)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failed == [] and len(won) == 4 * 30
    for d in range(4):
        row = store.load(f"d{d}")
        assert row is not None
        assert [a for _, a in row.actions] == [f"act {n}" for n in range(30)]


# Reliability review L6: an emptied or replaced deals file is noticed at start.
def test_an_emptied_file_starts_loudly(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "deals.db"
    store = SQLiteStore(path)
    store.create(_row("a"))
    store.close()
    path.write_bytes(b"")
    for suffix in ("-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    with caplog.at_level("WARNING"):
        store = SQLiteStore(path)
    assert store.warnings and "EMPTY" in store.warnings[0]
    assert any("EMPTY" in r.message for r in caplog.records)
    assert store.load("a") is None
    # a new file is no news
    assert SQLiteStore(tmp_path / "new.db").warnings == []


@pytest.mark.parametrize(
    "damage",
    [
        "DROP TABLE actions",
        "DROP TABLE deals",
        "DROP TABLE actions; DROP TABLE deals; CREATE TABLE notes (x)",
    ],
)
def test_a_file_missing_our_tables_is_refused(tmp_path: Path, damage: str) -> None:
    path = tmp_path / "deals.db"
    store = SQLiteStore(path)
    store.create(_row("a", actions=[(0, "pass")]))
    store.close()
    with sqlite3.connect(path) as conn:
        conn.executescript(damage)
    with pytest.raises(StoreError, match="not a Cardavia deals file"):
        SQLiteStore(path)


# M7: a damaged value reads as an unreadable row, a damaged table as a store error.
def test_damaged_rows_and_tables(tmp_path: Path) -> None:
    path = tmp_path / "deals.db"
    store = SQLiteStore(path)
    store.create(_row("a"))
    store.create(_row("b"))
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE deals SET totals = '[1,' WHERE id = 'a'")
    with pytest.raises(UnreadableRowError):
        store.load("a")
    assert store.load("b") is not None


def test_a_value_nested_too_deep_is_an_unreadable_row(tmp_path: Path) -> None:
    path = tmp_path / "deals.db"
    store = SQLiteStore(path)
    store.create(_row("a"))
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE deals SET position = ? WHERE id = 'a'", ("[" * 100_000,))
    with pytest.raises(UnreadableRowError):
        store.load("a")


def _steps_to_take_a_job(tmp_path: Path, queued: int) -> int:
    """SQLite's virtual-machine steps (counted in thousands) for a capped worker to take a job
    while one client has `queued` jobs waiting and one running: the work, not the time."""
    store = SQLiteStore(tmp_path / f"jobs{queued}.db")
    for i in range(queued + 1):
        store.submit_job(f"d{i}/review/1/0", f"d{i}", "review/flooder", b"x")
    assert store.take_job("proc/0", group="proc", cap=2) is not None
    steps = [0]

    def count() -> int:
        steps[0] += 1
        return 0

    store._conn.set_progress_handler(count, 1000)
    assert store.take_job("proc/1", group="proc", cap=2) is not None
    store._conn.set_progress_handler(None, 0)
    store.close()
    return steps[0]


def test_a_capped_worker_takes_a_job_in_work_that_grows_with_the_queue_not_its_square(
    tmp_path: Path,
) -> None:
    """Reliability finding (2026-12-05): the cap's count of a client's running jobs was made
    once per queued job, and took seconds with the store locked behind a client's thousands of
    queued reviews (14 s at 2,000). Twice the queue is now about twice the work, not four
    times."""
    small, large = _steps_to_take_a_job(tmp_path, 400), _steps_to_take_a_job(tmp_path, 800)
    assert large < 2.6 * small, (small, large)
