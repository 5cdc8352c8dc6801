"""The PostgreSQL store (psycopg 3): deals in a database that several processes can share (§7).

The same protocol and the same promises as the SQLite store: a write is durable once the call
returns, a failed write stores nothing, the unique (deal_id, n) key lets an action number be
taken once, and every refusal or failed read (a lost connection, a server that is down) is a
StoreError. Calls come from the table layer's worker threads: each takes its own connection from
a pool, so the store is thread-safe without a lock of its own.

The schema is versioned: MIGRATIONS is an ordered list of SQL steps, and `migrate` applies the
ones a database lacks at start, in one transaction under an advisory lock, recording the version
in `cardavia_schema`. Add a step at the end to change the schema; never edit one that shipped.

Announcements are PostgreSQL notifications, sent by triggers in the transaction of the write
itself (so every writer sends them, and only once it commits): channel `cardavia_deal` carries a
deal id, `cardavia_job` nothing, `cardavia_done` a job's key; never a card. Each process holds one
listening connection (`subscribe`), in a thread that reconnects after a loss and then tells its
subscribers "lost", since notifications sent meanwhile are gone.
"""

from __future__ import annotations

import json
import logging
import select
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import quote

import psycopg
from psycopg import conninfo
from psycopg_pool import ConnectionPool

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

log = logging.getLogger(__name__)

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
    # 2: the queue of AI jobs, the clients' turns at it, and the announcements.
    """
    CREATE SEQUENCE job_turns;
    CREATE TABLE jobs (
        id bigserial PRIMARY KEY,
        key text NOT NULL UNIQUE,
        deal_id text NOT NULL,
        client text NOT NULL,
        payload bytea NOT NULL,
        created timestamptz NOT NULL DEFAULT now(),
        worker text,
        lease_until timestamptz,
        tries integer NOT NULL DEFAULT 0,
        result text,
        finished timestamptz
    );
    CREATE INDEX jobs_open ON jobs (id) WHERE finished IS NULL;
    CREATE TABLE job_clients (
        client text PRIMARY KEY,
        served bigint NOT NULL
    );
    CREATE FUNCTION cardavia_announce_action() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN PERFORM pg_notify('cardavia_deal', NEW.deal_id); RETURN NULL; END $$;
    CREATE TRIGGER actions_announce AFTER INSERT ON actions
        FOR EACH ROW EXECUTE FUNCTION cardavia_announce_action();
    CREATE FUNCTION cardavia_announce_job() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        IF NEW.finished IS NOT NULL THEN
            PERFORM pg_notify('cardavia_done', NEW.key);
        ELSIF NEW.worker IS NULL THEN
            PERFORM pg_notify('cardavia_job', '');
        END IF;
        RETURN NULL;
    END $$;
    CREATE TRIGGER jobs_announce AFTER INSERT OR UPDATE OF finished, worker ON jobs
        FOR EACH ROW EXECUTE FUNCTION cardavia_announce_job();
    """,
    # 3: a worker counts a client's running jobs (its cap) by client.
    """
    CREATE INDEX jobs_client ON jobs (client) WHERE finished IS NULL;
    """,
    # 4: who sits in each seat, with a hash of the seat's token (architecture.md §6).
    """
    CREATE TABLE seats (
        deal_id text NOT NULL REFERENCES deals(id),
        seat integer NOT NULL,
        kind text NOT NULL,
        token_hash text,
        name text,
        PRIMARY KEY (deal_id, seat)
    );
    """,
    # 5: the reviews of finished deals, one per seat (architecture.md §8).
    """
    CREATE TABLE reviews (
        deal_id text NOT NULL REFERENCES deals(id),
        seat integer NOT NULL,
        review text NOT NULL,
        created timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (deal_id, seat)
    );
    """,
    # 6: tables for friends (architecture.md §6): invite codes (hashed), absent players, each
    # seat's deadline, the table's time allowance; a change of who sits where is announced.
    """
    ALTER TABLE seats ADD COLUMN invite_hash text,
        ADD COLUMN away boolean NOT NULL DEFAULT false,
        ADD COLUMN deadline double precision;
    CREATE UNIQUE INDEX seats_invite ON seats (invite_hash) WHERE invite_hash IS NOT NULL;
    CREATE INDEX seats_deadline ON seats (deadline) WHERE deadline IS NOT NULL;
    ALTER TABLE deals ADD COLUMN allowance double precision;
    CREATE INDEX deals_previous ON deals (previous) WHERE previous IS NOT NULL;
    CREATE TRIGGER seats_announce AFTER UPDATE OF kind, token_hash, name, away ON seats
        FOR EACH ROW EXECUTE FUNCTION cardavia_announce_action();
    """,
    # 7: a friends table's next deal is announced as a change of the deal it follows, so that
    # the players waiting on that one, on any process, hear of it at once.
    """
    CREATE FUNCTION cardavia_announce_next() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN PERFORM pg_notify('cardavia_deal', NEW.previous); RETURN NULL; END $$;
    CREATE TRIGGER deals_announce_next AFTER INSERT ON deals
        FOR EACH ROW WHEN (NEW.previous IS NOT NULL) EXECUTE FUNCTION cardavia_announce_next();
    """,
    # 8: which actions the AI played for a seat's absent player, left out of that seat's review.
    """
    ALTER TABLE actions ADD COLUMN for_away boolean NOT NULL DEFAULT false;
    """,
)
SEATS_QUERY = f"SELECT {SEAT_COLUMNS} FROM seats WHERE deal_id = %s ORDER BY seat"
CHANNELS = {"cardavia_deal": "deal", "cardavia_job": "job", "cardavia_done": "done"}

SCHEMA_TABLE = "cardavia_schema"
# pg_advisory_xact_lock key of the migrations: any constant the database's other users don't
# take ("CARDAVIA" in ASCII, cut to a bigint).
MIGRATION_LOCK = 0x4341524441564941 & (2**63 - 1)
# The first key of the two-key pg_advisory_xact_lock a review's submission takes, its client's
# hashtext the second (a key space apart from the migrations' one-bigint key): one client's
# capped submissions count and insert one at a time ("CR" in ASCII).
REVIEWS_LOCK = 0x4352
# Joins of one deal are checked one after the other: each locks the deal's row first (FOR NO KEY
# UPDATE, which the actions' and seats' foreign-key checks do not wait for).
DEAL_LOCK = "SELECT 1 FROM deals WHERE id = %s FOR NO KEY UPDATE"
REVIEWS_WAITING = (
    "SELECT count(DISTINCT deal_id) FROM jobs WHERE client = %s AND deal_id <> %s "
    "AND key LIKE %s AND finished IS NULL AND (tries < %s OR lease_until >= now())"
)

POOL_SIZE = 10  # connections at most; the table layer's threads are fewer
POOL_TIMEOUT = 5.0  # seconds a call waits for a connection before it is a StoreError
CONNECT_TIMEOUT = 5  # seconds to open one connection
# A database host that goes away without closing its connections (a network cut, a host that
# hangs): the kernel notices a silent peer within about 20 s instead of 2 hours, and data left
# unacknowledged 20 s ends the connection, so that a call fails (503) rather than wait on.
# (Over TCP only: libpq leaves these out for a Unix socket.)
TCP_SETTINGS: dict[str, Any] = {
    "keepalives": 1,
    "keepalives_idle": 10,
    "keepalives_interval": 5,
    "keepalives_count": 2,
    "tcp_user_timeout": 20_000,  # ms
}


def tcp_settings(url: str) -> dict[str, Any]:
    """TCP_SETTINGS but those the URL sets itself: a keyword would win over the URL's own."""
    try:
        given = conninfo.conninfo_to_dict(url)
    except psycopg.Error:
        given = {}
    return {key: value for key, value in TCP_SETTINGS.items() if key not in given}


def redacted(url: str) -> str:
    """The URL without its password (or other secrets), to name the database in messages."""
    try:
        parts = conninfo.conninfo_to_dict(url)
    except psycopg.Error:
        return "postgresql://…"
    user = f"{parts['user']}@" if parts.get("user") else ""
    host = str(parts.get("host") or "")
    port = f":{parts['port']}" if parts.get("port") else ""
    # a schema of its own (`options=-csearch_path=…`) says which deals these are: no secret
    options = f"?options={quote(str(parts['options']))}" if parts.get("options") else ""
    return f"postgresql://{user}{host}{port}/{parts.get('dbname') or ''}{options}"


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
        conn.execute(
            f"CREATE TABLE IF NOT EXISTS {SCHEMA_TABLE} ("
            "version integer PRIMARY KEY, "
            "applied timestamptz NOT NULL DEFAULT now())"
        )
        current = schema_version(conn)
        if current > len(migrations):
            raise StoreError(
                f"the database's schema is at version {current}, newer than this "
                f"Cardavia knows ({len(migrations)}): run a newer Cardavia"
            )
        for version in range(current + 1, len(migrations) + 1):
            try:
                conn.execute(migrations[version - 1])
            except psycopg.errors.DuplicateTable as err:
                raise StoreError(
                    f"schema step {version}: {err}: the database holds tables "
                    "that are not Cardavia's; use a database of its own"
                ) from None
            conn.execute(f"INSERT INTO {SCHEMA_TABLE} (version) VALUES (%s)", (version,))
    return len(migrations)


# the deal and seat of an invite code (found by its hash): its preview, and a join's first step
FIND_INVITE = "SELECT deal_id, seat FROM seats WHERE invite_hash = %s"


class PostgresStore:
    shared = True

    def __init__(self, url: str, pool_size: int = POOL_SIZE, timeout: float = POOL_TIMEOUT) -> None:
        self.url = url
        self._listeners: list[Listener] = []
        self._listening: threading.Thread | None = None
        self._closed = threading.Event()
        self._heard = threading.Event()  # set while the listening connection listens
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
            url,
            min_size=1,
            max_size=pool_size,
            timeout=timeout,
            open=False,
            kwargs={"autocommit": True, "connect_timeout": CONNECT_TIMEOUT, **tcp_settings(url)},
            name="cardavia-store",
        )
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
                "ai_seed, allowance) VALUES (%s, %s, %s, %s, %s::json, %s, %s, %s::json, %s, %s)",
                (
                    deal.id,
                    deal.game,
                    deal.seed,
                    deal.dealer,
                    position,
                    deal.level,
                    deal.previous,
                    totals,
                    deal.ai_seed,
                    deal.allowance,
                ),
            )
            if deal.actions:
                cur.executemany(
                    "INSERT INTO actions (deal_id, n, seat, action) VALUES (%s, %s, %s, %s)",
                    [(deal.id, i, s, a) for i, (s, a) in enumerate(deal.actions)],
                )
            if deal.seats is not None:
                _insert_seats(cur, deal.id, deal.seats)

    def append_action(
        self, deal_id: str, index: int, seat: int, action: str, for_away: bool = False
    ) -> None:
        try:
            with self._connection() as conn:
                conn.execute(
                    "INSERT INTO actions (deal_id, n, seat, action, for_away) "
                    "VALUES (%s, %s, %s, %s, %s)",
                    (deal_id, index, seat, action, for_away),
                )
        except StoreError as err:
            if isinstance(err.__cause__, psycopg.errors.UniqueViolation):
                raise ConflictError(f"{deal_id}: action {index} is taken") from None
            raise

    def actions_since(self, deal_id: str, index: int) -> list[tuple[int, str]]:
        with self._connection() as conn:
            rows = conn.execute(
                "SELECT seat, action FROM actions WHERE deal_id = %s AND n >= %s ORDER BY n",
                (deal_id, index),
            ).fetchall()
        return [(int(s), str(a)) for s, a in rows]

    def submit_job(
        self, key: str, deal_id: str, client: str, payload: bytes, cap: int | None = None
    ) -> bool:
        insert = (
            "INSERT INTO jobs (key, deal_id, client, payload) "
            "VALUES (%s, %s, %s, %s) ON CONFLICT (key) DO NOTHING"
        )
        if cap is None:
            with self._connection() as conn:
                conn.execute(insert, (key, deal_id, client, payload))
            return True
        with self._connection() as conn, conn.transaction():
            # the client's submissions one at a time: two at once cannot both pass the count
            conn.execute("SELECT pg_advisory_xact_lock(%s, hashtext(%s))", (REVIEWS_LOCK, client))
            if conn.execute("SELECT 1 FROM jobs WHERE key = %s", (key,)).fetchone():
                return True
            row = conn.execute(REVIEWS_WAITING, (client, deal_id, REVIEW_KEYS, MAX_TRIES))
            if int((row.fetchone() or (0,))[0]) >= cap:
                return False
            conn.execute(insert, (key, deal_id, client, payload))
        return True

    def has_job(self, key: str) -> bool:
        with self._connection() as conn:
            return conn.execute("SELECT 1 FROM jobs WHERE key = %s", (key,)).fetchone() is not None

    def reviews_waiting(self, client: str, deal_id: str) -> int:
        with self._connection() as conn:
            row = conn.execute(REVIEWS_WAITING, (client, deal_id, REVIEW_KEYS, MAX_TRIES))
            return int((row.fetchone() or (0,))[0])

    def take_job(
        self,
        worker: str,
        lease_s: float = LEASE_S,
        group: str | None = None,
        cap: int | None = None,
        reviews: bool = True,
    ) -> Job | None:
        # SKIP LOCKED: workers taking jobs at once each get a different one, none waits.
        with self._connection() as conn, conn.transaction():
            row = conn.execute(
                # as in sqlite.py: the clients at the cap counted once, not per candidate job
                "WITH capped AS (SELECT client FROM jobs WHERE %s::integer IS NOT NULL "
                "AND finished IS NULL AND lease_until >= now() AND worker LIKE %s || '/%%' "
                "GROUP BY client HAVING count(*) >= %s) "
                "SELECT j.id, j.key, j.client, j.payload FROM jobs j "
                "LEFT JOIN job_clients u ON u.client = j.client "
                "WHERE j.finished IS NULL AND j.tries < %s "
                "AND (j.lease_until IS NULL OR j.lease_until < now()) "
                "AND j.client NOT IN (SELECT client FROM capped) "
                "AND (%s OR j.key NOT LIKE %s) "
                # as in sqlite.py: reviews last, those someone waits for first, then the one
                # queued or asked for last first, each fairly among clients
                "ORDER BY j.key LIKE %s, "
                "j.key LIKE %s AND j.created < now() - %s * interval '1 second', "
                "coalesce(u.served, 0), "
                "CASE WHEN j.key LIKE %s THEN -extract(epoch FROM j.created) ELSE j.id END, "
                "j.id DESC "
                "LIMIT 1 FOR UPDATE OF j SKIP LOCKED",
                (
                    *(cap, group or "", cap, MAX_TRIES, reviews, REVIEW_KEYS, REVIEW_KEYS),
                    *(REVIEW_KEYS, WANTED_S, REVIEW_KEYS),
                ),
            ).fetchone()
            if row is None:
                return None
            conn.execute(
                "UPDATE jobs SET worker = %s, tries = tries + 1, "
                "lease_until = now() + %s * interval '1 second' WHERE id = %s",
                (worker, lease_s, row[0]),
            )
            conn.execute(
                "INSERT INTO job_clients (client, served) "
                "VALUES (%s, nextval('job_turns')) ON CONFLICT (client) "
                "DO UPDATE SET served = excluded.served",
                (row[2],),
            )
        return Job(int(row[0]), str(row[1]), str(row[2]), bytes(row[3]))

    def renew_job(self, job_id: int, worker: str, lease_s: float = LEASE_S) -> bool:
        with self._connection() as conn:
            cur = conn.execute(
                "UPDATE jobs SET lease_until = now() + %s * interval '1 second' "
                "WHERE id = %s AND worker = %s AND finished IS NULL",
                (lease_s, job_id, worker),
            )
            return cur.rowcount > 0

    def release_job(self, job_id: int, worker: str) -> None:
        with self._connection() as conn:
            conn.execute(
                "UPDATE jobs SET worker = NULL, lease_until = NULL, tries = tries - 1 "
                "WHERE id = %s AND worker = %s AND finished IS NULL",
                (job_id, worker),
            )

    def finish_job(self, job_id: int, result: str) -> None:
        with self._connection() as conn:
            conn.execute(
                "UPDATE jobs SET result = %s, finished = now() WHERE id = %s AND finished IS NULL",
                (result, job_id),
            )

    def save_review(self, deal_id: str, seat: int, review: str) -> None:
        with self._connection() as conn:
            conn.execute(
                "INSERT INTO reviews (deal_id, seat, review) VALUES (%s, %s, %s) "
                "ON CONFLICT (deal_id, seat) DO NOTHING",
                (deal_id, seat, review),
            )

    def load_review(self, deal_id: str, seat: int) -> str | None:
        with self._connection() as conn:
            row = conn.execute(
                "SELECT review FROM reviews WHERE deal_id = %s AND seat = %s", (deal_id, seat)
            ).fetchone()
        return None if row is None else str(row[0])

    def job_result(self, key: str) -> str | None:
        with self._connection() as conn:
            row = conn.execute("SELECT result FROM jobs WHERE key = %s", (key,)).fetchone()
        return None if row is None or row[0] is None else str(row[0])

    def drop_job(self, key: str) -> None:
        with self._connection() as conn:
            conn.execute(
                "DELETE FROM jobs WHERE key = %s AND worker IS NULL AND finished IS NULL", (key,)
            )

    def want_job(self, key: str) -> None:
        with self._connection() as conn:
            conn.execute(
                "UPDATE jobs SET created = now() WHERE key = %s AND finished IS NULL "
                "AND created < now() - %s * interval '1 second'",
                (key, WANT_EVERY_S),
            )

    def retry_job(self, key: str) -> None:
        with self._connection() as conn:  # announced by the jobs trigger, as a new job
            conn.execute(
                "UPDATE jobs SET worker = NULL, lease_until = NULL, result = NULL, "
                "finished = NULL, created = now() WHERE key = %s AND finished IS NOT NULL",
                (key,),
            )

    def prune_jobs(self, older_than_s: float) -> int:
        with self._connection() as conn:
            cur = conn.execute(
                "DELETE FROM jobs WHERE created < now() - %s * interval '1 second'", (older_than_s,)
            )
            return cur.rowcount

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        self._listeners.append(listener)
        if self._listening is None:
            self._listening = threading.Thread(
                target=self._listen, name="cardavia-listen", daemon=True
            )
            self._listening.start()
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def _listen(self) -> None:
        """Hold one listening connection and pass its notifications on, until `close`."""
        lost = False
        while not self._closed.is_set():
            try:
                with psycopg.connect(
                    self.url,
                    autocommit=True,
                    connect_timeout=CONNECT_TIMEOUT,
                    **tcp_settings(self.url),
                ) as conn:
                    for channel in CHANNELS:
                        conn.execute(f"LISTEN {channel}")
                    self._heard.set()
                    if lost:  # whatever was sent while we were away is gone: re-read
                        self._announce("lost", "")
                    lost = False
                    while not self._closed.is_set():
                        for note in conn.notifies(timeout=1.0):
                            self._announce(CHANNELS.get(note.channel, note.channel), note.payload)
            except psycopg.Error as err:
                self._heard.clear()  # (the announcement "lost" follows the reconnection)
                if not lost:
                    log.warning(
                        "%s: the listening connection failed (%s); reconnecting",
                        self.name,
                        _one_line(err),
                    )
                lost = True
                self._closed.wait(1.0)

    def listening(self) -> bool:
        return self._heard.is_set()

    def _announce(self, channel: str, payload: str) -> None:
        for listener in list(self._listeners):
            try:
                listener(channel, payload)
            except Exception:
                log.exception("a store subscriber failed")

    def load(self, deal_id: str) -> DealRow | None:
        if "\x00" in deal_id:  # no text column holds one: no deal has such an id
            return None
        with self._connection() as conn:
            # JSON read here, not by psycopg: a value that cannot be read is the row's fault
            row = conn.execute(
                "SELECT id, game, seed, dealer, position::text, level, previous, totals::text, "
                "ai_seed, allowance FROM deals WHERE id = %s",
                (deal_id,),
            ).fetchone()
            if row is None:
                return None
            actions = conn.execute(
                "SELECT seat, action, for_away FROM actions WHERE deal_id = %s ORDER BY n",
                (deal_id,),
            ).fetchall()
            seats = conn.execute(SEATS_QUERY, (deal_id,)).fetchall()
        try:
            return DealRow(
                str(row[0]),
                str(row[1]),
                _int(row[2]),
                _int(row[3]),
                _json(row[4]),
                str(row[5]),
                [(int(s), str(a)) for s, a, _ in actions],
                row[6],
                totals_of(_json(row[7])),
                _int(row[8]),
                seat_rows(seats),
                None if row[9] is None else float(row[9]),
                frozenset(n for n, (_, _, away) in enumerate(actions) if away),
            )
        except (ValueError, TypeError, RecursionError) as err:  # e.g. JSON nested too deep
            raise UnreadableRowError(f"{deal_id}: {_one_line(err)}") from err

    def seats(self, deal_id: str) -> list[SeatRow] | None:
        if "\x00" in deal_id:
            return None
        with self._connection() as conn:
            rows = conn.execute(SEATS_QUERY, (deal_id,)).fetchall()
        try:
            return seat_rows(rows)
        except (ValueError, TypeError) as err:
            raise UnreadableRowError(f"{deal_id}: {_one_line(err)}") from err

    def find_invite(self, invite_hash: str) -> tuple[str, int] | None:
        with self._connection() as conn:
            row = conn.execute(FIND_INVITE, (invite_hash,)).fetchone()
        return (str(row[0]), int(row[1])) if row is not None else None

    def take_invite(
        self,
        invite_hash: str,
        token_hash: str,
        name: str | None,
        check: NameCheck | None = None,
        holder: str | None = None,
    ) -> Invite | None:
        with self._connection() as conn, conn.transaction():
            row = conn.execute(FIND_INVITE, (invite_hash,)).fetchone()
            if row is None:
                return None
            if holder is not None:  # seats change only by token: read as committed is enough
                seats = seat_rows(conn.execute(SEATS_QUERY, (row[0],)).fetchall())
                if holds_other_seat(seats, int(row[1]), holder):
                    return Invite(str(row[0]), int(row[1]), False, held=True)
            if check is not None and name is not None:
                # another join of this deal waits here until this one commits, then reads
                # the names as this one left them (each statement sees what was committed)
                conn.execute(DEAL_LOCK, (row[0],))
                seats = seat_rows(conn.execute(SEATS_QUERY, (row[0],)).fetchall())
                refused = name_refused(int(row[1]), seats, check)
                if refused is not None:
                    return Invite(str(row[0]), int(row[1]), False, refused)
            # One statement: of two at once, the second waits on the row, then finds it taken.
            taken = conn.execute(
                "UPDATE seats SET token_hash = %s, name = %s WHERE deal_id = %s AND seat = %s "
                "AND kind = 'human' AND token_hash IS NULL",
                (token_hash, name, row[0], row[1]),
            ).rowcount
        return Invite(str(row[0]), int(row[1]), bool(taken))

    def fill_seats(self, deal_id: str) -> bool:
        with self._connection() as conn:
            return bool(
                conn.execute(
                    "UPDATE seats SET kind = 'ai' WHERE deal_id = %s AND kind = 'human' "
                    "AND token_hash IS NULL AND invite_hash IS NOT NULL",
                    (deal_id,),
                ).rowcount
            )

    def set_away(self, deal_id: str, seat: int, away: bool) -> None:
        with self._connection() as conn:
            conn.execute(
                "UPDATE seats SET away = %s WHERE deal_id = %s AND seat = %s",
                (away, deal_id, seat),
            )

    def set_deadlines(self, deal_id: str, deadlines: dict[int, float | None]) -> None:
        with self._connection() as conn, conn.transaction(), conn.cursor() as cur:
            cur.executemany(
                "UPDATE seats SET deadline = %s WHERE deal_id = %s AND seat = %s",
                [(at, deal_id, seat) for seat, at in deadlines.items()],
            )

    def due_deals(self, now: float) -> list[str]:
        with self._connection() as conn:
            rows = conn.execute(
                "SELECT DISTINCT deal_id FROM seats WHERE deadline IS NOT NULL AND deadline <= %s",
                (now,),
            ).fetchall()
        return [str(r[0]) for r in rows]

    def next_deal(self, deal_id: str) -> str | None:
        if "\x00" in deal_id:
            return None
        with self._connection() as conn:
            row = conn.execute(
                "SELECT id FROM deals WHERE previous = %s ORDER BY created, id LIMIT 1",
                (deal_id,),
            ).fetchone()
        return None if row is None else str(row[0])

    def claim_seats(self, deal_id: str, seats: list[SeatRow]) -> bool:
        with self._connection() as conn, conn.transaction(), conn.cursor() as cur:
            # The first seat's row decides: a second claim waits for the first's commit on the
            # key, then inserts nothing.
            cur.execute(
                "INSERT INTO seats (deal_id, seat, kind, token_hash, name, invite_hash, away) "
                "VALUES (%s, 0, %s, %s, %s, %s, %s) ON CONFLICT DO NOTHING",
                (
                    deal_id,
                    seats[0].kind,
                    seats[0].token_hash,
                    seats[0].name,
                    seats[0].invite_hash,
                    seats[0].away,
                ),
            )
            if cur.rowcount == 0:
                return False
            _insert_seats(cur, deal_id, seats, start=1)
            return True

    def ping(self) -> None:
        with self._connection() as conn:
            conn.execute("SELECT 1 FROM deals LIMIT 1").fetchall()

    def close(self) -> None:
        self._closed.set()
        if self._listening is not None:
            self._listening.join(timeout=3.0)
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


def _insert_seats(
    cur: psycopg.Cursor[Any], deal_id: str, seats: list[SeatRow], start: int = 0
) -> None:
    rows = [
        (deal_id, i, s.kind, s.token_hash, s.name, s.invite_hash, s.away, s.deadline)
        for i, s in enumerate(seats)
    ][start:]
    if rows:
        cur.executemany(
            "INSERT INTO seats (deal_id, seat, kind, token_hash, name, invite_hash, away, "
            "deadline) VALUES (%s, %s, %s, %s, %s, %s, %s, %s)",
            rows,
        )
