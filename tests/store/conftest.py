"""The store tests that hold for every store run on SQLite and on PostgreSQL (tests/backends.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from cardavia.store import open_store
from cardavia.store.base import Store
from tests.backends import BACKENDS, fresh_db


@pytest.fixture(params=BACKENDS)
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A new, empty store's `--db`, once per backend."""
    with fresh_db(request.param, tmp_path) as db:
        yield db


@pytest.fixture
def store(db: str) -> Iterator[Store]:
    store = open_store(db)
    yield store
    store.close()
