"""Liveness and readiness, for a load balancer or whatever watches the processes: `/healthz`
answers while the process serves requests; `/readyz` also asks the store, and answers `503`
while it cannot be read (a database that is down, a damaged file)."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from cardavia.store.base import StoreError
from cardavia.web.requests import ApiError

NO_STORE = {"Cache-Control": "no-store"}  # a cached answer would say nothing of now


async def healthz(request: Request) -> Response:
    return JSONResponse({"status": "ok"}, headers=NO_STORE)


# A database that holds its connections but answers nothing (a frozen server) would keep the
# check waiting as long; a load balancer's check is answered in this time (docs/deploy.md).
READY_S = 5.0
# The checks' own thread: a check left waiting on a frozen database holds it, and the next ones
# queue behind it rather than take every thread of the store's other calls (code review).
_CHECKS = ThreadPoolExecutor(1, thread_name_prefix="cardavia-readyz")


async def readyz(request: Request) -> Response:
    try:
        async with asyncio.timeout(READY_S):
            await asyncio.get_running_loop().run_in_executor(_CHECKS, request.app.state.store.ping)
    except StoreError:
        raise ApiError(503, "store_unavailable", "the store cannot be read now") from None
    except TimeoutError:
        raise ApiError(
            503, "store_unavailable", f"the store did not answer within {READY_S:g} s"
        ) from None
    return JSONResponse({"status": "ready"}, headers=NO_STORE)


ROUTES = [Route("/healthz", healthz, methods=["GET"]), Route("/readyz", readyz, methods=["GET"])]
