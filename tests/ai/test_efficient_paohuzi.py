"""The efficient Paohuzi agent (ai.md): legal actions only, always wins, no peeking, and the
tie-break by acceptance that sets it apart from the greedy policy it refines (spec:
shared/rules/paohuzi.md)."""

from __future__ import annotations

import random

from cardavia.ai.base import Agent
from cardavia.ai.paohuzi import EfficientPaohuzi, GreedyPaohuzi
from cardavia.games.paohuzi.state import PaohuziState
from tests.games.paohuzi.helpers import GAME, build


def test_only_legal_actions_over_many_deals() -> None:
    """PHZ-5, PHZ-6, PHZ-9, PHZ-12: in every seat, against itself and against greedy agents,
    each action the efficient agent picks is one of the legal actions (claims, bi choices,
    discards of non-kan cards, stale cards never claimed), and every deal ends."""
    for seed in range(60):
        mixed = seed % 2 == 1  # odd seeds: one efficient agent among two greedy ones
        agents: list[Agent] = [
            GreedyPaohuzi(random.Random(s)) if mixed and s != seed % 3
            else EfficientPaohuzi(random.Random(s))
            for s in range(3)
        ]
        state = GAME.new_deal(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            action = agents[seat].act(state.observation(seat), legal)
            assert action in legal
            state.apply(seat, action)
        assert state.result() is not None


def test_no_peek_same_observation_same_decision() -> None:
    """ai.md no-peek test; PHZ-15 (opponents' kans and opening ti are hidden): a world re-dealt
    from what the seat has not seen looks the same to the seat and gives the same decision."""
    differed = 0
    for seed in range(30):
        state = GAME.new_deal(seed)
        assert isinstance(state, PaohuziState)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            world = state.sample_world(seat, random.Random(seed))
            assert world.observation(seat) == state.observation(seat)
            differed += world.stock != state.stock or any(
                world.seats[s].hand != state.seats[s].hand for s in range(3) if s != seat)
            a = EfficientPaohuzi(random.Random(7)).act(state.observation(seat), legal)
            b = EfficientPaohuzi(random.Random(7)).act(world.observation(seat),
                                                       world.legal_actions(seat))
            assert a == b and a in legal
            state.apply(seat, rng.choice(legal))
    assert differed > 100  # the hidden cards really were different


def test_discard_keeps_the_partial_group_more_live_cards_complete() -> None:
    """PHZ-4, PHZ-7, PHZ-9, PHZ-11: seat 0 must discard from s1 s2 s3 L5 L7 L8 with five
    exposed groups (15 huxi) and two groups still to make. Discarding L5 (keep L7 L8) or L8
    (keep L5 L7) leaves the same distance: one complete group and one partial group. Greedy
    keeps the first partial group its split finds, L5 L7, and discards L8. The efficient agent
    counts the live copies that would complete the partial group by a chi: L5 L7 waits only
    for L6 (3 unseen: seats 1 and 2 hold them), L7 L8 for L6 or L9 (3 + 2 unseen), so it
    discards L5."""
    position = build(
        hands={0: "s1 s2 s3 L5 L7 L8", 1: "L6 L9 L9", 2: "L6 L6"},
        exposed={0: ["peng L1 L1 L1", "peng L3 L3 L3", "chi L2 L7 L10", "peng L4 L4 L4",
                     "chi s4 s5 s6"]},
        turn=(0, "discard"),
    )
    state = position.state()
    observation, legal = state.observation(0), state.legal_actions(0)
    assert "discard L5" in legal and "discard L8" in legal
    assert GreedyPaohuzi(random.Random(0)).act(observation, legal) == "discard L8"
    assert EfficientPaohuzi(random.Random(0)).act(observation, legal) == "discard L5"


def test_stale_cards_are_not_waited_for() -> None:
    """PHZ-12 (declining an offered chi of a card bans chi-ing it later): the position above
    with an L5 unseen in seat 1. Counting L9, keeping L7 L8 is better and L5 goes; with L9
    stale for seat 0's chi, L7 L8 also waits for L6 alone, acceptance ties, and the card the
    opponents are least likely to want goes (L8: no copy unseen; L5: one), as for greedy."""
    def choices(stale: list[dict[str, list[str]]] | None) -> tuple[str, str]:
        state = build(
            hands={0: "s1 s2 s3 L5 L7 L8", 1: "L6 L9 L9 L5", 2: "L6 L6"},
            exposed={0: ["peng L1 L1 L1", "peng L3 L3 L3", "chi L2 L7 L10", "peng L4 L4 L4",
                         "chi s4 s5 s6"]},
            turn=(0, "discard"), stale=stale,
        ).state()
        observation, legal = state.observation(0), state.legal_actions(0)
        return (GreedyPaohuzi(random.Random(0)).act(observation, legal),
                EfficientPaohuzi(random.Random(0)).act(observation, legal))

    assert choices(None) == ("discard L8", "discard L5")
    assert choices([{"chi": ["L9"]}, {}, {}]) == ("discard L8", "discard L8")
