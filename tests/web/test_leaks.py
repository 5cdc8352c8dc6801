"""No response to seat 0 (views, log, errors) carries an AI seat's concealed cards or the stock
order, over many random deals played through the API (architecture.md §2). The views the log
entries carry for a replay (`table` after each step) are the human's own observation at that
step, which its client was shown, or is being shown, in order."""

from __future__ import annotations

import random
from typing import Any

import pytest
from starlette.testclient import TestClient

from cardavia.games.sisepai.cards import N_IDS, code
from cardavia.games.sisepai.state import SiSePaiState
from cardavia.rules.types import ObservationBase
from cardavia.table.live import HUMAN, Table


def _hidden_codes(state: SiSePaiState, viewer_visible: set[str]) -> set[str]:
    hidden = {code(c) for s in range(1, 4) for c in range(N_IDS) if state.hands[s][c]}
    hidden |= {code(c) for c in state.stock}
    return hidden - viewer_visible


def _visible(view: dict) -> set[str]:  # type: ignore[type-arg]
    table = view["table"]
    seen = set(table["hand"])
    for seat in table["seats"]:
        seen |= {c for g in seat["groups"] for c in g["cards"]} | set(seat["discards"])
    if table["public_card"]:
        seen.add(table["public_card"])
    for entry in view["log"]:
        for key in ("card",):
            if key in entry:
                seen.add(entry[key])
        seen |= set(entry.get("group", []))
    if view["result"] and view["result"]["winner"] is not None:
        for g in view["result"]["breakdown"]["groups"]:
            seen |= set(g["cards"])
    return seen


def _observations(table: Table) -> dict[int, ObservationBase]:
    """The human's observation after each step that showed it something, replayed from the
    deal's seed and its stored actions, by the version that step left it at."""
    assert table.row.seed is not None
    state = table.game.new_deal(table.row.seed, table.row.dealer, lazy=True)
    seen = {0: state.observation(HUMAN)}
    version = 0

    def step(events: list[Any]) -> None:
        nonlocal version
        shown = sum(e.visible_to(HUMAN) for e in events)
        version += shown
        if shown:
            seen[version] = state.observation(HUMAN)

    step(state.opening)
    for seat, action in table.state.actions:
        while state.unsettled():
            step(state.settle())
        step(state.apply(seat, action))
    while state.unsettled() and version < table.version:
        step(state.settle())
    return seen


def _steps(view: dict[str, Any], since: int) -> dict[int, Any]:
    """The tables the view's log entries carry (docs/api.md): only on entries newer than the
    version the client asked from."""
    steps = {e["v"]: e["table"] for e in view["log"] if "table" in e}
    assert all(v > since for v in steps), (since, sorted(steps))
    return steps


def _read_hidden(tables: Any, deal_id: str, visible: set[str]) -> set[str]:
    return _hidden_codes(tables._tables[deal_id].state, visible)


# Mostly the quick easy level; a few deals against the searching level, whose seats think in
# worker processes on worlds sampled from their own view.
CASES = [(seed, "easy") for seed in range(30)] + [(seed, "normal") for seed in range(30, 33)]


@pytest.mark.parametrize(("seed", "level"), CASES)
def test_no_response_leaks_hidden_cards(client: TestClient, seed: int, level: str) -> None:
    rng = random.Random(seed)
    r = client.post("/api/games", json={"game": "sisepai", "seed": seed, "level": level})
    deal_id = r.json()["id"]
    tables = client.app.state.tables  # type: ignore[attr-defined]
    texts = [r.text]
    assert not _steps(r.json()["view"], 0)  # the opening view is drawn as it is
    steps: dict[int, Any] = {}
    version = -1
    for _ in range(400):
        r = client.get(f"/api/games/{deal_id}?wait={version}")
        view = r.json()["view"]
        steps |= _steps(view, version)
        texts.append(r.text)
        visible = _visible(view)
        assert client.portal is not None  # read in the server's event loop: a step never half seen
        hidden = client.portal.call(_read_hidden, tables, deal_id, visible)
        for text in texts[-2:]:
            for token in hidden:
                assert f'"{token}"' not in text, f"{token} leaked"
        if view["over"]:
            break
        version = view["version"]
        if not view["legal_actions"]:
            continue
        # sometimes ask for a hint: it is made from the human's own view, and must not leak
        if rng.random() < 0.15:
            hint = client.post(f"/api/games/{deal_id}/hint", json={"version": version})
            assert hint.status_code == 200, hint.text
            assert hint.json()["hint"]["action"] in view["legal_actions"]
            for token in hidden:
                assert f'"{token}"' not in hint.text, f"{token} leaked in a hint"
        # sometimes send something illegal: the error must not leak either
        tried = rng.choice(["F1", "F2", "F3", "rK", "gK"])
        if rng.random() < 0.2 and f"claim {tried}" not in view["legal_actions"]:
            bad = client.post(
                f"/api/games/{deal_id}/actions",
                json={"action": f"claim {tried}", "version": version},
            )
            assert bad.status_code == 422
            message = bad.json()["error"]["message"].replace(tried, "")
            for token in hidden:
                assert token not in message, f"{token} leaked in an error"
        r = client.post(
            f"/api/games/{deal_id}/actions",
            json={"action": rng.choice(view["legal_actions"]), "version": version},
        )
        assert r.status_code == 200
        texts.append(r.text)
        steps |= _steps(r.json()["view"], version)
        version = r.json()["view"]["version"] - 1
    # each step's table is the human's observation replayed to that step
    assert steps
    replayed = _observations(tables._tables[deal_id])
    for v, table in steps.items():
        assert table == replayed[v], v
