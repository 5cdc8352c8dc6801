"""The hint's "why" (cardavia.ai.explain): well-formed, true of the move, from the seat's view."""

from __future__ import annotations

import random

import pytest

from cardavia.ai.explain import explain
from cardavia.ai.registry import make_agent
from cardavia.games.registry import GAMES, find_game
from cardavia.web.strings import plurals_for, strings_for


def _decisions(game: str, deals: int, agent: str = "efficient"):
    """(observation, legal, the policy's action) at every real choice of a few deals."""
    g = find_game(game)
    for seed in range(deals):
        state = g.new_deal(seed)
        agents = [make_agent(agent, game, seed * 10 + s) for s in range(g.players)]
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            observation = state.observation(seat)
            action = agents[seat].act(observation, legal)
            if len(set(legal)) > 1:
                yield observation, legal, action
            state.apply(seat, action)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_sentence_is_a_known_message_with_its_numbers(game: str) -> None:
    """Each sentence is a `why_` key the game's table is sent (web/strings/), plural ones with
    their count."""
    plural_keys = {k for k in plurals_for(game) if k.startswith("why_")}
    plain_keys = {k for k in strings_for(game) if k.startswith("why_")}
    said = 0
    for observation, legal, action in _decisions(game, 4):
        for why in explain(game, observation, legal, action):
            said += 1
            if why["key"] in plural_keys:
                assert isinstance(why["n"], int) and why["n"] >= 0
            else:
                assert why["key"] in plain_keys and why["n"] is None
            assert all(isinstance(v, int) for v in why["params"].values())
    assert said, f"{game}: the hint never said why"


# Chuo Pai has no discard (its plays beat or bank, CP§3): its why is tested below.
NO_DISCARD = {"chuopai"}


@pytest.mark.parametrize("game", sorted(GAMES.keys() - NO_DISCARD))
def test_the_efficient_discard_is_told_as_closest(game: str) -> None:
    """The efficient policies discard at the least distance (ai.md): the why says so, with the
    distance; a random discard is told as closest only when it really is."""
    told = 0
    for observation, legal, action in _decisions(game, 4):
        if action.startswith("discard"):
            keys = [w["key"] for w in explain(game, observation, legal, action)]
            assert "why_closest" in keys
            told += 1
    assert told
    closest = []
    for observation, legal, _ in _decisions(game, 3, "random"):
        discards = [a for a in legal if a.startswith("discard")]
        if len(discards) > 1:
            told_closest = {
                a
                for a in discards
                if any(w["key"] == "why_closest" for w in explain(game, observation, legal, a))
            }
            assert told_closest, "some discard is always the closest"
            closest.append(len(told_closest) < len(discards))
    assert any(closest), "no random position where some discard was worse"


def test_sisepai_distance_and_acceptance_are_the_policy_measures() -> None:
    """SSP-9 distance: the why's numbers are the distance after the discard and the live copies
    that would lower it (what the efficient policy maximises among the closest discards)."""
    from cardavia.ai.efficiency import acceptance
    from cardavia.ai.games.sisepai import _live_copies
    from cardavia.games.sisepai.cards import N_CHESS, counts_of, parse_card, parse_cards
    from cardavia.games.sisepai.groups import distance

    checked = 0
    for observation, legal, action in _decisions("sisepai", 3):
        if not action.startswith("discard"):
            continue
        said = {w["key"]: w["n"] for w in explain("sisepai", observation, legal, action)}
        hand = counts_of(parse_cards(observation["hand"]))
        live = _live_copies(observation, hand)
        hand[parse_card(action.split()[1])] -= 1
        d = distance(hand)
        assert said["why_distance"] == max(d, 1)  # a grouped hand still wants a 21st card
        assert said.get("why_acceptance", 0) == acceptance(hand, live, range(N_CHESS), distance, d)
        checked += 1
    assert checked


def test_sisepai_a_grouped_hand_is_one_card_from_a_win() -> None:
    """SSP-seed 4.2: a discard that leaves all twenty concealed cards grouped (distance 0) leaves
    the hand one card from a win, not "0 cards": the win wants a twenty-first card that fits."""
    from cardavia.games.sisepai.cards import counts_of, parse_card, parse_cards
    from cardavia.games.sisepai.groups import distance

    for observation, legal, action in _decisions("sisepai", 60):  # lazily: the first will do
        if not action.startswith("discard"):
            continue
        hand = counts_of(parse_cards(observation["hand"]))
        hand[parse_card(action.split()[1])] -= 1
        if distance(hand) == 0:
            said = {w["key"]: w["n"] for w in explain("sisepai", observation, legal, action)}
            assert said["why_distance"] == 1
            return
    pytest.fail("no discard left a grouped hand in these deals")


def test_chuopai_says_one_true_thing_at_most() -> None:
    """CP§3.2: a play is sure to stand, or uses the weakest cards a legal play can, or is this
    likely to stand; "about 0% likely" is never said. Besides, the score (CP§4.1): the cards at
    risk, never said of a sure play and never zero."""
    keys = set()
    for observation, legal, action in _decisions("chuopai", 3):
        said = explain("chuopai", observation, legal, action)
        merits = [w for w in said if w["key"] != "why_cp_risk"]
        assert len(merits) <= 1
        for why in said:
            keys.add(why["key"])
            if why["key"] == "why_cp_hold":
                assert 5 <= why["params"]["percent"] < 100
            if why["key"] == "why_cp_risk":
                assert 1 <= why["n"] <= len(action.split()) - 1
                assert "why_cp_sure" not in {w["key"] for w in said}
    assert keys == {"why_cp_sure", "why_cp_weak", "why_cp_hold", "why_cp_risk"}


def test_explaining_reads_the_observation_only() -> None:
    """Two states identical from the seat's view explain alike (no hidden card involved)."""
    for game in sorted(GAMES):
        for observation, legal, action in _decisions(game, 1):
            assert explain(game, observation, legal, action) == explain(
                game, observation.copy(), list(legal), action
            )
            break
    rng = random.Random(1)
    g = find_game("nantong")
    state = g.new_deal(3)
    seat = state.to_act()[0]
    other = state.sample_world(seat, rng)
    legal = state.legal_actions(seat)
    for action in legal:
        assert explain("nantong", state.observation(seat), legal, action) == explain(
            "nantong", other.observation(seat), legal, action
        )
