"""The live tables (cardavia.table.live): a store that refuses an AI seat's action loses
nothing, and the seat plays on with the next request for the deal. Every test runs on SQLite
and on PostgreSQL (tests/backends.py)."""

from __future__ import annotations

import asyncio
import threading
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardavia.games.registry import GAMES
from cardavia.store import open_store
from cardavia.store.base import DealRow, Store, StoreError
from cardavia.table.live import HUMAN, Tables
from tests.backends import BACKENDS, fresh_db
from tests.table.helpers import run


@pytest.fixture(params=BACKENDS)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    """A new, empty store, once per backend."""
    with fresh_db(request.param, tmp_path) as db:
        store = open_store(db)
        yield store
        store.close()


class Wrapped:
    """A store that passes every call on to `inner`: the tests' stand-ins change one call."""

    def __init__(self, inner: Store) -> None:
        self.inner = inner

    def __getattr__(self, name: str) -> Any:  # the job queue, announcements, `shared`
        return getattr(self.inner, name)

    def create(self, deal: DealRow) -> None:
        self.inner.create(deal)

    def append_action(
        self, deal_id: str, index: int, seat: int, action: str, for_away: bool = False
    ) -> None:
        self.inner.append_action(deal_id, index, seat, action, for_away)

    def load(self, deal_id: str) -> DealRow | None:
        return self.inner.load(deal_id)

    def close(self) -> None:
        self.inner.close()


class Flaky(Wrapped):
    """Refuses every action write while `down` (a full disk, a locked file, a lost server)."""

    down = False

    def append_action(
        self, deal_id: str, index: int, seat: int, action: str, for_away: bool = False
    ) -> None:
        if self.down:
            raise StoreError("disk I/O error")
        super().append_action(deal_id, index, seat, action, for_away)


def test_an_ai_seat_whose_action_was_not_stored_plays_on_with_the_next_request(
    store: Store,
) -> None:
    flaky = Flaky(store)
    tables = Tables(flaky, GAMES)

    async def go() -> None:
        table = await tables.create("sisepai", 2, "greedy")
        await tables.drain()
        while not table.state.is_over() and HUMAN in table.state.to_act():
            await tables.human_act(table, table.state.legal_actions(HUMAN)[-1], table.version)
            flaky.down = True  # the human's move was stored; the AI seats' are refused
            await tables.drain()
            stuck = [s for s in table.state.to_act() if s != HUMAN]
            if stuck:
                break
            flaky.down = False
        assert stuck, "no AI seat had to move after the human"
        stored = len(store.load(table.id).actions)  # type: ignore[union-attr]
        assert stored == len(table.state.actions)  # nothing applied that was not stored
        await tables.get(table.id)  # a request while the store is still down: still waits
        await tables.drain()
        assert len(table.state.actions) == stored
        flaky.down = False
        await tables.get(table.id)  # the store is back: the next request revives the seats
        await tables.drain()
        assert len(table.state.actions) > stored
        assert len(store.load(table.id).actions) == len(table.state.actions)  # type: ignore[union-attr]

    run(go())


def test_idle_deals_leave_memory_and_come_back_from_the_store(store: Store) -> None:
    tables = Tables(store, GAMES, keep=2, idle_s=0.0)

    async def go() -> None:
        seen = {}
        for seed in range(4):
            table = await tables.create("chuopai", seed, "easy")
            await tables.drain()
            await tables.human_act(table, table.state.legal_actions(HUMAN)[0], table.version)
            await tables.drain()
            seen[table.id] = table.view()
        assert len(tables.in_memory()) == 2
        busy = next(iter(seen))  # evicted already: back from the store, as it was
        assert (await tables.get(busy)).view() == seen[busy]
        async with tables.lock(busy):  # a deal in use stays, however many others come
            for seed in range(4, 7):
                await tables.create("chuopai", seed, "easy")
                await tables.drain()
            assert busy in tables.in_memory()
        for deal_id, view in seen.items():
            assert (await tables.get(deal_id)).view() == view
        assert len(tables.in_memory()) == 2

    run(go())


def test_past_the_cap_deals_leave_memory_however_recent(store: Store) -> None:
    """Reliability review M5: the deals in memory are bounded, not only the idle ones."""
    tables = Tables(store, GAMES, keep=2, max_live=5, busy_s=0.0)

    async def go() -> None:
        made = []
        for seed in range(12):
            made.append((await tables.create("nantong", seed, "greedy")).id)
            await tables.drain()
            assert len(tables.in_memory()) <= 5
        assert tables.in_memory() == made[-5:]  # the most recent stay
        first = await tables.get(made[0])  # the others come back from the store
        assert first.id == made[0] and len(tables.in_memory()) <= 5

    run(go())


def test_the_ai_seed_is_the_servers_secret(store: Store) -> None:
    """Reliability review L4: the AI seats' randomness is not derived from the public id."""
    tables = Tables(store, GAMES)

    async def go() -> None:
        seeds = set()
        for seed in range(3):
            table = await tables.create("sisepai", seed, "easy")
            await tables.drain()
            row = store.load(table.id)
            assert row is not None and row.ai_seed is not None
            assert row.ai_seed != zlib.crc32(table.id.encode())
            assert str(row.ai_seed) not in str(table.view())
            seeds.add(row.ai_seed)
        assert len(seeds) == 3

    run(go())


class Stalled(Wrapped):
    """A store whose action writes wait until released: another process's lock, a slow disk."""

    def __init__(self, inner: Store) -> None:
        super().__init__(inner)
        self.stall = threading.Event()
        self.stall.set()
        self.order: list[str] = []

    def append_action(
        self, deal_id: str, index: int, seat: int, action: str, for_away: bool = False
    ) -> None:
        if not self.stall.wait(5):
            self.order.append("write timed out")
        super().append_action(deal_id, index, seat, action, for_away)
        self.order.append("written")


def test_a_slow_store_write_holds_up_its_deal_only(store: Store) -> None:
    """Reliability review M3: store writes run off the event loop."""
    stalled = Stalled(store)
    tables = Tables(stalled, GAMES)

    async def go() -> None:
        slow = await tables.create("chuopai", 1, "greedy")
        other = await tables.create("chuopai", 2, "greedy")
        await tables.drain()
        stalled.order.clear()
        stalled.stall.clear()
        act = asyncio.ensure_future(
            tables.human_act(slow, slow.state.legal_actions(HUMAN)[0], slow.version)
        )
        await asyncio.sleep(0.05)
        assert (await tables.get(other.id)).view()["id"] == other.id  # answered meanwhile
        stalled.order.append("other deal answered")
        stalled.stall.set()
        await act
        await tables.drain()

    run(go())
    assert stalled.order[:2] == ["other deal answered", "written"]


def test_a_view_carries_the_steps_its_client_has_not_drawn(store: Store) -> None:
    """docs/api.md: each step newer than the version a client shows brings the human's table
    after it, on the step's last log entry; the human's own action lets the older steps go, so
    a client further behind gets none (it draws the view as it is), and so does another seat."""
    tables = Tables(store, GAMES)

    async def go() -> None:
        table = await tables.create("paohuzi", 3, "greedy")
        await tables.drain()
        lasts: set[int] = set()
        while not table.state.is_over():
            since = table.version
            await tables.human_act(table, table.state.legal_actions(HUMAN)[0], since)
            await tables.drain()
            view = table.with_steps(table.view(), since)
            carried = {e["v"]: e["table"] for e in view["log"] if "table" in e}
            assert carried and min(carried) > since and max(carried) == view["version"]
            assert carried[view["version"]] == view["table"]
            # only the last entry of each step: the version after each step the table took
            assert set(carried) == {v for _, v, _ in table.steps[HUMAN]}
            lasts |= {e["v"] for e in view["log"] if e["v"] > since and e["v"] not in carried}
            behind = table.with_steps(table.view(), since - 1)
            assert not any("table" in e for e in behind["log"])
            assert not any("table" in e for e in table.with_steps(table.view(1), since)["log"])
        assert lasts, "no step of several entries in the deal"

    run(go())


def test_a_long_poll_sent_with_older_seats_answers_at_once(store: Store) -> None:
    """A friend joins between two of the creator's long polls (while the creator's page shows
    the last answer): the next poll, sent with the seats tag of the view shown, answers at
    once rather than after its whole wait (usability walk: the creator's screen said the friend
    had not joined for 6 s or more while the friend's clock ran). With the seats as they are,
    it waits as before."""
    tables = Tables(store, GAMES)

    async def go() -> None:
        invites: dict[int, str] = {}
        table = await tables.create(
            "chuopai", 3, "greedy", kinds=["human", "human", "ai"], invites=invites
        )
        shown = table.view(HUMAN)  # the creator's page: seat 1 not joined yet
        assert shown["seats"][1]["joined"] is False and shown["waiting"] is True
        await tables.join(invites[1], "Bo")  # between two polls
        now = table.view(HUMAN)
        assert now["seats_tag"] != shown["seats_tag"] and now["version"] == shown["version"]
        # (bounded far below the poll's 30 s: without the tag it waits them all)
        await asyncio.wait_for(
            tables.wait(table, shown["version"], 30, HUMAN, shown["seats_tag"]), 10
        )
        with pytest.raises(TimeoutError):  # nothing changed since: it waits
            await asyncio.wait_for(
                tables.wait(table, now["version"], 30, HUMAN, now["seats_tag"]), 0.5
            )
        await tables.close()

    run(go())
