"""Explicit positions (architecture.md §2, §4): `from_position` validates the whole deck and the
hands (CP§2.1), applies the starting bonus to a whole deal (CP§2.2), and round-trips."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from cardavia.games.chuopai.game import position_of
from cardavia.games.chuopai.perf import benchmarks
from cardavia.rules.errors import InvalidPositionError
from cardavia.rules.record import make_record, replay
from tests.games.chuopai.helpers import GAME, deal_in_progress, fresh_deal, seat_info, state_of


def test_a_whole_deal_from_a_position_matches_the_seeded_one() -> None:
    """CP§2.1, CP§2.2: the dealt hands of a seeded deal, given as a position, make the same
    deal (bonus included)."""
    for seed in range(20):
        seeded = GAME.new_deal(seed)
        dealt = [e.data["cards"] for e in seeded.opening if e.kind == "hand"]
        state = state_of({"leader": seeded.first_leader, "hands": dealt})
        assert [state.observation(s) for s in range(3)] == [seeded.observation(s) for s in range(3)]


def _broken(change: str) -> dict[str, Any]:
    position = fresh_deal(0, {0: "6-6"})
    if change == "extra":
        position["hands"][0] = ["6-6", *position["hands"][0][1:], "6-6"]
    elif change == "missing":
        position["hands"][1] = position["hands"][1][1:]
    elif change == "swapped":  # 28 each, but five Heavens
        position["hands"][2] = ["6-6", *position["hands"][2][1:]]
    return position


@pytest.mark.parametrize(
    ("position", "match"),
    [
        ("not a dict", "must be a JSON object"),
        ({"hands": [[], [], []]}, "leader must be a seat"),
        ({"leader": 3, "hands": [[], [], []]}, "leader must be a seat"),
        ({"leader": True, "hands": [[], [], []]}, "leader must be a seat"),
        ({"leader": 0, "hands": [[], []]}, "hands must list 3 seats"),
        ({"leader": 0, "hands": [["6-6"], [7], []]}, "list of card codes"),
        ({"leader": 0, "hands": [["9-9"], [], []]}, "unknown card code"),
        (
            {"leader": 0, "hands": [[], [], []], "stock": []},
            r"unknown position keys: stock \(a position takes banked, bonus, hands, leader, remo",
        ),
        (_broken("extra"), "not the 84-card deck: too many 6-6"),
        (_broken("missing"), "missing"),
        (_broken("swapped"), "too many 6-6; missing"),
    ],
)
def test_invalid_positions_are_refused_by_name(position: Any, match: str) -> None:
    """CP§2.1: exactly the 84-card deck, three seats, a leader seat, known keys."""
    with pytest.raises(InvalidPositionError, match=match):
        GAME.from_position(copy.deepcopy(position))


def test_a_fresh_deal_needs_28_cards_each() -> None:
    """CP§2.1: with nothing banked or removed, each hand must hold 28 cards."""
    position = fresh_deal(0, {})
    position["hands"][0].append(position["hands"][1].pop())
    with pytest.raises(InvalidPositionError, match="seat 0 is dealt 29 cards, not 28"):
        GAME.from_position(position)


def test_deal_in_progress_checks() -> None:
    """CP§2.2, CP§4.1: bonus piles hold only 1-2 and 2-4; the leader must hold cards."""
    position = deal_in_progress(0, {"A": "2-2", "B": "2-3"})
    position["bonus"] = [["6-6"], [], []]
    position["removed"].remove("6-6")
    with pytest.raises(InvalidPositionError, match="bonus cards are only 1-2 and 2-4"):
        GAME.from_position(position)
    position = deal_in_progress(0, {"B": "2-2", "C": "2-3"})
    with pytest.raises(InvalidPositionError, match="the leader, seat 0, holds no cards"):
        GAME.from_position(position)


def test_bonus_and_banked_piles_count_as_points() -> None:
    """CP§4.2: bonus cards and banked cards in a position score one point each."""
    position = deal_in_progress(0, {"A": "2-2 2-3", "B": "2-5 3-4"}, piles={"C": 5})
    position["bonus"] = [["1-2", "2-4"], [], []]
    position["removed"] = [c for c in position["removed"]]
    position["removed"].remove("1-2")
    position["removed"].remove("2-4")
    state = state_of(position)
    assert [seat_info(state, s)["points"] for s in range(3)] == [2, 0, 5]


def test_position_round_trip_and_record_replay() -> None:
    """architecture.md §4; CP§4.1 (a round starts with a lead): a position taken at the start of
    a round rebuilds the same table, and a record made from it replays to the same result."""
    state = GAME.new_deal(4)
    rng = random.Random(4)
    while not state.is_over():
        (seat,) = state.to_act()
        if not state.trick and state.round_no > 12:
            break
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    position = position_of(state)
    again = state_of(position)
    for s in range(3):
        mine, theirs = state.observation(s), again.observation(s)
        assert mine["hand"] == theirs["hand"]
        assert [x["points"] for x in mine["seats"]] == [x["points"] for x in theirs["seats"]]
        assert sorted(mine["removed"]) == theirs["removed"]  # a position lists them in pip order
    while not again.is_over():
        (seat,) = again.to_act()
        again.apply(seat, rng.choice(again.legal_actions(seat)))
    record = make_record(again, None, None, position)
    assert replay(record, {"chuopai": GAME}).result() == again.result()


def test_benchmark_work_units_do_work() -> None:
    """docs/benchmarks.md; CP§3.1, CP§3.2 (lead and beat generation): each work unit does a
    batch and says how many items it did."""
    units = benchmarks()
    assert set(units) == {
        "lead_generations_per_second",
        "beat_generations_per_second",
        "engine_random_deals_per_second",
    }
    assert units["lead_generations_per_second"](0) == 1000
    assert units["beat_generations_per_second"](0) == 1000
    assert units["engine_random_deals_per_second"](3) == 1
