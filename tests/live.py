"""The real site in a test: under uvicorn in a thread, on a free loopback port, with the settings
`cardavia serve` uses (`web/server.py`). For the browser tests and the fuzzer of the live site."""

from __future__ import annotations

import socket
import threading
import time
from pathlib import Path

import uvicorn

from cardavia.web.app import create_app
from cardavia.web.server import config as server_config


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class LiveServer:
    """The site on `port` (a free one if not given) with the SQLite file `db`; `stop()` and
    `start()` again make a restart: a new app, with nothing of the old one in memory."""

    def __init__(self, db: Path, port: int | None = None) -> None:
        self.db, self.port = db, port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        config = server_config(create_app(self.db), "127.0.0.1", self.port)
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
