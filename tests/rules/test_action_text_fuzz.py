"""Any text offered as an action, by any seat, at any point of a deal: the engine applies it
only as one of that seat's legal actions, and otherwise raises a `RulesError` (which the API
turns into a 422) and changes nothing. Hypothesis, over every game."""

from __future__ import annotations

from hypothesis import event, given, settings
from hypothesis import strategies as st

from cardavia.ai.registry import make_agent
from cardavia.games.registry import GAMES
from cardavia.rules.core import State
from cardavia.rules.errors import RulesError

JUNK = [
    "",
    " ",
    "x",
    "0",
    "-1",
    "99",
    "win",
    "pass",
    "discard",
    "claim",
    "chi",
    "peng",
    "pao",
    "kong",
    "pong",
    "ready",
    "play",
    "\x00",
    "é",
    "1.5",
    "[]",
]


def _states(game: str, seed: int) -> list[State]:
    """Snapshots of one greedy deal, every fifth decision until it ends."""
    rules = GAMES[game]
    state = rules.new_deal(seed)
    agents = [make_agent("greedy", game, seed + s) for s in range(rules.players)]
    snapshots = []
    while not state.is_over():
        if len(state.actions) % 5 == 0:
            snapshots.append(state.clone())
        seat = state.to_act()[0]
        state.apply(seat, agents[seat].act(state.observation(seat), state.legal_actions(seat)))
    return [*snapshots, state]


STATES = {game: _states(game, 3) + _states(game, 4) for game in sorted(GAMES)}


@settings(max_examples=300, deadline=None)
@given(game=st.sampled_from(sorted(GAMES)), data=st.data())
def test_any_text_is_applied_only_as_a_legal_action(game: str, data: st.DataObject) -> None:
    state = data.draw(st.sampled_from(STATES[game]), label="state").clone()
    seat = data.draw(st.integers(0, GAMES[game].players - 1), label="seat")
    legal = state.legal_actions(seat)
    acting = [a for s in state.to_act() for a in state.legal_actions(s)]
    words = sorted({w for action in acting + legal for w in action.split()} | set(JUNK))
    text = data.draw(
        st.lists(st.sampled_from(words) | st.text(max_size=4), max_size=5).map(" ".join)
        | st.sampled_from(legal or ["pass"]).map(
            lambda a: a + data.draw(st.sampled_from(["", " ", "  ", " x", "\t"]))
        ),
        label="action",
    )
    before = state.clone()
    try:
        state.apply(seat, text)
    except RulesError:
        event("refused")
        assert state.actions == before.actions
        assert state.observation(seat) == before.observation(seat)
    else:
        event("applied")
        assert state.actions[-1] == (seat, state.actions[-1][1])
        assert state.actions[-1][1] in legal, (text, legal)
