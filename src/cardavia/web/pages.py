"""HTML pages: card traditions, a deck, a game's full rules and its table (site.md)."""

from __future__ import annotations

from typing import Any

from starlette.convertors import StringConvertor, register_url_convertor
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from cardavia.render.decks import renderer
from cardavia.traditions import DECKS, Deck, GameInfo, find_deck, find_game_info
from cardavia.web import i18n
from cardavia.web.content import rules_page
from cardavia.web.i18n import LANGUAGES, gettext, ngettext
from cardavia.web.strings import plurals_for, strings_for

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


def _render(request: Request, name: str, title: str, **context: Any) -> Response:
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
    response.set_cookie(LANG_COOKIE, lang, max_age=365 * 24 * 3600, samesite="lax")
    return response


def _game_dict(lang: str, deck: Deck, game: GameInfo) -> dict[str, Any]:
    page = rules_page(game.id, lang)
    return {
        "id": game.id,
        "name": gettext(game.name),
        "summary": page.summary if page else gettext(game.summary),
        "players_line": page.players if page else _players_line(game),
        "playable": game.playable,
        "clockwise": game.clockwise,
        "players": game.players,
        "rules_url": f"/{lang}/games/{game.id}/rules",
        "has_rules": page is not None,  # else no Full rules button leads to an empty page
        "table_url": f"/{lang}/games/{game.id}/table" if game.playable else None,
        "deck_url": f"/{lang}/decks/{deck.id}",
        "deck_name": gettext(deck.name),
    }


def _players_line(game: GameInfo) -> str:
    players = ngettext("%(n)s player", "%(n)s players", game.players) % {"n": game.players}
    if not game.playable:  # no table yet: nothing to promise about opponents or deals
        return players
    ais = ngettext("you vs %(n)s AI", "you vs %(n)s AI", game.opponents) % {"n": game.opponents}
    return " · ".join((players, ais, gettext("one deal")))


def _deck_dict(lang: str, deck: Deck) -> dict[str, Any]:
    return {
        "id": deck.id,
        "name": gettext(deck.name),
        "native_name": deck.native_name,
        "region": gettext(deck.region),
        "country": gettext(deck.country),
        "cards": deck.cards,
        "wikipedia": deck.wikipedia,
        "description": gettext(deck.description),
        "url": f"/{lang}/decks/{deck.id}",
        "games": [_game_dict(lang, deck, g) for g in deck.games],
    }


async def home(request: Request) -> Response:
    """`/`: the remembered language, else the best one for Accept-Language."""
    lang = request.cookies.get(LANG_COOKIE)
    if lang not in LANGUAGES:
        lang = i18n.negotiate(request.headers.get("accept-language"))
    return RedirectResponse(f"/{lang}/", status_code=307, headers={"Vary": "Accept-Language"})


async def traditions(request: Request) -> Response:
    lang = _lang(request)
    decks = [_deck_dict(lang, d) for d in DECKS]
    return _render(request, "index.html", gettext("Card traditions"), decks=decks)


async def deck_page(request: Request) -> Response:
    lang = _lang(request)
    deck = find_deck(request.path_params["deck"])
    if deck is None:
        raise HTTPException(404, "unknown deck")
    data = _deck_dict(lang, deck)
    return _render(request, "deck.html", data["name"], deck=data)


def _game(request: Request) -> tuple[str, dict[str, Any]]:
    lang = _lang(request)
    found = find_game_info(request.path_params["game"])
    if found is None:
        raise HTTPException(404, "unknown game")
    return lang, _game_dict(lang, *found)


async def game_home(request: Request) -> Response:
    """`/{lang}/games/{game}`, a URL a visitor may type: the game's page is its full rules,
    which also start a deal."""
    _, game = _game(request)
    return RedirectResponse(game["rules_url"], status_code=308)


async def to_traditions(request: Request) -> Response:
    """`/{lang}/decks` and `/{lang}/games`: the list of traditions is the index of both."""
    return RedirectResponse(f"/{_lang(request)}/", status_code=308)


async def rules(request: Request) -> Response:
    lang, game = _game(request)
    page = rules_page(game["id"], lang)
    return _render(
        request,
        "rules.html",
        f"{game['name']} · {gettext('Full rules')}",
        game=game,
        rules_html=page.html if page else None,
    )


async def table(request: Request) -> Response:
    lang, game = _game(request)
    if not game["playable"]:
        raise HTTPException(404, "this game cannot be played yet")
    config = {
        "lang": lang,
        "game": game["id"],
        "api": "/api/games",
        # the shared client strings and this game's own (web/strings/), translated
        "strings": {key: gettext(msg) for key, msg in strings_for(game["id"]).items()},
        "plural_forms": {
            key: [ngettext(one, many, n) for n in _plural_samples(lang)]
            for key, (one, many) in plurals_for(game["id"]).items()
        },
        "plural_categories": i18n.plural_categories(lang),
        "cards": _card_names(game["id"], lang),
        "back_url": f"/cards/{game['id']}/back.svg",
        # one name per seat, you first; the template places this many seats around the felt
        "seats": [
            gettext("You"),
            *(gettext("AI %(n)s") % {"n": n} for n in range(1, _players(game["id"]))),
        ],
    }
    return _render(
        request, "table.html", f"{game['name']} · {gettext('Table')}", game=game, config=config
    )


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
    Route("/{lang}/", traditions),
    Route("/{lang:lang}/decks", to_traditions),
    Route("/{lang:lang}/games", to_traditions),
    Route("/{lang}/decks/{deck}", deck_page),
    Route("/{lang:lang}/games/{game}", game_home),
    Route("/{lang}/games/{game}/rules", rules),
    Route("/{lang}/games/{game}/table", table),
]
