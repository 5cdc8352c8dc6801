"""Liveness and readiness, for a load balancer or whatever watches the processes: `/healthz`
answers while the process serves requests; `/readyz` also asks the store, and answers `503`
while it cannot be read (a database that is down, a damaged file)."""

from __future__ import annotations

import asyncio

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from cardavia.store.base import StoreError
from cardavia.web.api import ApiError

NO_STORE = {"Cache-Control": "no-store"}  # a cached answer would say nothing of now


async def healthz(request: Request) -> Response:
    return JSONResponse({"status": "ok"}, headers=NO_STORE)


# A database that holds its connections but answers nothing (a frozen server) would keep the
# check waiting as long; a load balancer's check is answered in this time (docs/deploy.md).
READY_S = 5.0


async def readyz(request: Request) -> Response:
    try:
        async with asyncio.timeout(READY_S):
            await asyncio.to_thread(request.app.state.store.ping)
    except StoreError:
        raise ApiError(503, "store_unavailable", "the store cannot be read now") from None
    except TimeoutError:
        raise ApiError(
            503, "store_unavailable", f"the store did not answer within {READY_S:g} s"
        ) from None
    return JSONResponse({"status": "ready"}, headers=NO_STORE)


ROUTES = [Route("/healthz", healthz, methods=["GET"]), Route("/readyz", readyz, methods=["GET"])]
