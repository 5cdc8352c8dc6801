"""Helpers of the HTTP API tests: let the AI seats play, read what the store holds."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from cardavia.store import open_store
from cardavia.store.base import Store


def settle(client: TestClient, deal_id: str, version: int = -1) -> dict[str, Any]:
    """Wait until the AI seats have played and the human must act (or the deal is over): the
    view then, as a GET without `wait` shows it."""
    for _ in range(200):
        view: dict[str, Any] = client.get(f"/api/games/{deal_id}?wait={version}").json()["view"]
        if view["over"] or view["legal_actions"]:
            return without_steps(view)
        version = view["version"]
    raise AssertionError("the AI seats never handed over")


def without_steps(view: dict[str, Any]) -> dict[str, Any]:
    """`view` without the tables its log entries carry for a replay (docs/api.md, "The steps
    of a replay"), which only an answer to a client's version has."""
    for entry in view["log"]:
        entry.pop("table", None)
    return view


def stored(site: TestClient | str | Path, deal_id: str) -> list[tuple[int, int, str]]:
    """The actions the store holds for a deal, (n, seat, action): read through the running
    site's store, or through a store opened on `db` (a SQLite path or a PostgreSQL URL)."""
    if isinstance(site, TestClient):
        store: Store = site.app.state.store  # type: ignore[attr-defined]
        row = store.load(deal_id)
    else:
        store = open_store(str(site))
        try:
            row = store.load(deal_id)
        finally:
            store.close()
    assert row is not None, deal_id
    return [(n, seat, action) for n, (seat, action) in enumerate(row.actions)]


def unchanged(client: TestClient, deal_id: str, view: dict[str, Any]) -> None:
    """The deal still shows `view`, and the store holds no new action of the viewer's seat.
    (The AI seats may answer a claim unseen meanwhile, after a paced pause: table/pacing.py.)"""
    seat = view["seat"] or 0

    def mine() -> list[tuple[int, int, str]]:
        return [a for a in stored(client, deal_id) if a[1] == seat]

    before = mine()
    after = client.get(f"/api/games/{deal_id}").json()["view"]
    assert after == view
    assert mine() == before
