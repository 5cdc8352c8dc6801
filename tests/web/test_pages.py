"""Pages of site.md: traditions, decks, full rules and the table, in six languages, with a link
checker so that nothing links to a broken page or a table that cannot be played."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from html.parser import HTMLParser
from urllib.parse import urljoin

import pytest
from starlette.testclient import TestClient

from cardavia import traditions
from cardavia.games.registry import GAMES
from cardavia.table.learn import has_guided_deal
from cardavia.traditions import DECKS, Deck, GameInfo, find_game_info
from cardavia.web import pages
from cardavia.web.content import rules_page
from cardavia.web.i18n import LANGUAGES


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.html_lang: str | None = None
        self.hreflang: dict[str, str] = {}
        self.h2: int = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "html":
            self.html_lang = a.get("lang")
        if tag == "a" and a.get("href"):
            self.links.append(str(a["href"]))
        if tag in ("img", "script") and a.get("src"):
            self.links.append(str(a["src"]))
        if tag == "link" and a.get("href") and a.get("rel") in ("stylesheet", "alternate"):
            self.links.append(str(a["href"]))
            if a.get("hreflang"):
                self.hreflang[str(a["hreflang"])] = str(a["href"])
        if tag == "h2":
            self.h2 += 1


# A module script's static imports (`import … from "./core/main.js"`, `export … from`): the
# table's client is ES modules, which the browser fetches by these paths.
_IMPORT = re.compile(r"^(?:import|export)\b[^;]*?\bfrom\s*\"([^\"]+)\"", re.MULTILINE)


def _parse(html: str) -> _Links:
    parser = _Links()
    parser.feed(html)
    return parser


@pytest.mark.parametrize(
    ("header", "lang"),
    [
        ("uk-UA,uk;q=0.9,en;q=0.5", "uk"),
        ("zh-CN,zh;q=0.9", "zh"),
        ("de-DE,cs;q=0.8,ru;q=0.7", "cs"),
        ("fr", "en"),
        ("", "en"),
        # tags Babel does not know are skipped, not a 500 (reliability review M1)
        ("zz", "en"),
        ("tlh,en", "en"),
        ("x-klingon,ru;q=0.8", "ru"),
        ("sgn-US, i-klingon, art-lojban", "en"),
        ("zz-ZZ,uk;q=0.3", "uk"),
        ("a" * 5000, "en"),
    ],
)
def test_root_negotiates_accept_language(client: TestClient, header: str, lang: str) -> None:
    r = client.get("/", headers={"accept-language": header}, follow_redirects=False)
    assert r.status_code == 307 and r.headers["location"] == f"/{lang}/"


def test_root_remembers_the_chosen_language(client: TestClient) -> None:
    client.get("/es/")
    r = client.get("/", headers={"accept-language": "ru"}, follow_redirects=False)
    assert r.headers["location"] == "/es/"


def test_an_invite_link_opens_the_table_in_the_friends_language(client: TestClient) -> None:
    """An invite link has no language (`/games/<game>/table#invite=…`): the friend gets the
    table in their own, remembered or asked for, the query kept (usability walk: it opened in
    the creator's language); the fragment stays with the browser."""
    r = client.get(
        "/games/erqishi/table?x=1", headers={"accept-language": "uk"}, follow_redirects=False
    )
    assert r.status_code == 307 and r.headers["location"] == "/uk/games/erqishi/table?x=1"
    assert r.headers["vary"] == "Accept-Language" and r.headers["cache-control"] == "no-store"
    client.get("/cs/")  # a language chosen in this browser before
    r = client.get(
        "/games/paohuzi/table", headers={"accept-language": "uk"}, follow_redirects=False
    )
    assert r.headers["location"] == "/cs/games/paohuzi/table"
    # a game the site has not: its table's own 404, in that language
    assert client.get("/games/nonesuch/table").status_code == 404


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_index_in_every_language(client: TestClient, lang: str) -> None:
    r = client.get(f"/{lang}/")
    assert r.status_code == 200
    page = _parse(r.text)
    assert page.html_lang == lang
    assert set(page.hreflang) >= set(LANGUAGES)
    for code in LANGUAGES:
        assert f"/{code}/" in page.links  # the switcher: plain links
    for deck in DECKS:
        assert f"/{lang}/decks/{deck.id}" in page.links


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_sisepai_rules_in_every_language(client: TestClient, lang: str) -> None:
    """site.md: the full rules as numbered sections like the seed pages, with card pictures."""
    r = client.get(f"/{lang}/games/sisepai/rules")
    assert r.status_code == 200
    page = _parse(r.text)
    assert page.h2 >= 6
    for n in range(1, 7):
        assert re.search(rf"<h2[^>]*>\s*{n}\.", r.text), f"section {n} missing"
    assert sum(1 for link in page.links if link.startswith("/cards/sisepai/")) >= 20
    assert f"/{lang}/games/sisepai/table" in page.links


def test_unplayable_tables_are_not_linked_and_not_served(client: TestClient) -> None:
    for deck in DECKS:
        for game in deck.games:
            r = client.get(f"/en/games/{game.id}/table")
            assert (r.status_code == 200) == game.playable
            text = client.get(f"/en/decks/{deck.id}").text
            assert (f"/en/games/{game.id}/table" in text) == game.playable


def test_deck_page_facts(client: TestClient) -> None:
    text = client.get("/en/decks/four-colour-cards").text
    assert "Southern Fujian" in text and "120" in text
    assert "https://en.wikipedia.org/wiki/Four_color_cards" in text
    assert "/en/games/sisepai/rules" in text


@pytest.mark.parametrize(
    "path",
    [
        "/xx/",
        "/en/decks/nope",
        "/en/games/nope/rules",
        "/cards/sisepai/zz.svg",
        "/cards/nope/rK.svg",
        "/en/games/nope",
        "/xx/games/paohuzi",
        "/xx/decks",
    ],
)
def test_unknown_pages_404(client: TestClient, path: str) -> None:
    assert client.get(path).status_code == 404


def test_the_index_tells_each_games_buttons_apart(client: TestClient) -> None:
    """Every game's Start game and Full rules bear the same words: each is described by its
    game's name, a heading one level below the deck's "Games" (h3)."""
    text = client.get("/en/").text
    listed = re.findall(r'<h4 class="game-name" id="(game-name-[a-z0-9-]+)">([^<]+)</h4>', text)
    assert {n for n, _ in listed} == {f"game-name-{g.id}" for d in DECKS for g in d.games}
    # Start game for a game with a table, Full rules for one whose rules are written (a game
    # listed before its engine, as Two Seven Ten was, has its rules and no table)
    games = [g for d in DECKS for g in d.games]
    # and (usability walk, 2026-12-06) the guided first deal of each game that has one
    expected = (
        [(f"game-name-{g.id}", "Start game") for g in games if g.playable]
        + [(f"game-name-{g.id}", "Full rules") for g in games if rules_page(g.id, "en")]
        + [(f"game-name-{g.id}", "Learn by playing") for g in games if has_guided_deal(g.id)]
    )
    assert {n for n, w in expected if w == "Start game"} == {f"game-name-{g}" for g in GAMES}
    assert {n for n, w in expected if w == "Learn by playing"} == {f"game-name-{g}" for g in GAMES}
    described = re.findall(
        r'aria-describedby="(game-name-[a-z]+)"[^>]*>(Start game|Full rules|Learn by playing)<',
        text,
    )
    assert sorted(described) == sorted(expected)
    for game in GAMES:
        assert f'href="/en/games/{game}/learn"' in text
    assert '<h3 class="game-name"' not in text


@pytest.mark.parametrize(
    ("path", "target"),
    [
        ("/uk/games/paohuzi", "/uk/games/paohuzi/rules"),
        ("/uk/games/paohuzi/", "/uk/games/paohuzi/rules"),
        ("/cs/games", "/cs/"),
        ("/es/decks/", "/es/"),
    ],
)
def test_urls_a_visitor_may_type_lead_somewhere(client: TestClient, path: str, target: str) -> None:
    """A game's own URL is its page (the full rules, which start a deal too); the bare lists of
    decks and games are the index."""
    r = client.get(path)
    assert r.status_code == 200 and r.url.path == target, (path, r.url)


def test_the_apis_paths_are_not_taken_for_pages(client: TestClient) -> None:
    """`/{lang}/games` leads to the index only for a site language: `GET /api/games` is the
    API's (it only creates deals), not a page's."""
    r = client.get("/api/games")
    assert r.status_code == 405 and r.headers["content-type"].startswith("application/json"), r


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_every_link_works(client: TestClient, lang: str) -> None:
    """Crawl the site from the index: every internal link, image, script and stylesheet loads,
    and so does every module a script imports."""
    seen: set[str] = set()
    todo = [f"/{lang}/"]
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        r = client.get(path)
        assert r.status_code == 200, f"{path} -> {r.status_code}"
        if path.endswith(".js"):
            todo.extend(urljoin(path, spec) for spec in _IMPORT.findall(r.text))
        if "text/html" not in r.headers.get("content-type", ""):
            continue
        for link in _parse(r.text).links:
            if link.startswith("/") and not link.startswith("//"):
                target = link.split("#")[0]
                if target.startswith(f"/{lang}/") or not re.match(r"^/[a-z]{2}/", target):
                    todo.append(target)
    assert any("/rules" in p for p in seen) and any("/table" in p for p in seen)
    assert "/static/table/core/main.js" in seen and "/static/table/shared/centre.js" in seen


def test_card_svg_served(client: TestClient) -> None:
    r = client.get("/cards/sisepai/rK.svg?lang=uk")
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
    assert "червоний" in r.text


# Where AI 1, AI 2… sit when play goes anticlockwise (the Chinese habit; Sì Sè Pái's seed,
# SSP-1): AI 1 on your right. Clockwise (Chuo Pai's seed, CP B-10: "clockwise" is You → AI 1 →
# AI 2), AI 1 sits on your left: the same places, the other way round.
ANTICLOCKWISE = {3: ["right", "left"], 4: ["right", "top", "left"]}


def test_the_games_go_round_as_their_rules_say() -> None:
    found = {g: find_game_info(g) for g in ("sisepai", "chuopai")}
    assert {g: f[1].clockwise for g, f in found.items() if f} == {"sisepai": False, "chuopai": True}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_table_seats_the_ai_in_the_order_of_play(client: TestClient, game: str) -> None:
    found = find_game_info(game)
    assert found is not None
    places = ANTICLOCKWISE[GAMES[game].players]
    if found[1].clockwise:
        places = places[::-1]
    html = client.get(f"/en/games/{game}/table").text
    shown = re.findall(r'data-seat="(\d)" data-place="(\w+)"', html)
    assert shown == [(str(seat), place) for seat, place in enumerate(places, start=1)]


def _with_games(monkeypatch: pytest.MonkeyPatch, change: Callable[[Deck], Deck]) -> None:
    """The site as if its decks' games were changed (every deck through `change`)."""
    decks = tuple(change(deck) for deck in traditions.DECKS)
    monkeypatch.setattr(traditions, "DECKS", decks)
    monkeypatch.setattr(pages, "DECKS", decks)


def test_a_game_without_a_table_promises_no_opponents(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game listed with its rules but no table yet (as Two Seven Ten was until its engine
    came): its line says how many play, not its rules page's "you vs two AI · one deal"."""
    _with_games(
        monkeypatch,
        lambda d: replace(
            d, games=tuple(replace(g, playable=g.id != "paohuzi" and g.playable) for g in d.games)
        ),
    )
    for lang, players in (("en", "3 players"), ("zh", "3 名玩家")):
        page = client.get(f"/{lang}/games/paohuzi/rules").text
        line = page.split('<p class="game-players">')[1].split("</p>")[0]
        assert line == players


def test_a_game_without_written_rules_offers_no_full_rules_button(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game whose rules are not written: the lists do not send a visitor to an empty page,
    while Paohuzi, on the same deck, keeps its Full rules button."""
    unwritten = GameInfo(
        "unwritten", "Unwritten", "Not written yet.", False, players_without_engine=3
    )
    _with_games(
        monkeypatch,
        lambda d: replace(d, games=(*d.games, unwritten)) if d.id == "chinese-number-cards" else d,
    )
    for path in ("/en/", "/en/decks/chinese-number-cards"):
        page = client.get(path).text
        assert 'id="game-name-unwritten"' in page  # listed, so the test looks at something
        assert 'href="/en/games/paohuzi/rules"' in page
        assert 'href="/en/games/unwritten/rules"' not in page
    assert "not written yet" in client.get("/en/games/unwritten/rules").text


def test_two_seven_ten_is_listed_as_playable_once_its_engine_is_registered(
    client: TestClient,
) -> None:
    """Issue 22: Two Seven Ten (erqishi, ER-18) is the number-card deck's second game, with its
    full rules; its table is open exactly when its engine is in GAMES."""
    found = find_game_info("erqishi")
    assert found is not None and found[0].id == "chinese-number-cards"
    assert found[1].playable == ("erqishi" in GAMES)
    for lang in LANGUAGES:
        for path in (f"/{lang}/", f"/{lang}/decks/chinese-number-cards"):
            page = client.get(path).text
            assert f'href="/{lang}/games/erqishi/rules"' in page, path
            assert (f'action="/{lang}/games/erqishi/table"' in page) == found[1].playable, path


@pytest.mark.parametrize("lang", list(LANGUAGES))
@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("/games/two-seven-ten", "/games/erqishi"),
        ("/games/two-seven-ten/rules", "/games/erqishi/rules"),
        ("/games/two-seven-ten/table?seed=7&level=hard", "/games/erqishi/table?seed=7&level=hard"),
    ],
)
def test_the_placeholders_links_lead_to_two_seven_ten_for_good(
    client: TestClient, lang: str, old: str, new: str
) -> None:
    """Issue 22: the placeholder's addresses (`/{lang}/games/two-seven-ten…`) lead, permanently,
    to the same page of the game's id `erqishi`."""
    r = client.get(f"/{lang}{old}", follow_redirects=False)
    assert r.status_code == 308 and r.headers["location"] == f"/{lang}{new}"
    # with a trailing slash, the site's slash redirect comes first, then this one
    slashed = client.get(f"/{lang}/games/two-seven-ten/rules/")
    assert slashed.url.path == f"/{lang}/games/erqishi/rules"
    # another id that begins like the old one is not taken for it
    assert client.get(f"/{lang}/games/two-seven-tens/rules").status_code == 404


def test_a_deal_of_another_game_leads_to_its_own_table(client: TestClient) -> None:
    """Usability review m4: a Nantong deal opened at the Sì Sè Pái table (an edited or pasted
    link) goes to the Nantong table, its query kept; an unknown id is left to the table's
    client, which says it is unknown."""
    deal = client.post("/api/games", json={"game": "nantong", "seed": 4}).json()["id"]
    r = client.get(f"/ru/games/sisepai/table?deal={deal}&level=hard", follow_redirects=False)
    assert r.status_code == 303
    assert r.headers["location"].endswith(f"/ru/games/nantong/table?deal={deal}&level=hard")
    assert (
        client.get(f"/ru/games/nantong/table?deal={deal}", follow_redirects=False).status_code
        == 200
    )
    assert (
        client.get("/en/games/sisepai/table?deal=nosuchdeal", follow_redirects=False).status_code
        == 200
    )


def test_wikipedia_in_the_pages_language_where_there_is_an_article(client: TestClient) -> None:
    """Usability review p2: the Chinese page of a deck with a Chinese article links to it; a
    deck with none says that its link leads to English."""
    zh = client.get("/zh/decks/four-colour-cards").text
    assert 'href="https://zh.wikipedia.org/wiki/%E5%9B%9B%E8%89%B2%E7%89%8C"' in zh
    assert 'hreflang="zh">维基百科<' in zh
    sichuan = client.get("/zh/decks/sichuan-cards").text
    assert 'href="https://en.wikipedia.org/' in sichuan and "维基百科（英文）" in sichuan
    english = client.get("/en/decks/four-colour-cards").text
    assert 'href="https://en.wikipedia.org/wiki/Four_color_cards"' in english
    assert ">Wikipedia<" in english


def test_the_table_of_a_game_not_playable_yet_is_still_its_page(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Usability review p1: the table's URL of a game listed but not playable yet answers 404,
    but as the game's page in the visitor's language (language links, the tabs), with its deck
    to go back to."""
    coming = GameInfo("coming", "Coming", "Not playable yet.", False, players_without_engine=3)
    _with_games(
        monkeypatch,
        lambda d: replace(d, games=(*d.games, coming)) if d.id == "chinese-number-cards" else d,
    )
    r = client.get("/ru/games/coming/table")
    assert r.status_code == 404
    assert "В эту игру пока нельзя сыграть." in r.text
    assert 'href="/ru/decks/chinese-number-cards"' in r.text
    assert 'href="/uk/games/coming/table"' in r.text  # the language switch


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_table_says_which_way_play_passes(client: TestClient, game: str) -> None:
    """Usability review p5: play passes clockwise in one game and anticlockwise in the others,
    so the table says which way, and the seat after yours sits on that side."""
    text = client.get(f"/en/games/{game}/table").text
    found = find_game_info(game)
    assert found is not None
    clockwise = found[1].clockwise
    side = "left" if clockwise else "right"
    assert f"play passes to your {side}" in text
    assert re.search(rf'data-seat="1" data-place="{side}"', text), "seat 1 is not on that side"
    said = client.get(f"/zh/games/{game}/table").text
    assert ("下家在你左边" if clockwise else "下家在你右边") in said


@pytest.mark.parametrize("game", list(GAMES))
def test_the_table_says_how_many_play_not_against_whom(client: TestClient, game: str) -> None:
    """The table's line says how many play and which way play passes; the rules page's "you vs
    three AI" is left to the rules page, since friends may hold the other seats (issue 21)."""
    players = GAMES[game].players
    line = client.get(f"/en/games/{game}/table").text.split('<p class="game-players">')[1]
    line = " ".join(line.split("</p>")[0].split())
    assert line.startswith(f"{players} players · <span")
    assert " vs " not in line and "AI" not in line
    rules = client.get(f"/en/games/{game}/rules").text.split('<p class="game-players">')[1]
    assert "you vs" in rules.split("</p>")[0]  # the rules page keeps its promise of opponents
