"""Two Seven Ten's agents (ai/games/erqishi.py): the family's policies on this game's values,
whole deals by every policy without errors, card conservation and zero-sum settlement, no dead
hands in AI play (spec §8), and hint reasons in this game's terms."""

from __future__ import annotations

import random

import pytest

from cardavia.ai.games.erqishi import EfficientErqishi, GreedyErqishi, explain, safety
from cardavia.rules.conservation import check_conservation
from tests.games.erqishi.helpers import GAME, build, ids


@pytest.mark.parametrize("policy", [GreedyErqishi, EfficientErqishi])
def test_whole_deals_conserve_cards_and_sum_to_zero(policy: type[GreedyErqishi]) -> None:
    """ER-11, ER-15, spec §8: 80 cards after every action; every settlement sums to 0; the
    winner's gain is 2u or 3u with u in the bands; no dead hand when the AI plays every seat."""
    for seed in range(12):
        state = GAME.new_deal(seed)
        agents = [policy(random.Random(seed * 3 + s)) for s in range(3)]
        while not state.is_over():
            seat = state.to_act()[0]
            state.apply(seat, agents[seat].act(state.observation(seat), state.legal_actions(seat)))
            check_conservation(state)
            assert not any(h.dead for h in state.seats)
        result = state.result()
        assert result is not None and sum(result.scores) == 0
        if result.winner is not None:
            assert max(result.scores) in {2, 4, 8, 12, 20, 3, 6, 18, 30}


def test_the_ai_always_wins() -> None:
    """ER-13, A-ER-21: the default policy always wins, also when a compulsory four is offered
    beside the win."""
    state = build(
        exposed={0: ["chi L2 L7 L10", "peng L4 L4 L4", "chi s1 s2 s3"]},
        hands={0: "s8 s8 s8 L1 L1 L8 L8 s1 s4 s5 s6"},
        stock="s8",
    ).state()
    legal = state.legal_actions(0)
    assert legal == ["win", "pao s8"]
    for policy in (GreedyErqishi, EfficientErqishi):
        assert policy(random.Random(0)).act(state.observation(0), legal) == "win"


def test_one_two_three_is_worth_nothing_to_the_agent() -> None:
    """ER-5, A-ER-4: the agents' tables use this game's values, not Paohuzi's."""
    from cardavia.ai.games.erqishi import RULES
    from cardavia.ai.games.paohuzi import PAOHUZI

    one_two_three = [(0, 1, 2), (10, 11, 12)]
    for g in one_two_three:
        assert RULES.chi_value(g) == 0 and PAOHUZI.chi_value(g) > 0
    assert RULES.min_huxi == 10 and PAOHUZI.min_huxi == 15


def test_hint_reasons_speak_of_points_units_and_who_pays() -> None:
    """ER-15, A-ER-14: a win's reason names its points and units and who pays; a discard's names
    the risk of paying alone for a win on it, or its safety."""
    state = build(
        exposed={0: ["peng L5 L5 L5", "chi L2 L7 L10", "peng s9 s9 s9"]},
        hands={0: "L1 L1 L1 s3 s4 s5 s6 s7 s8 L8 L9", 2: "L10"},
        turn=(2, "discard"),
        watch="L10",
    ).state()
    state.apply(2, "discard L10")
    said = explain(state.observation(0), state.legal_actions(0), "win")
    assert said[0]["key"] == "why_erq_win" and said[0]["n"] == 16
    assert said[0]["params"] == {"units": 2}
    assert said[1] == {"key": "why_erq_discarder_pays", "n": 6, "params": {}}
    discard = build(hands={0: "s3 L9", 1: "L9"}, turn=(0, "discard"), discards={1: "L9"}).state()
    l9 = ids("L9")[0]
    discard.discarded[1].add(l9)  # seat 1 discarded L9 itself: it may never win on it
    obs = discard.observation(0)
    assert safety(obs)[l9] == 1
    keys = [w["key"] for w in explain(obs, discard.legal_actions(0), "discard L9")]
    # one of the two opponents barred: not said safe, the other may still win on it
    assert "why_erq_half_safe" in keys and "why_erq_safe" not in keys
    discard.discarded[2].add(l9)  # both opponents: neither may win on it (ER-14)
    obs = discard.observation(0)
    keys = [w["key"] for w in explain(obs, discard.legal_actions(0), "discard L9")]
    assert "why_erq_safe" in keys
    keys = [w["key"] for w in explain(obs, discard.legal_actions(0), "discard s3")]
    assert "why_erq_risk" in keys
