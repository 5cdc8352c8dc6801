"""Claim windows (SSP-8, SSP-9): priority over every answer order and every claim/pass choice,
nothing awarded before the last answer, answers hidden from the other seats; and the errors a
wrong answer raises (SSP-seed 5.1-5.5, A-SSP-5)."""

from __future__ import annotations

from collections.abc import Callable
from itertools import permutations, product

import pytest

from cardavia.games.sisepai.cards import is_general
from cardavia.games.sisepai.state import SiSePaiState
from cardavia.rules.conservation import check_conservation
from cardavia.rules.core import Event
from cardavia.rules.errors import IllegalActionError, InvalidActionError, RulesError
from tests.games.common import result_of
from tests.games.sisepai.helpers import (
    PLAYERS,
    Built,
    build_position,
    discards_of,
    draw_seat,
    exposed_of,
    hand_of,
    ids,
    pass_window,
    snapshot,
)

# 20-card hands that are complete with gH (three ways to use it: field, pair, field)
WIN_GH_FIELD_A = "gC gN rA rA rA rE rE rE rC rC rC yA yA yA yE yE yE F1 F2 rK"
WIN_GH_PAIR = "gH wA wA wA wE wE wE wC wC wC yC yC yC yN yN yN F3 F4 yK wK"
WIN_GH_FIELD_C = "gC gN rN rN rN rH rH rH wN wN wN wH wH wH yH yH yH F5 gK rK"
# seat 0 wins on rH with a field group; seat 3 wins on rH with a pair
WIN_RH_FIELD = "rC rN F1 F2 gK gA gE yC yH yN wA wA wA yS wS gS yE yE yE yE"
WIN_RH_PAIR = "rH F3 F4 rK wK gC gC gC yA yA yA wE wE wE rE rE rE rE gS gS"


def spec_rank(seat: int, action: str, origin: int, drawn: bool) -> int:
    """The SSP-9 rank of a claim, from the spec alone (1 is highest)."""
    if action == "win":
        return 1 if drawn and seat == origin else 2
    cards = action.split()[1:]
    if len(cards) in (3, 4) and len(set(cards)) == 1 and not is_general(ids(cards[0])[0]):
        return 3
    if drawn and seat == origin:
        return 4
    assert seat == (origin + 1) % PLAYERS, "only the next player claims a mixed group"
    return 5


def spec_award(answers: dict[int, str], origin: int, drawn: bool) -> tuple[int, str] | None:
    """SSP-9: the highest-ranked claim; ties in turn order from the seat after `origin`."""
    order = [(origin + i) % PLAYERS for i in range(1, PLAYERS + 1)]
    claims = [
        (spec_rank(seat, text, origin, drawn), order.index(seat), seat, text)
        for seat, text in answers.items()
        if text != "pass"
    ]
    if not claims:
        return None
    _, _, seat, text = min(claims)
    return seat, text


def run_every_order(make: Callable[[], SiSePaiState], expect_seats: set[int]) -> int:
    """Answer the open window in every order with every choice; check SSP-9 each time.

    Returns how many (order, choices) combinations were played.
    """
    base = make()
    pending = base.to_act()
    assert set(pending) == expect_seats
    obs = base.observation(0)
    origin, drawn, card = obs["offered_by"], obs["round"] == "draw", obs["public_card"]
    assert origin is not None and card is not None
    options = {s: base.legal_actions(s) for s in pending}
    played = 0
    for order in permutations(pending):
        for picks in product(*(options[s] for s in order)):
            state = make()
            _answer_and_check(state, order, picks, origin, drawn, card)
            played += 1
    return played


def _answer_and_check(
    state: SiSePaiState,
    order: tuple[int, ...],
    picks: tuple[str, ...],
    origin: int,
    drawn: bool,
    card: str,
) -> None:
    hands = [hand_of(state, s) for s in range(PLAYERS)]
    exposed = [exposed_of(state, s) for s in range(PLAYERS)]
    piles = [discards_of(state, s) for s in range(PLAYERS)]
    events: list[Event] = []
    for i, (seat, text) in enumerate(zip(order, picks, strict=True)):
        others = {t: state.observation(t) for t in range(PLAYERS) if t != seat}
        events = state.apply(seat, text)
        if i == len(order) - 1:
            break
        # SSP-9: nothing is awarded before every answer is in …
        assert set(state.to_act()) == set(order[i + 1 :])
        assert not state.is_over() and state.result() is None
        assert state.observation(seat)["public_card"] == card
        assert [hand_of(state, s) for s in range(PLAYERS)] == hands
        assert [exposed_of(state, s) for s in range(PLAYERS)] == exposed
        assert [discards_of(state, s) for s in range(PLAYERS)] == piles
        # … and the answer stays hidden: no other seat's view changes, no public event
        for t, before in others.items():
            assert state.observation(t) == before, (seat, text, t)
        assert all(e.seat == seat for e in events)
        assert state.observation(seat)["my_answer"] == text
    answers = dict(zip(order, picks, strict=True))
    expected = spec_award(answers, origin, drawn)
    check_conservation(state)
    if expected is None:
        # every eligible seat passed: R1 -> the drawer's discard (R2); a discard -> next draws
        if drawn:
            assert discards_of(state, origin)[-1] == card
            if draw_seat(events) is None:  # R2 is open on the same card, without the drawer
                obs = state.observation(0)
                assert (obs["round"], obs["public_card"], obs["offered_by"]) == (
                    "discard",
                    card,
                    origin,
                )
                assert origin not in state.to_act()
            else:
                assert draw_seat(events) == (origin + 1) % PLAYERS
        else:
            assert draw_seat(events) == (origin + 1) % PLAYERS
        assert [hand_of(state, s) for s in range(PLAYERS)] == hands
        assert [exposed_of(state, s) for s in range(PLAYERS)] == exposed
        return
    seat, text = expected
    if text == "win":
        result = state.result()
        assert state.is_over() and result is not None
        assert result.winner == seat, (answers, result)
        assert result.breakdown["winning_card"] == card
        return
    # a non-winning claim: only the top claimant's cards move (lower claims never take it)
    assert not state.is_over()
    assert state.to_act() == (seat,), answers
    group = text.split()[1:]
    assert exposed_of(state, seat) == [*exposed[seat], group]
    expect_hand = list(hands[seat])
    used = list(group)
    used.remove(card)
    for c in used:
        expect_hand.remove(c)
    assert hand_of(state, seat) == expect_hand
    for s in range(PLAYERS):
        if s != seat:
            assert hand_of(state, s) == hands[s]
            assert exposed_of(state, s) == exposed[s]


# --- the positions ------------------------------------------------------------------------------


def all_ranks() -> Built:
    """SSP-9 ranks 1, 2, 3 and 5 at once: seat 0 draws rH; seat 0 may win (1); seat 3 may win
    (2); seat 2 holds rH rH (3); seat 1, the next player, holds rC rN (5). Seat 0's field group
    rC rH rN (4) would leave every card grouped, so it is the win (SSP-seed 4.2); rank 4 beside
    the others is SSP-E09's."""
    return build_position(
        hands={0: WIN_RH_FIELD, 1: "rC rN", 2: "rH rH", 3: WIN_RH_PAIR}, draws="rH", first=0
    )


def three_wins_r1() -> Built:
    """SSP-9 rank 2 tie: seat 1 draws gH; seats 2, 3 and 0 can all win (seat 2 also has the next
    player's field group)."""
    return build_position(
        hands={2: WIN_GH_FIELD_A, 3: WIN_GH_PAIR, 0: WIN_GH_FIELD_C}, draws="gH", first=1
    )


def three_wins_discard() -> Built:
    """SSP-9 rank 2 tie on a discard from hand: seat 3 draws gK (kept, A-SSP-5) and discards gH;
    seats 0, 1 and 2 can all win; the order runs from the discarder: 0, 1, 2."""
    return build_position(
        hands={3: "gH", 0: WIN_GH_FIELD_A, 1: WIN_GH_PAIR, 2: WIN_GH_FIELD_C},
        draws="gK",
        watch="gH",
        first=3,
    )


def _after(built: Built, *actions: tuple[int, str]) -> Callable[[], SiSePaiState]:
    def make() -> SiSePaiState:
        state = built.state()
        for seat, text in actions:
            state.apply(seat, text)
        return state

    return make


def _r2_of_all_ranks() -> SiSePaiState:
    state = all_ranks().state()
    pass_window(state)
    return state


SCENARIOS: dict[str, tuple[Callable[[], SiSePaiState], set[int]]] = {
    # name: (state maker, seats asked)
    "R1 ranks 1, 2, 3, 5, drawer 0": (lambda: all_ranks().state(), {0, 1, 2, 3}),
    "R2 after all pass: ranks 2, 3, 5, drawer excluded": (_r2_of_all_ranks, {1, 2, 3}),
    "R1 rank-2 tie from drawer 1": (lambda: three_wins_r1().state(), {2, 3, 0}),
    "discard rank-2 tie from discarder 3": (
        _after(three_wins_discard(), (3, "claim gK"), (3, "discard gH")),
        {0, 1, 2},
    ),
    "E09 ranks 3, 4, 5": (
        lambda: build_position(hands={0: "rC rN", 1: "rC rN", 2: "rH rH"}, draws="rH").state(),
        {0, 1, 2},
    ),
    "E10 ranks 4, 5": (
        lambda: build_position(hands={0: "rS wS", 1: "gS wS"}, draws="yS").state(),
        {0, 1},
    ),
    "E13 ranks 3, 5 on a discard": (
        _after(
            build_position(
                hands={2: "rS", 3: "yS wS", 0: "rS rS"}, draws="wK", watch="rS", first=2
            ),
            (2, "claim wK"),
            (2, "discard rS"),
        ),
        {0, 3},
    ),
    "drawn General: kept (4) unless a win (2)": (
        lambda: build_position(
            hands={
                2: "yK",
                3: "yA yE",
                0: "yK yA yE wA wA wA wE wE wE wC wC wC gC gC gC gN gN gN F1 F2",
            },
            draws="yK",
            first=2,
        ).state(),
        {0, 2},
    ),
}


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_priority_in_every_answer_order(name: str) -> None:
    """SSP-9 ranks 1-5 and tie-breaks in turn order from the seat after the drawer/discarder;
    SSP-seed 5.1 (answer order gives no priority), 5.2, 5.3; answers hidden until resolved."""
    make, seats = SCENARIOS[name]
    played = run_every_order(make, seats)
    assert played >= 2 * len(seats)


def test_all_ranks_position_offers_its_four_ranks() -> None:
    """SSP-8, SSP-9 ranks 1-5: the options of the all-ranks position, as the spec assigns them;
    SSP-seed 4.2: seat 0's field group completes its hand, so it is offered as the win only."""
    state = all_ranks().state()
    assert state.legal_actions(0) == ["win", "pass"]
    assert state.legal_actions(1) == ["claim rC rH rN", "pass"]
    assert state.legal_actions(2) == ["claim rH rH rH", "pass"]
    assert state.legal_actions(3) == ["win", "pass"]
    ranks = {
        spec_rank(s, a, 0, True) for s in range(4) for a in state.legal_actions(s) if a != "pass"
    }
    assert ranks == {1, 2, 3, 5}


def test_drawn_general_position() -> None:
    """A-SSP-5, SSP-8, SSP-9: seat 2 must keep the drawn yK; seat 3 (next), holding yA yE, is not
    asked, since its command-group claim (rank 5) could never beat the drawer's keep (rank 4);
    seat 0 may win (rank 2), and the win takes the card from the drawer."""
    make, _ = SCENARIOS["drawn General: kept (4) unless a win (2)"]
    state = make()
    assert state.legal_actions(2) == ["claim yK"]
    assert state.legal_actions(3) == []
    assert state.legal_actions(0) == ["win", "pass"]
    state.apply(0, "win")
    state.apply(2, "claim yK")
    assert result_of(state).winner == 0


def test_r1_tie_winner_is_first_after_drawer() -> None:
    """SSP-9 rank 2 tie-break; worked example SSP-E08: with drawer 1, seat 2 beats 3 beats 0."""
    for winners, expect in (({2, 3, 0}, 2), ({3, 0}, 3), ({0, 3}, 3), ({0}, 0)):
        state = three_wins_r1().state()
        for seat in (0, 3, 2):
            state.apply(seat, "win" if seat in winners else "pass")
        assert result_of(state).winner == expect


# --- errors -------------------------------------------------------------------------------------


def e12_state() -> SiSePaiState:
    """SSP-E12: seat 0 draws gN; only seat 1 (gC gH) may claim; seat 3 also holds gC gH."""
    return build_position(hands={1: "gC gH", 3: "gC gH"}, draws="gN", first=0).state()


@pytest.mark.parametrize(
    ("seat", "action", "error", "words"),
    [
        (1, "take gN", InvalidActionError, "unknown verb 'take'"),
        (1, "", InvalidActionError, "empty"),
        (1, "claim gC gH gX", InvalidActionError, "'gX'"),
        (1, "claim gC gH F9", InvalidActionError, "'F9'"),
        (1, "discard", InvalidActionError, "discard"),
        (1, "win gN", InvalidActionError, "'win' takes no cards"),
        (1, "claim", InvalidActionError, "needs the cards"),
        (3, "claim gC gH gN", IllegalActionError, "seat 3"),
        (0, "claim gC gH gN", IllegalActionError, "seat 0"),
        (2, "pass", IllegalActionError, "seat 2"),
        (1, "claim gC gH", IllegalActionError, "public card gN"),
        (1, "claim gC gN wH", IllegalActionError, "not a legal group"),
        (1, "claim gN gN gN", IllegalActionError, "may not claim gN gN gN"),
        (1, "win", IllegalActionError, "not complete"),
        (1, "discard gC", IllegalActionError, "under claim"),
    ],
)
def test_bad_answers_raise_and_change_nothing(
    seat: int, action: str, error: type[RulesError], words: str
) -> None:
    """SSP-8 (who may claim what), SSP-4, SSP-6; worked example SSP-E12: a wrong answer raises an
    error naming the problem, and the state is unchanged."""
    state = e12_state()
    before = snapshot(state)
    with pytest.raises(error) as info:
        state.apply(seat, action)
    assert words in str(info.value)
    assert snapshot(state) == before
    state.apply(1, "claim gC gH gN")  # the state still works
    assert exposed_of(state, 1) == [["gC", "gH", "gN"]]


def test_answering_twice_is_illegal() -> None:
    """SSP-9: one answer per eligible seat; a second answer is rejected, the first stands."""
    state = all_ranks().state()
    state.apply(2, "claim rH rH rH")
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match="seat 2"):
        state.apply(2, "pass")
    assert snapshot(state) == before
    for seat in (3, 0, 1):
        state.apply(seat, "pass")
    assert exposed_of(state, 2) == [["rH", "rH", "rH"]]


def test_pass_on_a_drawn_general_is_illegal() -> None:
    """A-SSP-5, SSP-8: the drawer may not pass a drawn General (or flower); the error says why."""
    for public in ("wK", "F4"):
        state = build_position(draws=public, first=1).state()
        assert state.to_act() == (1,)
        assert state.legal_actions(1) == [f"claim {public}"]
        before = snapshot(state)
        with pytest.raises(IllegalActionError, match="A-SSP-5"):
            state.apply(1, "pass")
        assert snapshot(state) == before
        state.apply(1, f"claim {public}")
        assert exposed_of(state, 1) == [[public]]
        assert state.to_act() == (1,)


def test_claim_in_the_discard_phase_is_illegal() -> None:
    """SSP-10: after a claim the claimant must discard; claim/pass answers are rejected."""
    state = e12_state()
    state.apply(1, "claim gC gH gN")
    before = snapshot(state)
    for text in ("pass", "win", "claim gC gH gN"):
        with pytest.raises(IllegalActionError, match="discard"):
            state.apply(1, text)
        assert snapshot(state) == before
    with pytest.raises(IllegalActionError, match="no decision"):
        state.apply(2, "discard rA")
    assert snapshot(state) == before
