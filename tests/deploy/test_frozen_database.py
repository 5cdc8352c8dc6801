"""A PostgreSQL server that holds its connections but answers nothing (frozen: SIGSTOP, a hung
disk), played by a relay that stops relaying (tests/freeze.py). The operator walk of
2026-12-06 found a worker that did not end on SIGTERM until the server came back (601 s), and
a `/readyz` that never answered, where docs/deploy.md promises an end within systemd's
TimeoutStopSec (15 s) and a 503 after 5 s."""

from __future__ import annotations

import http.client
import json
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.backends import fresh_database
from tests.freeze import FreezableRelay
from tests.live import ServeProcess, cardavia

pytestmark = pytest.mark.postgres

STOP_UNIT_S = 15.0  # the units' TimeoutStopSec (docs/deploy.md), after which systemd kills


@pytest.fixture
def relay() -> Iterator[FreezableRelay]:
    with fresh_database() as url:
        relay = FreezableRelay(url)
        try:
            yield relay
        finally:
            relay.close()


def _started(proc: subprocess.Popen[bytes], log: Path, banner: str) -> None:
    deadline = time.monotonic() + 60
    while banner not in log.read_text():
        assert proc.poll() is None and time.monotonic() < deadline, log.read_text()[-3000:]
        time.sleep(0.1)


def test_a_worker_ends_on_sigterm_while_the_database_is_frozen(
    relay: FreezableRelay, tmp_path: Path
) -> None:
    log = tmp_path / "worker.log"
    worker = cardavia("worker", "--db", relay.url, "--processes", "1", log=log)
    try:
        _started(worker, log, "Cardavia worker")
        relay.freeze()
        # its idle loop looks for a job every 2 s: once one look is sent, it waits for ever
        assert relay.held.wait(30), log.read_text()
        signalled = time.monotonic()
        worker.send_signal(signal.SIGTERM)
        try:
            code = worker.wait(STOP_UNIT_S)
        except subprocess.TimeoutExpired:
            raise AssertionError(
                f"the worker still ran {STOP_UNIT_S:g} s after SIGTERM:\n{log.read_text()}"
            ) from None
        took = time.monotonic() - signalled
        assert code == 1, (code, log.read_text())  # it did stop, without the store
        assert "stopped without the store" in log.read_text(), (took, log.read_text())
    finally:
        if worker.poll() is None:
            worker.kill()
            worker.wait(10)


def test_readyz_answers_503_while_the_database_is_frozen(
    relay: FreezableRelay, tmp_path: Path
) -> None:
    server = ServeProcess(relay.url, tmp_path / "web.log")
    server.start()
    try:
        assert server.call("GET", "/readyz") == (200, {"status": "ready"})
        relay.freeze()
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        try:
            conn.request("GET", "/readyz")
            response = conn.getresponse()
            body = json.loads(response.read())
        finally:
            conn.close()
        assert response.status == 503 and body["error"]["code"] == "store_unavailable", body
        assert server.call("GET", "/healthz") == (200, {"status": "ok"})  # the process lives
        # and it still stops when told, its check's thread waiting on the database or not
        assert server.process is not None
        server.process.send_signal(signal.SIGTERM)
        try:
            server.process.wait(STOP_UNIT_S)
        except subprocess.TimeoutExpired:
            raise AssertionError(
                f"the web process still ran {STOP_UNIT_S:g} s after SIGTERM"
            ) from None
    finally:
        server.stop()
