"""The review's decision logic (architecture.md §8, ai.md "Review"), on fixed seeds and with
searches bounded by sample counts, not the clock, so that every verdict is reproducible: planted
blunders are flagged, the hard level's own moves are not, and a review job's points carry
worlds sampled from the seat's view, never the true deal."""

from __future__ import annotations

import random
from typing import Any, cast

import pytest

from cardavia.ai import games
from cardavia.ai.levels import level_agent
from cardavia.ai.play import decide
from cardavia.ai.protocol import Agent
from cardavia.ai.review import (
    WORLDS,
    Point,
    Verdict,
    _checks,
    judge,
    margin_of,
    mean_loss,
    points_of,
    review,
    shares_said,
    worlds_of,
)
from cardavia.ai.review_quality import Quality, blunder_deal, plant, planted_at, second_opinion
from cardavia.ai.search import SearchAgent, SearchSettings
from cardavia.games.registry import GAMES
from cardavia.rules.core import State
from cardavia.rules.types import ObservationBase

# The hard level's sample count without its clock (levels.py): reproducible on a busy machine.
HARD = SearchSettings(samples=96, budget_s=None)
QUICK = SearchSettings(samples=24, budget_s=None)


def _planted(game: str, kind: str, seeds: range) -> tuple[State, Point]:
    """The first planted blunder of `kind` (review_quality.plant) in deals of the efficient
    policy, from seat 0's view: the true state then, and the point a review job would carry."""
    for seed in seeds:
        state = GAMES[game].new_deal(seed)
        agents = [games.efficient(game, random.Random(seed + s)) for s in range(4)]
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            if seat == 0 and (found := plant(game, state, 0)) is not None and found[0] == kind:
                point = Point(
                    len(state.actions),
                    state.observation(0),
                    legal,
                    found[1],
                    state.sample_world(0, random.Random(seed)),
                )
                return state, point
            state.apply(seat, agents[seat].act(state.observation(seat), legal))
    raise AssertionError(f"no {kind} blunder in {game} deals {seeds}")


def test_passing_a_win_is_flagged_with_the_win_as_better() -> None:
    """PHZ-11: a win passed up in Paohuzi costs the deal's payment in tun."""
    _, point = _planted("paohuzi", "pass_win", range(40))
    assert point.played != "win"
    verdict = judge("paohuzi", point, 0, random.Random(1), QUICK)
    assert verdict.hard == "win"
    assert verdict.mistake
    assert verdict.interval[0] > 0 and verdict.loss >= margin_of("paohuzi")
    keys = [w["key"] for w in verdict.why]
    assert keys[:2] == ["review_phz_loss", "review_shares"]
    # the measurement's own estimate of its cost agrees, on worlds of its own; the same move
    # against itself costs exactly nothing (paired worlds)
    assert mean_loss("paohuzi", point, 0, "win", random.Random(7), 64) >= margin_of("paohuzi")
    assert mean_loss("paohuzi", point, 0, point.played, random.Random(7), 16) == 0.0


def test_win_shares_are_said_only_where_they_bear_the_verdict_out() -> None:
    """The verdict is by the game's score (CP§4.2: cards kept): a better lead may win a little
    less often, and its win shares would then argue against the "Mistake" they stand under."""
    said = shares_said(Verdict(0, "play 1-1", "play 2-2", shares=(0.62, 0.45)))
    assert [(w["key"], w["params"]) for w in said] == [
        ("review_shares", {"better": 62, "played": 45})
    ]
    assert shares_said(Verdict(0, "play 1-1", "play 2-2", shares=(0.42, 0.45))) == []
    assert len(shares_said(Verdict(0, "pass", "win", shares=(0.5, 0.5)))) == 1


def test_nantongs_spread_scores_are_judged_on_more_worlds() -> None:
    """A Nantong deal settles in hu spread over tens (NT§4.11): its disagreements may take four
    times the worlds of the other games', looked at as they double, the last look at the end."""
    assert worlds_of("nantong") == 4 * WORLDS
    assert {worlds_of(g) for g in GAMES if g != "nantong"} == {WORLDS}
    assert _checks(WORLDS) == {16, 32, 64, 128}
    assert _checks(worlds_of("nantong")) == {16, 32, 64, 128, 256, 512}
    # the worlds asked for bound a verdict's (a Nantong discard, judged on at most 48)
    state = GAMES["nantong"].new_deal(3)
    while 0 not in state.to_act() or len(set(state.legal_actions(0))) < 2:
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    legal = state.legal_actions(0)
    point = Point(
        len(state.actions),
        state.observation(0),
        legal,
        legal[-1],
        state.sample_world(0, random.Random(3)),
    )
    verdict = judge("nantong", point, 0, random.Random(4), QUICK, worlds=48)
    assert verdict.played == legal[-1] and verdict.worlds <= 48


def test_breaking_a_complete_group_is_flagged() -> None:
    """SSP-9: a discard that breaks a hand one card from a win (into one farther away)."""
    _, point = _planted("sisepai", "break_group", range(40))
    verdict = judge("sisepai", point, 0, random.Random(2), QUICK)
    assert verdict.mistake and verdict.hard != point.played
    assert verdict.loss >= margin_of("sisepai")


def test_a_lead_throwing_away_sure_winners_is_flagged() -> None:
    """CP§3.1, CP§3.2, CP§4.1: leading part of a set nobody could beat whole, where it is
    likely beaten, hands cards to another seat; the reason counts the cards at risk."""
    _, point = _planted("chuopai", "own", range(40))
    verdict = judge("chuopai", point, 0, random.Random(3), QUICK)
    assert verdict.mistake
    assert verdict.loss >= margin_of("chuopai")
    keys = [w["key"] for w in verdict.why]
    assert "review_cp_loss" in keys and "review_cp_risk" in keys, keys  # the cards it risked


def test_the_hard_levels_own_moves_are_not_flagged() -> None:
    """The hard level's choice (with its own random generator), judged by a review with another:
    where the two searches differ, the paired worlds find no loss worth the margin."""
    for game in ("sisepai", "chuopai"):
        state = GAMES[game].new_deal(5)
        # the hard level in seat 0, the greedy baseline elsewhere (quicker)
        agents: list[Agent] = [SearchAgent(game, random.Random(0), HARD)]
        agents += [games.greedy(game, random.Random(s)) for s in range(1, 4)]
        judged = 0
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            action = decide(state, seat, agents[seat])
            if seat == 0 and len(set(legal)) > 1:
                point = Point(
                    len(state.actions),
                    state.observation(0),
                    legal,
                    action,
                    state.sample_world(0, random.Random(judged)),
                )
                verdict = judge(game, point, 0, random.Random(100 + judged), HARD)
                assert not verdict.mistake, (game, point.step, action, verdict)
                judged += 1
            state.apply(seat, action)
        assert judged >= 3, game


def test_a_review_counts_agreement_and_names_only_the_seats_moves() -> None:
    """The answer of architecture.md §8 from a whole deal's points: decisions, agreement with
    the hard level, each move one the seat could play then."""
    game = GAMES["sisepai"]
    agents = [level_agent("greedy", "sisepai", random.Random(s)) for s in range(4)]
    state = game.new_deal(9)
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, decide(state, seat, agents[seat]))
    points = points_of(game.new_deal(9), state.actions, 0, random.Random(4))
    found = review("sisepai", points, 0, 7, QUICK, budget_s=None)
    assert found["seat"] == 0 and found["decisions"] == len(points) > 0
    assert found["agreed"] == sum(m["played"] == m["hard"] for m in found["moves"])
    legal = {p.step: p.legal for p in points}
    for move in found["moves"]:
        assert move["played"] == state.actions[move["step"]][1]
        assert move["hard"] in legal[move["step"]]
    for mistake in found["mistakes"]:
        assert mistake["better"] in legal[mistake["step"]]


def test_points_carry_sampled_worlds_never_the_true_deal() -> None:
    """What a review job holds (architecture.md §7, §8): per decision, a world that agrees with
    the true deal on all the seat sees, and in which another seat's concealed hand is the true
    one no more often than chance allows."""
    same = pairs = 0
    for name in sorted(GAMES):
        game = GAMES[name]
        for seed in range(4):
            agents = [games.greedy(name, random.Random(s)) for s in range(game.players)]
            truth = game.new_deal(seed)
            moments: dict[int, State] = {}
            while not truth.is_over():
                seat = truth.to_act()[0]
                if seat == 0:
                    moments[len(truth.actions)] = truth.clone()
                truth.apply(
                    seat, agents[seat].act(truth.observation(seat), truth.legal_actions(seat))
                )
            for point in points_of(game.new_deal(seed), truth.actions, 0, random.Random(seed)):
                then = moments[point.step]
                assert point.world.observation(0) == then.observation(0) == point.observation
                for other in range(1, game.players):
                    pairs += 1
                    same += point.world.observation(other) == then.observation(other)
    assert pairs > 50
    assert same / pairs < 0.1, (same, pairs)


def test_blunder_deals_are_reproducible() -> None:
    """The measurement's planted blunders (docs/ai.md) replay alike on the same seed."""
    assert blunder_deal(GAMES["sisepai"], 1002, QUICK, 16) == blunder_deal(
        GAMES["sisepai"], 1002, QUICK, 16
    )


def test_a_second_opinion_plays_the_very_blunder_planted_on_with_searching_players() -> None:
    """docs/ai.md "Review quality": the second opinion on a missed blunder replays the move the
    measure planted and the policy's own, reproducibly. Passing a Paohuzi win (PHZ-11) costs
    there, with the interval above zero."""
    game = GAMES["paohuzi"]
    seed = next(
        s for s in range(10**6, 10**6 + 40) if (p := planted_at(game, s)) and p[1] == "pass_win"
    )
    found = planted_at(game, seed)
    assert found is not None and found[2:4] == ("pass", "win")
    judged = blunder_deal(game, seed, QUICK, 16)
    assert judged is not None and judged[1].played == "pass"
    opinion = second_opinion(game, seed, "greedy", 8)
    assert opinion == second_opinion(game, seed, "greedy", 8)
    assert 0 < opinion["low"] <= opinion["mean"] <= opinion["high"], opinion


def _holding(game: str, hand: list[str], kans: list[str]) -> ObservationBase:
    """A real observation of `game` with its own hand (and kans) replaced."""
    observation: dict[str, Any] = dict(GAMES[game].new_deal(1).observation(0))
    observation["hand"] = hand
    if "kans" in observation:
        observation["kans"] = kans
    return cast(ObservationBase, observation)


HAND = ["s1", "s2", "s3", "s6", "s6", "L6", "L2", "L7", "L10", "s9", "s9", "s9", "s4"]


def test_paohuzi_groups_that_a_plant_may_break_are_those_scoring_huxi() -> None:
    """PHZ-4: 1-2-3 and 2-7-10 score huxi; a mixed group (s6 s6 L6) does not, and a kan is no
    discard. ER-5: in Two Seven Ten a 1-2-3 scores nothing, only the 2-7-10."""
    grouped = games.grouped_cards("paohuzi")
    assert grouped is not None
    assert grouped(_holding("paohuzi", HAND, ["s9"])) == {"s1", "s2", "s3", "L2", "L7", "L10"}
    # PHZ-3: a kan is locked, so a large 2 held three times as a kan makes no 2-7-10 with L7 L10
    locked = ["L2", "L2", "L2", "L7", "L10", "s1", "s2", "s3", "s5"]
    assert grouped(_holding("paohuzi", locked, ["L2"])) == {"s1", "s2", "s3"}
    assert grouped(_holding("paohuzi", locked, [])) == {"s1", "s2", "s3", "L2", "L7", "L10"}
    erqishi = games.grouped_cards("erqishi")
    assert erqishi is not None
    assert erqishi(_holding("erqishi", HAND, ["s9"])) == {"L2", "L7", "L10"}


def test_nantong_groups_are_runs_and_triplets() -> None:
    """Nantong §6: a concealed group is a run of three in one suit or a triplet; T, W and R
    never run, and a pair is no group."""
    grouped = games.grouped_cards("nantong")
    assert grouped is not None
    hand = ["1M", "2M", "3M", "5S", "5S", "5S", "8C", "9C", "T", "T", "T", "W", "R", "4C", "4C"]
    assert grouped(_holding("nantong", hand, [])) == {"1M", "2M", "3M", "5S", "T"}


def test_plants_break_a_complete_group_and_pass_a_win_by_passing() -> None:
    """The measurement's planted blunders are what they are called: a planted discard takes a
    card out of a complete group of the hand, and a passed win is the pass itself."""
    for game in ("paohuzi", "erqishi", "nantong"):
        grouped = games.grouped_cards(game)
        assert grouped is not None
        seen: set[str] = set()
        for seed in range(30):
            state = GAMES[game].new_deal(seed)
            agents = [games.greedy(game, random.Random(seed + s)) for s in range(4)]
            while not state.is_over() and len(seen) < 2:
                seat = state.to_act()[0]
                legal = state.legal_actions(seat)
                found = plant(game, state, seat) if seat == 0 else None
                if found is not None and found[0] == "break_group":
                    before = grouped(state.observation(0))
                    after = state.clone()
                    after.apply(0, found[1])
                    assert grouped(after.observation(0)) < before, (game, seed, found)
                    seen.add("break_group")
                elif found is not None and found[0] == "pass_win":
                    assert found[1] == "pass" or "pass" not in legal, (game, seed, found)
                    seen.add("pass_win")
                state.apply(seat, agents[seat].act(state.observation(seat), legal))
        assert "break_group" in seen, game


def test_blunders_are_also_counted_among_those_that_cost() -> None:
    """docs/ai.md "Review quality": the share flagged among planted moves whose estimated cost
    reaches the game's margin, and twice it, beside the share of all planted moves."""
    found = Quality("paohuzi", blunders=4, caught=1)  # the game's margin: 0.5 tun
    found.costs = [(1.2, True), (0.6, False), (0.2, False), (-1.0, False)]
    report = found.as_json()
    assert report["caught_share"] == 0.25
    assert report["costly"] == [2, 1]
    assert report["clear"] == [1, 1]


def test_paohuzis_huxi_comparison_speaks_only_for_the_better_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """PHZ-11: the huxi each move keeps in sight is a reason only where the better move keeps
    more; and then the better move's own hint sentence does not say its huxi again (usability
    walk: "Your move kept 26 huxi in sight, the better one 20. … It keeps 20 huxi in sight")."""
    from cardavia.ai import review as reviewing
    from cardavia.ai.explain import sentence
    from cardavia.ai.games import paohuzi

    kept = {"discard s1": 26, "discard s2": 20}
    monkeypatch.setattr(paohuzi, "huxi_after", lambda _obs, action: kept[action])
    assert paohuzi.review_why(cast(Any, {}), [], "discard s1", "discard s2") == []
    [why] = paohuzi.review_why(cast(Any, {}), [], "discard s2", "discard s1")
    assert why["params"] == {"played": 20, "better": 26}

    def hint(game: str, obs: ObservationBase, legal: list[str], action: str) -> list[Any]:
        return [sentence("why_efficiency_best"), sentence("why_phz_huxi", kept[action])]

    monkeypatch.setattr(reviewing, "explain", hint)
    point = Point(0, cast(Any, {}), [], "discard s2", cast(Any, None))
    verdict = Verdict(0, "discard s2", "discard s1", 1.0, (0.5, 1.5), True)
    keys = [w["key"] for w in reviewing.reasons("paohuzi", point, verdict)]
    assert keys.count("review_phz_huxi") == 1 and "why_phz_huxi" not in keys, keys
    assert "why_efficiency_best" in keys
    # the other way round: no comparison, and the hint says the better move's huxi itself
    point = Point(0, cast(Any, {}), [], "discard s1", cast(Any, None))
    verdict = Verdict(0, "discard s1", "discard s2", 1.0, (0.5, 1.5), True)
    keys = [w["key"] for w in reviewing.reasons("paohuzi", point, verdict)]
    assert "review_phz_huxi" not in keys and keys.count("why_phz_huxi") == 1, keys


def test_moves_played_for_an_absent_player_are_not_reviewed() -> None:
    """architecture.md §8: the review is of the player's own decisions; what the AI played for
    the seat while its player was away (the store marks those) is left out."""
    from cardavia.ai.play import play_deal
    from cardavia.ai.registry import make_agent
    from cardavia.ai.review import points_of
    from cardavia.games.registry import GAMES

    game = GAMES["paohuzi"]
    state = play_deal(game, 4, [make_agent("greedy", game.name, s) for s in range(3)])
    every = points_of(game.new_deal(4), state.actions, 0, random.Random(1))
    assert len(every) >= 2
    away = {every[0].step, every[-1].step}
    kept = points_of(game.new_deal(4), state.actions, 0, random.Random(1), away)
    assert [p.step for p in kept] == [p.step for p in every if p.step not in away]
