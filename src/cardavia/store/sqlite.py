"""The SQLite store (stdlib sqlite3): one file, no server, WAL so readers never wait."""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import threading
from pathlib import Path

from cardavia.store.base import DealRow, StoreError, UnreadableRowError

SCHEMA = """
CREATE TABLE IF NOT EXISTS deals (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    seed INTEGER,
    dealer INTEGER,
    position TEXT,
    level TEXT NOT NULL,
    created TEXT NOT NULL DEFAULT (datetime('now')),
    previous TEXT,
    totals TEXT,
    ai_seed INTEGER
);
CREATE TABLE IF NOT EXISTS actions (
    deal_id TEXT NOT NULL REFERENCES deals(id),
    n INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (deal_id, n)
);
"""


log = logging.getLogger(__name__)
TABLES = {"deals", "actions"}


class SQLiteStore:
    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        # What an operator must hear of at start: a deals file found empty (reliability L6).
        self.warnings: list[str] = []
        try:
            self._open()
        except sqlite3.Error as err:  # a missing folder, a file that is not a database, ...
            raise StoreError(f"{self.path}: {err}") from None

    def _open(self) -> None:
        emptied = os.path.isfile(self.path) and os.path.getsize(self.path) == 0
        # One connection shared by the server's threads, serialised by a lock.
        self._conn = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()
        with self._lock:
            self._check_tables(emptied)
            self._conn.execute("PRAGMA journal_mode=WAL")
            # NORMAL in WAL mode: a committed action survives a crash or restart of the process.
            self._conn.execute("PRAGMA synchronous=NORMAL")
            self._conn.execute("PRAGMA foreign_keys=ON")
            self._conn.executescript(SCHEMA)
            columns = {row[1] for row in self._conn.execute("PRAGMA table_info(deals)")}
            # files made before these columns existed
            for column, kind in (("previous", "TEXT"), ("totals", "TEXT"), ("ai_seed", "INTEGER")):
                if column not in columns:
                    self._conn.execute(f"ALTER TABLE deals ADD COLUMN {column} {kind}")

    def _check_tables(self, emptied: bool) -> None:
        """Refuse a file that holds part of our tables or someone else's (one table lost, or
        the file replaced): recreating what is missing would silently restart or lose every
        deal. A file truncated to nothing starts afresh, but loudly."""
        found = {name for (name,) in self._conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
        if found and not found >= TABLES:
            self._conn.close()
            missing = ", ".join(sorted(TABLES - found))
            raise StoreError(f"{self.path}: the file has tables ({', '.join(sorted(found))}) "
                             f"but not {missing}: damaged, or not a Cardavia deals file; "
                             "restore it from a backup or start on a new file")
        if emptied:
            self.warnings.append(f"the deals file {self.path} was EMPTY (0 bytes): starting "
                                 "with no deals. If it held deals, stop the server and restore "
                                 "it from a backup (docs/operations.md).")
        for warning in self.warnings:
            log.warning(warning)

    def create(self, deal: DealRow) -> None:
        with self._lock:
            try:
                self._conn.execute("BEGIN")
                self._conn.execute(
                    "INSERT INTO deals (id, game, seed, dealer, position, level, previous, totals, "
                    "ai_seed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (deal.id, deal.game, deal.seed, deal.dealer,
                     json.dumps(deal.position) if deal.position is not None else None,
                     deal.level, deal.previous,
                     json.dumps(deal.totals) if deal.totals is not None else None, deal.ai_seed),
                )
                self._conn.executemany(
                    "INSERT INTO actions (deal_id, n, seat, action) VALUES (?, ?, ?, ?)",
                    [(deal.id, i, s, a) for i, (s, a) in enumerate(deal.actions)],
                )
                self._conn.execute("COMMIT")
            except BaseException as err:
                # Whatever failed, the shared connection must not stay inside the transaction,
                # or every later write fails. OverflowError: an int SQLite cannot hold.
                if self._conn.in_transaction:
                    self._conn.execute("ROLLBACK")
                if isinstance(err, sqlite3.Error | OverflowError):
                    raise StoreError(str(err)) from err
                raise

    def append_action(self, deal_id: str, index: int, seat: int, action: str) -> None:
        with self._lock:
            try:
                self._conn.execute(
                    "INSERT INTO actions (deal_id, n, seat, action) VALUES (?, ?, ?, ?)",
                    (deal_id, index, seat, action),
                )
            except (sqlite3.Error, OverflowError) as err:
                raise StoreError(str(err)) from err

    def load(self, deal_id: str) -> DealRow | None:
        with self._lock:
            try:
                row = self._conn.execute(
                    "SELECT id, game, seed, dealer, position, level, previous, totals, ai_seed "
                    "FROM deals WHERE id = ?",
                    (deal_id,),
                ).fetchone()
                if row is None:
                    return None
                actions = self._conn.execute(
                    "SELECT seat, action FROM actions WHERE deal_id = ? ORDER BY n", (deal_id,)
                ).fetchall()
            except sqlite3.DatabaseError as err:  # damaged pages, a table of another shape
                raise StoreError(str(err)) from err
        try:
            return DealRow(str(row[0]), str(row[1]), row[2], row[3],
                           json.loads(row[4]) if row[4] is not None else None, str(row[5]),
                           [(int(s), str(a)) for s, a in actions], row[6],
                           json.loads(row[7]) if row[7] is not None else None,
                           None if row[8] is None else int(row[8]))
        # JSON that does not parse or nests too deep, a seat of text
        except (ValueError, TypeError, RecursionError) as err:
            raise UnreadableRowError(f"{deal_id}: {err}") from err

    def ping(self) -> None:
        with self._lock:
            try:
                self._conn.execute("SELECT 1 FROM deals LIMIT 1").fetchall()
            except sqlite3.Error as err:
                raise StoreError(str(err)) from err

    def close(self) -> None:
        with self._lock:
            self._conn.close()
