"""Per-client rate limits: a token bucket per client address, in a bounded table; and how many
deals' reviews one client may have waiting (`PENDING_REVIEWS_PER_CLIENT`, counted by the store).

One client used to create 15,000 deals a minute, each holding memory and setting AI seats to
think (reliability review H2, M5). `cardavia serve` limits deals created per client; past it
the API answers `429` with `Retry-After`. Behind a proxy every client has the proxy's address,
so there the limit is the proxy's to set (docs/operations.md).
"""

from __future__ import annotations

import ipaddress
import math
import time
from collections import OrderedDict
from collections.abc import Callable

CLIENTS = 10_000  # buckets kept, least recently used dropped first: memory stays bounded
# Finished deals whose reviews one client may have waiting at once, queued or being made (a
# review is up to 40 s of a worker's search; every seat's review of a deal counts as one), where
# creating deals is limited: past it a deal's end queues none, and asking answers `429`.
PENDING_REVIEWS_PER_CLIENT = 3


def client_key(address: str) -> str:
    """Whom a limit counts: an IPv4 address, or an IPv6 address's /64 (one subscriber's)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if ip.version == 6:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


class RateLimit:
    """`per_minute` requests a minute per client, up to `burst` at once."""

    def __init__(
        self,
        per_minute: float,
        burst: int | None = None,
        clients: int = CLIENTS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.rate = per_minute / 60.0
        self.burst = float(burst if burst is not None else max(1, math.ceil(per_minute)))
        self.clients, self.clock = clients, clock
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()  # tokens, when

    def take(self, client: str) -> float:
        """0 if the client may go ahead now (a token is taken), else the seconds to wait."""
        now = self.clock()
        tokens, then = self._buckets.pop(client, (self.burst, now))
        tokens = min(self.burst, tokens + (now - then) * self.rate)
        wait = 0.0
        if tokens >= 1:
            tokens -= 1
        else:
            wait = (1 - tokens) / self.rate
        self._buckets[client] = (tokens, now)
        while len(self._buckets) > self.clients:
            self._buckets.popitem(last=False)
        return wait
