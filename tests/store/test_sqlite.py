"""The SQLite store: a failed write changes nothing and leaves the store usable."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from cardavia.store.base import DealRow, StoreError, UnreadableRowError
from cardavia.store.sqlite import SQLiteStore


def _row(deal_id: str, seed: int | None = 7, **extra: object) -> DealRow:
    return DealRow(deal_id, "sisepai", seed, None, None, "easy", **extra)  # type: ignore[arg-type]


@pytest.fixture
def store(tmp_path: Path) -> SQLiteStore:
    return SQLiteStore(tmp_path / "deals.db")


def test_a_deal_and_its_actions_come_back(store: SQLiteStore) -> None:
    store.create(_row("a", actions=[(0, "pass")], totals=[1, -1, 0, 0]))
    store.append_action("a", 1, 2, "discard rC")
    row = store.load("a")
    assert row is not None
    assert (row.seed, row.actions, row.totals) == (7, [(0, "pass"), (2, "discard rC")],
                                                   [1, -1, 0, 0])
    assert store.load("b") is None


def test_an_action_number_is_taken_once(store: SQLiteStore) -> None:
    store.create(_row("a"))
    store.append_action("a", 0, 0, "pass")
    with pytest.raises(StoreError):
        store.append_action("a", 0, 1, "win")
    row = store.load("a")
    assert row is not None and row.actions == [(0, "pass")]


@pytest.mark.parametrize("bad", [
    _row("bad", seed=2**63),  # more than an SQLite INTEGER holds: OverflowError inside
    _row("bad", actions=[(0, "pass"), (0, None)]),  # NOT NULL fails after the deal row
    _row("a"),  # the id is taken
])
def test_a_failed_create_stores_nothing_and_the_store_goes_on(store: SQLiteStore,
                                                             bad: DealRow) -> None:
    store.create(_row("a"))
    with pytest.raises(StoreError):
        store.create(bad)
    assert bad.id == "a" or store.load(bad.id) is None
    # The connection is not left inside the failed transaction: later writes go through.
    store.create(_row("c"))
    store.append_action("a", 0, 0, "pass")
    row = store.load("a")
    assert row is not None and row.actions == [(0, "pass")] and store.load("c") is not None


def test_an_unexpected_failure_inside_create_rolls_back_too(store: SQLiteStore) -> None:
    with pytest.raises(TypeError):  # a position that is not JSON
        store.create(DealRow("p", "sisepai", None, None, {"hands": {1, 2}}, "easy"))
    assert store.load("p") is None
    store.create(_row("p"))
    assert store.load("p") is not None


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


@pytest.mark.parametrize("damage", [
    "DROP TABLE actions",
    "DROP TABLE deals",
    "DROP TABLE actions; DROP TABLE deals; CREATE TABLE notes (x)",
])
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
