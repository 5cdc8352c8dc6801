"""`/healthz` and `/readyz` (issue "Beyond one process", operations), on both backends."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from cardavia.store.base import StoreError

pytestmark = pytest.mark.backends


def test_a_serving_process_is_healthy_and_ready(client: TestClient) -> None:
    assert client.get("/healthz").json() == {"status": "ok"}
    r = client.get("/readyz")
    assert r.status_code == 200 and r.json() == {"status": "ready"}
    assert r.headers["cache-control"] == "no-store"


def test_a_store_that_cannot_be_read_is_not_ready(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = client.app.state.store  # type: ignore[attr-defined]

    def down() -> None:
        raise StoreError("connection refused")

    monkeypatch.setattr(store, "ping", down)
    r = client.get("/readyz")
    assert r.status_code == 503 and r.json()["error"]["code"] == "store_unavailable"
    assert "refused" not in r.text  # the store's own words stay in the server
    assert client.get("/healthz").status_code == 200  # the process itself is fine
