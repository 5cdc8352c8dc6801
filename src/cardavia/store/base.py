"""The store protocol: what the table layer needs to keep every deal across restarts.

A deal is its creation parameters plus its ordered actions; the state is rebuilt by replaying
them through the rules engine. A PostgreSQL store can implement the same protocol (§7).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol


class StoreError(RuntimeError):
    """The store refused a write (e.g. an action number already taken) or a read."""


class UnreadableRowError(StoreError):
    """The store holds the deal, but its row is damaged and cannot be read back."""


@dataclass
class DealRow:
    id: str
    game: str
    seed: int | None
    dealer: int | None
    position: dict[str, Any] | None
    level: str
    actions: list[tuple[int, str]] = field(default_factory=list)
    # A deal that follows another ("Next deal") carries the running totals before it.
    previous: str | None = None
    totals: list[int] | None = None
    # Seeds the AI seats' randomness: drawn by the server and never shown, so nobody can replay
    # the AI's choices from the public deal id (reliability review L4). None in rows made
    # before it existed.
    ai_seed: int | None = None


class Store(Protocol):
    def create(self, deal: DealRow) -> None: ...

    def append_action(self, deal_id: str, index: int, seat: int, action: str) -> None:
        """Durably store action number `index` (0-based); fails if that number is taken."""
        ...

    def load(self, deal_id: str) -> DealRow | None: ...

    def ping(self) -> None:
        """Raise StoreError unless the store can be read now (`/readyz`)."""
        ...

    def close(self) -> None: ...
