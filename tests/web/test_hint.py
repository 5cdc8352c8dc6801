"""The hint (issue 7, docs/api.md): the table's level's move for you now and why; the errors."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from cardavia.games.registry import GAMES
from cardavia.web.strings import plurals_for, strings_for
from tests.web.helpers import settle

pytestmark = pytest.mark.backends  # on SQLite and on PostgreSQL (tests/web/conftest.py)


def _my_turn(client: TestClient, game: str, seed: int) -> tuple[str, dict[str, Any]]:
    deal_id = client.post("/api/games", json={"game": game, "seed": seed, "level": "easy"}).json()[
        "id"
    ]
    return deal_id, settle(client, deal_id)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_hint_names_a_legal_action_and_why(client: TestClient, game: str) -> None:
    said_why = 0
    for seed in range(6):
        deal_id, view = _my_turn(client, game, seed)
        if view["over"]:
            continue
        r = client.post(f"/api/games/{deal_id}/hint", json={"version": view["version"]})
        assert r.status_code == 200, r.text
        hint = r.json()["hint"]
        assert hint["action"] in view["legal_actions"]
        assert hint["reason"] in {"forced", "win", "greedy", "search"}
        if hint["reason"] in {"greedy", "search"}:
            # on a busy machine the clock may stop the search within its first world, before
            # every move (or any) had a rollout: `options` counts the moves compared
            assert 0 <= hint["options"] <= len(set(view["legal_actions"]))
            if hint["options"]:
                assert hint["samples"] >= 1 and 0 <= hint["share"] <= 1
        else:
            assert hint["samples"] == 0 and hint["share"] is None and hint["why"] == []
        # the why: translatable sentences (cardavia.ai.explain), each a key the game's table
        # is sent (web/strings/)
        for why in hint["why"]:
            assert why["key"] in strings_for(game) or why["key"] in plurals_for(game)
            assert why["n"] is None or isinstance(why["n"], int)
        said_why += bool(hint["why"])
        if hint["reason"] == "forced":
            assert len(set(view["legal_actions"])) == 1
        # asking changes nothing: same view, and the hinted action is then accepted
        assert client.get(f"/api/games/{deal_id}").json()["view"] == view
        r = client.post(
            f"/api/games/{deal_id}/actions",
            json={"action": hint["action"], "version": view["version"]},
        )
        assert r.status_code == 200
    assert said_why, f"{game}: no hint said why"


def test_hint_errors(client: TestClient) -> None:
    deal_id, view = _my_turn(client, "sisepai", 3)
    url = f"/api/games/{deal_id}/hint"
    stale = client.post(url, json={"version": view["version"] + 5})
    assert stale.status_code == 409 and stale.json()["error"]["code"] == "stale_version"
    assert stale.json()["view"]["version"] == view["version"]
    assert client.post(url, json={"version": "x"}).status_code == 422
    bad = client.post(url, content=b"{", headers={"content-type": "application/json"})
    assert bad.status_code == 400
    assert client.post("/api/games/nope/hint", json={"version": 0}).status_code == 404
    # once you have answered and the AI seats are thinking or done, no decision is yours
    action = view["legal_actions"][0]
    after = client.post(
        f"/api/games/{deal_id}/actions", json={"action": action, "version": view["version"]}
    ).json()["view"]
    if not after["legal_actions"]:
        r = client.post(url, json={"version": after["version"]})
        assert r.status_code in (409,)
        assert r.json()["error"]["code"] in ("not_your_turn", "stale_version")


def test_the_view_names_the_level(client: TestClient) -> None:
    for level in ("easy", "normal", "hard"):
        r = client.post("/api/games", json={"game": "chuopai", "seed": 1, "level": level})
        assert r.json()["view"]["level"] == level


def test_the_hint_plays_at_the_tables_level_and_names_it(client: TestClient, db: str) -> None:
    """Issue 23: a normal or hard table's hint is that level's search (its job says so), an easy
    table's the greedy policy (no search); every hint names the level."""
    import pickle

    from tests.backends import execute

    for level in ("easy", "normal", "hard"):
        for seed in range(10):
            r = client.post("/api/games", json={"game": "nantong", "seed": seed, "level": level})
            deal_id = r.json()["id"]
            view = settle(client, deal_id)
            legal = view["legal_actions"]
            if not view["over"] and len(set(legal)) > 1 and "win" not in legal:
                break
        else:
            raise AssertionError(f"no decision to hint at level {level}")
        r = client.post(f"/api/games/{deal_id}/hint", json={"version": view["version"]})
        hint = r.json()["hint"]
        assert hint["level"] == level and hint["action"] in legal
        jobs = execute(db, "SELECT payload FROM jobs WHERE key LIKE ?", (f"{deal_id}/hint/%",))
        if level == "easy":
            assert hint["reason"] == "greedy" and hint["samples"] == 0 and not jobs
        else:
            assert [pickle.loads(bytes(p))["level"] for (p,) in jobs] == [level]
