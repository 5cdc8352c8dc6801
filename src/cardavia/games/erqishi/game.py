"""The Two Seven Ten game: Paohuzi's dealing and positions (as PHZ-1, PHZ-2) with this game's
state, group kinds (no wei) and values (ER-5)."""

from __future__ import annotations

from typing import Any

from cardavia.games.erqishi.state import ErqishiState
from cardavia.games.paohuzi.game import Paohuzi
from cardavia.games.paohuzi.game import position_of as position_of


class Erqishi(Paohuzi):
    name = "erqishi"
    title = "Two Seven Ten"
    rules_version = "erqishi/1"
    state_class = ErqishiState
    group_kinds = ("ti", "pao", "peng", "chi", "bi")  # ER-5, ER-9: no wei

    def new_deal(self, seed: int, dealer: int | None = None, lazy: bool = False) -> ErqishiState:
        state = super().new_deal(seed, dealer, lazy)
        assert isinstance(state, ErqishiState)
        return state

    def from_position(self, position: dict[str, Any], lazy: bool = False) -> ErqishiState:
        """As `Paohuzi.from_position`; a seat's "stale" chi cards that lie in its discard area
        count as its own discards, which everyone sees (ER-14, ER-17)."""
        state = super().from_position(position, lazy)
        assert isinstance(state, ErqishiState)
        return state
