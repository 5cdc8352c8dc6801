"""The web tests' site: `client` on a new, empty store. A module marked `backends`
(`pytestmark = pytest.mark.backends`) runs its tests on SQLite and on PostgreSQL, the others on
SQLite (tests/backends.py); `@pytest.mark.backends("sqlite")` keeps one test to SQLite."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from cardavia.web.app import create_app
from tests.backends import BACKENDS, fresh_db
from tests.seated import SeatedClient


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    marker = metafunc.definition.get_closest_marker("backends")
    if marker is not None and "backend" in metafunc.fixturenames:
        names = marker.args or ("sqlite", "postgres")
        metafunc.parametrize(
            "backend", [p for p in BACKENDS if p.values[0] in names], indirect=True
        )


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    return str(getattr(request, "param", "sqlite"))


@pytest.fixture
def db(backend: str, tmp_path: Path) -> Iterator[str]:
    """Where the site keeps its deals: a SQLite file or a PostgreSQL URL (`create_app(db)`)."""
    with fresh_db(backend, tmp_path) as db:
        yield db


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    with SeatedClient(create_app(db)) as c:
        yield c
