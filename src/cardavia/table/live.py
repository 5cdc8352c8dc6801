"""One live deal at a table, and the set of live tables of a server.

The creator sits in seat 0; the other seats are agents that act on the server or, at a table
for friends, humans seated through invite codes (architecture.md §6). A friends table waits
until every human seat has its player or the creator gives the empty ones to the AI; once two
or more humans play, each decision has a time allowance, after which the AI plays the seat,
marked away, until its player acts again (`Tables.sweep`). Every action is
applied to a clone and stored before the table adopts it, so a refused write or an illegal
action leaves the deal exactly as it was, and a restart rebuilds it from the store.

With a store that other processes write too (PostgreSQL, architecture.md §7), a deal in memory
is a cache: it catches up with the store's actions before every request acts on it or answers
from it, and when another process stored action number n first, this one catches up and the
request that lost answers 409 with the fresh view. Searches are jobs in the store
(`table/jobs.py`), for whichever worker takes them.
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import random
import re
import secrets
import time
import zlib
from collections import OrderedDict, deque
from collections.abc import Mapping
from typing import Any

from cardavia.ai.explain import explain
from cardavia.ai.protocol import Agent
from cardavia.ai.registry import make_agent
from cardavia.ai.review import points_of
from cardavia.ai.search import SearchAgent, needs_search, obvious
from cardavia.ai.workers import Thinkers
from cardavia.rules.core import Event, Game, State
from cardavia.rules.errors import RulesError
from cardavia.rules.record import make_record
from cardavia.rules.types import ObservationBase
from cardavia.store.base import (
    ConflictError,
    DealRow,
    NameCheck,
    SeatRow,
    Store,
    StoreError,
    UnreadableRowError,
)
from cardavia.table.jobs import JobFailed, JobQueue, job_key, pack, pack_review, review_key
from cardavia.table.pacing import PaceKey, Pacer, Window
from cardavia.table.seats import new_token, opening_seats, seat_of, token_hash
from cardavia.table.versions import count_event
from cardavia.table.waits import wait_set
from cardavia.table.worker import Worker

HUMAN = 0
# What a deal id may look like (ours are 22 characters of token_urlsafe): anything else is
# unknown without asking the store or keeping anything for it.
DEAL_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
# The hint plays at the table's level (issue 23); a level that does not search (easy, and the
# greedy baseline) hints with its greedy policy, without the easy level's noise.
SEARCH_LEVELS = ("normal", "hard")
HINT_POLICY = "greedy"
# The human's observations kept per deal for a client still replaying (`Table.with_steps`): at
# most this many, and none from before the human's own last action.
STEPS_KEPT = 64
log = logging.getLogger(__name__)


class UnknownDealError(KeyError):
    pass


class UnreadableDealError(UnknownDealError):
    """The store has the deal, but its actions no longer replay: the rules changed since."""


class NotYourTurnError(Exception):
    pass


class BadTokenError(Exception):
    """A seat token that holds no seat at this deal."""


class SeatTakenError(Exception):
    """The seat asked for has its player already."""


class ReviewFailedError(Exception):
    """The review's search failed (its job holds the error until it is forgotten)."""


class SeatHeldError(Exception):
    """A joiner whose token holds a seat of the invite's deal already (one player, one seat)."""


class UnknownInviteError(KeyError):
    """An invite code that gives no seat."""


class WaitingError(Exception):
    """The table waits for its players: nobody acts yet."""


class NotCreatorError(Exception):
    """Only the table's creator (seat 0) may do this."""


class NotFriendsTableError(Exception):
    """A table of one human with the AI: there is nobody to wait for, nothing to start."""


class NameRefusedError(Exception):
    """A joiner's display name the table's `NameCheck` refused: its answer is the message."""


class ReviewsWaitingError(Exception):
    """The asking client has reviews of as many other deals waiting as it may (`review`)."""


class StaleVersionError(Exception):
    def __init__(self, current: int) -> None:
        super().__init__(f"the deal is at version {current}")
        self.current = current


class Table:
    """A deal in play. Not thread-safe by itself: `Tables` serialises access per table."""

    def __init__(self, row: DealRow, game: Game, store: Store, pacer: Pacer | None = None) -> None:
        self.row = row
        self.game = game
        self.store = store
        # A lazy deal: where it pauses must not show what hidden cards hold (rules/core.py),
        # so a card nobody can claim waits for `settle` as one an AI seat may be asked about.
        if row.position is not None:
            self.state: State = game.from_position(row.position, lazy=True)
        else:
            assert row.seed is not None
            self.state = game.new_deal(row.seed, row.dealer, lazy=True)
        # Each event with the versions it made: one per seat, then the spectators'.
        self.log: list[tuple[tuple[int, ...], Event]] = []
        # Who sits where (None: a deal stored before seats had tokens, see `Tables.claim`).
        self.seats: list[SeatRow] | None = row.seats
        # The version a seat sees counts the events it was shown. Another seat's hidden claim
        # answer shows nothing and moves no version, and a move the engine makes by itself (a
        # forced play) counts like a chosen one: the versions must not tell the human whether an
        # AI seat was asked, or how many choices it had (architecture.md §2).
        self.versions = [0] * (game.players + 1)  # the last: what a spectator was shown
        self.pacer: Pacer | None = None  # not while replaying: those pauses were long ago
        self.writes: set[asyncio.Future[None]] = set()  # store writes in flight
        self.waiting = 0  # long polls waiting on this object: it must stay the deal's
        self.window = Window()
        # per human seat, see `_step_seen`
        self.steps: dict[int, deque[tuple[int, int, bytes]]] = {}
        self._adopt(self.state, self.state.opening)
        self.catch_up(row.actions)  # replaying re-validates every stored action
        if row.actions:
            # as far as the deal had gone before it left memory: to the next decision
            self._adopt(self.state, self.state.settle_all())
        # stable across restarts; a secret of the server's (L4), else, in older rows, the id's
        seed = row.ai_seed if row.ai_seed is not None else zlib.crc32(row.id.encode())
        # One per seat: a human seat's plays while its player is away.
        self.agents: dict[int, Agent] = {
            seat: make_agent(row.level, game.name, seed + seat) for seat in range(game.players)
        }
        self.seat_changes = 0  # counts changes of who sits where, to wake long polls
        self.next_id: str | None = None  # the next deal at a friends table, once dealt
        self.unsaved: dict[int, float | None] = {}  # deadlines `arm` changed, to store
        # Draws the one world a searching seat's worker starts from (see ai/workers.py).
        self.rng = random.Random(seed)
        self.pacer = pacer
        # The search budget: before the pacer has timings, a pause nobody filled is drawn
        # from it (table/pacing.py).
        self.prior = max(
            (
                a.settings.budget_s or 0.0
                for a in self.agents.values()
                if isinstance(a, SearchAgent)
            ),
            default=0.0,
        )
        self.changed = asyncio.Event()
        self.used = time.monotonic()  # when a request last asked for the deal
        self.caught_at = -math.inf  # when `Tables.caught_up` last read the store for it
        # Whose the AI seats' searches count as, for turns at the workers: its creator's, or,
        # once reloaded from the store, the deal's own.
        self.client = row.id
        self.reviews_queued = False  # `Tables.queue_reviews`
        # How many other deals' reviews that client may have waiting when this one's are
        # queued at its end (None: no limit; the API sets it where limits are on).
        self.review_cap: int | None = None

    @property
    def id(self) -> str:
        return self.row.id

    def catch_up(self, actions: list[tuple[int, str]]) -> None:
        """Adopt actions stored after this table's last one (by this process before it left
        memory, or by another process); the held steps before each were taken, since a stored
        action follows them. Raises RulesError if one does not apply."""
        for seat, action in actions:
            self._adopt(self.state, self.state.settle_all())
            self._adopt(self.state, self.state.apply(seat, action), seat)

    @property
    def version(self) -> int:
        """The human's version of the deal (see `versions`)."""
        return self.versions[HUMAN]

    def _adopt(self, state: State, events: list[Event], by: int | None = None) -> None:
        """Take `state` and its events; `by`: the seat whose action it was (None: a held
        step)."""
        self.state = state
        before = list(self.versions)
        seen = before[HUMAN]
        for event in events:
            count_event(self.versions, event, self.game.players)
            self.log.append((tuple(self.versions), event))
        if self.versions[HUMAN] != seen:  # the human saw something: a new window opens
            now = time.monotonic()
            # A window your own answer closed lasted as long as you thought: not a search's time
            if self.pacer is not None and self.window.timed and by != HUMAN:
                self.pacer.record(self.pace_key, now - self.window.opened)
            self.window = Window(now, after_human=by == HUMAN)
        for seat, row in enumerate(self.seat_rows()):
            if row.kind == "human" and self.versions[seat] != before[seat]:
                self._step_seen(seat, before[seat], by)
        self.arm(by)

    def _step_seen(self, seat: int, seen: int, by: int | None) -> None:
        """Keep a human seat's observation after a step it saw (from version `seen` on), for
        `with_steps`: as compressed JSON, a twentieth of the memory of the dicts. A client sends
        the seat's action from the version it shows, so once that action comes, no client of
        the seat's needs an older step: they go."""
        if self.pacer is None:  # rebuilding a stored deal: its steps were shown long ago
            return
        steps = self.steps.setdefault(seat, deque(maxlen=STEPS_KEPT))
        if by == seat:
            steps.clear()
        observation = json.dumps(self.state.observation(seat), separators=(",", ":"))
        steps.append((seen, self.versions[seat], zlib.compress(observation.encode(), 1)))

    def with_steps(self, view: dict[str, Any], since: int) -> dict[str, Any]:
        """`view` (a human seat's) with the view's `table` after each step newer than `since`,
        the version the client shows, on that step's last log entry, so that the client can
        draw the steps one by one (docs/api.md). Nothing for a client further behind than the
        steps kept, nor for a spectator: it shows the view as it is."""
        steps = self.steps.get(view["seat"]) if view.get("seat") is not None else None
        if not steps or since < steps[0][0]:
            return view
        after = {version: table for _, version, table in steps if version > since}
        for entry in view["log"]:
            if entry["v"] in after:
                entry["table"] = json.loads(zlib.decompress(after[entry["v"]]))
        return view

    @property
    def pace_key(self) -> PaceKey:
        """Pauses are timed apart by game, level and whether the human's own move opened the
        window (public facts): after your discard every other seat may be asked, after an AI
        seat's discard one fewer, and searches in turn take longer."""
        return self.game.name, self.row.level, self.window.after_human

    def pause_left(self) -> float:
        """Seconds the held step must still wait: a pause in which nobody decided unseen
        lasts as long as one in which somebody did (table/pacing.py)."""
        if self.pacer is None or self.window.hidden:
            return 0.0
        return self.pacer.release_at(self.window, self.pace_key, self.prior) - time.monotonic()

    async def act(self, seat: int, action: str, for_away: bool = False) -> None:
        """Validate, store, then adopt one action. Raises RulesError or StoreError unchanged.
        The write runs off the event loop: a store that waits (another writer's lock, a slow
        disk) holds up this deal, not every request of the server (reliability review M3).
        `for_away`: the AI plays it for the seat's absent player."""
        state = self.state.clone()
        events = state.apply(seat, action)

        async def store_then_adopt() -> None:
            await asyncio.to_thread(
                self.store.append_action,
                self.id,
                len(self.state.actions),
                seat,
                state.actions[-1][1],
                for_away,
            )
            self._adopt(state, events, seat)

        # Shielded: a caller cancelled mid-write (a shutdown) must not leave the deal in
        # memory behind what the store holds; `Tables.close` waits for it.
        write = asyncio.ensure_future(store_then_adopt())
        self.writes.add(write)
        write.add_done_callback(self.writes.discard)
        await asyncio.shield(write)

    def settle(self) -> None:
        """Take the deal's held step: no decision, so nothing to store (a replay takes it),
        and nothing to refuse, so no clone to fall back to."""
        self._adopt(self.state, self.state.settle())

    def notify(self) -> None:
        """Wake the waiters of the old version (call on the event loop's thread)."""
        self.changed.set()
        self.changed = asyncio.Event()

    async def human_act(self, action: str, version: int, seat: int = HUMAN) -> None:
        if version != self.versions[seat]:
            raise StaleVersionError(self.versions[seat])
        if self.seating:
            raise WaitingError(self.id)
        await self.act(seat, action)

    def arm(self, by: int | None = None) -> None:
        """Give each human seat that owes a decision now its deadline, and take it from those
        that owe none; `by`: the seat that just acted (its next decision gets a whole
        allowance). In memory at once, so that no view shows a decision without its deadline;
        the changes wait in `unsaved` for `Tables._arm` to store."""
        if self.seats is None or self.pacer is None:  # no seats, or replaying stored actions
            return
        owing = set(self.state.to_act()) if self.timed() and not self.state.is_over() else set()
        now = time.time()
        for seat, row in enumerate(self.seats):
            wanted = row.deadline if seat != by else None
            if row.kind != "human" or row.away or seat not in owing:
                wanted = None
            elif wanted is None:
                wanted = now + (self.row.allowance or 0.0)
            if wanted != row.deadline or seat == by:
                self.unsaved[seat] = row.deadline = wanted

    def seat_rows(self) -> list[SeatRow]:
        """Who sits where; a deal stored before seats: you in seat 0, the AI elsewhere."""
        if self.seats is not None:
            return self.seats
        return [SeatRow("human")] + [SeatRow("ai") for _ in range(self.game.players - 1)]

    @property
    def seating(self) -> bool:
        """An invited seat has nobody yet: the deal waits (`Tables.join`, `Tables.start`)."""
        return any(
            r.kind == "human" and r.token_hash is None and r.invite_hash is not None
            for r in self.seat_rows()
        )

    def humans(self) -> int:
        return sum(r.kind == "human" for r in self.seat_rows())

    def for_friends(self) -> bool:
        """A table for friends: dealt with invite codes (kept by their seats, the AI's once
        the creator started without them), or a next deal of two or more humans."""
        return self.humans() >= 2 or any(r.invite_hash is not None for r in self.seat_rows())

    def timed(self) -> bool:
        """Whether decisions have a time allowance now: two or more humans play."""
        return self.row.allowance is not None and self.humans() >= 2 and not self.seating

    def played_by_ai(self, seat: int) -> bool:
        row = self.seat_rows()[seat]
        return row.kind == "ai" or row.away

    def set_seats(self, seats: list[SeatRow] | None) -> None:
        """Take the seats as stored now, counting a change of who sits where."""

        def public(rows: list[SeatRow] | None) -> Any:
            return [(r.kind, r.token_hash, r.name, r.away) for r in rows or []]

        if public(seats) != public(self.seats):
            self.seat_changes += 1
        self.seats = seats

    def decision_key(self, seat: int) -> tuple[int, ObservationBase]:
        """What a decision by `seat` was made on: once it changes, the decision is stale."""
        return len(self.state.actions), self.state.observation(seat)

    def next_agent_decision(self) -> tuple[int, Agent, ObservationBase, list[str]] | None:
        """The next seat an agent must decide for, with what that agent may see."""
        if self.seating:
            return None
        for seat in self.state.to_act():
            if self.played_by_ai(seat):
                legal = self.state.legal_actions(seat)
                return seat, self.agents[seat], self.state.observation(seat), legal
        return None

    def version_of(self, seat: int | None) -> int:
        """The version `seat` sees (None: a spectator)."""
        return self.versions[-1 if seat is None else seat]

    def view(self, seat: int | None = HUMAN) -> dict[str, Any]:
        """The per-viewer view of architecture.md §6: public information and the viewer's cards;
        with `seat` None the spectator's, public information only."""
        state = self.state
        # nobody owes anything while a friends table waits for its players
        owed = seat is not None and seat in state.to_act() and not self.seating
        public = set(state.public_to_act()) | ({seat} if owed and seat is not None else set())
        if self.seating:
            public = set()
        result = state.result()
        at = -1 if seat is None else seat
        return {
            "id": self.id,
            "game": self.game.name,
            "version": self.version_of(seat),
            "seat": seat,
            "seats": self.seats_view(seat),
            "seats_tag": self.seats_tag(),
            "waiting": self.seating,
            "allowance": self.row.allowance if self.humans() >= 2 else None,
            "to_act": sorted(public),
            "legal_actions": state.legal_actions(seat) if owed and seat is not None else [],
            "action_facts": state.action_facts(seat) if owed and seat is not None else {},
            "over": state.is_over(),
            "level": self.row.level,
            "result": result.to_json() if result is not None else None,
            "log": [
                {"v": vs[at], **e.to_json()}
                for vs, e in self.log
                if (e.seat is None if seat is None else e.visible_to(seat))
            ],
            "table": state.observation(seat),
            "match": {
                "previous": self.row.previous,
                "next": self.next_id,
                "totals_before": self.row.totals or [0] * self.game.players,
                "totals": self.totals(),
            },
        }

    def seats_view(self, viewer: int | None = None) -> list[dict[str, Any]]:
        """Who sits where, as anyone may see it: never a token or an invite code. A seat's
        time left shows only while everyone may know it decides, or to the seat itself: a
        claim window that asks only some seats must not tell who was asked."""
        public = set(self.state.public_to_act())
        now = time.time()
        seats = []
        for i, row in enumerate(self.seat_rows()):
            shown = row.deadline is not None and (i in public or i == viewer)
            seats.append(
                {
                    "kind": row.kind,
                    "level": self.row.level if row.kind == "ai" or row.away else None,
                    "name": row.name,
                    "joined": row.kind == "ai"
                    or row.token_hash is not None
                    or row.invite_hash is None,
                    "away": row.away,
                    "time_left": max(0.0, round(row.deadline - now, 1))
                    if shown and row.deadline is not None
                    else None,
                }
            )
        return seats

    def seats_tag(self) -> str:
        """Who sits where as anyone may see it (no time left), in 8 hex digits: a long poll
        sent with an older tag answers at once, so a friend who joined between two polls is
        not missed until the poll times out (usability walk: the creator's screen said the
        friend had not joined while the friend's clock ran)."""
        seen = [(s["kind"], s["name"], s["joined"], s["away"]) for s in self.seats_view()]
        return f"{zlib.crc32(json.dumps(seen).encode()):08x}"

    def dealer(self) -> int:
        dealer = self.state.observation(HUMAN).get("dealer", self.row.dealer)
        return dealer if dealer is not None else 0

    def totals(self) -> list[int]:
        """Running totals of the match up to this deal (its scores added once it is over)."""
        before = self.row.totals or [0] * self.game.players
        result = self.state.result()
        if result is None:
            return list(before)
        return [a + b for a, b in zip(before, result.scores, strict=True)]

    def record(self) -> dict[str, Any]:
        return make_record(self.state, self.row.seed, self.row.dealer, self.row.position)


# Deals kept in memory however idle, and how long one must be idle to leave beyond those. An
# open table asks at least every 25 s (the long poll), so it never counts as idle.
KEEP = 256
IDLE_S = 600.0
# No more deals than this stay in memory (30-60 kB each) once idle for BUSY_S: past it the
# least recently asked for leave early, since the store has them (reliability review M5). A
# deal asked for within BUSY_S (an open table polls every 25 s) or waited on stays: a request
# may still hold it, and a second copy in memory would not see the first one's actions.
MAX_LIVE = 4000
BUSY_S = 30.0
# A deal nobody has asked for in this long gets no AI search until somebody does.
WATCH_S = 60.0
# Seconds between two looks at the store for decisions whose time ran out (absent players).
SWEEP_S = 1.0
# Seconds between two reads of the store for a deal asked whether it is over (`caught_up`).
CATCH_UP_EVERY_S = 1.0
ALLOWANCE_S = 45.0  # the default time allowance of a decision at a friends table
NAME_MAX = 24  # characters of a display name


class Tables:
    """The live tables of one server process, loaded from the store on demand."""

    def __init__(
        self,
        store: Store,
        games: Mapping[str, Game],
        thinkers: Thinkers | None = None,
        keep: int = KEEP,
        idle_s: float = IDLE_S,
        pacer: Pacer | None = None,
        max_live: int = MAX_LIVE,
        busy_s: float = BUSY_S,
        worker: bool = True,
        jobs: JobQueue | None = None,
        sweep_s: float = SWEEP_S,
        reviews_at_end: bool = True,
    ) -> None:
        """`worker`: run an AI worker in this process, searching with `thinkers` (False: the
        jobs are for `cardavia worker` processes). `reviews_at_end`: queue a deal's reviews as
        it ends (False: only when one is asked for, as for the browser tests' server, which
        would otherwise review every deal they finish, in the background, while they run)."""
        self.store = store
        self.reviews_at_end = reviews_at_end
        self.pacer = pacer or Pacer()
        self.games = games
        self.jobs = jobs or JobQueue(store)
        self.worker = Worker(store, thinkers or Thinkers()) if worker else None
        self._unsubscribe: Any = None
        # The deals in memory, least recently asked for first. Past `keep` of them, those idle
        # for `idle_s` leave memory (a finished deal holds 44-82 KiB, docs/benchmarks.md); the
        # store has them, and the next request replays them back, as after a restart.
        self._tables: OrderedDict[str, Table] = OrderedDict()
        self.keep, self.idle_s, self.max_live = keep, idle_s, max(1, max_live)
        self.busy_s = min(busy_s, idle_s)
        self._locks: dict[str, asyncio.Lock] = {}
        self._loading: dict[str, int] = {}  # requests loading a deal from the store, per id
        self._tasks: set[asyncio.Future[Any]] = set()
        self._running: dict[str, int] = {}  # agent tasks per deal
        self.stopping = False  # the server stops: long polls answer at once (`stop_waits`)
        self._syncing: set[str] = set()  # deals announced changed, being caught up
        # Deals another process may have moved on since this one last read them: announced
        # changed (every deal, after announcements were lost). While the store's listener is up,
        # a deal not in here needs no read before a request (a shared store only).
        self._dirty: set[str] = set()
        self.sweep_s = sweep_s
        self._sweeper: asyncio.Task[None] | None = None

    def _start(self) -> None:
        """Listen to the store and start the worker, once, on the running event loop."""
        if self._unsubscribe is not None:
            return
        loop = asyncio.get_running_loop()

        def announced(channel: str, payload: str) -> None:  # from any thread
            loop.call_soon_threadsafe(self._announced, channel, payload)

        self._unsubscribe = self.store.subscribe(announced)
        if self.worker is not None:
            self.worker.start()
        self.start_timers()

    def start_timers(self) -> None:
        """Look for timed-out decisions from now on (on the running event loop): at start-up,
        so that a restarted server times out the stored deadlines with no request for them."""
        if self._sweeper is None:
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep_loop())

    def _announced(self, channel: str, payload: str) -> None:
        """A store announcement, on the event loop: wake what waits on it."""
        self.jobs.announced(channel, payload)
        if not self.store.shared:
            return  # this process made the change, and already woke its waiters
        if channel == "deal":
            ids = [payload]
        elif channel == "lost":
            ids = [*self._tables, *self._loading]
        else:
            return
        for deal_id in ids:
            if deal_id in self._tables or deal_id in self._loading:
                self._dirty.add(deal_id)
            table = self._tables.get(deal_id)
            if table is not None and table.waiting and deal_id not in self._syncing:
                self._syncing.add(deal_id)
                task = asyncio.get_running_loop().create_task(self._sync_task(table))
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)

    async def _sync_task(self, table: Table) -> None:
        try:
            async with self.lock(table.id):
                await self._sync(table)
        except StoreError:
            pass  # the long poll times out and asks again
        finally:
            self._syncing.discard(table.id)
        self.schedule_agents(table)

    async def caught_up(self, table: Table) -> None:
        """The copy brought up to date with the store now, announced or not, and its last held
        steps taken when they end the deal: a read that would answer "not over" right after
        another process ended it, its news or its pacing not yet here (operator walk: a
        record asked for then answered 409 once). Held steps that do not end it keep their
        pace."""
        # at most once a second a deal: anyone may ask for a deal's record, and each read
        # costs the store (code review)
        if not self.store.shared or time.monotonic() - table.caught_at < CATCH_UP_EVERY_S:
            return
        table.caught_at = time.monotonic()
        async with self.lock(table.id):
            await self._sync(table, always=True)
            if not table.state.unsettled():
                return
            ahead = table.state.clone()
            ahead.settle_all()
            if not ahead.is_over():
                return
            while table.state.unsettled():
                table.settle()
            await self._arm(table)
            table.notify()

    async def _sync(self, table: Table, always: bool = False) -> None:
        """Catch up with the actions other processes stored (call under the deal's lock): when
        the deal was announced changed, or always while announcements may be missed."""
        if not self.store.shared:
            return
        if not (always or table.id in self._dirty or not self.store.listening()):
            return
        self._dirty.discard(table.id)  # before reading: one announced meanwhile marks it again
        if table.seats is not None:  # who sits where, as another process may have changed it
            changes = table.seat_changes
            table.set_seats(await asyncio.to_thread(self.store.seats, table.id))
            if table.seat_changes != changes:
                table.notify()
        if table.state.is_over() and table.next_id is None:  # a next deal dealt elsewhere
            await self.follow(table)
            if table.next_id is not None:
                table.notify()
        found = await asyncio.to_thread(
            self.store.actions_since, table.id, len(table.state.actions)
        )
        if not found:
            return
        try:
            table.catch_up(found)
        except RulesError:  # cannot happen unless the copy went astray: replace it
            log.warning("deal %s: the copy in memory did not follow the store", table.id)
            fresh = await self._load(table.id)
            # in place, keeping what requests hold on to (their waits, writes, the client)
            kept = {
                k: table.__dict__[k] for k in ("changed", "waiting", "writes", "client", "used")
            }
            table.__dict__.update(fresh.__dict__, **kept)
        table.notify()

    async def _seen(self, table: Table, version: int, seat: int = HUMAN) -> None:
        """A client shows a version beyond ours: another process has taken held steps that
        this one still paces. Take them as this process's own pacing allows (never sooner, so
        a made-up version learns nothing), with the deal unlocked meanwhile."""
        while True:
            async with self.lock(table.id):
                await self._sync(table)
                if not (version > table.versions[seat] and table.state.unsettled()):
                    return
                pause = table.pause_left()
                if pause <= 0:
                    table.settle()
                    await self._arm(table)
                    table.notify()
                    continue
            await asyncio.sleep(pause)

    def lock(self, deal_id: str) -> asyncio.Lock:
        return self._locks.setdefault(deal_id, asyncio.Lock())

    async def create(
        self,
        game: str,
        seed: int | None = None,
        level: str = "normal",
        position: dict[str, Any] | None = None,
        after: Table | None = None,
        client: str | None = None,
        token: str | None = None,
        kinds: list[str] | None = None,
        name: str | None = None,
        allowance: float | None = ALLOWANCE_S,
        invites: dict[int, str] | None = None,
        review_cap: int | None = None,
    ) -> Table:
        """A new deal; `after` a finished deal of the same game makes it the next deal of a
        running match: the dealer passes on and the running totals carry over, and at a table
        of friends the same players keep the same seats (their tokens hold them at the next
        deal too). `client`: who asked (the AI seats' searches take turns with other clients'
        at the workers). `token`: the creator's seat token (None: seat 0 is nobody's yet).
        `kinds`: "human" or "ai" per seat (seat 0 is the creator's); each other human seat's
        invite code is put in `invites`. `name`: the creator's display name. `allowance`:
        seconds per decision once two humans play. `review_cap`: the other deals' reviews
        `client` may have waiting when this deal's are queued at its end (`queue_reviews`)."""
        deal_seed = secrets.randbits(63) if seed is None and position is None else seed
        dealer, previous, totals = None, None, None
        if after is not None:
            dealer = (after.dealer() + 1) % self.games[game].players
            previous, totals = after.id, after.totals()
        seats = opening_seats(self.games[game].players, token)
        seats[0].name = name
        if after is not None and after.humans() >= 2:
            # the same friends: each seat as it was, its player back from being away
            seats = [SeatRow(r.kind, r.token_hash, r.name) for r in after.seat_rows()]
            allowance, level = after.row.allowance, after.row.level
        elif kinds is not None:
            for seat, kind in enumerate(kinds[1:], 1):
                if kind == "human":
                    code = new_token()
                    seats[seat] = SeatRow("human", invite_hash=token_hash(code))
                    if invites is not None:
                        invites[seat] = code
        row = DealRow(
            secrets.token_urlsafe(16),
            game,
            deal_seed,
            dealer,
            position,
            level,
            previous=previous,
            totals=totals,
            ai_seed=secrets.randbits(32),
            seats=seats,
            allowance=allowance,
        )
        # deals before storing: no bad rows
        table = Table(row, self.games[game], self.store, self.pacer)
        if client is not None:
            table.client = client
        table.review_cap = review_cap
        self._start()
        await asyncio.to_thread(self.store.create, row)
        self._keep(table)
        self.schedule_agents(table)
        async with self.lock(table.id):
            await self._arm(table)
        return table

    async def get(self, deal_id: str) -> Table:
        self._start()
        table = self._tables.get(deal_id)
        if table is not None:
            self._touch(table)
            if self.store.shared and (deal_id in self._dirty or not self.store.listening()):
                async with self.lock(deal_id):
                    await self._sync(table)
            if not self._running.get(deal_id):  # an agent task that stopped on an error
                self.schedule_agents(table)  # goes on with the next request
            return table
        if not DEAL_ID.fullmatch(deal_id):
            raise UnknownDealError(deal_id)
        lock = self.lock(deal_id)
        self._loading[deal_id] = self._loading.get(deal_id, 0) + 1
        try:
            async with lock:
                table = self._tables.get(deal_id)
                if table is None:
                    table = await self._load(deal_id)
                    self._keep(table)
        finally:
            # An id that found no deal leaves nothing behind (reliability review H1).
            self._loading[deal_id] -= 1
            if not self._loading[deal_id]:
                del self._loading[deal_id]
                if deal_id not in self._tables and not lock.locked():
                    self._locks.pop(deal_id, None)
        self.schedule_agents(table)
        return table

    async def _load(self, deal_id: str) -> Table:
        """Rebuild a deal from the store. A row that cannot be rebuilt, for whatever reason
        (rules changed since, a damaged value), is unreadable; a store that cannot read raises
        StoreError (reliability review M7)."""
        try:
            row = await asyncio.to_thread(self.store.load, deal_id)
        except UnreadableRowError as err:
            raise UnreadableDealError(str(err)) from None
        if row is None or row.game not in self.games:
            raise UnknownDealError(deal_id)
        players = self.games[row.game].players
        for what, values in (("totals", row.totals), ("seats", row.seats)):
            if values is not None and len(values) != players:
                # each a value per seat: a view would fail on it at the first request
                log.warning(
                    "deal %s: its row has %d %s for %d seats", deal_id, len(values), what, players
                )
                raise UnreadableDealError(f"{deal_id}: {len(values)} {what} for {players} seats")
        try:
            return Table(row, self.games[row.game], self.store, self.pacer)
        except RulesError as err:
            raise UnreadableDealError(f"{deal_id}: {err}") from None
        except Exception as err:  # a level no agent has, a seed of text, ...
            # one line: it comes again at every request for the deal (no traceback each time)
            log.warning("deal %s: its row cannot be rebuilt: %r", deal_id, err)
            raise UnreadableDealError(f"{deal_id}: {err}") from None

    def _touch(self, table: Table) -> None:
        table.used = time.monotonic()
        self._tables.move_to_end(table.id)

    def _keep(self, table: Table) -> None:
        """Hold a deal in memory, and let the longest idle ones go (`keep`, `idle_s`)."""
        self._tables[table.id] = table
        self._touch(table)
        now = time.monotonic()
        for deal_id, old in list(self._tables.items()):
            idle = now - old.used
            if (
                len(self._tables) <= self.keep
                or idle < self.busy_s
                or (idle < self.idle_s and len(self._tables) <= self.max_live)
            ):
                break  # oldest first: the rest were asked for more recently
            if (
                not old.waiting
                and not self._running.get(deal_id)
                and not self.lock(deal_id).locked()
            ):
                del self._tables[deal_id]
                self._locks.pop(deal_id, None)

    def in_memory(self) -> list[str]:
        """The deals held in memory, least recently asked for first."""
        return list(self._tables)

    async def human_act(self, table: Table, action: str, version: int, seat: int = HUMAN) -> None:
        await self._seen(table, version, seat)
        async with self.lock(table.id):
            await self._sync(table)
            try:
                await table.human_act(action, version, seat)
            except ConflictError:
                # another process stored its action under this number first: the fresh view
                await self._sync(table, always=True)
                raise StaleVersionError(table.versions[seat]) from None
            rows = table.seat_rows()
            if rows[seat].away:  # acting takes the seat back from the AI
                await asyncio.to_thread(self.store.set_away, table.id, seat, False)
                rows[seat].away = False
                table.seat_changes += 1
            await self._arm(table)
            table.notify()
        self.schedule_agents(table)
        await self.queue_reviews(table)

    async def join(
        self,
        code: str,
        name: str | None,
        check: NameCheck | None = None,
        holder: str | None = None,
    ) -> tuple[Table, int, str]:
        """Take the seat an invite code gives: (the deal, the seat, its new token). Raises
        UnknownInviteError, or SeatTakenError for a code used already (or a seat given to the
        AI); of two at once exactly one gets the seat (the store decides). `check`: whether the
        name may be taken at that seat, given every seat's name (`NameCheck`): asked by the
        store with the deal's joins one after the other, so two joiners of one deal never
        both pass it with the same name, on any process; NameRefusedError with its answer.
        `holder`: a seat token the joiner sent; SeatHeldError if it holds a seat of this deal."""
        token = new_token()
        held = token_hash(holder) if holder is not None else None
        found = await asyncio.to_thread(
            self.store.take_invite, token_hash(code), token_hash(token), name, check, held
        )
        if found is None:
            raise UnknownInviteError(code)
        if found.held:
            raise SeatHeldError(found.deal_id)
        if found.refused is not None:
            raise NameRefusedError(found.refused)
        if not found.taken:
            raise SeatTakenError(found.deal_id)
        table = await self.get(found.deal_id)
        await self._seated(table)
        return table, found.seat, token

    async def invite(self, code: str) -> tuple[Table, int]:
        """The deal and seat an invite code gives, for the invited to see who invites them
        before joining (the seat may be taken already: `seats_view`). Raises
        UnknownInviteError, UnknownDealError for a deal gone; changes nothing."""
        found = await asyncio.to_thread(self.store.find_invite, token_hash(code))
        if found is None:
            raise UnknownInviteError(code)
        table = await self.get(found[0])
        return table, found[1]

    async def start(self, table: Table, seat: int | None) -> None:
        """The creator starts the table with the AI in every seat nobody has taken; a table
        already started (or a next deal of friends, which never waits) stays as it is. Raises
        NotCreatorError for another seat, NotFriendsTableError at a table of one human, which
        nothing changes."""
        if seat != 0:
            raise NotCreatorError(table.id)
        if not table.for_friends():
            raise NotFriendsTableError(table.id)
        await asyncio.to_thread(self.store.fill_seats, table.id)
        await self._seated(table)

    async def back(self, table: Table, seat: int) -> None:
        """An away player takes the seat back from the AI."""
        async with self.lock(table.id):
            rows = table.seat_rows()
            if rows[seat].away:
                await asyncio.to_thread(self.store.set_away, table.id, seat, False)
                rows[seat].away = False
                table.seat_changes += 1
                await self._arm(table)
                table.notify()

    async def follow(self, table: Table) -> None:
        """Learn the next deal of a finished friends table that another process dealt."""
        if table.next_id is None and table.state.is_over() and table.humans() >= 2:
            table.next_id = await asyncio.to_thread(self.store.next_deal, table.id)

    async def _seated(self, table: Table) -> None:
        """Who sits where changed in the store: read it, wake the waiters, let the AI play."""
        async with self.lock(table.id):
            table.set_seats(await asyncio.to_thread(self.store.seats, table.id))
            await self._arm(table)
            table.notify()
        self.schedule_agents(table)

    async def _arm(self, table: Table) -> None:
        """Store the deadlines `Table.arm` gave or took (call under the deal's lock), so that a
        restart or another process times them out (`sweep`)."""
        table.arm()
        if table.unsaved:
            changed, table.unsaved = table.unsaved, {}
            try:
                await asyncio.to_thread(self.store.set_deadlines, table.id, changed)
            except StoreError as err:
                table.unsaved = changed | table.unsaved  # the next change tries again
                log.warning("deal %s: deadlines not stored: %s", table.id, err)

    async def _sweep_loop(self) -> None:
        while True:
            await asyncio.sleep(self.sweep_s)
            try:
                await self.sweep()
            except StoreError as err:  # a store away for a moment: the next look tries again
                log.warning("the look for timed-out decisions failed: %s", err)
            except Exception:
                log.warning("the look for timed-out decisions failed", exc_info=True)

    async def sweep(self, now: float | None = None) -> None:
        """Time out the decisions whose deadline has passed, in whichever deal (stored, so
        after a restart and across processes alike; of two processes at once, the store's
        action numbers let one move in). A seat everyone knows decides goes to the AI, marked
        away; one asked privately (a claim window that asks only some seats) gets the AI's
        quick answer this once, unmarked, so that nothing tells who was asked."""
        now = time.time() if now is None else now
        for deal_id in await asyncio.to_thread(self.store.due_deals, now):
            try:
                await self._time_out(deal_id, now)
            except UnreadableRowError as err:  # a damaged row: the other deals go on
                log.warning("deal %s: its seats cannot be read: %s", deal_id, err)
                await self._forget_deadlines(deal_id)

    async def _time_out(self, deal_id: str, now: float) -> None:
        """`sweep`'s work on one deal with a deadline past."""
        try:
            table = await self.get(deal_id)
        except UnknownDealError:  # gone, or no longer replays: nothing will time out
            await self._forget_deadlines(deal_id)
            return
        async with self.lock(table.id):
            await self._sync(table, always=True)
            table.set_seats(await asyncio.to_thread(self.store.seats, table.id))
            rows = table.seat_rows()
            to_act = set(table.state.to_act()) if not table.seating else set()
            public = set(table.state.public_to_act())
            for seat, row in enumerate(rows):
                if row.deadline is None or row.deadline > now:
                    continue
                row.deadline = None
                await asyncio.to_thread(self.store.set_deadlines, table.id, {seat: None})
                if seat not in to_act or row.kind != "human" or row.away:
                    continue
                if seat in public:
                    await asyncio.to_thread(self.store.set_away, table.id, seat, True)
                    row.away = True
                    table.seat_changes += 1
                else:
                    legal = table.state.legal_actions(seat)
                    action = table.agents[seat].act(table.state.observation(seat), legal)
                    await self._apply_agent(table, seat, action, legal)
            await self._arm(table)
            table.notify()
        self.schedule_agents(table)

    async def _forget_deadlines(self, deal_id: str) -> None:
        """No decision of this deal will time out: its deadlines go, for every seat a game may
        have, not the row's (a damaged row does not read back)."""
        most = max(game.players for game in self.games.values())
        cleared: dict[int, float | None] = dict.fromkeys(range(most))
        await asyncio.to_thread(self.store.set_deadlines, deal_id, cleared)

    async def seat_of(self, table: Table, token: str | None) -> int | None:
        """The seat `token` holds at this deal (None: no token, a spectator). Seats another
        process changed are re-read before a token is refused with BadTokenError."""
        if token is None:
            return None
        seat = seat_of(table.seats, token)
        if seat is None:
            table.seats = await asyncio.to_thread(self.store.seats, table.id)
            seat = seat_of(table.seats, token)
        if seat is None:
            raise BadTokenError(table.id)
        return seat

    async def claim(self, table: Table) -> str:
        """Seat 0's token for a deal stored before seats had tokens: given once, to the first
        who asks (until then the deal id was that seat's only credential). Raises
        SeatTakenError when the deal has seats already."""
        if table.seats is None:
            token = new_token()
            seats = opening_seats(table.game.players, token)
            if await asyncio.to_thread(self.store.claim_seats, table.id, seats):
                table.seats = seats
                return token
        raise SeatTakenError(table.id)

    def stop_waits(self) -> None:
        """The server is stopping: every long poll answers now, with the view as it is, and
        any later one at once, rather than be cut when the server's grace ends (uvicorn then
        sends a plain-text 500, which a proxy does not retry). Call on the event loop."""
        self.stopping = True
        for table in self._tables.values():
            table.notify()

    async def wait(
        self,
        table: Table,
        version: int,
        timeout: float,
        seat: int | None = HUMAN,
        seats_tag: str | None = None,
    ) -> None:
        """Return once the version `seat` sees exceeds `version`, or who sits where changes (from
        `seats_tag`, the tag of the seats the asker shows, else from now), or a finished friends
        table has its next deal (at once if it has one already: a finished deal polled is one
        whose next is awaited), or after `timeout` seconds, or at once when the server is
        stopping (`stop_waits`)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        table.waiting += 1
        changes = table.seat_changes
        try:
            while (
                table.version_of(seat) <= version
                and table.seat_changes == changes
                and table.next_id is None
                and (seats_tag is None or table.seats_tag() == seats_tag)
                and not self.stopping
            ):
                remaining = deadline - loop.time()
                if remaining <= 0:
                    return
                if not await wait_set(table.changed, remaining):
                    return
        finally:
            table.waiting -= 1

    def schedule_agents(self, table: Table) -> None:
        """Let the agent seats play, and the held steps be taken, until the human owes a
        decision or the deal ends."""
        if not table.state.unsettled() and table.next_agent_decision() is None:
            return
        task = asyncio.get_running_loop().create_task(self._run_agents(table))
        self._tasks.add(task)
        self._running[table.id] = self._running.get(table.id, 0) + 1

        def done(task: asyncio.Task[None]) -> None:
            self._tasks.discard(task)
            self._running[table.id] -= 1
            if not self._running[table.id]:
                del self._running[table.id]

        task.add_done_callback(done)

    async def _run_agents(self, table: Table) -> None:
        try:
            await self._play_agents(table)
            if table.state.is_over():
                await self.queue_reviews(table)
        except StoreError as err:
            # a store away for a moment (the deal could not be brought up to date): the AI
            # seats go on at the next request for the deal (operator walk: an unretrieved
            # task exception was logged with its traceback)
            log.warning("deal %s: the AI seats wait for the store: %s", table.id, err)

    async def _play_agents(self, table: Table) -> None:
        while True:
            async with self.lock(table.id):
                pause: float | None = None
                await self._sync(table)
                if table.state.is_over():
                    return
                if table.state.unsettled():
                    # A held step waits as long as a hidden decision would have (pacing.py).
                    pause = max(table.pause_left(), 0.0)
                    if not pause:
                        table.settle()
                        await self._arm(table)
                        table.notify()
                else:
                    decision = table.next_agent_decision()
                    if decision is None:
                        return
                    seat, agent, observation, legal = decision
                    if not (isinstance(agent, SearchAgent) and needs_search(legal)):
                        if not await self._apply_agent(
                            table, seat, agent.act(observation, legal), legal
                        ):
                            return
                        pause = 0.0
                    else:
                        if time.monotonic() - table.used > WATCH_S:
                            # Nobody has asked for the deal for a while (an open table polls
                            # every 25 s): no search for nobody. The next request goes on.
                            return
                        # A searching seat thinks in a worker process, on one world sampled
                        # from its own view, with the table unlocked: a human claim answer may
                        # come in meanwhile.
                        key = table.decision_key(seat)
                        began = time.monotonic()
                        world = table.state.sample_world(seat, table.rng)  # an eager deal
                        job = job_key(
                            table.id, "seat", len(table.state.actions), seat, table.versions[seat]
                        )
                        payload = pack(
                            table.row.level,
                            table.game.name,
                            table.rng.randrange(2**32),
                            world,
                            seat,
                            observation,
                            legal,
                        )
            if pause is not None:
                # unlocked: requests come in between two steps, a human answer during a pause
                await asyncio.sleep(pause)
                continue
            try:
                found = await self.jobs.result(job, table.id, table.client, payload)
                action = found["action"]
            except (JobFailed, StoreError) as err:
                # No worker answered in time, or the search failed: the seat plays its
                # heuristic move (the search's own default) rather than stall the deal.
                log.warning("deal %s: seat %d could not search: %s", table.id, seat, err)
                action = agent.act(observation, legal)
            async with self.lock(table.id):
                # (if the deal moved on while the seat thought, it decides again)
                if (
                    table.decision_key(seat) == key
                    and seat in table.state.to_act()
                    and not await self._apply_agent(table, seat, action, legal, began)
                ):
                    return

    async def _apply_agent(
        self, table: Table, seat: int, action: str, legal: list[str], began: float | None = None
    ) -> bool:
        """Play an agent's action; False if the store refused it (nothing changed: the seat
        decides again when the next request for the deal comes in). `began`: when a search
        for it started."""
        if seat not in table.state.public_to_act():
            table.window.hidden = True  # a decision nobody else saw asked for
            # timed only whole: a search begun before the human's own answer in the same
            # window would time just its tail
            if began is not None and began >= table.window.opened:
                table.window.timed = True
        # a human seat's player is away: the move is the AI's, not theirs to review (a human's
        # only legal move, played for them, is none of the review's either)
        row = table.seat_rows()[seat]
        for_away = row.kind == "human" and row.away
        try:
            try:
                await table.act(seat, action, for_away)
            except RulesError:
                # An agent bug must not stall the deal: fall back to its first legal action.
                await table.act(seat, legal[0], for_away)
        except ConflictError:
            return True  # another process played this step first: catch up and go on
        except StoreError as err:
            log.warning("deal %s: seat %d's action was not stored: %s", table.id, seat, err)
            return False
        await self._arm(table)
        table.notify()
        return True

    async def hint(
        self, table: Table, version: int, client: str | None = None, seat: int = HUMAN
    ) -> dict[str, Any]:
        """What the table's level would play for the seat now, and why (`Decision` fields).
        One search per decision: asking again, before the answer or after it (another tab, a
        quick second press, another web process), gets the same job's answer rather than
        queueing another search in front of the AI seats'. `client`: who asked (turns at the
        workers)."""
        await self._seen(table, version, seat)
        async with self.lock(table.id):
            await self._sync(table)
            if version != table.versions[seat]:
                raise StaleVersionError(table.versions[seat])
            if table.seating:  # nobody may act yet: no search for a move nobody may make
                raise WaitingError(table.id)
            if seat not in table.state.to_act():
                raise NotYourTurnError("you have no decision to make")
            observation = table.state.observation(seat)
            legal = table.state.legal_actions(seat)
            level = table.row.level
            plain = obvious(legal)
            if plain is not None:
                return _hint_json(level, plain.action, plain.reason, 0, {}, [])
            seed = table.rng.randrange(2**32)
            if level not in SEARCH_LEVELS:
                action = make_agent(HINT_POLICY, table.game.name, seed).act(observation, legal)
                why = explain(table.game.name, observation, legal, action)
                return _hint_json(level, action, "greedy", 0, {}, why)
            # keyed by what the seat has seen (its version, its own actions), never by the
            # count of every seat's: another seat's hidden answer would start a new search,
            # whose new answer told that the seat had held a claim (security test)
            own = sum(1 for by, _ in table.state.actions if by == seat)
            key = job_key(table.id, "hint", own, seat, version)
            payload = pack(
                level,
                table.game.name,
                seed,
                table.state.sample_world(seat, table.rng),
                seat,
                observation,
                legal,
            )
        try:
            found = await self.jobs.result(key, table.id, client or table.client, payload)
        except (JobFailed, StoreError) as err:  # as for an AI seat: the heuristic move
            log.warning("deal %s: the hint could not search: %s", table.id, err)
            action = make_agent(level, table.game.name, seed).act(observation, legal)
            found = {"action": action, "reason": "greedy", "samples": 0, "values": {}}
        why = explain(table.game.name, observation, legal, found["action"])
        return _hint_json(
            level, found["action"], found["reason"], found["samples"], found["values"], why
        )

    def human_seats(self, table: Table) -> list[int]:
        """The seats a review is made for: its human players' (seat 0 in a deal stored before
        seats existed)."""
        if table.seats is None:
            return [HUMAN]
        return [i for i, row in enumerate(table.seats) if row.kind == "human"]

    async def queue_reviews(self, table: Table) -> None:
        """Once the deal is over, queue the review of every human seat (architecture.md §8),
        so that it is ready by the time its player asks. Once per table in memory; a process
        that did not see the end queues it when the review is first asked for."""
        if not self.reviews_at_end or not table.state.is_over() or table.reviews_queued:
            return
        table.reviews_queued = True
        for seat in self.human_seats(table):
            try:
                if not await self._submit_review(table, seat, None, table.review_cap):
                    # the deal's creator has as many reviews waiting as it may: this deal's
                    # are queued when asked for, once fewer wait (`review`)
                    log.info("deal %s: its reviews wait for the client's others", table.id)
                    return
            except (StoreError, RulesError) as err:  # asked for later, it is queued again
                log.warning("deal %s: the review was not queued: %s", table.id, err)

    async def _submit_review(
        self, table: Table, seat: int, client: str | None = None, cap: int | None = None
    ) -> bool:
        """Queue the review job of `seat` unless it exists, as `client`'s (by default the
        deal's: its creator's): False, and nothing queued, when `cap` is given and that client
        has reviews of `cap` other deals waiting (the store counts them as it queues)."""
        key = review_key(table.id, len(table.state.actions), seat)
        if await asyncio.to_thread(self.store.has_job, key):
            return True  # queued, being made, or made: nothing to build again
        owner = f"review/{client or table.client}"
        if (
            cap is not None
            and await asyncio.to_thread(self.store.reviews_waiting, owner, table.id) >= cap
        ):
            return False  # before building its payload, which replays the whole deal
        seed = table.rng.randrange(2**32)
        row, game, actions = table.row, table.game, list(table.state.actions)
        # which of them the AI played for an absent player: any process may have played them
        stored = await asyncio.to_thread(self.store.load, table.id)
        for_away = stored.for_away if stored is not None else frozenset()

        def build() -> bytes:
            # replayed eager, from the deal's start: each point's world is sampled from the
            # seat's view at that moment, the only thing of the deal the job carries
            if row.position is not None:
                start = game.from_position(row.position)
            else:
                assert row.seed is not None
                start = game.new_deal(row.seed, row.dealer)
            points = points_of(start, actions, seat, random.Random(seed), for_away)
            return pack_review(game.name, seed, seat, points)

        payload = await asyncio.to_thread(build)
        queued: bool = await asyncio.to_thread(
            self.store.submit_job, key, table.id, owner, payload, cap
        )
        return queued

    async def review(
        self, table: Table, seat: int, client: str | None = None, cap: int | None = None
    ) -> dict[str, Any] | None:
        """The finished deal's review of `seat` (architecture.md §8), or None while its job
        runs (queued now if it was not, as `client`'s). Raises ReviewFailedError if the search
        failed, and queues it again, so that asking later gets a review; ReviewsWaitingError,
        queueing nothing, when it must be queued but `client` has reviews of `cap` other deals
        waiting (queued or being made)."""
        found = await asyncio.to_thread(self.store.load_review, table.id, seat)
        if found is not None:
            review: dict[str, Any] = json.loads(found)
            return review
        key = review_key(table.id, len(table.state.actions), seat)
        text = await asyncio.to_thread(self.store.job_result, key)
        if text is None:
            if not await self._submit_review(table, seat, client, cap):
                raise ReviewsWaitingError(table.id)
            # asked for: made before the reviews queued at deals' ends that nobody asked for
            # (a hurry, not a need: a store that cannot write it now still answers 202)
            try:
                await asyncio.to_thread(self.store.want_job, key)
            except StoreError as err:
                log.warning("deal %s: the review was not marked wanted: %s", table.id, err)
            return None
        done: dict[str, Any] = json.loads(text)
        if "error" in done:
            await asyncio.to_thread(self.store.retry_job, key)
            raise ReviewFailedError(done["error"])
        await asyncio.to_thread(self.store.save_review, table.id, seat, text)
        return done

    async def drain(self) -> None:
        """Wait for every running agent task (tests, shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def close(self) -> None:
        """Shut down: stop the agent seats mid-thought (every applied action is already stored;
        a restart lets them think again) and the worker processes."""
        if self._sweeper is not None:
            self._sweeper.cancel()
            await _settled([self._sweeper])
        for task in list(self._tasks):
            task.cancel()
        await _settled(list(self._tasks))
        writes = [w for table in self._tables.values() for w in table.writes]
        await _settled(writes)  # before the store closes
        if self.worker is not None:
            await self.worker.close()
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None


async def _settled(waits: list[Any], timeout: float = 10.0) -> None:
    """Wait for the tasks and futures of a shutdown, but never for ever: one stuck in a store
    call that does not return must not keep the server (or a test's app) from stopping."""
    if waits:
        await asyncio.wait([asyncio.ensure_future(w) for w in waits], timeout=timeout)


def _hint_json(
    level: str,
    action: str,
    reason: str,
    samples: int,
    values: Mapping[str, Any],
    why: list[dict[str, Any]],
) -> dict[str, Any]:
    """The hint of docs/api.md: the level that chose it, the action, why (in the policies' terms
    and by the simulated win shares behind it)."""
    mine = values.get(action)
    others = [v[1] for a, v in values.items() if a != action]
    return {
        "level": level,
        "action": action,
        "reason": reason,
        "why": why,
        "samples": samples,
        "share": mine[1] if mine else None,
        "next_share": max(others) if others else None,
        "options": len(values),
    }
