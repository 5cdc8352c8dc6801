"""`cardavia bench --memory`: what a deal in play costs a server in memory, and that idle deals
leave it (`Tables(keep=…, idle_s=…)`, docs/benchmarks.md). Python allocations, by tracemalloc.

The deals are played three times, the same way (greedy AI seats, the human playing its last
legal action): first to fill the agents' caches, which belong to the process, not to a deal;
then holding every deal; then with `keep` deals kept however idle and every deal idle at once.
"""

from __future__ import annotations

import asyncio
import gc
import tempfile
import tracemalloc
from pathlib import Path
from typing import Any

from cardavia.games.registry import GAMES
from cardavia.store.sqlite import SQLiteStore
from cardavia.table.live import HUMAN, Tables


async def _play(tables: Tables, game: str, seed: int) -> None:
    table = await tables.create(game, seed, "greedy")
    await tables.drain()
    while not table.state.is_over():
        await tables.human_act(table, table.state.legal_actions(HUMAN)[-1], table.version)
        await tables.drain()


async def _held(game: str, deals: int, keep: int, idle_s: float, db: Path) -> tuple[int, int]:
    """Bytes allocated and still held after playing the deals, and the deals in memory."""
    tables = Tables(SQLiteStore(db), GAMES, keep=keep, idle_s=idle_s)
    gc.collect()
    before = tracemalloc.get_traced_memory()[0]
    for seed in range(deals):
        await _play(tables, game, seed)
    gc.collect()
    return tracemalloc.get_traced_memory()[0] - before, len(tables.in_memory())


def run_memory_bench(game: str, deals: int = 50, keep: int = 10) -> dict[str, Any]:
    tracemalloc.start()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            caches, _ = asyncio.run(_held(game, deals, 1, 0.0, folder / "warm.db"))
            every, held = asyncio.run(_held(game, deals, deals, 600.0, folder / "all.db"))
            bounded, kept = asyncio.run(_held(game, deals, keep, 0.0, folder / "keep.db"))
    finally:
        tracemalloc.stop()
    return {
        "game": game,
        "deals": deals,
        "kib_caches": caches / 1024,
        "kib_per_deal": every / held / 1024,
        "kib_held_all": every / 1024,
        "keep": keep,
        "deals_in_memory": kept,
        "kib_held": bounded / 1024,
    }
