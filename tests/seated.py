"""Clients that keep each deal's seat token, as the browser does (architecture.md §6): a deal
created (or claimed) through them is acted in with its token, sent as `Authorization: Bearer`.
Tokens are kept per deal id for the whole test process, so a second client (a restarted site)
acts for the same seat. A request that names its own Authorization header keeps it."""

from __future__ import annotations

import re
from typing import Any

from starlette.testclient import TestClient

TOKENS: dict[str, str] = {}
DEAL_PATH = re.compile(r"/api/games/([A-Za-z0-9_-]+)")


def remember(body: Any) -> None:
    """Keep the token of a deal just created or claimed."""
    if isinstance(body, dict) and isinstance(body.get("token"), str) and "id" in body:
        TOKENS[str(body["id"])] = body["token"]


def auth(path: str, headers: dict[str, str] | None = None) -> dict[str, str]:
    """`headers` with the seat token of the deal `path` names, if one was kept."""
    headers = dict(headers or {})
    found = DEAL_PATH.search(path)
    token = TOKENS.get(found.group(1)) if found else None
    if token is not None and not any(k.lower() == "authorization" for k in headers):
        headers["Authorization"] = f"Bearer {token}"
    return headers


class SeatedClient(TestClient):
    def request(self, method: str, url: Any, **kwargs: Any) -> Any:
        kwargs["headers"] = auth(str(url), kwargs.get("headers"))
        response = super().request(method, url, **kwargs)
        if response.status_code == 201 and "json" in response.headers.get("content-type", ""):
            remember(response.json())
        return response
