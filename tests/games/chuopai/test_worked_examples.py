"""The worked examples CP-01 … CP-20 of shared/rules/chuopai.md, section 8.

Their expected results are normative. Each example is played from a deal in progress built by
`helpers.deal_in_progress`: A, B and C (turn order from the leader) hold exactly the cards the
example names, plus, where a seat must go on deciding afterwards, a couple of inert cards that
cannot beat anything in the example. Examples that depend on seat order run with every leader.
"""

from __future__ import annotations

from collections import Counter

import pytest

from cardavia.games.chuopai.cards import parse_cards
from cardavia.games.chuopai.plays import BEATERS, PLAYS, TEXT_INDEX, play_of
from cardavia.games.chuopai.state import ChuoPaiState
from cardavia.rules.core import Event
from cardavia.rules.errors import IllegalActionError
from tests.games.chuopai.helpers import (
    abc,
    banked,
    deal_in_progress,
    fresh_deal,
    hand_of,
    of_kind,
    passes_in,
    plays_in,
    seat_info,
    snapshot,
    state_of,
)

LEADERS = [0, 1, 2]


def first_round(events: list[Event]) -> list[Event]:
    """The events up to the end of the first round among them (later rounds may be forced)."""
    ends = [i for i, e in enumerate(events) if e.kind == "round"]
    return events[: ends[0] + 1] if ends else events


def removed_now(state: ChuoPaiState) -> Counter[str]:
    return Counter(state.observation(0)["removed"])


@pytest.mark.parametrize("leader", LEADERS)
def test_cp01_forced_beat_of_a_single(leader: int) -> None:
    """CP§3.2, CP§3.4, CP§4.1; worked example CP-01: B must play Heaven on Earth and banks 1."""
    s = abc(leader)
    state = state_of(deal_in_progress(leader, {"A": "1-1 2-3", "B": "6-6 2-5 2-3", "C": "3-4 3-4"}))
    before = removed_now(state)
    assert state.to_act() == (s["A"],)
    events = first_round(state.apply(s["A"], "play 1-1"))
    assert plays_in(events) == [(s["A"], ["1-1"]), (s["B"], ["6-6"])]
    assert passes_in(events) == [s["C"]]  # C cannot beat Heaven
    (end,) = of_kind(events, "round")
    assert (end.data["winner"], end.data["banked"], end.data["removed"]) == (
        s["B"],
        ["6-6"],
        ["1-1"],
    )
    assert banked(state, s["B"]) == [["6-6"]]
    assert seat_info(state, s["B"])["points"] == 1
    assert removed_now(state) - before == Counter({"1-1": 1})  # the Earth leaves the deal
    assert (state.leader, state.to_act()) == (s["B"], (s["B"],))  # B leads next


def test_cp02_long_three_beats_plum() -> None:
    """CP§3.4, CP B-4; worked example CP-02: Long Three ×2 beats Plum ×2 and must be played."""
    assert TEXT_INDEX["play 3-3 3-3"] in BEATERS[TEXT_INDEX["play 5-5 5-5"]]
    assert TEXT_INDEX["play 5-5 5-5"] not in BEATERS[TEXT_INDEX["play 3-3 3-3"]]
    state = state_of(deal_in_progress(0, {"A": "5-5 5-5 2-3", "B": "3-3 3-3 2-5 2-3", "C": "3-4"}))
    events = first_round(state.apply(0, "play 5-5 5-5"))
    assert plays_in(events)[1] == (1, ["3-3", "3-3"])  # forced: B's only beating play
    assert seat_info(state, 1)["points"] == 2
    # with a second beating pair B chooses, but may not pass
    state = state_of(deal_in_progress(0, {"A": "5-5 5-5 2-3", "B": "3-3 3-3 1-1 1-1", "C": "3-4"}))
    state.apply(0, "play 5-5 5-5")
    assert state.legal_actions(1) == ["play 1-1 1-1", "play 3-3 3-3"]
    with pytest.raises(IllegalActionError, match="you must beat 5-5 5-5: pass is not allowed"):
        state.apply(1, "pass")


def test_cp03_equal_rank_does_not_beat() -> None:
    """CP§3.6, CP§3.2; worked example CP-03: Crooked Eight cannot beat Straight Eight; B passes
    and keeps both cards; C must beat with Black Nine and banks it."""
    state = state_of(deal_in_progress(0, {"A": "2-6 1-1", "B": "3-5 2-3", "C": "3-6 4-4 2-2"}))
    events = first_round(state.apply(0, "play 2-6"))
    assert passes_in(events) == [1]
    assert hand_of(state, 1) == ["2-3", "3-5"]
    assert plays_in(events) == [(0, ["2-6"]), (2, ["3-6"])]
    assert banked(state, 2) == [["3-6"]]


def test_cp04_different_families_never_beat() -> None:
    """CP§3.3; worked example CP-04: Black Nine cannot beat Red Nine; nothing beats Red Nine."""
    assert BEATERS[TEXT_INDEX["play 4-5"]] == ()
    state = state_of(deal_in_progress(0, {"A": "4-5 1-1 2-2", "B": "3-6 1-4", "C": "2-2"}))
    events = first_round(state.apply(0, "play 4-5"))
    assert passes_in(events) == [1, 2]
    assert banked(state, 0) == [["4-5"]]
    assert state.to_act() == (0,)


def test_cp05_bottom_of_the_red_family() -> None:
    """CP§3.7; worked example CP-05: Two Reds equals Ding Ding and cannot beat it; Red Five must."""
    state = state_of(deal_in_progress(0, {"A": "1-2 1-1", "B": "2-4 1-4 2-2", "C": "2-2"}))
    events = first_round(state.apply(0, "play 1-2"))
    assert plays_in(events)[1] == (1, ["1-4"])
    # Two Reds alone is no answer: B passes and keeps it
    state = state_of(deal_in_progress(0, {"A": "1-2 1-1", "B": "2-4 2-2", "C": "2-2"}))
    events = first_round(state.apply(0, "play 1-2"))
    assert passes_in(events) == [1, 2]
    assert hand_of(state, 1) == ["2-2", "2-4"]
    # with Red Seven and Red Nine too, B chooses among them (CP B-7), never Two Reds
    state = state_of(deal_in_progress(0, {"A": "1-2 1-1", "B": "2-4 1-4 3-4 4-5", "C": "2-2"}))
    state.apply(0, "play 1-2")
    assert state.legal_actions(1) == ["play 1-4", "play 3-4", "play 4-5"]


def test_cp06_yao_family_in_the_house_order() -> None:
    """CP§3.5, CP B-4; worked example CP-06: Four-Six beats Axe, High Foot beats Four-Six; a Cat
    lead can never be beaten."""
    state = state_of(deal_in_progress(0, {"A": "5-6 2-2", "B": "4-6 2-2", "C": "1-6 2-2 2-3"}))
    events = first_round(state.apply(0, "play 5-6"))
    assert plays_in(events) == [(0, ["5-6"]), (1, ["4-6"]), (2, ["1-6"])]
    assert banked(state, 2) == [["1-6"]]
    assert BEATERS[TEXT_INDEX["play 1-5"]] == ()
    state = state_of(
        deal_in_progress(0, {"A": "1-5 2-2 2-3", "B": "1-6 4-6 5-6", "C": "1-6 4-6 5-6 1-5"})
    )
    events = first_round(state.apply(0, "play 1-5"))
    assert passes_in(events) == [1, 2]
    assert banked(state, 0) == [["1-5"]]


@pytest.mark.parametrize(
    "text",
    [
        "play 2-6 3-5",  # equal rank, different patterns
        "play 1-2 2-4",  # equal rank, different patterns (not a Supreme pair here)
        "play 6-6 3-6 4-5",  # counts 1 and 2
        "play 1-1 1-1 1-1 1-1 1-1",  # five of one pattern
        "play 6-6 1-1 3-6 2-6",  # two civil types
    ],
)
def test_cp07_illegal_leads(text: str) -> None:
    """CP§3.1, CP§3.8, CP§3.9; worked example CP-07: none of these may be led."""
    state = state_of(
        deal_in_progress(0, {"A": "2-6 3-5 1-2 2-4 6-6 3-6 4-5 1-1", "B": "2-2", "C": "2-2"})
    )
    assert play_of(parse_cards(text.split()[1:])) is None
    assert text not in state.legal_actions(0)
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match="is not a play"):
        state.apply(0, text)
    assert snapshot(state) == before


def test_cp08_special_combination_ladder() -> None:
    """CP§3.9; worked example CP-08: He Wu < Ren Qi < Tian Jiu; C banks 2 and four cards leave."""
    state = state_of(
        deal_in_progress(0, {"A": "1-3 2-3 2-2", "B": "4-4 3-4 2-2", "C": "6-6 3-6 2-2 2-5"})
    )
    before = removed_now(state)
    events = first_round(state.apply(0, "play 1-3 2-3"))
    assert plays_in(events) == [(0, ["1-3", "2-3"]), (1, ["4-4", "3-4"]), (2, ["6-6", "3-6"])]
    assert banked(state, 2) == [["6-6", "3-6"]]
    assert seat_info(state, 2)["points"] == 2
    assert removed_now(state) - before == Counter(["1-3", "2-3", "4-4", "3-4"])


def test_cp09_specials_and_sets_are_separate_classes() -> None:
    """CP§3.2, CP§3.3, CP B-3; worked example CP-09: Heaven ×2 cannot answer Tian Jiu, and Tian
    Jiu cannot answer Earth ×2; only Heaven ×2 beats Earth ×2."""
    state = state_of(deal_in_progress(0, {"A": "6-6 4-5 2-2 2-3", "B": "6-6 6-6 2-2", "C": "2-2"}))
    events = first_round(state.apply(0, "play 6-6 4-5"))
    assert passes_in(events) == [1, 2]
    assert hand_of(state, 1) == ["2-2", "6-6", "6-6"]
    state = state_of(deal_in_progress(0, {"A": "1-1 1-1 2-2 2-5", "B": "2-3", "C": "6-6 3-6"}))
    events = first_round(state.apply(0, "play 1-1 1-1"))
    assert passes_in(events) == [1, 2]
    state = state_of(deal_in_progress(0, {"A": "1-1 1-1 2-2", "B": "2-3", "C": "6-6 6-6 3-6"}))
    events = first_round(state.apply(0, "play 1-1 1-1"))
    assert plays_in(events)[-1] == (2, ["6-6", "6-6"])


def test_cp10_four_card_specials_and_size_matching() -> None:
    """CP§3.9, CP§3.2, CP B-1; worked example CP-10: a 4-card Tian Jiu mixing a red and a black
    nine beats Di Ba ×2; a 2-card Tian Jiu cannot answer a 4-card play."""
    state = state_of(
        deal_in_progress(
            0, {"A": "1-1 1-1 2-6 3-5 2-2", "B": "6-6 6-6 4-5 3-6 2-2 2-3", "C": "6-6 4-5 2-2"}
        )
    )
    assert "play 1-1 1-1 2-6 3-5" in state.legal_actions(0)
    events = first_round(state.apply(0, "play 1-1 1-1 3-5 2-6"))  # cards in any order
    assert plays_in(events)[1] == (1, ["6-6", "6-6", "3-6", "4-5"])
    assert passes_in(events) == [2]
    assert seat_info(state, 1)["points"] == 4
    assert hand_of(state, 2) == ["2-2", "4-5", "6-6"]


@pytest.mark.parametrize("cards", ["1-1 4-4", "4-4 1-6"])
def test_cp11_excluded_combinations(cards: str) -> None:
    """CP§3.9, CP B-2; worked example CP-11: Man is not an eight, High Foot is not a seven."""
    assert play_of(parse_cards(cards)) is None
    state = state_of(deal_in_progress(0, {"A": "1-1 4-4 1-6 2-2", "B": "2-3", "C": "2-3"}))
    with pytest.raises(IllegalActionError, match="is not a play"):
        state.apply(0, f"play {cards}")
    assert all(len(t.split()) == 2 for t in state.legal_actions(0))  # singles only


def test_cp12_triples_choosing_three_of_four() -> None:
    """CP§3.1, CP§3.2; worked example CP-12: B beats Man ×3 with exactly three Earths."""
    state = state_of(
        deal_in_progress(0, {"A": "4-4 4-4 4-4 2-2", "B": "1-1 1-1 1-1 1-1 2-3", "C": "2-3"})
    )
    events = first_round(state.apply(0, "play 4-4 4-4 4-4"))
    assert plays_in(events)[1] == (1, ["1-1", "1-1", "1-1"])
    assert hand_of(state, 1) == ["1-1", "2-3"]
    assert seat_info(state, 1)["points"] == 3


def test_cp13_free_choice_among_beating_plays() -> None:
    """CP§3.2, CP B-7; worked example CP-13: B may save the Heaven; C must then beat the Earth."""
    state = state_of(deal_in_progress(0, {"A": "4-4 2-2", "B": "1-1 6-6 2-3", "C": "6-6 2-3 2-5"}))
    state.apply(0, "play 4-4")
    assert state.to_act() == (1,)
    assert state.legal_actions(1) == ["play 1-1", "play 6-6"]
    events = first_round(state.apply(1, "play 1-1"))
    assert plays_in(events) == [(1, ["1-1"]), (2, ["6-6"])]
    assert banked(state, 2) == [["6-6"]]
    assert "6-6" in hand_of(state, 1)


@pytest.mark.parametrize("leader", LEADERS)
def test_cp14_full_round_bookkeeping(leader: int) -> None:
    """CP§4.1, CP§4.2; worked example CP-14: Bench, Long Three, Heaven; C banks 1, the other two
    leave; every hand shrinks by one; C leads next."""
    s = abc(leader)
    state = state_of(
        deal_in_progress(leader, {"A": "2-2 2-3 2-5", "B": "3-3 2-3 2-5", "C": "6-6 2-3 2-5"})
    )
    before = removed_now(state)
    events = first_round(state.apply(s["A"], "play 2-2"))
    assert plays_in(events) == [(s["A"], ["2-2"]), (s["B"], ["3-3"]), (s["C"], ["6-6"])]
    assert seat_info(state, s["C"])["points"] == 1
    assert removed_now(state) - before == Counter(["2-2", "3-3"])
    assert [seat_info(state, x)["concealed"] for x in range(3)] == [2, 2, 2]
    assert state.to_act() == (s["C"],)


def test_cp15_passing_keeps_cards() -> None:
    """CP§3.2; worked example CP-15: B passes and keeps its cards; A banks Black Nine and leads
    again."""
    state = state_of(deal_in_progress(0, {"A": "3-6 2-2 2-3", "B": "1-1 4-5 1-2", "C": "6-6 3-4"}))
    events = first_round(state.apply(0, "play 3-6"))
    assert passes_in(events) == [1, 2]
    assert seat_info(state, 1)["concealed"] == 3
    assert hand_of(state, 1) == ["1-1", "1-2", "4-5"]
    assert banked(state, 0) == [["3-6"]]
    assert (state.leader, state.to_act()) == (0, (0,))


def test_cp16_starting_bonus() -> None:
    """CP§2.2, CP B-6; worked example CP-16: A moves 3 cards (hand 25), B nothing, C 4 (hand 24)."""
    state = state_of(fresh_deal(0, {0: "1-2 1-2 2-4", 1: "1-2", 2: "2-4 2-4 2-4 1-2"}))
    a, b, c = (seat_info(state, s) for s in range(3))
    assert (a["bonus"], a["points"], a["concealed"]) == (["1-2", "1-2", "2-4"], 3, 25)
    assert (b["bonus"], b["points"], b["concealed"]) == ([], 0, 28)
    assert "1-2" in hand_of(state, 1)  # that card stays in play
    assert (c["bonus"], c["points"], c["concealed"]) == (["1-2", "2-4", "2-4", "2-4"], 4, 24)
    bonus = [(e.data["seat"], e.data["points"]) for e in of_kind(state.opening, "bonus")]
    assert bonus == [(0, 3), (2, 4)]


@pytest.mark.parametrize("leader", LEADERS)
def test_cp17_winner_emptied_their_hand(leader: int) -> None:
    """CP§4.1, CP B-9; worked example CP-17: A banks its last two cards; B leads next."""
    s = abc(leader)
    state = state_of(deal_in_progress(leader, {"A": "2-2 2-2", "B": "3-4 2-5", "C": "3-6 1-4"}))
    assert state.legal_actions(s["A"]) == ["play 2-2", "play 2-2 2-2"]
    events = first_round(state.apply(s["A"], "play 2-2 2-2"))
    assert passes_in(events) == [s["B"], s["C"]]
    assert seat_info(state, s["A"])["points"] == 2
    assert seat_info(state, s["A"])["concealed"] == 0
    assert of_kind(events, "round")[0].data["next"] == s["B"]
    assert (state.leader, state.to_act()) == (s["B"], (s["B"],))


@pytest.mark.parametrize("leader", LEADERS)
def test_cp18_responder_empties_mid_round(leader: int) -> None:
    """CP§3.1, CP§4.1, CP B-8, CP B-9; worked example CP-18: B wins with its last card; C leads
    next and the game goes on."""
    s = abc(leader)
    state = state_of(deal_in_progress(leader, {"A": "1-1 2-3", "B": "6-6", "C": "3-4 2-5"}))
    events = first_round(state.apply(s["A"], "play 1-1"))
    assert plays_in(events) == [(s["A"], ["1-1"]), (s["B"], ["6-6"])]
    assert passes_in(events) == [s["C"]]
    assert banked(state, s["B"]) == [["6-6"]]
    assert not state.is_over()
    assert (state.leader, state.to_act()) == (s["C"], (s["C"],))


@pytest.mark.parametrize(
    ("piles", "scores", "winner", "tied"),
    [
        ({"A": 31, "B": 22, "C": 18}, (31, 24, 18), "A", []),
        ({"A": 27, "B": 25, "C": 20}, (27, 27, 20), None, ["A", "B"]),
    ],
)
@pytest.mark.parametrize("leader", LEADERS)
def test_cp19_end_of_game_and_unplayed_cards(
    leader: int,
    piles: dict[str, int],
    scores: tuple[int, int, int],
    winner: str | None,
    tied: list[str],
) -> None:
    """CP§1.1, CP§4.2, CP B-8; worked example CP-19: after a round only C holds cards (5), so the
    game ends at once: piles 31/24/18 → A wins; 27/27/20 → A and B tie. C's 5 cards score 0."""
    s = abc(leader)
    c_cards = "2-3 2-5 3-4 1-4 4-5"
    state = state_of(
        deal_in_progress(leader, {"A": "1-1 1-1", "B": "6-6 6-6", "C": c_cards}, piles=piles)
    )
    state.apply(s["A"], "play 1-1 1-1")  # B must beat with its last two cards
    assert state.is_over()
    assert state.to_act() == ()
    result = state.result()
    assert result is not None
    assert (result.scores[s["A"]], result.scores[s["B"]], result.scores[s["C"]]) == scores
    assert result.winner == (s[winner] if winner else None)
    assert result.breakdown["tied"] == sorted(s[t] for t in tied)
    c_line = result.breakdown["seats"][s["C"]]
    assert c_line["unplayed"] == sorted(c_cards.split())
    assert c_line["points"] == (18 if winner else 20)


def test_cp20_everyone_runs_out_in_the_same_round() -> None:
    """CP§1.1, CP B-8; worked example CP-20: only A and B hold cards; B beats A's last pair with
    its last pair, banks 2, and the game ends with nobody holding cards."""
    state = state_of(
        deal_in_progress(0, {"A": "3-3 3-3", "B": "6-6 6-6"}, piles={"A": 20, "B": 20, "C": 30})
    )
    events = first_round(state.apply(0, "play 3-3 3-3"))
    assert plays_in(events) == [(0, ["3-3", "3-3"]), (1, ["6-6", "6-6"])]
    assert passes_in(events) == []  # C holds no cards and does not act
    assert of_kind(events, "round")[0].data["next"] is None
    assert state.is_over()
    result = state.result()
    assert result is not None
    assert result.scores == (20, 22, 30)
    assert result.winner == 2
    assert [seat_info(state, s)["concealed"] for s in range(3)] == [0, 0, 0]


def test_examples_use_real_plays() -> None:
    """CP§3.1, CP§3.9: the plays named in the examples are plays of the stated size."""
    for text, size, special in [
        ("play 1-3 2-3", 2, True),
        ("play 6-6 6-6 3-6 4-5", 4, True),
        ("play 4-4 4-4 4-4", 3, False),
    ]:
        play = PLAYS[TEXT_INDEX[text]]
        assert (play.size, play.special) == (size, special)
