"""The guided first deal of each game (docs/learn.md): its page, `/{lang}/games/{game}/learn`,
and its steps, `GET /api/learn/{game}?step=N&lang=L`, each the learner's own view at a taught
decision (or the deal's end) with its lesson in the page's language. The deal is fixed, so the
steps are worked out once (table/learn.py) and nothing is stored; the page draws each with the
game's table plugin and works out no rule (static/table/learn/)."""

from __future__ import annotations

from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from cardavia.table.learn import LANGUAGES, cached_steps, has_guided_deal, load, texts
from cardavia.web.content import rules_page
from cardavia.web.i18n import gettext
from cardavia.web.pages import game_of, moved_to, render_page, table_config
from cardavia.web.replays import packed_json
from cardavia.web.requests import VERSION_TEXT, ApiError, clip, tables_of
from cardavia.web.strings import learn as learn_strings


def _section_title(game: str, lang: str, section: str) -> str:
    """The rules page's words for the section `section` (a section or a subsection)."""
    page = rules_page(game, lang)
    for entry in page.toc if page else ():
        if entry.id == section:
            return entry.text
        for sub in entry.children:
            if sub.id == section:
                return f"{entry.text} › {sub.text}"
    return section


async def learn(request: Request) -> Response:
    if (moved := moved_to(request)) is not None:
        return moved
    lang, game = game_of(request)
    if not game["playable"] or not has_guided_deal(game["id"]):
        raise HTTPException(404, "this game has no guided deal yet")
    deal = load(game["id"])
    config = table_config(lang, game, learn_strings.STRINGS, learn_strings.PLURALS)
    config["learn"] = {
        "api": f"/api/learn/{game['id']}",
        "steps": len(deal.lessons) + 1,
        "seat": deal.seat,
        "table_url": game["table_url"],
        "rules_url": game["rules_url"],
    }
    title = f"{game['name']} · {gettext('Learn by playing')}"
    rules = rules_page(game["id"], lang)  # for the rules drawer, as at the table
    return render_page(
        request,
        "learn.html",
        title,
        game=game,
        config=config,
        intro=texts(game["id"], lang).get("intro", ""),
        rules_html=rules.html if rules else None,
        toc=rules.toc if rules else (),
        summary_html=rules.summary_html if rules else None,
    )


def _step_number(request: Request, total: int) -> int:
    raw = request.query_params.get("step", "0")
    # ASCII digits only, as `?wait=`: int() would also read " 1 ", "+1", "1_0" and "١"
    if not VERSION_TEXT.fullmatch(raw):
        raise ApiError(422, "bad_step", f"step must be a whole number, got {clip(raw)}")
    step = int(raw)
    if not 0 <= step < total:
        raise ApiError(422, "bad_step", f"step must be from 0 to {total - 1}, got {step}")
    return step


async def get_learn(request: Request) -> Response:
    """The learner's view at step N of the guided deal, with its lesson: `{game, step, steps,
    view, lesson, end}`; `lesson` is None at the last step, where `end` says the deal's end."""
    name = request.path_params["game"]
    game = tables_of(request).games.get(name)
    if game is None or not has_guided_deal(name):
        raise ApiError(404, "unknown_game", f"no guided deal for {clip(name)}")
    lang = request.query_params.get("lang", "en")
    if lang not in LANGUAGES:
        raise ApiError(422, "bad_lang", f"lang must be one of {', '.join(LANGUAGES)}")
    deal = load(name)
    steps = cached_steps(game)
    n = _step_number(request, len(steps))
    step = dict(steps[n])
    words = texts(name, lang)
    index = step.pop("lesson")
    lesson: dict[str, Any] | None = None
    if index is not None:
        taught = deal.lessons[index]
        lesson = {
            "n": index + 1,
            "of": len(deal.lessons),
            "action": taught.action,
            "do": words[taught.key]["do"],
            "why": words[taught.key]["why"],
            "clause": taught.clause,
            "section": taught.section,
            "section_title": _section_title(name, lang, taught.section),
            "section_url": f"/{lang}/games/{name}/rules#{taught.section}",
        }
    body = {
        "game": name,
        "step": n,
        "steps": len(steps),
        "view": {
            "id": None,
            "game": name,
            "level": None,
            "match": None,
            "seats": [
                {"kind": "human" if seat == deal.seat else "ai", "level": None}
                for seat in range(game.players)
            ],
            **step,
        },
        "lesson": lesson,
        "intro": words.get("intro", "") if n == 0 else None,
        "end": words.get("end", "") if lesson is None else None,
    }
    # compressed for a client that takes gzip, as a replay is: a step after many moves carries
    # the table after each of them (Chuo Pai's longest, 89 KiB)
    return packed_json(request, body)


ROUTES = [
    Route("/api/learn/{game}", get_learn, methods=["GET"]),
    Route("/{lang}/games/{game}/learn", learn),
]
