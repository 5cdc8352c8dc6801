"""Claim priority (PHZ-seed 3.9: compulsory ti or wei → win → pao or peng → chi; PHZ-5, PHZ-6,
decisions A-PHZ-12, A-PHZ-13): every order in which the answers can arrive, every choice; nothing
is awarded before the last answer; answers stay hidden; chi comes with its full bi (PHZ-8)."""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import permutations, product

import pytest

from cardavia.ai.games.paohuzi import GreedyPaohuzi
from cardavia.ai.protocol import Agent, RandomAgent
from cardavia.games.paohuzi.actions import chi_groups
from cardavia.games.paohuzi.cards import parse_card
from cardavia.games.paohuzi.groups import chi_kind
from cardavia.games.paohuzi.state import PaohuziState
from cardavia.rules.conservation import check_conservation
from tests.games.paohuzi.helpers import GAME, build, discards_of, groups_of, ids

RANKS = {"win": 1, "pao": 2, "peng": 2, "chi": 3}


def spec_turn(seat: int, text: str, origin: int, from_stock: bool) -> tuple[int, int]:
    """Where a claim comes in the spec's asking order: by rank, ties in turn order from the
    revealer (A-PHZ-12, A-PHZ-13), or from the discarder's next player."""
    first = origin if from_stock else (origin + 1) % 3
    return RANKS[text.split()[0]], (seat - first) % 3


def spec_award(answers: dict[int, str], origin: int, from_stock: bool) -> tuple[int, str] | None:
    """The spec's winner: the first claim in the asking order."""
    claims = [
        (spec_turn(s, t, origin, from_stock), s, t) for s, t in answers.items() if t != "pass"
    ]
    if not claims:
        return None
    _, seat, text = min(claims)
    return seat, text


def choices(legal: list[str]) -> list[str]:
    """Every distinct kind of answer (all of them but only the first and last chi)."""
    chi = [t for t in legal if t.startswith("chi")]
    return [t for t in legal if not t.startswith("chi")] + sorted({*chi[:1], *chi[-1:]})


def run_every_order(make: Callable[[], PaohuziState]) -> int:
    """Answer the open window in every order with every choice; check the award each time."""
    base = make()
    pending = base.to_act()
    assert base.phase == "claims" and base.window_kind == "claim" and pending
    options = {s: choices(base.legal_actions(s)) for s in pending}
    played = 0
    for order in permutations(pending):
        for picks in product(*(options[s] for s in order)):
            check_answers(make(), order, picks)
            played += 1
    return played


def check_answers(state: PaohuziState, order: tuple[int, ...], picks: tuple[str, ...]) -> None:
    card, origin, from_stock = state.card, state.origin, state.from_stock
    assert card is not None and origin is not None
    before = [h.copy() for h in state.seats]
    offered = {s: state.legal_actions(s) for s in order}
    for i, (seat, text) in enumerate(zip(order, picks, strict=True)):
        others = {t: state.observation(t) for t in range(3) if t != seat}
        events = state.apply(seat, text)
        if i == len(order) - 1:
            break
        # nothing is awarded before every answer is in, and the answer stays hidden
        assert set(state.to_act()) == set(order[i + 1 :])
        assert state.seats == before and not state.is_over()
        assert all(state.observation(t) == o for t, o in others.items())
        assert all(e.seat == seat for e in events)
    check_conservation(state)
    answers = dict(zip(order, picks, strict=True))
    expected = spec_award(answers, origin, from_stock)
    # PHZ-12, A-PHZ-6: a declined offer makes the card stale, if the player's turn to be asked
    # came before the claim that took the card (a card taken first was never offered)
    taken = (9, 0) if expected is None else spec_turn(*expected, origin, from_stock)
    for s, text in answers.items():
        h = state.seats[s]
        asked = [
            t for t in offered[s] if t != "pass" and spec_turn(s, t, origin, from_stock) < taken
        ]
        if text != "pass":
            asked = []
        assert (card in h.chi_stale) == (
            card in before[s].chi_stale or any(t.startswith("chi") for t in asked)
        )
        assert (card in h.peng_stale) == (
            card in before[s].peng_stale or any(t.startswith("peng") for t in asked)
        )
    public = [e for e in events if e.seat is None]
    first = public[0] if public else None
    if expected is None:
        # nobody takes it: a revealed card goes to A's area; then the next player reveals
        if from_stock:
            assert first is not None and (first.kind, first.data["seat"]) == ("unclaimed", origin)
            assert state.seats[origin].discards[len(before[origin].discards)] == card
        else:
            assert first is not None and first.kind in ("reveal", "drawn")
            assert (
                state.seats[origin].discards[
                    -1 if first.kind == "drawn" else len(before[origin].discards) - 1
                ]
                == card
            )
        return
    seat, text = expected
    verb = text.split()[0]
    assert first is not None and first.kind == verb and first.data["seat"] == seat, (answers, first)
    if verb == "win":
        result = state.result()
        assert result is not None and result.winner == seat
        return
    mine = groups_of(state, seat)
    if verb == "chi":
        chi, bis = chi_groups(text.split()[1:])
        assert [g[:2] for g in mine[len(before[seat].groups) :]][: 1 + len(bis)] == [
            (k, " ".join(_codes(g))) for k, g in [("chi", chi), *(("bi", b) for b in bis)]
        ]
    else:
        c = text.split()[1]
        assert (verb, " ".join([c] * (4 if verb == "pao" else 3))) in [g[:2] for g in mine]
    if state.phase == "discard":  # nothing else moved
        assert all(
            (state.seats[s].groups, state.seats[s].hand, state.seats[s].kans)
            == (before[s].groups, before[s].hand, before[s].kans)
            for s in range(3)
            if s != seat
        )
    if not from_stock:
        assert len(state.seats[origin].discards) == len(before[origin].discards) - 1


def _codes(cards: list[int]) -> list[str]:
    from cardavia.games.paohuzi.cards import codes

    return codes(cards)


# --- constructed windows -----------------------------------------------------------------------

E15_SEAT2 = "s1 s3 s4 s5 s6 L4 L5 L6 L7 L8 L9"
E15_SEAT2_EXPOSED = ["chi L1 L2 L3", "peng L10 L10 L10", "wei s9 s9 s9"]
# Seat 0 wins on another player's s2 with its pair (s2 s2 s2 scores as a peng, A-PHZ-9): 16.
SEAT0_PAIR_WIN = "s2 s2 s5 s6 s7 s8 s9 s10 L4 L5 L6"
SEAT0_PAIR_WIN_EXPOSED = ["chi L1 L2 L3", "chi L2 L7 L10", "peng L8 L8 L8"]

SCENARIOS: dict[str, Callable[[], PaohuziState]] = {
    # A = 1 reveals s2: win (seat 2), peng (seat 0), chi (seat 1 = A and seat 2 = A+1)
    "win > peng > chi": lambda: build(
        hands={1: "s3 s4", 2: E15_SEAT2, 0: "s2 s2"},
        exposed={2: E15_SEAT2_EXPOSED},
        stock="s2",
        turn=(1, "reveal"),
    ).state(),
    # the same with a kan: win (seat 2) beats pao (seat 0), as in PHZ-E15
    "win > pao > chi": lambda: build(
        hands={1: "s3 s4", 2: E15_SEAT2, 0: "s2 s2 s2"},
        exposed={2: E15_SEAT2_EXPOSED},
        stock="s2",
        turn=(1, "reveal"),
    ).state(),
    # two winners: A = 1; seat 2 (A+1) before seat 0 (A+2), who may also peng
    "two wins from A=1": lambda: build(
        hands={1: "s3 s4", 2: E15_SEAT2, 0: SEAT0_PAIR_WIN},
        exposed={2: E15_SEAT2_EXPOSED, 0: SEAT0_PAIR_WIN_EXPOSED},
        stock="s2",
        turn=(1, "reveal"),
    ).state(),
    # two winners: A = 2 reveals; the revealer (seat 2) before seat 0 (A+1)
    "two wins from A=2": lambda: build(
        hands={2: E15_SEAT2, 0: SEAT0_PAIR_WIN},
        exposed={2: E15_SEAT2_EXPOSED, 0: SEAT0_PAIR_WIN_EXPOSED},
        stock="s2",
        turn=(2, "reveal"),
    ).state(),
    # a discard: peng (seat 0) beats the next player's chi (seat 2), PHZ-E16
    "discard: peng > chi": lambda: _discarded(
        build(hands={1: "L4", 0: "L4 L4", 2: "L3 L5"}, turn=(1, "discard"), watch="L4"), 1, "L4"
    ),
    # chi against chi on a reveal: the revealer first (PHZ-E17)
    "chi: A before A+1": lambda: build(
        hands={0: "s7 s8", 1: "s8 s10", 2: "s10 L9 L9"}, stock="s9"
    ).state(),
}


def _discarded(built: object, seat: int, card: str) -> PaohuziState:
    state = built.state()  # type: ignore[attr-defined]
    state.apply(seat, f"discard {card}")
    assert isinstance(state, PaohuziState)
    return state


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_priority_in_every_answer_order(name: str) -> None:
    """PHZ-5 steps 2-4, PHZ-6; PHZ-seed 3.9; decisions A-PHZ-12, A-PHZ-13; worked examples
    PHZ-E15, PHZ-E16, PHZ-E17: the award follows the ranks and the seat order, whatever the
    order of the answers; a lower claim never takes the card while a higher one is pending."""
    played = run_every_order(SCENARIOS[name])
    assert played >= 4


def test_scenarios_offer_what_the_spec_says() -> None:
    """PHZ-5, PHZ-6, PHZ-11; decision A-PHZ-9: the options in the constructed windows."""
    state = SCENARIOS["two wins from A=1"]()
    assert state.to_act() == (1, 2, 0)  # in turn order from the revealer (A-PHZ-12)
    assert state.legal_actions(0) == ["win", "peng s2", "pass"]
    assert state.legal_actions(2)[0] == "win" and "chi s1 s2 s3" in state.legal_actions(2)
    assert state.legal_actions(1) == ["chi s2 s3 s4", "pass"]
    for seat in (0, 1):
        state.apply(seat, "win" if seat == 0 else "pass")
    state.apply(2, "win")
    result = state.result()
    assert result is not None and result.winner == 2
    state = SCENARIOS["two wins from A=2"]()
    state.apply(0, "win")
    state.apply(2, "win")
    result = state.result()
    assert result is not None and result.winner == 2
    state = SCENARIOS["two wins from A=2"]()
    state.apply(2, "pass")
    state.apply(0, "win")
    result = state.result()
    assert result is not None and result.winner == 0 and result.breakdown["huxi"] == 16
    assert ["s2", "s2", "s2"] in [g["cards"] for g in result.breakdown["groups"]]


def test_compulsory_ti_comes_before_every_claim() -> None:
    """PHZ-5 step 1; PHZ-seed 3.2, 3.9: seat 0 reveals s2 holding a kan of it: the ti is made
    at once; seat 2 (who would win with s2, PHZ-E15) and seat 1 (chi) are never asked."""
    state = build(
        hands={0: "s2 s2 s2", 1: "s1 s3", 2: E15_SEAT2}, exposed={2: E15_SEAT2_EXPOSED}, stock="s2"
    ).state()
    assert ("ti", "s2 s2 s2 s2", 9) in groups_of(state, 0)
    assert state.legal_actions(1) == [] and state.legal_actions(2) == []
    assert state.to_act() == (0,) and state.phase == "discard"
    assert discards_of(state, 0) == [] or "s2" not in discards_of(state, 0)


# --- windows from played deals --------------------------------------------------------------------


def test_priority_on_windows_from_played_deals() -> None:
    """PHZ-5, PHZ-6, PHZ-8; PHZ-seed 3.6, 3.9: every window with two or more seats met in 60
    deals (greedy against random) is answered in every order; every chi offered uses up the
    claimed card's copies in the claimant's concealed hand (bi) in one action."""
    windows = 0
    for seed in range(60):
        state = GAME.new_deal(seed)
        agents: list[Agent] = [
            GreedyPaohuzi(random.Random(seed)),
            RandomAgent(random.Random(seed + 1)),
            GreedyPaohuzi(random.Random(seed + 2)),
        ]
        while not state.is_over():
            if state.window is not None and state.window_kind == "claim":
                check_chi_has_full_bi(state)
                if len(state.to_act()) >= 2 and not state.window.answers and windows < 40:
                    snapshot = state.clone()
                    run_every_order(snapshot.clone)
                    windows += 1
            seat = state.to_act()[0]
            state.apply(seat, agents[seat].act(state.observation(seat), state.legal_actions(seat)))
    assert windows >= 20


def check_chi_has_full_bi(state: PaohuziState) -> None:
    assert state.card is not None
    for seat in state.to_act():
        for text in state.legal_actions(seat):
            if not text.startswith("chi"):
                continue
            chi, bis = chi_groups(text.split()[1:])
            hand = list(state.seats[seat].hand)
            from_hand = list(chi)
            from_hand.remove(state.card)
            for c in from_hand + [c for b in bis for c in b]:
                hand[c] -= 1
                assert hand[c] >= 0
            assert hand[state.card] == 0, text  # PHZ-8: every copy used up
            assert all(chi_kind(g) is not None and state.card in g for g in [chi, *bis])
            assert parse_card(text.split()[1]) in ids(" ".join(_codes(chi)))
