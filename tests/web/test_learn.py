"""The guided first deal's page and API (docs/learn.md, issue 24 item 8): each game's page in
every language, each step the learner's own view with its lesson in the page's language and a
link to the rules section it comes from, clear errors for a bad step, game or language, and the
game's rules page offering the guided deal (always a tab, and a box for a first-time visitor)."""

from __future__ import annotations

import pytest
from markupsafe import escape
from starlette.testclient import TestClient

from cardavia.games.registry import GAMES
from cardavia.table.learn import LANGUAGES, load, texts

GAME_IDS = sorted(GAMES)


@pytest.mark.parametrize("game", GAME_IDS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_learn_page_in_every_language(client: TestClient, game: str, lang: str) -> None:
    r = client.get(f"/{lang}/games/{game}/learn")
    assert r.status_code == 200
    page = r.text
    assert f'"api": "/api/learn/{game}"' in page or f'"api":"/api/learn/{game}"' in page
    assert (
        str(escape(texts(game, lang)["intro"])) in page
    )  # the deal's introduction, before any script runs
    assert 'data-testid="lesson"' in page and "/static/table/learn/main.js" in page
    assert 'aria-current="page"' in page and f"/{lang}/games/{game}/learn" in page


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_step_is_the_learners_view_with_its_lesson(client: TestClient, game: str) -> None:
    deal = load(game)
    total = len(deal.lessons) + 1
    for n in range(total):
        r = client.get(f"/api/learn/{game}", params={"step": n, "lang": "zh"})
        assert r.status_code == 200
        body = r.json()
        assert body["step"] == n and body["steps"] == total
        view = body["view"]
        assert view["seat"] == deal.seat and view["table"]["seat"] == deal.seat
        # nobody else's concealed cards: the other seats' entries carry counts, not cards
        for seat, entry in enumerate(view["table"]["seats"]):
            assert seat == deal.seat or not entry.get("hand")
        if n < total - 1:
            lesson = body["lesson"]
            taught = deal.lessons[n]
            assert lesson["action"] == taught.action and lesson["action"] in view["legal_actions"]
            assert lesson["do"] == texts(game, "zh")[taught.key]["do"]
            assert lesson["section_url"] == f"/zh/games/{game}/rules#{taught.section}"
            assert lesson["clause"] == taught.clause and lesson["section_title"]
            assert not view["over"] and deal.seat in view["to_act"]
        else:
            assert body["lesson"] is None and view["over"]
            assert body["end"] == texts(game, "zh")["end"]
            assert view["result"]["scores"] == list(deal.scores)


def test_the_rules_section_of_a_lesson_exists_on_the_rules_page(client: TestClient) -> None:
    for game in GAME_IDS:
        lesson = client.get(f"/api/learn/{game}", params={"lang": "ru"}).json()["lesson"]
        page = client.get(lesson["section_url"].split("#")[0]).text
        assert f'id="{lesson["section"]}"' in page


@pytest.mark.parametrize(
    ("query", "status", "code"),
    [
        ({"step": "x"}, 422, "bad_step"),
        ({"step": "-1"}, 422, "bad_step"),
        ({"step": "999"}, 422, "bad_step"),
        # one text form, as ?wait= (QA): no spaces, sign, underscore or other scripts' digits
        *(({"step": raw}, 422, "bad_step") for raw in (" 1 ", "+1", "1_0", "\u0661")),
        ({"lang": "de"}, 422, "bad_lang"),
    ],
)
def test_bad_input_gets_a_clear_error(
    client: TestClient, query: dict[str, str], status: int, code: str
) -> None:
    r = client.get("/api/learn/sisepai", params=query)
    assert r.status_code == status and r.json()["error"]["code"] == code


def test_an_unknown_game_has_no_guided_deal(client: TestClient) -> None:
    r = client.get("/api/learn/no-such-game")
    assert r.status_code == 404 and r.json()["error"]["code"] == "unknown_game"
    assert client.get("/en/games/no-such-game/learn").status_code == 404


@pytest.mark.parametrize("game", GAME_IDS)
def test_the_rules_page_offers_the_guided_deal(client: TestClient, game: str) -> None:
    page = client.get(f"/uk/games/{game}/rules").text
    assert 'data-testid="learn-tab"' in page and f'href="/uk/games/{game}/learn"' in page
    # the box for a first-time visitor: hidden until the script finds no deal of the game
    assert f'data-learn-offer="{game}"' in page and "/static/table/learn/offer.js" in page
    table = client.get(f"/uk/games/{game}/table").text
    assert 'data-testid="learn-tab"' in table


def test_a_former_id_leads_to_the_games_guided_deal(client: TestClient) -> None:
    r = client.get("/cs/games/two-seven-ten/learn?step=2", follow_redirects=False)
    assert r.status_code == 308 and r.headers["location"].endswith("/cs/games/erqishi/learn?step=2")


def test_a_long_step_is_sent_compressed(client: TestClient) -> None:
    """The step after Chuo Pai's twenty rounds of AI play carries the table after each move."""
    big = max(
        range(len(load("chuopai").lessons) + 1),
        key=lambda n: len(client.get("/api/learn/chuopai", params={"step": n}).content),
    )
    r = client.get("/api/learn/chuopai", params={"step": big}, headers={"Accept-Encoding": "gzip"})
    assert r.headers["content-encoding"] == "gzip" and r.json()["step"] == big
