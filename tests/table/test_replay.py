"""The steps of a finished deal for the replay page (architecture.md §8, table/replay.py): every
game's record replays into steps that end in its result, show every seat as it saw itself, and
refuse a record of another game, one with an illegal move and one of a deal not over, each with
its own error; nothing is stored (there is no store here to store it in)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from cardavia.ai.play import play_deal
from cardavia.ai.registry import make_agent
from cardavia.games.registry import GAMES
from cardavia.rules.errors import RecordError
from cardavia.rules.record import OtherGameError, RecordActionError, make_record, replay
from cardavia.table.replay import DealNotOverError, replay_steps

SEED = 5


def _record(name: str, seed: int = SEED) -> dict[str, Any]:
    game = GAMES[name]
    agents = [make_agent("greedy", name, seat) for seat in range(game.players)]
    state = play_deal(game, seed, agents)
    return make_record(state, seed, None, None)


@pytest.fixture(scope="module", params=sorted(GAMES))
def record(request: pytest.FixtureRequest) -> dict[str, Any]:
    return _record(request.param)


def test_the_steps_end_in_the_result_with_every_hand(record: dict[str, Any]) -> None:
    replayed = replay_steps(record, GAMES, viewer=0)
    final = replay(record, GAMES)
    steps = replayed["steps"]
    assert replayed["game"] == record["game"] and replayed["result"] == record["result"]
    assert len(steps) > 2
    # every decision of the record belongs to one step, in order
    assert [i for step in steps for i in step["actions"]] == list(range(len(record["actions"])))
    # the last step is the end: each seat's own entry and hand as that seat saw them
    last = steps[-1]
    assert last["table"]["result"] == record["result"]
    for seat in range(final.game.players):
        own = final.observation(seat)
        assert last["table"]["seats"][seat] == own["seats"][seat]
        assert last["hands"][seat] == list(own["hand"])
    assert last["table"]["hand"] == last["hands"][0]  # the bottom seat's hand is the hand


def test_the_first_step_is_the_deal(record: dict[str, Any]) -> None:
    game = GAMES[record["game"]]
    dealt = game.new_deal(record["seed"], record["dealer"])
    first = replay_steps(record, GAMES)["steps"][0]
    assert first["hands"] == [list(dealt.observation(s)["hand"]) for s in range(game.players)]


@pytest.mark.parametrize("viewer", [0, None])
def test_the_log_is_the_viewers(record: dict[str, Any], viewer: int | None) -> None:
    """Each entry's `v` counts the events the viewer was shown, as the live table's do; a
    spectator's log holds public events only, and each step's `v` is an entry's."""
    replayed = replay_steps(record, GAMES, viewer)
    log = replayed["log"]
    assert [e["v"] for e in log] == list(range(1, len(log) + 1))
    versions = [step["v"] for step in replayed["steps"]]
    assert versions == sorted(set(versions))
    assert set(versions[1:]) <= {e["v"] for e in log}
    assert replayed["seat"] == viewer
    if viewer is None:
        assert len(log) <= len(replay_steps(record, GAMES, 0)["log"])


def test_a_record_of_another_game_is_named_as_such() -> None:
    record = _record("sisepai")
    with pytest.raises(OtherGameError) as err:
        replay_steps(record, GAMES, None, expected="nantong")
    assert err.value.game == "sisepai" and "not of 'nantong'" in str(err.value)
    assert replay_steps(record, GAMES, None, expected="sisepai")["game"] == "sisepai"


def test_an_illegal_move_is_named_by_its_index() -> None:
    record = _record("paohuzi")
    broken = copy.deepcopy(record)
    seat = broken["actions"][3]["seat"]
    broken["actions"][3] = {"seat": (seat + 1) % 3, "action": broken["actions"][3]["action"]}
    with pytest.raises(RecordActionError) as err:
        replay_steps(broken, GAMES)
    assert err.value.index == 3 and str(err.value).startswith("actions[3]")


def test_a_deal_not_over_has_no_replay() -> None:
    record = _record("nantong")
    record["actions"] = record["actions"][:5]
    record["result"] = None
    replay(record, GAMES)  # a valid record of a deal in progress …
    with pytest.raises(DealNotOverError):  # … whose hands are still secret
        replay_steps(record, GAMES)


def test_a_broken_record_is_a_record_error() -> None:
    record = _record("chuopai")
    record["result"]["scores"] = [s + 1 for s in record["result"]["scores"]]
    with pytest.raises(RecordError, match=r"^result:"):
        replay_steps(record, GAMES)
