"""Deal records (architecture.md §4): write, read, replay with full re-validation."""

from __future__ import annotations

import copy
import random

import pytest

from cardavia.ai.play import play_deal
from cardavia.ai.registry import make_agent
from cardavia.games.registry import GAMES, find_game
from cardavia.rules.errors import RecordError
from cardavia.rules.record import FORMAT, dumps, loads, make_record, replay

GAME = find_game("sisepai")


def _record(seed: int = 3) -> dict:  # type: ignore[type-arg]
    agents = [make_agent("greedy", "sisepai", seed + s) for s in range(4)]
    state = play_deal(GAME, seed, agents)
    return make_record(state, seed, None, None)


def test_record_round_trips_through_json_and_replays() -> None:
    record = _record()
    assert record["format"] == FORMAT and record["game"] == "sisepai"
    again = loads(dumps(record))
    assert again == record
    state = replay(again, GAMES)
    assert state.is_over()
    assert state.result().to_json() == record["result"]  # type: ignore[union-attr]


def test_position_record_replays() -> None:
    """A record with an explicit position instead of a seed."""
    from cardavia.games.sisepai.game import position_of
    from cardavia.games.sisepai.state import SiSePaiState

    state = GAME.new_deal(11)
    assert isinstance(state, SiSePaiState)
    # a position before any draw: rebuild the deal of seed 11 explicitly
    rng = random.Random(11)
    deck_state = GAME.new_deal(11)
    position = position_of(deck_state)  # type: ignore[arg-type]
    position["stock"].insert(0, deck_state.opening[0].data["card"])
    del rng
    rebuilt = GAME.from_position(position)
    assert rebuilt.observation(1)["hand"] == state.observation(1)["hand"]


@pytest.mark.parametrize(
    ("mutate", "part"),
    [
        (lambda r: r.update(format="other/9"), "format"),
        (lambda r: r.update(game="chess"), "game"),
        (lambda r: r.update(rules="sisepai/0"), "rules"),
        (lambda r: r.update(seed="x"), "seed"),
        (lambda r: r.update(seed=-r["seed"]), "seed"),  # would deal as its absolute value
        (lambda r: r.update(seed=2**200), "seed"),
        (lambda r: r["actions"].__setitem__(0, {"seat": True, "action": "pass"}), "actions[0]"),
        (lambda r: r.pop("result"), "result"),
        (lambda r: r.update(result=None), "result"),  # the deal is over
        (lambda r: r.update(actions=r["actions"][:-1]), "result"),  # recorded, not over
        (lambda r: r.update(actions="pass"), "actions"),
        (lambda r: r["actions"].__setitem__(0, {"seat": 0}), "actions[0]"),
        (lambda r: r["actions"].__setitem__(0, {"seat": 9, "action": "pass"}), "actions[0]"),
        (lambda r: r["actions"].insert(0, {"seat": 0, "action": "discard zz"}), "actions[0]"),
        (lambda r: r["result"].update(scores=[99, 0, 0, 0]), "result"),
        (lambda r: r["result"].pop("scores"), "result"),
        (lambda r: r["result"]["breakdown"].update(total=-1), "result"),
        (lambda r: r["result"]["breakdown"].update(invented=1), "result"),
        (lambda r: r["result"]["breakdown"]["groups"].pop(), "result"),
        (lambda r: r["result"].update(winner=str(r["result"]["winner"])), "result"),
        (lambda r: r.update(position={"dealer": 0, "hands": []}), "position"),
    ],
)
def test_broken_records_name_the_offending_part(mutate, part: str) -> None:
    record = copy.deepcopy(_record())
    mutate(record)
    with pytest.raises(RecordError) as info:
        replay(record, GAMES)
    assert str(info.value).startswith(part)


@pytest.mark.parametrize(
    ("mutate", "part"),
    [
        (lambda r, big: r.update(format=big), "format"),
        (lambda r, big: r.update(game=big), "game"),
        (lambda r, big: r.update(rules=big), "rules"),
        (lambda r, big: r.update(dealer=big), "dealer"),
        (lambda r, big: r["actions"].insert(0, {"seat": 0, "action": big}), "actions[0]"),
        # a seat of 4,000 digits (JSON allows it; the rules refuse it as no seat)
        (lambda r, big: r["actions"].insert(0, {"seat": 10**3999, "action": "x"}), "actions[0]"),
    ],
)
def test_a_huge_field_is_named_by_a_short_head(mutate, part: str) -> None:
    """Security test (2026-12-06): `cardavia replay` printed a bad field whole, a line of a
    megabyte for a `format` of one. The message quotes a short head of it."""
    record = copy.deepcopy(_record())
    mutate(record, "x" * 1_000_000)
    with pytest.raises(RecordError) as info:
        replay(record, GAMES)
    message = str(info.value)
    assert message.startswith(part) and len(message) < 400, message
    assert "'xxxx" in message or "by seat 10000" in message, message  # the field's head


def test_not_json() -> None:
    with pytest.raises(RecordError, match="not JSON"):
        loads("{nope")
    with pytest.raises(RecordError, match="JSON object"):
        loads("[1, 2]")
    with pytest.raises(RecordError, match="nested too deeply"):
        loads("[" * 100_000 + "]" * 100_000)
    with pytest.raises(RecordError, match="not JSON that can be read"):
        loads('{"seed": ' + "9" * 5000 + "}")  # past Python's int digit limit


def test_a_deal_in_progress_replays_with_a_null_result() -> None:
    record = copy.deepcopy(_record())
    record["actions"] = record["actions"][:5]
    record["result"] = None
    assert not replay(record, GAMES).is_over()


def _holders(record: dict, key: str) -> list[dict]:  # type: ignore[type-arg]
    """The parts of a record's breakdown that hold `key` (Nantong's per player)."""
    breakdown = record["result"]["breakdown"]
    return [p for p in breakdown.get("players", [breakdown]) if key in p]


@pytest.mark.parametrize(("game", "key"), [("sisepai", "drawn"), ("nantong", "winning_card_group")])
def test_a_record_made_before_the_breakdown_told_more_still_replays(game: str, key: str) -> None:
    """Deal records (docs/deal-record.md): a key a breakdown gained later (the game's
    `breakdown_keys_added_later`) may be missing from a record made before it, which still
    replays; any other key may not."""
    g = find_game(game)
    for seed in range(60):
        agents = [make_agent("greedy", game, seed + s) for s in range(g.players)]
        record = make_record(play_deal(g, seed, agents), seed, None, None)
        if not _holders(record, key):  # a drawn deal: no winner, no key
            continue
        old = copy.deepcopy(record)
        for holder in _holders(old, key):
            del holder[key]
        assert replay(old, GAMES).is_over()
        holder = _holders(record, key)[0]
        del holder[next(k for k in sorted(holder) if k != key)]
        with pytest.raises(RecordError, match=r"^result"):
            replay(record, GAMES)
        return
    pytest.fail(f"no {game} deal with {key}")
