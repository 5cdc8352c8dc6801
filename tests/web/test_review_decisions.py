"""`GET /api/games/{id}/review/{step}` (docs/api.md, "Review"): the position of one of the
token's seat's decisions in a finished deal, as that seat saw it, for the replay page's "try it
again". Its seat's own observation and choices only; every other ask is a clear JSON error."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from cardavia.games.registry import GAMES
from tests.web.helpers import settle


def _finished(client: TestClient, game: str, seed: int) -> str:
    deal_id: str = client.post(
        "/api/games", json={"game": game, "seed": seed, "level": "greedy"}
    ).json()["id"]
    view = settle(client, deal_id)
    while not view["over"]:
        legal = view["legal_actions"]
        action = "win" if "win" in legal else legal[-1]
        r = client.post(
            f"/api/games/{deal_id}/actions", json={"action": action, "version": view["version"]}
        )
        assert r.status_code == 200, r.text
        view = settle(client, deal_id, r.json()["view"]["version"])
    return deal_id


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_decision_as_its_seat_saw_it(client: TestClient, game: str) -> None:
    deal_id = _finished(client, game, 11)
    record = client.get(f"/api/games/{deal_id}/record").json()
    state = GAMES[game].new_deal(record["seed"], record["dealer"])
    decisions = others = 0
    for step, entry in enumerate(record["actions"]):
        r = client.get(f"/api/games/{deal_id}/review/{step}")
        legal = state.legal_actions(0) if entry["seat"] == 0 else []
        if entry["seat"] == 0 and len(set(legal)) > 1:
            assert r.status_code == 200, r.text
            body: dict[str, Any] = r.json()
            assert body["step"] == step and body["seat"] == 0
            assert body["legal_actions"] == legal and entry["action"] in legal
            # the seat's own view then: another seat's concealed cards are not in it
            assert body["table"] == state.observation(0)
            assert body["action_facts"] == dict(state.action_facts(0))
            decisions += 1
        else:
            assert r.status_code == 404, (step, r.text)
            assert r.json()["error"]["code"] == "no_decision"
            others += entry["seat"] != 0  # (or a forced move of its own)
        state.apply(entry["seat"], entry["action"])
    assert decisions and others


def test_bad_asks(client: TestClient) -> None:
    assert client.get("/api/games/nope/review/0").status_code == 404
    live = client.post("/api/games", json={"game": "sisepai", "seed": 3, "level": "greedy"})
    live_id = live.json()["id"]
    settle(client, live_id)
    early = client.get(f"/api/games/{live_id}/review/0")
    assert early.status_code == 409 and early.json()["error"]["code"] == "deal_in_progress"
    deal_id = _finished(client, "sisepai", 3)
    bare = client.get(f"/api/games/{deal_id}/review/0", headers={"Authorization": ""})
    assert bare.status_code == 403
    wrong = client.get(
        f"/api/games/{deal_id}/review/0", headers={"Authorization": "Bearer not-a-seat"}
    )
    assert wrong.status_code == 403 and wrong.json()["error"]["code"] == "bad_token"
    for step in ("-1", "x", "1.5", "99999", "1234567", "%C2%B2"):
        r = client.get(f"/api/games/{deal_id}/review/{step}")
        assert r.status_code == 404, (step, r.text)
        assert r.json()["error"]["code"] == "no_decision"
