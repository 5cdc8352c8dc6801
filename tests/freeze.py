"""A TCP relay that can stop relaying while it keeps every connection open: a database server
as its clients see it when it is frozen (stopped with SIGSTOP, stuck on a disk): connections
are accepted and data is taken, but nothing is ever answered."""

from __future__ import annotations

import contextlib
import select
import socket
import threading
from urllib.parse import urlsplit


class FreezableRelay:
    def __init__(self, url: str) -> None:
        """A relay to the server of the PostgreSQL `url`; `self.url` is `url` through it."""
        parts = urlsplit(url)
        self.target = (parts.hostname or "127.0.0.1", parts.port or 5432)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        user = f"{parts.username}@" if parts.username else ""
        if parts.password:
            user = f"{parts.username}:{parts.password}@"
        self.url = parts._replace(netloc=f"{user}127.0.0.1:{self.port}").geturl()
        self.frozen = threading.Event()
        self.held = threading.Event()  # a client sent something that is left unanswered
        self.closed = threading.Event()
        self._sockets: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def freeze(self) -> None:
        self.frozen.set()

    def close(self) -> None:
        self.closed.set()
        for sock in [self.listener, *self._sockets]:
            with contextlib.suppress(OSError):
                sock.close()

    def _accept(self) -> None:
        while not self.closed.is_set():
            try:
                client, _ = self.listener.accept()
                upstream = socket.create_connection(self.target, timeout=5)
            except OSError:
                return
            self._sockets += [client, upstream]
            for source, sink, asks in ((client, upstream, True), (upstream, client, False)):
                threading.Thread(target=self._pump, args=(source, sink, asks), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket, asks: bool) -> None:
        with contextlib.suppress(OSError, ValueError):
            while not self.closed.is_set():
                ready, _, _ = select.select([source], [], [], 0.1)
                if ready and asks and self.frozen.is_set():
                    self.held.set()
                if not ready or self.frozen.is_set():
                    continue  # frozen: nothing read, nothing answered, nothing closed
                data = source.recv(65536)
                if not data:
                    break
                sink.sendall(data)
        for sock in (source, sink):
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
