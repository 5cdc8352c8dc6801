"""`cardavia serve`: the site under uvicorn; one process on SQLite, or, with `--workers N` on
PostgreSQL, N web processes on one listening socket (uvicorn's supervisor restarts one that
dies) and the AI worker in the supervising process.

uvicorn closes a keep-alive connection idle between requests, but not one that sends nothing or
dribbles its request head, so a few hundred such sockets would hold every file descriptor
(reliability review M4). The protocol below gives each request head a deadline and, at the
connection cap, closes the connection that has waited longest without a request in progress to
make room for the new one; a body sent too slowly is the app's to refuse (`api.BODY_TIMEOUT`).
Long polls are requests in progress, so they are never the ones closed.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import resource
import sys
import threading
from typing import Any

import uvicorn
from starlette.applications import Starlette
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.supervisors import Multiprocess

from cardavia.ai.workers import exit_with
from cardavia.store import is_postgres_url
from cardavia.web.app import create_app, default_db_path

OPTIONS_ENV = "CARDAVIA_SERVE_OPTIONS"  # how the supervisor tells its web processes their options

HEAD_TIMEOUT = 10.0  # seconds from connecting, or from a request's first byte, to its whole head
KEEP_ALIVE = 5  # seconds a connection may sit idle between two requests (uvicorn's own timer)
# Seconds a stopping server waits for requests in progress: long polls would hold it up to 25 s
# (their clients poll again, elsewhere or after the restart).
GRACE = 3
MAX_CONNECTIONS = 1000  # open connections, as far as the process's file limit allows
CREATES_PER_MINUTE = 30  # deals one client address may create a minute (web/limits.py)
FD_RESERVE = 64  # descriptors kept for the deals file, worker pipes and logs


class GuardedProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol with a deadline on every request head and a cap on open
    connections that makes room by closing the longest idle one."""

    head_timeout = HEAD_TIMEOUT
    max_connections = MAX_CONNECTIONS

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._head_timer: asyncio.TimerHandle | None = None
        self._waiting_head()
        if len(self.connections) > self.max_connections:
            idle = [
                c
                for c in self.connections
                if isinstance(c, GuardedProtocol) and c is not self and c.idle_since is not None
            ]
            # the longest idle makes room; with none idle (all long polls), the newcomer goes
            victim = min(idle, key=lambda c: c.idle_since or 0.0) if idle else self
            victim.transport.close()

    def _waiting_head(self) -> None:
        """Idle, or reading a request head: closed if the head is not whole in time."""
        self.idle_since: float | None = self.loop.time()
        if self._head_timer is None:
            self._head_timer = self.loop.call_later(self.head_timeout, self._head_too_slow)

    def _head_too_slow(self) -> None:
        self._head_timer = None
        if not self.transport.is_closing():
            self.transport.close()

    def data_received(self, data: bytes) -> None:
        # Bytes between requests (blank lines, the unread rest of a refused body) cancel
        # uvicorn's keep-alive timer without starting a request: they count as a head too.
        if self.cycle is None or self.cycle.response_complete:
            self._waiting_head()
        super().data_received(data)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._waiting_head()

    def on_headers_complete(self) -> None:
        self.idle_since = None
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None
        super().on_headers_complete()

    def shutdown(self) -> None:
        # The server begins to stop: the app's long polls answer now, as JSON, instead of
        # being cut with a plain-text 500 when the grace ends (the lifespan's state, app.py).
        stop_waits = self.app_state.get("stop_waits")
        if stop_waits is not None:
            stop_waits()
        super().shutdown()

    def on_response_complete(self) -> None:
        if self.cycle is not None and self.cycle.more_body:
            # answered before its body was read (403, 413, 415): the rest is not waited for
            self.transport.close()
        super().on_response_complete()
        # (a pipelined request may have started meanwhile: then the connection is busy)
        if not self.transport.is_closing() and (self.cycle is None or self.cycle.response_complete):
            self.idle_since = self.loop.time()  # uvicorn's keep-alive timer closes it later

    def connection_lost(self, exc: Exception | None) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None
        super().connection_lost(exc)


def open_files_limit(wanted: int) -> int:
    """Raise the soft limit on open files towards `wanted` (the hard limit permitting) and
    return the connections it leaves room for."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted + FD_RESERVE
    if soft != resource.RLIM_INFINITY and soft < target:
        new = target if hard == resource.RLIM_INFINITY else min(target, hard)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (new, hard))
            soft = new
        except (ValueError, OSError):
            pass
    if soft == resource.RLIM_INFINITY:
        return wanted
    return max(16, min(wanted, soft - FD_RESERVE))


def config(
    app: Any,
    host: str,
    port: int,
    head_timeout: float = HEAD_TIMEOUT,
    max_connections: int = MAX_CONNECTIONS,
) -> uvicorn.Config:
    """The uvicorn settings of every server of the site (`serve`, benchmarks, browser tests)."""
    protocol = type(
        "Protocol",
        (GuardedProtocol,),
        {"head_timeout": head_timeout, "max_connections": max_connections},
    )
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="warning",
        log_config=None,  # uvicorn's own lines in the site's format, not its own (log_to_stderr)
        http=protocol,
        timeout_keep_alive=KEEP_ALIVE,
        timeout_graceful_shutdown=GRACE,
    )


class UsageError(ValueError):
    """Options that cannot work together."""


LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def log_to_stderr() -> None:
    """The site's log lines as an operator reads them in a journal or a file: when, how bad,
    where from, what (Python's fallback printed the message alone). Warnings and worse only:
    what went wrong and what was recovered from (operations.md, Logs)."""
    logging.basicConfig(level=logging.WARNING, format=LOG_FORMAT, stream=sys.stderr)
    # The pool logs every try to reconnect, on two lines; the store's own warnings say what a
    # lost database cost (operator walk: ~190 such lines in a 10-minute outage).
    logging.getLogger("psycopg.pool").setLevel(logging.ERROR)


def serve(
    host: str,
    port: int,
    db: str | None,
    head_timeout: float = HEAD_TIMEOUT,
    max_connections: int = MAX_CONNECTIONS,
    creates_per_minute: float = CREATES_PER_MINUTE,
    workers: int = 1,
    ai_processes: int | None = None,
) -> None:
    """`ai_processes`: searches at once in this server's own AI worker (None: a core less than
    the machine has; 0: none, the jobs are for `cardavia worker` processes)."""
    path = db or default_db_path()
    if workers > 1 and not is_postgres_url(path):
        raise UsageError("--workers needs a PostgreSQL --db: a SQLite file is one process's")
    if workers < 1:
        raise UsageError("--workers must be at least 1")
    if ai_processes is not None and ai_processes < 0:
        raise UsageError("--ai-processes must be 0 (none: `cardavia worker` runs them) or more")
    log_to_stderr()
    shown = path
    if is_postgres_url(path):  # never print a password
        from cardavia.store.postgres import redacted

        shown = redacted(path)
    if workers > 1:
        _serve_many(
            host,
            port,
            path,
            shown,
            head_timeout,
            max_connections,
            creates_per_minute,
            workers,
            ai_processes,
        )
        return
    # opens the deals file: a bad one stops here, before the banner
    # (a store's warnings at opening, an emptied deals file, are logged by the store itself)
    app = create_app(path, creates_per_minute=creates_per_minute or None, ai_processes=ai_processes)
    connections = open_files_limit(max_connections)
    print(f"Cardavia on http://{host}:{port}/ (deals in {shown})", flush=True)
    uvicorn.Server(config(app, host, port, head_timeout, connections)).run()


def _serve_many(
    host: str,
    port: int,
    path: str,
    shown: str,
    head_timeout: float,
    max_connections: int,
    creates_per_minute: float,
    workers: int,
    ai_processes: int | None,
) -> None:
    """N web processes under uvicorn's supervisor; the AI worker runs in this one."""
    from cardavia.store import open_store
    from cardavia.table.worker import run_worker

    open_store(path).close()  # a database that cannot be used stops here; migrations run once
    connections = open_files_limit(max_connections)
    os.environ[OPTIONS_ENV] = json.dumps(
        {
            "db": path,
            "head_timeout": head_timeout,
            "max_connections": connections,
            "creates_per_minute": creates_per_minute,
            "parent": os.getpid(),
        }
    )
    supervisor = uvicorn.Config(
        f"{__name__}:web_process",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        log_level="warning",
        log_config=None,  # as `config`: each child's log_to_stderr formats uvicorn's lines too
        http=GuardedProtocol,
        timeout_keep_alive=KEEP_ALIVE,
        timeout_graceful_shutdown=GRACE,
    )
    socket = supervisor.bind_socket()
    stop = threading.Event()
    ai = None
    if ai_processes != 0:
        ai = threading.Thread(
            target=run_worker, args=(path, ai_processes, stop), name="cardavia-ai", daemon=True
        )
        ai.start()
    print(
        f"Cardavia on http://{host}:{port}/ (deals in {shown}; {workers} web processes)", flush=True
    )
    try:
        Multiprocess(supervisor, sockets=[socket]).run()
    finally:
        stop.set()
        if ai is not None:
            ai.join(timeout=GRACE + 5)


def web_process() -> Starlette:
    """The app of one web process of `_serve_many` (uvicorn calls this in the child)."""
    options = json.loads(os.environ[OPTIONS_ENV])
    log_to_stderr()  # a spawned child: the parent's logging is not its own
    GuardedProtocol.head_timeout = options["head_timeout"]
    GuardedProtocol.max_connections = options["max_connections"]
    # A supervisor killed by kill -9 cannot stop its children: each ends itself (review M6).
    threading.Thread(target=exit_with, args=(options["parent"],), daemon=True).start()
    return create_app(
        options["db"], creates_per_minute=options["creates_per_minute"] or None, ai_processes=0
    )
