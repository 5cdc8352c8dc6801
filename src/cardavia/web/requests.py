"""What the JSON handlers share (docs/api.md): the limits of what a request may send, the JSON
error, the body, the client, and the deal and seat a request names."""

from __future__ import annotations

import asyncio
import json
import math
import re
from typing import Any
from urllib.parse import urlsplit

from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse

from cardavia.rules.errors import QUOTED_MAX, cut, quoted
from cardavia.store.base import StoreError
from cardavia.table.live import BadTokenError, Table, Tables, UnknownDealError, UnreadableDealError
from cardavia.web.limits import RateLimit, client_key

MAX_BODY = 16 * 1024
MAX_WAIT = 25.0
BODY_TIMEOUT = 10.0  # seconds to send a whole body: a dribbling client is not waited for (M4)
# Errors quote what was sent only this far (an action is far shorter), never a whole body.
MAX_ECHO = QUOTED_MAX  # characters of a client's value an error quotes
MAX_MESSAGE = 200
MAX_ACTION = 100  # the longest legal action of any game is under 40 characters
# A version in `?wait=` in ASCII digits only: Python's int() would also read "1_0", " 3 " and
# other scripts' digits, looser than the one text form the API speaks (reliability review I1).
VERSION_TEXT = re.compile(r"-?[0-9]+")
SEATS_TAG_TEXT = re.compile(r"[0-9a-f]{8}")  # a view's `seats_tag` (Table.seats_tag)
MAX_CODE = 64  # invite codes are 32 characters
# A friends table's time allowance per decision, in seconds (architecture.md §6).
ALLOWANCE_RANGE = (5, 600)


class ApiError(Exception):
    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        headers: dict[str, str] | None = None,
        **extra: Any,
    ) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.extra = status, code, message, extra
        self.headers = headers


def error_response(err: ApiError) -> JSONResponse:
    # a rules error quoting a long action: its head will do
    body = {"error": {"code": err.code, "message": cut(err.message, MAX_MESSAGE)}, **err.extra}
    return JSONResponse(body, status_code=err.status, headers=err.headers)


def clip(value: Any) -> str:
    """A value sent by the client, as an error may quote it: its repr, cut to a short head."""
    return quoted(value, MAX_ECHO)


def _check_sender(request: Request) -> None:
    """A state-changing request must come from this site's own pages or a plain client, as
    JSON: a cross-site form or `text/plain` POST (which browsers send without a preflight)
    cannot create deals or act in one whose id it knows (reliability review L3)."""
    origin = request.headers.get("origin")
    if (
        origin is not None and not _same_host(origin, request.headers.get("host", ""))
    ) or request.headers.get("sec-fetch-site") == "cross-site":
        raise ApiError(403, "cross_origin", "requests from another site's pages are refused")
    media = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if media != "application/json":
        raise ApiError(
            415, "unsupported_media_type", "the body must be sent as Content-Type: application/json"
        )


def _same_host(origin: str, host: str) -> bool:
    """Whether a page at `origin` belongs to the site asked for as `host`. A proxy that passes
    a Host without its port (nginx's `$host`) still matches a page on a non-default port."""
    if origin == "null":
        return False
    netloc = urlsplit(origin).netloc.lower()
    host = host.lower()
    if netloc == host:
        return True
    return ":" not in host.rsplit("]", 1)[-1] and netloc.rsplit(":", 1)[0] == host


async def json_body(
    request: Request, fields: tuple[str, ...] = (), limit: int = MAX_BODY
) -> dict[str, Any]:
    """The body's JSON object, with no field but `fields`: a misspelt one ("levle") is refused
    rather than quietly ignored for its default."""
    _check_sender(request)
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > limit):
        raise ApiError(413, "too_large", f"the request body is over {limit} bytes")
    body = b""
    try:
        async with asyncio.timeout(BODY_TIMEOUT):
            async for chunk in request.stream():
                body += chunk
                if len(body) > limit:
                    raise ApiError(413, "too_large", f"the request body is over {limit} bytes")
    except TimeoutError:
        raise ApiError(
            408, "request_timeout", f"the body took over {BODY_TIMEOUT:g} s to send"
        ) from None
    except ClientDisconnect:  # gone before its body came (a proxy that gave up): nobody to tell
        raise ApiError(400, "client_gone", "the client went away before its body came") from None
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
    try:  # a \ud800 escape parses to a lone surrogate, which no text may hold (review L1)
        json.dumps(data, ensure_ascii=False).encode()
    except UnicodeEncodeError:
        raise ApiError(
            400, "bad_json", "the body holds a lone surrogate, which is not text"
        ) from None
    unknown = sorted(set(data) - set(fields))
    if unknown:
        known = ", ".join(fields) or "none"
        raise ApiError(
            422, "unknown_field", f"unknown field {clip(unknown[0])}; the fields here: {known}"
        )
    return data


def client_of(request: Request) -> str:
    """Whom the request counts as, for limits and turns at the AI workers."""
    return client_key(request.client.host if request.client else "")


def tables_of(request: Request) -> Tables:
    tables: Tables = request.app.state.tables
    return tables


async def table_of(request: Request) -> Table:
    try:
        return await tables_of(request).get(request.path_params["deal_id"])
    except UnreadableDealError:
        raise ApiError(
            410,
            "deal_unreadable",
            "this deal cannot be read back (played under "
            "rules that have changed since, or damaged), and cannot go on",
        ) from None
    except UnknownDealError:
        raise ApiError(404, "unknown_deal", "no deal with this id") from None
    except StoreError:
        raise ApiError(503, "store_unavailable", "the store could not read this deal now") from None


async def is_over(request: Request, table: Table) -> bool:
    """Whether the deal is over, asking the store before saying no: another process may have
    ended it a moment ago."""
    if not table.state.is_over():
        try:
            await tables_of(request).caught_up(table)
        except StoreError:
            raise ApiError(
                503, "store_unavailable", "the store could not read this deal now"
            ) from None
    return table.state.is_over()


def token_of(request: Request) -> str | None:
    """The seat token sent as `Authorization: Bearer <token>`, or None."""
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(403, "bad_token", "send the seat token as Authorization: Bearer <token>")
    return token.strip()


async def seat_of(request: Request, table: Table, required: bool) -> int | None:
    """The seat the request's token holds (None: no token, a spectator)."""
    try:
        seat = await tables_of(request).seat_of(table, token_of(request))
    except BadTokenError:
        raise ApiError(403, "bad_token", "this token holds no seat at this deal") from None
    except StoreError:
        raise ApiError(503, "store_unavailable", "the store could not read the seats now") from None
    if seat is None and required:
        raise ApiError(
            403,
            "no_token",
            "only a seated player may do this: send its Authorization: Bearer token",
        )
    return seat


def int_field(value: Any, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ApiError(422, "bad_request", f"{name} must be an integer")
    return value


def limited(request: Request, limit: RateLimit | None, what: str) -> str:
    """The requesting client, `429` with Retry-After past what `limit` lets it do a minute."""
    client = client_of(request)
    wait = limit.take(client) if limit is not None else 0.0
    if wait:
        raise ApiError(
            429,
            "too_many_requests",
            f"too many {what} from this address; try again later",
            headers={"Retry-After": str(math.ceil(wait))},
        )
    return client
