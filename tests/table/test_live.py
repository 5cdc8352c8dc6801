"""The live tables (cardavia.table.live): a store that refuses an AI seat's action loses
nothing, and the seat plays on with the next request for the deal."""

from __future__ import annotations

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
