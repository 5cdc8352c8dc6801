"""Turns (NT§3.1, NT§3.3): the front draw, the self-draw win, concealed kongs with a back
replacement, what follows a replacement, kongs needing stock, the last card."""

from __future__ import annotations

from tests.games.nantong.helpers import build, play, player, result_of, state_of

COMPLETE_BUT_9M = "1M 2M 3M 4M 5M 6M 7M 8M 1S 2S 3S 4S 5S 6S 7C 8C 9C T×3 W W"


def test_nt3_1_draw_from_the_front() -> None:
    """NT§3.1: the next player draws the front card; the back is kept for replacements."""
    state = state_of(
        build(
            indicators="1S 9M",
            hands={1: "1C"},
            draws="2C",
            back="3C",
            start="discard",
            turn=1,
            watch="1C",
        )
    )
    back = state.stock[0]
    play(state, (1, "discard 1C"))
    assert state.turn == 2 and state.observation(2)["drawn"] == "2C"
    assert state.stock[0] == back


def test_nt3_1_self_draw_win_is_offered_not_forced() -> None:
    """NT§3.1: a player who completes the hand on their draw may win (or discard)."""
    state = state_of(
        build(indicators="1S 9C", hands={0: COMPLETE_BUT_9M}, draws="9M", start="draw", turn=0)
    )
    legal = state.legal_actions(0)
    assert legal[0] == "win" and "discard 9M" in legal
    play(state, (0, "win"))
    result = result_of(state)
    assert result.winner == 0 and result.breakdown["win"]["self_drawn"]
    assert ("self-draw", 10) in [(b["name"], b["hu"]) for b in player(result, 0)["bonuses"]]


def test_nt3_1_concealed_kong_then_win_or_discard() -> None:
    """NT§3.1: four identical cards in hand may be a concealed kong; a replacement comes from the
    back; then the player wins or discards."""
    state = state_of(
        build(indicators="1S 9C", hands={0: "5M×3"}, draws="5M", back="2C", start="draw", turn=0)
    )
    assert "kong 5M" in state.legal_actions(0)
    events = play(state, (0, "kong 5M"))
    assert [e.data for e in events if e.kind == "kong"] == [
        {"seat": 0, "group_kind": "concealed", "card": "5M"}
    ]
    assert [e.data["from"] for e in events if e.kind == "draw"] == ["back"]
    assert state.observation(0)["drawn"] == "2C" and state.step == "replacement"
    assert all(t == "win" or t.startswith("discard") for t in state.legal_actions(0))


def test_nt3_1_four_in_hand_may_wait_for_a_later_turn() -> None:
    """NT§3.1, NT§4.2: a kong is a choice: four identical cards may stay in hand (C4)."""
    state = state_of(
        build(
            indicators="1S 9C", hands={0: "5M×3 1C"}, draws="5M", start="draw", turn=0, watch="1C"
        )
    )
    play(state, (0, "discard 1C"))
    assert state.hands[0][4] == 4 and state.melds[0] == []


def test_nt3_3_kong_needs_stock() -> None:
    """NT§3.3: with the stock empty (the last card just drawn) no kong is offered."""
    state = state_of(
        build(indicators="1S 9C", hands={0: "5M×3"}, draws="5M", start="draw", turn=0, stock_size=1)
    )
    assert state.stock == []
    assert not any(t.startswith("kong") for t in state.legal_actions(0))


def test_nt3_3_last_card_kong_replacement_is_a_last_card_win() -> None:
    """NT§4.10; decision NT A-15: a kong replacement that empties the stock, winning, doubles as
    the self-drawn last card (and earns the kong replacement bonus)."""
    hand = "1M 2M 3M 4M 5M 6M 7M 8M 1S 2S 3S 4S 5S 6S 7C 8C 9C W W 5C×3"
    state = state_of(
        build(
            indicators="1S 9C",
            hands={0: hand},
            draws="5C",
            back="9M",
            start="draw",
            turn=0,
            stock_size=2,
        )
    )
    play(state, (0, "kong 5C"))
    assert state.stock == []
    play(state, (0, "win"))
    me = player(result_of(state), 0)
    assert me["multipliers"] == ["last card"] and me["factor"] == 2
    names = [b["name"] for b in me["bonuses"]]
    assert "kong replacement" in names and "self-draw" in names


EARTHLY_HAND = "1C 2C 3C 1C 2C 3C 4M 5M 6M 7S 8S 9S 2M×3 3S 4S 5S 6C 7C 8C 9M"


def test_earthly_only_on_the_dealers_very_first_discard() -> None:
    """NT§4.10; decision NT A-17: a win on the dealer's second discard is not earthly."""
    pos = build(
        indicators="2S 7M",
        hands={0: "9M 1M", 1: EARTHLY_HAND},
        draws="4S 5C 6S",
        watch="9M 1M 4S 5C 6S",
        start="opening",
        dealer=0,
    )
    state = state_of(pos)
    play(state, (1, "finish"), (0, "discard 1M"))
    assert state.turn == 1 and state.observation(1)["drawn"] == "4S"
    play(state, (1, "discard 4S"), (2, "discard 5C"), (0, "discard 9M"), (1, "win"))
    result = result_of(state)
    assert not result.breakdown["win"]["earthly"]
    assert player(result, 1)["multipliers"] == []


def test_a_win_on_the_last_discard_is_not_a_last_card_win() -> None:
    """NT§4.10; decision NT A-15: the Last-card doubling is for a self-drawn last card only."""
    hand = "4M 5M 1S 2S 3S 4S 5S 6S 7M 8M 9M T×3 W×3 R×3 9C 9C"
    state = state_of(
        build(indicators="1S 9M", hands={0: hand}, draws="6M", start="draw", turn=2, stock_size=1)
    )
    play(state, (2, "discard 6M"), (0, "win"))
    result = result_of(state)
    assert state.stock == [] and not result.breakdown["win"]["last_card"]
    assert player(result, 0)["multipliers"] == ["three elders"]  # and no "last card"
