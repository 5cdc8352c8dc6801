"""Running the same test on both stores: SQLite (a file in the test's tmp_path) and PostgreSQL
(a new, empty database per test on the server that CARDAVIA_TEST_PG names).

`scripts/test` starts a throwaway server and sets CARDAVIA_TEST_PG (`scripts/pg-throwaway`);
by hand, `scripts/pg-throwaway .venv/bin/python -m pytest …`. A PostgreSQL test without
CARDAVIA_TEST_PG fails: leave them all out with `-m "not postgres"`.
"""

from __future__ import annotations

import os
import secrets
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import psycopg
import pytest
from psycopg import sql

from cardavia.store import is_postgres_url

PG_ENV = "CARDAVIA_TEST_PG"
# A fixture parametrized with these runs its tests once per store; the PostgreSQL runs carry
# the `postgres` mark.
BACKENDS = [
    pytest.param("sqlite", id="sqlite"),
    pytest.param("postgres", id="postgres", marks=pytest.mark.postgres),
]


def pg_server() -> str:
    """The URL of the test server's maintenance database, or the test fails."""
    url = os.environ.get(PG_ENV)
    if not url:
        pytest.fail(
            f"{PG_ENV} is not set: run the PostgreSQL tests beside a server "
            "(scripts/test, or scripts/pg-throwaway .venv/bin/python -m pytest …), "
            "or leave them out with -m 'not postgres'",
            pytrace=False,
        )
    return url


def with_database(url: str, name: str) -> str:
    """`url` naming database `name` instead."""
    return urlsplit(url)._replace(path=f"/{name}").geturl()


@contextmanager
def fresh_database() -> Iterator[str]:
    """A new, empty database on the test server (its URL), dropped afterwards."""
    server = pg_server()
    name = f"cardavia_test_{secrets.token_hex(8)}"
    with psycopg.connect(server, autocommit=True) as conn:
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        yield with_database(server, name)
    finally:
        with psycopg.connect(server, autocommit=True) as conn:
            conn.execute(sql.SQL("DROP DATABASE {} WITH (FORCE)").format(sql.Identifier(name)))


@contextmanager
def fresh_db(backend: str, tmp_path: Path) -> Iterator[str]:
    """The `--db` of a new, empty store: a SQLite file path or a PostgreSQL URL."""
    if backend == "sqlite":
        yield str(tmp_path / "deals.db")
    else:
        with fresh_database() as url:
            yield url


def execute(db: str, query: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
    """Run one SQL statement on the store `db` behind the store's back (to damage a row, to
    count), with `?` placeholders on either backend; its rows, if any."""
    if is_postgres_url(db):
        with psycopg.connect(db, autocommit=True) as conn:
            cur = conn.execute(query.replace("?", "%s").encode(), params)
            return cur.fetchall() if cur.description else []
    with sqlite3.connect(db) as conn:
        return conn.execute(query, params).fetchall()
