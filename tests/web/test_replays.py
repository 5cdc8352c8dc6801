"""The replay's API and pages (architecture.md §8, docs/api.md): a finished deal's steps by its
id (the seat's log with its token, the spectator's without), `409` before the end; a record sent
by the browser replays or is refused with a code per kind of problem (broken, another game's, an
illegal move, a deal not over), and nothing of it is stored."""

from __future__ import annotations

import gzip
import json
from typing import Any

import pytest
from starlette.testclient import TestClient

from cardavia.games.registry import GAMES
from cardavia.traditions import DECKS
from tests.web.helpers import stored
from tests.web.test_api import _play_to_end

pytestmark = pytest.mark.backends  # SQLite and PostgreSQL (tests/backends.py)

EASY = {"game": "sisepai", "level": "easy"}


@pytest.fixture
def finished(client: TestClient) -> tuple[str, dict[str, Any]]:
    deal_id = client.post("/api/games", json={**EASY, "seed": 7}).json()["id"]
    _play_to_end(client, deal_id)
    record = client.get(f"/api/games/{deal_id}/record").json()
    return deal_id, record


def test_no_replay_before_the_end(client: TestClient) -> None:
    """Before the deal is over its replay would show every hand: 409, and nothing else."""
    deal_id = client.post("/api/games", json={**EASY, "seed": 3}).json()["id"]
    r = client.get(f"/api/games/{deal_id}/replay")
    assert r.status_code == 409 and r.json()["error"]["code"] == "deal_in_progress"
    assert "steps" not in r.json() and "hands" not in r.text
    assert client.get("/api/games/nope/replay").status_code == 404


def test_the_replay_of_a_finished_deal(
    client: TestClient, finished: tuple[str, dict[str, Any]]
) -> None:
    deal_id, record = finished
    r = client.get(f"/api/games/{deal_id}/replay")
    assert r.status_code == 200
    replay = r.json()
    assert replay["id"] == deal_id and replay["game"] == "sisepai" and replay["seat"] == 0
    assert replay["level"] == "easy" and replay["result"] == record["result"]
    assert [s["kind"] for s in replay["seats"]] == ["human", "ai", "ai", "ai"]
    steps = replay["steps"]
    assert [i for s in steps for i in s["actions"]] == list(range(len(record["actions"])))
    # the seat's own log: the same entries as its view's log
    view = client.get(f"/api/games/{deal_id}").json()["view"]
    assert [(e["v"], e["kind"]) for e in replay["log"]] == [
        (e["v"], e["kind"]) for e in view["log"]
    ]
    assert steps[-1]["table"]["hand"] == view["table"]["hand"]
    # without the token: the spectator's log, the same steps' hands
    spectator = client.get(
        f"/api/games/{deal_id}/replay", headers={"Authorization": "Bearer "}
    )  # an empty bearer is a malformed token
    assert spectator.status_code == 403
    plain = TestClient(client.app).get(f"/api/games/{deal_id}/replay").json()
    assert plain["seat"] is None and plain["steps"][-1]["hands"] == steps[-1]["hands"]


def test_the_replay_is_compressed_when_the_client_takes_gzip(
    client: TestClient, finished: tuple[str, dict[str, Any]]
) -> None:
    deal_id, _ = finished
    with client.stream(
        "GET", f"/api/games/{deal_id}/replay", headers={"Accept-Encoding": "gzip"}
    ) as r:
        raw = b"".join(r.iter_raw())
        assert r.headers["content-encoding"] == "gzip" and "Accept-Encoding" in r.headers["vary"]
    plain = json.loads(gzip.decompress(raw))
    assert plain["steps"] and len(raw) < len(json.dumps(plain)) / 5


def _post(client: TestClient, game: str, record: Any) -> Any:
    return client.post("/api/replays", json={"game": game, "record": record})


def test_a_record_sent_replays_and_nothing_is_stored(
    client: TestClient, finished: tuple[str, dict[str, Any]]
) -> None:
    deal_id, record = finished
    before = stored(client, deal_id)
    by_text = _post(client, "sisepai", json.dumps(record, indent=1))
    by_object = _post(client, "sisepai", record)
    assert by_text.status_code == by_object.status_code == 200
    assert by_text.json() == by_object.json()
    body = by_text.json()
    assert body["id"] is None and body["seat"] is None and body["result"] == record["result"]
    by_id = TestClient(client.app).get(f"/api/games/{deal_id}/replay").json()
    assert body["steps"] == by_id["steps"] and body["log"] == by_id["log"]
    assert stored(client, deal_id) == before


def _error(r: Any, status: int, code: str) -> dict[str, Any]:
    assert r.status_code == status, r.text
    body: dict[str, Any] = r.json()
    assert body["error"]["code"] == code and body["error"]["message"]
    return body


def test_a_broken_record_is_refused_naming_the_part(
    client: TestClient, finished: tuple[str, dict[str, Any]]
) -> None:
    _, record = finished
    _error(_post(client, "sisepai", "{not json"), 422, "bad_record")
    _error(_post(client, "sisepai", "[1, 2]"), 422, "bad_record")
    _error(_post(client, "sisepai", 12), 422, "bad_request")
    wrong = {**record, "result": {**record["result"], "scores": [9, 9, 9, 9]}}
    body = _error(_post(client, "sisepai", wrong), 422, "bad_record")
    assert body["error"]["message"].startswith("result:")
    body = _error(_post(client, "sisepai", {**record, "format": "x"}), 422, "bad_record")
    assert body["error"]["message"].startswith("format:")
    _error(_post(client, "go", record), 422, "unknown_game")


def test_a_record_of_another_game_is_named(
    client: TestClient, finished: tuple[str, dict[str, Any]]
) -> None:
    _, record = finished
    body = _error(_post(client, "nantong", record), 422, "other_game")
    assert body["game"] == "sisepai"


def test_a_record_with_an_illegal_move_names_the_move(
    client: TestClient, finished: tuple[str, dict[str, Any]]
) -> None:
    _, record = finished
    actions = [dict(a) for a in record["actions"]]
    actions[2] = {"seat": (actions[2]["seat"] + 1) % 4, "action": actions[2]["action"]}
    body = _error(_post(client, "sisepai", {**record, "actions": actions}), 422, "illegal_action")
    assert body["index"] == 2 and body["error"]["message"].startswith("actions[2]")
    # and the replay step it would have been shown at, the page's own numbering of the deal
    steps = _post(client, "sisepai", record).json()["steps"]
    assert body["step"] == next(i for i, s in enumerate(steps) if 2 in s["actions"]) > 0


def test_a_record_of_a_deal_in_progress_has_no_replay(
    client: TestClient, finished: tuple[str, dict[str, Any]]
) -> None:
    _, record = finished
    early = {**record, "actions": record["actions"][:4], "result": None}
    _error(_post(client, "sisepai", early), 422, "deal_not_over")


def test_a_record_too_large_is_refused(client: TestClient) -> None:
    r = _post(client, "sisepai", "x" * (300 * 1024))
    _error(r, 413, "too_large")


@pytest.mark.parametrize("lang", ["en", "zh", "ru"])
def test_the_pages(client: TestClient, lang: str) -> None:
    """The replay page of every game (with and without a deal) and the history page are served
    in every language; a game without a table has no replay page."""
    for game in GAMES:
        for path in (f"/{lang}/games/{game}/replay", f"/{lang}/games/{game}/replay/someid"):
            r = client.get(path)
            assert r.status_code == 200, path
            assert "/static/table/replay/main.js" in r.text and f"/static/table/{game}.js" in r.text
            config = r.text.split('id="cardavia-config">', 1)[1].split("</script>", 1)[0]
            deal = "someid" if path.endswith("someid") else None
            assert json.loads(config)["replay"]["deal"] == deal
    for game in (g.id for deck in DECKS for g in deck.games if not g.playable):
        assert client.get(f"/{lang}/games/{game}/replay").status_code == 404
    r = client.get(f"/{lang}/history")
    assert r.status_code == 200 and "/static/history/history.js" in r.text
    assert f'href="/{lang}/history"' in client.get(f"/{lang}/").text  # in the site's header
