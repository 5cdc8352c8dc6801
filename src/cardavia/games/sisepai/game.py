"""The Sì Sè Pái game: dealing from a seed or from an explicit position (SSP-2, SSP-3)."""

from __future__ import annotations

from typing import Any

from cardavia.games.sisepai.cards import (
    N_IDS,
    NOTATION,
    code,
    codes,
    full_deck,
)
from cardavia.games.sisepai.groups import group_kind
from cardavia.games.sisepai.state import HAND, PLAYERS, SiSePaiState
from cardavia.rules import dealing, positions
from cardavia.rules.core import Game
from cardavia.rules.errors import InvalidActionError, InvalidPositionError

POSITION_KEYS = frozenset({"dealer", "first", "hands", "discards", "exposed", "stock"})
_READ = positions.PositionReader(PLAYERS, NOTATION)
_seat, _cards, _per_seat = _READ.seat, _READ.cards, _READ.per_seat


class SiSePai(Game):
    name = "sisepai"
    title = "Sì Sè Pái"
    players = PLAYERS
    rules_version = "sisepai/2"  # 2: a claim that completes the hand is the win (SSP-seed 4.2)
    notation = NOTATION
    # 2026-11-30: `drawn` (the winning card drawn, or discarded)
    breakdown_keys_added_later = frozenset({"drawn"})

    def new_deal(self, seed: int, dealer: int | None = None, lazy: bool = False) -> SiSePaiState:
        """SSP-3: shuffle, pick a random dealer, deal 20 each; the other 37 form the stock."""
        deck, dealer = dealing.shuffled(seed, full_deck(), PLAYERS, dealer)
        *hands, stock = dealing.cut(deck, [HAND] * PLAYERS)
        return self._build(
            dealer,
            hands,
            [[] for _ in range(PLAYERS)],
            [[] for _ in range(PLAYERS)],
            stock,
            dealer,
            lazy=lazy,
        )

    def from_position(self, position: dict[str, Any], lazy: bool = False) -> SiSePaiState:
        """An explicit arrangement: {"dealer", "hands", "stock" (in draw order), and optionally
        "exposed" (groups per seat), "discards" (per seat) and "first" (who draws first)}."""
        position = positions.opened(position, POSITION_KEYS)
        try:
            dealer = _seat(position.get("dealer"), "dealer")
            first = _seat(position.get("first", dealer), "first")
            hands = _per_seat(position, "hands", required=True)
            discards = _per_seat(position, "discards")
            exposed_raw = position.get("exposed") or [[] for _ in range(PLAYERS)]
            if not isinstance(exposed_raw, list) or len(exposed_raw) != PLAYERS:
                raise InvalidPositionError(f"exposed must list {PLAYERS} seats")
            exposed = [
                [_cards(g, f"exposed group of seat {s}") for g in groups]
                for s, groups in enumerate(exposed_raw)
            ]
            stock = _cards(position.get("stock", []), "stock")
        except InvalidActionError as err:
            raise InvalidPositionError(str(err)) from None
        for s in range(PLAYERS):
            for g in exposed[s]:
                if group_kind(sorted(g)) is None:
                    raise InvalidPositionError(f"seat {s}: {' '.join(codes(g))} is not a group")
            owned = len(hands[s]) + sum(len(g) for g in exposed[s])
            if owned != HAND:
                raise InvalidPositionError(f"seat {s} owns {owned} cards, not {HAND} (SSP-5)")
        every = [c for h in hands for c in h] + stock
        every += [c for d in discards for c in d] + [c for gs in exposed for g in gs for c in g]
        positions.check_deck(every, NOTATION)
        return self._build(
            dealer,
            hands,
            exposed,
            discards,
            list(reversed(stock)),
            first,
            draw_order=False,
            lazy=lazy,
        )

    def _build(
        self,
        dealer: int,
        hands: list[list[int]],
        exposed: list[list[list[int]]],
        discards: list[list[int]],
        stock: list[int],
        first: int,
        draw_order: bool = True,
        lazy: bool = False,
    ) -> SiSePaiState:
        state = SiSePaiState(self)
        state.lazy = lazy
        state.dealer = dealer
        for s in range(PLAYERS):
            counts = [0] * N_IDS
            for c in hands[s]:
                counts[c] += 1
            state.hands[s] = counts
            state.exposed[s] = [sorted(g) for g in exposed[s]]
            state.discards[s] = list(discards[s])
        state.stock = list(stock) if draw_order else stock
        state.start(first, state.opening)
        return state


def position_of(state: SiSePaiState) -> dict[str, Any]:
    """The JSON position of a state between turns (for tests and bug reports)."""
    return {
        "dealer": state.dealer,
        "hands": [codes(c for c in range(N_IDS) for _ in range(h[c])) for h in state.hands],
        "exposed": [[codes(g) for g in gs] for gs in state.exposed],
        "discards": [[code(c) for c in d] for d in state.discards],
        "stock": [code(c) for c in reversed(state.stock)],
    }
