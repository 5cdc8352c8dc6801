"""The steps of a finished deal, for the replay page (architecture.md §8).

A record is replayed as the table played it (a lazy deal, each held step taken before the next
decision), and cut into the steps a seat saw, as `Table._step_seen` cuts them for a live client:
one per decision or held step that showed the viewer something. Each step carries the table
after it as every seat's own observation merged: the bottom seat's observation (the viewer's
seat, seat 0 for a spectator), each seat's
entry of `seats` as that seat sees itself (its concealed groups face up), and every hand. The
deal is over, so nothing is hidden any more; the client draws each step with its game's plugin
and works out no rule itself. Nothing here stores anything.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardavia.rules.core import Event, Game, State
from cardavia.rules.errors import RecordError
from cardavia.rules.record import RecordActionError, replay
from cardavia.table.versions import count_event

BOTTOM = 0  # the seat drawn at the bottom for a spectator, with its hand as "the hand"


class DealNotOverError(RecordError):
    """A record of a deal still in progress: it has no replay (its hands are still secret)."""


def replay_steps(
    record: Mapping[str, Any],
    games: Mapping[str, Game],
    viewer: int | None = BOTTOM,
    expected: str | None = None,
) -> dict[str, Any]:
    """The replay of a finished deal's record: `{game, seat, log, steps, result}`.

    `viewer`: whose log it is (its events, and its versions as each entry's `v`; None: the
    spectator's, public events only). `steps[i]`: `{v, table, hands, actions}`, the viewer's
    version after step i, the merged table then, each seat's concealed cards, and the indexes
    of the record's actions the step took (a decision nobody else was shown joins the next
    step that showed something). Raises RecordError (its subclasses name the kind of problem)
    for a record that does not replay, is not of `expected`, or is of a deal not over."""
    record = dict(record)
    try:
        final = replay(record, dict(games), expected)  # re-validates; names the offending part
    except RecordActionError as err:
        err.step = _step_refused(record, games, viewer, err.index)
        raise
    if not final.is_over():
        raise DealNotOverError("result: the deal is not over, so it has no replay yet")
    game = games[record["game"]]
    state, walk = _walk(record, game, viewer)
    for index, entry in enumerate(record["actions"]):
        walk.adopt(state, state.settle_all(), [])
        walk.adopt(state, state.apply(entry["seat"], entry["action"]), [index])
    walk.adopt(state, state.settle_all(), [])
    walk.close(state)
    result = state.result()
    assert result is not None  # the validating replay above ended the same way
    return {
        "game": game.name,
        "seat": viewer,
        "log": walk.log,
        "steps": walk.steps,
        "result": result.to_json(),
    }


def _walk(record: Mapping[str, Any], game: Game, viewer: int | None) -> tuple[State, _Walk]:
    """The deal's start, lazy as the table plays it, and a walk of its steps at step 0."""
    if record.get("position") is not None:
        state = game.from_position(record["position"], lazy=True)
    else:
        state = game.new_deal(record["seed"], record.get("dealer"), lazy=True)
    walk = _Walk(game, viewer, BOTTOM if viewer is None else viewer)
    walk.adopt(state, state.opening, [])
    return state, walk


def _step_refused(
    record: Mapping[str, Any], games: Mapping[str, Game], viewer: int | None, index: int
) -> int | None:
    """The replay step that would have taken the refused action `index` (the replay page's
    own step numbers, as its counter says them): the step after those its valid actions before
    it make. None if the record's start cannot be walked."""
    try:
        game = games[record["game"]]
        state, walk = _walk(record, game, viewer)
        for entry in record["actions"][:index]:
            walk.adopt(state, state.settle_all(), [])
            walk.adopt(state, state.apply(entry["seat"], entry["action"]), [])
        walk.adopt(state, state.settle_all(), [])
    except Exception:  # an untrusted record: its step is a courtesy, never a crash
        return None
    return len(walk.steps)


class NoDecisionError(RecordError):
    """The record's action at that index is not one of the seat's decisions with a choice."""


def decision_at(
    record: Mapping[str, Any], games: Mapping[str, Game], seat: int, step: int
) -> dict[str, Any]:
    """The position of the seat's decision `step` (an index of the record's `actions`, as the
    review names decisions), as the seat saw it just before deciding: `{step, seat, table,
    legal_actions, action_facts}`, its own observation only, for the replay page's "try it
    again". Raises NoDecisionError unless that action is the seat's and it had a choice."""
    record = dict(record)
    final = replay(record, dict(games))
    if not final.is_over():
        raise DealNotOverError("result: the deal is not over")
    actions = record["actions"]
    if not 0 <= step < len(actions) or actions[step]["seat"] != seat:
        raise NoDecisionError(f"action {step} is not a decision of seat {seat}")
    game = games[record["game"]]
    if record.get("position") is not None:
        state = game.from_position(record["position"], lazy=True)
    else:
        state = game.new_deal(record["seed"], record.get("dealer"), lazy=True)
    for entry in actions[:step]:
        state.settle_all()
        state.apply(entry["seat"], entry["action"])
    state.settle_all()
    legal = state.legal_actions(seat)
    if len(set(legal)) < 2:
        raise NoDecisionError(f"action {step} was the only move seat {seat} had")
    return {
        "step": step,
        "seat": seat,
        "table": state.observation(seat),
        "legal_actions": legal,
        "action_facts": dict(state.action_facts(seat)),
    }


class _Walk:
    """Versions and steps as `Table._adopt` counts them, for one viewer."""

    def __init__(self, game: Game, viewer: int | None, bottom: int = BOTTOM) -> None:
        self.game = game
        self.viewer = viewer
        self.bottom = bottom  # whose observation each step's table is, its hand "the hand"
        self.versions = [0] * (game.players + 1)  # each seat's, then the spectators'
        self.log: list[dict[str, Any]] = []
        self.steps: list[dict[str, Any]] = []
        self.pending: list[int] = []  # actions taken since the last step the viewer saw

    @property
    def at(self) -> int:
        return -1 if self.viewer is None else self.viewer

    def _sees(self, event: Event) -> bool:
        return event.seat is None if self.viewer is None else event.visible_to(self.viewer)

    def adopt(self, state: State, events: list[Event], actions: list[int]) -> None:
        seen = self.versions[self.at]
        self.pending += actions
        for event in events:
            count_event(self.versions, event, self.game.players)
            if self._sees(event):
                self.log.append({"v": self.versions[self.at], **event.to_json()})
        if self.versions[self.at] != seen or not self.steps:
            self._step(state)

    def close(self, state: State) -> None:
        """The deal's end: decisions after the last step shown (none, as a rule) join it."""
        if self.pending:
            self.steps[-1]["actions"] += self.pending
            self.pending = []

    def _step(self, state: State) -> None:
        self.steps.append(
            {"v": self.versions[self.at], **omniscient(state, self.bottom), "actions": self.pending}
        )
        self.pending = []


def omniscient(state: State, bottom: int = BOTTOM) -> dict[str, Any]:
    """The table as every seat sees itself: the bottom seat's observation, with each seat's
    entry of `seats` taken from that seat's own observation, and every seat's hand."""
    own = [state.observation(seat) for seat in range(state.game.players)]
    table: dict[str, Any] = dict(own[bottom])
    table["seats"] = [own[seat]["seats"][seat] for seat in range(state.game.players)]
    return {"table": table, "hands": [list(o["hand"]) for o in own]}
