"""Position builders and small tools for the Nantong tests (spec: shared/rules/nantong.md).

`build` takes only the cards an example fixes (some concealed cards and groups per seat, the
indicators, the next front draws and back replacements, discards) and places the rest of the
120-card deck deterministically so that it cannot interfere with the example:

- a seat with fewer fixed concealed cards than its size is topped up with *filler* cards;
- a filler card is never a copy of a *watched* card (the draws, the replacements, and `watch`:
  cards the example will discard or rob) nor of an indicator, and a topped-up seat never holds
  three of a kind, so filler adds no claim, no scoring unit and no opening declaration;
- every topped-up seat is then checked not to be complete with any watched card, and (in an
  opening position) not to be one card from a win, so it is never offered `ready`;
- the remaining cards follow the fixed draws in the stock; with `stock_size`, the cards beyond
  it become old discards at the bottom of the discard piles.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from cardavia.games.nantong.cards import code, counts_of, full_deck, parse_cards
from cardavia.games.nantong.game import Nantong
from cardavia.games.nantong.hands import is_complete, waits
from cardavia.games.nantong.melds import Meld
from cardavia.games.nantong.state import NantongState
from cardavia.rules.conservation import check_conservation
from cardavia.rules.core import Event, Result
from tests.games.common import FillError, leftover, spread
from tests.games.common import snapshot as _snapshot

GAME = Nantong()
PLAYERS = 3
HAND = 22


def ids(cards: str | Sequence[str]) -> list[int]:
    return parse_cards(cards)


def counts(cards: str | Sequence[str]) -> list[int]:
    return counts_of(ids(cards))


def _codes(cards: Iterable[int]) -> list[str]:
    return [code(c) for c in sorted(cards)]


def build(
    *,
    indicators: str,
    hands: Mapping[int, str] | None = None,
    melds: Mapping[int, Sequence[str]] | None = None,
    draws: str = "",
    back: str = "",
    discards: Mapping[int, str] | None = None,
    watch: str = "",
    dealer: int = 0,
    start: str = "draw",
    turn: int | None = None,
    ready: Sequence[int] = (),
    stock_size: int | None = None,
) -> dict[str, Any]:
    """A position for `Nantong.from_position` (module doc). `draws`: the next front draws,
    first drawn first; `back`: the next replacements, first drawn first."""
    hands = dict(hands or {})
    melds = (
        {s: list(melds.get(s, [])) for s in range(PLAYERS)}
        if melds
        else {s: [] for s in range(PLAYERS)}
    )
    discards = dict(discards or {})
    turn = dealer if turn is None else turn
    big = {"opening": dealer, "discard": turn, "draw": None}[start]
    fixed = {s: ids(hands.get(s, "")) for s in range(PLAYERS)}
    meld_objs = {s: [Meld.parse(m) for m in melds[s]] for s in range(PLAYERS)}
    fixed_discards = {s: ids(discards.get(s, "")) for s in range(PLAYERS)}
    draw_ids, back_ids, ind_ids = ids(draws), ids(back), ids(indicators)
    watched = set(draw_ids + back_ids + ids(watch))

    used = Counter(draw_ids + back_ids + ind_ids)
    for s in range(PLAYERS):
        used.update(fixed[s])
        used.update(m.card for m in meld_objs[s] for _ in range(m.size))
        used.update(fixed_discards[s])
    pool = sorted(leftover(used, full_deck(), code).elements())
    need = {}
    for s in range(PLAYERS):
        groups = sum(1 for m in meld_objs[s] if m.is_group)
        need[s] = HAND + (s == big) - 3 * groups - len(fixed[s])
        if need[s] < 0:
            raise FillError(f"seat {s} has {-need[s]} fixed cards too many")
    bad = watched | set(ind_ids)
    error = "no attempt"
    for attempt in range(64):
        shift = attempt * 7 % len(pool) if pool else 0
        rotated = pool[shift:] + pool[:shift]
        filled, rest, error_or_none = _fill(
            fixed, need, rotated, bad, watched, start == "opening", dealer
        )
        if error_or_none is None:
            break
        error = error_or_none
    else:
        raise FillError(f"no safe fill found: {error}")
    if stock_size is None:
        middle, dead = rest, []
    else:
        take = stock_size - len(draw_ids) - len(back_ids)
        if take < 0:
            raise FillError("stock_size is smaller than the fixed draws")
        middle, dead = rest[:take], rest[take:]
    piles = spread(dead, PLAYERS)
    position: dict[str, Any] = {
        "dealer": dealer,
        "indicators": [code(c) for c in ind_ids],
        "hands": [_codes(fixed[s] + filled[s]) for s in range(PLAYERS)],
        "melds": [list(melds[s]) for s in range(PLAYERS)],
        "discards": [[code(c) for c in piles[s] + fixed_discards[s]] for s in range(PLAYERS)],
        "stock": [code(c) for c in draw_ids + middle + list(reversed(back_ids))],
        "ready": list(ready),
        "start": start,
        "turn": turn,
    }
    state_of(position)  # from_position validates the 120 cards and every seat's size
    return position


def _fill(
    fixed: dict[int, list[int]],
    need: dict[int, int],
    pool: list[int],
    bad: set[int],
    watched: set[int],
    opening: bool,
    dealer: int,
) -> tuple[dict[int, list[int]], list[int], str | None]:
    left = list(pool)
    filled: dict[int, list[int]] = {s: [] for s in range(PLAYERS)}
    for s in range(PLAYERS):
        if need[s] == 0:
            continue
        hand = counts_of(fixed[s])
        for _ in range(need[s]):
            choices = [c for c in left if c not in bad and hand[c] < 2]
            if not choices:
                return filled, left, f"seat {s}: no card left that is safe to add"
            pick = min(choices, key=lambda c: (hand[c], choices.index(c)))
            left.remove(pick)
            filled[s].append(pick)
            hand[pick] += 1
        if any(hand[c] >= 3 and fixed[s].count(c) < 3 for c in range(30)):
            return filled, left, f"seat {s}: filler made three of a kind"
        for w in watched:
            hand[w] += 1
            if is_complete(hand):
                return filled, left, f"seat {s}: complete with {code(w)}"
            hand[w] -= 1
        if opening and s != dealer and waits(hand):
            return filled, left, f"seat {s}: one card from a win (would be offered ready)"
        if opening and s == dealer and is_complete(hand):
            return filled, left, f"seat {s}: a heavenly win"
    return filled, left, None


def state_of(position: dict[str, Any]) -> NantongState:
    return GAME.from_position(copy.deepcopy(position))


def play(state: NantongState, *moves: tuple[int, str]) -> list[Event]:
    """Apply moves, checking each is offered and the cards stay conserved."""
    events: list[Event] = []
    for seat, text in moves:
        assert text in state.legal_actions(seat), (seat, text, state.legal_actions(seat))
        events += state.apply(seat, text)
        check_conservation(state)
    return events


def pass_all(state: NantongState) -> list[Event]:
    events: list[Event] = []
    for seat in state.to_act():
        events += state.apply(seat, "pass")
    return events


def result_of(state: NantongState) -> Result:
    result = state.result()
    assert result is not None and state.is_over()
    return result


def player(result: Result, seat: int) -> dict[str, Any]:
    players: list[dict[str, Any]] = result.breakdown["players"]
    return players[seat]


def unit_values(result: Result, seat: int) -> dict[tuple[str, str], int]:
    """(kind, card) -> value of the seat's scoring units."""
    return {(u["kind"], u["card"]): u["value"] for u in player(result, seat)["units"]}


def bonus_names(result: Result, seat: int) -> dict[str, int]:
    return {b["name"]: b["hu"] for b in player(result, seat)["bonuses"]}


def snapshot(state: NantongState) -> tuple[Any, ...]:
    """Everything a caller can see: every seat's observation and legal actions, and to_act."""
    return _snapshot(state, PLAYERS, list(state.actions), state.card_total())
