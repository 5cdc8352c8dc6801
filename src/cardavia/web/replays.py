"""The replay's JSON API (architecture.md §8, docs/api.md): the steps of a finished deal, by its
id or from a record sent by the browser (an uploaded or pasted file), which is replayed,
validated and answered, never stored."""

from __future__ import annotations

import asyncio
import gzip
import json
import re
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from cardavia.rules.errors import RecordError
from cardavia.rules.record import OtherGameError, RecordActionError, loads
from cardavia.table.replay import DealNotOverError, NoDecisionError, decision_at, replay_steps
from cardavia.web.requests import (
    ApiError,
    clip,
    is_over,
    json_body,
    limited,
    seat_of,
    table_of,
    tables_of,
)

# A record is a few KiB (docs/deal-record.md); sent as a JSON string it grows by its escapes.
MAX_RECORD_BODY = 256 * 1024
GZIP_FROM = 1024  # bytes: a replay is 20-200 KiB of JSON, a twentieth of it compressed


def packed_json(request: Request, data: dict[str, Any]) -> Response:
    """JSON, compressed for a client that takes gzip: every step repeats the whole table."""
    body = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
    headers = {"Vary": "Accept-Encoding"}
    if len(body) >= GZIP_FROM and "gzip" in request.headers.get("accept-encoding", "").lower():
        body = gzip.compress(body, 6)
        headers["Content-Encoding"] = "gzip"
    return Response(body, media_type="application/json", headers=headers)


async def get_replay(request: Request) -> Response:
    """A finished deal's steps, seen by the token's seat (its log), or by a spectator; as much
    work as replaying a sent record, so counted with those (security test, 2026-12-06)."""
    limited(request, request.app.state.replay_limit, "replays")
    table = await table_of(request)
    seat = await seat_of(request, table, required=False)
    if not await is_over(request, table):
        raise ApiError(409, "deal_in_progress", "the replay opens when the deal is over")
    games = tables_of(request).games
    try:
        data = await asyncio.to_thread(replay_steps, table.record(), games, seat)
    except RecordError:  # rules changed since: the stored actions no longer replay
        raise ApiError(
            410, "deal_unreadable", "this deal cannot be read back under today's rules"
        ) from None
    view = table.view(seat)
    data.update(id=table.id, level=table.row.level, seats=view["seats"], match=view["match"])
    return packed_json(request, data)


async def get_decision(request: Request) -> Response:
    """The position of one of the token's seat's decisions in a finished deal, as that seat
    saw it (its own cards, its choices then): the replay page's "try it again" at a mistake
    the review names (docs/api.md, "Review"). `step` is the decision's index in the record."""
    table = await table_of(request)
    seat = await seat_of(request, table, required=True)
    assert seat is not None
    if not await is_over(request, table):
        raise ApiError(409, "deal_in_progress", "the deal's decisions open when it is over")
    text = request.path_params["step"]
    if not re.fullmatch(r"[0-9]{1,6}", text):
        raise ApiError(404, "no_decision", f"no decision {clip(text)} of your seat")
    try:
        found = await asyncio.to_thread(
            decision_at, table.record(), tables_of(request).games, seat, int(text)
        )
    except NoDecisionError as err:
        raise ApiError(404, "no_decision", str(err)) from None
    except RecordError:
        raise ApiError(
            410, "deal_unreadable", "this deal cannot be read back under today's rules"
        ) from None
    return JSONResponse(found)


async def post_replay(request: Request) -> Response:
    """The steps of the record in the body, `{"game", "record"}` (the record as its text or as
    a JSON object), if it is a finished deal of that game that replays; nothing is kept."""
    data = await json_body(request, ("game", "record"), MAX_RECORD_BODY)
    limited(request, request.app.state.replay_limit, "records replayed")
    games = tables_of(request).games
    game = data.get("game")
    if not isinstance(game, str) or game not in games:
        raise ApiError(422, "unknown_game", f"no playable game {clip(game)}")
    record = data.get("record")
    try:
        if isinstance(record, str):
            record = loads(record)
        if not isinstance(record, dict):
            raise ApiError(422, "bad_request", "record must be the record's text or a JSON object")
        replayed = await asyncio.to_thread(replay_steps, record, games, None, game)
    except OtherGameError as err:
        raise ApiError(422, "other_game", str(err), game=err.game) from None
    except RecordActionError as err:
        raise ApiError(422, "illegal_action", str(err), index=err.index, step=err.step) from None
    except DealNotOverError as err:
        raise ApiError(422, "deal_not_over", str(err)) from None
    except RecordError as err:
        raise ApiError(422, "bad_record", str(err)) from None
    replayed.update(id=None, level=None, seats=None, match=None)
    return packed_json(request, replayed)


ROUTES = [
    Route("/api/games/{deal_id}/replay", get_replay, methods=["GET"]),
    Route("/api/replays", post_replay, methods=["POST"]),
    Route("/api/games/{deal_id}/review/{step}", get_decision, methods=["GET"]),
]
