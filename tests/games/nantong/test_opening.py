"""The deal and the opening phase, clause by clause (NT§2.1 … NT§2.7; decisions NT A-12,
NT A-16)."""

from __future__ import annotations

from cardavia.games.nantong.cards import DECK_SIZE
from cardavia.rules.conservation import check_conservation
from tests.games.common import result_of
from tests.games.nantong.helpers import GAME, build, counts, ids, play, state_of

WAITS_ON_T = "1M 2M 3M 4M 5M 6M 7M 8M 9M 1S 2S 3S 4S 5S 6S 7C 8C 9C 2C×3 T"


def test_nt2_1_deal_sizes_indicators_and_stock() -> None:
    """NT§2.1: 120 cards; the dealer gets 23, the others 22; two indicators out of play; 51 in
    the stock; the first dealer is random."""
    dealers = set()
    for seed in range(40):
        state = GAME.new_deal(seed)
        dealers.add(state.dealer)
        deal = state.opening[0]
        assert deal.kind == "deal" and deal.data["stock"] == 51
        assert deal.data["concealed"] == [23 if s == state.dealer else 22 for s in range(3)]
        assert len(state.indicators) == 2 and deal.data["indicators"] == [
            state.observation(0)["indicators"][i] for i in range(2)
        ]
        assert state.card_total() == DECK_SIZE
        check_conservation(state)
        # the indicators never enter a hand (NT§2.2): hands + stock hold the other 118
        held = [
            sum(h[c] for h in state.hands)
            + state.stock.count(c)
            + sum(m.size for ms in state.melds for m in ms if m.card == c)
            for c in range(30)
        ]
        for c in state.indicators:
            held[c] += 1
        assert held == [4] * 30
    assert dealers == {0, 1, 2}


def test_nt2_2_opening_goes_in_seat_order_from_the_dealer() -> None:
    """NT§2.2: opening declarations are resolved seat by seat, starting with the dealer."""
    pos = build(
        indicators="9C 9S", hands={1: "1M×4", 2: "2M×4", 0: "3M×4"}, dealer=1, start="opening"
    )
    state = state_of(pos)
    asked = []
    while state.phase == "opening":
        seat = state.to_act()[0]
        asked.append(seat)
        play(state, (seat, state.legal_actions(seat)[0]))  # declare the four
        assert state.setup_done[seat]  # "finish" was all that was left: made for the seat
    assert asked == [1, 2, 0]
    assert [state.melds[s][0].text() for s in range(3)] == ["four 3M", "four 1M", "four 2M"]


def test_nt2_2_seats_without_a_choice_are_not_asked() -> None:
    """NT§2.2, NT§2.6: a seat with nothing to declare and no ready finishes without a question,
    with the same public event as a chosen finish."""
    pos = build(indicators="9C 9S", hands={2: "2M×4"}, dealer=0, start="opening")
    state = state_of(pos)
    assert state.to_act() == (2,) and state.setup_done == [True, True, False]
    setups = [e.data for e in state.opening if e.kind == "setup"]
    assert setups == [{"seat": 0, "ready": False}, {"seat": 1, "ready": False}]
    events = play(state, (2, "finish"))
    assert [e.data for e in events if e.kind == "setup"] == [{"seat": 2, "ready": False}]


def test_nt2_3_opening_four_draws_from_the_back() -> None:
    """NT§2.3: four identical dealt cards become one group; one replacement from the back; the
    front of the stock is untouched."""
    pos = build(indicators="9C 9S", hands={1: "7M×4"}, back="1C", dealer=0, start="opening")
    state = state_of(pos)
    front = list(state.stock[-5:])
    stock = len(state.stock)
    events = play(state, (1, "four 7M"))
    assert [m.text() for m in state.melds[1]] == ["four 7M"]
    assert state.hands[1][ids("7M")[0]] == 0 and state.hands[1][ids("1C")[0]] >= 1
    assert len(state.stock) == stock - 1 and state.stock[-5:] == front
    assert [e.data["from"] for e in events if e.kind == "draw"] == ["back"]
    assert state.effective(1) == 22  # −4 + 1, one group done


def test_nt2_4_opening_three_only_of_an_indicator_no_replacement() -> None:
    """NT§2.4: three dealt cards equal to an indicator make a group without replacement; three
    of another card are no declaration."""
    pos = build(indicators="5C 2M", hands={1: "5C×3 6C×3"}, dealer=0, start="opening")
    state = state_of(pos)
    assert state.legal_actions(1) == ["three 5C", "finish"]
    stock = len(state.stock)
    play(state, (1, "three 5C"))
    assert [m.text() for m in state.melds[1]] == ["three 5C"] and len(state.stock) == stock
    assert state.effective(1) == 22


def test_nt2_5_hezi_needs_two_equal_indicators_and_both_copies() -> None:
    """NT§2.5: Tiandi Hezi only if both indicators are the same card and the player holds the
    other two copies from the deal; two replacements; not a group."""
    state = state_of(
        build(indicators="4C 4C", hands={2: "4C 4C"}, back="1M 2M", dealer=0, start="opening")
    )
    assert state.legal_actions(2) == ["hezi 4C", "finish"]
    play(state, (2, "hezi 4C"))
    assert state.melds[2][0].text() == "hezi 4C" and not state.melds[2][0].is_group
    assert state.effective(2) == 22
    # different indicators: no Hezi, even holding two copies of each
    state = state_of(build(indicators="4C 5C", hands={2: "4C 4C 5C 5C"}, dealer=0, start="opening"))
    assert state.phase == "turn" and state.melds == [[], [], []]  # nobody had a choice


def test_nt2_6_ready_only_for_non_dealers_one_card_from_a_win() -> None:
    """NT§2.6; decision NT A-12: a non-dealer one card from a win with a live winning card
    may declare ready; it ends the seat's setup and locks the hand."""
    state = state_of(build(indicators="9S 5M", hands={1: WAITS_ON_T}, dealer=0, start="opening"))
    assert state.to_act() == (1,) and state.legal_actions(1) == ["ready", "finish"]
    events = play(state, (1, "ready"))
    assert state.ready[1] and state.setup_done[1]
    assert {"seat": 1, "ready": True} in [e.data for e in events if e.kind == "setup"]
    assert state.observation(2)["seats"][1]["ready"]
    # the dealer is never offered ready (NT-17's dealer was asked only "three 2C" / "finish")


WAITS_ON_3C = "1C 2C 1M 2M 3M 4M 5M 6M 7M 8M 9M 1S 2S 3S 4S 5S 6S 7S 8S 9S T T"


def test_nt2_6_ready_needs_a_winning_card_the_seat_cannot_see() -> None:
    """NT§2.6; decision NT A-12: if every copy of the only winning card is visible (here two 3C
    indicators and the dealer's Hezi of the other two), ready is not offered."""
    pos = build(indicators="3C 3C", hands={0: "3C 3C", 1: WAITS_ON_3C}, dealer=0, start="opening")
    state = state_of(pos)
    assert state.legal_actions(0) == ["hezi 3C", "finish"]
    play(state, (0, "hezi 3C"))  # the dealer's only other choice was finish: made for it
    assert not state.ready[1] and state.setup_done[1]  # seat 1 had no real choice
    # the same deal where the dealer keeps the two 3C concealed: seat 1 cannot see them
    state = state_of(pos)
    play(state, (0, "finish"))
    assert state.legal_actions(1) == ["ready", "finish"]


def test_nt2_7_dealer_discards_first_without_drawing() -> None:
    """NT§2.7; decision NT A-16: after setup the dealer plays first, without a draw: discard,
    or a concealed kong first (with a back replacement)."""
    pos = build(indicators="9C 9S", hands={0: "2M×4"}, back="1C", dealer=0, start="opening")
    state = state_of(pos)
    assert state.legal_actions(0) == ["four 2M", "finish"]
    stock = len(state.stock)
    play(state, (0, "finish"))
    assert state.phase == "turn" and state.turn == 0 and state.step == "first"
    assert len(state.stock) == stock and state.observation(0)["drawn"] is None
    legal = state.legal_actions(0)
    assert "win" not in legal and "kong 2M" in legal
    assert [t for t in legal if t.startswith("discard")] == [
        f"discard {c}" for c in sorted(set(state.observation(0)["hand"]), key=lambda c: ids(c)[0])
    ]
    play(state, (0, "kong 2M"))
    assert [m.text() for m in state.melds[0]] == ["concealed 2M"]
    assert state.step == "replacement" and state.observation(0)["drawn"] == "1C"
    assert len(state.stock) == stock - 1


def test_nt2_7_heavenly_win_is_checked_after_setup() -> None:
    """NT§2.7: the dealer's complete hand wins at once after everyone's setup."""
    dealt = "1M 2M 3M 4M 5M 6M 7M 8M 9M 1S 2S 3S 4S 5S 6S 7S 8S 9S 1C 1C 1C R R"
    pos = build(indicators="5S 2C", hands={0: dealt, 1: "3C×4"}, dealer=0, start="opening")
    state = state_of(pos)
    assert state.to_act() == (1,)  # the dealer had nothing to declare; seat 1 has a four
    play(state, (1, "four 3C"))  # then seat 1 (and seat 2) had no further choice
    assert state.is_over() and state.result() is not None
    assert result_of(state).winner == 0
    assert result_of(state).breakdown["win"]["heavenly"]
    assert state.hands[0] == counts(dealt)
