"""Small tools shared by the games' test helpers (`tests/games/*/helpers.py`): the deck
accounting of the position builders and the ways of looking at a state that every game's tests
use. Game-specific rules (what a filler card may be, how a position is laid out) stay in each
game's helpers."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from cardavia.rules.core import Event, Result, State


class FillError(AssertionError):
    """The deterministic fill could not keep the filler out of the example."""


def leftover(used: Counter[int], deck: Iterable[int], code: Callable[[int], str]) -> Counter[int]:
    """The cards of `deck` that the example does not use; fails if it uses too many copies."""
    full = Counter(deck)
    over = used - full
    if over:
        raise FillError(
            "the example uses too many copies: "
            + " ".join(code(c) for c in sorted(over.elements()))
        )
    return full - used


def spread(cards: Iterable[int], players: int) -> dict[int, list[int]]:
    """Deal `cards` round the seats, one each in turn (e.g. dead cards into discard piles)."""
    piles: dict[int, list[int]] = {s: [] for s in range(players)}
    for i, c in enumerate(cards):
        piles[i % players].append(c)
    return piles


# --- looking at states -------------------------------------------------------------------------


def snapshot(state: State, players: int, *extra: Any) -> tuple[Any, ...]:
    """Everything a caller can see: every seat's observation and legal actions, to_act, whether
    the deal is over, the result, then `extra` (game-specific parts)."""
    return (
        [state.observation(s) for s in range(players)],
        [state.legal_actions(s) for s in range(players)],
        state.to_act(),
        state.is_over(),
        state.result(),
        *extra,
    )


def hand_of(state: State, seat: int) -> list[str]:
    return state.observation(seat)["hand"]


def result_of(state: State) -> Result:
    """The result of a deal that is over."""
    result = state.result()
    assert result is not None, "the deal is not over"
    return result


def events_of(events: Iterable[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]


def answer(state: State, answers: Mapping[int, str]) -> list[Event]:
    """Apply answers in the given order; returns all events."""
    events: list[Event] = []
    for seat, text in answers.items():
        events += state.apply(seat, text)
    return events
