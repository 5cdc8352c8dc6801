"""The HTTP API of architecture.md §6: create, view, act, wait, record, and every error; on
SQLite and on PostgreSQL (tests/web/conftest.py)."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from cardavia.games.registry import GAMES
from cardavia.rules.record import replay
from cardavia.web.app import create_app
from tests.backends import execute
from tests.seated import SeatedClient
from tests.web.helpers import settle, stored, unchanged

pytestmark = pytest.mark.backends

# The quick level, where a test is not about the AI (the searching levels think in workers).
EASY = {"game": "sisepai", "level": "easy"}
JSON = {"content-type": "application/json"}


def _play_to_end(client: TestClient, deal_id: str) -> dict[str, Any]:
    view = settle(client, deal_id)
    while not view["over"]:
        action = "win" if "win" in view["legal_actions"] else view["legal_actions"][-1]
        r = client.post(
            f"/api/games/{deal_id}/actions", json={"action": action, "version": view["version"]}
        )
        assert r.status_code == 200, r.text
        view = settle(client, deal_id, r.json()["view"]["version"] - 1)
    return view


def test_create_and_view(client: TestClient) -> None:
    r = client.post("/api/games", json={**EASY, "seed": 42})
    assert r.status_code == 201
    body = r.json()
    assert len(body["id"]) >= 22  # 128 random bits, URL-safe base64
    view = body["view"]
    for key in (
        "game",
        "version",
        "seat",
        "to_act",
        "legal_actions",
        "action_facts",
        "over",
        "result",
        "log",
        "table",
    ):
        assert key in view
    assert view["seat"] == 0 and view["game"] == "sisepai"
    assert (
        len(view["table"]["hand"])
        + sum(len(g["cards"]) for g in view["table"]["seats"][0]["groups"])
        == 20
    )
    again = client.get(f"/api/games/{body['id']}").json()["view"]
    assert again["table"]["hand"] == view["table"]["hand"]


def test_ids_are_unguessable(client: TestClient) -> None:
    ids = {client.post("/api/games", json=EASY).json()["id"] for _ in range(5)}
    assert len(ids) == 5


def test_whole_deal_through_the_api_and_record(client: TestClient) -> None:
    deal_id = client.post("/api/games", json={**EASY, "seed": 7}).json()["id"]
    assert client.get(f"/api/games/{deal_id}/record").status_code == 409  # in progress
    view = _play_to_end(client, deal_id)
    assert view["over"] and view["result"] is not None
    record = client.get(f"/api/games/{deal_id}/record").json()
    assert record["format"] == "cardavia-deal/1" and record["seed"] == 7
    assert record["result"] == view["result"]
    # every action is stored; the human's version counts the events the human was shown
    assert len(stored(client, deal_id)) == len(record["actions"])
    assert view["version"] == len(view["log"])


def test_version_counts_events_shown_to_the_human(client: TestClient) -> None:
    """The version rises with every event the human is shown; hidden AI claim answers are
    stored but move no version, so they cannot reveal that an AI seat was asked."""
    deal_id = client.post("/api/games", json={**EASY, "seed": 3}).json()["id"]
    view = settle(client, deal_id)
    table = client.app.state.tables._tables[deal_id]  # type: ignore[attr-defined]
    shown = [e for _, e in table.log if e.visible_to(0)]
    assert view["version"] == len(shown) == len(view["log"])
    assert [e["v"] for e in view["log"]] == list(range(1, len(shown) + 1))
    hidden = [e for _, e in table.log if not e.visible_to(0)]
    assert all(e.kind == "answer" and e.seat != 0 for e in hidden)


@pytest.fixture
def live(client: TestClient) -> tuple[str, dict[str, Any]]:
    for seed in range(50):
        deal_id = client.post("/api/games", json={**EASY, "seed": seed}).json()["id"]
        view = settle(client, deal_id)
        if not view["over"]:
            return deal_id, view
    raise AssertionError("no live deal")


def test_stale_version_409_with_current_view(
    client: TestClient, live: tuple[str, dict[str, Any]]
) -> None:
    deal_id, view = live
    r = client.post(
        f"/api/games/{deal_id}/actions",
        json={"action": view["legal_actions"][0], "version": view["version"] - 1},
    )
    assert r.status_code == 409
    assert r.json()["view"] == view
    assert r.json()["error"]["code"] == "stale_version"
    unchanged(client, deal_id, view)


@pytest.mark.parametrize(
    ("action", "code"),
    [
        ("discard zz", "invalid_action"),
        ("fly away", "invalid_action"),
        ("claim rK rK", "illegal_action"),
    ],
)
def test_illegal_action_422(
    client: TestClient, live: tuple[str, dict[str, Any]], action: str, code: str
) -> None:
    deal_id, view = live
    r = client.post(
        f"/api/games/{deal_id}/actions", json={"action": action, "version": view["version"]}
    )
    assert r.status_code == 422
    assert r.json()["error"]["code"] == code and r.json()["error"]["message"]
    unchanged(client, deal_id, view)


def test_a_legal_action_padded_is_refused(
    client: TestClient, live: tuple[str, dict[str, Any]]
) -> None:
    """One text form (reliability review I1): a legal action with spaces around it, doubled or
    a newline is refused, not read as the action and stored in its own spelling."""
    deal_id, view = live
    legal = max(view["legal_actions"], key=len)
    for loose in (legal + " ", " " + legal, legal + "\n", legal.replace(" ", "  ", 1)):
        assert loose != legal
        r = client.post(
            f"/api/games/{deal_id}/actions", json={"action": loose, "version": view["version"]}
        )
        assert (r.status_code, r.json()["error"]["code"]) == (422, "invalid_action"), loose
        unchanged(client, deal_id, view)


def test_malformed_json_400(client: TestClient, live: tuple[str, dict[str, Any]]) -> None:
    deal_id, view = live
    r = client.post(
        f"/api/games/{deal_id}/actions",
        content=b"{not json",
        headers={"content-type": "application/json"},
    )
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_json"
    r = client.post(f"/api/games/{deal_id}/actions", json=[1, 2])
    assert r.status_code == 400
    # a number longer than Python reads (4,300 digits) is bad JSON too, not a server error
    huge = b'{"action": "pass", "version": ' + b"9" * 5000 + b"}"
    for url in (f"/api/games/{deal_id}/actions", "/api/games"):
        r = client.post(url, content=huge, headers={"content-type": "application/json"})
        assert r.status_code == 400 and r.json()["error"]["code"] == "bad_json"
    unchanged(client, deal_id, view)


def test_oversized_body_413(client: TestClient, live: tuple[str, dict[str, Any]]) -> None:
    deal_id, view = live
    r = client.post(
        f"/api/games/{deal_id}/actions",
        json={"action": "pass" + " " * 20000, "version": view["version"]},
    )
    assert r.status_code == 413
    unchanged(client, deal_id, view)


def test_bad_fields_422(client: TestClient, live: tuple[str, dict[str, Any]]) -> None:
    deal_id, view = live
    for body in (
        {"action": 3, "version": view["version"]},
        {"action": "pass"},
        {"action": "pass", "version": "1"},
    ):
        assert client.post(f"/api/games/{deal_id}/actions", json=body).status_code == 422
    unchanged(client, deal_id, view)


def test_unknown_fields_422(client: TestClient, db: str, live: tuple[str, dict[str, Any]]) -> None:
    """A misspelt field is refused and named, not ignored for its default: `levle` would have
    dealt a normal table to one who asked for an easy one (docs/api.md)."""
    deal_id, view = live
    deals = execute(db, "SELECT count(*) FROM deals")[0][0]
    r = client.post("/api/games", json={"game": "sisepai", "levle": "easy"})
    assert r.status_code == 422
    error = r.json()["error"]
    assert error["code"] == "unknown_field" and "'levle'" in error["message"]
    assert "level" in error["message"]  # the fields it may have meant
    assert execute(db, "SELECT count(*) FROM deals")[0][0] == deals
    version = view["version"]
    for path, body in (
        ("actions", {"action": view["legal_actions"][0], "version": version, "seat": 1}),
        ("hint", {"version": version, "level": "hard"}),
        ("start", {"seats": []}),
    ):
        r = client.post(f"/api/games/{deal_id}/{path}", json=body)
        assert r.status_code == 422 and r.json()["error"]["code"] == "unknown_field", path
    unchanged(client, deal_id, view)
    r = client.post("/api/replays", json={"game": "sisepai", "record": {}, "id": deal_id})
    assert r.status_code == 422 and r.json()["error"]["code"] == "unknown_field"


def test_unknown_id_404(client: TestClient) -> None:
    assert client.get("/api/games/nope").status_code == 404
    r = client.post("/api/games/nope/actions", json={"action": "pass", "version": 0})
    assert r.status_code == 404 and r.json()["error"]["code"] == "unknown_deal"
    assert client.get("/api/games/nope/record").status_code == 404


def test_create_errors(client: TestClient) -> None:
    assert client.post("/api/games", json={"game": "chess"}).status_code == 422
    assert client.post("/api/games", json={"game": "two-seven-ten"}).status_code == 422
    assert client.post("/api/games", json={**EASY, "seed": "x"}).status_code == 422
    # outside what the store holds (an SQLite INTEGER), or negative (it would deal as its
    # absolute value): refused, and the store goes on taking deals
    for seed in (2**63, 10**30, -1):
        r = client.post("/api/games", json={**EASY, "seed": seed})
        assert r.status_code == 422 and "seed" in r.json()["error"]["message"]
    assert client.post("/api/games", json={**EASY, "seed": 2**63 - 1}).status_code == 201
    deep = b"[" * 5000 + b"]" * 5000
    assert client.post("/api/games", content=deep, headers=JSON).status_code == 400
    assert client.post("/api/games", json={"game": "sisepai", "level": "god"}).status_code == 422
    assert client.post("/api/games", content=b"[", headers=JSON).status_code == 400


def test_wait_returns_at_once_when_newer(
    client: TestClient, live: tuple[str, dict[str, Any]]
) -> None:
    deal_id, view = live
    r = client.get(f"/api/games/{deal_id}?wait={view['version'] - 1}")
    assert r.json()["view"]["version"] == view["version"]
    assert client.get(f"/api/games/{deal_id}?wait=x").status_code == 400
    # one text form for a version (reliability review I1): not what Python's int() also reads
    for loose in ("1_0", " 3 ", "+1", "\u0661"):
        r = client.get(f"/api/games/{deal_id}", params={"wait": loose})
        assert (r.status_code, r.json()["error"]["code"]) == (400, "bad_request"), loose


def test_restart_continues_identically(db: str) -> None:
    """A deal in progress survives a server restart: the same view, the stored actions kept as
    they were, and the finished deal's record replays to its result."""
    with SeatedClient(create_app(db)) as first:
        deal_id = first.post("/api/games", json={**EASY, "seed": 11}).json()["id"]
        view = settle(first, deal_id)
        for _ in range(3):
            if view["over"]:
                break
            r = first.post(
                f"/api/games/{deal_id}/actions",
                json={"action": view["legal_actions"][-1], "version": view["version"]},
            )
            view = settle(first, deal_id, r.json()["view"]["version"] - 1)
    before = stored(db, deal_id)
    with SeatedClient(create_app(db)) as second:
        again = settle(second, deal_id)
        assert again == view
        end = _play_to_end(second, deal_id)
        record = second.get(f"/api/games/{deal_id}/record").json()
    assert stored(db, deal_id)[: len(before)] == before
    assert record["actions"][: len(before)] == [{"seat": s, "action": a} for _, s, a in before]
    result = replay(record, GAMES).result()
    assert result is not None and result.to_json() == end["result"]


def test_next_deal_passes_the_dealer_on_and_carries_totals(client: TestClient, db: str) -> None:
    """site.md: New deal after a finished deal continues the match (Nantong's Next deal): the
    dealer passes to the next seat and the running totals carry over, also after a restart."""
    first = client.post("/api/games", json={**EASY, "seed": 4}).json()["id"]
    end = _play_to_end(client, first)
    assert client.post("/api/games", json={"game": "sisepai", "after": "nope"}).status_code == 422
    live = client.post("/api/games", json={**EASY, "seed": 5}).json()["id"]
    r = client.post("/api/games", json={**EASY, "after": live})
    assert r.status_code == 422  # the previous deal must be over
    r = client.post("/api/games", json={**EASY, "seed": 9, "after": first})
    assert r.status_code == 201
    view = r.json()["view"]
    assert view["table"]["dealer"] == (end["table"]["dealer"] + 1) % 4
    assert view["match"]["previous"] == first
    assert view["match"]["totals_before"] == end["result"]["scores"]
    with SeatedClient(create_app(db)) as again:
        reloaded = again.get(f"/api/games/{view['id']}").json()["view"]
        assert reloaded["match"] == view["match"]


def test_a_deal_that_no_longer_replays_is_gone_not_a_crash(db: str) -> None:
    """A stored deal whose actions the rules no longer accept (they changed since it was
    played): 410 with its own code on every route, nothing kept half-loaded, other deals fine."""
    with SeatedClient(create_app(db)) as first:
        deal_id = first.post("/api/games", json={**EASY, "seed": 11}).json()["id"]
        fine = first.post("/api/games", json={**EASY, "seed": 12}).json()["id"]
        settle(first, deal_id)
    # as if a rules change had made this one illegal
    execute(db, "UPDATE actions SET action = 'discard zz' WHERE deal_id = ? AND n = 0", (deal_id,))
    with SeatedClient(create_app(db)) as second:
        for _ in range(2):
            for r in (
                second.get(f"/api/games/{deal_id}"),
                second.post(f"/api/games/{deal_id}/actions", json={"action": "pass", "version": 1}),
                second.post(f"/api/games/{deal_id}/hint", json={"version": 1}),
                second.get(f"/api/games/{deal_id}/record"),
            ):
                assert r.status_code == 410 and r.json()["error"]["code"] == "deal_unreadable"
        assert second.get(f"/api/games/{fine}").status_code == 200
