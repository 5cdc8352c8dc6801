"""Findings of the reliability and security review (../shared/reviews/reliability.md) at the
API: each test reproduces one finding and fails on the code before its fix. The tests with a
store run on SQLite and on PostgreSQL (tests/web/conftest.py), but for values that only a SQLite
file can hold."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from cardavia.web.requests import MAX_ACTION, MAX_MESSAGE
from tests.backends import execute
from tests.seated import SeatedClient
from tests.web.helpers import settle, unchanged

pytestmark = pytest.mark.backends

JSON = {"content-type": "application/json"}
DEAL = {"game": "nantong", "level": "greedy", "seed": 3}


def _deals(db: str) -> int:
    count: int = execute(db, "SELECT count(*) FROM deals")[0][0]
    return count


@pytest.fixture
def live(client: TestClient) -> tuple[str, dict[str, Any]]:
    deal_id = client.post("/api/games", json=DEAL).json()["id"]
    return deal_id, settle(client, deal_id)


# L1: a lone surrogate anywhere in a body answers 4xx, not 500.
@pytest.mark.parametrize(
    "body",
    [
        b'{"game": "nantong", "after": "\\ud800"}',
        b'{"game": "\\udfff"}',
        b'{"game": "nantong", "level": "\\ud83d"}',
    ],
)
def test_a_lone_surrogate_is_bad_json(client: TestClient, db: str, body: bytes) -> None:
    r = client.post("/api/games", content=body, headers=JSON)
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_json"
    assert _deals(db) == 0


def test_a_lone_surrogate_in_an_action_changes_nothing(
    client: TestClient, db: str, live: tuple[str, dict[str, Any]]
) -> None:
    deal_id, view = live
    body = '{"action": "discard \\ud800", "version": ' + str(view["version"]) + "}"
    r = client.post(f"/api/games/{deal_id}/actions", content=body.encode(), headers=JSON)
    assert r.status_code == 400
    unchanged(client, deal_id, view)


# I2: an error quotes at most a short head of what was sent.
def test_errors_echo_only_a_short_head(
    client: TestClient, db: str, live: tuple[str, dict[str, Any]]
) -> None:
    deal_id, view = live
    junk = "x" * 15000
    r = client.post("/api/games", json={"game": junk})
    assert r.status_code == 422 and len(r.content) < 300
    r = client.post(
        f"/api/games/{deal_id}/actions", json={"action": junk, "version": view["version"]}
    )
    assert r.status_code == 422 and len(r.content) < 300
    # a rules error quoting an action of the longest allowed length is cut too
    r = client.post(
        f"/api/games/{deal_id}/actions",
        json={"action": "y" * MAX_ACTION, "version": view["version"]},
    )
    assert r.status_code == 422 and len(r.json()["error"]["message"]) <= MAX_MESSAGE
    unchanged(client, deal_id, view)


# L3: POSTs take only JSON, and not from another site's pages.
@pytest.mark.parametrize(
    "content_type",
    [
        None,
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "text/json",
    ],
)
def test_posts_take_only_json(
    client: TestClient, db: str, live: tuple[str, dict[str, Any]], content_type: str | None
) -> None:
    deal_id, view = live
    headers = {"content-type": content_type} if content_type else {}
    for url, body in (
        ("/api/games", DEAL),
        (
            f"/api/games/{deal_id}/actions",
            {"action": view["legal_actions"][0], "version": view["version"]},
        ),
        (f"/api/games/{deal_id}/hint", {"version": view["version"]}),
    ):
        r = client.post(url, content=json.dumps(body).encode(), headers=headers)
        assert r.status_code == 415, (url, r.status_code)
        assert r.json()["error"]["code"] == "unsupported_media_type"
    assert _deals(db) == 1
    unchanged(client, deal_id, view)


@pytest.mark.parametrize(
    "headers",
    [
        {"origin": "https://evil.example"},
        {"origin": "null"},
        {"origin": "http://testserver.evil.example"},
        {"sec-fetch-site": "cross-site"},
    ],
)
def test_posts_from_another_site_are_refused(
    client: TestClient, db: str, live: tuple[str, dict[str, Any]], headers: dict[str, str]
) -> None:
    deal_id, view = live
    r = client.post("/api/games", json=DEAL, headers=headers)
    assert r.status_code == 403 and r.json()["error"]["code"] == "cross_origin"
    r = client.post(
        f"/api/games/{deal_id}/actions",
        headers=headers,
        json={"action": view["legal_actions"][0], "version": view["version"]},
    )
    assert r.status_code == 403
    assert _deals(db) == 1
    unchanged(client, deal_id, view)


@pytest.mark.parametrize(
    ("origin", "host"),
    [
        ("http://testserver", "testserver"),
        ("https://cards.example:8443", "cards.example:8443"),
        ("https://cards.example:8443", "cards.example"),  # a proxy passing nginx's $host
        ("http://[::1]:8000", "[::1]:8000"),
    ],
)
def test_posts_from_the_sites_own_pages_go_through(
    client: TestClient, origin: str, host: str
) -> None:
    same = {"origin": origin, "host": host, "sec-fetch-site": "same-origin"}
    assert client.post("/api/games", json=DEAL, headers=same).status_code == 201


@pytest.mark.parametrize(
    ("origin", "host"),
    [
        ("https://cards.example.evil:8443", "cards.example"),
        ("https://evil.example:8443", "cards.example:8443"),
        ("https://cards.example:9999", "cards.example:8443"),
    ],
)
def test_a_page_of_another_host_or_port_is_refused(
    client: TestClient, origin: str, host: str
) -> None:
    r = client.post("/api/games", json=DEAL, headers={"origin": origin, "host": host})
    assert r.status_code == 403


# H1 (with issue "Beyond one process"): an unknown id leaves nothing behind.
def test_unknown_ids_leave_nothing_in_memory(client: TestClient) -> None:
    tables = client.app.state.tables  # type: ignore[attr-defined]
    for i in range(300):
        assert client.get(f"/api/games/unknown{i}").status_code == 404
        assert client.get(f"/api/games/{'z' * 5000}{i}").status_code == 404
    r = client.post("/api/games", json={**DEAL, "after": "q" * 15000})
    assert r.status_code == 422
    assert tables._locks == {} and tables._loading == {} and tables.in_memory() == []


# M7 (with issue "Beyond one process"): a damaged row answers a JSON 410, never a 500.
def _damaged(client: TestClient, db: str, deal_id: str, column: str, value: object) -> None:
    client.app.state.tables._tables.clear()  # type: ignore[attr-defined]
    execute(db, f"UPDATE deals SET {column} = ? WHERE id = ?", (value, deal_id))
    for r in (
        client.get(f"/api/games/{deal_id}"),
        client.post(f"/api/games/{deal_id}/actions", json={"action": "pass", "version": 0}),
    ):
        assert r.status_code == 410, (column, r.status_code, r.text)
        assert r.json()["error"]["code"] == "deal_unreadable"


@pytest.mark.parametrize(
    ("column", "value"),
    [
        ("level", "bogus"),
        ("dealer", 99),
        # values read back whole that a view failed on, a 500 (security retest F2)
        ("totals", "[1, 2]"),
        ("totals", '{"a": 1}'),
        ("totals", '[1, 2, 3, "x"]'),
    ],
)
def test_a_damaged_row_is_unreadable(
    client: TestClient, db: str, live: tuple[str, dict[str, Any]], column: str, value: object
) -> None:
    _damaged(client, db, live[0], column, value)


# PostgreSQL's typed columns refuse these values: only a SQLite file can hold them.
@pytest.mark.backends("sqlite")
@pytest.mark.parametrize(
    ("column", "value"),
    [
        ("position", "{bad"),
        ("totals", "[1,"),
        ("seed", "abc"),
    ],
)
def test_a_damaged_value_is_unreadable(
    client: TestClient, db: str, live: tuple[str, dict[str, Any]], column: str, value: object
) -> None:
    _damaged(client, db, live[0], column, value)


# ... while PostgreSQL's hold valid JSON nested past what Python reads.
@pytest.mark.backends("postgres")
def test_a_value_python_cannot_read_is_unreadable(
    client: TestClient, db: str, live: tuple[str, dict[str, Any]]
) -> None:
    _damaged(client, db, live[0], "totals", "[" * 5000 + "]" * 5000)


def test_a_store_that_cannot_read_answers_503(db: str) -> None:
    from cardavia.web.app import create_app

    with SeatedClient(create_app(db)) as client:
        deal_id = client.post("/api/games", json=DEAL).json()["id"]
        client.app.state.tables._tables.clear()  # type: ignore[attr-defined]
        # the deals table replaced by one of another shape
        execute(db, "ALTER TABLE deals RENAME TO old")
        execute(db, "CREATE TABLE deals (x integer)")
        r = client.get(f"/api/games/{deal_id}")
        assert r.status_code == 503 and r.json()["error"]["code"] == "store_unavailable"


def test_an_unexpected_failure_is_still_a_json_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The last resort: whatever fails, an API client gets JSON with the site's headers."""
    from cardavia.table.live import Tables
    from cardavia.web.app import create_app

    async def broken(self: Tables, deal_id: str) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(Tables, "get", broken)
    with SeatedClient(create_app(tmp_path / "deals.db"), raise_server_exceptions=False) as client:
        r = client.get("/api/games/abc")
        assert r.status_code == 500 and r.json()["error"]["code"] == "internal"
        assert "a bug" not in r.text
        assert r.headers["cache-control"] == "no-store"
        assert r.headers["x-content-type-options"] == "nosniff"


# H2/M5 (with issue "Beyond one process"): one client cannot create deals without end.
def test_creating_deals_is_limited_per_client(db: str) -> None:
    from cardavia.web.app import create_app

    app = create_app(db, creates_per_minute=3)
    app.state.create_limit.clock = lambda: 0.0  # still: a slow machine refills no token meanwhile
    with SeatedClient(app) as client:
        for _ in range(3):
            assert client.post("/api/games", json=DEAL).status_code == 201
        r = client.post("/api/games", json=DEAL)
        assert r.status_code == 429 and r.json()["error"]["code"] == "too_many_requests"
        assert 1 <= int(r.headers["retry-after"]) <= 20
        assert _deals(db) == 3
        other = SeatedClient(app, client=("10.0.0.2", 1))  # another address is not held up
        assert other.post("/api/games", json=DEAL).status_code == 201


def test_replaying_records_is_limited_per_client(db: str) -> None:
    """Security test (2026-12-05): records replayed from a browser had no limit (651 in 10 s from
    six clients slowed every view); where creating is limited, so is replaying, a finished
    deal's replay by its id included (2026-12-06: eight looping clients made a view 85 ms)."""
    from cardavia.web.app import REPLAYS_PER_MINUTE, create_app

    app = create_app(db, creates_per_minute=3)
    app.state.replay_limit.clock = lambda: 0.0  # still: a slow machine refills no token meanwhile
    broken = {"game": "sisepai", "record": "{"}  # answered at once, and counted all the same
    with SeatedClient(app) as client:
        for _ in range(REPLAYS_PER_MINUTE):
            assert client.post("/api/replays", json=broken).status_code == 422
        r = client.post("/api/replays", json=broken)
        assert r.status_code == 429 and r.json()["error"]["code"] == "too_many_requests"
        assert int(r.headers["retry-after"]) >= 1
        other = SeatedClient(app, client=("10.0.0.2", 1))  # another address is not held up
        assert other.post("/api/replays", json=broken).status_code == 422
    # (security test, 2026-12-06) a finished deal's replay is the same work: one budget for both
    app = create_app(db, creates_per_minute=3)
    app.state.replay_limit.clock = lambda: 0.0
    with SeatedClient(app) as client:
        for _ in range(REPLAYS_PER_MINUTE):
            assert client.get("/api/games/no-such-deal/replay").status_code == 404
        r = client.get("/api/games/no-such-deal/replay")
        assert r.status_code == 429 and r.json()["error"]["code"] == "too_many_requests"
        assert client.post("/api/replays", json=broken).status_code == 429
    with SeatedClient(create_app(db)) as unlimited:  # the benchmarks' and tests' site
        for _ in range(REPLAYS_PER_MINUTE + 1):
            assert unlimited.post("/api/replays", json=broken).status_code == 422
            assert unlimited.get("/api/games/no-such-deal/replay").status_code == 404


def test_the_rate_limit_refills_and_keeps_few_clients() -> None:
    from cardavia.web.limits import RateLimit

    now = [0.0]
    limit = RateLimit(6, clients=3, clock=lambda: now[0])  # one every 10 s, six at once
    assert [limit.take("a") for _ in range(6)] == [0.0] * 6
    assert limit.take("a") == pytest.approx(10.0)
    now[0] += 10.0
    assert limit.take("a") == 0.0
    for client in "bcdef":
        limit.take(client)
    assert len(limit._buckets) == 3


def test_an_ipv6_subscriber_counts_once() -> None:
    from cardavia.web.limits import client_key

    assert client_key("2001:db8:1:2::1") == client_key("2001:db8:1:2:ffff::9")
    assert client_key("2001:db8:1:3::1") != client_key("2001:db8:1:2::1")
    assert client_key("192.0.2.1") != client_key("192.0.2.2")
    assert client_key("testclient") == "testclient"


@pytest.mark.backends("sqlite")
@pytest.mark.parametrize("value", [b"\xff\xfe\x00", b"Mei"])
def test_a_damaged_seat_is_unreadable(
    client: TestClient, db: str, live: tuple[str, dict[str, Any]], value: object
) -> None:
    """A seat's name of bytes (a SQLite column keeps any type) failed the view: a 500
    (security retest F2)."""
    client.app.state.tables._tables.clear()  # type: ignore[attr-defined]
    execute(db, "UPDATE seats SET name = ? WHERE deal_id = ? AND seat = 1", (value, live[0]))
    r = client.get(f"/api/games/{live[0]}")
    assert r.status_code == 410, r.text
    assert r.json()["error"]["code"] == "deal_unreadable"


@pytest.mark.parametrize(
    "damage",
    [
        "UPDATE seats SET kind = 'wizard' WHERE deal_id = ? AND seat = 1",  # no such seat
        "DELETE FROM seats WHERE deal_id = ? AND seat = 1",  # a seat short of the game's
    ],
)
def test_a_damaged_seat_row_is_unreadable(
    client: TestClient, db: str, live: tuple[str, dict[str, Any]], damage: str
) -> None:
    """A seat row of a kind no seat has, or a deal with a seat missing, is unreadable (410),
    on either store, not a 500 at its first view (security retest F2)."""
    client.app.state.tables._tables.clear()  # type: ignore[attr-defined]
    execute(db, damage, (live[0],))
    r = client.get(f"/api/games/{live[0]}")
    assert r.status_code == 410, r.text
    assert r.json()["error"]["code"] == "deal_unreadable"


def test_a_client_gone_before_its_body_is_a_plain_400() -> None:
    """Operator walk (2026-12-06): a request whose client went away before its body came (nginx
    giving up on a slow answer) raised Starlette's ClientDisconnect out of the handler, which
    uvicorn logged as an exception with its traceback. It is an answer nobody reads now."""
    import asyncio

    from starlette.requests import Request

    from cardavia.web.requests import ApiError, json_body

    async def gone() -> dict[str, Any]:
        return {"type": "http.disconnect"}

    scope = {
        "type": "http",
        "method": "POST",
        "path": "/api/games",
        "headers": [(b"content-type", b"application/json")],
    }
    with pytest.raises(ApiError) as refused:
        asyncio.run(json_body(Request(scope, gone)))
    assert (refused.value.status, refused.value.code) == (400, "client_gone")
