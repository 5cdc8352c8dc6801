"""A broken deal record, however it is broken, is refused with a `RecordError` naming the part
(architecture.md §4): generated garbles of real records of every game (Hypothesis)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from cardavia.ai.play import play_deal
from cardavia.ai.registry import make_agent
from cardavia.games.registry import GAMES
from cardavia.rules.errors import RecordError
from cardavia.rules.record import dumps, loads, make_record, replay
from tests.strategies import JSON

PARTS = ("format", "game", "rules", "seed", "dealer", "position", "actions", "result")


def _record(game: str, seed: int) -> dict[str, Any]:
    players = GAMES[game].players
    state = play_deal(
        GAMES[game], seed, [make_agent("greedy", game, seed + s) for s in range(players)]
    )
    return make_record(state, seed, None, None)


RECORDS = {game: _record(game, 5) for game in sorted(GAMES)}


def _garble(data: st.DataObject, value: Any, depth: int = 0) -> Any:
    """`value` with one place in it replaced, dropped, or (in a list) cut short."""
    here = data.draw(st.booleans(), label="here") if depth else False
    if here or not isinstance(value, dict | list) or not value:
        return data.draw(
            JSON | st.integers(-5, 200) | st.sampled_from(["pass", "win", ""]), label="new value"
        )
    keys = list(value) if isinstance(value, dict) else list(range(len(value)))
    key = data.draw(st.sampled_from(keys), label="key")
    how = data.draw(st.sampled_from(["inside", "drop", "cut"]), label="how")
    out = copy.copy(value)
    if how == "drop":
        del out[key]
    elif how == "cut" and isinstance(out, list):
        del out[key:]
    else:
        out[key] = _garble(data, value[key], depth + 1)
    return out


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(sorted(GAMES)), data=st.data())
def test_a_garbled_record_replays_or_is_refused_by_name(game: str, data: st.DataObject) -> None:
    record = _garble(data, RECORDS[game])
    try:
        state = replay(record, GAMES)
    except RecordError as err:
        event(f"refused: {str(err).split(':')[0].split('[')[0].split(' ')[0]}")
        assert str(err).split(":")[0].split(" ")[0].split("[")[0] in PARTS, str(err)
    else:  # what survived garbling is still a whole, valid deal
        event("replayed")
        result = state.result()
        if record.get("result") is not None:
            assert result is not None and result.to_json() == record["result"]


@settings(max_examples=200, deadline=None)
@given(
    text=st.text(max_size=40)
    | st.sampled_from(list(map(dumps, RECORDS.values()))).flatmap(
        lambda t: st.integers(0, len(t)).map(lambda n: t[:n])
    )
)
def test_any_text_loads_as_a_record_or_is_refused(text: str) -> None:
    try:
        record = loads(text)
    except RecordError:
        return
    assert isinstance(record, dict)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_records_garbled_here_are_whole(game: str) -> None:
    assert replay(copy.deepcopy(RECORDS[game]), GAMES).is_over()


def _position(game: str) -> dict[str, Any]:
    module = __import__(f"cardavia.games.{game}.game", fromlist=["position_of"])
    position: dict[str, Any] = module.position_of(GAMES[game].new_deal(5))
    return position


POSITIONS = {game: _position(game) for game in sorted(GAMES)}


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(sorted(GAMES)), data=st.data())
def test_a_garbled_position_deals_or_is_refused(game: str, data: st.DataObject) -> None:
    """A position of any shape deals or is refused as the position's fault (the games'
    readers check cards, counts and seats; `replay` answers for shapes they did not foresee)."""
    position = _garble(data, POSITIONS[game])
    record = {**RECORDS[game], "seed": None, "position": position, "actions": [], "result": None}
    try:
        replay(record, GAMES)
        event("dealt")
    except RecordError as err:
        event(f"refused: {str(err)[:40]}")
        assert str(err).startswith("position: "), str(err)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_misspelt_position_key_is_refused_by_name(game: str) -> None:
    """A key no game reads ("discard" for "discards") is refused, not read as absent; every
    key `position_of` writes is one the game reads back (Sì Sè Pái's fresh deal, already in
    its first claim window, is no position to deal again, but its keys pass)."""
    position = POSITIONS[game]
    record = {**RECORDS[game], "seed": None, "position": position, "actions": [], "result": None}
    try:
        replay(record, GAMES)
    except RecordError as err:
        assert "unknown position keys" not in str(err)
    misspelt = {**position, "discard": position.get("discards", [])}
    with pytest.raises(RecordError, match=r"^position: unknown position keys: discard \("):
        replay({**record, "position": misspelt}, GAMES)
