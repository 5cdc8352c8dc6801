"""The Chuo Pai game: dealing from a seed or from an explicit position (CP§2.1, CP§2.2)."""

from __future__ import annotations

from typing import Any

from cardavia.games.chuopai.cards import (
    NAIL,
    NOTATION,
    TWO_REDS,
    code,
    codes,
    counts_of,
    full_deck,
    hand_codes,
)
from cardavia.games.chuopai.state import HAND, LEAD, PLAYERS, ChuoPaiState, banked_pile
from cardavia.rules import dealing, positions
from cardavia.rules.core import Event, Game
from cardavia.rules.errors import InvalidActionError, InvalidPositionError

POSITION_KEYS = frozenset({"leader", "hands", "banked", "bonus", "removed"})
_READ = positions.PositionReader(PLAYERS, NOTATION)
_seat, _cards, _per_seat = _READ.seat, _READ.cards, _READ.per_seat


class ChuoPai(Game):
    name = "chuopai"
    title = "Chuo Pai"
    players = PLAYERS
    rules_version = "chuopai/1"
    notation = NOTATION

    def new_deal(self, seed: int, dealer: int | None = None, lazy: bool = False) -> ChuoPaiState:
        """CP§2.1: shuffle the 84 cards, deal 28 each; the first leader (`dealer`) is random
        (from the seed) unless given."""
        deck, dealer = dealing.shuffled(seed, full_deck(), PLAYERS, dealer)
        *hands, _ = dealing.cut(deck, [HAND] * PLAYERS)
        return self._build(
            dealer, hands, [[] for _ in range(PLAYERS)], [[] for _ in range(PLAYERS)], [], lazy=lazy
        )

    def from_position(self, position: dict[str, Any], lazy: bool = False) -> ChuoPaiState:
        """An explicit arrangement: {"leader", "hands"} and, for a deal in progress, "banked"
        (each seat's pile of won cards), "bonus" (each seat's CP§2.2 cards) and "removed"
        (cards out of play). Cards are code lists or strings (`"6-6×2 3-6"`).

        With nothing banked, no bonus and nothing removed the position is a fresh deal: every
        hand must hold 28 cards and the CP§2.2 bonus is applied. Otherwise it is a deal in
        progress at the start of a round; a position where at most one seat holds cards is
        already over (CP§1.1). Either way the cards must be exactly the 84-card deck."""
        position = positions.opened(position, POSITION_KEYS)
        try:
            leader = _seat(position.get("leader"), "leader")
            hands = _per_seat(position, "hands", required=True)
            banked = _per_seat(position, "banked")
            bonus = _per_seat(position, "bonus")
            removed = _cards(position.get("removed", []), "removed")
        except InvalidActionError as err:
            raise InvalidPositionError(str(err)) from None
        every = [c for group in (*hands, *banked, *bonus, removed) for c in group]
        positions.check_deck(every, NOTATION)
        fresh = not any(banked) and not any(bonus) and not removed
        if fresh:
            for s, hand in enumerate(hands):
                if len(hand) != HAND:
                    raise InvalidPositionError(
                        f"seat {s} is dealt {len(hand)} cards, not {HAND} (CP§2.1)"
                    )
        else:
            for s, cards in enumerate(bonus):
                if any(c not in (NAIL, TWO_REDS) for c in cards):
                    raise InvalidPositionError(
                        f"seat {s}: bonus cards are only 1-2 and 2-4 (CP§2.2)"
                    )
            holders = sum(1 for h in hands if h)
            if holders >= 2 and not hands[leader]:
                raise InvalidPositionError(f"the leader, seat {leader}, holds no cards")
        return self._build(leader, hands, banked, bonus, removed, fresh=fresh, lazy=lazy)

    def _build(
        self,
        leader: int,
        hands: list[list[int]],
        banked: list[list[int]],
        bonus: list[list[int]],
        removed: list[int],
        fresh: bool = True,
        lazy: bool = False,
    ) -> ChuoPaiState:
        state = ChuoPaiState(self)
        state.lazy = lazy
        state.fresh = fresh
        for s in range(PLAYERS):
            state.hands[s] = counts_of(hands[s])
            state.held[s] = len(hands[s])
            state.bonus[s] = sorted(bonus[s])
            state.piles[s] = [banked_pile(tuple(codes(banked[s])))] if banked[s] else []
            state.points[s] = len(banked[s]) + len(bonus[s])
        state.removed = counts_of(removed)
        state.removed_codes = codes(removed)
        events = state.opening
        events.append(Event("deal", {"leader": leader, "hands": list(state.held), "fresh": fresh}))
        for s in range(PLAYERS):
            events.append(Event("hand", {"seat": s, "cards": hand_codes(state.hands[s])}, seat=s))
        state.start(leader, events)
        return state


def position_of(state: ChuoPaiState) -> dict[str, Any]:
    """The JSON position of a state at the start of a round (tests and bug reports)."""
    if state.phase != LEAD or state.trick:
        raise ValueError("a position is taken at the start of a round")
    return {
        "leader": state.leader,
        "hands": [hand_codes(h) for h in state.hands],
        "banked": [[c for _, w in state.piles[s] for c in w] for s in range(PLAYERS)],
        "bonus": [[code(c) for c in b] for b in state.bonus],
        "removed": hand_codes(state.removed),
    }
