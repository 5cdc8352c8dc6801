"""The efficient Chuo Pai agent (ai.md): the habits that set it apart from the greedy policy it
refines (spec: shared/rules/chuopai.md). Legality and no-peek: tests/ai/test_efficient.py."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardavia.ai.games import chuopai
from cardavia.ai.games.chuopai import EfficientChuoPai, GreedyChuoPai
from tests.games.chuopai.helpers import deal_in_progress, state_of


def _choice(agent: type[GreedyChuoPai], position: dict[str, Any], seat: int = 0) -> str:
    state = state_of(position)
    return agent(random.Random(0)).act(state.observation(seat), state.legal_actions(seat))


def test_leads_a_weak_card_and_keeps_the_sure_winner() -> None:
    """CP§3.2, CP§4.1, CP§4.2: every other Heaven is out of play, so the Heaven can never be
    beaten and banks whenever it is led; the Bench will be beaten and lost now or later. Greedy
    cashes the Heaven first; the efficient agent leads the Bench while both opponents still
    hold the Main cards that must beat it, and keeps the Heaven to win a round later."""
    position = deal_in_progress(0, {"A": "6-6 2-2", "B": "1-1 3-3", "C": "4-4 5-5"})
    assert _choice(GreedyChuoPai, position) == "play 6-6"
    assert _choice(EfficientChuoPai, position) == "play 2-2"


def test_does_not_break_a_pair_that_would_likely_hold(monkeypatch: pytest.MonkeyPatch) -> None:
    """CP§3.1, CP§3.2, CP§3.8: the two unseen Earths beat a single Plum Blossom for sure, but
    beat the pair only if one opponent holds both (1 in 3). Valued card by card, the single
    would be led; the cost of breaking the pair makes the agent lead it whole."""
    position = deal_in_progress(0, {"A": "5-5 5-5", "B": "1-1 4-6", "C": "1-1 5-6"})
    assert _choice(EfficientChuoPai, position) == "play 5-5 5-5"
    monkeypatch.setattr(chuopai, "BREAK_COST", 0.0)
    assert _choice(EfficientChuoPai, position) == "play 5-5"


def test_forced_beat_keeps_the_sure_winner_when_last_to_act() -> None:
    """CP§3.2, CP B-7: as the last responder any beating play wins the round; the efficient
    agent, like greedy, beats with the Earth and keeps the Heaven."""
    state = state_of(deal_in_progress(0, {"A": "4-4 6-6 2-2", "B": "1-1 6-6 2-3"}))
    state.apply(0, "play 4-4")
    assert state.legal_actions(1) == ["play 1-1", "play 6-6"]
    assert (
        EfficientChuoPai(random.Random(0)).act(state.observation(1), state.legal_actions(1))
        == "play 1-1"
    )
