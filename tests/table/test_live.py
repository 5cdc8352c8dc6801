"""The live tables (cardavia.table.live): a store that refuses an AI seat's action loses
nothing, and the seat plays on with the next request for the deal."""

from __future__ import annotations

import asyncio
import threading
import zlib
from pathlib import Path

from cardavia.games.registry import GAMES
from cardavia.store.base import StoreError
from cardavia.store.sqlite import SQLiteStore
from cardavia.table.live import HUMAN, Tables
from tests.table.helpers import run


class Flaky(SQLiteStore):
    """Refuses every action write while `down` (a full disk, a locked file)."""

    down = False

    def append_action(self, deal_id: str, index: int, seat: int, action: str) -> None:
        if self.down:
            raise StoreError("disk I/O error")
        super().append_action(deal_id, index, seat, action)


def test_an_ai_seat_whose_action_was_not_stored_plays_on_with_the_next_request(
        tmp_path: Path) -> None:
    store = Flaky(tmp_path / "deals.db")
    tables = Tables(store, GAMES)

    async def go() -> None:
        table = await tables.create("sisepai", 2, "greedy")
        await tables.drain()
        while not table.state.is_over() and HUMAN in table.state.to_act():
            await tables.human_act(table, table.state.legal_actions(HUMAN)[-1], table.version)
            store.down = True  # the human's move was stored; the AI seats' are refused
            await tables.drain()
            stuck = [s for s in table.state.to_act() if s != HUMAN]
            if stuck:
                break
            store.down = False
        assert stuck, "no AI seat had to move after the human"
        stored = len(store.load(table.id).actions)  # type: ignore[union-attr]
        assert stored == len(table.state.actions)  # nothing applied that was not stored
        await tables.get(table.id)  # a request while the store is still down: still waits
        await tables.drain()
        assert len(table.state.actions) == stored
        store.down = False
        await tables.get(table.id)  # the store is back: the next request revives the seats
        await tables.drain()
        assert len(table.state.actions) > stored
        assert len(store.load(table.id).actions) == len(table.state.actions)  # type: ignore[union-attr]

    run(go())


def test_idle_deals_leave_memory_and_come_back_from_the_store(tmp_path: Path) -> None:
    tables = Tables(SQLiteStore(tmp_path / "deals.db"), GAMES, keep=2, idle_s=0.0)

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


def test_past_the_cap_deals_leave_memory_however_recent(tmp_path: Path) -> None:
    """Reliability review M5: the deals in memory are bounded, not only the idle ones."""
    tables = Tables(SQLiteStore(tmp_path / "deals.db"), GAMES, keep=2, max_live=5, busy_s=0.0)

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


def test_the_ai_seed_is_the_servers_secret(tmp_path: Path) -> None:
    """Reliability review L4: the AI seats' randomness is not derived from the public id."""
    store = SQLiteStore(tmp_path / "deals.db")
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


class Stalled(SQLiteStore):
    """A store whose action writes wait until released: another process's lock, a slow disk."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.stall = threading.Event()
        self.stall.set()
        self.order: list[str] = []

    def append_action(self, deal_id: str, index: int, seat: int, action: str) -> None:
        if not self.stall.wait(5):
            self.order.append("write timed out")
        super().append_action(deal_id, index, seat, action)
        self.order.append("written")


def test_a_slow_store_write_holds_up_its_deal_only(tmp_path: Path) -> None:
    """Reliability review M3: store writes run off the event loop."""
    store = Stalled(tmp_path / "deals.db")
    tables = Tables(store, GAMES)

    async def go() -> None:
        slow = await tables.create("chuopai", 1, "greedy")
        other = await tables.create("chuopai", 2, "greedy")
        await tables.drain()
        store.order.clear()
        store.stall.clear()
        act = asyncio.ensure_future(
            tables.human_act(slow, slow.state.legal_actions(HUMAN)[0], slow.version))
        await asyncio.sleep(0.05)
        assert (await tables.get(other.id)).view()["id"] == other.id  # answered meanwhile
        store.order.append("other deal answered")
        store.stall.set()
        await act
        await tables.drain()

    run(go())
    assert store.order[:2] == ["other deal answered", "written"]
