"""The OpenAPI 3.0.3 description of every route of the site (`create_app()`), served at
`GET /openapi.json`: the JSON API (docs/api.md), the HTML pages, the card pictures and this
description itself.

Written by hand, in code, so that its enums (languages, games, decks, levels) are the code's own
lists. Two things are left out on purpose: the static files under `/static` (a `Mount` of files,
not operations), and `HEAD`, which Starlette answers for every `GET` route (HTTP requires it).
`tests/web/test_openapi.py` holds the description to the app's routes and
`tests/web/test_fuzz_schemathesis.py` fuzzes the live site with it (schemathesis).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from cardavia.ai.levels import API_LEVELS
from cardavia.games.registry import GAMES
from cardavia.render.decks import codes
from cardavia.rules.record import MAX_SEED
from cardavia.table.live import NAME_MAX
from cardavia.traditions import DECKS
from cardavia.web.i18n import DEFAULT, LANGUAGES
from cardavia.web.names import NAME_REFUSALS
from cardavia.web.requests import ALLOWANCE_RANGE, MAX_BODY, MAX_WAIT

JSON = "application/json"
HTML = "text/html"
SVG = "image/svg+xml"

Obj = dict[str, Any]


def _ref(kind: str, name: str) -> Obj:
    return {"$ref": f"#/components/{kind}/{name}"}


def _json(schema: Obj) -> Obj:
    return {JSON: {"schema": schema}}


def _path(name: str, schema: Obj, description: str) -> Obj:
    return {
        "name": name,
        "in": "path",
        "required": True,
        "description": description,
        "schema": schema,
    }


def _query(name: str, schema: Obj, description: str) -> Obj:
    return {
        "name": name,
        "in": "query",
        "required": False,
        "description": description,
        "schema": schema,
    }


def _error(description: str, **extra: Any) -> Obj:
    return {"description": description, "content": _json(_ref("schemas", "Error")), **extra}


def _schemas() -> Obj:
    integer, string = {"type": "integer"}, {"type": "string"}
    ints = {"type": "array", "items": integer}
    games = {"type": "string", "enum": list(GAMES)}
    levels = {"type": "string", "enum": list(API_LEVELS)}
    seats = {
        "type": "array",
        "items": {
            "type": "object",
            "required": ["kind", "level", "name", "joined", "away", "time_left"],
            "properties": {
                "kind": {"type": "string", "enum": ["human", "ai"]},
                "level": {
                    **levels,
                    "nullable": True,
                    "description": "an AI seat's, or the AI's playing for an away player",
                },
                "name": {**string, "nullable": True, "description": "display name"},
                "joined": {
                    "type": "boolean",
                    "description": "false while an invited seat waits",
                },
                "away": {
                    "type": "boolean",
                    "description": "the AI plays for an absent player",
                },
                "time_left": {
                    "type": "number",
                    "nullable": True,
                    "description": "seconds left for the decision this seat owes, "
                    "at a table of two or more humans: shown for a seat everyone "
                    "may know decides, and to the seat itself",
                },
            },
        },
    }
    return {
        "Seats": {**seats, "description": "who sits where, as anyone may see it"},
        "Error": {
            "type": "object",
            "required": ["error"],
            "properties": {
                "error": {
                    "type": "object",
                    "required": ["code", "message"],
                    "properties": {"code": string, "message": string},
                },
                "view": {
                    **_ref("schemas", "View"),
                    "description": "with `stale_version`: the deal as it is now",
                },
                "reason": {
                    "type": "string",
                    "enum": list(NAME_REFUSALS),
                    "description": "with `bad_name`, for a name of the right form: it reads as "
                    "what the table calls a seat, or as another seat's name",
                },
            },
        },
        "View": {
            "type": "object",
            "description": "A deal as the seat whose token was sent sees it, or as a "
            "spectator (`seat` null: public information only).",
            "required": [
                "id",
                "game",
                "version",
                "seat",
                "seats",
                "to_act",
                "legal_actions",
                "action_facts",
                "over",
                "level",
                "result",
                "log",
                "table",
                "match",
            ],
            "properties": {
                "id": string,
                "game": games,
                "level": levels,
                "version": {
                    "type": "integer",
                    "minimum": 0,
                    "description": "events the viewer was shown",
                },
                "seat": {"type": "integer", "minimum": 0, "nullable": True},
                "seats_tag": {
                    "type": "string",
                    "pattern": "^[0-9a-f]{8}$",
                    "description": "who sits where (`seats` but the time left), as a tag: "
                    "send it back as `seats` with `wait`",
                },
                "seats": _ref("schemas", "Seats"),
                "waiting": {
                    "type": "boolean",
                    "description": "an invited seat is still empty: nobody plays yet",
                },
                "allowance": {
                    "type": "number",
                    "nullable": True,
                    "description": "seconds per decision (two or more humans), else null",
                },
                "to_act": ints,
                "legal_actions": {"type": "array", "items": string},
                "action_facts": {
                    "type": "object",
                    "description": "by action text: what the client shows of the action, "
                    "at least the `kind` of group or play it makes (the game's own words); "
                    "empty unless the viewer must act",
                    "additionalProperties": {
                        "type": "object",
                        "required": ["kind"],
                        "properties": {"kind": string},
                    },
                },
                "over": {"type": "boolean"},
                "result": {**_ref("schemas", "Result"), "nullable": True},
                "log": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["v", "kind"],
                        "properties": {
                            "v": {"type": "integer", "minimum": 1},
                            "kind": string,
                            "table": {
                                "type": "object",
                                "description": "the view's `table` right after this entry's"
                                " step, on the last entry of each step newer than the version"
                                " the client sent (`wait`, or the posted `version`)",
                            },
                        },
                    },
                },
                "table": {"type": "object", "description": "the game's own table view"},
                "match": {
                    "type": "object",
                    "required": ["previous", "next", "totals_before", "totals"],
                    "properties": {
                        "previous": {**string, "nullable": True},
                        "next": {
                            **string,
                            "nullable": True,
                            "description": "a friends table's next deal, once one of them dealt it",
                        },
                        "totals_before": ints,
                        "totals": ints,
                    },
                },
            },
        },
        "Result": {
            "type": "object",
            "required": ["winner", "scores"],
            "properties": {
                "winner": {**integer, "nullable": True},
                "scores": ints,
                "breakdown": {"type": "object"},
            },
        },
        "Hint": {
            "type": "object",
            "required": [
                "level",
                "action",
                "reason",
                "why",
                "samples",
                "share",
                "next_share",
                "options",
            ],
            "properties": {
                "level": {**levels, "description": "the table's level, which chose the move"},
                "action": string,
                "reason": {"type": "string", "enum": ["forced", "win", "greedy", "search"]},
                "why": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["key", "n", "params"],
                        "properties": {
                            "key": string,
                            "n": {**integer, "nullable": True},
                            "params": {"type": "object"},
                        },
                    },
                },
                "samples": {"type": "integer", "minimum": 0},
                "share": {"type": "number", "nullable": True},
                "next_share": {"type": "number", "nullable": True},
                "options": {"type": "integer", "minimum": 0},
            },
        },
        "Review": {
            "type": "object",
            "description": "A finished deal's review of one seat (architecture.md §8).",
            "required": [
                "status",
                "seat",
                "level",
                "decisions",
                "agreed",
                "margin",
                "moves",
                "mistakes",
            ],
            "properties": {
                "status": {"type": "string", "enum": ["ready"]},
                "seat": integer,
                "level": {"type": "string", "enum": ["hard"]},
                "decisions": {**integer, "minimum": 0},
                "agreed": {**integer, "minimum": 0},
                "margin": {"type": "number"},
                "moves": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["step", "played", "hard"],
                        "properties": {"step": integer, "played": string, "hard": string},
                    },
                },
                "mistakes": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["step", "played", "better", "loss", "interval", "reason"],
                        "properties": {
                            "step": integer,
                            "played": string,
                            "better": string,
                            "loss": {"type": "number"},
                            "interval": {
                                "type": "array",
                                "items": {"type": "number"},
                                "minItems": 2,
                                "maxItems": 2,
                            },
                            "share": {"type": "array", "items": {"type": "number"}},
                            "score": {"type": "array", "items": {"type": "number"}},
                            "worlds": integer,
                            "reason": {"type": "array", "items": _ref("schemas", "Why")},
                        },
                    },
                },
                "seconds": {"type": "number"},
            },
        },
        "Decision": {
            "type": "object",
            "description": "One of a seat's decisions in a finished deal, as that seat saw it "
            "just before deciding (the replay page's try it again).",
            "required": ["step", "seat", "table", "legal_actions", "action_facts"],
            "properties": {
                "step": {**integer, "minimum": 0},
                "seat": integer,
                "table": {"type": "object", "description": "the seat's own observation then"},
                "legal_actions": {"type": "array", "items": string},
                "action_facts": {"type": "object"},
            },
        },
        "Why": {
            "type": "object",
            "required": ["key", "n", "params"],
            "properties": {
                "key": string,
                "n": {**integer, "nullable": True},
                "params": {"type": "object"},
            },
        },
        "Record": {
            "type": "object",
            "description": "A deal record (docs/deal-record.md).",
            "required": ["format", "game", "rules", "seed", "actions", "result"],
            "properties": {
                "format": string,
                "game": games,
                "rules": string,
                "seed": {**integer, "nullable": True},
                "dealer": {**integer, "nullable": True},
                "position": {"nullable": True},
                "actions": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["seat", "action"],
                        "properties": {"seat": integer, "action": string},
                    },
                },
                "result": {**_ref("schemas", "Result"), "nullable": True},
            },
        },
        "Replay": {
            "type": "object",
            "description": "A finished deal step by step (docs/api.md, Replays): the viewer's "
            "log, and after each step the table as every seat saw itself and every hand.",
            "required": ["game", "seat", "log", "steps", "result", "id", "level", "seats"],
            "properties": {
                "id": {**string, "nullable": True},
                "game": games,
                "seat": {**integer, "nullable": True},
                "level": {**string, "nullable": True},
                "seats": {"type": "array", "nullable": True, "items": {"type": "object"}},
                "match": {"type": "object", "nullable": True},
                "log": {"type": "array", "items": {"type": "object"}},
                "steps": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["v", "table", "hands", "actions"],
                        "properties": {
                            "v": integer,
                            "table": {"type": "object"},
                            "hands": {"type": "array", "items": {"type": "array"}},
                            "actions": ints,
                        },
                    },
                },
                "result": _ref("schemas", "Result"),
            },
        },
        "RecordToReplay": {
            "type": "object",
            "additionalProperties": False,
            "required": ["game", "record"],
            "properties": {
                "game": games,
                "record": {
                    "description": "the record's text (a file's or pasted), or the record",
                    "oneOf": [string, _ref("schemas", "Record")],
                },
            },
        },
        "NewDeal": {
            "type": "object",
            "additionalProperties": False,
            "required": ["game"],
            "properties": {
                "game": games,
                "seed": {
                    **integer,
                    "minimum": 0,
                    "maximum": MAX_SEED,
                    "nullable": True,
                    "description": "a deal of one human only: a table of friends is dealt by"
                    " the server (422 seed_with_friends)",
                },
                "level": {**levels, "default": "normal"},
                "after": {
                    **string,
                    "nullable": True,
                    "description": "a finished deal of the same game: the next deal of its "
                    "match; at a friends table, the same players in the same seats (send your "
                    "seat's token: it holds your seat there too)",
                },
                "seats": {
                    "type": "array",
                    "items": {"type": "string", "enum": ["human", "ai"]},
                    "description": 'per seat; the first is the creator\'s, "human"; each '
                    "other human seat gets an invite code",
                },
                "name": {**string, "minLength": 1, "maxLength": NAME_MAX},
                "allowance": {
                    "type": "number",
                    "minimum": ALLOWANCE_RANGE[0],
                    "maximum": ALLOWANCE_RANGE[1],
                    "default": 45,
                    "description": "seconds per decision once two humans play",
                },
            },
        },
        "Action": {
            "type": "object",
            "additionalProperties": False,
            "required": ["action", "version"],
            "properties": {
                "action": string,
                "version": {
                    **integer,
                    "description": "the version you act on; the log entries of the answer"
                    " newer than it carry the steps' tables",
                },
            },
        },
        "Empty": {"type": "object", "additionalProperties": False},
        "Join": {
            "type": "object",
            "additionalProperties": False,
            "properties": {"name": {**string, "minLength": 1, "maxLength": NAME_MAX}},
        },
        "InvitePreview": {
            "type": "object",
            "additionalProperties": False,
            "required": ["code"],
            "properties": {"code": {**string, "description": "an invite code"}},
        },
        "HintRequest": {
            "type": "object",
            "additionalProperties": False,
            "required": ["version"],
            "properties": {"version": integer},
        },
    }


def _responses() -> Obj:
    """The API's error answers, `{"error": {"code", "message"}}`."""
    return {
        "BadRequest": _error(
            "`bad_json`: the body is not a JSON object (or nests too deep); "
            "`bad_request`: a bad `wait`; `client_gone`: the client went away before its body"
        ),
        "CrossOrigin": _error("`cross_origin`: an Origin header from another site"),
        "UnknownDeal": _error("`unknown_deal`: no deal with this id"),
        "Timeout": _error("`request_timeout`: the body was sent too slowly"),
        "Conflict": _error(
            "`stale_version` (with `view`), `not_your_turn`, `deal_in_progress`, `seat_taken`, "
            "`seat_held` (a join sent with a token of a seat at that table), `waiting` (a "
            "friends table waits for its players), `not_friends_table` (a table of "
            "one human has nothing to start)"
        ),
        "Forbidden": _error(
            "`cross_origin`: an Origin header from another site; `no_token`: no seat token "
            "sent; `bad_token`: the token holds no seat at this deal, or is not sent as "
            "`Authorization: Bearer <token>`; `not_creator`: only seat 0 starts a table"
        ),
        "BadToken": _error("`bad_token`: the token holds no seat at this deal"),
        "Unreadable": _error(
            "`deal_unreadable`: the deal was played under rules that have changed since"
        ),
        "TooLarge": _error(f"`too_large`: the body is over {MAX_BODY} bytes"),
        "UnsupportedMediaType": _error(
            "`unsupported_media_type`: the body was not sent as application/json"
        ),
        "Unprocessable": _error(
            "`unknown_game`, `bad_request`, `unknown_deal` (of `after`), "
            "`illegal_action`, `invalid_action`, `bad_name` (with `reason` `seat_label` or "
            "`name_taken` for a name that reads as a seat's label or another seat's name), "
            "`unknown_field` (a field the request does not take)"
        ),
        "TooManyRequests": _error(
            "`too_many_requests`: too many new deals (or records replayed) from this client",
            headers={
                "Retry-After": {
                    "description": "seconds to wait",
                    "schema": {"type": "integer", "minimum": 0},
                }
            },
        ),
        "StoreUnavailable": _error("`store_unavailable`: the store failed (nothing changed)"),
        "Page": {"description": "an HTML page", "content": {HTML: {"schema": {"type": "string"}}}},
        "Redirect": {
            "description": "a redirect",
            "headers": {"Location": {"schema": {"type": "string"}, "required": True}},
        },
        "NotFoundPage": {
            "description": "no such page: an HTML error page (a JSON error for a path that "
            "begins with /api/, which a stray path parameter can make)",
            "content": {HTML: {"schema": {"type": "string"}}, **_json(_ref("schemas", "Error"))},
        },
    }


def _parameters() -> Obj:
    page_games = [game.id for deck in DECKS for game in deck.games]
    return {
        "DealId": _path(
            "deal_id",
            {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}$"},
            "a deal's id (any other string is an unknown deal)",
        ),
        "Lang": _path("lang", {"type": "string", "enum": list(LANGUAGES)}, "the site language"),
        "PageGame": _path("game", {"type": "string", "enum": page_games}, "a game of the site"),
        "Deck": _path("deck", {"type": "string", "enum": [d.id for d in DECKS]}, "a deck"),
        "Game": _path("game", {"type": "string", "enum": list(GAMES)}, "a playable game"),
    }


def _api_paths() -> Obj:
    deal = [_ref("parameters", "DealId")]
    errors = {
        str(s): _ref("responses", name)
        for s, name in ((404, "UnknownDeal"), (410, "Unreadable"), (503, "StoreUnavailable"))
    }
    posted = {
        str(s): _ref("responses", name)
        for s, name in (
            (400, "BadRequest"),
            (403, "CrossOrigin"),
            (408, "Timeout"),
            (413, "TooLarge"),
            (415, "UnsupportedMediaType"),
            (422, "Unprocessable"),
            (503, "StoreUnavailable"),
        )
    }

    def body(schema: str) -> Obj:
        return {"required": True, "content": _json(_ref("schemas", schema))}

    def ok(description: str, **properties: Obj) -> Obj:
        schema = {"type": "object", "required": list(properties), "properties": properties}
        return {"description": description, "content": _json(schema)}

    view = _ref("schemas", "View")
    seated = {**posted, "403": _ref("responses", "Forbidden")}
    token = {"type": "string", "description": "the seat's token: send it as a Bearer token"}
    bearer: list[Obj] = [{"seatToken": []}]
    return {
        "/api/games": {
            "post": {
                "operationId": "createDeal",
                "tags": ["api"],
                "summary": "Deal a new deal",
                "requestBody": body("NewDeal"),
                "responses": {
                    "201": ok(
                        "the new deal: you hold seat 0",
                        id={"type": "string"},
                        seat={"type": "integer"},
                        token=token,
                        invites={"type": "object", "additionalProperties": {"type": "string"}},
                        view=view,
                    ),
                    **posted,
                    "429": _ref("responses", "TooManyRequests"),
                },
            }
        },
        "/api/games/{deal_id}": {
            "get": {
                "operationId": "getDeal",
                "tags": ["api"],
                "summary": "A deal's view: the token's seat's, or a spectator's without one",
                "security": [{}, *bearer],
                "parameters": [
                    *deal,
                    _query(
                        "wait",
                        {"type": "integer"},
                        "hold the answer until the version exceeds this one"
                        f" or {MAX_WAIT:g} s pass; the log entries newer than it then carry"
                        " the view's `table` after each step, for a paced replay",
                    ),
                    _query(
                        "seats",
                        {"type": "string", "pattern": "^[0-9a-f]{8}$"},
                        "with `wait`: the `seats_tag` of the view shown; the answer comes at"
                        " once when who sits where differs from it (a friend joined or went"
                        " away meanwhile)",
                    ),
                ],
                "responses": {
                    "200": ok("the deal", view=view),
                    "400": _ref("responses", "BadRequest"),
                    "403": _ref("responses", "BadToken"),
                    **errors,
                },
            }
        },
        "/api/games/{deal_id}/claim": {
            "post": {
                "operationId": "claimDeal",
                "tags": ["api"],
                "summary": "Seat 0's token for a deal made before seats had tokens (once)",
                "parameters": deal,
                "requestBody": body("Empty"),
                "responses": {
                    "201": ok(
                        "seat 0 is yours",
                        id={"type": "string"},
                        seat={"type": "integer"},
                        token=token,
                        view=view,
                    ),
                    **posted,
                    **errors,
                    "409": _ref("responses", "Conflict"),
                },
            }
        },
        "/api/invite-preview": {
            "post": {
                "operationId": "previewInvite",
                "tags": ["api"],
                "summary": "What an invite code gives, before joining: who invites you",
                "description": "The code in the body, never in a logged path; changes nothing.",
                "requestBody": body("InvitePreview"),
                "responses": {
                    "200": {
                        "description": "`free` true with the game, the seat, the level and "
                        "who sits where; for a seat taken (or given to the AI) `free` alone",
                        "content": _json(
                            {
                                "type": "object",
                                "required": ["free"],
                                "properties": {
                                    "free": {"type": "boolean"},
                                    "game": {"type": "string", "enum": list(GAMES)},
                                    "seat": {"type": "integer"},
                                    "level": {"type": "string", "enum": list(API_LEVELS)},
                                    "seats": _ref("schemas", "Seats"),
                                },
                            }
                        ),
                    },
                    **posted,
                    "404": _error("`unknown_invite` (no seat has this code), `unknown_deal`"),
                },
            }
        },
        "/api/invites/{code}": {
            "post": {
                "operationId": "joinDeal",
                "tags": ["api"],
                "summary": "Take the seat an invite code gives, with a display name",
                "parameters": [
                    _path("code", {"type": "string"}, "the invite code of a friends table"),
                ],
                "requestBody": body("Join"),
                "responses": {
                    "201": ok(
                        "the seat is yours",
                        id={"type": "string"},
                        seat={"type": "integer"},
                        token=token,
                        view=view,
                    ),
                    **posted,
                    "404": _error("`unknown_invite`: no seat has this code"),
                    "409": _ref("responses", "Conflict"),
                },
            },
        },
        "/api/games/{deal_id}/start": {
            "post": {
                "operationId": "startDeal",
                "tags": ["api"],
                "summary": "The creator starts a friends table, the AI in the empty seats",
                "security": bearer,
                "parameters": deal,
                "requestBody": body("Empty"),
                "responses": {
                    "200": ok("the table plays (again: nothing changes)", view=view),
                    **seated,
                    **errors,
                    "409": _ref("responses", "Conflict"),
                },
            }
        },
        "/api/games/{deal_id}/back": {
            "post": {
                "operationId": "backToDeal",
                "tags": ["api"],
                "summary": "An away player takes the seat back from the AI",
                "security": bearer,
                "parameters": deal,
                "requestBody": body("Empty"),
                "responses": {
                    "200": ok("the seat is yours again", view=view),
                    **seated,
                    **errors,
                },
            }
        },
        "/api/games/{deal_id}/actions": {
            "post": {
                "operationId": "postAction",
                "tags": ["api"],
                "summary": "Play an action for the token's seat",
                "security": bearer,
                "parameters": deal,
                "requestBody": body("Action"),
                "responses": {
                    "200": ok("the action was played", view=view),
                    **seated,
                    **errors,
                    "409": _ref("responses", "Conflict"),
                },
            }
        },
        "/api/games/{deal_id}/hint": {
            "post": {
                "operationId": "postHint",
                "tags": ["api"],
                "summary": "What the table's level would play now for the token's seat, and why",
                "security": bearer,
                "parameters": deal,
                "requestBody": body("HintRequest"),
                "responses": {
                    "200": ok("the hint", hint=_ref("schemas", "Hint")),
                    **seated,
                    **errors,
                    "409": _ref("responses", "Conflict"),
                },
            }
        },
        "/api/games/{deal_id}/review": {
            "get": {
                "operationId": "getReview",
                "tags": ["api"],
                "summary": "A finished deal's review of the token's seat (202 while it is made)",
                "security": bearer,
                "parameters": deal,
                "responses": {
                    "200": {
                        "description": "the review",
                        "content": _json(_ref("schemas", "Review")),
                    },
                    "202": {
                        "description": "the review is being made: ask again after Retry-After",
                        "headers": {
                            "Retry-After": {
                                "description": "seconds to wait",
                                "schema": {"type": "integer", "minimum": 1},
                            }
                        },
                        "content": _json(
                            {
                                "type": "object",
                                "required": ["status", "retry_after"],
                                "properties": {
                                    "status": {"type": "string", "enum": ["pending"]},
                                    "retry_after": {"type": "integer", "minimum": 1},
                                },
                            }
                        ),
                    },
                    "403": _ref("responses", "Forbidden"),
                    **errors,
                    "409": _ref("responses", "Conflict"),
                    "429": _error(
                        "`too_many_reviews`: reviews of other deals from this client wait to "
                        "be made, as many as one client may have waiting (where deals' "
                        "creation is limited); nothing queued",
                        headers={
                            "Retry-After": {
                                "description": "seconds to wait",
                                "schema": {"type": "integer", "minimum": 1},
                            }
                        },
                    ),
                    "503": _error(
                        "`store_unavailable`: the store failed; `review_failed`: the review's "
                        "search failed (asked again after Retry-After, it is made anew)"
                    ),
                },
            }
        },
        "/api/games/{deal_id}/review/{step}": {
            "get": {
                "operationId": "getDecision",
                "tags": ["api"],
                "summary": "The position and choices of one of the token's seat's decisions in a "
                "finished deal, as that seat saw them (for try it again at a mistake)",
                "security": bearer,
                "parameters": [
                    *deal,
                    _path(
                        "step",
                        {"type": "string", "pattern": "^[0-9]{1,6}$"},
                        "the decision's index in the record's actions (as the review names it)",
                    ),
                ],
                "responses": {
                    "200": {
                        "description": "the decision's position",
                        "content": _json(_ref("schemas", "Decision")),
                    },
                    "403": _ref("responses", "Forbidden"),
                    **errors,
                    "404": _error(
                        "`unknown_deal`; `no_decision`: that action is not one of your seat's "
                        "decisions with a choice"
                    ),
                    "409": _ref("responses", "Conflict"),
                },
            }
        },
        "/api/games/{deal_id}/replay": {
            "get": {
                "operationId": "getReplay",
                "tags": ["api"],
                "summary": "A finished deal step by step: the token's seat's log, or a "
                "spectator's without one; every hand at every step",
                "security": [{}, *bearer],
                "parameters": deal,
                "responses": {
                    "200": {
                        "description": "the replay",
                        "content": _json(_ref("schemas", "Replay")),
                    },
                    "403": _ref("responses", "BadToken"),
                    **errors,
                    "409": _ref("responses", "Conflict"),
                },
            }
        },
        "/api/learn/{game}": {
            "get": {
                "operationId": "getLearnStep",
                "tags": ["api"],
                "summary": "A step of the game's guided first deal (docs/learn.md): the "
                "learner's own view at a taught decision, or the deal's end, with its lesson",
                "parameters": [
                    _ref("parameters", "Game"),
                    _query("step", {"type": "integer", "minimum": 0}, "the step (default 0)"),
                    _query(
                        "lang",
                        {"type": "string", "enum": list(LANGUAGES)},
                        "the lesson's language (default en)",
                    ),
                ],
                "responses": {
                    "200": {
                        "description": "the step: `{game, step, steps, view, lesson, intro, end}`",
                        "content": _json(
                            {
                                "type": "object",
                                "required": ["game", "step", "steps", "view", "lesson"],
                                "properties": {
                                    "game": {"type": "string"},
                                    "step": {"type": "integer", "minimum": 0},
                                    "steps": {"type": "integer", "minimum": 1},
                                    "view": {"type": "object"},
                                    "lesson": {"type": "object", "nullable": True},
                                    "intro": {"type": "string", "nullable": True},
                                    "end": {"type": "string", "nullable": True},
                                },
                            }
                        ),
                    },
                    "404": _error("`unknown_game`: no guided deal for this game"),
                    "422": _error("`bad_step`, `bad_lang`"),
                },
            }
        },
        "/api/replays": {
            "post": {
                "operationId": "postReplay",
                "tags": ["api"],
                "summary": "Replay a record sent in the body (a downloaded one); nothing is kept",
                "requestBody": body("RecordToReplay"),
                "responses": {
                    "200": {
                        "description": "the replay",
                        "content": _json(_ref("schemas", "Replay")),
                    },
                    **posted,
                    "422": _error(
                        "`unknown_game`, `bad_request`, `bad_record`, `other_game` (with "
                        "`game`), `illegal_action` (with `index`), `deal_not_over`"
                    ),
                    "429": _ref("responses", "TooManyRequests"),
                },
            }
        },
        "/api/games/{deal_id}/record": {
            "get": {
                "operationId": "getRecord",
                "tags": ["api"],
                "summary": "A finished deal's record",
                "parameters": deal,
                "responses": {
                    "200": {
                        "description": "the record (as an attachment)",
                        "content": _json(_ref("schemas", "Record")),
                    },
                    **errors,
                    "409": _ref("responses", "Conflict"),
                },
            }
        },
    }


def _page(operation_id: str, summary: str, parameters: list[Obj], ok: str = "200") -> Obj:
    answer = "Redirect" if ok.startswith("30") else "Page"
    return {
        "get": {
            "operationId": operation_id,
            "tags": ["pages"],
            "summary": summary,
            "parameters": parameters,
            "responses": {ok: _ref("responses", answer), "404": _ref("responses", "NotFoundPage")},
        }
    }


def _page_paths() -> Obj:
    lang, deck = _ref("parameters", "Lang"), _ref("parameters", "Deck")
    game, playable = _ref("parameters", "PageGame"), _ref("parameters", "Game")
    table_query = [
        _query(
            "level",
            {"type": "string", "enum": list(API_LEVELS)},
            "the AI level of a new deal (read by the table client)",
        ),
        _query(
            "seed",
            {"type": "integer", "minimum": 0, "maximum": MAX_SEED},
            "deal this seed (read by the table client)",
        ),
        _query("deal", {"type": "string"}, "open this deal (read by the table client)"),
    ]
    # the visitor's language, where a path names none: remembered, else Accept-Language's best
    visitor = [
        {
            "name": "cardavia_lang",
            "in": "cookie",
            "required": False,
            "schema": {"type": "string"},
            "description": "the remembered language",
        },
        {
            "name": "Accept-Language",
            "in": "header",
            "required": False,
            "schema": {"type": "string"},
        },
    ]

    def to_language(operation: str, summary: str, parameters: list[Obj]) -> Obj:
        return {
            "get": {
                "operationId": operation,
                "tags": ["pages"],
                "summary": summary,
                "parameters": [*parameters, *visitor],
                "responses": {"307": _ref("responses", "Redirect")},
            }
        }

    return {
        "/": to_language(
            "home", "To the remembered language's home, else Accept-Language's best", []
        ),
        "/games/{game}/table": to_language(
            "tableForYou",
            "An invite link's table: to it in the remembered language, else Accept-Language's "
            "best (the query kept; the fragment stays with the browser)",
            [game],
        ),
        "/{lang}/": _page("traditions", "The card traditions", [lang]),
        "/{lang}/decks": _page("decksIndex", "To the card traditions", [lang], "308"),
        "/{lang}/games": _page("gamesIndex", "To the card traditions", [lang], "308"),
        "/{lang}/decks/{deck}": _page("deck", "A deck and its games", [lang, deck]),
        "/{lang}/games/{game}": _page("game", "To the game's full rules", [lang, game], "308"),
        "/{lang}/games/{game}/rules": _page("rules", "A game's full rules", [lang, game]),
        "/{lang}/games/{game}/table": _page(
            "table", "A game's table (404 if not playable)", [lang, playable, *table_query]
        ),
        "/{lang}/games/{game}/replay": _page(
            "replayForm", "Open a downloaded deal record (404 if not playable)", [lang, playable]
        ),
        "/{lang}/games/{game}/replay/{deal}": _page(
            "replay",
            "A finished deal step by step (read by the replay script; 404 if not playable)",
            [
                lang,
                playable,
                _path("deal", {"type": "string"}, "the deal (the script asks for its replay)"),
                _query("step", {"type": "integer", "minimum": 0}, "the step shown first"),
            ],
        ),
        "/{lang}/games/{game}/learn": _page(
            "learn",
            "A game's guided first deal (read by its script; 404 if not playable)",
            [
                lang,
                playable,
                _query("step", {"type": "integer", "minimum": 0}, "the step shown first"),
            ],
        ),
        "/{lang}/history": _page("history", "The deals played in this browser", [lang]),
    }


def _card_paths() -> Obj:
    names = sorted({"back", *(code for game in GAMES for code in codes(game))})
    return {
        "/cards/{game}/{name}.svg": {
            "get": {
                "operationId": "card",
                "tags": ["cards"],
                "summary": "A card's face, or its back",
                "parameters": [
                    _ref("parameters", "Game"),
                    _path(
                        "name",
                        {"type": "string", "enum": names},
                        "`back`, or a card code of the game",
                    ),
                    _query(
                        "lang",
                        {"type": "string", "enum": list(LANGUAGES), "default": DEFAULT},
                        "the language of the card's words",
                    ),
                ],
                "responses": {
                    "200": {
                        "description": "the picture",
                        "content": {SVG: {"schema": {"type": "string"}}},
                    },
                    "404": _ref("responses", "NotFoundPage"),
                },
            }
        }
    }


@cache
def description() -> dict[str, Any]:
    """The description (built once; do not change the dict)."""
    return {
        "openapi": "3.0.3",
        "info": {
            "title": "Cardavia",
            "version": "1",
            "description": "Traditional Chinese card games: the JSON API of docs/api.md, "
            "the pages, the card pictures.",
        },
        "tags": [{"name": name} for name in ("api", "pages", "cards", "meta")],
        "paths": {
            **_api_paths(),
            **_page_paths(),
            **_card_paths(),
            "/openapi.json": {
                "get": {
                    "operationId": "openapi",
                    "tags": ["meta"],
                    "summary": "This description",
                    "responses": {
                        "200": {
                            "description": "OpenAPI 3.0.3",
                            "content": _json({"type": "object"}),
                        }
                    },
                }
            },
            "/healthz": {
                "get": {
                    "operationId": "healthz",
                    "tags": ["meta"],
                    "summary": "Liveness: the process serves requests",
                    "responses": {
                        "200": {
                            "description": "alive",
                            "content": _json(
                                {
                                    "type": "object",
                                    "required": ["status"],
                                    "properties": {"status": {"type": "string", "enum": ["ok"]}},
                                }
                            ),
                        }
                    },
                }
            },
            "/readyz": {
                "get": {
                    "operationId": "readyz",
                    "tags": ["meta"],
                    "summary": "Readiness: the process serves requests and the store can be read",
                    "responses": {
                        "200": {
                            "description": "ready",
                            "content": _json(
                                {
                                    "type": "object",
                                    "required": ["status"],
                                    "properties": {"status": {"type": "string", "enum": ["ready"]}},
                                }
                            ),
                        },
                        "503": _error("the store cannot be read now (`store_unavailable`)"),
                    },
                }
            },
        },
        "components": {
            "securitySchemes": {"seatToken": {"type": "http", "scheme": "bearer"}},
            "schemas": _schemas(),
            "responses": _responses(),
            "parameters": _parameters(),
        },
    }


async def openapi_json(request: Request) -> Response:
    return JSONResponse(description())


ROUTES = [Route("/openapi.json", openapi_json, methods=["GET"])]
