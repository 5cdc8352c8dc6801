"""Persistence of deals: a small protocol, with SQLite as the default implementation and
PostgreSQL for several processes (architecture.md §7)."""

from cardavia.store.base import DealRow, Store, StoreError
from cardavia.store.sqlite import SQLiteStore

__all__ = ["DealRow", "SQLiteStore", "Store", "StoreError", "is_postgres_url", "open_store"]


def is_postgres_url(db: str) -> bool:
    return db.startswith(("postgresql://", "postgres://"))


def open_store(db: str) -> Store:
    """The store `db` names: a PostgreSQL database for a `postgresql://` (or `postgres://`) URL,
    else the SQLite file at that path. Raises StoreError when it cannot be used."""
    if is_postgres_url(db):
        from cardavia.store.postgres import PostgresStore  # psycopg only when asked for

        return PostgresStore(db)
    return SQLiteStore(db)
