"""`cardavia serve` as an operator starts it, with short limits: connections that send nothing
or dribble their request head are closed, and a flood of them does not lock clients out
(reliability review M4). Sockets to 127.0.0.1 only, bounded in count and time."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.live import free_port
from tests.processes import alive, children

pytestmark = pytest.mark.serial  # starts servers and counts their sockets and timings

HEAD_TIMEOUT = 1.0
MAX_CONNECTIONS = 40


@contextmanager
def serving(folder: Path) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """`cardavia serve` with short limits, as an operator starts it."""
    port = free_port()
    log = (folder / "stderr").open("wb")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "cardavia",
            "serve",
            "--port",
            str(port),
            "--db",
            str(folder / "deals.db"),
            "--head-timeout",
            str(HEAD_TIMEOUT),
            "--max-connections",
            str(MAX_CONNECTIONS),
        ],
        stdout=subprocess.DEVNULL,
        stderr=log,
        env={**os.environ},
    )
    url = f"http://127.0.0.1:{port}"
    try:
        # a loaded machine (coverage, two test workers) may take many seconds to start it
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(f"{url}/static/favicon.svg", timeout=2).read()
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise AssertionError((folder / "stderr").read_text()) from None
                time.sleep(0.1)
        yield url, proc
    finally:
        if proc.poll() is None:
            proc.terminate()
            proc.wait(10)
        log.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serving(tmp_path_factory.mktemp("serve")) as (url, _):
        yield url


def _closed_by_server(sock: socket.socket, within: float) -> bool:
    """Whether the server closes the socket within `within` seconds."""
    sock.settimeout(within)
    try:
        return sock.recv(1024) == b""
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


def _port(url: str) -> int:
    return int(url.rsplit(":", 1)[1])


def test_a_connection_that_sends_nothing_is_closed(server: str) -> None:
    with socket.create_connection(("127.0.0.1", _port(server))) as sock:
        assert _closed_by_server(sock, HEAD_TIMEOUT + 4)


def test_a_dribbled_request_head_is_closed(server: str) -> None:
    with socket.create_connection(("127.0.0.1", _port(server))) as sock:
        start = time.monotonic()
        closed = False
        for part in (
            b"GET / HTTP/1.1\r\n",
            b"Host: x\r\n",
            b"X-a: 1\r\n",
            b"X-b: 2\r\n",
            b"X-c: 3\r\n",
            b"X-d: 4\r\n",
            b"X-e: 5\r\n",
            b"X-f: 6\r\n",
        ):
            try:
                sock.sendall(part)
            except OSError:
                closed = True
                break
            if _closed_by_server(sock, 0.5):
                closed = True
                break
        assert closed and time.monotonic() - start < HEAD_TIMEOUT + 4


def test_a_dribbled_body_is_refused(server: str) -> None:
    with socket.create_connection(("127.0.0.1", _port(server))) as sock:
        sock.sendall(
            b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: 100\r\n\r\n{"
        )
        sock.settimeout(20)
        answer = sock.recv(4096)
        assert answer.startswith(b"HTTP/1.1 408"), answer[:80]


def test_blank_lines_between_requests_do_not_keep_a_connection(server: str) -> None:
    with socket.create_connection(("127.0.0.1", _port(server))) as sock:
        sock.sendall(b"GET /static/favicon.svg HTTP/1.1\r\nHost: x\r\n\r\n")
        sock.settimeout(5)
        assert sock.recv(4096).startswith(b"HTTP/1.1 200")
        start, closed = time.monotonic(), False
        while time.monotonic() - start < HEAD_TIMEOUT + 4:
            try:
                sock.sendall(b"\r\n")
            except OSError:
                closed = True
                break
            if _closed_by_server(sock, 0.3):
                closed = True
                break
        assert closed


def test_long_polls_are_never_the_ones_closed(server: str) -> None:
    request = urllib.request.Request(
        f"{server}/api/games",
        data=b'{"game": "chuopai", "level": "greedy", "seed": 4}',
        headers={"content-type": "application/json"},
        method="POST",
    )
    deal = json.load(urllib.request.urlopen(request, timeout=10))
    version = deal["view"]["version"] + 1000  # never reached: each poll is held its 25 s
    polls = [socket.create_connection(("127.0.0.1", _port(server))) for _ in range(10)]
    idle: list[socket.socket] = []
    try:
        for sock in polls:
            sock.sendall(
                f"GET /api/games/{deal['id']}?wait={version} HTTP/1.1\r\nHost: x\r\n\r\n".encode()
            )
        # one answered request after them: the server has accepted and read the polls (a sleep
        # here was too short when the server got no CPU meanwhile)
        urllib.request.urlopen(f"{server}/static/favicon.svg", timeout=30).read()
        idle = [
            socket.create_connection(("127.0.0.1", _port(server)))
            for _ in range(2 * MAX_CONNECTIONS)
        ]
        time.sleep(0.3)
        assert not any(_closed_by_server(sock, 0.01) for sock in polls)
    finally:
        for sock in polls + idle:
            sock.close()


def test_a_flood_of_idle_connections_does_not_lock_clients_out(server: str) -> None:
    idle = [
        socket.create_connection(("127.0.0.1", _port(server))) for _ in range(3 * MAX_CONNECTIONS)
    ]
    try:
        with urllib.request.urlopen(f"{server}/en/", timeout=5) as answer:
            assert answer.status == 200
        # the oldest idle ones made room: at most the cap is still open
        time.sleep(0.3)
        still_open = sum(not _closed_by_server(s, 0.01) for s in idle)
        assert still_open <= MAX_CONNECTIONS
    finally:
        for s in idle:
            s.close()


def _new_deal(url: str, game: str, level: str) -> Any:
    """A deal (seed 1) made through the API of the server at `url`: its answer."""
    request = urllib.request.Request(
        f"{url}/api/games",
        data=json.dumps({"game": game, "level": level, "seed": 1}).encode(),
        headers={"content-type": "application/json"},
        method="POST",
    )
    return json.loads(urllib.request.urlopen(request, timeout=10).read())


# M6 (with issue "Beyond one process"): no search worker outlives its server.
@pytest.mark.parametrize("stop", [signal.SIGKILL, signal.SIGTERM])
def test_no_search_worker_outlives_its_server(tmp_path: Path, stop: signal.Signals) -> None:
    with serving(tmp_path) as (url, proc):
        _new_deal(url, "nantong", "hard")
        for _ in range(200):  # the AI seats start searching: the workers are spawned
            workers = children(proc.pid)
            if len(workers) >= 2:  # a worker and multiprocessing's resource tracker
                break
            time.sleep(0.1)
        assert workers, "no worker was started"
        time.sleep(1.0)  # mid-search
        proc.send_signal(stop)
        proc.wait(15)
        for _ in range(100):
            if not [p for p in workers if alive(p)]:
                break
            time.sleep(0.1)
        left = [p for p in workers if alive(p)]
        assert not left, f"still running after the server stopped: {left}"


def test_a_long_poll_is_answered_as_json_when_the_server_stops(tmp_path: Path) -> None:
    """A poll held open as the server stops gets the view as it is, as JSON, at once: not a
    plain-text 500 when the grace ends, which a proxy would not retry (QA), nor an error log."""
    with serving(tmp_path) as (url, proc):
        made = _new_deal(url, "sisepai", "greedy")
        version = made["view"]["version"]
        answers: list[tuple[int, str, bytes, float]] = []

        def poll() -> None:
            started = time.monotonic()
            try:
                response = urllib.request.urlopen(
                    f"{url}/api/games/{made['id']}?wait={version}", timeout=30
                )
                status, kind, body = (
                    response.status,
                    response.headers["content-type"],
                    response.read(),
                )
            except urllib.error.HTTPError as err:
                status, kind, body = err.code, err.headers["content-type"], err.read()
            answers.append((status, kind, body, time.monotonic() - started))

        poller = threading.Thread(target=poll)
        poller.start()
        time.sleep(1.0)  # held: the spectator's view does not change while seat 0 thinks
        assert not answers, answers
        proc.send_signal(signal.SIGTERM)
        poller.join(20)
        proc.wait(15)
    ((status, kind, body, _),) = answers
    assert status == 200 and kind == "application/json", (status, kind, body[:200])
    assert json.loads(body)["view"]["version"] == version
    log = (tmp_path / "stderr").read_text()
    assert "ERROR" not in log and "Traceback" not in log, log[-2000:]
