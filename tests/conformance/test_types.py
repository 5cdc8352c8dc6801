"""Conformance: what leaves each rules engine has the shape its types declare (house.md P3,
`cardavia.rules.types`), checked at run time over seeded deals of every game in `GAMES`.

mypy checks that the engines build their observations as their TypedDicts say; this checks the
values themselves, as JSON readers (agents, the table client) meet them: every observation
against the return type of the game's `observation`, every `action_facts` against its own, the
result's breakdown against the game's `Breakdown` (where its module declares one), and every
event's kind against the game's `EventKind`. The types are read from the engine's annotations
and its `games/<id>/observation.py`, so nothing here names a game.
"""

from __future__ import annotations

import collections.abc
import importlib
import types
import typing
from typing import Any, Literal, NotRequired, Required, Union, get_args, get_origin

import pytest
import typing_extensions
from typing_extensions import ReadOnly

from cardavia.games.registry import GAMES
from cardavia.rules.core import Event, State
from cardavia.rules.types import ObservationBase
from tests.conformance.test_games import Deal, both_ways, per_game

DEALS = 12
# Names that annotations use under TYPE_CHECKING only (`rules.types` imports ReadOnly so).
NAMES = {"ReadOnly": ReadOnly, "NotRequired": NotRequired}
WRAPPERS = (ReadOnly, NotRequired, Required)


def hints(owner: Any) -> dict[str, Any]:
    return typing.get_type_hints(owner, localns=NAMES, include_extras=True)


def unwrap(tp: Any) -> tuple[Any, bool]:
    """The type under ReadOnly/NotRequired/Required, and whether the key may be missing."""
    optional = False
    while get_origin(tp) in WRAPPERS:
        optional = optional or get_origin(tp) is NotRequired
        tp = get_args(tp)[0]
    return tp, optional


def mismatch(value: Any, tp: Any, path: str) -> str | None:
    """Where `value` does not have type `tp`, or None."""
    tp, _ = unwrap(tp)
    origin, args = get_origin(tp), get_args(tp)
    if tp is Any or tp is object:
        return None
    if tp is None or tp is type(None):
        return None if value is None else f"{path}: {value!r} is not None"
    if origin is Literal:
        return None if value in args else f"{path}: {value!r} is not one of {args}"
    if origin in (Union, types.UnionType):
        each = [mismatch(value, a, path) for a in args]
        return None if None in each else " / ".join(f for f in each if f)
    if typing_extensions.is_typeddict(tp):
        return typed_dict_mismatch(value, tp, path)
    if origin in (list, collections.abc.Sequence):
        if not isinstance(value, list):
            return f"{path}: {type(value).__name__} is not a list"
        return next(
            (m for i, v in enumerate(value) if (m := mismatch(v, args[0], f"{path}[{i}]"))), None
        )
    if origin in (dict, collections.abc.Mapping):
        if not isinstance(value, dict):
            return f"{path}: {type(value).__name__} is not a dict"
        for k, v in value.items():
            found = mismatch(k, args[0], f"{path} key") or mismatch(v, args[1], f"{path}[{k!r}]")
            if found:
                return found
        return None
    if tp in (int, str, bool, float):
        ok = type(value) is tp or (tp is float and type(value) is int)
        return None if ok else f"{path}: {value!r} is not {tp.__name__}"
    raise AssertionError(f"{path}: the test cannot check type {tp!r}")


def typed_dict_mismatch(value: Any, tp: Any, path: str) -> str | None:
    if not isinstance(value, dict):
        return f"{path}: {type(value).__name__} is not a dict ({tp.__name__})"
    fields = hints(tp)
    extra = set(value) - set(fields)
    if extra:
        return f"{path}: keys {sorted(extra)} are not in {tp.__name__}"
    for key, field in fields.items():
        if key not in value:
            if unwrap(field)[1]:
                continue
            return f"{path}: {tp.__name__} lacks {key!r}"
        found = mismatch(value[key], field, f"{path}.{key}")
        if found:
            return found
    return None


def own_types(state: State) -> tuple[Any, Any, Any, Any]:
    """The game's observation type, its action facts' type, its result breakdown's type (or
    Any) and its event kinds."""
    cls = type(state)
    module = importlib.import_module(cls.__module__.rpartition(".")[0] + ".observation")
    return (
        hints(cls.observation)["return"],
        hints(cls.action_facts)["return"],
        getattr(module, "Breakdown", Any),
        module.EventKind,
    )


def check(state: State, events: list[Event]) -> None:
    observation, facts, breakdown, kinds = own_types(state)
    for event in events:
        assert event.kind in get_args(kinds), f"event kind {event.kind!r} is not an EventKind"
        assert "kind" not in event.data, f"a {event.kind} event's data has its own 'kind'"
        assert event.to_json()["kind"] == event.kind
    for seat in range(state.game.players):
        found = mismatch(state.observation(seat), observation, f"observation({seat})")
        assert found is None, found
        found = mismatch(state.action_facts(seat), facts, f"action_facts({seat})")
        assert found is None, found
        for text in state.action_facts(seat):  # facts are keyed by canonical action texts
            assert state._parse(text) == text, text
        if not state.legal_actions(seat):
            assert not state.action_facts(seat), "facts for a seat that owes nothing"
    result = state.result()
    if result is not None:
        found = mismatch(result.breakdown, breakdown, "result.breakdown")
        assert found is None, found


@per_game
@both_ways
def test_observations_events_and_facts_have_their_declared_types(name: str, lazy: bool) -> None:
    for seed in range(DEALS):
        Deal(GAMES[name], seed, lazy, on_call=check).play_out()


@per_game
def test_an_observation_narrows_to_its_game_only(name: str) -> None:
    """`games.<id>.observation.narrow` gives a game's agents its own observation type, and
    refuses another game's observation."""
    narrow = importlib.import_module(f"cardavia.games.{name.replace('-', '_')}.observation").narrow
    own = GAMES[name].new_deal(0).observation(0)
    assert narrow(own) is own
    for other in sorted(set(GAMES) - {name}):
        observation: ObservationBase = GAMES[other].new_deal(0).observation(0)
        with pytest.raises(ValueError, match="observation"):
            narrow(observation)
