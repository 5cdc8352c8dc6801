"""No observation or event for one seat carries another seat's concealed cards, another seat's
passed records from declined offers, or the stock order (ER-17; architecture.md §2), over random
deals; and sample_world gives the deciding seat the same view and legal actions, without the
other seats' private passed records."""

from __future__ import annotations

import json
import random

import pytest

from cardavia.games.erqishi.state import ErqishiState
from cardavia.rules.conservation import check_conservation
from tests.games.erqishi.helpers import GAME
from tests.games.paohuzi.test_leaks import check_view, secret_codes

PUBLIC_EVENTS = {
    "shown",
    "reveal",
    "ti",
    "pao",
    "peng",
    "chi",
    "discard",
    "unclaimed",
    "dead",
    "win",
    "drawn",
}


@pytest.mark.parametrize("seed", range(60))
def test_observations_and_events_hide_other_hands_stock_and_passed(seed: int) -> None:
    """ER-17: views and events show only public cards and one's own; a dealt ti is face up;
    `stale` (passed records) and `answer` go to their own seat only."""
    state = GAME.new_deal(seed)
    rng = random.Random(seed)
    events = list(state.opening)
    while True:
        for viewer in range(3):
            check_view(state, viewer)
            obs = state.observation(viewer)
            mine = state.seats[viewer]  # the viewer's own passed records, and only its own
            assert len(obs["stale"]["chi"]) == len(mine.chi_stale)
            assert len(obs["stale"]["peng"]) == len(mine.peng_stale)
            secrets = secret_codes(state, viewer)
            for event in events:
                if not event.visible_to(viewer):
                    continue
                payload = json.dumps(event.to_json())
                for token in secrets:
                    assert f'"{token}"' not in payload, (event, viewer)
                if event.seat is None:
                    assert event.kind in PUBLIC_EVENTS, event
                else:
                    assert event.kind in {"deal", "kan", "answer", "stale"}, event
                    assert event.seat == viewer
        assert state.public_to_act() == (state.to_act() if state.phase == "discard" else ())
        if state.is_over():
            break
        seat = rng.choice(state.to_act())
        events = state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize("seed", range(12))
def test_sampled_worlds_look_the_same_and_forget_private_records(seed: int) -> None:
    """ER-17; architecture.md §2: at every decision, a sampled world gives the seat the same
    observation and legal actions, holds 80 cards, keeps no kan of a card already in play (ER-8),
    and gives the other seats only their public passed records (their own discards)."""
    state = GAME.new_deal(seed)
    rng = random.Random(seed)
    differ = 0
    while not state.is_over():
        for seat in state.to_act():
            world = state.sample_world(seat, random.Random(seed))
            assert isinstance(world, ErqishiState)
            assert world.observation(seat) == state.observation(seat)
            assert world.legal_actions(seat) == state.legal_actions(seat)
            check_conservation(world)
            for s in range(3):
                if s == seat:
                    continue
                h = world.seats[s]
                assert h.chi_stale == state.discarded[s] and not h.peng_stale
                for c in h.kans:
                    assert c not in state.played or c == state.card
                differ += h.hand != state.seats[s].hand
        seat = rng.choice(state.to_act())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert differ > 0
