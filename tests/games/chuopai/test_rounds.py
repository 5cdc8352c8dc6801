"""Rounds, banking, the lead, the end and scoring (CP§2.2, CP§3.1, CP§3.2, CP§4.1, CP§4.2,
CP§1.1), in play."""

from __future__ import annotations

from collections import Counter

import pytest

from cardavia.games.chuopai.plays import BEATERS, PLAYS, TEXT_INDEX
from tests.games.chuopai.helpers import (
    GAME,
    abc,
    deal_in_progress,
    hand_of,
    of_kind,
    passes_in,
    plays_in,
    seat_info,
    state_of,
)


@pytest.mark.parametrize("seed", range(120))
def test_nail_and_two_reds_bonus_on_seeded_deals(seed: int) -> None:
    """CP§2.2, CP B-6, CP§4.2: a seat dealt both the Nail (1-2) and Two Reds (2-4) banks all its
    copies of both at once, 1 point each; a seat with only one kind gets nothing."""
    state = GAME.new_deal(seed)
    dealt = {e.seat: Counter(e.data["cards"]) for e in of_kind(state.opening, "hand")}
    bonus = {e.data["seat"]: e.data for e in of_kind(state.opening, "bonus")}
    for s in range(3):
        nail, reds = dealt[s]["1-2"], dealt[s]["2-4"]
        info = seat_info(state, s)
        if nail and reds:
            assert info["bonus"] == ["1-2"] * nail + ["2-4"] * reds
            assert info["points"] == nail + reds == bonus[s]["points"]
            assert info["concealed"] == 28 - nail - reds
            assert "1-2" not in hand_of(state, s) and "2-4" not in hand_of(state, s)
        else:
            assert s not in bonus
            assert (info["bonus"], info["points"], info["concealed"]) == ([], 0, 28)
            assert Counter(hand_of(state, s)) == dealt[s]


def test_bonus_is_dealt_hands_only() -> None:
    """CP§2.2, CP B-6: a deal in progress never triggers the bonus, whatever a hand holds."""
    state = state_of(deal_in_progress(0, {"A": "1-2 2-4 2-2", "B": "1-2 2-4", "C": "2-3"}))
    assert [seat_info(state, s)["points"] for s in range(3)] == [0, 0, 0]
    assert of_kind(state.opening, "bonus") == []


def test_leader_may_lead_any_play_held_and_responders_only_beating_plays() -> None:
    """CP§3.1, CP§3.2: the leader is offered every set and special it holds; a responder who can
    beat is offered the beating plays only, and never pass."""
    state = state_of(
        deal_in_progress(0, {"A": "6-6 6-6 3-6 4-5 1-1", "B": "1-1 1-1 6-6 2-3", "C": "2-3"})
    )
    assert state.legal_actions(0) == [
        "play 1-1",
        "play 3-6",
        "play 4-5",
        "play 6-6",
        "play 6-6 6-6",
        "play 6-6 3-6",
        "play 6-6 4-5",
        "play 6-6 6-6 3-6 4-5",
    ]
    assert state.legal_actions(1) == [] and state.legal_actions(2) == []
    state = state_of(deal_in_progress(0, {"A": "4-4 2-2", "B": "1-1 1-1 6-6 2-3", "C": "2-3"}))
    state.apply(0, "play 4-4")
    assert state.to_act() == (1,)
    assert state.legal_actions(1) == ["play 1-1", "play 6-6"]
    assert all(TEXT_INDEX[t] in BEATERS[TEXT_INDEX["play 4-4"]] for t in state.legal_actions(1))


def test_a_single_beating_play_and_a_pass_are_applied_by_the_engine() -> None:
    """CP§3.2: with one beating play the responder must make it, with none it passes; neither
    is a decision, so only the lead is an action of the record."""
    state = state_of(deal_in_progress(0, {"A": "2-2 2-3 2-5", "B": "6-6 2-3 2-5", "C": "3-4"}))
    events = state.apply(0, "play 2-2")
    assert plays_in(events)[:2] == [(0, ["2-2"]), (1, ["6-6"])]
    assert passes_in(events)[:1] == [2]
    assert state.actions == [(0, "play 2-2")]


def test_a_last_card_lead_is_applied_by_the_engine() -> None:
    """CP§3.1: a leader holding one card has no choice; the engine leads it."""
    state = state_of(deal_in_progress(0, {"A": "1-5", "B": "2-3 2-5", "C": "3-4 1-4"}))
    first = plays_in(state.opening)
    assert first == [(0, ["1-5"])]
    assert seat_info(state, 0)["points"] == 1
    assert state.to_act() == (1,)  # A is empty: B leads (CP B-9)
    assert state.actions == []


def test_passing_keeps_cards_and_the_round_winner_banks_only_the_winning_play() -> None:
    """CP§3.2, CP§4.1, CP§4.2: B passes and keeps its hand; of A's and C's plays only C's is
    banked, A's leaves the deal; one point per banked card."""
    state = state_of(
        deal_in_progress(0, {"A": "1-1 1-1 2-3", "B": "4-4 4-4 1-3 2-5", "C": "6-6 6-6 2-5 3-4"})
    )
    removed = Counter(state.observation(0)["removed"])
    before_b = hand_of(state, 1)
    events = state.apply(0, "play 1-1 1-1")
    assert passes_in(events) == [1]
    assert hand_of(state, 1) == before_b
    assert seat_info(state, 2)["banked"] == [{"kind": "pair", "cards": ["6-6", "6-6"]}]
    assert seat_info(state, 2)["points"] == 2
    assert seat_info(state, 0)["points"] == 0
    assert Counter(state.observation(0)["removed"]) - removed == Counter({"1-1": 2})


@pytest.mark.parametrize("winner_label", ["A", "B", "C"])
@pytest.mark.parametrize("leader", [0, 1, 2])
def test_the_lead_passes_on_when_the_winner_is_empty(leader: int, winner_label: str) -> None:
    """CP§4.1, CP B-9, CP B-10: the next seat clockwise from the winner that holds cards leads."""
    s = abc(leader)
    hands = {"A": "2-2 2-3 2-5", "B": "2-5 3-4", "C": "1-4 3-4"}
    if winner_label == "A":
        hands["A"] = "1-5 1-5"  # A's last cards, unbeatable
        lead = "play 1-5 1-5"
    else:
        lead = "play 2-2"
        hands[winner_label] = "6-6"  # the winner's last card
    state = state_of(deal_in_progress(leader, hands))
    state.apply(s["A"], lead)
    assert seat_info(state, s[winner_label])["concealed"] == 0
    order = [(s[winner_label] + i) % 3 for i in (1, 2)]
    expect = next(x for x in order if seat_info(state, x)["concealed"])
    assert state.to_act() == (expect,)
    assert state.leader == expect


def test_game_ends_when_at_most_one_player_holds_cards() -> None:
    """CP§1.1, CP B-8: the end is checked after the round: one holder left ends the game."""
    state = state_of(deal_in_progress(0, {"A": "5-5 5-5", "B": "2-3 2-5", "C": "3-4 1-4"}))
    state.apply(0, "play 5-5 5-5")  # A empties; B and C still hold cards: the game goes on
    assert not state.is_over()
    state = state_of(deal_in_progress(0, {"A": "5-5 5-5", "B": "2-3 2-5"}))
    state.apply(0, "play 5-5 5-5")  # only B holds cards now
    assert state.is_over()
    assert state.to_act() == () and state.legal_actions(1) == []


def test_a_position_with_one_holder_is_already_over() -> None:
    """CP§1.1, CP§4.2: the game is over as soon as at most one player holds cards."""
    state = state_of(deal_in_progress(1, {"A": "2-3 2-5"}, piles={"A": 3, "B": 9, "C": 4}))
    assert state.is_over()
    result = state.result()
    assert result is not None and result.winner == 2 and result.scores == (4, 3, 9)


def test_scores_are_one_point_per_banked_card_and_ties_have_no_winner() -> None:
    """CP§4.2, CP§1.1: bonus and banked cards score 1 each; equal highest piles tie."""
    state = state_of(
        deal_in_progress(0, {"A": "5-5 5-5", "B": "2-3"}, piles={"A": 10, "B": 12, "C": 12})
    )
    state.apply(0, "play 5-5 5-5")
    result = state.result()
    assert result is not None
    assert result.scores == (12, 12, 12)
    assert result.winner is None
    assert result.breakdown["tied"] == [0, 1, 2]
    lines = result.breakdown["seats"]
    for line in lines:
        banked = sum(len(w) for w in line["banked"])
        assert (
            line["points"]
            == banked + len(line["bonus"])
            == line["banked_points"] + line["bonus_points"]
        )
    assert lines[1]["unplayed"] == ["2-3"]


def test_breakdown_names_bonus_banked_points_winner() -> None:
    """CP§2.2, CP§4.2, CP§1.1: the result breakdown lists per seat the starting bonus, the
    banked plays and the points, then the winner (or the tie)."""
    state = GAME.new_deal(11)
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    result = state.result()
    assert result is not None
    seats = result.breakdown["seats"]
    assert [line["points"] for line in seats] == list(result.scores)
    assert set(seats[0]) == {
        "seat",
        "bonus",
        "bonus_points",
        "banked",
        "banked_points",
        "points",
        "unplayed",
    }
    top = max(result.scores)
    winners = [s for s in range(3) if result.scores[s] == top]
    assert (
        result.breakdown["winner"] == result.winner == (winners[0] if len(winners) == 1 else None)
    )
    total = (
        sum(result.scores)
        + result.breakdown["removed"]
        + sum(len(line["unplayed"]) for line in seats)
    )
    assert total == 84
    assert all(
        PLAYS[TEXT_INDEX["play " + " ".join(w)]].size == len(w)
        for line in seats
        for w in line["banked"]
    )
