"""HTML pages: card traditions, a deck, a game's full rules and its table (site.md)."""

from __future__ import annotations

from typing import Any

from starlette.convertors import StringConvertor, register_url_convertor
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from cardavia.render.decks import renderer
from cardavia.store.base import StoreError
from cardavia.table.learn import has_guided_deal
from cardavia.table.live import UnknownDealError, UnreadableDealError
from cardavia.traditions import DECKS, FORMER_IDS, Deck, GameInfo, find_deck, find_game_info
from cardavia.web import i18n
from cardavia.web.content import rules_page
from cardavia.web.i18n import LANGUAGES, gettext, ngettext
from cardavia.web.strings import history as history_strings
from cardavia.web.strings import plurals_for, strings_for
from cardavia.web.strings import replay as replay_strings

LANG_COOKIE = "cardavia_lang"


class LanguageConvertor(StringConvertor):
    """`{lang:lang}`: only a site language, so that a path such as `/api/games` is never taken
    for a language's page (its GET answers 405 from the API, not a 404 page)."""

    regex = "|".join(LANGUAGES)


register_url_convertor("lang", LanguageConvertor())


def _lang(request: Request) -> str:
    lang = str(request.path_params.get("lang", ""))
    if lang not in LANGUAGES:
        raise HTTPException(404, "unknown language")
    i18n.set_language(lang)
    return lang


def render_page(request: Request, name: str, title: str, **context: Any) -> Response:
    lang = i18n.current_language()
    rest = request.url.path.split("/", 2)[2] if request.url.path.count("/") >= 2 else ""
    languages = [
        {"code": code, "name": native, "url": f"/{code}/{rest}", "current": code == lang}
        for code, native in LANGUAGES.items()
    ]
    templates = request.app.state.templates
    response: Response = templates.TemplateResponse(
        request, name, {"lang": lang, "languages": languages, "page_title": title, **context}
    )
    # Secure when served over HTTPS (behind a proxy: its X-Forwarded-Proto, docs/deploy.md), so
    # the preference is never sent in the clear once the site is (reliability review I7)
    response.set_cookie(
        LANG_COOKIE,
        lang,
        max_age=365 * 24 * 3600,
        samesite="lax",
        secure=request.url.scheme == "https",
    )
    return response


def _game_dict(lang: str, deck: Deck, game: GameInfo) -> dict[str, Any]:
    page = rules_page(game.id, lang)
    return {
        "id": game.id,
        "name": gettext(game.name),
        "summary": page.summary if page else gettext(game.summary),
        # the page's line promises opponents and a deal: only a game with a table keeps it
        "players_line": page.players if page and game.playable else _players_line(game),
        # the table's own line: who the others are (AI or friends) the seats show, and a
        # friends' table has no "you vs three AI" (usability, noticed in issue 21's work)
        "players_count": _players_count(game),
        "playable": game.playable,
        "clockwise": game.clockwise,
        "players": game.players,
        "rules_url": f"/{lang}/games/{game.id}/rules",
        "has_rules": page is not None,  # else no Full rules button leads to an empty page
        "table_url": f"/{lang}/games/{game.id}/table" if game.playable else None,
        # the guided first deal (docs/learn.md), where the game has one
        "learn_url": f"/{lang}/games/{game.id}/learn"
        if game.playable and has_guided_deal(game.id)
        else None,
        "deck_url": f"/{lang}/decks/{deck.id}",
        "deck_name": gettext(deck.name),
        # the table's own styles: its family's, then its own (static/table/<game>.css)
        "table_styles": [
            f"/static/table/{g}.css" for g in dict.fromkeys((game.family, game.id)) if g
        ],
    }


def _players_count(game: GameInfo) -> str:
    return ngettext("%(n)s player", "%(n)s players", game.players) % {"n": game.players}


def _players_line(game: GameInfo) -> str:
    players = _players_count(game)
    if not game.playable:  # no table yet: nothing to promise about opponents or deals
        return players
    ais = ngettext("you vs %(n)s AI", "you vs %(n)s AI", game.opponents) % {"n": game.opponents}
    return " · ".join((players, ais, gettext("one deal")))


def _deck_cards(lang: str, deck: Deck, codes: tuple[str, ...]) -> list[dict[str, str]]:
    """Pictures of the deck's cards (`/cards/<game>/…`, drawn by the deck's renderer, which
    the route finds through any of its games), named in the page's language."""
    module = renderer(deck.games[0].id) if deck.games else None
    if module is None:
        return []
    game = deck.games[0].id
    return [
        {"url": f"/cards/{game}/{code}.svg?lang={lang}", "name": module.card_name(code, lang)}
        for code in codes
        if code in module.CODES
    ]


def _deck_dict(lang: str, deck: Deck, every_card: bool = False) -> dict[str, Any]:
    module = renderer(deck.games[0].id) if deck.games else None
    every = tuple(module.CODES) if module is not None and every_card else ()
    return {
        "id": deck.id,
        "name": gettext(deck.name),
        "native_name": deck.native_name,
        "region": gettext(deck.region),
        "country": gettext(deck.country),
        "cards": deck.cards,
        # the article in the page's language where there is one (usability review p2)
        "wikipedia": deck.wikipedia_for(lang)[1],
        "wikipedia_lang": deck.wikipedia_for(lang)[0],
        "lang": lang,
        "description": gettext(deck.description),
        "url": f"/{lang}/decks/{deck.id}",
        "games": [_game_dict(lang, deck, g) for g in deck.games],
        "showcase": _deck_cards(lang, deck, deck.showcase),
        "every_card": _deck_cards(lang, deck, every),
    }


def _visitor_lang(request: Request) -> str:
    """The remembered language, else the best one for Accept-Language."""
    lang = request.cookies.get(LANG_COOKIE)
    return lang if lang in LANGUAGES else i18n.negotiate(request.headers.get("accept-language"))


async def home(request: Request) -> Response:
    """`/`: the remembered language, else the best one for Accept-Language."""
    lang = _visitor_lang(request)
    return RedirectResponse(f"/{lang}/", status_code=307, headers={"Vary": "Accept-Language"})


async def table_for_you(request: Request) -> Response:
    """`/games/{game}/table`: an invite link, in no language, so that a friend reads the table
    in theirs, not the creator's (usability walk). The browser keeps the link's fragment, the
    invite code (`#invite=`), across the redirect; the query goes along."""
    path = f"/{_visitor_lang(request)}/games/{request.path_params['game']}/table"
    query = request.url.query
    where = f"{path}?{query}" if query else path
    return RedirectResponse(
        where, status_code=307, headers={"Vary": "Accept-Language", "Cache-Control": "no-store"}
    )


async def traditions(request: Request) -> Response:
    lang = _lang(request)
    decks = [_deck_dict(lang, d) for d in DECKS]
    return render_page(request, "index.html", gettext("Card traditions"), decks=decks)


async def deck_page(request: Request) -> Response:
    lang = _lang(request)
    deck = find_deck(request.path_params["deck"])
    if deck is None:
        raise HTTPException(404, "unknown deck")
    data = _deck_dict(lang, deck, every_card=True)
    return render_page(request, "deck.html", data["name"], deck=data)


def moved_to(request: Request) -> Response | None:
    """A game listed under another id before (traditions.FORMER_IDS) is found at its new id,
    on the same page with the same query, for good."""
    new = FORMER_IDS.get(request.path_params["game"])
    if new is None:
        return None
    lang = _lang(request)
    page = request.url.path.split("/", 4)[4:]  # "rules", "table" or nothing
    query = f"?{request.url.query}" if request.url.query else ""
    return RedirectResponse(f"/{lang}/games/{'/'.join([new, *page])}{query}", status_code=308)


def game_of(request: Request) -> tuple[str, dict[str, Any]]:
    lang = _lang(request)
    found = find_game_info(request.path_params["game"])
    if found is None:
        raise HTTPException(404, "unknown game")
    return lang, _game_dict(lang, *found)


async def game_home(request: Request) -> Response:
    """`/{lang}/games/{game}`, a URL a visitor may type: the game's page is its full rules,
    which also start a deal."""
    if (moved := moved_to(request)) is not None:
        return moved
    _, game = game_of(request)
    return RedirectResponse(game["rules_url"], status_code=308)


async def to_traditions(request: Request) -> Response:
    """`/{lang}/decks` and `/{lang}/games`: the list of traditions is the index of both."""
    return RedirectResponse(f"/{_lang(request)}/", status_code=308)


async def rules(request: Request) -> Response:
    if (moved := moved_to(request)) is not None:
        return moved
    lang, game = game_of(request)
    page = rules_page(game["id"], lang)
    return render_page(
        request,
        "rules.html",
        f"{game['name']} · {gettext('Full rules')}",
        game=game,
        rules_html=page.html if page else None,
        toc=page.toc if page else (),
        summary_html=page.summary_html if page else None,
    )


async def _game_of_deal(request: Request) -> str | None:
    """The game of the deal `?deal=` names, if the store has it (else the table's client says
    the deal is unknown, as it always did)."""
    deal = request.query_params.get("deal")
    if not deal:
        return None
    try:
        found = await request.app.state.tables.get(deal)
    except (UnknownDealError, UnreadableDealError, StoreError):
        return None  # the table's client tells the player, as for any deal it cannot open
    return str(found.game.name)


async def table(request: Request) -> Response:
    if (moved := moved_to(request)) is not None:
        return moved
    lang, game = game_of(request)
    if not game["playable"]:
        # still the game's page, in the visitor's language, with its deck to go back to (p1)
        coming = render_page(
            request, "coming.html", f"{game['name']} · {gettext('Table')}", game=game
        )
        coming.status_code = 404
        return coming
    # A deal of another game opened at this table (a pasted or edited link) goes to its own
    # game's table, where it can be played (usability review m4).
    other = await _game_of_deal(request)
    if other is not None and other != game["id"] and find_game_info(other) is not None:
        url = request.url.replace(path=f"/{lang}/games/{other}/table")
        return RedirectResponse(str(url), status_code=303)
    config = table_config(lang, game)
    rules = rules_page(game["id"], lang)  # for the rules drawer
    return render_page(
        request,
        "table.html",
        f"{game['name']} · {gettext('Table')}",
        game=game,
        config=config,
        rules_html=rules.html if rules else None,
        toc=rules.toc if rules else (),
        summary_html=rules.summary_html if rules else None,
    )


def table_config(
    lang: str,
    game: dict[str, Any],
    strings: dict[str, str] | None = None,
    plurals: dict[str, tuple[str, str]] | None = None,
) -> dict[str, Any]:
    """The table client's `config` (docs/table-client.md); `strings` and `plurals`: a page's
    own words on top of the table's (the replay page's)."""
    return {
        "lang": lang,
        "game": game["id"],
        "api": "/api/games",
        # the shared client strings and this game's own (web/strings/), translated
        "strings": {
            key: gettext(msg) for key, msg in {**strings_for(game["id"]), **(strings or {})}.items()
        },
        "plural_forms": _plural_forms(lang, {**plurals_for(game["id"]), **(plurals or {})}),
        "plural_categories": i18n.plural_categories(lang),
        "cards": _card_names(game["id"], lang),
        "back_url": f"/cards/{game['id']}/back.svg",
        # one name per seat, you first; the template places this many seats around the felt
        "seats": [
            gettext("You"),
            *(gettext("AI %(n)s") % {"n": n} for n in range(1, _players(game["id"]))),
        ],
    }


def _plural_forms(lang: str, plurals: dict[str, tuple[str, str]]) -> dict[str, list[str]]:
    """Each plural string in every form of the language (`tn()` picks one by number)."""
    return {
        key: [ngettext(one, many, n) for n in _plural_samples(lang)]
        for key, (one, many) in plurals.items()
    }


async def replay(request: Request) -> Response:
    """`/{lang}/games/{game}/replay/{deal}`: a finished deal step by step (architecture.md §8),
    drawn by the game's table plugin from `GET /api/games/{deal}/replay`; without a deal, the
    form that opens a downloaded record. Whether the deal is over is the script's to find:
    the page itself says nothing of the deal."""
    lang, game = game_of(request)
    if not game["playable"]:
        raise HTTPException(404, "this game cannot be played yet")
    deal = request.path_params.get("deal")
    config = table_config(lang, game, replay_strings.STRINGS, replay_strings.PLURALS)
    config["replay"] = {
        "deal": deal,
        "table_url": game["table_url"],
        "history_url": f"/{lang}/history",
        "replays_api": "/api/replays",
        # the replay page of each game, for a record of another game (`other_game`)
        "games": {
            info.id: {"name": gettext(info.name), "url": f"/{lang}/games/{info.id}/replay"}
            for info in _playable()
        },
    }
    title = f"{game['name']} · {gettext('Replay')}"
    return render_page(request, "replay.html", title, game=game, config=config)


async def history(request: Request) -> Response:
    """`/{lang}/history`: the deals played in this browser, which only the browser knows (its
    seat tokens and what it kept of each deal, static/history.js)."""
    lang = _lang(request)
    config = {
        "lang": lang,
        "api": "/api/games",
        "strings": {key: gettext(msg) for key, msg in history_strings.STRINGS.items()},
        "plural_forms": _plural_forms(lang, history_strings.PLURALS),
        "plural_categories": i18n.plural_categories(lang),
        "games": {
            info.id: {
                "name": gettext(info.name),
                "players": info.players,
                "table_url": f"/{lang}/games/{info.id}/table",
                "replay_url": f"/{lang}/games/{info.id}/replay",
                "unit": history_strings.UNITS[info.id],  # its scores' plural key
                # one name per seat, as at the table: you first
                "seats": [
                    gettext("You"),
                    *(gettext("AI %(n)s") % {"n": n} for n in range(1, info.players)),
                ],
            }
            for info in _playable()
        },
    }
    return render_page(request, "history.html", gettext("Your deals"), config=config)


def _playable() -> list[GameInfo]:
    """The games with a table, in the site's order."""
    return [info for deck in DECKS for info in deck.games if info.playable]


def _players(game_id: str) -> int:
    found = find_game_info(game_id)
    assert found is not None
    return found[1].players


def _card_names(game: str, lang: str) -> dict[str, dict[str, str]]:
    module = renderer(game)
    if module is None:
        return {}
    return {
        code: {"name": module.card_name(code, lang), "url": f"/cards/{game}/{code}.svg"}
        for code in module.CODES
    }


def _plural_samples(lang: str) -> list[int]:
    """One number per gettext plural form of the language, in form order."""
    return {
        "zh": [1],
        "en": [1, 2],
        "es": [1, 2],
        "uk": [1, 2, 5],
        "ru": [1, 2, 5],
        "cs": [1, 2, 5],
    }[lang]


ROUTES = [
    Route("/", home),
    Route("/games/{game}/table", table_for_you),
    Route("/{lang}/", traditions),
    Route("/{lang:lang}/decks", to_traditions),
    Route("/{lang:lang}/games", to_traditions),
    Route("/{lang}/decks/{deck}", deck_page),
    Route("/{lang:lang}/games/{game}", game_home),
    Route("/{lang}/games/{game}/rules", rules),
    Route("/{lang}/games/{game}/table", table),
    Route("/{lang}/games/{game}/replay", replay),
    Route("/{lang}/games/{game}/replay/{deal}", replay),
    Route("/{lang:lang}/history", history),
]
