"""Time shows nothing hidden (reliability review M2; architecture.md §2, claim windows): a pause
in which no seat decided unseen lasts a time drawn from the pauses in which one did."""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from cardavia.ai.registry import make_agent
from cardavia.ai.workers import Thinkers
from cardavia.games.registry import GAMES
from cardavia.rules.core import State
from cardavia.rules.types import ObservationBase
from cardavia.store.sqlite import SQLiteStore
from cardavia.table.live import HUMAN, Table, Tables
from cardavia.table.pacing import MAX_PAUSE, WARM, Pacer, Window
from tests.table.helpers import run

KEY = ("nantong", "normal", True)
# Real searches are timed against a human's real thinking: alone on the machine.
pytestmark = pytest.mark.serial


def test_before_enough_timings_a_pause_is_drawn_up_to_the_prior() -> None:
    pacer = Pacer(random.Random(1))
    draws = [pacer.pause(KEY, 0.2) for _ in range(200)]
    assert all(0 <= d <= 0.3 for d in draws) and len(set(draws)) > 100
    assert pacer.pause(KEY, 0.0) == 0.0  # a level that decides at once waits for nothing


def test_then_pauses_are_drawn_from_the_timings_of_hidden_decisions() -> None:
    pacer = Pacer(random.Random(2))
    timings = [0.01 * i for i in range(1, 4 * WARM + 1)]
    for t in timings:
        pacer.record(KEY, t)
    draws = {pacer.pause(KEY, 5.0) for _ in range(500)}
    assert draws <= set(timings) and len(draws) > WARM // 2
    assert pacer.pause(("nantong", "hard", True), 0.0) == 0.0  # kept per game and level
    assert pacer.pause(("nantong", "normal", False), 0.0) == 0.0  # and kind of move
    pacer.record(("x", "y", True), 60.0)
    assert pacer._timings[("x", "y", True)][-1] == MAX_PAUSE  # a worker starting is not the norm


def test_a_window_draws_its_release_once() -> None:
    pacer = Pacer(random.Random(3))
    window = Window(opened=100.0)
    first = pacer.release_at(window, KEY, 1.0)
    assert all(pacer.release_at(window, KEY, 1.0) == first for _ in range(20))
    assert 100.0 <= first <= 101.5


class Recording(Pacer):
    """A fixed pause, and a count of what was timed and drawn."""

    def __init__(self) -> None:
        super().__init__(random.Random(0))
        self.timed: list[float] = []
        self.drawn = 0

    def record(self, key: tuple[str, str, bool], seconds: float) -> None:
        self.timed.append(seconds)

    def pause(self, key: tuple[str, str, bool], prior: float) -> float:
        self.drawn += 1
        return 0.002


class Quick(Thinkers):
    """Searching seats decide at once, in this process, as the greedy policy would."""

    async def think(
        self,
        level: str,
        game: str,
        seed: int,
        world: State,
        seat: int,
        observation: ObservationBase,
        legal: list[str],
        client: str = "",
    ) -> dict[str, Any]:
        await asyncio.sleep(0.001)
        return {"action": make_agent("greedy", game).act(observation, legal)}


@pytest.mark.parametrize("game", [g for g in GAMES if g != "chuopai"])  # Chuo Pai: no claims
def test_every_unfilled_pause_waits_and_every_hidden_choice_is_timed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    pacer = Recording()
    tables = Tables(SQLiteStore(tmp_path / "deals.db"), GAMES, pacer=pacer, thinkers=Quick())
    early: list[float] = []
    settle = Table.settle

    def checked(table: Table) -> None:
        if not table.window.hidden:  # nobody decided unseen: the pause must have been drawn
            release = table.window.release_at
            assert release is not None
            if time.monotonic() < release:
                early.append(release - time.monotonic())
        settle(table)

    monkeypatch.setattr(Table, "settle", checked)
    rng = random.Random(game)

    async def go() -> None:
        for seed in range(4):
            table = await tables.create(game, seed, "normal")
            await tables.drain()
            while not table.state.is_over():
                if HUMAN in table.state.to_act():
                    action = rng.choice(table.state.legal_actions(HUMAN))
                    await tables.human_act(table, action, table.version)
                await tables.drain()

    run(go())
    assert early == []
    assert pacer.drawn > 20, "no pause was drawn"
    assert len(pacer.timed) > 0, "no hidden choice was timed"
    assert all(t >= 0 for t in pacer.timed)


class Slow(Quick):
    """Searching seats take 20 ms."""

    async def think(
        self,
        level: str,
        game: str,
        seed: int,
        world: State,
        seat: int,
        observation: ObservationBase,
        legal: list[str],
        client: str = "",
    ) -> dict[str, Any]:
        await asyncio.sleep(0.02)
        return await super().think(level, game, seed, world, seat, observation, legal)


# Games with no window that asks you beside an AI seat: Chuo Pai has no claim window, and
# Nantong's ask one seat at a time (only a pong or kong claims, from four copies).
NO_SHARED_WINDOWS = {"chuopai", "nantong"}


@pytest.mark.parametrize("game", sorted(GAMES.keys() - NO_SHARED_WINDOWS))
def test_a_humans_thinking_is_never_timed_as_a_search(
    tmp_path: Path, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A window that asks you and an AI seat ends with your answer: timing it would fill the
    pauses with your thinking (and let a slow answerer stretch everyone's). The human thinks
    for a minute of the table's clock, not of the machine's, so a timing that held it is the
    longest kept (MAX_PAUSE), whatever the machine's load does to the searches' own."""
    clock = {"thought": 0.0}
    table_time = SimpleNamespace(
        **{name: getattr(time, name) for name in dir(time) if not name.startswith("_")}
    )
    table_time.monotonic = lambda: time.monotonic() + clock["thought"]
    monkeypatch.setattr("cardavia.table.live.time", table_time)
    pacer = Pacer(random.Random(0))
    tables = Tables(SQLiteStore(tmp_path / "deals.db"), GAMES, pacer=pacer, thinkers=Slow())
    rng = random.Random(game)

    async def go() -> None:
        for seed in range(3):
            table = await tables.create(game, seed, "normal")
            await tables.drain()
            while not table.state.is_over():
                if HUMAN in table.state.to_act():
                    # the human thinks: a minute by the table's clock (the real wait lets the
                    # table's timers run meanwhile, as in play)
                    await asyncio.sleep(0.3)
                    clock["thought"] += 60.0
                    table.used = table_time.monotonic()  # the table polled meanwhile
                    action = rng.choice(table.state.legal_actions(HUMAN))
                    await tables.human_act(table, action, table.version)
                await tables.drain()

    run(go())
    timings = [t for pool in pacer._timings.values() for t in pool]
    assert timings, "no search was timed"
    assert max(timings) < MAX_PAUSE, max(timings)
