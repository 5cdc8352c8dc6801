"""The Starlette application: `create_app()` wires the store, the tables, pages and the API."""

from __future__ import annotations

import mimetypes
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib.resources import files
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates

from cardavia.ai.workers import Thinkers
from cardavia.games.registry import GAMES
from cardavia.store import open_store
from cardavia.store.base import Store
from cardavia.table.live import Tables
from cardavia.web import api, cards, health, i18n, learn, openapi, pages, replays, requests
from cardavia.web.headers import SecurityHeaders, secure
from cardavia.web.limits import RateLimit

DEFAULT_DB = "cardavia.db"

# The static scripts (the table client is ES modules) go out as text/javascript (RFC 9239) on
# every machine: Python before 3.12 guesses application/javascript unless the system's
# /etc/mime.types says otherwise.
mimetypes.add_type("text/javascript", ".js")


def default_db_path() -> str:
    return os.environ.get("CARDAVIA_DB") or DEFAULT_DB


def _templates() -> Jinja2Templates:
    templates = Jinja2Templates(directory=str(files("cardavia") / "web" / "templates"))
    env = templates.env
    env.add_extension("jinja2.ext.i18n")
    env.install_gettext_callables(  # type: ignore[attr-defined]
        i18n.gettext, i18n.ngettext, newstyle=True
    )
    return templates


# Records one client may have replayed a minute (a person opens a few), where creating is limited.
REPLAYS_PER_MINUTE = 60


def create_app(
    db_path: str | Path | None = None,
    store: Store | None = None,
    creates_per_minute: float | None = None,
    ai_processes: int | None = None,
    seeds_with_friends: bool = False,
    reviews_at_end: bool = True,
) -> Starlette:
    """The site. Deals live in `store`, or where `db_path` says: a SQLite file, or a database
    for a `postgresql://` URL (default $CARDAVIA_DB or ./cardavia.db). `creates_per_minute`:
    deals one client address may create a minute (`cardavia serve` sets it; None: no limit,
    as in tests). `ai_processes`: searches at once in this process's AI worker (None: a core
    less than the machine has; 0: no worker here, `cardavia worker` processes take the jobs).
    `seeds_with_friends`: whether a table of friends may be dealt from a `seed` the request
    names; never on the site (the player who chose it would know every hand), for tests only.
    `reviews_at_end`: queue a deal's reviews as it ends (False: when asked for; tests only)."""
    the_store = store if store is not None else open_store(str(db_path or default_db_path()))

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[dict[str, Any]]:
        app.state.tables.start_timers()  # absent players' deadlines, stored, survive a restart
        # the lifespan's state reaches the server's protocol (web/server.py), which drains
        # the long polls as the server begins to stop
        yield {"stop_waits": app.state.tables.stop_waits}
        await app.state.tables.close()
        the_store.close()

    async def api_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, requests.ApiError)
        return requests.error_response(exc)

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        if request.url.path.startswith("/api/"):
            return JSONResponse(
                {"error": {"code": "http", "message": exc.detail}}, status_code=exc.status_code
            )
        lang = request.path_params.get("lang")
        i18n.set_language(lang if lang in i18n.LANGUAGES else i18n.DEFAULT)
        response: Response = app.state.templates.TemplateResponse(
            request,
            "error.html",
            {
                "status": exc.status_code,
                "message": i18n.gettext(str(exc.detail)),
                "lang": i18n.current_language(),
                "languages": [],
                "page_title": str(exc.status_code),
            },
            status_code=exc.status_code,
        )
        return response

    async def server_error(request: Request, exc: Exception) -> Response:
        # The last resort (the traceback is still logged): an API client gets an error it can
        # read, as JSON, never a plain-text page (reliability review M7).
        response: Response
        if request.url.path.startswith("/api/"):
            response = JSONResponse(
                {"error": {"code": "internal", "message": "the server could not answer this"}},
                status_code=500,
            )
        else:
            response = HTMLResponse(
                "<!doctype html><title>500</title><p>Server error</p>", status_code=500
            )
        secure(response.headers, request.scope)  # sent from outside the middleware stack
        return response

    app = Starlette(
        routes=[
            *api.ROUTES,
            *replays.ROUTES,
            *learn.ROUTES,
            *openapi.ROUTES,
            *health.ROUTES,
            *cards.ROUTES,
            Mount(
                "/static",
                StaticFiles(directory=str(files("cardavia") / "web" / "static")),
                name="static",
            ),
            *pages.ROUTES,
        ],
        exception_handlers={
            requests.ApiError: api_error,
            HTTPException: http_error,
            Exception: server_error,
        },
        # CSP and the other security headers; relative redirects (headers.py)
        middleware=[Middleware(SecurityHeaders)],
        lifespan=lifespan,
    )
    app.state.store = the_store
    app.state.create_limit = RateLimit(creates_per_minute) if creates_per_minute else None
    # records replayed from a browser (POST /api/replays) and finished deals' replays (GET
    # …/replay) cost the web process as much: limited wherever creating is (security tests: 651
    # in 10 s from six clients slowed everyone's views; eight looping GETs, a view 1.8 → 85 ms)
    app.state.replay_limit = RateLimit(REPLAYS_PER_MINUTE) if creates_per_minute else None
    app.state.seeds_with_friends = seeds_with_friends
    app.state.tables = Tables(
        the_store,
        GAMES,
        Thinkers(ai_processes) if ai_processes else None,
        worker=ai_processes != 0,
        reviews_at_end=reviews_at_end,
    )
    app.state.templates = _templates()
    return app
