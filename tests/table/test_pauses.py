"""Where a table's deal pauses tells nobody what hidden cards hold (architecture.md §2).

A rules engine asks only the seats that have a claim, and makes a move that is no choice at
once. Played eagerly, a deal would stop after your discard only when some AI seat could claim
it, and stop at an AI seat only when it had a choice: the pause itself would tell. The table's
deals are lazy (`State.lazy`, rules/core.py): every card offered, every window answered and
every forced move waits for `settle`, so the deal pauses the same way whatever the hidden cards.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from cardavia.ai.play import play_out
from cardavia.ai.registry import make_agent
from cardavia.games.registry import GAMES
from cardavia.rules.core import Event, State
from cardavia.store.sqlite import SQLiteStore
from cardavia.table.live import Tables
from tests.games.sisepai.helpers import build_position as ssp_position
from tests.table.helpers import run

# The public events that move a deal on by one step (a card offered, a move made): a lazy deal
# takes at most one of them per `apply` or `settle`, then pauses.
STEPS = {
    "sisepai": {"draw", "discard", "unclaimed", "claim", "win"},
    "nantong": {"setup", "declare", "discard", "add_kong", "pong", "kong"},
    # (a reveal may follow another in one step: after a compulsory wei or ti, which all see)
    "paohuzi": {"discard", "unclaimed", "chi", "peng", "pao"},
    "erqishi": {"discard", "unclaimed", "chi", "peng", "pao"},  # as Paohuzi's (no wei, ER-9)
    "chuopai": {"play", "pass"},
}


def _events(events: list[Event]) -> list[tuple[str, Any, Any]]:
    return [(e.kind, e.data, e.seat) for e in events]


def _play(
    game: str, seed: int, lazy: bool
) -> tuple[State, list[Any], list[list[Event]], list[list[Event]]]:
    """A deal of random legal actions (the same for both ways of playing); the events, and in
    the lazy deal each `apply`'s or `settle`'s events apart, and the settles' alone."""
    state = GAMES[game].new_deal(seed, lazy=lazy)
    rng = random.Random(seed)
    events = list(state.opening)
    calls, settles = [list(state.opening)], []
    while True:
        while state.unsettled():
            settles.append(state.settle())
            calls.append(settles[-1])
            events += calls[-1]
        if state.is_over():
            return state, _events(events), calls, settles
        seat = min(state.to_act())
        calls.append(state.apply(seat, rng.choice(state.legal_actions(seat))))
        events += calls[-1]


@pytest.mark.parametrize("game", sorted(GAMES))  # a game missing from STEPS fails by name
@pytest.mark.parametrize("seed", range(12))
def test_a_lazy_deal_settled_is_the_eager_deal(game: str, seed: int) -> None:
    """Settling every held step gives the very deal an agent, a record or a test plays."""
    eager, eager_events, _, _ = _play(game, seed, lazy=False)
    lazy, lazy_events, calls, settles = _play(game, seed, lazy=True)
    assert lazy.actions == eager.actions
    assert lazy_events == eager_events
    assert lazy.result() == eager.result()
    # ...and it pauses after every step, where the eager deal ran several steps together
    steps = [sum(e.kind in STEPS[game] and e.seat is None for e in c) for c in calls[1:]]
    assert max(steps) == 1, steps
    assert settles and len(calls) > len(lazy.actions) + 1
    # Every step taken shows something to everyone: a table's long poll wakes on a new event,
    # so a step that silently handed a seat its turn would leave the table waiting.
    assert all(any(e.seat is None for e in events) for events in settles)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_world_sampled_from_a_lazy_deal_is_played_out_at_once(game: str) -> None:
    """A searching seat's worlds come from the table's lazy deal; a rollout plays them eagerly."""
    state = GAMES[game].new_deal(3, lazy=True)
    state.settle_all()
    world = state.sample_world(min(state.to_act()), random.Random(1))
    assert state.lazy and not world.lazy
    players = GAMES[game].players
    play_out(world, [make_agent("greedy", game, s) for s in range(players)])
    assert world.is_over() and not world.unsettled()


# --- through the table: the view that answers the human's own move --------------------------

# Sì Sè Pái: you draw F1 and keep it, then discard wC. Whether AI 2 holds wC wC (and may take
# it) or nobody can take it, the view that answers your discard must be the same.
SSP_YOU = "wC rA yA gA wE rE yE gE rH yH gH wN rN yN gN rC yC gC wS"


async def _answer_to_discard(tmp: Path, ai2: str | None) -> dict[str, Any]:
    hands = {0: SSP_YOU} if ai2 is None else {0: SSP_YOU, 2: ai2}
    position = ssp_position(hands=hands, draws="F1", watch="wC", first=0).position
    tables = Tables(SQLiteStore(tmp / "deals.db"), GAMES)
    table = await tables.create("sisepai", level="greedy", position=position)
    await tables.drain()
    await tables.human_act(table, "claim F1", table.version)
    await tables.drain()
    before = table.view()
    await tables.human_act(table, "discard wC", table.version)
    view = table.view()  # what POST /api/games/{id}/action answers
    await tables.drain()
    await tables.close()
    assert "discard wC" in before["legal_actions"]
    return {k: v for k, v in view.items() if k != "id"}


def test_your_discard_is_answered_alike_whether_or_not_an_ai_can_claim_it(tmp_path: Path) -> None:
    """SSP-8, A-SSP-8 (only a seat with a claim is asked), rules-notes "Who is asked is not
    public": the answer to your discard shows the card under claim either way."""
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    claimable = run(_answer_to_discard(tmp_path / "a", "wC wC"))
    unclaimable = run(_answer_to_discard(tmp_path / "b", None))
    assert claimable["table"]["public_card"] == "wC"
    assert claimable == unclaimable


def test_declining_a_win_after_your_compulsory_wei_is_answered_with_your_discard(
    tmp_path: Path,
) -> None:
    """PHZ-5 step 1, A-PHZ-14 (a human may pass the win after a compulsory wei, then discards):
    the answer to "pass" owes your discard at once. A held step there would hand you the
    discard without an event, and a long poll waits for one."""
    from tests.games.paohuzi.helpers import build as phz_position

    exposed = ["chi s1 s2 s3", "peng L5 L5 L5", "chi s6 s7 s8", "peng s9 s9 s9"]
    position = phz_position(
        hands={0: "s4 s4 L2 L2 L2 L6 L7 L8"}, exposed={0: exposed}, stock="s4"
    ).position

    async def go() -> None:
        tables = Tables(SQLiteStore(tmp_path / "deals.db"), GAMES)
        table = await tables.create("paohuzi", level="greedy", position=position)
        await tables.drain()
        assert table.view()["legal_actions"] == ["win", "pass"]
        await tables.human_act(table, "pass", table.version)
        assert table.view()["legal_actions"] == ["discard L6", "discard L7", "discard L8"]
        await tables.close()

    run(go())
