"""AI seats think in worker processes (cardavia.ai.workers): a worker that dies is replaced,
and a seat whose search fails plays its heuristic move instead of stalling the deal."""

from __future__ import annotations

import asyncio
import os
import random
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

import pytest

from cardavia.ai.workers import Thinkers
from cardavia.games.registry import GAMES
from cardavia.rules.types import ObservationBase
from cardavia.store.sqlite import SQLiteStore
from cardavia.table.jobs import JobQueue
from cardavia.table.live import HUMAN, Tables
from tests.table.helpers import run


def test_a_worker_that_dies_is_replaced() -> None:
    thinkers = Thinkers(1)
    state = GAMES["sisepai"].new_deal(3)
    seat = state.to_act()[0]
    legal = state.legal_actions(seat)

    async def go() -> dict[str, Any]:
        pool = thinkers._executor()
        with pytest.raises(BrokenProcessPool):  # killed, as by the out-of-memory killer
            await asyncio.get_running_loop().run_in_executor(pool, os._exit, 1)
        return await thinkers.think(
            "normal",
            "sisepai",
            1,
            state.sample_world(seat, random.Random(1)),
            seat,
            state.observation(seat),
            legal,
        )

    try:
        assert run(go())["action"] in legal
    finally:
        thinkers.close()


class Broken(Thinkers):
    """Workers that never answer (the pool broke again right after its restart)."""

    def __init__(self) -> None:
        super().__init__(1)
        self.calls = 0

    async def think(self, *args: Any, **kwargs: Any) -> dict[str, Any]:
        self.calls += 1
        raise BrokenProcessPool("a worker died")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_when_search_fails_the_ai_seats_play_on_and_the_hint_answers(
    tmp_path: Path, game: str
) -> None:
    thinkers = Broken()
    tables = Tables(SQLiteStore(tmp_path / "deals.db"), GAMES, thinkers)

    async def go() -> tuple[int, list[dict[str, Any]]]:
        table = await tables.create(game, 7, "hard")
        hints: list[dict[str, Any]] = []
        while True:
            await tables.drain()
            if table.state.is_over():
                return table.version, hints
            assert HUMAN in table.state.to_act(), "the AI seats stalled"
            legal = table.state.legal_actions(HUMAN)
            if len(set(legal)) > 1 and "win" not in legal and len(hints) < 3:
                hints.append(await tables.hint(table, table.version))
                assert hints[-1]["action"] in legal
            await tables.human_act(table, legal[-1], table.version)

    _, hints = run(go())
    assert thinkers.calls > 0  # the AI seats did try to search, and the deal still ended
    assert hints and all(h["reason"] == "greedy" and h["samples"] == 0 for h in hints)


class Counting(Thinkers):
    """Workers that take a moment and count the searches asked of them."""

    def __init__(self) -> None:
        super().__init__(1)
        self.calls = 0

    async def think(
        self,
        level: str,
        game: str,
        seed: int,
        world: Any,
        seat: int,
        observation: ObservationBase,
        legal: list[str],
        client: str = "",
    ) -> dict[str, Any]:
        self.calls += 1
        await asyncio.sleep(0.05)
        return {"action": legal[-1], "reason": "greedy", "samples": 3, "values": {}}


def test_hints_asked_together_share_one_search(tmp_path: Path) -> None:
    """A second Hint before the first answers (another tab, a quick second press) waits for
    the same search instead of queueing another before the AI seats' decisions; a press after
    the answer gets the same answer (hints per decision are bounded: one search)."""
    thinkers = Counting()
    tables = Tables(SQLiteStore(tmp_path / "deals.db"), GAMES, thinkers)

    async def go() -> None:
        table = await tables.create("nantong", 3, "greedy")
        # the AI seats (made at creation) play greedy, searching nothing; the hint plays at the
        # table's level (issue 23), searching at normal's
        table.row.level = "normal"
        await tables.drain()
        while len(set(legal := table.state.legal_actions(HUMAN))) < 2 or "win" in legal:
            await tables.human_act(table, legal[-1], table.version)
            await tables.drain()
        first, second = await asyncio.gather(
            tables.hint(table, table.version), tables.hint(table, table.version)
        )
        assert first == second and thinkers.calls == 1
        assert await tables.hint(table, table.version) == first and thinkers.calls == 1
        await tables.human_act(table, first["action"], table.version)
        await tables.drain()
        while len(set(legal := table.state.legal_actions(HUMAN))) < 2 or "win" in legal:
            await tables.human_act(table, legal[-1], table.version)
            await tables.drain()
        await tables.hint(table, table.version)  # the next decision searches anew
        assert thinkers.calls == 2

    run(go())


def test_no_search_for_a_deal_nobody_is_watching(tmp_path: Path) -> None:
    """Reliability review H2: 300 deals created and left set no worker going."""
    thinkers = Counting()
    tables = Tables(SQLiteStore(tmp_path / "deals.db"), GAMES, thinkers)

    async def go() -> None:
        table = await tables.create("nantong", 5, "normal")
        table.used -= 3600  # as if created an hour ago and never asked for since
        await tables.drain()
        assert thinkers.calls == 0 and HUMAN not in table.state.to_act()
        await tables.get(table.id)  # somebody looks: the AI seats think again
        await tables.drain()
        assert thinkers.calls > 0

    run(go())


def test_a_seat_no_worker_answers_plays_on_and_leaves_no_job(tmp_path: Path) -> None:
    """With no AI worker running (a deployment whose workers are all down), a searching seat
    waits a while, then plays its heuristic move; the job it gave up on leaves the queue."""
    store = SQLiteStore(tmp_path / "deals.db")
    tables = Tables(store, GAMES, worker=False, jobs=JobQueue(store, wait_s=0.3, poll_s=0.1))

    async def go() -> None:
        table = await tables.create("sisepai", 4, "normal")
        for _ in range(40):
            await tables.drain()
            if table.state.is_over():
                break
            if HUMAN in table.state.to_act():
                await tables.human_act(table, table.state.legal_actions(HUMAN)[0], table.version)
        assert len(table.state.actions) > 10  # the AI seats played on
        # no decision is left queued (a finished deal's review waits for a worker: issue 23)
        assert store.take_job("late worker", reviews=False) is None

    run(go())


def test_a_hint_stays_one_search_while_another_seat_answers_unseen(tmp_path: Path) -> None:
    """In a claim window two friends are asked at once: the other's answer, hidden from you,
    leaves your hint as it was (the same search). It was keyed by the count of every seat's
    actions, so a hidden answer started a new search with a new answer, which told you that
    seat had held a claim (security test). Sì Sè Pái, two friends, until enough such windows."""
    thinkers = Counting()
    tables = Tables(SQLiteStore(tmp_path / "deals.db"), GAMES, thinkers)
    rng = random.Random(5)
    kinds = ["human", "human", "ai", "ai"]

    async def go() -> int:
        windows = 0
        for seed in range(30):
            invites: dict[int, str] = {}
            # the AI seats (made at creation) play greedy, searching nothing; the hint plays
            # at the table's level, searching at normal's
            table = await tables.create(
                "sisepai", seed, "greedy", kinds=kinds, invites=invites, allowance=None
            )
            await tables.join(invites[1], "Mei")
            table.row.level = "normal"
            await tables.drain()
            while not table.state.is_over():
                owing = [s for s in (HUMAN, 1) if s in table.state.to_act()]
                legal = table.state.legal_actions(HUMAN) if HUMAN in owing else []
                # a decision the hint searches (a win is taken at once, unsearched)
                if set(owing) == {HUMAN, 1} and len(set(legal)) > 1 and "win" not in legal:
                    calls, version = thinkers.calls, table.version
                    first = await tables.hint(table, version)
                    assert thinkers.calls == calls + 1
                    other = table.state.legal_actions(1)
                    await tables.human_act(table, rng.choice(other), table.versions[1], 1)
                    await tables.drain()
                    if table.version == version and HUMAN in table.state.to_act():
                        windows += 1  # you saw nothing: the hint is the one you had
                        assert await tables.hint(table, version) == first
                        assert thinkers.calls == calls + 1
                    continue
                for seat in owing:
                    legal = table.state.legal_actions(seat)
                    await tables.human_act(table, rng.choice(legal), table.versions[seat], seat)
                    await tables.drain()
                    break
                else:
                    await tables.drain()
            if windows >= 3:
                break
        return windows

    assert run(go()) >= 3
