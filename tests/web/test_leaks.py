"""No response to seat 0 (views, log, errors) carries an AI seat's concealed cards or the stock
order, over many random deals played through the API (architecture.md §2)."""

from __future__ import annotations

import random

import pytest
from starlette.testclient import TestClient

from cardavia.games.sisepai.cards import N_IDS, code
from cardavia.games.sisepai.state import SiSePaiState


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
    version = -1
    for _ in range(400):
        r = client.get(f"/api/games/{deal_id}?wait={version}")
        view = r.json()["view"]
        texts.append(r.text)
        state = tables._tables[deal_id].state
        hidden = _hidden_codes(state, _visible(view))
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
        version = r.json()["view"]["version"] - 1
