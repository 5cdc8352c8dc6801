"""Determinized Monte Carlo search (ai.md layer 3): legal, forced, no-peek, deterministic."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardavia.ai.play import play_deal, sampler_for
from cardavia.ai.protocol import Sampler
from cardavia.ai.registry import make_agent
from cardavia.ai.search import POLICY, SearchAgent, SearchSettings
from cardavia.games.registry import GAMES, find_game
from cardavia.rules.core import State
from cardavia.rules.types import ObservationBase


def _first_choice(game: str, seed: int, skip: int = 0) -> State:
    """A deal advanced (greedily) to the `skip`-th decision the search really searches: more than
    one distinct action, more than one of them plausible to the search's default policy."""
    g = find_game(game)
    state = g.new_deal(seed)
    agents = [make_agent("greedy", game, i) for i in range(g.players)]
    policy = make_agent(POLICY, game)
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if len(set(legal)) > 1 and len(set(_plausible(policy, state, seat))) > 1:
            if skip == 0:
                return state
            skip -= 1
        state.apply(seat, agents[seat].act(state.observation(seat), legal))
    raise AssertionError("no choice in this deal")


def _plausible(policy: Any, state: State, seat: int) -> list[str]:
    legal = state.legal_actions(seat)
    plausible = getattr(policy, "plausible", None)
    return legal if plausible is None else plausible(state.observation(seat), legal)


class _Recording(SearchAgent):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.choices: list[tuple[list[str], str]] = []

    def act_with_worlds(
        self, observation: ObservationBase, legal: list[str], sample: Sampler
    ) -> str:
        action = super().act_with_worlds(observation, legal, sample)
        self.choices.append((list(legal), action))
        return action


@pytest.mark.parametrize("game", sorted(GAMES))
def test_search_plays_only_legal_actions(game: str) -> None:
    """Seeded deals complete with the search agent in one seat; every decision is legal."""
    g = find_game(game)
    for seed in range(2):
        seat = seed % g.players
        agent = _Recording(game, random.Random(seed), SearchSettings(samples=2, budget_s=0.02))
        agents: list[Any] = [make_agent("greedy", game, seed * 10 + i) for i in range(g.players)]
        agents[seat] = agent
        state = play_deal(g, seed, agents)
        assert state.is_over() and state.result() is not None
        assert agent.choices, "the search agent never decided"
        assert all(action in legal for legal, action in agent.choices)


def test_full_rollouts_search_a_real_choice() -> None:
    """With full rollouts and a few samples, every plausible candidate gets rolled out."""
    state = _first_choice("sisepai", 3)
    seat = state.to_act()[0]
    legal = state.legal_actions(seat)
    agent = SearchAgent("sisepai", random.Random(1), SearchSettings(samples=3, budget_s=None))
    action = agent.act_with_worlds(
        state.observation(seat), legal, lambda rng: state.sample_world(seat, rng)
    )
    assert action in legal
    assert agent.last.samples == 3
    plausible = set(_plausible(agent.fallback, state, seat))
    assert agent.last.rollouts == 3 * len(plausible)  # no culling before 4 samples
    assert set(agent.last.values) == plausible
    assert agent.last.greedy == agent.fallback.act(state.observation(seat), legal)


def test_forced_decision_does_not_sample() -> None:
    def sample(rng: random.Random) -> State:
        raise AssertionError("a forced decision must not sample")

    agent = SearchAgent("sisepai", random.Random(0), SearchSettings(budget_s=1.0))
    observation = GAMES["sisepai"].new_deal(0).observation(0)
    assert agent.act_with_worlds(observation, ["pass"], sample) == "pass"
    assert agent.act_with_worlds(observation, ["draw", "draw"], sample) == "draw"
    assert agent.last.samples == 0 and agent.last.reason == "forced"


def test_forced_decisions_in_play_do_not_sample() -> None:
    """In a real deal, every single-action decision returns without calling `sample`."""
    g = find_game("sisepai")
    state = g.new_deal(5)
    agent = SearchAgent("sisepai", random.Random(0), SearchSettings(samples=1, budget_s=None))
    greedy = make_agent("greedy", "sisepai", 0)
    forced = 0

    def refuse(rng: random.Random) -> State:
        raise AssertionError("a forced decision must not sample")

    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if len(set(legal)) == 1:
            forced += 1
            assert agent.act_with_worlds(state.observation(seat), legal, refuse) == legal[0]
        state.apply(seat, greedy.act(state.observation(seat), legal))
    assert forced > 0


@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_peek(game: str) -> None:
    """ai.md: states identical from the seat's view, different hidden cards: same decision."""
    for seed, skip in ((1, 0), (2, 3)):
        state = _first_choice(game, seed, skip)
        seat = state.to_act()[0]
        other = state.sample_world(seat, random.Random(seed + 100))
        assert other.observation(seat) == state.observation(seat)
        assert other.legal_actions(seat) == state.legal_actions(seat)
        hidden_differs = any(
            other.observation(o) != state.observation(o)
            for o in range(find_game(game).players)
            if o != seat
        )
        assert hidden_differs, "the second state should differ in hidden cards"
        decisions = []
        for s in (state, other):
            # no greedy guard: the decision is the search's own, from the sampled worlds
            agent = SearchAgent(
                game, random.Random(7), SearchSettings(samples=3, budget_s=None, z=None)
            )
            agent.act_with_worlds(s.observation(seat), s.legal_actions(seat), sampler_for(s, seat))
            decisions.append(agent.last)
        assert decisions[0] == decisions[1]  # same action, same values for every candidate


def test_deterministic_for_a_fixed_seed() -> None:
    for seed in range(3):
        state = _first_choice("sisepai", seed, 2)
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        runs = []
        for _ in range(2):
            agent = SearchAgent(
                "sisepai", random.Random(seed), SearchSettings(samples=3, budget_s=None)
            )
            runs.append(
                agent.act_with_worlds(state.observation(seat), legal, sampler_for(state, seat))
            )
        assert runs[0] == runs[1]


def test_needs_a_budget_or_a_sample_count() -> None:
    with pytest.raises(ValueError):
        SearchSettings(samples=None, budget_s=None)


def test_plain_act_is_the_greedy_fallback() -> None:
    state = _first_choice("sisepai", 4)
    seat = state.to_act()[0]
    legal = state.legal_actions(seat)
    assert SearchAgent("sisepai", random.Random(0)).act(state.observation(seat), legal) in legal


def test_one_sample_is_no_evidence_against_greedy() -> None:
    """With a single world the paired test cannot be significant: the greedy choice stands."""
    for seed in range(3):
        state = _first_choice("sisepai", seed, 1)
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        agent = SearchAgent(
            "sisepai", random.Random(seed), SearchSettings(samples=1, budget_s=None)
        )
        greedy = agent.fallback.act(state.observation(seat), legal)
        assert (
            agent.act_with_worlds(state.observation(seat), legal, sampler_for(state, seat))
            == greedy
        )
        plain = SearchAgent(
            "sisepai", random.Random(seed), SearchSettings(samples=2, budget_s=None, z=None)
        )
        assert (
            plain.act_with_worlds(state.observation(seat), legal, sampler_for(state, seat)) in legal
        )


def test_the_wall_clock_is_checked_between_rollouts() -> None:
    """A budget already spent stops the search before its first rollout, even within the first
    world (a world of full rollouts can outlast the whole budget): the default choice stands."""
    state = _first_choice("nantong", 2)
    seat = state.to_act()[0]
    legal = state.legal_actions(seat)
    agent = SearchAgent("nantong", random.Random(0), SearchSettings(samples=1000, budget_s=1e-9))
    action = agent.act_with_worlds(state.observation(seat), legal, sampler_for(state, seat))
    assert agent.last.rollouts == 0 and agent.last.samples == 1
    assert action == agent.last.greedy == agent.fallback.act(state.observation(seat), legal)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_plausible_moves_hold_the_policy_choice(game: str) -> None:
    """The shortlist the search compares is legal and holds the policy's own choice, at every
    decision of a few deals (the search adds the choice anyway, but a shortlist without it
    would be ranking by something else than the policy)."""
    g = find_game(game)
    policy = make_agent(POLICY, game)
    if getattr(policy, "plausible", None) is None:
        pytest.skip(f"{game}: its policy compares every legal move")
    narrowed = 0
    for seed in range(4):
        state = g.new_deal(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            observation = state.observation(seat)
            choice = policy.act(observation, legal)
            if len(set(legal)) > 1:
                shortlist = _plausible(policy, state, seat)
                assert choice in shortlist and set(shortlist) <= set(legal)
                narrowed += len(set(shortlist)) < len(set(legal))
            state.apply(seat, choice)
    assert narrowed, "the shortlist never left a move out"


def test_a_decision_without_a_rival_ends_early() -> None:
    """When no candidate does better than the default in the first worlds, the search stops
    there instead of spending its whole sample count (futility)."""

    class Level(SearchAgent):
        def _rollout(self, world: State, seat: int, action: str) -> tuple[float, float]:
            return 0.5, 0.5  # every move equally good in every world

    state = _first_choice("sisepai", 3)
    seat = state.to_act()[0]
    agent = Level("sisepai", random.Random(0), SearchSettings(samples=96, budget_s=None))
    action = agent.act_with_worlds(
        state.observation(seat), state.legal_actions(seat), sampler_for(state, seat)
    )
    assert agent.last.samples == 4 and action == agent.last.greedy


def test_a_steady_rival_is_searched_to_the_end_and_overrules() -> None:
    """A candidate steadily better than the default keeps its pace: it is rolled out in every
    world and overrules the default."""
    state = _first_choice("sisepai", 3)
    seat = state.to_act()[0]
    legal = state.legal_actions(seat)
    default = make_agent(POLICY, "sisepai").act(state.observation(seat), legal)
    rival = next(a for a in _plausible(make_agent(POLICY, "sisepai"), state, seat) if a != default)

    class Level(SearchAgent):
        def _rollout(self, world: State, seat: int, action: str) -> tuple[float, float]:
            edge = 0.1 if action == rival else 0.0
            value = self.rng.random() * 0.2 + edge
            return value, value

    agent = Level("sisepai", random.Random(0), SearchSettings(samples=32, budget_s=None))
    assert agent.act_with_worlds(state.observation(seat), legal, sampler_for(state, seat)) == rival
    assert agent.last.samples == 32 and agent.last.reason == "search"
