"""Live deals: one state, its seats (human or agent), event log, version and persistence."""

from cardavia.table.live import StaleVersionError, Table, Tables, UnknownDealError

__all__ = ["StaleVersionError", "Table", "Tables", "UnknownDealError"]
