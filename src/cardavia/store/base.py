"""The store protocol: what the table layer needs to keep every deal across restarts, and
the queue of AI work (architecture.md §7).

A deal is its creation parameters plus its ordered actions; the state is rebuilt by replaying
them through the rules engine. An AI job (a seat's decision, a hint, a review) is a row too: one
worker takes it with a lease, and a worker that dies leaves it to be taken again when the lease runs
out. Writes announce themselves to `subscribe`rs: "deal" (payload: the deal id) after an action,
"job" after a new job, "done" (payload: the job's key) after a result, "lost" when
announcements may have been missed (re-read what you wait for).
"""

from __future__ import annotations

import hmac
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

# What a subscriber is called with: (channel, payload); from any thread.
Listener = Callable[[str, str], None]
# Whether a joiner's display name may be taken at a seat: called with the seat and every seat's
# name as stored (None: none), read in the transaction that seats the joiner; None if it may,
# else why not (`take_invite`).
NameCheck = Callable[[int, list[str | None]], str | None]
LEASE_S = 10.0  # a job taken is another worker's to take once this long passes without renewal
MAX_TRIES = 3  # a job whose worker died this often (a search that kills its process) is dropped
WANT_EVERY_S = 5.0  # a job wanted again within this long is not written again (`want_job`)
# A review queued or asked for within this long is wanted now: such reviews go before the rest,
# whichever client's (a page asks every few seconds, each ask at most WANT_EVERY_S apart).
WANTED_S = 12.0
# The keys of review jobs (`deal/review/…`, cardavia.table.jobs.review_key), as a LIKE pattern:
# they go after every other job, and a worker keeps one loop free of them.
REVIEW_KEYS = "%/review/%"


class StoreError(RuntimeError):
    """The store refused a write (e.g. an action number already taken) or a read."""


class ConflictError(StoreError):
    """The action number is taken: another process stored its action first."""


class UnreadableRowError(StoreError):
    """The store holds the deal, but its row is damaged and cannot be read back."""


@dataclass
class SeatRow:
    """Who sits in a seat: `kind` "human" or "ai"; a human seat's token, kept only as its
    SHA-256 (a copy of the store lets nobody act), None while nobody has taken it; its player's
    display name; the SHA-256 of the invite code that gives it (a friends table, kept after use
    so that a used code answers "taken"); `away` while the AI plays for an absent player; and
    `deadline` (Unix time) when the seat's decision owed now times out (absent players)."""

    kind: str
    token_hash: str | None = None
    name: str | None = None
    invite_hash: str | None = None
    away: bool = False
    deadline: float | None = None


SEAT_COLUMNS = "kind, token_hash, name, invite_hash, away, deadline"


def seat_rows(rows: list[Any]) -> list[SeatRow] | None:
    """Seats read back as (SEAT_COLUMNS) rows; None for a deal stored before seats existed.
    A damaged value (a name of bytes, a kind no seat has) raises ValueError: the row is
    unreadable, rather than failing later in a view (security retest)."""
    seats = []
    for k, t, n, i, a, d in rows:
        if k not in ("human", "ai"):
            raise ValueError(f"a seat of kind {str(k)[:20]!r}")
        if not all(v is None or type(v) is str for v in (t, n, i)):
            raise ValueError("a seat's token, name or invite is not text")
        seats.append(SeatRow(k, t, n, i, bool(a), None if d is None else float(d)))
    return seats or None


def totals_of(value: Any) -> list[int] | None:
    """A deal's running totals read back: None, or a list of whole numbers (ValueError for
    anything else, so a damaged row is unreadable when loaded, not when first shown)."""
    if value is None:
        return None
    if not isinstance(value, list) or not all(type(v) is int for v in value):
        raise ValueError(f"the totals {str(value)[:40]!r} are not a list of whole numbers")
    return value


@dataclass
class Invite:
    """What an invite code found: its deal and seat, and whether the code took the seat now
    (False: the seat had its player, or went to the AI, already, or `refused` says why its
    name was not taken: what the `NameCheck` answered)."""

    deal_id: str
    seat: int
    taken: bool
    refused: str | None = None
    held: bool = False  # the joiner holds another seat of this deal already: nothing taken


def seat_free(seats: list[SeatRow] | None, seat: int) -> bool:
    """Whether `seat` of `seats` is a human seat nobody has taken yet."""
    mine = seats[seat] if seats is not None and seat < len(seats) else None
    return mine is not None and mine.kind == "human" and mine.token_hash is None


def holds_other_seat(seats: list[SeatRow] | None, seat: int, holder: str | None) -> bool:
    """Whether the token of hash `holder` holds a seat of `seats` while `seat` is free (a used
    code answers as taken, whoever sends it); compared in constant time."""
    return (
        holder is not None
        and seat_free(seats, seat)
        and any(
            s.token_hash is not None and hmac.compare_digest(s.token_hash, holder)
            for s in seats or []
        )
    )


def name_refused(seat: int, seats: list[SeatRow] | None, check: NameCheck) -> str | None:
    """What `check` answers for a joiner of `seat`, given the deal's seats in seat order (as
    `seat_rows` reads them); None when the seat is not free (the join is refused as taken) or
    the name may be taken."""
    return check(seat, [s.name for s in seats or []]) if seat_free(seats, seat) else None


@dataclass
class DealRow:
    id: str
    game: str
    seed: int | None
    dealer: int | None
    position: dict[str, Any] | None
    level: str
    actions: list[tuple[int, str]] = field(default_factory=list)
    # A deal that follows another ("Next deal") carries the running totals before it.
    previous: str | None = None
    totals: list[int] | None = None
    # Seeds the AI seats' randomness: drawn by the server and never shown, so nobody can replay
    # the AI's choices from the public deal id (reliability review L4). None in rows made
    # before it existed.
    ai_seed: int | None = None
    # One per seat; None in rows stored before seats had tokens (they are claimed once, see
    # `claim_seats`).
    seats: list[SeatRow] | None = None
    # Seconds each decision may take at a table of two or more humans (None: no limit).
    allowance: float | None = None
    # The numbers of the actions the AI played for a seat's absent player.
    for_away: frozenset[int] = frozenset()


@dataclass
class Job:
    id: int
    key: str
    client: str
    payload: bytes


class Store(Protocol):
    # Whether other processes may write to it too (PostgreSQL): then a process re-reads a deal
    # before it trusts its copy in memory. A SQLite file is this server's alone.
    shared: bool

    def create(self, deal: DealRow) -> None: ...

    def append_action(
        self, deal_id: str, index: int, seat: int, action: str, for_away: bool = False
    ) -> None:
        """Durably store action number `index` (0-based); fails if that number is taken.
        `for_away`: the AI played it for the seat's absent player (not theirs to review)."""
        ...

    def load(self, deal_id: str) -> DealRow | None: ...

    def seats(self, deal_id: str) -> list[SeatRow] | None:
        """The deal's seats as stored now (another process may have changed them)."""
        ...

    def claim_seats(self, deal_id: str, seats: list[SeatRow]) -> bool:
        """Give seats to a deal stored before seats existed; False if it has some already
        (two claims at once: exactly one wins)."""
        ...

    def find_invite(self, invite_hash: str) -> tuple[str, int] | None:
        """The deal and seat an invite code (found by its hash) gives, taken or not; None for a
        code no seat has. Changes nothing: what the invited sees before joining."""
        ...

    def take_invite(
        self,
        invite_hash: str,
        token_hash: str,
        name: str | None,
        check: NameCheck | None = None,
        holder: str | None = None,
    ) -> Invite | None:
        """Seat the holder of an invite code (found by its hash) with `token_hash` and `name`,
        if the seat is still free; None for a code no seat has. `holder`: the hash of a token
        the joiner sent, which must hold no seat of the deal (one player, one seat: `held`).
        Two at once: exactly one gets `taken`. With `check` and a name, a free seat is taken
        only if `check` finds nothing against the name among the deal's names as they are
        then, else `refused` holds its answer and nothing changes. The joins of one deal are
        checked one after the other, each against the names those before it took (two joiners
        of one name at once: one is refused), on every process sharing the store."""
        ...

    def fill_seats(self, deal_id: str) -> bool:
        """Give every human seat nobody has taken to the AI ("start with AI in the empty
        seats"); False if none was empty."""
        ...

    def set_away(self, deal_id: str, seat: int, away: bool) -> None: ...

    def set_deadlines(self, deal_id: str, deadlines: dict[int, float | None]) -> None:
        """Store when each seat's decision times out (None: it owes none now)."""
        ...

    def due_deals(self, now: float) -> list[str]:
        """Deals with a seat whose deadline is `now` or earlier."""
        ...

    def next_deal(self, deal_id: str) -> str | None:
        """The deal stored as the next one after `deal_id`, if any (the oldest)."""
        ...

    def actions_since(self, deal_id: str, index: int) -> list[tuple[int, str]]:
        """The deal's actions from number `index` on, as (seat, action)."""
        ...

    def submit_job(
        self, key: str, deal_id: str, client: str, payload: bytes, cap: int | None = None
    ) -> bool:
        """Queue a job unless one with this key exists (two processes asking for the same
        decision get one search); True if it is queued now or was. With `cap` (a review's
        job), it is not queued while `client` has reviews of `cap` other deals waiting
        (`reviews_waiting`, counted in the same transaction, so that requests at once cannot
        all pass the count): False then, nothing queued."""
        ...

    def has_job(self, key: str) -> bool:
        """Whether a job with this key exists (queued, being made, or done)."""
        ...

    def reviews_waiting(self, client: str, deal_id: str) -> int:
        """How many deals other than `deal_id` have a review job of `client` waiting: queued
        or being made (not one given up after MAX_TRIES workers died on it)."""
        ...

    def take_job(
        self,
        worker: str,
        lease_s: float = LEASE_S,
        group: str | None = None,
        cap: int | None = None,
        reviews: bool = True,
    ) -> Job | None:
        """The next job for `worker`, leased to it: the waiting client served longest ago goes
        first, so a client with hundreds of jobs waiting slows only itself (review H2). With
        `cap`, no client gets more than `cap` jobs running at once in the workers named
        `group/…` (one worker process's searches), so one is always free for another client.
        Reviews of finished deals (REVIEW_KEYS) come after every decision and hint waiting:
        first those queued or asked for (`want_job`) within WANTED_S, someone waits for them,
        then the backlog, each fairly among clients and the one queued or asked for last first;
        and not at all with `reviews` False."""
        ...

    def renew_job(self, job_id: int, worker: str, lease_s: float = LEASE_S) -> bool: ...

    def release_job(self, job_id: int, worker: str) -> None:
        """Give a job back untouched (a worker that stops): another may take it at once."""
        ...

    def finish_job(self, job_id: int, result: str) -> None:
        """Store a job's result (JSON text); the first result stored stays."""
        ...

    def job_result(self, key: str) -> str | None: ...

    def drop_job(self, key: str) -> None:
        """Forget a job nobody waits for any more, unless a worker has taken it."""
        ...

    def want_job(self, key: str) -> None:
        """Someone waits for this job now (a review asked for, again and again while it is
        made): it counts as queued now, so that `take_job` makes it before the reviews queued at
        other deals' ends that nobody has asked for. A no-op for a job done, or wanted within
        the last WANT_EVERY_S (a page asks every few seconds: not a write each time)."""
        ...

    def retry_job(self, key: str) -> None:
        """Queue a finished job again, its result forgotten (a review whose search failed, asked
        for again): any worker may take it at once."""
        ...

    def prune_jobs(self, older_than_s: float) -> int:
        """Forget jobs created that long ago, done or not (nobody waits that long)."""
        ...

    def save_review(self, deal_id: str, seat: int, review: str) -> None:
        """Keep a finished deal's review of one seat (JSON text, architecture.md §8); the first
        one stored stays."""
        ...

    def load_review(self, deal_id: str, seat: int) -> str | None:
        """The stored review of the deal's seat, or None."""
        ...

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call `listener` on every announcement (module docstring); returns the unsubscriber."""
        ...

    def listening(self) -> bool:
        """Whether every announcement reaches the subscribers now (else a shared store's
        readers must re-read before they trust a copy)."""
        ...

    def ping(self) -> None:
        """Raise StoreError unless the store can be read now (`/readyz`)."""
        ...

    def close(self) -> None: ...
