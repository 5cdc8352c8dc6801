"""Persistence of deals: a small protocol, with SQLite as the default implementation."""

from cardavia.store.base import DealRow, Store, StoreError
from cardavia.store.sqlite import SQLiteStore

__all__ = ["DealRow", "SQLiteStore", "Store", "StoreError"]
