"""The answer to your move shows only your move (architecture.md §2, rules/core.py `lazy`).

Played eagerly, the deal would go on inside your request whenever what follows is nobody's
choice: past your discard when no AI seat can claim it, past a forced move of an AI seat. So the
answer would show, by how far the deal had gone, whether an AI seat could claim or had a choice.
The table's deal pauses after your own move instead; the rest comes with the next views.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from starlette.testclient import TestClient

from cardavia.games.registry import GAMES

LAZY_GAMES = sorted(GAMES)  # every game's table deal is lazy


@pytest.mark.parametrize("game", LAZY_GAMES)
@pytest.mark.parametrize("seed", range(4))
def test_the_answer_to_your_move_shows_your_move_only(
    client: TestClient, game: str, seed: int
) -> None:
    rng = random.Random(seed)
    deal_id = client.post(
        "/api/games", json={"game": game, "seed": seed, "level": "greedy"}
    ).json()["id"]
    version, moves = -1, 0
    view: dict[str, Any] | None = None
    for _ in range(600):
        if view is not None and view["over"]:
            break
        if view is None or not view["legal_actions"]:  # wait for the AI seats
            view = client.get(f"/api/games/{deal_id}?wait={version}").json()["view"]
        assert view is not None
        if view["over"]:
            break
        version = view["version"]
        if not view["legal_actions"]:
            continue
        action = rng.choice(view["legal_actions"])
        r = client.post(
            f"/api/games/{deal_id}/actions", json={"action": action, "version": version}
        )
        assert r.status_code == 200, r.text
        answer = r.json()["view"]
        news = [e for e in answer["log"] if e["v"] > version]
        assert news, action
        # your move and what it settles in public (Chuo Pai's round won), no other seat's
        assert all(e.get("seat", 0) == 0 for e in news), (action, news)
        moves += 1
        version, view = answer["version"], answer
    assert view is not None and view["over"] and moves >= 3
