"""The PostgreSQL store (psycopg 3): deals in a database that several processes can share (§7).

The same protocol and the same promises as the SQLite store: a write is durable once the call
returns, a failed write stores nothing, the unique (deal_id, n) key lets an action number be
taken once, and every refusal or failed read (a lost connection, a server that is down) is a
StoreError. Calls come from the table layer's worker threads: each takes its own connection from
a pool, so the store is thread-safe without a lock of its own.

The schema is versioned: MIGRATIONS is an ordered list of SQL steps, and `migrate` applies the
ones a database lacks at start, in one transaction under an advisory lock, recording the version
in `cardavia_schema`. Add a step at the end to change the schema; never edit one that shipped.
"""

from __future__ import annotations

import json
import select
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
from psycopg import conninfo
from psycopg_pool import ConnectionPool

from cardavia.store.base import DealRow, StoreError, UnreadableRowError

# The ordered schema steps: step i (from 1) takes a database from version i - 1 to version i.
MIGRATIONS: tuple[str, ...] = (
    # 1: deals and their actions, as in the SQLite file; JSON as `json` (validated, and kept
    # as written, key order included); seeds up to 2**63 - 1 fit a bigint.
    """
    CREATE TABLE deals (
        id text PRIMARY KEY,
        game text NOT NULL,
        seed bigint,
        dealer integer,
        position json,
        level text NOT NULL,
        created timestamptz NOT NULL DEFAULT now(),
        previous text,
        totals json,
        ai_seed bigint
    );
    CREATE TABLE actions (
        deal_id text NOT NULL REFERENCES deals(id),
        n integer NOT NULL,
        seat integer NOT NULL,
        action text NOT NULL,
        PRIMARY KEY (deal_id, n)
    );
    """,
)

SCHEMA_TABLE = "cardavia_schema"
# pg_advisory_xact_lock key of the migrations: any constant the database's other users don't
# take ("CARDAVIA" in ASCII, cut to a bigint).
MIGRATION_LOCK = 0x4341524441564941 & (2**63 - 1)

POOL_SIZE = 10       # connections at most; the table layer's threads are fewer
POOL_TIMEOUT = 5.0   # seconds a call waits for a connection before it is a StoreError
CONNECT_TIMEOUT = 5  # seconds to open one connection


def redacted(url: str) -> str:
    """The URL without its password (or other secrets), to name the database in messages."""
    try:
        parts = conninfo.conninfo_to_dict(url)
    except psycopg.Error:
        return "postgresql://…"
    user = f"{parts['user']}@" if parts.get("user") else ""
    host = str(parts.get("host") or "")
    port = f":{parts['port']}" if parts.get("port") else ""
    return f"postgresql://{user}{host}{port}/{parts.get('dbname') or ''}"


def schema_version(conn: psycopg.Connection[Any]) -> int:
    """The version a database's schema is at (0: none yet)."""
    found = conn.execute("SELECT to_regclass(%s) IS NOT NULL", (SCHEMA_TABLE,)).fetchone()
    if not found or not found[0]:
        return 0
    row = conn.execute(f"SELECT coalesce(max(version), 0) FROM {SCHEMA_TABLE}").fetchone()
    return int(row[0]) if row else 0


def migrate(conn: psycopg.Connection[Any], migrations: tuple[str, ...] = MIGRATIONS) -> int:
    """Bring the database's schema to the last version, in one transaction: two processes that
    start together wait for each other on the advisory lock, and the second finds nothing left
    to do. Returns the version. A database newer than this code is refused."""
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
        conn.execute(f"CREATE TABLE IF NOT EXISTS {SCHEMA_TABLE} ("
                     "version integer PRIMARY KEY, "
                     "applied timestamptz NOT NULL DEFAULT now())")
        current = schema_version(conn)
        if current > len(migrations):
            raise StoreError(f"the database's schema is at version {current}, newer than this "
                             f"Cardavia knows ({len(migrations)}): run a newer Cardavia")
        for version in range(current + 1, len(migrations) + 1):
            try:
                conn.execute(migrations[version - 1])
            except psycopg.errors.DuplicateTable as err:
                raise StoreError(f"schema step {version}: {err}: the database holds tables "
                                 "that are not Cardavia's; use a database of its own") from None
            conn.execute(f"INSERT INTO {SCHEMA_TABLE} (version) VALUES (%s)", (version,))
    return len(migrations)


class PostgresStore:
    def __init__(self, url: str, pool_size: int = POOL_SIZE,
                 timeout: float = POOL_TIMEOUT) -> None:
        self.url = url
        self.name = redacted(url)
        # Nothing to tell an operator at start (the SQLite store warns of an emptied file).
        self.warnings: list[str] = []
        try:
            with psycopg.connect(url, autocommit=True, connect_timeout=CONNECT_TIMEOUT) as conn:
                self.version = migrate(conn)
        except psycopg.Error as err:  # no server, no such database, refused login, ...
            raise StoreError(f"{self.name}: {_one_line(err)}") from None
        except StoreError as err:
            raise StoreError(f"{self.name}: {err}") from None
        # Autocommit: one statement is one transaction; `create` opens its own.
        self._pool: ConnectionPool[psycopg.Connection[tuple[Any, ...]]] = ConnectionPool(
            url, min_size=1, max_size=pool_size, timeout=timeout, open=False,
            kwargs={"autocommit": True, "connect_timeout": CONNECT_TIMEOUT},
            name="cardavia-store")
        try:
            self._pool.open(wait=True, timeout=timeout)
        except psycopg.Error as err:
            self._pool.close()
            raise StoreError(f"{self.name}: {_one_line(err)}") from None

    @contextmanager
    def _connection(self) -> Iterator[psycopg.Connection[tuple[Any, ...]]]:
        """A live connection of the pool; whatever the database or the network refuses (a
        connection lost mid-call included, which the pool then replaces) is a StoreError."""
        try:
            conn = self._live_connection()
            try:
                yield conn
            finally:
                self._pool.putconn(conn)
        except psycopg.Error as err:
            raise StoreError(_one_line(err)) from err

    def _live_connection(self) -> psycopg.Connection[tuple[Any, ...]]:
        """A connection of the pool that the server has not closed. After a restart of the
        server (or an administrator's pg_terminate_backend) every idle connection is dead: each
        goes back to the pool, which drops it and opens a new one, without failing a call.
        (The pool's own `check` does the same, but waits a second or more after each.)"""
        for _ in range(self._pool.max_size):
            conn = self._pool.getconn()
            if _alive(conn):
                return conn
            self._pool.putconn(conn)
        return self._pool.getconn()

    def create(self, deal: DealRow) -> None:
        # Values that are not JSON fail here, before anything is sent (TypeError, as in SQLite).
        position = json.dumps(deal.position) if deal.position is not None else None
        totals = json.dumps(deal.totals) if deal.totals is not None else None
        with self._connection() as conn, conn.transaction(), conn.cursor() as cur:
            cur.execute(
                "INSERT INTO deals (id, game, seed, dealer, position, level, previous, totals, "
                "ai_seed) VALUES (%s, %s, %s, %s, %s::json, %s, %s, %s::json, %s)",
                (deal.id, deal.game, deal.seed, deal.dealer, position, deal.level,
                 deal.previous, totals, deal.ai_seed),
            )
            if deal.actions:
                cur.executemany(
                    "INSERT INTO actions (deal_id, n, seat, action) VALUES (%s, %s, %s, %s)",
                    [(deal.id, i, s, a) for i, (s, a) in enumerate(deal.actions)],
                )

    def append_action(self, deal_id: str, index: int, seat: int, action: str) -> None:
        with self._connection() as conn:
            conn.execute("INSERT INTO actions (deal_id, n, seat, action) VALUES (%s, %s, %s, %s)",
                         (deal_id, index, seat, action))

    def load(self, deal_id: str) -> DealRow | None:
        if "\x00" in deal_id:  # no text column holds one: no deal has such an id
            return None
        with self._connection() as conn:
            # JSON read here, not by psycopg: a value that cannot be read is the row's fault
            row = conn.execute(
                "SELECT id, game, seed, dealer, position::text, level, previous, totals::text, "
                "ai_seed FROM deals WHERE id = %s", (deal_id,)).fetchone()
            if row is None:
                return None
            actions = conn.execute(
                "SELECT seat, action FROM actions WHERE deal_id = %s ORDER BY n",
                (deal_id,)).fetchall()
        try:
            return DealRow(str(row[0]), str(row[1]), _int(row[2]), _int(row[3]), _json(row[4]),
                           str(row[5]), [(int(s), str(a)) for s, a in actions], row[6],
                           _json(row[7]), _int(row[8]))
        except (ValueError, TypeError, RecursionError) as err:  # e.g. JSON nested too deep
            raise UnreadableRowError(f"{deal_id}: {_one_line(err)}") from err

    def ping(self) -> None:
        with self._connection() as conn:
            conn.execute("SELECT 1 FROM deals LIMIT 1").fetchall()

    def close(self) -> None:
        self._pool.close()


def _alive(conn: psycopg.Connection[Any]) -> bool:
    """Whether an idle connection still works. One the server closed has something to read
    (its last message, the end of the stream): only then is it asked, with an empty query."""
    if conn.closed or conn.broken:
        return False
    try:
        poll = select.poll()
        poll.register(conn.fileno(), select.POLLIN)
        if poll.poll(0):
            conn.execute("")
    except (psycopg.Error, OSError):
        return False
    return True


def _one_line(err: Exception) -> str:
    return " ".join(str(err).split()) or type(err).__name__


def _json(value: str | None) -> Any:
    return None if value is None else json.loads(value)


def _int(value: Any) -> int | None:
    return None if value is None else int(value)
