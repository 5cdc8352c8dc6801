"""What a job row holds (architecture.md §7): one world sampled from the deciding seat's own
view, never the true deal. Over many deals of every game, every job's world agrees with the true
deal on all the deciding seat sees, and another seat's own view (its concealed hand) in the
world is the true one no more often than chance allows."""

from __future__ import annotations

import pickle
import random
from pathlib import Path
from typing import Any

import pytest

from cardavia.games.registry import GAMES
from cardavia.rules.core import State
from cardavia.rules.types import ObservationBase
from cardavia.store.sqlite import SQLiteStore
from cardavia.table import jobs, live
from cardavia.table.live import HUMAN, Tables
from tests.table.helpers import run
from tests.table.test_pacing import Quick, Recording

DEALS = 20


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_job_carries_a_sampled_world_never_the_true_deal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    store = SQLiteStore(tmp_path / "deals.db")
    tables = Tables(store, GAMES, Quick(), pacer=Recording())  # pauses of 2 ms
    truths: dict[bytes, State] = {}
    pack = jobs.pack

    def watched(
        level: str,
        name: str,
        seed: int,
        world: State,
        seat: int,
        observation: ObservationBase,
        legal: list[str],
    ) -> bytes:
        payload = pack(level, name, seed, world, seat, observation, legal)
        truths[payload] = current[0].state.clone()  # the true deal at that moment
        return payload

    monkeypatch.setattr(live, "pack", watched)
    current: list[Any] = []
    rng = random.Random(game)

    async def go() -> None:
        for seed in range(DEALS):
            table = await tables.create(game, seed, "normal")
            current[:] = [table]
            await tables.drain()
            while not table.state.is_over():
                if HUMAN in table.state.to_act():
                    action = rng.choice(table.state.legal_actions(HUMAN))
                    await tables.human_act(table, action, table.version)
                await tables.drain()
        await tables.close()

    run(go())
    assert len(truths) > 20, "too few searches to judge"
    same = pairs = 0
    for payload, truth in truths.items():
        job = pickle.loads(payload)
        world, seat = job["world"], job["seat"]
        assert world.observation(seat) == truth.observation(seat) == job["observation"]
        for other in range(truth.game.players):
            if other != seat:
                pairs += 1
                same += world.observation(other) == truth.observation(other)
    # another seat's hand is the true one only where little is left unseen (a deal's end)
    assert same / pairs < 0.1, (same, pairs)
