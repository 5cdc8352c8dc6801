"""`cardavia serve --workers N` (architecture.md §7): N web processes on one socket over one
PostgreSQL database with the AI worker in the supervising process; a web process killed with -9
is replaced and the deals go on; SIGTERM stops every process it started; with a SQLite file the
option is refused."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.backends import fresh_database
from tests.live import ServeProcess
from tests.processes import alive, children, descendants

pytestmark = pytest.mark.postgres


@pytest.fixture
def db() -> Iterator[str]:
    with fresh_database() as url:
        yield url


def _play(server: ServeProcess, deal_id: str, deadline: float) -> dict[str, object]:
    """Play seat 0's first legal action until the deal is over; its final view."""
    while time.monotonic() < deadline:
        try:
            status, body = server.call("GET", f"/api/games/{deal_id}")
        except OSError:
            time.sleep(0.1)  # a web process that died mid-answer: the next one answers
            continue
        assert status == 200, body
        view = body["view"]
        if view["over"]:
            return dict(view)
        if 0 in view["to_act"] and view["legal_actions"]:
            with contextlib.suppress(OSError):
                server.call(
                    "POST",
                    f"/api/games/{deal_id}/actions",
                    {"action": view["legal_actions"][0], "version": view["version"]},
                )
        else:
            time.sleep(0.05)
    raise AssertionError("the deal did not finish")


def test_web_processes_share_the_deals_and_one_killed_is_replaced(db: str, tmp_path: Path) -> None:
    server = ServeProcess(db, tmp_path / "serve.log", "--workers", "2", "--ai-processes", "2")
    server.start()
    try:
        assert server.process is not None
        supervisor = server.process.pid
        time.sleep(1.0)
        family = descendants(supervisor)
        webs = [
            p
            for p in children(supervisor)
            if "multiprocessing" in Path(f"/proc/{p}/cmdline").read_text()
        ]
        assert len(webs) >= 2, family
        ids = []
        for seed in range(6):
            status, body = server.call(
                "POST", "/api/games", {"game": "paohuzi", "seed": seed, "level": "normal"}
            )
            assert status == 201, body
            ids.append(body["id"])
        deadline = time.monotonic() + 180
        os.kill(webs[0], signal.SIGKILL)  # one web process dies: its socket peer answers
        for deal_id in ids:
            view = _play(server, deal_id, deadline)
            assert view["result"] is not None
        assert not alive(webs[0])
        # the supervisor started another web process in its place
        assert len([p for p in children(supervisor) if p not in family]) >= 1
        everyone = descendants(supervisor)
        server.process.send_signal(signal.SIGTERM)
        server.process.wait(30)
        time.sleep(1.5)
        assert not [p for p in everyone if alive(p)], "a process outlived the server"
    finally:
        server.stop()


def test_the_supervisor_killed_takes_its_processes_with_it(db: str, tmp_path: Path) -> None:
    """Reliability review M6: kill -9 of the supervisor leaves no web or search process."""
    server = ServeProcess(db, tmp_path / "serve.log", "--workers", "2", "--ai-processes", "1")
    server.start()
    assert server.process is not None
    status, _body = server.call("POST", "/api/games", {"game": "sisepai", "level": "hard"})
    assert status == 201
    time.sleep(1.0)
    everyone = descendants(server.process.pid)
    assert len(everyone) >= 3, everyone  # two web processes and a searching one at least
    server.process.kill()
    server.process.wait(10)
    for _ in range(100):
        if not [p for p in everyone if alive(p)]:
            break
        time.sleep(0.1)
    assert not [p for p in everyone if alive(p)], "a process outlived its killed server"


def test_several_web_processes_need_postgresql(tmp_path: Path) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "cardavia",
            "serve",
            "--workers",
            "2",
            "--db",
            str(tmp_path / "deals.db"),
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert "--workers needs a PostgreSQL --db" in done.stderr
