"""The JSON API of architecture.md §6. Handlers are thin: the table layer does the work."""

from __future__ import annotations

import json
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from cardavia.ai.levels import API_LEVELS
from cardavia.rules.errors import IllegalActionError, RulesError
from cardavia.rules.record import MAX_SEED
from cardavia.store.base import StoreError
from cardavia.table.live import (
    NotYourTurnError,
    StaleVersionError,
    Table,
    Tables,
    UnknownDealError,
    UnreadableDealError,
)

MAX_BODY = 16 * 1024
MAX_WAIT = 25.0


class ApiError(Exception):
    def __init__(self, status: int, code: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.extra = status, code, message, extra


def error_response(err: ApiError) -> JSONResponse:
    body = {"error": {"code": err.code, "message": err.message}, **err.extra}
    return JSONResponse(body, status_code=err.status)


async def _json_body(request: Request) -> dict[str, Any]:
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
        raise ApiError(413, "too_large", f"the request body is over {MAX_BODY} bytes")
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise ApiError(413, "too_large", f"the request body is over {MAX_BODY} bytes")
    try:
        data = json.loads(body)
    except RecursionError:  # a few KiB of brackets nest deeper than the parser goes
        raise ApiError(400, "bad_json", "the body's JSON is nested too deeply") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        raise ApiError(400, "bad_json", f"the body is not valid JSON: {err}") from None
    except ValueError:  # a number past Python's int digit limit
        raise ApiError(400, "bad_json", "the body's JSON has a number too long to read") from None
    if not isinstance(data, dict):
        raise ApiError(400, "bad_json", "the body must be a JSON object")
    return data


def _tables(request: Request) -> Tables:
    tables: Tables = request.app.state.tables
    return tables


async def _table(request: Request) -> Table:
    try:
        return await _tables(request).get(request.path_params["deal_id"])
    except UnreadableDealError:
        raise ApiError(410, "deal_unreadable", "this deal was played under rules that have "
                       "changed since, and cannot go on") from None
    except UnknownDealError:
        raise ApiError(404, "unknown_deal", "no deal with this id") from None


def _int(value: Any, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ApiError(422, "bad_request", f"{name} must be an integer")
    return value


async def create_deal(request: Request) -> Response:
    data = await _json_body(request)
    tables = _tables(request)
    game = data.get("game")
    if not isinstance(game, str) or game not in tables.games:
        raise ApiError(422, "unknown_game", f"no playable game {game!r}")
    seed = data.get("seed")
    if seed is not None:
        seed = _int(seed, "seed")
        if not 0 <= seed <= MAX_SEED:
            raise ApiError(422, "bad_request", f"seed must be from 0 to {MAX_SEED}")
    level = data.get("level", "normal")
    if level not in API_LEVELS:
        raise ApiError(422, "bad_request", f"level must be one of {', '.join(API_LEVELS)}")
    after = None
    if data.get("after") is not None:
        # Next deal of a running match: the dealer passes on, the totals carry over.
        try:
            after = await tables.get(str(data["after"]))
        except UnknownDealError:
            raise ApiError(422, "unknown_deal", "after: no deal with this id") from None
        if after.game.name != game or not after.state.is_over():
            raise ApiError(422, "bad_request", "after: must be a finished deal of the same game")
    try:
        table = await tables.create(game, seed, level, after=after)
    except StoreError as err:
        raise ApiError(503, "store_unavailable", f"the deal was not stored: {err}") from None
    return JSONResponse({"id": table.id, "view": table.view()}, status_code=201)


async def get_deal(request: Request) -> Response:
    table = await _table(request)
    wait = request.query_params.get("wait")
    if wait is not None:
        try:
            version = int(wait)
        except ValueError:
            raise ApiError(400, "bad_request", "wait must be an integer version") from None
        await _tables(request).wait(table, version, MAX_WAIT)
    return JSONResponse({"view": table.view()})


async def post_action(request: Request) -> Response:
    table = await _table(request)
    data = await _json_body(request)
    action, version = data.get("action"), data.get("version")
    if not isinstance(action, str):
        raise ApiError(422, "bad_request", "action must be a string")
    version = _int(version, "version")
    try:
        await _tables(request).human_act(table, action, version)
    except StaleVersionError as err:
        raise ApiError(409, "stale_version", str(err), view=table.view()) from None
    except IllegalActionError as err:
        raise ApiError(422, "illegal_action", str(err)) from None
    except RulesError as err:
        raise ApiError(422, "invalid_action", str(err)) from None
    except StoreError as err:
        raise ApiError(503, "store_unavailable", f"the action was not stored: {err}") from None
    return JSONResponse({"view": table.view()})


async def post_hint(request: Request) -> Response:
    """What the normal level would play for you now, and why (docs/api.md)."""
    table = await _table(request)
    data = await _json_body(request)
    version = _int(data.get("version"), "version")
    try:
        hint = await _tables(request).hint(table, version)
    except StaleVersionError as err:
        raise ApiError(409, "stale_version", str(err), view=table.view()) from None
    except NotYourTurnError as err:
        raise ApiError(409, "not_your_turn", str(err)) from None
    return JSONResponse({"hint": hint})


async def get_record(request: Request) -> Response:
    table = await _table(request)
    if not table.state.is_over():
        raise ApiError(409, "deal_in_progress", "the record is available when the deal is over")
    return JSONResponse(
        table.record(),
        headers={"Content-Disposition": f'attachment; filename="cardavia-{table.id}.json"'},
    )


ROUTES = [
    Route("/api/games", create_deal, methods=["POST"]),
    Route("/api/games/{deal_id}", get_deal, methods=["GET"]),
    Route("/api/games/{deal_id}/actions", post_action, methods=["POST"]),
    Route("/api/games/{deal_id}/hint", post_hint, methods=["POST"]),
    Route("/api/games/{deal_id}/record", get_record, methods=["GET"]),
]
