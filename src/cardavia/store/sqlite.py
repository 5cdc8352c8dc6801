"""The SQLite store (stdlib sqlite3): one file, no server, WAL so readers never wait.

The file is one server's (`shared` is False): its announcements reach that process's own
subscribers, called right after the write that makes them.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from cardavia.store.base import (
    LEASE_S,
    MAX_TRIES,
    REVIEW_KEYS,
    SEAT_COLUMNS,
    WANT_EVERY_S,
    WANTED_S,
    ConflictError,
    DealRow,
    Invite,
    Job,
    Listener,
    NameCheck,
    SeatRow,
    StoreError,
    UnreadableRowError,
    holds_other_seat,
    name_refused,
    seat_rows,
    totals_of,
)

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
CREATE TABLE IF NOT EXISTS seats (
    deal_id TEXT NOT NULL REFERENCES deals(id),
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    token_hash TEXT,
    name TEXT,
    invite_hash TEXT,
    away INTEGER NOT NULL DEFAULT 0,
    deadline REAL,
    PRIMARY KEY (deal_id, seat)
);
CREATE TABLE IF NOT EXISTS jobs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    key TEXT NOT NULL UNIQUE,
    deal_id TEXT NOT NULL,
    client TEXT NOT NULL,
    payload BLOB NOT NULL,
    created REAL NOT NULL,
    worker TEXT,
    lease_until REAL,
    tries INTEGER NOT NULL DEFAULT 0,
    result TEXT,
    finished REAL
);
CREATE INDEX IF NOT EXISTS jobs_open ON jobs (finished, id);
CREATE INDEX IF NOT EXISTS jobs_client ON jobs (client, finished);
CREATE TABLE IF NOT EXISTS job_clients (
    client TEXT PRIMARY KEY,
    served INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS reviews (
    deal_id TEXT NOT NULL REFERENCES deals(id),
    seat INTEGER NOT NULL,
    review TEXT NOT NULL,
    created REAL NOT NULL,
    PRIMARY KEY (deal_id, seat)
);
"""
# After the columns they index, which files made before them gain at open.
INDEXES = """
CREATE UNIQUE INDEX IF NOT EXISTS seats_invite ON seats (invite_hash)
    WHERE invite_hash IS NOT NULL;
CREATE INDEX IF NOT EXISTS seats_deadline ON seats (deadline) WHERE deadline IS NOT NULL;
CREATE INDEX IF NOT EXISTS deals_previous ON deals (previous) WHERE previous IS NOT NULL;
"""


log = logging.getLogger(__name__)
T = TypeVar("T")
TABLES = {"deals", "actions"}
SEATS_QUERY = f"SELECT {SEAT_COLUMNS} FROM seats WHERE deal_id = ? ORDER BY seat"


# the deal and seat of an invite code (found by its hash): its preview, and a join's first step
FIND_INVITE = "SELECT deal_id, seat FROM seats WHERE invite_hash = ?"


class SQLiteStore:
    shared = False

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._listeners: list[Listener] = []
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
            # files made before these columns existed
            for table, column, kind in (
                ("deals", "previous", "TEXT"),
                ("deals", "totals", "TEXT"),
                ("deals", "ai_seed", "INTEGER"),
                ("deals", "allowance", "REAL"),
                ("seats", "invite_hash", "TEXT"),
                ("seats", "away", "INTEGER NOT NULL DEFAULT 0"),
                ("seats", "deadline", "REAL"),
                ("actions", "for_away", "INTEGER NOT NULL DEFAULT 0"),
            ):
                columns = {row[1] for row in self._conn.execute(f"PRAGMA table_info({table})")}
                if column not in columns:
                    self._conn.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")
            self._conn.executescript(INDEXES)

    def _check_tables(self, emptied: bool) -> None:
        """Refuse a file that holds part of our tables or someone else's (one table lost, or
        the file replaced): recreating what is missing would silently restart or lose every
        deal. A file truncated to nothing starts afresh, but loudly."""
        found = {
            name
            for (name,) in self._conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        }
        if found and not found >= TABLES:
            self._conn.close()
            missing = ", ".join(sorted(TABLES - found))
            raise StoreError(
                f"{self.path}: the file has tables ({', '.join(sorted(found))}) "
                f"but not {missing}: damaged, or not a Cardavia deals file; "
                "restore it from a backup or start on a new file"
            )
        if emptied:
            self.warnings.append(
                f"the deals file {self.path} was EMPTY (0 bytes): starting "
                "with no deals. If it held deals, stop the server and restore "
                "it from a backup (docs/operations.md)."
            )
        for warning in self.warnings:
            log.warning(warning)

    def create(self, deal: DealRow) -> None:
        def insert(c: sqlite3.Connection) -> None:
            c.execute(
                "INSERT INTO deals (id, game, seed, dealer, position, level, previous, totals, "
                "ai_seed, allowance) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    deal.id,
                    deal.game,
                    deal.seed,
                    deal.dealer,
                    json.dumps(deal.position) if deal.position is not None else None,
                    deal.level,
                    deal.previous,
                    json.dumps(deal.totals) if deal.totals is not None else None,
                    deal.ai_seed,
                    deal.allowance,
                ),
            )
            c.executemany(
                "INSERT INTO actions (deal_id, n, seat, action) VALUES (?, ?, ?, ?)",
                [(deal.id, i, s, a) for i, (s, a) in enumerate(deal.actions)],
            )
            if deal.seats is not None:
                _insert_seats(c, deal.id, deal.seats)

        self._write(insert)

    def seats(self, deal_id: str) -> list[SeatRow] | None:
        rows = self._read(SEATS_QUERY, (deal_id,))
        try:
            return seat_rows(rows)
        except (ValueError, TypeError) as err:
            raise UnreadableRowError(f"{deal_id}: {err}") from err

    def find_invite(self, invite_hash: str) -> tuple[str, int] | None:
        rows = self._read(FIND_INVITE, (invite_hash,))
        return (str(rows[0][0]), int(rows[0][1])) if rows else None

    def take_invite(
        self,
        invite_hash: str,
        token_hash: str,
        name: str | None,
        check: NameCheck | None = None,
        holder: str | None = None,
    ) -> Invite | None:
        def take(c: sqlite3.Connection) -> Invite | None:
            row = c.execute(FIND_INVITE, (invite_hash,)).fetchone()
            if row is None:
                return None
            # in the write's transaction (BEGIN IMMEDIATE): no other join comes between
            seats = seat_rows(c.execute(SEATS_QUERY, (row[0],)).fetchall())
            if holds_other_seat(seats, int(row[1]), holder):
                return Invite(str(row[0]), int(row[1]), False, held=True)
            if check is not None and name is not None:
                refused = name_refused(int(row[1]), seats, check)
                if refused is not None:
                    return Invite(str(row[0]), int(row[1]), False, refused)
            taken = c.execute(
                "UPDATE seats SET token_hash = ?, name = ? WHERE deal_id = ? AND seat = ? "
                "AND kind = 'human' AND token_hash IS NULL",
                (token_hash, name, row[0], row[1]),
            ).rowcount
            return Invite(str(row[0]), int(row[1]), bool(taken))

        found = self._write(take)
        if found is not None and found.taken:
            self._announce("deal", found.deal_id)
        return found

    def fill_seats(self, deal_id: str) -> bool:
        filled = self._write(
            lambda c: (
                c.execute(
                    "UPDATE seats SET kind = 'ai' WHERE deal_id = ? AND kind = 'human' "
                    "AND token_hash IS NULL AND invite_hash IS NOT NULL",
                    (deal_id,),
                ).rowcount
            )
        )
        if filled:
            self._announce("deal", deal_id)
        return bool(filled)

    def set_away(self, deal_id: str, seat: int, away: bool) -> None:
        self._write(
            lambda c: c.execute(
                "UPDATE seats SET away = ? WHERE deal_id = ? AND seat = ?",
                (int(away), deal_id, seat),
            )
        )
        self._announce("deal", deal_id)

    def set_deadlines(self, deal_id: str, deadlines: dict[int, float | None]) -> None:
        self._write(
            lambda c: c.executemany(
                "UPDATE seats SET deadline = ? WHERE deal_id = ? AND seat = ?",
                [(at, deal_id, seat) for seat, at in deadlines.items()],
            )
        )

    def due_deals(self, now: float) -> list[str]:
        rows = self._read(
            "SELECT DISTINCT deal_id FROM seats WHERE deadline IS NOT NULL AND deadline <= ?",
            (now,),
        )
        return [str(r[0]) for r in rows]

    def next_deal(self, deal_id: str) -> str | None:
        rows = self._read(
            "SELECT id FROM deals WHERE previous = ? ORDER BY rowid LIMIT 1", (deal_id,)
        )
        return str(rows[0][0]) if rows else None

    def claim_seats(self, deal_id: str, seats: list[SeatRow]) -> bool:
        def claim(c: sqlite3.Connection) -> bool:
            if c.execute("SELECT 1 FROM seats WHERE deal_id = ?", (deal_id,)).fetchone():
                return False
            _insert_seats(c, deal_id, seats)
            return True

        return self._write(claim)

    def append_action(
        self, deal_id: str, index: int, seat: int, action: str, for_away: bool = False
    ) -> None:
        with self._lock:
            try:
                self._conn.execute(
                    "INSERT INTO actions (deal_id, n, seat, action, for_away) "
                    "VALUES (?, ?, ?, ?, ?)",
                    (deal_id, index, seat, action, int(for_away)),
                )
            except sqlite3.IntegrityError as err:
                if "UNIQUE" in str(err) or "PRIMARY KEY" in str(err):
                    raise ConflictError(f"{deal_id}: action {index} is taken") from err
                raise StoreError(str(err)) from err
            except (sqlite3.Error, OverflowError) as err:
                raise StoreError(str(err)) from err
        self._announce("deal", deal_id)

    def actions_since(self, deal_id: str, index: int) -> list[tuple[int, str]]:
        rows = self._read(
            "SELECT seat, action FROM actions WHERE deal_id = ? AND n >= ? ORDER BY n",
            (deal_id, index),
        )
        return [(int(s), str(a)) for s, a in rows]

    def _read(self, query: str, params: tuple[Any, ...] = ()) -> list[Any]:
        with self._lock:
            try:
                return self._conn.execute(query, params).fetchall()
            except (sqlite3.Error, OverflowError) as err:
                raise StoreError(str(err)) from err

    def _write(self, statements: Callable[[sqlite3.Connection], T]) -> T:
        """Run `statements` in one transaction that takes the write lock first."""
        with self._lock:
            try:
                self._conn.execute("BEGIN IMMEDIATE")
                value = statements(self._conn)
                self._conn.execute("COMMIT")
                return value
            except BaseException as err:
                # Whatever failed, the shared connection must not stay inside the transaction,
                # or every later write fails. OverflowError: an int SQLite cannot hold.
                if self._conn.in_transaction:
                    self._conn.execute("ROLLBACK")
                if isinstance(err, sqlite3.Error | OverflowError):
                    raise StoreError(str(err)) from err
                raise

    def submit_job(
        self, key: str, deal_id: str, client: str, payload: bytes, cap: int | None = None
    ) -> bool:
        def submit(c: sqlite3.Connection) -> tuple[bool, int]:
            if cap is not None:  # in the write's transaction: no other submit comes between
                if c.execute("SELECT 1 FROM jobs WHERE key = ?", (key,)).fetchone():
                    return True, 0
                if _reviews_waiting(c, client, deal_id) >= cap:
                    return False, 0
            added = c.execute(
                "INSERT OR IGNORE INTO jobs (key, deal_id, client, payload, created) "
                "VALUES (?, ?, ?, ?, ?)",
                (key, deal_id, client, payload, time.time()),
            ).rowcount
            return True, added

        queued, added = self._write(submit)
        if added:
            self._announce("job", "")
        return queued

    def has_job(self, key: str) -> bool:
        return bool(self._read("SELECT 1 FROM jobs WHERE key = ?", (key,)))

    def reviews_waiting(self, client: str, deal_id: str) -> int:
        with self._lock:
            try:
                return _reviews_waiting(self._conn, client, deal_id)
            except sqlite3.Error as err:
                raise StoreError(str(err)) from err

    def take_job(
        self,
        worker: str,
        lease_s: float = LEASE_S,
        group: str | None = None,
        cap: int | None = None,
        reviews: bool = True,
    ) -> Job | None:
        def take(c: sqlite3.Connection) -> Job | None:
            now = time.time()
            row = c.execute(
                # the clients at the cap, counted once: a count per candidate job took
                # seconds over a client's thousands of queued reviews, the store locked
                "WITH capped AS (SELECT client FROM jobs WHERE ? IS NOT NULL "
                "AND finished IS NULL AND lease_until >= ? AND worker LIKE ? || '/%' "
                "GROUP BY client HAVING count(*) >= ?) "
                "SELECT j.id, j.key, j.client, j.payload FROM jobs j "
                "LEFT JOIN job_clients u ON u.client = j.client "
                "WHERE j.finished IS NULL AND j.tries < ? "
                "AND (j.lease_until IS NULL OR j.lease_until < ?) "
                "AND j.client NOT IN (SELECT client FROM capped) "
                "AND (? OR j.key NOT LIKE ?) "
                # moves and hints first, fairly among clients, oldest first; reviews last, those
                # someone waits for (queued or asked for lately) first, then the one queued or
                # asked for last first, each fairly among clients (base.py)
                "ORDER BY j.key LIKE ?, j.key LIKE ? AND j.created < ?, coalesce(u.served, 0), "
                "CASE WHEN j.key LIKE ? THEN -j.created ELSE j.id END, j.id DESC LIMIT 1",
                (
                    *(cap, now, group or "", cap, MAX_TRIES, now, reviews, REVIEW_KEYS),
                    *(REVIEW_KEYS, REVIEW_KEYS, now - WANTED_S, REVIEW_KEYS),
                ),
            ).fetchone()
            if row is None:
                return None
            c.execute(
                "UPDATE jobs SET worker = ?, lease_until = ?, tries = tries + 1 WHERE id = ?",
                (worker, now + lease_s, row[0]),
            )
            c.execute(
                "INSERT INTO job_clients (client, served) VALUES (?, "
                "(SELECT coalesce(max(served), 0) + 1 FROM job_clients)) "
                "ON CONFLICT (client) DO UPDATE SET served = excluded.served",
                (row[2],),
            )
            return Job(int(row[0]), str(row[1]), str(row[2]), bytes(row[3]))

        return self._write(take)

    def renew_job(self, job_id: int, worker: str, lease_s: float = LEASE_S) -> bool:
        return bool(
            self._write(
                lambda c: (
                    c.execute(
                        "UPDATE jobs SET lease_until = ? WHERE id = ? AND worker = ?"
                        " AND finished IS NULL",
                        (time.time() + lease_s, job_id, worker),
                    ).rowcount
                )
            )
        )

    def release_job(self, job_id: int, worker: str) -> None:
        released = self._write(
            lambda c: (
                c.execute(
                    "UPDATE jobs SET worker = NULL, lease_until = NULL, tries = tries - 1 "
                    "WHERE id = ? AND worker = ? AND finished IS NULL",
                    (job_id, worker),
                ).rowcount
            )
        )
        if released:
            self._announce("job", "")

    def finish_job(self, job_id: int, result: str) -> None:
        key = self._write(
            lambda c: c.execute(
                "UPDATE jobs SET result = ?, finished = ? WHERE id = ? AND finished IS NULL "
                "RETURNING key",
                (result, time.time(), job_id),
            ).fetchone()
        )
        if key:
            self._announce("done", str(key[0]))

    def job_result(self, key: str) -> str | None:
        rows = self._read("SELECT result FROM jobs WHERE key = ?", (key,))
        return None if not rows or rows[0][0] is None else str(rows[0][0])

    def drop_job(self, key: str) -> None:
        self._write(
            lambda c: c.execute(
                "DELETE FROM jobs WHERE key = ? AND worker IS NULL AND finished IS NULL", (key,)
            )
        )

    def want_job(self, key: str) -> None:
        now = time.time()
        wanted = (key, now - WANT_EVERY_S)
        # read first: most asks find it wanted lately, and need not take the write lock
        if self._read(
            "SELECT 1 FROM jobs WHERE key = ? AND finished IS NULL AND created < ?", wanted
        ):
            self._write(
                lambda c: c.execute(
                    "UPDATE jobs SET created = ? WHERE key = ? AND finished IS NULL "
                    "AND created < ?",
                    (now, *wanted),
                )
            )

    def retry_job(self, key: str) -> None:
        again = self._write(
            lambda c: (
                c.execute(
                    "UPDATE jobs SET worker = NULL, lease_until = NULL, result = NULL, "
                    "finished = NULL, created = ? WHERE key = ? AND finished IS NOT NULL",
                    (time.time(), key),
                ).rowcount
            )
        )
        if again:
            self._announce("job", "")

    def prune_jobs(self, older_than_s: float) -> int:
        return self._write(
            lambda c: (
                c.execute(
                    "DELETE FROM jobs WHERE created < ?", (time.time() - older_than_s,)
                ).rowcount
            )
        )

    def save_review(self, deal_id: str, seat: int, review: str) -> None:
        self._write(
            lambda c: c.execute(
                "INSERT OR IGNORE INTO reviews (deal_id, seat, review, created) "
                "VALUES (?, ?, ?, ?)",
                (deal_id, seat, review, time.time()),
            )
        )

    def load_review(self, deal_id: str, seat: int) -> str | None:
        rows = self._read(
            "SELECT review FROM reviews WHERE deal_id = ? AND seat = ?", (deal_id, seat)
        )
        return str(rows[0][0]) if rows else None

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def listening(self) -> bool:
        return True  # its only writer is this process, which announces every write

    def _announce(self, channel: str, payload: str) -> None:
        for listener in list(self._listeners):
            try:
                listener(channel, payload)
            except Exception:  # a subscriber's bug must not fail the write it follows
                log.exception("a store subscriber failed")

    def load(self, deal_id: str) -> DealRow | None:
        with self._lock:
            try:
                row = self._conn.execute(
                    "SELECT id, game, seed, dealer, position, level, previous, totals, ai_seed, "
                    "allowance FROM deals WHERE id = ?",
                    (deal_id,),
                ).fetchone()
                if row is None:
                    return None
                actions = self._conn.execute(
                    "SELECT seat, action, for_away FROM actions WHERE deal_id = ? ORDER BY n",
                    (deal_id,),
                ).fetchall()
                seats = self._conn.execute(SEATS_QUERY, (deal_id,)).fetchall()
            except sqlite3.DatabaseError as err:  # damaged pages, a table of another shape
                raise StoreError(str(err)) from err
        try:
            return DealRow(
                str(row[0]),
                str(row[1]),
                row[2],
                row[3],
                json.loads(row[4]) if row[4] is not None else None,
                str(row[5]),
                [(int(s), str(a)) for s, a, _ in actions],
                row[6],
                totals_of(json.loads(row[7]) if row[7] is not None else None),
                None if row[8] is None else int(row[8]),
                seat_rows(seats),
                None if row[9] is None else float(row[9]),
                frozenset(n for n, (_, _, away) in enumerate(actions) if away),
            )
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


def _reviews_waiting(c: sqlite3.Connection, client: str, deal_id: str) -> int:
    """`SQLiteStore.reviews_waiting`, on a connection (in a write's transaction or not)."""
    row = c.execute(
        "SELECT count(DISTINCT deal_id) FROM jobs WHERE client = ? AND deal_id <> ? "
        "AND key LIKE ? AND finished IS NULL AND (tries < ? OR lease_until >= ?)",
        (client, deal_id, REVIEW_KEYS, MAX_TRIES, time.time()),
    ).fetchone()
    return int(row[0])


def _insert_seats(c: sqlite3.Connection, deal_id: str, seats: list[SeatRow]) -> None:
    c.executemany(
        "INSERT INTO seats (deal_id, seat, kind, token_hash, name, invite_hash, away, deadline) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (deal_id, i, s.kind, s.token_hash, s.name, s.invite_hash, int(s.away), s.deadline)
            for i, s in enumerate(seats)
        ],
    )
