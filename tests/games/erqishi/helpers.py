"""Position builders for the Two Seven Ten tests (spec: shared/rules/erqishi.md): Paohuzi's
(`tests/games/paohuzi/helpers.py`, the same deck and position format) on this game's engine."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any, cast

from cardavia.games.erqishi.game import Erqishi
from cardavia.games.erqishi.state import ErqishiState
from cardavia.games.paohuzi.cards import parse_cards
from cardavia.games.paohuzi.seats import Holding
from cardavia.rules.core import Event
from tests.games.common import result_of
from tests.games.paohuzi import helpers as phz
from tests.games.paohuzi.helpers import events_of, groups_of, ids, opening, pass_all, reveal_seats

GAME = Erqishi()
PLAYERS = 3

__all__ = ["events_of", "groups_of", "ids", "pass_all", "result_of", "reveal_seats"]


class Built(phz.Built):
    def state(self) -> ErqishiState:
        return cast(ErqishiState, super().state())


def build(**kwargs: Any) -> Built:
    built = phz.build(game=GAME, **kwargs)
    return Built(built.position, built.filled, GAME)


def breakdown(state: ErqishiState) -> dict[str, Any]:
    """The result breakdown of a deal that is over (ER-15)."""
    return dict(result_of(state).breakdown)


def deal(hands: dict[int, str], dealer: int = 0, stock: str = "") -> ErqishiState:
    """A fresh deal of the given hands (the rest filled by Paohuzi's `opening`)."""
    return GAME.from_position(copy.deepcopy(opening(hands, dealer=dealer, stock=stock)))


def holding(hand: str = "", kans: str = "", exposed: Sequence[str] = ()) -> Holding:
    """A seat's holding for the scoring functions: "peng L9 L9 L9"-style exposed groups."""
    from cardavia.games.paohuzi.game import make_group

    h = Holding()
    for c in parse_cards(hand.split()):
        h.hand[c] += 1
    h.kans = parse_cards(kans.split())
    for g in exposed:
        kind, *cards = g.split()
        h.groups.append(make_group(kind, parse_cards(cards), game=GAME))
    return h


def payments(state: ErqishiState) -> tuple[int, ...]:
    return result_of(state).scores


def win_event(events: list[Event]) -> dict[str, Any]:
    (win,) = events_of(events, "win")
    return win.data
