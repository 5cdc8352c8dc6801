"""The JSON API of architecture.md §6. Handlers are thin: the table layer does the work."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from cardavia.ai.levels import API_LEVELS
from cardavia.rules.errors import IllegalActionError, RulesError
from cardavia.rules.record import MAX_SEED
from cardavia.store.base import StoreError
from cardavia.table.live import (
    ALLOWANCE_S,
    NameRefusedError,
    NotCreatorError,
    NotFriendsTableError,
    NotYourTurnError,
    ReviewFailedError,
    ReviewsWaitingError,
    SeatHeldError,
    SeatTakenError,
    StaleVersionError,
    UnknownDealError,
    UnknownInviteError,
    WaitingError,
)
from cardavia.table.seats import new_token
from cardavia.web.limits import PENDING_REVIEWS_PER_CLIENT
from cardavia.web.names import name_check, name_error, parse_name
from cardavia.web.requests import (
    ALLOWANCE_RANGE,
    MAX_ACTION,
    MAX_CODE,
    MAX_WAIT,
    SEATS_TAG_TEXT,
    VERSION_TEXT,
    ApiError,
    client_of,
    clip,
    int_field,
    is_over,
    json_body,
    limited,
    seat_of,
    table_of,
    tables_of,
    token_of,
)

log = logging.getLogger(__name__)


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
    return limited(request, request.app.state.create_limit, "deals created")


# the fields of POST /api/games (docs/api.md)
CREATE_FIELDS = ("game", "seed", "level", "after", "seats", "name", "allowance")


async def create_deal(request: Request) -> Response:
    data = await json_body(request, CREATE_FIELDS)
    tables = tables_of(request)
    game = data.get("game")
    if not isinstance(game, str) or game not in tables.games:
        raise ApiError(422, "unknown_game", f"no playable game {clip(game)}")
    players = tables.games[game].players
    kinds = _kinds(data.get("seats"), players)
    name = parse_name(data.get("name"))
    if name is not None and (refused := name_check(name)(0, [None] * players)) is not None:
        raise name_error(refused)  # seat 0's: the other seats have no names yet
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
        seed = int_field(seed, "seed")
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
            seat = await seat_of(request, after, required=True)
            token = token_of(request)
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
    data = await json_body(request, ("code",))
    code = data.get("code")
    if not isinstance(code, str) or not code or len(code) > MAX_CODE:
        raise _unknown_invite()
    try:
        table, seat = await tables_of(request).invite(code)
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
    data = await json_body(request, ("name",))
    code = request.path_params["code"]
    name = parse_name(data.get("name"))
    if len(code) > MAX_CODE:
        raise _unknown_invite()
    try:
        table, seat, token = await tables_of(request).join(
            code, name, name_check(name) if name is not None else None, token_of(request)
        )
    except NameRefusedError as err:
        raise name_error(str(err)) from None
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
    table = await table_of(request)
    seat = await seat_of(request, table, required=True)
    await json_body(request)
    try:
        await tables_of(request).start(table, seat)
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
    table = await table_of(request)
    seat = await seat_of(request, table, required=True)
    await json_body(request)
    assert seat is not None
    try:
        await tables_of(request).back(table, seat)
    except StoreError:
        raise ApiError(503, "store_unavailable", "the seat was not stored; try again") from None
    return JSONResponse({"view": table.view(seat)})


async def claim_deal(request: Request) -> Response:
    """Seat 0 of a deal stored before seats had tokens, for the first who asks (docs/api.md)."""
    table = await table_of(request)
    await json_body(request)  # `{}`: a JSON POST from this site or a plain client only
    try:
        token = await tables_of(request).claim(table)
    except SeatTakenError:
        raise ApiError(409, "seat_taken", "this deal's seats have their players") from None
    except StoreError:
        raise ApiError(503, "store_unavailable", "the claim was not stored; try again") from None
    return JSONResponse(
        {"id": table.id, "seat": 0, "token": token, "view": table.view(0)}, status_code=201
    )


async def get_deal(request: Request) -> Response:
    table = await table_of(request)
    seat = await seat_of(request, table, required=False)
    with contextlib.suppress(StoreError):  # the next deal shows at the next request
        await tables_of(request).follow(table)
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
        await tables_of(request).wait(table, version, MAX_WAIT, seat, seats)
        with contextlib.suppress(StoreError):  # dealt by another process meanwhile
            await tables_of(request).follow(table)
        return JSONResponse({"view": table.with_steps(table.view(seat), version)})
    return JSONResponse({"view": table.view(seat)})


async def post_action(request: Request) -> Response:
    table = await table_of(request)
    seat = await seat_of(request, table, required=True)
    data = await json_body(request, ("action", "version"))
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
    version = int_field(version, "version")
    assert seat is not None
    try:
        await tables_of(request).human_act(table, action, version, seat)
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
    table = await table_of(request)
    seat = await seat_of(request, table, required=True)
    data = await json_body(request, ("version",))
    version = int_field(data.get("version"), "version")
    assert seat is not None
    try:
        hint = await tables_of(request).hint(table, version, client_of(request), seat)
    except WaitingError:
        raise _waiting() from None
    except StaleVersionError as err:
        view = table.with_steps(table.view(seat), version)
        raise ApiError(409, "stale_version", str(err), view=view) from None
    except NotYourTurnError as err:
        raise ApiError(409, "not_your_turn", str(err)) from None
    return JSONResponse({"hint": hint})


async def get_record(request: Request) -> Response:
    table = await table_of(request)
    if not await is_over(request, table):
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
    table = await table_of(request)
    seat = await seat_of(request, table, required=True)
    assert seat is not None
    if not await is_over(request, table):
        raise ApiError(409, "deal_in_progress", "the review is available when the deal is over")
    try:
        review = await tables_of(request).review(
            table, seat, client_of(request), _review_cap(request)
        )
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
