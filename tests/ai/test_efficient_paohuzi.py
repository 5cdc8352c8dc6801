"""The efficient Paohuzi agent (ai.md): always wins, and the tie-break by acceptance that sets it
apart from the greedy policy it refines (spec: shared/rules/paohuzi.md). Legality and no-peek
for every game: tests/ai/test_efficient.py."""

from __future__ import annotations

import random

from cardavia.ai.games.paohuzi import EfficientPaohuzi, GreedyPaohuzi
from tests.games.paohuzi.helpers import build


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
        exposed={
            0: ["peng L1 L1 L1", "peng L3 L3 L3", "chi L2 L7 L10", "peng L4 L4 L4", "chi s4 s5 s6"]
        },
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
            exposed={
                0: [
                    "peng L1 L1 L1",
                    "peng L3 L3 L3",
                    "chi L2 L7 L10",
                    "peng L4 L4 L4",
                    "chi s4 s5 s6",
                ]
            },
            turn=(0, "discard"),
            stale=stale,
        ).state()
        observation, legal = state.observation(0), state.legal_actions(0)
        return (
            GreedyPaohuzi(random.Random(0)).act(observation, legal),
            EfficientPaohuzi(random.Random(0)).act(observation, legal),
        )

    assert choices(None) == ("discard L8", "discard L5")
    assert choices([{"chi": ["L9"]}, {}, {}]) == ("discard L8", "discard L8")
