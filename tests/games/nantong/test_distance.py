"""The agents' distance to a complete hand (ai.md layer 2; NT§1.1: seven groups and a pair, or
fewer groups once some are set down), against the rules' own test of a win: 0 exactly for a
complete hand, 1 exactly for a hand one card from a win, and one exchange at most from its best
discard's. Hands are drawn at random, with the copies a deck holds. (The distance's caches hold
shape sets by number since 2026-12-05; its answers were checked equal to before on 399,224
distances of Nantong reviews.)"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from cardavia.games.nantong.cards import COPIES, N_IDS
from cardavia.games.nantong.hands import distance, is_complete, waits


@st.composite
def hands(draw: st.DrawFn, cards: int) -> list[int]:
    counts = [0] * N_IDS
    for c in draw(st.lists(st.integers(0, N_IDS - 1), min_size=cards * 3, max_size=cards * 3)):
        if sum(counts) < cards and counts[c] < COPIES:
            counts[c] += 1
    return counts


@st.composite
def near_wins(draw: st.DrawFn) -> tuple[list[int], int]:
    """A hand of `groups` groups and a pair (of 3·groups + 2 cards), often complete."""
    groups = draw(st.integers(1, 7))
    counts = [0] * N_IDS
    for _ in range(groups):
        if draw(st.booleans()):
            c = draw(st.integers(0, N_IDS - 1))
            if counts[c] + 3 <= COPIES:
                counts[c] += 3
                continue
        suit, rank = draw(st.integers(0, 2)), draw(st.integers(0, 6))
        for r in range(rank, rank + 3):
            counts[suit * 9 + r] += 1
    counts[draw(st.integers(0, N_IDS - 1))] += 2
    if any(n > COPIES for n in counts):
        counts = [min(n, COPIES) for n in counts]
    return counts, groups


@settings(max_examples=400, deadline=None)
@given(near_wins())
def test_zero_exactly_for_a_complete_hand(hand: tuple[list[int], int]) -> None:
    counts, groups = hand
    assert (distance(counts, groups) == 0) == (
        sum(counts) == 3 * groups + 2 and is_complete(counts)
    )


@settings(max_examples=300, deadline=None)
@given(hands(3 * 7 + 1))
def test_one_exactly_for_a_hand_one_card_from_a_win(counts: list[int]) -> None:
    d = distance(counts, 7)
    assert d >= 1  # 22 cards are never a win
    if waits(counts):
        assert d == 1
    elif d == 1:  # one card away, but every copy of it is in the hand already
        assert COPIES in counts


@settings(max_examples=200, deadline=None)
@given(hands(3 * 7 + 2))
def test_the_best_discard_is_at_most_the_distance(counts: list[int]) -> None:
    before = distance(counts, 7)
    after = []
    for c in range(N_IDS):
        if counts[c]:
            counts[c] -= 1
            after.append(distance(counts, 7))
            counts[c] += 1
    # a hand of 3·7 + 2 cards is as far as its best 3·7 + 1 cards, or one exchange nearer (a
    # complete hand: every card counts)
    assert min(after) - before in (0, 1)
