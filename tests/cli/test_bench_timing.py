"""`cardavia bench --timing` (docs/benchmarks.md, "Claim-window timing"): the report's shape,
and which human actions count as "an AI seat was asked". No timed assertions."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any, cast

import pytest

from cardavia.bench_timing import (
    CLASSES,
    ai_turn_next,
    classify,
    classify_record,
    format_report,
    separation,
)
from cardavia.cli import main
from cardavia.games.registry import GAMES
from cardavia.rules.core import State
from cardavia.store.sqlite import SQLiteStore
from cardavia.table.live import HUMAN, Tables
from tests.table.helpers import run

# Chuo Pai has no claim window (every seat plays or passes in turn, CP§3): nothing to tell.
NO_CLAIMS = {"chuopai"}
CLAIM_GAMES = sorted(GAMES.keys() - NO_CLAIMS)
# In Nantong only a pong or a kong claims a discard (no runs, and four copies of a card): two
# seats never both hold the pair a claim needs, so its windows ask one seat at a time.
ONE_SEAT_WINDOWS = {"nantong"}


def _human_decisions(game: str, deals: int = 20) -> Any:
    """Lazy deals played with random moves, stepped as a table steps them: every state where
    the human owes a decision (a clone, free to play on)."""
    for seed in range(deals):
        state = GAMES[game].new_deal(seed, lazy=True)
        rng = random.Random(seed)
        while True:
            state.settle_all()
            if state.is_over():
                break
            if HUMAN in state.to_act():
                yield state.clone()
            seat = HUMAN if HUMAN in state.to_act() else state.to_act()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))


def _after(state: State, *moves: tuple[int, str]) -> State:
    state = state.clone()
    for seat, action in moves:
        state.apply(seat, action)
    return state


def _window_seats(state: State) -> set[int]:
    """The seats the engine's open claim window offers a claim (each claim game has one)."""
    window = getattr(state, "window", None)
    return set(window.options) if window is not None else set()


@pytest.mark.parametrize("game", CLAIM_GAMES)
def test_a_discard_an_ai_seat_can_claim_is_asked_one_none_can_is_not(game: str) -> None:
    for state in _human_decisions(game):
        discards = [a for a in state.legal_actions(HUMAN) if a.startswith("discard ")]
        after = {a: _after(state, (HUMAN, a)) for a in discards}
        claimable = [a for a, s in after.items() if _window_seats(s) - {HUMAN}]
        unclaimable = [a for a, s in after.items() if not _window_seats(s)]
        if claimable and unclaimable:
            break
    else:
        pytest.fail(f"{game}: no discard found that an AI seat can claim beside one none can")
    asked, quiet = after[claimable[0]], after[unclaimable[0]]
    assert classify(asked) == "asked"
    # nobody is asked: the deal holds its next step, as if somebody were deciding
    assert classify(quiet) == "not_asked" and quiet.unsettled() and quiet.to_act() == ()
    assert asked.public_to_act() == quiet.public_to_act() == ()  # the view shows neither


@pytest.mark.parametrize("game", sorted(set(CLAIM_GAMES) - ONE_SEAT_WINDOWS))
def test_a_window_asks_you_and_an_ai_seat_it_is_asked_if_you_answer_first(game: str) -> None:
    for state in _human_decisions(game):
        others = [s for s in state.to_act() if s != HUMAN and len(state.legal_actions(s)) > 1]
        if others:
            break
    else:
        pytest.fail(f"{game}: no claim window that asks the human beside an AI seat")
    mine = state.legal_actions(HUMAN)[-1]
    assert classify(_after(state, (HUMAN, mine))) == "asked"  # the AI seat is still deciding
    everyone_else = [(s, state.legal_actions(s)[-1]) for s in state.to_act() if s != HUMAN]
    answered_last = _after(state, *everyone_else, (HUMAN, mine))
    assert classify(answered_last) == "not_asked" and answered_last.unsettled()


class _Stub:
    """Just what `classify` reads of a State."""

    def __init__(
        self, to_act: tuple[int, ...], public: tuple[int, ...], legal: dict[int, list[str]]
    ) -> None:
        self._to_act, self._public, self._legal = to_act, public, legal

    def to_act(self) -> tuple[int, ...]:
        return self._to_act

    def public_to_act(self) -> tuple[int, ...]:
        return self._public

    def legal_actions(self, seat: int) -> list[str]:
        return self._legal.get(seat, [])


@pytest.mark.parametrize(
    ("to_act", "public", "legal", "expected", "turn"),
    [
        ((), (), {}, "not_asked", False),  # a held step
        ((1,), (1,), {1: ["discard a", "discard b"]}, "not_asked", True),  # a public turn
        ((2,), (), {2: ["claim x", "pass"]}, "asked", False),
        ((2,), (), {2: ["claim x"]}, "asked_no_choice", False),  # must claim
        ((1, 2), (), {1: ["claim x"], 2: ["claim y", "pass"]}, "asked", False),
        ((0,), (), {0: ["claim x", "pass"]}, "not_asked", False),  # only the human
    ],
)
def test_classes(
    to_act: tuple[int, ...],
    public: tuple[int, ...],
    legal: dict[int, list[str]],
    expected: str,
    turn: bool,
) -> None:
    state = cast(State, _Stub(to_act, public, legal))
    assert classify(state) == expected and ai_turn_next(state) is turn


@pytest.mark.parametrize("game", CLAIM_GAMES)
def test_the_record_is_classified_as_the_table_stood_after_each_human_action(
    game: str, tmp_path: Path
) -> None:
    """`classify_record` rebuilds the true deal the way a live table steps it: the classes
    match those of the table's own state right after each human action."""

    async def play() -> tuple[list[str], dict[str, Any]]:
        tables = Tables(SQLiteStore(tmp_path / "deals.db"), GAMES)
        table = await tables.create(game, 3, "greedy")
        rng, seen = random.Random(3), []
        await tables.drain()
        while not table.state.is_over():
            action = rng.choice(table.state.legal_actions(HUMAN))
            await tables.human_act(table, action, table.version)
            seen.append(classify(table.state))  # the AI seats have not run yet
            await tables.drain()
        record = table.record()
        await tables.close()
        return seen, record

    seen, record = run(play())
    assert [c for c, _, _ in classify_record(record)] == seen


def test_separation() -> None:
    apart = separation([20.0, 30.0, 40.0], [1.0, 2.0, 3.0])
    assert apart["best_balanced_accuracy"] == 1.0 and apart["asked_slower"]
    assert 3.0 < apart["threshold_ms"] < 20.0
    assert apart["fixed"]["asked_right"] == 3 and apart["fixed"]["not_asked_right"] == 3
    same = separation([1.0, 2.0, 3.0, 4.0], [1.0, 2.0, 3.0, 4.0])
    assert same["best_balanced_accuracy"] == 0.5 and same["threshold_ms"] is None
    assert separation([], [1.0])["best_balanced_accuracy"] is None


def test_bench_timing_measures_and_classifies_every_human_action(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["bench", "--timing", "--deals", "1", "--level", "greedy", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["level"] == "greedy" and report["deals_per_game"] == 1
    assert sorted(report["skipped"]) == sorted(NO_CLAIMS)  # no claim windows
    assert sorted(g["game"] for g in report["games"]) == sorted(CLAIM_GAMES)
    for g in report["games"]:
        assert g["deals"] == 1 and g["human_actions"] > 0
        assert set(g["counts"]) == set(CLASSES) == set(g["ms"]) == set(g["times_ms"])
        # every human action got a class; each is timed or says why not
        assert sum(g["counts"].values()) == g["human_actions"]
        timed = sum(g["ms"][c]["n"] for c in CLASSES)
        assert timed + sum(g["untimed"].values()) == g["human_actions"]
        for c in CLASSES:
            assert len(g["times_ms"][c]) == g["ms"][c]["n"]
            assert all(t >= 0 for t in g["times_ms"][c])
        assert set(g["separation"]) >= {"best_balanced_accuracy", "threshold_ms", "fixed"}
    text = format_report(report)
    assert all(f"| {game} |" in text for game in CLAIM_GAMES)
    assert all(f"{game}: skipped" in text for game in NO_CLAIMS)
