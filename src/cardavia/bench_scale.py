"""`cardavia bench --scale`: the site beyond one process (docs/benchmarks.md, "Beyond one
process"). Four measurements, each against `cardavia serve` started in a child process on a
free loopback port with a fresh database (a SQLite file in a temporary folder, or a new
database on the PostgreSQL server `pg` names, dropped afterwards), stopped in `finally`:

- `throughput`: views a second at saturation (`GET /api/games/{id}` on existing greedy deals
  waiting for seat 0), one process on SQLite, `--workers 1` and `--workers N` on PostgreSQL,
  the servers measured in turn, round after round, in one run.
- `pace`: view and action latency with many deals played at people's pace (read the view,
  think 2-5 s, act, long-poll) while hard-level AI seats search all the time.
- `flood`: another client's AI turn (from its action's answer to the view in which seat 0 must
  act again) while one client address floods the server with searching deals, against the
  same measurement with no flood, in one run.
- `memory`: the RSS of the server process and of its children over many unknown-id requests
  and over many created deals.

The load generator runs in this process (or wrk, for `throughput`) and shares the machine's
cores with the servers. Every count and time is bounded by its arguments; nothing here asserts
a time.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import random
import re
import secrets
import shutil
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from cardavia.ai.stats import percentile
from cardavia.bench_http import _Client, _free_port
from cardavia.games.registry import GAMES

LOAD, FLOOD, VICTIM = "127.0.0.1", "127.0.0.2", "127.0.0.3"  # client addresses (all loopback)
IDLE_RECONNECT_S = 4.0  # the server closes a connection idle 5 s: reconnect before that
# The first game of the list: the HTTP paths under load are the same for every game.
GAME = next(iter(GAMES))


# ---------------------------------------------------------------------------------------------
# Clients, servers, databases


class _From(_Client):
    """A keep-alive client whose requests come from `source` (any 127.0.0.0/8 address is this
    machine's loopback), so the server counts it as that client. Reconnects when the server
    closed the connection (idle between requests)."""

    def __init__(self, port: int, source: str = LOAD, timeout: float = 60.0) -> None:
        self.port, self.source, self.timeout = port, source, timeout
        self.conn = self._connect()
        self.last = time.monotonic()
        self.fresh = True  # whether the last call went on a new connection

    def _connect(self) -> http.client.HTTPConnection:
        return http.client.HTTPConnection(
            "127.0.0.1", self.port, timeout=self.timeout, source_address=(self.source, 0)
        )

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any, float]:
        fresh = self.conn.sock is None
        if time.monotonic() - self.last > IDLE_RECONNECT_S:
            self.conn.close()
            self.conn = self._connect()
            fresh = True
        try:
            result = super().call(method, path, body)
        except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
            self.conn.close()  # closed between requests by the server: once more, afresh
            self.conn = self._connect()
            fresh = True
            result = super().call(method, path, body)
        self.last = time.monotonic()
        self.fresh = fresh
        return result

    def close(self) -> None:
        self.conn.close()


@dataclass
class Server:
    """A running `cardavia serve`: its port, process and how it was started."""

    port: int
    process: subprocess.Popen[bytes]
    store: str  # "sqlite" or "postgresql"
    db: str
    workers: int
    log: Path

    def warnings(self) -> list[str]:
        """What it wrote to stderr (its banner goes to stdout; its log records, warnings and
        up, come here without their level when no handler is set), line by line."""
        try:
            text = self.log.read_text(errors="replace")
        except OSError:
            return []
        return [line for line in text.splitlines() if line.strip()]


def _pg_database(server_url: str, name: str) -> str:
    return urlsplit(server_url)._replace(path=f"/{name}").geturl()


@contextlib.contextmanager
def fresh_db(store: str, pg: str | None) -> Iterator[str]:
    """A new, empty database: a SQLite file in a temporary folder, or a database made on the
    PostgreSQL server `pg` (its maintenance URL) and dropped afterwards."""
    if store == "sqlite":
        with tempfile.TemporaryDirectory(prefix="cardavia-scale-") as tmp:
            yield str(Path(tmp) / "deals.db")
        return
    if not pg:
        raise ValueError("a PostgreSQL run needs --pg URL (or $CARDAVIA_TEST_PG)")
    import psycopg
    from psycopg import sql

    name = f"cardavia_bench_{secrets.token_hex(6)}"
    with psycopg.connect(pg, autocommit=True) as conn:
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        yield _pg_database(pg, name)
    finally:
        with psycopg.connect(pg, autocommit=True) as conn:
            conn.execute(sql.SQL("DROP DATABASE {} WITH (FORCE)").format(sql.Identifier(name)))


@contextlib.contextmanager
def scale_server(
    store: str = "sqlite",
    pg: str | None = None,
    workers: int = 1,
    ai_processes: int | None = None,
    creates_per_minute: float = 0.0,
) -> Iterator[Server]:
    """`cardavia serve` on a free loopback port and a fresh database, in a session of its own;
    yields once `/healthz` answers, and stops it (and whatever it started) afterwards."""
    with fresh_db(store, pg) as db, tempfile.TemporaryDirectory(prefix="cardavia-log-") as tmp:
        port = _free_port()
        command = [
            sys.executable,
            "-m",
            "cardavia",
            "serve",
            "--port",
            str(port),
            "--db",
            db,
            "--creates-per-minute",
            f"{creates_per_minute:g}",
        ]
        if workers != 1:
            command += ["--workers", str(workers)]
        if ai_processes is not None:
            command += ["--ai-processes", str(ai_processes)]
        log = Path(tmp) / "serve.log"
        with open(log, "wb") as err:
            process = subprocess.Popen(
                command,
                stdout=subprocess.DEVNULL,
                stderr=err,
                start_new_session=True,
                env={**os.environ},
            )
        server = Server(port, process, store, db, workers, log)
        try:
            _wait_healthy(server)
            yield server
        finally:
            _stop(process)


def _wait_healthy(server: Server, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise RuntimeError(
                f"cardavia serve exited ({server.process.returncode}): "
                + server.log.read_text(errors="replace")[-500:]
            )
        with contextlib.suppress(OSError, http.client.HTTPException):
            conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=2)
            conn.request("GET", "/healthz")
            if conn.getresponse().status == 200:
                conn.close()
                return
        time.sleep(0.1)
    raise RuntimeError(f"cardavia serve did not answer within {timeout:g} s")


def _stop(process: subprocess.Popen[bytes]) -> None:
    """SIGTERM, then SIGKILL to the server's own process group (it was started in a session of
    its own: its web and search processes and nothing else)."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait(5)
    with contextlib.suppress(ProcessLookupError):  # a child left behind
        os.killpg(process.pid, signal.SIGKILL)


# ---------------------------------------------------------------------------------------------
# Helpers shared by the measurements


def _ms(seconds: list[float]) -> dict[str, float | None]:
    values = [s * 1000 for s in seconds]
    if not values:
        return {"n": 0, "p50": None, "p95": None, "p99": None, "max": None}
    return {
        "n": len(values),
        "p50": round(statistics.median(values), 2),
        "p95": round(percentile(values, 0.95), 2),
        "p99": round(percentile(values, 0.99), 2),
        "max": round(max(values), 2),
    }


def _parallel(count: int, target: Callable[[int], None]) -> None:
    threads = [threading.Thread(target=target, args=(i,), daemon=True) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def create_deals(
    port: int, count: int, level: str, threads: int = 8, source: str = LOAD, seed0: int = 0
) -> list[str]:
    """`count` deals of Sì Sè Pái at `level`, created from `threads` clients; their ids."""
    ids: list[str] = []
    lock = threading.Lock()
    failures: list[str] = []

    def work(t: int) -> None:
        client = _From(port, source)
        try:
            for i in range(t, count, threads):
                status, body, _ = client.call(
                    "POST", "/api/games", {"game": GAME, "level": level, "seed": seed0 + i}
                )
                if status != 201:
                    failures.append(f"{status} {body}")
                    continue
                with lock:
                    ids.append(body["id"])
        finally:
            client.close()

    _parallel(min(threads, max(1, count)), work)
    if failures and not ids:
        raise RuntimeError(f"no deal was created: {failures[0]}")
    return ids


def wait_for_seat0(port: int, ids: list[str], threads: int = 8, timeout: float = 60.0) -> int:
    """Long-poll each deal until seat 0 must act (or it is over); the deals ready."""
    ready = [0]
    lock = threading.Lock()
    deadline = time.monotonic() + timeout

    def work(t: int) -> None:
        client = _From(port)
        try:
            for deal in ids[t::threads]:
                version = -1
                while time.monotonic() < deadline:
                    path = f"/api/games/{deal}" + (f"?wait={version}" if version >= 0 else "")
                    body = client.call("GET", path)[1]
                    view = body["view"]
                    if view["legal_actions"] or view["over"]:
                        with lock:
                            ready[0] += 1
                        break
                    version = view["version"]
        finally:
            client.close()

    _parallel(min(threads, max(1, len(ids))), work)
    return ready[0]


def _descendants(pid: int) -> list[int]:
    parents: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        parents.setdefault(ppid, []).append(int(entry))
    found, todo = [], [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def _rss_kib(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def rss(pid: int) -> dict[str, int]:
    """RSS (KiB) of the server process, and of all its descendants together (Linux /proc)."""
    children = _descendants(pid)
    return {
        "server_kib": _rss_kib(pid),
        "children_kib": sum(_rss_kib(c) for c in children),
        "children": len(children),
    }


def open_jobs(server: Server) -> int | None:
    """AI jobs queued or being searched now (read from the server's database)."""
    query = "SELECT count(*) FROM jobs WHERE finished IS NULL"
    try:
        if server.store == "sqlite":
            conn = sqlite3.connect(f"file:{server.db}?mode=ro", uri=True, timeout=1)
            try:
                return int(conn.execute(query).fetchone()[0])
            finally:
                conn.close()
        import psycopg

        with psycopg.connect(server.db, autocommit=True, connect_timeout=2) as pconn:
            row = pconn.execute(query).fetchone()
            return int(row[0]) if row else None
    except Exception:  # a table not made yet, a busy file: no sample
        return None


# ---------------------------------------------------------------------------------------------
# 1. Throughput at saturation


def _wrk(
    port: int, ids: list[str], seconds: float, connections: int, folder: Path
) -> dict[str, Any]:
    script = folder / "ids.lua"
    script.write_text(
        "ids = {" + ",".join(f'"{i}"' for i in ids) + "}\n"
        'request = function()\n  return wrk.format("GET", "/api/games/" .. '
        "ids[math.random(#ids)])\nend\n"
    )
    out = subprocess.run(
        [
            "wrk",
            "-t2",
            f"-c{connections}",
            f"-d{max(1, round(seconds))}s",
            "--timeout",
            "10s",
            "--latency",
            "-s",
            str(script),
            f"http://127.0.0.1:{port}",
        ],
        capture_output=True,
        text=True,
        timeout=seconds + 60,
        check=True,
    ).stdout
    rate = re.search(r"Requests/sec:\s+([\d.]+)", out)
    latency = dict(re.findall(r"^\s+(50|90|99)%\s+(\S+)", out, re.M))
    bad = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out)
    errors = re.search(r"Socket errors:(.*)", out)
    return {
        "requests_per_s": float(rate.group(1)) if rate else None,
        "latency": {f"p{k}": v for k, v in latency.items()},
        "non_2xx": int(bad.group(1)) if bad else 0,
        "socket_errors": errors.group(1).strip() if errors else "",
    }


def _python_load(port: int, ids: list[str], seconds: float, connections: int) -> dict[str, Any]:
    done: list[float] = []
    bad = [0]
    lock = threading.Lock()
    until = time.monotonic() + seconds

    def work(t: int) -> None:
        rng = random.Random(t)
        client = _From(port)
        mine: list[float] = []
        try:
            while time.monotonic() < until:
                status, _, elapsed = client.call("GET", f"/api/games/{rng.choice(ids)}")
                mine.append(elapsed)
                if status != 200:
                    bad[0] += 1
        finally:
            client.close()
            with lock:
                done.extend(mine)

    start = time.monotonic()
    _parallel(connections, work)
    lat = _ms(done)
    return {
        "requests_per_s": round(len(done) / (time.monotonic() - start), 1),
        "latency": {"p50": f"{lat['p50']}ms", "p90": None, "p99": f"{lat['p99']}ms"},
        "non_2xx": bad[0],
        "socket_errors": "",
    }


def run_throughput(
    pg: str | None,
    deals: int = 300,
    seconds: float = 15.0,
    connections: int = 50,
    rounds: int = 3,
    workers: int = 2,
    tool: str = "auto",
    warmup: float = 3.0,
) -> dict[str, Any]:
    """Views a second at saturation on `deals` greedy deals waiting for seat 0: the servers
    (SQLite; PostgreSQL with one web process and with `workers`, when `pg` is given) all run at
    once, idle but for the one measured, and are measured in turn, `rounds` times."""
    use_wrk = tool == "wrk" or (tool == "auto" and shutil.which("wrk") is not None)
    configs = [("sqlite", 1)] + ([("postgresql", 1), ("postgresql", workers)] if pg else [])
    results: dict[str, dict[str, Any]] = {}
    with contextlib.ExitStack() as stack, tempfile.TemporaryDirectory() as tmp:
        servers: list[tuple[str, Server, list[str]]] = []
        for store, n in configs:
            server = stack.enter_context(scale_server(store, pg, workers=n))
            ids = create_deals(server.port, deals, "greedy")
            ready = wait_for_seat0(server.port, ids)
            name = f"{store} --workers {n}"
            servers.append((name, server, ids))
            results[name] = {"deals": len(ids), "waiting_for_seat0": ready, "runs": []}
        for _, server, ids in servers:  # every web process reads every deal once
            if use_wrk:
                _wrk(server.port, ids, warmup, connections, Path(tmp))
            else:
                _python_load(server.port, ids, warmup, connections)
        for _ in range(rounds):
            for name, server, ids in servers:
                run = (
                    _wrk(server.port, ids, seconds, connections, Path(tmp))
                    if use_wrk
                    else _python_load(server.port, ids, seconds, connections)
                )
                run["rss"] = rss(server.process.pid)
                results[name]["runs"].append(run)
        for name, server, _ in servers:
            rates = [
                r["requests_per_s"]
                for r in results[name]["runs"]
                if r["requests_per_s"] is not None
            ]
            results[name]["median_requests_per_s"] = statistics.median(rates) if rates else None
            results[name]["server_warnings"] = server.warnings()[:5]
    report: dict[str, Any] = {
        "deals": deals,
        "seconds": seconds,
        "connections": connections,
        "rounds": rounds,
        "tool": "wrk -t2" if use_wrk else "python threads",
        "servers": results,
    }
    if pg:
        one = results["postgresql --workers 1"]["median_requests_per_s"]
        many = results[f"postgresql --workers {workers}"]["median_requests_per_s"]
        report["ratio_workers"] = round(many / one, 2) if one and many else None
    return report


# ---------------------------------------------------------------------------------------------
# 2. People's pace with searching AI seats


@dataclass
class _PaceLog:
    get: list[float] = field(default_factory=list)
    post: list[float] = field(default_factory=list)
    post_fresh: list[float] = field(default_factory=list)  # on a new connection
    turn: list[float] = field(default_factory=list)  # action's 200 to seat 0's next decision
    turns_unfinished: int = 0  # AI turns still going at the end
    create: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    ai_turns: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)


def _pace_player(
    port: int,
    index: int,
    level: str,
    start_by: float,
    measure_from: float,
    until: float,
    think: tuple[float, float],
    log: _PaceLog,
) -> None:
    rng = random.Random(index)
    time.sleep(rng.uniform(0, max(0.0, start_by - time.time())))
    client = _From(port)
    gets: list[float] = []
    posts: list[float] = []
    posts_fresh: list[float] = []
    ai_turns: list[float] = []
    unfinished = 0
    turns = 0
    try:
        status, body, elapsed = client.call(
            "POST", "/api/games", {"game": GAME, "level": level, "seed": index}
        )
        with log.lock:
            log.create.append(elapsed)
        deal = body["id"]
        while time.time() < until:
            status, body, elapsed = client.call("GET", f"/api/games/{deal}")
            if time.time() >= measure_from:
                gets.append(elapsed)
            view = body["view"]
            if view["over"]:
                status, body, _ = client.call(
                    "POST",
                    "/api/games",
                    {"game": GAME, "level": level, "seed": rng.randrange(10**9)},
                )
                deal = body["id"]
                continue
            if view["legal_actions"]:
                time.sleep(rng.uniform(*think))  # a person thinks
                if time.time() >= until:
                    break
                status, body, elapsed = client.call(
                    "POST",
                    f"/api/games/{deal}/actions",
                    {"action": rng.choice(view["legal_actions"]), "version": view["version"]},
                )
                answered = time.perf_counter() if status == 200 else None
                if status == 200 and time.time() >= measure_from:
                    (posts_fresh if client.fresh else posts).append(elapsed)
                elif status not in (200, 409):
                    log.errors.append(f"POST {status} {str(body)[:120]}")
                view = body.get("view", view)
            else:
                answered = None
            while not view["legal_actions"] and not view["over"] and time.time() < until:
                # the AI seats' turn: long-poll (not timed as a request)
                status, body, _ = client.call("GET", f"/api/games/{deal}?wait={view['version']}")
                view = body["view"]
                turns += 1
            if answered is not None:
                if view["legal_actions"] and time.time() >= measure_from:
                    ai_turns.append(time.perf_counter() - answered)
                elif not view["over"] and not view["legal_actions"]:
                    unfinished += 1
    except (OSError, KeyError, ValueError, http.client.HTTPException) as err:
        if time.time() < until:
            log.errors.append(repr(err)[:160])
    finally:
        client.close()
        with log.lock:
            log.get.extend(gets)
            log.post.extend(posts)
            log.post_fresh.extend(posts_fresh)
            log.turn.extend(ai_turns)
            log.turns_unfinished += unfinished
            log.ai_turns += turns


def run_pace(
    pg: str | None,
    deals: int = 500,
    seconds: float = 60.0,
    level: str = "hard",
    workers: int = 2,
    think: tuple[float, float] = (2.0, 5.0),
    ramp: float = 10.0,
    stores: tuple[str, ...] | None = None,
) -> dict[str, Any]:
    """`deals` players at people's pace, one deal each, created over `ramp` seconds; timed for
    `seconds` after the ramp. On SQLite (one process) and, given `pg`, on PostgreSQL with
    `workers` web processes, one after the other."""
    configs = [
        (s, 1 if s == "sqlite" else workers)
        for s in (stores or (("sqlite", "postgresql") if pg else ("sqlite",)))
    ]
    results: dict[str, Any] = {}
    for store, n in configs:
        with scale_server(store, pg, workers=n) as server:
            log = _PaceLog()
            start = time.time()
            measure_from = start + ramp
            until = measure_from + seconds
            threads = [
                threading.Thread(
                    target=_pace_player,
                    args=(server.port, i, level, start + ramp / 2, measure_from, until, think, log),
                    daemon=True,
                )
                for i in range(deals)
            ]
            for t in threads:
                t.start()
            jobs: list[int] = []
            while time.time() < until:
                time.sleep(min(5.0, max(0.0, until - time.time())))
                if time.time() >= measure_from:
                    count = open_jobs(server)
                    if count is not None:
                        jobs.append(count)
            for t in threads:  # a long poll may hold a player up to 25 s: not waited for
                t.join(timeout=max(0.1, until + 3 - time.time()))
            with log.lock:
                results[f"{store} --workers {n}"] = {
                    "get_view_ms": _ms(log.get),
                    "post_action_ms": _ms(log.post + log.post_fresh),
                    "post_action_same_connection_ms": _ms(log.post),
                    "post_action_new_connection_ms": _ms(log.post_fresh),
                    "ai_turn_ms": _ms(log.turn),
                    "ai_turns_unfinished_at_end": log.turns_unfinished,
                    "create_ms": _ms(log.create),
                    "ai_long_polls": log.ai_turns,
                    "open_ai_jobs": {
                        "samples": len(jobs),
                        "min": min(jobs, default=None),
                        "median": statistics.median(jobs) if jobs else None,
                        "max": max(jobs, default=None),
                    },
                    "rss": rss(server.process.pid),
                    "errors": log.errors[:5],
                    "error_count": len(log.errors),
                    "server_warnings": len(server.warnings()),
                    "server_warning_lines": server.warnings()[:3],
                }
    return {
        "deals": deals,
        "seconds": seconds,
        "ramp_seconds": ramp,
        "level": level,
        "think_seconds": list(think),
        "servers": results,
    }


# ---------------------------------------------------------------------------------------------
# 3. A flooding client against another client's AI turns


def _victim(
    port: int, index: int, level: str, until: float, turns: list[float], errors: list[str]
) -> None:
    """Plays deals from VICTIM with random moves at once; for each action, the time from its
    200 to the view in which seat 0 must act again (a deal's end is not counted)."""
    rng = random.Random(index)
    client = _From(port, VICTIM)
    try:
        deal = None
        view: dict[str, Any] = {"over": True}
        while time.time() < until:
            if view["over"]:
                status, body, _ = client.call(
                    "POST",
                    "/api/games",
                    {
                        "game": GAME,
                        "level": level,
                        "seed": 7000 + index * 1000 + rng.randrange(999),
                    },
                )
                deal, view = body["id"], body["view"]
            if not view["legal_actions"] and not view["over"]:
                status, body, _ = client.call("GET", f"/api/games/{deal}?wait={view['version']}")
                view = body["view"]
                continue
            if view["over"]:
                continue
            status, body, _ = client.call(
                "POST",
                f"/api/games/{deal}/actions",
                {"action": rng.choice(view["legal_actions"]), "version": view["version"]},
            )
            answered = time.perf_counter()
            if status != 200:
                if status != 409:
                    errors.append(f"POST {status}")
                view = body.get("view", view)
                continue
            view = body["view"]
            while not view["legal_actions"] and not view["over"] and time.time() < until + 60:
                status, body, _ = client.call("GET", f"/api/games/{deal}?wait={view['version']}")
                view = body["view"]
            if view["legal_actions"] and not view["over"]:
                turns.append(time.perf_counter() - answered)
    except (OSError, KeyError, ValueError, http.client.HTTPException) as err:
        errors.append(repr(err)[:160])
    finally:
        client.close()


def _flooder(
    port: int,
    index: int,
    level: str,
    go: threading.Event,
    stop: threading.Event,
    created: list[int],
) -> None:
    """One of the flood's deals: created from FLOOD when `go` fires, then played as fast as the
    server answers (random moves, no thinking) until `stop`; a finished deal is not
    replaced."""
    rng = random.Random(index)
    client = _From(port, FLOOD)
    try:
        go.wait()
        status, body, _ = client.call(
            "POST", "/api/games", {"game": GAME, "level": level, "seed": 90000 + index}
        )
        created.append(status)
        if status != 201:
            return
        deal, view = body["id"], body["view"]
        while not stop.is_set() and not view["over"]:
            if view["legal_actions"]:
                status, body, _ = client.call(
                    "POST",
                    f"/api/games/{deal}/actions",
                    {"action": rng.choice(view["legal_actions"]), "version": view["version"]},
                )
            else:
                status, body, _ = client.call("GET", f"/api/games/{deal}?wait={view['version']}")
            view = body.get("view", view)
    except (OSError, KeyError, ValueError, http.client.HTTPException):
        pass
    finally:
        client.close()


def _ratio(a: float | None, b: float | None) -> float | None:
    return round(a / b, 2) if a is not None and b else None


def _flood_round(
    server: Server,
    flood_deals: int,
    flood_level: str,
    victims: int,
    victim_level: str,
    seconds: float,
    errors: list[str],
) -> tuple[dict[str, list[float]], dict[str, Any]]:
    """On one fresh server: the victim's AI turns with no flood (`seconds`), then with the
    flood running (`seconds`, once the flood's deals were created)."""
    # the search processes start on the first job: not inside the quiet measurement
    _victim(server.port, 99, victim_level, time.time() + 3, [], errors)
    turns: dict[str, list[float]] = {}
    facts: dict[str, Any] = {}
    stop, go = threading.Event(), threading.Event()
    created: list[int] = []
    for phase in ("quiet", "flood"):
        if phase == "flood":
            flood = [
                threading.Thread(
                    target=_flooder,
                    daemon=True,
                    args=(server.port, i, flood_level, go, stop, created),
                )
                for i in range(flood_deals)
            ]
            for t in flood:
                t.start()
            time.sleep(0.5)
            go.set()  # every flood deal asked for at once
            began = time.monotonic()
            while len(created) < flood_deals and time.monotonic() - began < 30:
                time.sleep(0.1)
            facts["open_ai_jobs_at_flood_start"] = open_jobs(server)
        turns[phase] = []
        until = time.time() + seconds
        players = [
            threading.Thread(
                target=_victim,
                daemon=True,
                args=(server.port, i, victim_level, until, turns[phase], errors),
            )
            for i in range(victims)
        ]
        for t in players:
            t.start()
        for t in players:
            t.join()
    facts["open_ai_jobs_at_flood_end"] = open_jobs(server)
    stop.set()
    facts["flood_created"] = sum(1 for s in created if s == 201)
    facts["flood_refused_429"] = sum(1 for s in created if s == 429)
    return turns, facts


def run_flood(
    pg: str | None = None,
    store: str = "sqlite",
    workers: int = 1,
    flood_deals: int = 300,
    flood_level: str = "hard",
    victims: int = 3,
    victim_level: str = "normal",
    seconds: float = 40.0,
    creates_per_minute: float = 0.0,
    rounds: int = 1,
) -> dict[str, Any]:
    """`rounds` times, on a fresh server each: the victim's AI turns with no flood, then with
    the flood (`seconds` each). The phases pool every round's turns; each round has its own
    ratio too (the machine's noise moves both of a round's phases less than two rounds)."""
    errors: list[str] = []
    pooled: dict[str, list[float]] = {"quiet": [], "flood": []}
    per_round: list[dict[str, Any]] = []
    warnings: list[str] = []
    for _ in range(rounds):
        with scale_server(
            store, pg, workers=workers, creates_per_minute=creates_per_minute
        ) as server:
            turns, facts = _flood_round(
                server, flood_deals, flood_level, victims, victim_level, seconds, errors
            )
            warnings += server.warnings()
        quiet, flooded = _ms(turns["quiet"]), _ms(turns["flood"])
        per_round.append(
            {
                "quiet_ms": quiet,
                "flood_ms": flooded,
                "ratio_p95": _ratio(flooded["p95"], quiet["p95"]),
                "ratio_p50": _ratio(flooded["p50"], quiet["p50"]),
                **facts,
            }
        )
        for phase in pooled:
            pooled[phase] += turns[phase]
    quiet, flooded = _ms(pooled["quiet"]), _ms(pooled["flood"])
    ratios = [r["ratio_p95"] for r in per_round if r["ratio_p95"] is not None]
    return {
        "store": store,
        "workers": workers,
        "flood_deals": flood_deals,
        "flood_level": flood_level,
        "victim_deals": victims,
        "victim_level": victim_level,
        "seconds": seconds,
        "rounds": rounds,
        "creates_per_minute": creates_per_minute,
        "phases": {
            "quiet": {"ai_turn_ms": quiet},
            "flood": {
                "ai_turn_ms": flooded,
                "flood_created": sum(r["flood_created"] for r in per_round),
                "flood_refused_429": sum(r["flood_refused_429"] for r in per_round),
            },
        },
        "per_round": per_round,
        "ratio_p95": _ratio(flooded["p95"], quiet["p95"]),
        "ratio_p50": _ratio(flooded["p50"], quiet["p50"]),
        "median_round_ratio_p95": statistics.median(ratios) if ratios else None,
        "errors": errors[:5],
        "error_count": len(errors),
        "server_warnings": len(warnings),
        "server_warning_lines": warnings[:3],
    }


# ---------------------------------------------------------------------------------------------
# 4. Memory


def _requests_in(
    port: int, count: int, threads: int, request: Callable[[_From, int], int], offset: int = 0
) -> tuple[float, dict[int, int]]:
    statuses: dict[int, int] = {}
    lock = threading.Lock()

    def work(t: int) -> None:
        client = _From(port)
        mine: dict[int, int] = {}
        try:
            for i in range(t, count, threads):
                status = request(client, offset + i)
                mine[status] = mine.get(status, 0) + 1
        finally:
            client.close()
            with lock:
                for k, v in mine.items():
                    statuses[k] = statuses.get(k, 0) + v

    start = time.monotonic()
    _parallel(threads, work)
    return time.monotonic() - start, statuses


def run_memory(
    unknown: int = 100_000,
    deals: int = 20_000,
    every: int = 2_000,
    unknown_every: int = 10_000,
    threads: int = 4,
    settle: float = 35.0,
    max_seconds: float = 1500.0,
    store: str = "sqlite",
    pg: str | None = None,
) -> dict[str, Any]:
    """RSS of a fresh server over `unknown` GETs of random unknown ids (404), sampled every
    `unknown_every`, then over `deals` created greedy deals, sampled every `every` (stops
    early, and says so, past `max_seconds`); then once more after `settle` seconds idle and
    one more deal (idle deals leave memory only when a deal comes in)."""
    with scale_server(store, pg) as server:
        pid = server.process.pid
        start = time.monotonic()
        unknown_samples: list[dict[str, Any]] = [{"requests": 0, **rss(pid)}]
        statuses: dict[int, int] = {}

        def get_unknown(client: _From, i: int) -> int:
            return client.call("GET", f"/api/games/{secrets.token_urlsafe(16)}")[0]

        done = 0
        while done < unknown and time.monotonic() - start < max_seconds / 3:
            n = min(unknown_every, unknown - done)
            elapsed, got = _requests_in(server.port, n, threads, get_unknown)
            done += n
            for k, v in got.items():
                statuses[k] = statuses.get(k, 0) + v
            unknown_samples.append({"requests": done, "seconds": round(elapsed, 1), **rss(pid)})

        def create(client: _From, i: int) -> int:
            return client.call("POST", "/api/games", {"game": GAME, "level": "greedy", "seed": i})[
                0
            ]

        deal_samples: list[dict[str, Any]] = [{"deals": 0, **rss(pid)}]
        created = 0
        created_statuses: dict[int, int] = {}
        deals_start = time.monotonic()
        while created < deals and time.monotonic() - start < max_seconds:
            n = min(every, deals - created)
            elapsed, got = _requests_in(server.port, n, threads, create, created)
            created += n
            for k, v in got.items():
                created_statuses[k] = created_statuses.get(k, 0) + v
            deal_samples.append(
                {
                    "deals": created,
                    "seconds": round(elapsed, 1),
                    "deals_per_s": round(n / elapsed, 1),
                    **rss(pid),
                }
            )
        deals_seconds = time.monotonic() - deals_start
        after: dict[str, Any] | None = None
        if created and settle > 0:
            time.sleep(settle)
            client = _From(server.port)
            try:
                create(client, created)
            finally:
                client.close()
            after = {"idle_seconds": settle, **rss(pid)}
        report = {
            "store": store,
            "unknown_requests": done,
            "unknown_asked": unknown,
            "unknown_statuses": {str(k): v for k, v in sorted(statuses.items())},
            "unknown_samples": unknown_samples,
            "deals_created": created,
            "deals_asked": deals,
            "deal_statuses": {str(k): v for k, v in sorted(created_statuses.items())},
            "deals_seconds": round(deals_seconds, 1),
            "deal_samples": deal_samples,
            "after_idle": after,
            "stopped_early": created < deals or done < unknown,
            "server_warnings": len(server.warnings()),
        }
    return report


# ---------------------------------------------------------------------------------------------
# The command


SCENARIOS = ("throughput", "flood", "memory", "pace")


def run_scale(
    which: list[str],
    pg: str | None,
    deals: int | None = None,
    seconds: float | None = None,
    connections: int = 50,
    requests: int = 100_000,
    workers: int = 2,
    rounds: int = 3,
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """The measurements named in `which` (SCENARIOS), at the issue's sizes unless told."""
    report: dict[str, Any] = {
        "machine": {"cores": os.cpu_count(), "load_average_at_start": os.getloadavg()},
        "pg": bool(pg),
    }
    for name in which:
        if progress:
            progress(f"bench --scale {name}: started {time.strftime('%H:%M:%S')}")
        began = time.monotonic()
        if name == "throughput":
            report[name] = run_throughput(
                pg, deals or 300, seconds or 15.0, connections, rounds, workers
            )
        elif name == "pace":
            report[name] = run_pace(pg, deals or 500, seconds or 60.0, workers=workers)
        elif name == "flood":
            runs = [
                run_flood(None, "sqlite", 1, deals or 300, seconds=seconds or 40.0, rounds=rounds)
            ]
            if pg:
                runs.append(
                    run_flood(
                        pg,
                        "postgresql",
                        workers,
                        deals or 300,
                        seconds=seconds or 40.0,
                        rounds=rounds,
                    )
                )
            report[name] = runs
        elif name == "memory":
            report[name] = run_memory(requests, deals or 20_000)
        else:
            raise ValueError(f"no scale benchmark {name!r} (one of {', '.join(SCENARIOS)})")
        report[name + "_seconds"] = round(time.monotonic() - began, 1)
        if progress:  # a long run's figures so far, should a later one fail
            progress(f"bench --scale {name}: {json.dumps(report[name])}")
    report["machine"]["load_average_at_end"] = os.getloadavg()
    return report


def format_report(report: dict[str, Any]) -> str:
    """The figures in a few lines each."""
    lines: list[str] = []
    if "throughput" in report:
        t = report["throughput"]
        lines.append(
            f"throughput: {t['deals']} deals, {t['connections']} connections, "
            f"{t['rounds']} x {t['seconds']:g} s ({t['tool']})"
        )
        for name, s in t["servers"].items():
            rates = ", ".join(f"{r['requests_per_s']:.0f}" for r in s["runs"])
            lines.append(
                f"  {name:24} median {s['median_requests_per_s']:.0f} req/s (runs {rates})"
            )
        if t.get("ratio_workers"):
            lines.append(f"  ratio more workers / one: {t['ratio_workers']}")
    if "pace" in report:
        p = report["pace"]
        lines.append(
            f"pace: {p['deals']} deals, think {p['think_seconds']} s, AI "
            f"{p['level']}, {p['seconds']:g} s"
        )
        for name, s in p["servers"].items():
            g, a = s["get_view_ms"], s["post_action_ms"]
            lines.append(
                f"  {name:24} GET p50/p95/p99 {g['p50']}/{g['p95']}/{g['p99']} ms "
                f"(n {g['n']}), POST p95 {a['p95']} ms (n {a['n']}); open AI jobs "
                f"{s['open_ai_jobs']}; errors {s['error_count']}"
            )
    for f in report.get("flood", []):
        q, fl = f["phases"]["quiet"]["ai_turn_ms"], f["phases"]["flood"]["ai_turn_ms"]
        lines.append(
            f"flood ({f['store']} --workers {f['workers']}): {f['flood_deals']} "
            f"{f['flood_level']} deals from {FLOOD}, created "
            f"{f['phases']['flood'].get('flood_created')}; AI turn from {VICTIM} "
            f"p50/p95 quiet {q['p50']}/{q['p95']} ms (n {q['n']}), flood "
            f"{fl['p50']}/{fl['p95']} ms (n {fl['n']}); ratio p95 {f['ratio_p95']} "
            f"(rounds: {', '.join(str(r['ratio_p95']) for r in f['per_round'])})"
        )
    if "memory" in report:
        m = report["memory"]
        lines.append(f"memory: {m['unknown_requests']} unknown ids {m['unknown_statuses']}")
        lines.extend(
            f"  {s['requests']:>7} requests: server {s['server_kib'] / 1024:.0f} MiB, "
            f"children {s['children_kib'] / 1024:.0f} MiB"
            for s in m["unknown_samples"]
        )
        lines.append(f"  {m['deals_created']} greedy deals created {m['deal_statuses']}")
        lines.extend(
            f"  {s['deals']:>7} deals: server {s['server_kib'] / 1024:.0f} MiB, "
            f"children {s['children_kib'] / 1024:.0f} MiB"
            for s in m["deal_samples"]
        )
        if m["after_idle"]:
            a = m["after_idle"]
            lines.append(
                f"  after {a['idle_seconds']:g} s idle and one more deal: server "
                f"{a['server_kib'] / 1024:.0f} MiB"
            )
    return "\n".join(lines)
