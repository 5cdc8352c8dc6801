"""The real site in a test: under uvicorn in a thread, on a free loopback port, with the settings
`cardavia serve` uses (`web/server.py`), for the browser tests and the fuzzer of the live site;
or `cardavia serve` itself in a process of its own (`ServeProcess`), to kill as an operator's
machine may be."""

from __future__ import annotations

import contextlib
import http.client
import json
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import uvicorn

from cardavia.web.app import create_app
from cardavia.web.server import config as server_config
from tests.seated import auth, remember


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class LiveServer:
    """The site on `port` (a free one if not given) with the SQLite file `db`; `stop()` and
    `start()` again make a restart: a new app, with nothing of the old one in memory. A deal's
    review is made when asked for, not as the deal ends: reviewing every deal the browser tests
    finish kept a core busy all through them (CI)."""

    def __init__(self, db: Path, port: int | None = None) -> None:
        self.db, self.port = db, port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        # friends' tables may be dealt from `?seed=` here, as tests need (never on the site)
        app = create_app(self.db, seeds_with_friends=True, reviews_at_end=False)
        config = server_config(app, "127.0.0.1", self.port)
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._server.run, daemon=True)
        self._thread.start()
        for _ in range(200):
            if self._server.started:
                return
            time.sleep(0.05)
        raise RuntimeError(f"the site did not start on port {self.port}")

    def stop(self) -> None:
        assert self._server is not None and self._thread is not None
        self._server.should_exit = True
        self._thread.join(10)


def cardavia(*args: str, log: Path) -> subprocess.Popen[bytes]:
    """`cardavia ARGS…` in a process (and session) of its own, its output appended to `log`."""
    with log.open("ab") as out:
        return subprocess.Popen(
            [sys.executable, "-m", "cardavia", *args],
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )


class ServeProcess:
    """`cardavia serve --db DB` in a process of its own, as on a machine of its own; by default
    with no AI worker in it (`cardavia worker` processes take the jobs)."""

    def __init__(self, db: str, log: Path, *options: str) -> None:
        self.db, self.log, self.port = db, log, free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.options = options or ("--ai-processes", "0")
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = cardavia(
            "serve",
            "--db",
            self.db,
            "--port",
            str(self.port),
            "--creates-per-minute",
            "0",
            *self.options,
            log=self.log,
        )
        for _ in range(300):
            with contextlib.suppress(OSError):
                if self.call("GET", "/healthz")[0] == 200:
                    return
            time.sleep(0.1)
        raise AssertionError(f"the web process did not start: {self.log.read_text()[-2000:]}")

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            headers = {"content-type": "application/json"} if body is not None else {}
            conn.request(
                method, path, json.dumps(body) if body is not None else None, auth(path, headers)
            )
            response = conn.getresponse()
            answer = json.loads(response.read() or b"null")
            if response.status == 201:
                remember(answer)
            return response.status, answer
        finally:
            conn.close()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
