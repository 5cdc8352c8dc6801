"""Beyond one process, as deployed (architecture.md §7, issue "Beyond one process"): two web
processes and one AI worker on one PostgreSQL database, started as `docs/deploy.md` says.
Deals of every game are played through both web processes alternately; halfway, one web
process and the worker are killed with -9 while the worker is searching, then started again,
as a supervisor would. Every acknowledged action is kept, none is applied twice, every deal
finishes, and every record replays."""

from __future__ import annotations

import http.client
import os
import random
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardavia.games.registry import GAMES
from cardavia.rules.record import replay
from cardavia.store.base import REVIEW_KEYS
from tests.backends import execute, fresh_database
from tests.live import ServeProcess, cardavia
from tests.processes import alive, children

pytestmark = pytest.mark.postgres

DEALS = 20  # per game
SEARCHING = 4  # of them at the normal level (the worker searches); the rest greedy
DEADLINE_S = 900.0  # for every deal to finish


def _searching(db: str, worker: subprocess.Popen[bytes] | None) -> list[tuple[Any, ...]]:
    """The seats' searches (not reviews) this worker process has taken and not finished: (job
    id, worker). Only this process's: a job a killed worker held keeps its name until its
    lease ends."""
    if worker is None:
        return []
    return execute(
        db,
        "SELECT id, worker FROM jobs WHERE worker LIKE ? AND finished IS NULL AND key NOT LIKE ?",
        (f"%:{worker.pid}/%", REVIEW_KEYS),
    )


@pytest.fixture
def db() -> Iterator[str]:
    with fresh_database() as url:
        yield url


def test_two_web_processes_and_a_worker_killed_mid_search_lose_nothing(
    db: str, tmp_path: Path
) -> None:
    webs = [ServeProcess(db, tmp_path / "web-a.log"), ServeProcess(db, tmp_path / "web-b.log")]
    worker: subprocess.Popen[bytes] | None = None
    try:
        for web in webs:
            web.start()
        worker = cardavia("worker", "--db", db, "--processes", "2", log=tmp_path / "worker.log")
        rng = random.Random(20)
        deals: dict[str, str] = {}  # id -> game
        for game in sorted(GAMES):
            for i in range(DEALS):
                level = "normal" if i < SEARCHING else "greedy"
                status, body = webs[i % 2].call(
                    "POST", "/api/games", {"game": game, "seed": i, "level": level}
                )
                assert status == 201, body
                deals[body["id"]] = game
        acknowledged: dict[str, list[str]] = {d: [] for d in deals}
        uncertain: dict[str, list[str]] = {d: [] for d in deals}
        results: dict[str, Any] = {}
        turn = 0
        killed = restarted = False
        searched_children: list[int] = []
        held: list[Any] = []  # the search the worker was killed in: (job id, worker)
        killed_at = 0.0
        deadline = time.monotonic() + DEADLINE_S

        def up() -> list[ServeProcess]:
            return [w for w in webs if w.process is not None and w.process.poll() is None]

        while len(results) < len(deals):
            assert time.monotonic() < deadline, f"{len(deals) - len(results)} deals unfinished"
            moved = False
            for deal_id in [d for d in deals if d not in results]:
                turn += 1
                live = up()
                web = live[turn % len(live)]  # alternately, through whichever is up
                try:
                    status, body = web.call("GET", f"/api/games/{deal_id}")
                except OSError:
                    continue  # killed between the check and the call
                assert status == 200, body
                view = body["view"]
                if view["over"]:
                    results[deal_id] = view["result"]
                    continue
                if 0 not in view["to_act"] or not view["legal_actions"]:
                    continue
                action = rng.choice(view["legal_actions"])
                try:
                    status, body = web.call(
                        "POST",
                        f"/api/games/{deal_id}/actions",
                        {"action": action, "version": view["version"]},
                    )
                except (OSError, http.client.HTTPException):
                    uncertain[deal_id].append(action)  # the process died mid-request
                    continue
                if status == 200:
                    acknowledged[deal_id].append(action)
                    moved = True
                else:
                    assert status == 409, body  # another step came first: read again
            if not killed and len(results) >= len(deals) // 4 and _searching(db, worker):
                # Kill while the worker is searching: a job taken and not finished. Looked for
                # once a round, not waited for: the searches may all wait for seat 0's moves,
                # which this loop makes (waiting here, it failed when they did).
                assert worker is not None
                searched_children = children(worker.pid)
                os.kill(worker.pid, signal.SIGKILL)
                assert webs[0].process is not None
                os.kill(webs[0].process.pid, signal.SIGKILL)
                worker.wait(10)
                webs[0].process.wait(10)
                # what it held once dead: the search seen may have been answered between the
                # look and the kill (CI saw it once), and another taken
                held = _searching(db, worker)
                killed, killed_at = True, time.monotonic()
            if killed and not restarted and time.monotonic() - killed_at > 3:
                # no search process outlives its worker (reliability review M6)
                assert searched_children and not [p for p in searched_children if alive(p)]
                worker = cardavia(
                    "worker", "--db", db, "--processes", "2", log=tmp_path / "worker.log"
                )
                webs[0].start()
                # killed between searches after all: started again, as a supervisor would,
                # and the next search is looked for
                killed = restarted = bool(held)
            if not moved:
                time.sleep(0.05)
        assert killed, "the worker was never killed while searching"
        assert restarted
        for deal_id in deals:
            stored = execute(
                db, "SELECT n, seat, action FROM actions WHERE deal_id = ? ORDER BY n", (deal_id,)
            )
            assert [n for n, _, _ in stored] == list(range(len(stored)))
            mine = [a for _, seat, a in stored if seat == 0]
            # every acknowledged action is stored, once, in order; an action whose request
            # died with its process may or may not have been stored
            extra = list(mine)
            for action in acknowledged[deal_id]:
                assert action in extra, (deal_id, action)
                extra = extra[extra.index(action) + 1 :]
            assert len(mine) <= len(acknowledged[deal_id]) + len(uncertain[deal_id])
            for _ in range(100):  # this process may still be pacing the deal's last held step
                status, record = webs[1].call("GET", f"/api/games/{deal_id}/record")
                if status != 409:
                    break
                time.sleep(0.1)
            assert status == 200, record
            state = replay(record, dict(GAMES))
            result = state.result()
            assert state.is_over() and result is not None
            assert result.to_json()["scores"] == results[deal_id]["scores"]
        # the job the worker died on was taken again, by the new worker, and answered
        ((tries, by, result),) = execute(
            db, "SELECT tries, worker, result FROM jobs WHERE id = ?", (held[0][0],)
        )
        assert tries >= 2 and by != held[0][1] and result is not None
    finally:
        for web in webs:
            web.stop()
        if worker is not None and worker.poll() is None:
            worker.terminate()
            worker.wait(10)
