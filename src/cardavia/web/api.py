"""The JSON API of architecture.md §6. Handlers are thin: the table layer does the work."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import re
import unicodedata
from functools import cache
from typing import Any
from urllib.parse import urlsplit

from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from cardavia.ai.levels import API_LEVELS
from cardavia.games.registry import GAMES
from cardavia.rules.errors import QUOTED_MAX, IllegalActionError, RulesError, cut, quoted
from cardavia.rules.record import MAX_SEED
from cardavia.store.base import NameCheck, StoreError
from cardavia.table.live import (
    ALLOWANCE_S,
    NAME_MAX,
    BadTokenError,
    NameRefusedError,
    NotCreatorError,
    NotFriendsTableError,
    NotYourTurnError,
    ReviewFailedError,
    ReviewsWaitingError,
    SeatHeldError,
    SeatTakenError,
    StaleVersionError,
    Table,
    Tables,
    UnknownDealError,
    UnknownInviteError,
    UnreadableDealError,
    WaitingError,
)
from cardavia.table.seats import new_token
from cardavia.web import i18n
from cardavia.web.limits import PENDING_REVIEWS_PER_CLIENT, RateLimit, client_key

log = logging.getLogger(__name__)
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


async def _json_body(
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


def _client(request: Request) -> str:
    """Whom the request counts as, for limits and turns at the AI workers."""
    return client_key(request.client.host if request.client else "")


def _tables(request: Request) -> Tables:
    tables: Tables = request.app.state.tables
    return tables


async def _table(request: Request) -> Table:
    try:
        return await _tables(request).get(request.path_params["deal_id"])
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


async def _over(request: Request, table: Table) -> bool:
    """Whether the deal is over, asking the store before saying no: another process may have
    ended it a moment ago."""
    if not table.state.is_over():
        try:
            await _tables(request).caught_up(table)
        except StoreError:
            raise ApiError(
                503, "store_unavailable", "the store could not read this deal now"
            ) from None
    return table.state.is_over()


def _token(request: Request) -> str | None:
    """The seat token sent as `Authorization: Bearer <token>`, or None."""
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(403, "bad_token", "send the seat token as Authorization: Bearer <token>")
    return token.strip()


async def _seat(request: Request, table: Table, required: bool) -> int | None:
    """The seat the request's token holds (None: no token, a spectator)."""
    try:
        seat = await _tables(request).seat_of(table, _token(request))
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


def _int(value: Any, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ApiError(422, "bad_request", f"{name} must be an integer")
    return value


# Letters and signs that draw nothing (the Hangul fillers, the blank Braille pattern, the
# musical null notehead).
BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800\U0001d159")
# Unassigned, but set aside to be drawn as nothing (Unicode's Default_Ignorable_Code_Point):
# U+2065, U+FFF0-U+FFF8, and all of plane 14 (tags, variation selectors) and above.
IGNORABLE_UNASSIGNED = frozenset("\u2065" + "".join(map(chr, range(0xFFF0, 0xFFF9))))


def _nonchar(c: str) -> bool:
    """A noncharacter (U+FDD0–U+FDEF, and the last two code points of every plane): never text."""
    point = ord(c)
    return 0xFDD0 <= point <= 0xFDEF or point & 0xFFFE == 0xFFFE


def _shows(c: str) -> bool:
    """Whether a character of a name draws something: a letter, digit, sign or punctuation, or
    an unassigned one (Python's Unicode tables lag, and an emoji newer than them is "Cn") in
    the planes where letters and emoji are given out; plane 14 and above hold only tags,
    variation selectors and private use, which draw nothing (security test: U+E0080 passed)."""
    kind = unicodedata.category(c)
    if kind == "Cn":
        return ord(c) < 0x40000 and c not in IGNORABLE_UNASSIGNED
    return kind[0] in "LNPS" and c not in BLANK_LETTERS


def _name(value: Any) -> str | None:
    """A display name: text of 1 to NAME_MAX characters once trimmed, no control characters
    (pages and the client escape it wherever it shows); None when not given."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise ApiError(422, "bad_name", "name must be text")
    name = " ".join(value.split())
    if not name or len(name) > NAME_MAX:
        raise ApiError(422, "bad_name", f"name must be 1 to {NAME_MAX} characters")
    if any(unicodedata.category(c) in ("Cc", "Cf", "Co", "Cs") or _nonchar(c) for c in name):
        raise ApiError(422, "bad_name", "name must be plain text")
    if not any(_shows(c) for c in name):
        # marks alone, or fillers that draw nothing: a seat that would look nameless
        raise ApiError(422, "bad_name", "name must show at least one letter, digit or sign")
    return name


# What the table calls a seat (pages.table's `seats`, web/strings/core.py's seat_player and
# seat_player_n), in every language of the site: no player may be called so, but an unnamed
# human seat's own label ("Player" for seat 0, "Player n" for seat n), which names nobody else.
SEAT_LABELS = ("You", "AI %(n)s")
PLAYER_LABELS = ("Player", "Player %(n)s")
# why a name was refused (`reason` beside a 422 bad_name), and what the joiner is told
NAME_REFUSALS = {
    "seat_label": "this name is what the table calls a seat (such as You, AI 1 or Player 2, "
    "in one of the site's languages); choose another",
    "name_taken": "another player at this table has this name; choose another",
}


def name_key(name: str) -> str:
    """A name as names are compared: NFKC, case-folded, without white space, so that "AI 1",
    "ai1", "ＡＩ １" and "A I 1" are one name."""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return "".join(folded.split())


@cache
def _labels() -> dict[str, int | None]:
    """Each seat label's key, in the six languages, for seats of any game: the seat that may
    take it as its name (its own "Player n"), or None (no seat may)."""
    labels: dict[str, int | None] = {}
    players = max(game.players for game in GAMES.values())

    def add(text: str, seat: int | None) -> None:
        key = name_key(text)
        labels[key] = seat if labels.get(key, seat) == seat else None

    for lang in i18n.LANGUAGES:
        gettext = i18n.translations(lang).gettext
        you, ai = (gettext(label) for label in SEAT_LABELS)
        player, player_n = (gettext(label) for label in PLAYER_LABELS)
        add(you, None)
        add(player, 0)
        for n in range(1, players + 1):
            add(ai % {"n": n}, None)
            add(player_n % {"n": n}, n)
    return labels


def _name_check(name: str) -> NameCheck:
    """The `NameCheck` of `name`: why it may not be a seat's name at a table whose seats have
    the names given (None: it may), a seat's label (`_labels`) or another seat's name, compared
    as `name_key`s. The store asks it at a join (`Tables.join`) under its lock, so what does not
    depend on the names is worked out here, before."""
    key, labels = name_key(name), _labels()

    def check(seat: int, names: list[str | None]) -> str | None:
        if key in labels and labels[key] != seat:
            return "seat_label"
        for i, other in enumerate(names):
            if other is not None and i != seat and name_key(other) == key:
                return "name_taken"
        return None

    return check


def _name_error(reason: str) -> ApiError:
    return ApiError(422, "bad_name", NAME_REFUSALS[reason], reason=reason)


def _kinds(value: Any, players: int) -> list[str] | None:
    """`seats`: "human" or "ai" per seat, the first "human" (the creator's)."""
    if value is None:
        return None
    if (
        not isinstance(value, list)
        or len(value) != players
        or any(k not in ("human", "ai") for k in value)
    ):
        raise ApiError(
            422, "bad_request", f'seats must list "human" or "ai" for each of the {players} seats'
        )
    if value[0] != "human":
        raise ApiError(422, "bad_request", 'seats: the first seat is the creator\'s, "human"')
    return list(value)


def _waiting() -> ApiError:
    """A friends table still waiting for its players: nobody acts, nor is a hint searched."""
    return ApiError(409, "waiting", "the table waits for its players; nobody plays yet")


def _no_seed_with_friends(request: Request, seed: int | None) -> None:
    """Refuse a seed at a table of friends: whoever chose the deal would know every other
    player's hand (the engine is open), so the server deals it (tests may allow it,
    `create_app(seeds_with_friends=True)`)."""
    if seed is not None and not request.app.state.seeds_with_friends:
        raise ApiError(422, "seed_with_friends", "seed: a table of friends is dealt by the server")


def _review_cap(request: Request) -> int | None:
    """How many other deals' reviews the requesting client may have waiting for another to be
    queued: PENDING_REVIEWS_PER_CLIENT where creating deals is limited, else no limit."""
    return PENDING_REVIEWS_PER_CLIENT if request.app.state.create_limit is not None else None


def _creates(request: Request) -> str:
    """The requesting client, which creates a deal: `429` past the deals it may create a minute
    (a table of friends' next deal counts as one, or a chain of them went unlimited)."""
    return _limited(request, request.app.state.create_limit, "deals created")


def _limited(request: Request, limit: RateLimit | None, what: str) -> str:
    """The requesting client, `429` with Retry-After past what `limit` lets it do a minute."""
    client = _client(request)
    wait = limit.take(client) if limit is not None else 0.0
    if wait:
        raise ApiError(
            429,
            "too_many_requests",
            f"too many {what} from this address; try again later",
            headers={"Retry-After": str(math.ceil(wait))},
        )
    return client


# the fields of POST /api/games (docs/api.md)
CREATE_FIELDS = ("game", "seed", "level", "after", "seats", "name", "allowance")


async def create_deal(request: Request) -> Response:
    data = await _json_body(request, CREATE_FIELDS)
    tables = _tables(request)
    game = data.get("game")
    if not isinstance(game, str) or game not in tables.games:
        raise ApiError(422, "unknown_game", f"no playable game {clip(game)}")
    players = tables.games[game].players
    kinds = _kinds(data.get("seats"), players)
    name = _name(data.get("name"))
    if name is not None and (refused := _name_check(name)(0, [None] * players)) is not None:
        raise _name_error(refused)  # seat 0's: the other seats have no names yet
    allowance = data.get("allowance", ALLOWANCE_S)
    if (
        not isinstance(allowance, int | float)
        or isinstance(allowance, bool)
        or not ALLOWANCE_RANGE[0] <= allowance <= ALLOWANCE_RANGE[1]
    ):
        low, high = ALLOWANCE_RANGE
        raise ApiError(422, "bad_request", f"allowance must be {low} to {high} seconds")
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
        except StoreError:
            raise ApiError(
                503, "store_unavailable", "the store could not read `after` now"
            ) from None
        if after.game.name != game or not after.state.is_over():
            raise ApiError(422, "bad_request", "after: must be a finished deal of the same game")
        if after.humans() >= 2:
            # A friends table: one of its players deals the next, for the same seats (their
            # tokens hold them there too) at the same level; the second to ask finds it dealt.
            _no_seed_with_friends(request, seed)
            seat = await _seat(request, after, required=True)
            token = _token(request)
            assert seat is not None and token is not None
            async with tables.lock(after.id):
                following = after.next_id or await asyncio.to_thread(
                    tables.store.next_deal, after.id
                )
                if following is None:
                    # the one who deals it counts a deal; who finds it dealt, none
                    client = _creates(request)
                    try:
                        table = await tables.create(
                            game,
                            seed,
                            level,
                            after=after,
                            client=client,
                            token=token,
                            review_cap=_review_cap(request),
                        )
                    except StoreError:
                        raise ApiError(
                            503, "store_unavailable", "the deal was not stored; try again"
                        ) from None
                    following = table.id
                if after.next_id is None:  # dealt now, or by another process
                    after.next_id = following
                    after.notify()  # the other players' pages, waiting on the deal it follows
            table = await tables.get(following)
            return JSONResponse(
                {
                    "id": table.id,
                    "seat": seat,
                    "token": token,
                    "invites": {},
                    "view": table.view(seat),
                },
                status_code=201,
            )
    if kinds is not None and kinds.count("human") >= 2:
        _no_seed_with_friends(request, seed)
    client = _creates(request)
    token = new_token()
    invites: dict[int, str] = {}
    try:
        table = await tables.create(
            game,
            seed,
            level,
            after=after,
            client=client,
            token=token,
            kinds=kinds,
            name=name,
            allowance=float(allowance),
            invites=invites,
            review_cap=_review_cap(request),
        )
    except StoreError as err:
        log.warning("a new deal was not stored: %s: %s", type(err).__name__, err)
        raise ApiError(503, "store_unavailable", "the deal was not stored; try again") from None
    return JSONResponse(
        {
            "id": table.id,
            "seat": 0,
            "token": token,
            "invites": {str(seat): code for seat, code in invites.items()},
            "view": table.view(0),
        },
        status_code=201,
    )


def _unknown_invite() -> ApiError:
    return ApiError(404, "unknown_invite", "no seat has this invite code")


def _gone_invite() -> ApiError:
    return ApiError(404, "unknown_deal", "this invite's deal is gone")


async def preview_invite(request: Request) -> Response:
    """What an invite code gives, before joining: the game, the seat, the table's level and
    who sits where (`seats_view`, as a spectator sees it), so that the invited know who asks
    them to play; for a seat taken already (or given to the AI), only that it is not free. The
    code comes in the body, never in a path a server log keeps (the link carries it in its
    fragment for that reason, friends.js). No deal id: the link names none."""
    data = await _json_body(request, ("code",))
    code = data.get("code")
    if not isinstance(code, str) or not code or len(code) > MAX_CODE:
        raise _unknown_invite()
    try:
        table, seat = await _tables(request).invite(code)
    except UnknownInviteError:
        raise _unknown_invite() from None
    except UnknownDealError:
        raise _gone_invite() from None
    except StoreError:
        raise ApiError(503, "store_unavailable", "the store did not answer; try again") from None
    seats = table.seats_view(None)
    if seats[seat]["kind"] != "human" or seats[seat]["joined"]:
        return JSONResponse({"free": False})
    return JSONResponse(
        {
            "free": True,
            "game": table.row.game,
            "seat": seat,
            "level": table.row.level,
            "seats": seats,
        }
    )


async def join_deal(request: Request) -> Response:
    """Take the seat an invite code gives (architecture.md §6)."""
    data = await _json_body(request, ("name",))
    code = request.path_params["code"]
    name = _name(data.get("name"))
    if len(code) > MAX_CODE:
        raise _unknown_invite()
    try:
        table, seat, token = await _tables(request).join(
            code, name, _name_check(name) if name is not None else None, _token(request)
        )
    except NameRefusedError as err:
        raise _name_error(str(err)) from None
    except UnknownInviteError:
        raise _unknown_invite() from None
    except SeatTakenError:
        raise ApiError(409, "seat_taken", "this invite's seat has its player already") from None
    except SeatHeldError:
        raise ApiError(
            409, "seat_held", "this token holds a seat at this table already: one seat a player"
        ) from None
    except UnknownDealError:
        raise _gone_invite() from None
    except StoreError:
        raise ApiError(503, "store_unavailable", "the seat was not stored; try again") from None
    return JSONResponse(
        {"id": table.id, "seat": seat, "token": token, "view": table.view(seat)}, status_code=201
    )


async def start_deal(request: Request) -> Response:
    """The creator starts a friends table with the AI in the seats nobody has taken (again:
    nothing changes); a table of one human has nothing to start."""
    table = await _table(request)
    seat = await _seat(request, table, required=True)
    await _json_body(request)
    try:
        await _tables(request).start(table, seat)
    except NotCreatorError:
        raise ApiError(403, "not_creator", "only the table's creator may start it") from None
    except NotFriendsTableError:
        raise ApiError(
            409, "not_friends_table", "only a table for friends is started: this one plays"
        ) from None
    except StoreError:
        raise ApiError(503, "store_unavailable", "the start was not stored; try again") from None
    return JSONResponse({"view": table.view(seat)})


async def back_deal(request: Request) -> Response:
    """An away player takes their seat back from the AI (as acting does)."""
    table = await _table(request)
    seat = await _seat(request, table, required=True)
    await _json_body(request)
    assert seat is not None
    try:
        await _tables(request).back(table, seat)
    except StoreError:
        raise ApiError(503, "store_unavailable", "the seat was not stored; try again") from None
    return JSONResponse({"view": table.view(seat)})


async def claim_deal(request: Request) -> Response:
    """Seat 0 of a deal stored before seats had tokens, for the first who asks (docs/api.md)."""
    table = await _table(request)
    await _json_body(request)  # `{}`: a JSON POST from this site or a plain client only
    try:
        token = await _tables(request).claim(table)
    except SeatTakenError:
        raise ApiError(409, "seat_taken", "this deal's seats have their players") from None
    except StoreError:
        raise ApiError(503, "store_unavailable", "the claim was not stored; try again") from None
    return JSONResponse(
        {"id": table.id, "seat": 0, "token": token, "view": table.view(0)}, status_code=201
    )


async def get_deal(request: Request) -> Response:
    table = await _table(request)
    seat = await _seat(request, table, required=False)
    with contextlib.suppress(StoreError):  # the next deal shows at the next request
        await _tables(request).follow(table)
    wait = request.query_params.get("wait")
    if wait is not None:
        try:
            if not VERSION_TEXT.fullmatch(wait):
                raise ValueError(wait)
            version = int(wait)
        except ValueError:
            raise ApiError(400, "bad_request", "wait must be an integer version") from None
        seats = request.query_params.get("seats")
        if seats is not None and not SEATS_TAG_TEXT.fullmatch(seats):
            raise ApiError(400, "bad_request", "seats must be a view's seats_tag") from None
        await _tables(request).wait(table, version, MAX_WAIT, seat, seats)
        with contextlib.suppress(StoreError):  # dealt by another process meanwhile
            await _tables(request).follow(table)
        return JSONResponse({"view": table.with_steps(table.view(seat), version)})
    return JSONResponse({"view": table.view(seat)})


async def post_action(request: Request) -> Response:
    table = await _table(request)
    seat = await _seat(request, table, required=True)
    data = await _json_body(request, ("action", "version"))
    action, version = data.get("action"), data.get("version")
    if not isinstance(action, str):
        raise ApiError(422, "bad_request", "action must be a string")
    if len(action) > MAX_ACTION:
        raise ApiError(422, "invalid_action", f"no action is over {MAX_ACTION} characters")
    if action.split() != action.split(" "):  # spaces around or doubled, a tab, a newline
        # one text form (architecture.md, notation): as legal_actions spells it, not padded
        raise ApiError(
            422, "invalid_action", "an action is its words with one space between, as listed"
        )
    version = _int(version, "version")
    assert seat is not None
    try:
        await _tables(request).human_act(table, action, version, seat)
    except WaitingError:
        raise _waiting() from None
    except StaleVersionError as err:
        view = table.with_steps(table.view(seat), version)
        raise ApiError(409, "stale_version", str(err), view=view) from None
    except IllegalActionError as err:
        raise ApiError(422, "illegal_action", str(err)) from None
    except RulesError as err:
        raise ApiError(422, "invalid_action", str(err)) from None
    except StoreError as err:
        log.warning("deal %s: an action was not stored: %s", table.id, err)
        raise ApiError(503, "store_unavailable", "the action was not stored; try again") from None
    return JSONResponse({"view": table.with_steps(table.view(seat), version)})


async def post_hint(request: Request) -> Response:
    """What the table's level would play for you now, and why (docs/api.md)."""
    table = await _table(request)
    seat = await _seat(request, table, required=True)
    data = await _json_body(request, ("version",))
    version = _int(data.get("version"), "version")
    assert seat is not None
    try:
        hint = await _tables(request).hint(table, version, _client(request), seat)
    except WaitingError:
        raise _waiting() from None
    except StaleVersionError as err:
        view = table.with_steps(table.view(seat), version)
        raise ApiError(409, "stale_version", str(err), view=view) from None
    except NotYourTurnError as err:
        raise ApiError(409, "not_your_turn", str(err)) from None
    return JSONResponse({"hint": hint})


async def get_record(request: Request) -> Response:
    table = await _table(request)
    if not await _over(request, table):
        raise ApiError(409, "deal_in_progress", "the record is available when the deal is over")
    return JSONResponse(
        table.record(),
        headers={"Content-Disposition": f'attachment; filename="cardavia-{table.id}.json"'},
    )


REVIEW_RETRY_S = 3  # a pending review's Retry-After
# Retry-After when the asker has PENDING_REVIEWS_PER_CLIENT other reviews waiting: one of them
# is made meanwhile (a review takes a worker 4-40 s)
REVIEWS_WAITING_RETRY_S = 30


async def get_review(request: Request) -> Response:
    """The finished deal's review of the token's seat (architecture.md §8, docs/api.md): 200
    with it, or 202 while its job runs."""
    table = await _table(request)
    seat = await _seat(request, table, required=True)
    assert seat is not None
    if not await _over(request, table):
        raise ApiError(409, "deal_in_progress", "the review is available when the deal is over")
    try:
        review = await _tables(request).review(table, seat, _client(request), _review_cap(request))
    except ReviewsWaitingError:
        raise ApiError(
            429,
            "too_many_reviews",
            f"reviews of {PENDING_REVIEWS_PER_CLIENT} other deals from this address are "
            "waiting to be made; ask again once one is ready",
            headers={"Retry-After": str(REVIEWS_WAITING_RETRY_S)},
        ) from None
    except ReviewFailedError:
        raise ApiError(
            503,
            "review_failed",
            "the review could not be made; it is being made again: ask again in a minute",
            headers={"Retry-After": "60"},
        ) from None
    except StoreError:
        raise ApiError(
            503, "store_unavailable", "the store could not read the review now"
        ) from None
    if review is None:
        return JSONResponse(
            {"status": "pending", "retry_after": REVIEW_RETRY_S},
            status_code=202,
            headers={"Retry-After": str(REVIEW_RETRY_S)},
        )
    return JSONResponse({"status": "ready", **review})


ROUTES = [
    Route("/api/games", create_deal, methods=["POST"]),
    Route("/api/games/{deal_id}", get_deal, methods=["GET"]),
    Route("/api/games/{deal_id}/claim", claim_deal, methods=["POST"]),
    Route("/api/games/{deal_id}/start", start_deal, methods=["POST"]),
    Route("/api/games/{deal_id}/back", back_deal, methods=["POST"]),
    Route("/api/invite-preview", preview_invite, methods=["POST"]),
    Route("/api/invites/{code}", join_deal, methods=["POST"]),
    Route("/api/games/{deal_id}/actions", post_action, methods=["POST"]),
    Route("/api/games/{deal_id}/hint", post_hint, methods=["POST"]),
    Route("/api/games/{deal_id}/record", get_record, methods=["GET"]),
    Route("/api/games/{deal_id}/review", get_review, methods=["GET"]),
]
