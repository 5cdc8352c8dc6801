"""The review of a finished deal (architecture.md §8, docs/api.md "Review"): every status of
`GET /api/games/{id}/review`, what the answer holds, and that neither it nor its job row holds a
card another seat kept concealed."""

from __future__ import annotations

import pickle
import random
import time
from typing import Any

import pytest
from starlette.testclient import TestClient

from cardavia.games.registry import GAMES
from cardavia.rules.record import replay
from cardavia.table.jobs import review_key
from cardavia.web.app import create_app
from cardavia.web.limits import PENDING_REVIEWS_PER_CLIENT
from cardavia.web.strings import plurals_for, strings_for
from tests.backends import execute
from tests.seated import SeatedClient
from tests.web.helpers import settle

pytestmark = pytest.mark.backends  # on SQLite and on PostgreSQL (tests/web/conftest.py)
POLLS = 1500  # a review takes seconds; this bounds a broken worker's test, it times nothing


def _finished(client: TestClient, game: str, seed: int) -> tuple[str, dict[str, Any]]:
    """A deal against the greedy baseline (quick), played to the end by a seat that mostly
    follows the hint (the greedy policy at this level) and now and then plays a seeded random
    move, so that a review has disagreements to judge but not a whole deal of them."""
    deal_id = client.post(
        "/api/games", json={"game": game, "seed": seed, "level": "greedy"}
    ).json()["id"]
    rng = random.Random(seed)
    view = settle(client, deal_id)
    while not view["over"]:
        legal = view["legal_actions"]
        if rng.random() < 0.2:
            action = rng.choice(legal)
        else:
            hint = client.post(f"/api/games/{deal_id}/hint", json={"version": view["version"]})
            action = hint.json()["hint"]["action"]
        r = client.post(
            f"/api/games/{deal_id}/actions", json={"action": action, "version": view["version"]}
        )
        assert r.status_code == 200, r.text
        view = settle(client, deal_id, r.json()["view"]["version"])
    return deal_id, view


def _ready(client: TestClient, deal_id: str) -> dict[str, Any]:
    for _ in range(POLLS):
        r = client.get(f"/api/games/{deal_id}/review")
        if r.status_code == 200:
            body: dict[str, Any] = r.json()
            return body
        assert r.status_code == 202, r.text
        assert r.json()["status"] == "pending" and int(r.headers["retry-after"]) >= 1
        time.sleep(0.2)
    raise AssertionError("the review never came")


def test_review_statuses(client: TestClient) -> None:
    """404 unknown, 409 before the end, 403 without (or with a wrong) token, then 202 or 200."""
    assert client.get("/api/games/nope/review").status_code == 404
    deal_id = client.post(
        "/api/games", json={"game": "sisepai", "seed": 3, "level": "greedy"}
    ).json()["id"]
    settle(client, deal_id)
    early = client.get(f"/api/games/{deal_id}/review")
    assert early.status_code == 409 and early.json()["error"]["code"] == "deal_in_progress"
    deal_id, _ = _finished(client, "sisepai", 3)
    bare = client.get(f"/api/games/{deal_id}/review", headers={"Authorization": ""})
    assert bare.status_code == 403
    wrong = client.get(
        f"/api/games/{deal_id}/review", headers={"Authorization": "Bearer not-a-seat"}
    )
    assert wrong.status_code == 403 and wrong.json()["error"]["code"] == "bad_token"
    first = client.get(f"/api/games/{deal_id}/review")
    assert first.status_code in (200, 202)
    review = _ready(client, deal_id)
    assert review["status"] == "ready"
    # kept: asked again, the same review
    again = client.get(f"/api/games/{deal_id}/review").json()
    assert again == review


def test_a_failed_review_is_made_again_when_asked_again(client: TestClient, db: str) -> None:
    """A review whose search failed answers 503 `review_failed` with Retry-After, and is queued
    again: asked again, it is being made (202), then ready. (Sì Sè Pái: its review is among the
    quickest; a Chuo Pai deal's, made twice here, took over two minutes on a busy machine.)"""
    deal_id, _ = _finished(client, "sisepai", 5)
    _ready(client, deal_id)
    # as if its search had failed: no review kept, the job's result an error
    execute(db, "DELETE FROM reviews WHERE deal_id = ?", (deal_id,))
    execute(
        db,
        "UPDATE jobs SET result = ? WHERE key LIKE ?",
        ('{"error": "search failed"}', f"{deal_id}/review/%"),
    )
    failed = client.get(f"/api/games/{deal_id}/review")
    assert failed.status_code == 503 and failed.json()["error"]["code"] == "review_failed"
    assert int(failed.headers["retry-after"]) >= 1
    again = client.get(f"/api/games/{deal_id}/review")
    assert again.status_code in (200, 202), again.text
    assert _ready(client, deal_id)["status"] == "ready"


def test_without_reviews_at_the_end_a_review_is_made_when_asked(db: str) -> None:
    """`create_app(reviews_at_end=False)` (the browser tests' server): a deal's end queues no
    review job; the first ask queues it (202), and it is made as usual."""
    with SeatedClient(create_app(db, reviews_at_end=False)) as site:
        deal_id, _ = _finished(site, "sisepai", 5)
        key = f"{deal_id}/review/%"
        assert execute(db, "SELECT key FROM jobs WHERE key LIKE ?", (key,)) == []
        asked = site.get(f"/api/games/{deal_id}/review")
        assert asked.status_code == 202, asked.text
        assert len(execute(db, "SELECT key FROM jobs WHERE key LIKE ?", (key,))) == 1
        assert _ready(site, deal_id)["status"] == "ready"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_review_answer_is_the_seats_own(client: TestClient, db: str, game: str) -> None:
    """The answer's fields (architecture.md §8); every move it names is one the seat could play
    then, every step one of its own decisions; reasons are keys of the game's strings; the job
    row carries worlds that agree with the seat's view only."""
    deal_id, _ = _finished(client, game, 11)
    review = _ready(client, deal_id)
    record = client.get(f"/api/games/{deal_id}/record").json()
    state = GAMES[game].new_deal(record["seed"], record["dealer"])
    mine: dict[int, list[str]] = {}
    truths = {}
    for step, entry in enumerate(record["actions"]):
        if entry["seat"] == 0 and len(set(legal := state.legal_actions(0))) > 1:
            mine[step] = legal
            truths[step] = state.clone()
        state.apply(entry["seat"], entry["action"])
    assert replay(record, GAMES).is_over()
    assert review["seat"] == 0 and review["decisions"] == len(mine)
    assert 0 <= review["agreed"] <= review["decisions"]
    assert [m["step"] for m in review["moves"]] == sorted(mine)
    for move in review["moves"]:
        assert move["played"] == record["actions"][move["step"]]["action"]
        assert move["hard"] in mine[move["step"]]
    assert review["agreed"] == sum(m["played"] == m["hard"] for m in review["moves"])
    words = {**strings_for(game), **plurals_for(game)}
    for mistake in review["mistakes"]:
        assert mistake["step"] in mine
        assert mistake["played"] == record["actions"][mistake["step"]]["action"]
        assert mistake["better"] in mine[mistake["step"]] and mistake["better"] != mistake["played"]
        lo, hi = mistake["interval"]
        # the flag asks the interval above zero (tests/ai/test_review.py); rounded to two
        # decimals here, a lower end of 0.003 reads 0.0
        assert 0 <= lo <= mistake["loss"] <= hi and mistake["loss"] >= review["margin"]
        assert mistake["reason"] and all(w["key"] in words for w in mistake["reason"])
    # the job row: per decision, one world sampled from the seat's view then, never the truth
    rows = execute(db, "SELECT payload FROM jobs WHERE key LIKE ?", (f"{deal_id}/review/%",))
    if rows:  # (pruned rows aside)
        job = pickle.loads(bytes(rows[0][0]))
        assert [p.step for p in job["points"]] == sorted(mine)
        for point in job["points"]:
            truth = truths[point.step]
            assert point.world.observation(0) == truth.observation(0) == point.observation
    stored = execute(db, "SELECT review FROM reviews WHERE deal_id = ?", (deal_id,))
    assert len(stored) == 1


def _played_out(client: TestClient, seed: int) -> str:
    """A Chuo Pai deal against the greedy baseline played to its end by its first legal moves."""
    made = client.post("/api/games", json={"game": "chuopai", "seed": seed, "level": "greedy"})
    assert made.status_code == 201, made.text
    deal_id: str = made.json()["id"]
    view = settle(client, deal_id)
    while not view["over"]:
        r = client.post(
            f"/api/games/{deal_id}/actions",
            json={"action": view["legal_actions"][0], "version": view["version"]},
        )
        assert r.status_code == 200, r.text
        view = r.json()["view"]
        if not (view["over"] or view["legal_actions"]):  # (else a wait for nothing new)
            view = settle(client, deal_id, view["version"])
    return deal_id


def _queued(client: TestClient, deal_id: str) -> bool:
    """Whether the deal's review of seat 0 is a job in the store (queued, being made or made)."""
    store = client.app.state.store  # type: ignore[attr-defined]
    row = store.load(deal_id)
    return bool(store.has_job(review_key(deal_id, len(row.actions), 0)))


def test_a_client_has_reviews_of_three_deals_waiting_at_most(db: str) -> None:
    """Where deals' creation is limited, one client has reviews of at most three finished deals
    waiting (no worker here makes them): the fourth deal's end queues none, asking for its
    review answers 429 too_many_reviews with Retry-After and queues nothing, while the three
    waiting answer 202; once one is made, the fourth is queued when asked for."""
    assert PENDING_REVIEWS_PER_CLIENT == 3
    with SeatedClient(create_app(db, creates_per_minute=600, ai_processes=0)) as site:
        deals = [_played_out(site, seed) for seed in range(4)]
        tables = site.app.state.tables  # type: ignore[attr-defined]
        assert site.portal is not None
        site.portal.call(tables.drain)  # the AI seats' tasks that ended a deal, queued reviews
        assert [_queued(site, d) for d in deals] == [True, True, True, False]
        refused = site.get(f"/api/games/{deals[3]}/review")
        assert refused.status_code == 429, refused.text
        assert refused.json()["error"]["code"] == "too_many_reviews"
        assert int(refused.headers["retry-after"]) >= 1
        assert not _queued(site, deals[3])
        for deal_id in deals[:3]:
            assert site.get(f"/api/games/{deal_id}/review").status_code == 202
        # a worker makes one of them: the one queued or asked for last first (an ask re-dates a
        # job queued over WANT_EVERY_S ago, so which one that is depends on the machine's pace)
        store = tables.store
        last = "SELECT key FROM jobs WHERE key LIKE ? ORDER BY created DESC, id DESC"
        newest = execute(db, last, ("%/review/%",))[0][0]
        job = store.take_job("test/1")
        assert job is not None and job.key == newest
        store.finish_job(job.id, '{"seat": 0, "decisions": 0, "agreed": 0, "mistakes": []}')
        later = site.get(f"/api/games/{deals[3]}/review")
        assert later.status_code == 202, later.text
        assert _queued(site, deals[3])
        made = next(d for d in deals[:3] if newest.startswith(d))
        assert site.get(f"/api/games/{made}/review").status_code == 200


def test_without_limits_every_deals_review_is_queued(db: str) -> None:
    """Where nothing is limited (the tests' site, the benchmarks), no count either."""
    with SeatedClient(create_app(db, ai_processes=0)) as site:
        deals = [_played_out(site, seed) for seed in range(4)]
        tables = site.app.state.tables  # type: ignore[attr-defined]
        assert site.portal is not None
        site.portal.call(tables.drain)
        assert [_queued(site, d) for d in deals] == [True] * 4
        assert site.get(f"/api/games/{deals[3]}/review").status_code == 202
