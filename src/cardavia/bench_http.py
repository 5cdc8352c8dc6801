"""`cardavia bench --http`: latency of the JSON API with many deals in progress at once.

Starts `cardavia serve` in a child process on a free loopback port with a fresh SQLite file,
then plays `deals` deals concurrently from threads (one keep-alive connection each). Each
player reads its view (GET, timed), acts when it must (POST, timed) and then long-polls for the
AI seats (not timed: that is the AI's thinking and pacing, not the server's latency).
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from cardavia.ai.stats import percentile


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


# Each deal's seat token, from its creation, for every client of the benchmark (its threads).
_TOKENS: dict[str, str] = {}
_DEAL_PATH = re.compile(r"/api/games/([A-Za-z0-9_-]+)")


class _Client:
    """A player's connection: it sends each deal's seat token to that deal (architecture.md §6)."""

    def __init__(self, port: int) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any, float]:
        data = json.dumps(body).encode() if body is not None else None
        headers = {"content-type": "application/json"} if data else {}
        deal = _DEAL_PATH.match(path)
        if deal and deal.group(1) in _TOKENS:
            headers["authorization"] = f"Bearer {_TOKENS[deal.group(1)]}"
        start = time.perf_counter()
        self.conn.request(method, path, body=data, headers=headers)
        response = self.conn.getresponse()
        payload = json.loads(response.read())
        if response.status == 201 and isinstance(payload, dict) and "token" in payload:
            _TOKENS[payload["id"]] = payload["token"]
        return response.status, payload, time.perf_counter() - start


def _player(
    port: int,
    game: str,
    level: str,
    seed: int,
    until: float,
    think: float,
    out: dict[str, list[float]],
    errors: list[str],
    lock: threading.Lock,
) -> None:
    rng = random.Random(seed)
    client = _Client(port)
    gets: list[float] = []
    posts: list[float] = []
    try:
        status, body, _ = client.call(
            "POST", "/api/games", {"game": game, "seed": seed, "level": level}
        )
        deal, view = body["id"], body["view"]
        while time.time() < until:
            status, body, elapsed = client.call("GET", f"/api/games/{deal}")
            gets.append(elapsed)
            view = body["view"]
            if view["over"]:
                status, body, _ = client.call(
                    "POST",
                    "/api/games",
                    {"game": game, "level": level, "seed": rng.randrange(10**9)},
                )
                deal = body["id"]
                continue
            if view["legal_actions"]:
                time.sleep(rng.uniform(0.5, 1.5) * think)  # the human thinks
                action = rng.choice(view["legal_actions"])
                status, body, elapsed = client.call(
                    "POST",
                    f"/api/games/{deal}/actions",
                    {"action": action, "version": view["version"]},
                )
                if status == 200:
                    posts.append(elapsed)
                elif status != 409:
                    errors.append(f"{status} {body}")
                view = body.get("view", view)
            if not view["legal_actions"] and not view["over"]:
                # wait for the AI seats (not timed)
                client.call("GET", f"/api/games/{deal}?wait={view['version']}")
    except (OSError, KeyError, ValueError) as err:
        errors.append(repr(err))
    with lock:
        out["get"].extend(gets)
        out["post"].extend(posts)


@contextlib.contextmanager
def running_server() -> Iterator[int]:
    """`cardavia serve` in a child process on a free loopback port with a fresh SQLite file in a
    temporary directory; yields the port once the server accepts connections."""
    port = _free_port()
    with (
        tempfile.TemporaryDirectory() as tmp,
        subprocess.Popen(
            # one client makes every deal: no per-client limit on creating them
            [
                sys.executable,
                "-m",
                "cardavia",
                "serve",
                "--port",
                str(port),
                "--db",
                str(Path(tmp) / "bench.db"),
                "--creates-per-minute",
                "0",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            env={**os.environ},
        ) as server,
    ):
        try:
            for _ in range(100):
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                    break
                except OSError:
                    time.sleep(0.1)
            yield port
        finally:
            server.terminate()
            server.wait(10)


def run_http_bench(
    game: str, deals: int = 50, seconds: float = 20.0, think: float = 0.0, level: str = "normal"
) -> dict[str, Any]:
    """`think`: a player's mean thinking time per decision (0: as fast as possible); `level`:
    the AI seats' level (normal and hard search in worker processes meanwhile)."""
    with running_server() as port:
        out: dict[str, list[float]] = {"get": [], "post": []}
        errors: list[str] = []
        lock = threading.Lock()
        until = time.time() + seconds
        threads = [
            threading.Thread(
                target=_player, args=(port, game, level, 1000 + i, until, think, out, errors, lock)
            )
            for i in range(deals)
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    ms = {key: [v * 1000 for v in values] for key, values in out.items()}
    return {
        "game": game,
        "deals_in_progress": deals,
        "seconds": seconds,
        "think_seconds": think,
        "level": level,
        "requests": {key: len(v) for key, v in ms.items()},
        "get_view_ms": {
            "median": statistics.median(ms["get"]) if ms["get"] else None,
            "p95": percentile(ms["get"], 0.95),
        },
        "post_action_ms": {
            "median": statistics.median(ms["post"]) if ms["post"] else None,
            "p95": percentile(ms["post"], 0.95),
        },
        "errors": errors[:5],
        "error_count": len(errors),
    }
