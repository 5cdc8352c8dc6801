"""Seat tokens and the spectator view (architecture.md §6, issue "Play with friends" 1 and 5):
the token acts, hints and shows a hand; the deal id alone shows the public table; deals stored
before tokens existed are claimed once."""

from __future__ import annotations

import random
import threading
from typing import Any

import pytest
from starlette.testclient import TestClient

from cardavia.games.registry import GAMES
from cardavia.store import open_store
from cardavia.store.base import DealRow
from cardavia.web.app import create_app
from tests.conformance.test_games import words_of

pytestmark = pytest.mark.backends

per_game = pytest.mark.parametrize("game", sorted(GAMES))


def _new(raw: TestClient, game: str = "sisepai", seed: int = 1) -> tuple[str, str, dict[str, Any]]:
    r = raw.post("/api/games", json={"game": game, "seed": seed, "level": "greedy"})
    assert r.status_code == 201, r.text
    body = r.json()
    return body["id"], body["token"], body


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def raw(db: str) -> Any:
    """A client that sends no token unless told to."""
    with TestClient(create_app(db)) as c:
        yield c


def test_a_new_deal_gives_seat_zero_and_its_token(raw: TestClient) -> None:
    deal_id, token, body = _new(raw)
    assert body["seat"] == 0 and body["invites"] == {}
    assert len(token) >= 22 and deal_id not in token  # at least 128 random bits
    assert body["view"]["seat"] == 0 and body["view"]["table"]["hand"]
    assert [s["kind"] for s in body["view"]["seats"]] == ["human", "ai", "ai", "ai"]
    assert {s["level"] for s in body["view"]["seats"][1:]} == {"greedy"}
    assert _new(raw)[1] != token


def test_the_token_shows_your_hand_and_no_token_the_spectator_view(raw: TestClient) -> None:
    deal_id, token, _ = _new(raw)
    mine = raw.get(f"/api/games/{deal_id}", headers=_bearer(token)).json()["view"]
    watched = raw.get(f"/api/games/{deal_id}").json()["view"]
    assert mine["seat"] == 0 and len(mine["table"]["hand"]) > 0
    assert watched["seat"] is None and watched["table"]["hand"] == []
    assert watched["legal_actions"] == [] and watched["table"]["my_answer"] is None
    table = raw.app.state.tables._tables[deal_id]  # type: ignore[attr-defined]
    public = [e.to_json() for _, e in table.log if e.seat is None]
    assert [{k: v for k, v in e.items() if k != "v"} for e in watched["log"]] == public


@pytest.mark.parametrize(
    ("headers", "code"),
    [
        ({}, "no_token"),
        ({"Authorization": "Bearer nope"}, "bad_token"),
        ({"Authorization": "Basic abc"}, "bad_token"),
        ({"Authorization": "Bearer "}, "bad_token"),
    ],
)
def test_acting_and_hints_need_the_seat_token(
    raw: TestClient, headers: dict[str, str], code: str
) -> None:
    deal_id, token, body = _new(raw)
    version = body["view"]["version"]
    view = raw.get(f"/api/games/{deal_id}", headers=_bearer(token)).json()["view"]
    for path, payload in (
        ("actions", {"action": (view["legal_actions"] or ["pass"])[0], "version": version}),
        ("hint", {"version": version}),
    ):
        r = raw.post(f"/api/games/{deal_id}/{path}", json=payload, headers=headers)
        assert r.status_code == 403, r.text
        assert r.json()["error"]["code"] == code
    after = raw.get(f"/api/games/{deal_id}", headers=_bearer(token)).json()["view"]
    assert after["version"] == view["version"], "a refused action changed nothing"


def test_another_deals_token_holds_no_seat(raw: TestClient) -> None:
    deal_id, _, _ = _new(raw)
    _, other_token, _ = _new(raw)
    r = raw.get(f"/api/games/{deal_id}", headers=_bearer(other_token))
    assert r.status_code == 403 and r.json()["error"]["code"] == "bad_token"
    r = raw.get("/api/games/unknown-deal", headers=_bearer(other_token))
    assert r.status_code == 404


def test_the_token_outlives_a_restart(db: str) -> None:
    with TestClient(create_app(db)) as first:
        deal_id, token, _ = _new(first)
    with TestClient(create_app(db)) as second:
        view = second.get(f"/api/games/{deal_id}", headers=_bearer(token)).json()["view"]
        assert view["seat"] == 0 and view["table"]["hand"]
        r = second.post(
            f"/api/games/{deal_id}/actions",
            json={"action": "nonsense", "version": view["version"]},
            headers=_bearer(token),
        )
        assert r.status_code in (409, 422), r.text  # judged as the seat's, not refused


def _legacy_deal(db: str, game: str = "sisepai") -> str:
    """A deal row as stored before seats had tokens."""
    store = open_store(db)
    try:
        store.create(DealRow("legacy-deal-1", game, 5, None, None, "greedy", ai_seed=7))
    finally:
        store.close()
    return "legacy-deal-1"


def test_a_deal_from_before_tokens_is_watched_then_claimed_once(db: str) -> None:
    deal_id = _legacy_deal(db)
    with TestClient(create_app(db)) as raw:
        watched = raw.get(f"/api/games/{deal_id}").json()["view"]
        assert watched["seat"] is None and watched["table"]["hand"] == []
        r = raw.post(f"/api/games/{deal_id}/actions", json={"action": "pass", "version": 0})
        assert r.status_code == 403
        claimed = raw.post(f"/api/games/{deal_id}/claim", json={})
        assert claimed.status_code == 201, claimed.text
        token = claimed.json()["token"]
        assert claimed.json()["view"]["table"]["hand"]
        again = raw.post(f"/api/games/{deal_id}/claim", json={})
        assert again.status_code == 409 and again.json()["error"]["code"] == "seat_taken"
        fresh, _, _ = _new(raw)
        assert raw.post(f"/api/games/{fresh}/claim", json={}).status_code == 409
        assert raw.post("/api/games/nope-nope/claim", json={}).status_code == 404
    with TestClient(create_app(db)) as again_site:  # the claim is stored
        view = again_site.get(f"/api/games/{deal_id}", headers=_bearer(token)).json()["view"]
        assert view["seat"] == 0


def test_two_claims_at_once_one_wins(db: str) -> None:
    deal_id = _legacy_deal(db)
    stores = [open_store(db) for _ in range(2)]
    results: list[bool] = []
    barrier = threading.Barrier(2)

    def claim(store: Any) -> None:
        from cardavia.table.seats import opening_seats

        barrier.wait()
        results.append(store.claim_seats(deal_id, opening_seats(4, "t" + str(id(store)))))

    threads = [threading.Thread(target=claim, args=(s,)) for s in stores]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for s in stores:
        s.close()
    assert sorted(results) == [False, True]


def _hidden_from_everyone(state: Any) -> set[str]:
    """Cards concealed in some hand that not every seat's own view shows openly."""
    views = [state.observation(s) for s in range(state.game.players)]
    concealed = {c for v in views for c in v["hand"]}
    shared = words_of(views[0])
    for view in views[1:]:
        shared &= words_of(view)
    return concealed - shared


@per_game
def test_a_spectator_never_sees_a_concealed_card(raw: TestClient, game: str) -> None:
    """Whole deals played through the API with the seat token, watched after every step
    without one: the spectator's view is the engine's public observation, its log holds only
    public events, and no card concealed in any hand shows in anything a spectator is sent."""
    tables = raw.app.state.tables  # type: ignore[attr-defined]

    def snapshot(deal_id: str) -> tuple[int, Any, list[dict[str, Any]], set[str]]:
        """Read in the server's event loop: from the test's thread an AI seat's step could be
        seen half taken (as in tests/web/test_friends.py)."""
        table = tables._tables[deal_id]
        public = [e.to_json() for _, e in table.log if e.seat is None]
        return (
            table.version_of(None),
            table.state.observation(None),
            public,
            _hidden_from_everyone(table.state),
        )

    for seed in range(6):
        rng = random.Random(seed)
        deal_id, token, _ = _new(raw, game, seed)
        for _ in range(400):
            mine = raw.get(f"/api/games/{deal_id}", headers=_bearer(token)).json()["view"]
            r = raw.get(f"/api/games/{deal_id}")
            watched = r.json()["view"]
            assert raw.portal is not None
            version, seen, public, hidden = raw.portal.call(snapshot, deal_id)
            if watched["version"] == version:
                assert watched["table"] == seen
            assert [{k: v for k, v in e.items() if k != "v"} for e in watched["log"]] == public[
                : len(watched["log"])
            ]
            leaked = hidden & words_of(r.json())
            assert not leaked, f"{game} seed {seed}: {sorted(leaked)} shown to a spectator"
            if mine["over"]:
                break
            if mine["legal_actions"]:
                raw.post(
                    f"/api/games/{deal_id}/actions",
                    json={"action": rng.choice(mine["legal_actions"]), "version": mine["version"]},
                    headers=_bearer(token),
                )
            else:
                raw.get(f"/api/games/{deal_id}?wait={mine['version']}", headers=_bearer(token))
        else:
            raise AssertionError(f"{game} seed {seed}: the deal did not end")


def test_a_spectator_version_counts_public_events(raw: TestClient) -> None:
    deal_id, token, _ = _new(raw, "chuopai", 3)
    mine = raw.get(f"/api/games/{deal_id}", headers=_bearer(token)).json()["view"]
    before = raw.get(f"/api/games/{deal_id}").json()["view"]
    assert before["version"] == len(before["log"])
    if not mine["legal_actions"]:
        pytest.fail("chuopai seed 3: seat 0 leads first")
    raw.post(
        f"/api/games/{deal_id}/actions",
        json={"action": mine["legal_actions"][0], "version": mine["version"]},
        headers=_bearer(token),
    )
    after = raw.get(f"/api/games/{deal_id}?wait={before['version']}").json()["view"]
    assert after["version"] > before["version"] and after["version"] == len(after["log"])
