"""Helpers of the HTTP API tests: let the AI seats play, read what the store holds."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient


def settle(client: TestClient, deal_id: str, version: int = -1) -> dict[str, Any]:
    """Wait until the AI seats have played and the human must act (or the deal is over)."""
    for _ in range(200):
        view: dict[str, Any] = client.get(f"/api/games/{deal_id}?wait={version}").json()["view"]
        if view["over"] or view["legal_actions"]:
            return view
        version = view["version"]
    raise AssertionError("the AI seats never handed over")


def stored(db_path: Path, deal_id: str) -> list[tuple[int, int, str]]:
    """The actions the store holds for a deal."""
    with sqlite3.connect(db_path) as conn:
        return conn.execute("SELECT n, seat, action FROM actions WHERE deal_id = ? ORDER BY n",
                            (deal_id,)).fetchall()


def unchanged(client: TestClient, db_path: Path, deal_id: str, view: dict[str, Any]) -> None:
    """The deal still shows `view`, and the store holds no new action."""
    before = len(stored(db_path, deal_id))
    after = client.get(f"/api/games/{deal_id}").json()["view"]
    assert after == view
    assert len(stored(db_path, deal_id)) == before
