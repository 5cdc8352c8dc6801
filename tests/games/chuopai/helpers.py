"""Position builders and small tools for the Chuo Pai tests (spec: shared/rules/chuopai.md).

The worked examples name seats A, B, C in turn order from the leader. `deal_in_progress` places
exactly the cards an example gives each of them in their hands; every other card of the 84 is
inert: it fills the banked piles the example asks for, and the rest is out of play (removed), so
no unnamed card can beat, be beaten or change who holds cards.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from cardavia.games.chuopai.cards import code, codes, full_deck, parse_cards
from cardavia.games.chuopai.game import ChuoPai
from cardavia.games.chuopai.observation import ChuoPaiSeat
from cardavia.games.chuopai.plays import TEXT_INDEX
from cardavia.games.chuopai.state import ChuoPaiState
from cardavia.rules.core import Event
from tests.games.common import events_of
from tests.games.common import hand_of as hand_of
from tests.games.common import snapshot as _snapshot

GAME = ChuoPai()
PLAYERS = 3
Cards = str | Sequence[str]


def abc(leader: int) -> dict[str, int]:
    """The seats of A, B and C: turn order from the leader (CP B-10)."""
    return {"A": leader, "B": (leader + 1) % PLAYERS, "C": (leader + 2) % PLAYERS}


def deal_in_progress(
    leader: int = 0,
    hands: Mapping[str, Cards] | None = None,
    piles: Mapping[str, int] | None = None,
) -> dict[str, Any]:
    """A position at the start of a round: A (the leader), B and C hold exactly `hands`
    (labels "A", "B", "C"); `piles` gives banked pile sizes; every other card is removed."""
    seats = abc(leader)
    held = {seats[k]: parse_cards(v) for k, v in (hands or {}).items()}
    left = Counter(full_deck())
    for cards in held.values():
        left.subtract(cards)
    if any(n < 0 for n in left.values()):
        raise AssertionError("the example uses more than 4 copies of a card")
    rest = sorted(left.elements())
    banked: dict[int, list[int]] = {}
    for label, size in (piles or {}).items():
        banked[seats[label]], rest = rest[:size], rest[size:]
    return {
        "leader": leader,
        "hands": [codes(held.get(s, [])) for s in range(PLAYERS)],
        "banked": [codes(banked.get(s, [])) for s in range(PLAYERS)],
        "removed": [code(c) for c in rest],
    }


def fresh_deal(leader: int, fixed: Mapping[int, Cards]) -> dict[str, Any]:
    """A whole deal (CP§2.1): each seat gets its fixed cards, then 28 in all from the rest of
    the deck in pip order, skipping the Nail and Two Reds (so only `fixed` decides CP§2.2)."""
    hands = {s: parse_cards(fixed.get(s, "")) for s in range(PLAYERS)}
    left = Counter(full_deck())
    for cards in hands.values():
        left.subtract(cards)
    nail, reds = parse_cards("1-2 2-4")
    rest = sorted(left.elements(), key=lambda c: (c in (nail, reds), c))
    for s in range(PLAYERS):
        need = 28 - len(hands[s])
        hands[s] += rest[:need]
        rest = rest[need:]
    assert not rest
    return {"leader": leader, "hands": [codes(hands[s]) for s in range(PLAYERS)]}


def state_of(position: dict[str, Any]) -> ChuoPaiState:
    state = GAME.from_position(copy.deepcopy(position))
    assert isinstance(state, ChuoPaiState)
    return state


def seat_info(state: ChuoPaiState, seat: int) -> ChuoPaiSeat:
    return state.observation(seat)["seats"][seat]


def banked(state: ChuoPaiState, seat: int) -> list[list[str]]:
    """The cards of each play the seat banked, in order."""
    return [w["cards"] for w in seat_info(state, seat)["banked"]]


of_kind = events_of


def plays_in(events: Sequence[Event]) -> list[tuple[int, list[str]]]:
    """(seat, cards) of every play among `events`, in order."""
    return [(e.data["seat"], e.data["cards"]) for e in events if e.kind == "play"]


def passes_in(events: Sequence[Event]) -> list[int]:
    return [e.data["seat"] for e in events if e.kind == "pass"]


def snapshot(state: ChuoPaiState) -> tuple[Any, ...]:
    """Everything a caller can see of a state."""
    return _snapshot(state, PLAYERS, list(state.actions))


def play_index(text: str) -> int:
    return TEXT_INDEX[text]
