"""The OpenAPI description (`cardavia.web.openapi`) is valid OpenAPI 3 and names exactly the
app's routes; `GET /openapi.json` serves it."""

from __future__ import annotations

import re
from pathlib import Path

from openapi_spec_validator import validate
from starlette.routing import Mount, Route
from starlette.testclient import TestClient

from cardavia.ai.levels import API_LEVELS
from cardavia.games.registry import GAMES
from cardavia.traditions import DECKS
from cardavia.web.app import create_app
from cardavia.web.i18n import LANGUAGES
from cardavia.web.openapi import description

METHODS = {"get", "put", "post", "delete", "options", "head", "patch", "trace"}


def _operations_of_routes(db: Path) -> set[tuple[str, str]]:
    """(method, path) of every route, `{name:convertor}` written `{name}` as OpenAPI does.
    HEAD goes with GET (Starlette answers it for every GET route) and is not described."""
    found: set[tuple[str, str]] = set()
    app = create_app(db)
    app.state.store.close()
    for route in app.routes:
        if isinstance(route, Mount):
            assert route.path == "/static", route.path  # the one mount, left out on purpose
            continue
        assert isinstance(route, Route), route
        assert route.methods is not None
        path = re.sub(r"\{(\w+):\w+\}", r"{\1}", route.path)
        methods = {m.lower() for m in route.methods}
        if "get" in methods:
            methods.discard("head")
        found.update((method, path) for method in methods)
    return found


def test_the_description_is_valid_openapi_3() -> None:
    spec = description()
    assert spec["openapi"].startswith("3.0.")
    validate(spec)


def test_it_describes_every_route_and_no_other(tmp_path: Path) -> None:
    described = {
        (method, path)
        for path, item in description()["paths"].items()
        for method in item
        if method in METHODS
    }
    assert described == _operations_of_routes(tmp_path / "deals.db")


def test_every_operation_has_an_id_and_its_path_parameters() -> None:
    spec = description()
    ids = []
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            ids.append(operation["operationId"])
            names = set()
            for parameter in operation.get("parameters", []):
                if "$ref" in parameter:
                    parameter = spec["components"]["parameters"][parameter["$ref"].split("/")[-1]]
                if parameter["in"] == "path":
                    names.add(parameter["name"])
            assert names == set(re.findall(r"\{(\w+)\}", path)), (method, path)
    assert len(ids) == len(set(ids))


def test_the_enums_are_the_codes_own_lists() -> None:
    components = description()["components"]
    enum = {
        name: p["schema"]["enum"]
        for name, p in components["parameters"].items()
        if "enum" in p["schema"]
    }
    assert enum["Lang"] == list(LANGUAGES)
    assert enum["Game"] == list(GAMES)
    assert enum["Deck"] == [deck.id for deck in DECKS]
    assert set(GAMES) <= set(enum["PageGame"])
    assert components["schemas"]["NewDeal"]["properties"]["level"]["enum"] == list(API_LEVELS)


def test_every_api_operation_lists_the_hardened_statuses() -> None:
    for path, item in description()["paths"].items():
        if not path.startswith("/api/"):
            continue
        for method, operation in item.items():
            statuses = set(operation["responses"])
            if method == "post":
                assert {"403", "408", "415"} <= statuses, (method, path)
            if "{deal_id}" in path:
                assert {"404", "410", "503"} <= statuses, (method, path)
    create = description()["paths"]["/api/games"]["post"]["responses"]
    assert create["429"] == {"$ref": "#/components/responses/TooManyRequests"}
    assert "Retry-After" in description()["components"]["responses"]["TooManyRequests"]["headers"]


def test_get_openapi_json_serves_it(client: TestClient) -> None:
    response = client.get("/openapi.json")
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/json"
    assert response.json() == description()
