"""Claims on a discard and on an added kong (NT§3.1, NT§3.2, NT§3.3): priority over every
answer order and every claim/pass choice, nothing awarded before the last answer, answers hidden
from the other seats, only one winner; robbing an added kong; pong and exposed kong."""

from __future__ import annotations

from itertools import permutations, product

import pytest

from cardavia.games.nantong.state import NantongState
from cardavia.rules.conservation import check_conservation
from tests.games.nantong.helpers import (
    PLAYERS,
    build,
    ids,
    play,
    player,
    result_of,
    state_of,
    unit_values,
)

WINS_ON_6M_A = "1M 2M 3M 4M 5M 7S 8S 9S 1C 2C 3C 4C 5C 6C 7C 8C 9C 3S×3 2S 2S"
WINS_ON_6M_B = "4M 5M 1S 2S 3S 4S 5S 6S 7M 8M 9M T×3 W×3 R×3 9C 9C"
WINS_ON_6M_C = "6M 6M 1S 2S 3S 4S 5S 6S 7M 8M 9M T×3 W×3 R×3 9C 9C"  # win or pong


def spec_award(answers: dict[int, str], origin: int) -> tuple[int, str] | None:
    """NT§3.2: a win beats a pong or kong; among equals, the first seat after `origin`."""
    order = [(origin + i) % PLAYERS for i in range(1, PLAYERS)]
    claims = [
        (0 if text == "win" else 1, order.index(seat), seat, text)
        for seat, text in answers.items()
        if text != "pass"
    ]
    if not claims:
        return None
    _, _, seat, text = min(claims)
    return seat, text


def views(state: NantongState) -> list[tuple[object, ...]]:
    return [(state.observation(s)["hand"], state.observation(s)["seats"]) for s in range(PLAYERS)]


def run_every_order(
    position: dict[str, object], discard: tuple[int, str], expect_pending: set[int]
) -> int:
    """Open the window, then answer it in every order with every choice; check NT§3.2."""
    base = state_of(position)
    play(base, discard)
    origin, card = discard[0], discard[1].split()[1]
    assert set(base.to_act()) == expect_pending
    options = {s: base.legal_actions(s) for s in base.to_act()}
    played = 0
    for order in permutations(options):
        for picks in product(*(options[s] for s in order)):
            state = state_of(position)
            play(state, discard)
            before = views(state)
            for i, (seat, text) in enumerate(zip(order, picks, strict=True)):
                others = {t: state.observation(t) for t in range(PLAYERS) if t != seat}
                events = state.apply(seat, text)
                check_conservation(state)
                if i == len(order) - 1:
                    break
                # nothing is awarded before every answer is in, and the answer stays hidden
                assert set(state.to_act()) == set(order[i + 1 :])
                assert not state.is_over() and views(state) == before
                assert all(e.seat == seat for e in events)
                for t, seen in others.items():
                    assert state.observation(t) == seen
                assert state.observation(seat)["my_answer"] == text
            expected = spec_award(dict(zip(order, picks, strict=True)), origin)
            _check_award(state, expected, origin, card)
            played += 1
    return played


def _check_award(
    state: NantongState, expected: tuple[int, str] | None, origin: int, card: str
) -> None:
    if expected is None:
        assert state.discards[origin][-1] == ids(card)[0]
        assert state.phase == "turn" and state.turn == (origin + 1) % PLAYERS
        return
    seat, text = expected
    if text == "win":
        result = result_of(state)
        assert result.winner == seat and result.breakdown["win"]["card"] == card
        assert result.breakdown["win"]["from"] == origin
        assert all(not ms for ms in state.melds)  # no lower claim took the card
        return
    assert not state.is_over() and state.turn == seat and state.phase == "turn"
    kind = "pong" if text.startswith("pong") else "kong"
    assert [m.text() for m in state.melds[seat]] == [f"{kind} {card}"]
    assert ids(card)[0] not in state.discards[origin]
    for s in range(PLAYERS):
        if s != seat:
            assert state.melds[s] == []


CASES = {
    # discarder 1: seat 2 wins, seat 0 could pong or kong (6M×3)
    "win beats pong and kong": ({0: "6M×3", 1: "6M", 2: WINS_ON_6M_A}, 1, {0, 2}),
    # discarder 1: seat 2 (first after the discarder) could pong; seat 0 wins
    "win beats an earlier pong": ({0: WINS_ON_6M_B, 1: "6M", 2: "6M 6M"}, 1, {0, 2}),
    # discarder 1: both could win: seat 2 is first after the discarder
    "first winner after the discarder": ({0: WINS_ON_6M_B, 1: "6M", 2: WINS_ON_6M_A}, 1, {0, 2}),
    # discarder 2: both could win: seat 0 is first after the discarder
    "seat order wraps round": ({0: WINS_ON_6M_B, 1: WINS_ON_6M_A, 2: "6M"}, 2, {0, 1}),
    # discarder 0: seat 1 win or pong (6M 6M) and seat 2 win
    "one seat may win or pong": ({0: "6M", 1: WINS_ON_6M_C, 2: WINS_ON_6M_A}, 0, {1, 2}),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_claim_priority_in_every_order(name: str) -> None:
    """NT§3.2; NT-25: win before pong/kong, ties in seat order from the discarder, only one
    winner; a lower claim never takes the card while a higher one is pending, whatever order
    the answers arrive in (itertools.permutations) and whatever each seat answers."""
    hands, discarder, pending = CASES[name]
    position = build(indicators="1S 9M", hands=hands, start="discard", turn=discarder, watch="6M")
    assert run_every_order(position, (discarder, "discard 6M"), pending) >= 4


def test_claim_options_are_win_pong_kong_pass() -> None:
    """NT§3.2: two in hand → pong; three in hand and stock → exposed kong too; never a run."""
    position = build(
        indicators="1S 9M",
        hands={0: "6M×3 5M 7M", 1: "6M", 2: "4M 5M 7M 8M"},
        start="discard",
        turn=1,
        watch="6M",
    )
    state = state_of(position)
    play(state, (1, "discard 6M"))
    assert state.to_act() == (0,)  # seat 2 could only make runs: not asked
    assert state.legal_actions(0) == ["kong 6M", "pong 6M", "pass"]
    assert state.legal_actions(2) == []


def test_pong_then_discard_without_draw_next_seat_continues() -> None:
    """NT§3.2: a pong is followed by a discard with no draw; play goes on after the claimer."""
    position = build(
        indicators="1S 9M",
        hands={0: "6M 6M 1C", 1: "6M"},
        draws="2C",
        start="discard",
        turn=1,
        watch="6M 1C 2C",
    )
    state = state_of(position)
    stock = len(state.stock)
    play(state, (1, "discard 6M"), (0, "pong 6M"))
    assert state.turn == 0 and state.step == "pong" and len(state.stock) == stock
    assert state.observation(0)["drawn"] is None
    assert all(t.startswith("discard") for t in state.legal_actions(0))
    events = play(state, (0, "discard 1C"))  # nobody holds 1C: seat 1 draws next
    assert [e.data["seat"] for e in events if e.kind == "draw"] == [1]
    assert state.turn == 1 and state.observation(1)["drawn"] == "2C"


def test_exposed_kong_claim_draws_from_the_back_then_win_or_discard() -> None:
    """NT§3.2, NT§3.1: three in hand claim an exposed kong, draw a replacement from the back,
    then win or discard (no further kong on the replacement)."""
    position = build(
        indicators="1S 9M",
        hands={0: "6M×3 2C×3", 1: "6M"},
        draws="3C",
        back="2C",
        start="discard",
        turn=1,
        watch="6M",
    )
    state = state_of(position)
    front = state.stock[-1]
    play(state, (1, "discard 6M"), (0, "kong 6M"))
    assert [m.text() for m in state.melds[0]] == ["kong 6M"]
    assert state.observation(0)["drawn"] == "2C" and state.stock[-1] == front
    assert state.step == "replacement"
    assert not any(t.startswith("kong") for t in state.legal_actions(0))  # 2C×4 waits a turn
    assert state.effective(0) == 23


ROB_KONG_HAND = "1M 2M 3M 4S 5S 6S 7C 8C 9C 3C 4C 5C 9S 9S 9S 2S 2S 6C 6C"  # 19, pong 5M
ROBBER_1 = "4M 6M 1S 2S 3S 7S 8S 9S 1C 2C 3C 4C 5C 6C T×3 W×3 R R"
ROBBER_2 = "3M 4M 1S 2S 3S 4S 5S 6S 7C 8C 9C 7M 8M 9M 2C×3 8S×3 1C 1C"


def rob_position(hands: dict[int, str]) -> dict[str, object]:
    return build(
        indicators="1M 9C",
        hands={0: ROB_KONG_HAND, **hands},
        melds={0: ["pong 5M"]},
        draws="5M",
        back="T",
        start="draw",
        turn=0,
        watch="5M",
    )


def test_added_kong_can_be_robbed() -> None:
    """NT§3.1, NT§3.2: an added kong's card may first be robbed to win; a robbed card counts as
    a discarded winning card; the pong stays a pong."""
    state = state_of(rob_position({1: ROBBER_1}))
    assert "kong 5M" in state.legal_actions(0)
    play(state, (0, "kong 5M"))
    assert state.phase == "claim" and state.claim_kind == "rob"
    assert state.to_act() == (1,) and state.legal_actions(1) == ["win", "pass"]
    play(state, (1, "win"))
    result = result_of(state)
    assert result.winner == 1 and result.breakdown["win"]["robbed"]
    assert result.breakdown["win"]["from"] == 0 and not result.breakdown["win"]["self_drawn"]
    assert [m.text() for m in state.melds[0]] == ["pong 5M"]
    assert ("P", "5M") in unit_values(result, 0)


def test_robbing_goes_to_the_first_seat_after_the_kong_maker() -> None:
    """NT§3.1, NT§3.2: if two seats can rob, the first in turn order after the player making
    the kong wins, in either answer order; only one winner."""
    position = rob_position({1: ROBBER_2, 2: ROBBER_1})
    for order in permutations([1, 2]):
        state = state_of(position)
        play(state, (0, "kong 5M"))
        assert set(state.to_act()) == {1, 2}
        for seat in order:
            assert not state.is_over()
            play(state, (seat, "win"))
        assert result_of(state).winner == 1


def test_unrobbed_added_kong_becomes_an_exposed_kong() -> None:
    """NT§3.1; decision NT A-3: nobody robs → exposed kong with a replacement; the pong turned
    kong still breaks Closed Float."""
    state = state_of(rob_position({1: ROBBER_1}))
    play(state, (0, "kong 5M"), (1, "pass"))
    assert [m.text() for m in state.melds[0]] == ["added 5M"]
    assert state.turn == 0 and state.step == "replacement"
    assert state.observation(0)["drawn"] == "T"
    assert state.effective(0) == 23


def test_added_kong_without_robbers_needs_no_answer() -> None:
    """NT§3.1: no seat can win with the card: the kong is made at once."""
    state = state_of(rob_position({}))
    play(state, (0, "kong 5M"))
    assert state.phase == "turn" and [m.text() for m in state.melds[0]] == ["added 5M"]


def test_ready_player_may_only_win_or_pass() -> None:
    """NT§2.6, NT§3.3: a ready player is offered no pong or kong of a discard."""
    ready = "6M 6M 1S 2S 3S 4S 5S 6S 7M 8M 9M T×3 W×3 R×3 8C 9C"  # waits on 7C only
    position = build(
        indicators="1S 9M",
        hands={0: ready, 1: "6M"},
        start="discard",
        turn=1,
        ready=[0],
        watch="6M",
    )
    state = state_of(position)
    play(state, (1, "discard 6M"))
    assert state.legal_actions(0) == []
    position = build(
        indicators="1S 9M",
        hands={0: WINS_ON_6M_C, 1: "6M"},
        start="discard",
        turn=1,
        ready=[0],
        watch="6M",
    )
    state = state_of(position)
    play(state, (1, "discard 6M"))
    assert state.legal_actions(0) == ["win", "pass"]


def test_last_discard_win_and_pong_but_no_kong_then_exhausted() -> None:
    """NT§3.3: after the last card, the discard may be won or ponged but not konged; a pong
    leads to another discard; the first untaken discard ends the deal as exhausted."""
    position = build(
        indicators="1S 9M",
        hands={0: "6M×3", 1: "5C×4"},
        draws="6M",
        start="draw",
        turn=1,
        stock_size=1,
        watch="1C",
    )
    state = state_of(position)
    assert state.stock == [] and "kong 5C" not in state.legal_actions(1)
    play(state, (1, "discard 6M"))
    assert state.legal_actions(0) == ["pong 6M", "pass"]
    play(state, (0, "pong 6M"))
    card = state.legal_actions(0)[0].split()[1]
    play(state, (0, f"discard {card}"))
    while not state.is_over():
        play(state, *((s, "pass") for s in state.to_act()))
    result = result_of(state)
    assert result.winner is None and result.breakdown["reason"] == "exhausted"
    assert player(result, 1)["base"] == 12  # four 5C in hand, never konged


def test_no_penalty_for_passing() -> None:
    """NT§3.3: passing a win or a pong never stops a later claim of the same kind."""
    position = build(
        indicators="1S 9M",
        hands={0: WINS_ON_6M_C, 1: "6M", 2: "7S"},
        draws="2S 6M",
        start="discard",
        turn=1,
        watch="6M 2S 7S",
    )
    state = state_of(position)
    play(state, (1, "discard 6M"), (0, "pass"))
    assert state.turn == 2 and state.observation(2)["drawn"] == "2S"
    play(state, (2, "discard 2S"))  # nobody can claim 2S
    assert state.turn == 0 and state.observation(0)["drawn"] == "6M"
    assert "win" in state.legal_actions(0)
