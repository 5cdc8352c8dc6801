"""Actions as the store keeps them, on SQLite and on PostgreSQL."""

from __future__ import annotations

from cardavia.store.base import DealRow, Store


def test_an_action_played_for_an_absent_player_is_marked(store: Store) -> None:
    """The AI's moves for an away seat are stored as such, so that the seat's review leaves them
    out (architecture.md §8: the review is of the player's own decisions)."""
    store.create(DealRow("d1", "sisepai", 1, None, None, "normal"))
    store.append_action("d1", 0, 1, "pass")
    store.append_action("d1", 1, 2, "pass", for_away=True)
    store.append_action("d1", 2, 3, "pass")
    row = store.load("d1")
    assert row is not None
    assert row.actions == [(1, "pass"), (2, "pass"), (3, "pass")]
    assert row.for_away == {1}
