"""The rules at hand (usability review M4, issue 24): every Full rules page has a table of
contents whose links reach its sections, with the same anchors in all six languages (a link
to `#base-hu` works whatever the reader's language), and a one-screen summary of groups and
scoring at the top, written for every game in every language, in the same shape and with the
same card pictures as the English one. A game whose summary is not written yet still renders,
and the test below names it."""

from __future__ import annotations

import re
from importlib.resources import files

import pytest
from markdown_it import MarkdownIt
from starlette.testclient import TestClient

from cardavia.web import content, pages
from cardavia.web.content import RulesPage, rules_page
from cardavia.web.i18n import LANGUAGES

ROOT = files("cardavia") / "content" / "rules"
GAMES = sorted(p.name for p in ROOT.iterdir() if p.is_dir())
CARDS = re.compile(r"\{\{\s*cards:\s*([^}]*)\}\}")
MD = MarkdownIt("commonmark").enable("table")


def _anchors(page: RulesPage) -> list[str]:
    return [i for s in page.toc for i in (s.id, *(c.id for c in s.children))]


@pytest.mark.parametrize("game", GAMES)
def test_contents_reach_every_section_with_the_same_anchors_in_every_language(game: str) -> None:
    english = rules_page(game, "en")
    assert english is not None
    anchors = _anchors(english)
    # every numbered section, and its subsections (a paragraph opening with a bold sentence)
    assert len(english.toc) == english.html.count("<h2")
    assert sum(len(s.children) for s in english.toc) >= len(english.toc)
    assert len(set(anchors)) == len(anchors)
    for lang in LANGUAGES:
        page = rules_page(game, lang)
        assert page is not None
        assert _anchors(page) == anchors, f"{game}/{lang}.md: its sections' anchors differ"
        for anchor in anchors:
            assert page.html.count(f'id="{anchor}"') == 1, (game, lang, anchor)
        # the entries read in the page's language: its own headings, numbers kept
        numbers = [f"{n}." for n in range(1, len(page.toc) + 1)]
        assert [s.text.split(" ")[0] for s in page.toc] == numbers, (game, lang)


def test_anchors_are_words_of_the_english_headings() -> None:
    page = rules_page("nantong", "ru")
    assert page is not None
    scoring = next(s for s in page.toc if s.id == "scoring-and-end")
    assert [c.id for c in scoring.children][:3] == ["base-hu", "doublings", "exact-match"]
    assert scoring.children[0].text == "Базовые ху"  # the reader's words, at the English anchor
    # a bold term ending in a colon is a definition, not a section; "**Chi** (吃)." is one
    assert "run" not in _anchors(page)
    paohuzi = rules_page("paohuzi", "zh")
    assert paohuzi is not None and "chi" in _anchors(paohuzi)


def test_every_game_has_its_summary_in_every_language() -> None:
    """Names each game, and each language, whose one-screen summary is not written yet
    (content/rules/<game>/summary/<lang>.md): a new game's rules pages render without it, but
    are not done."""
    missing = [
        f"{game}/summary/{lang}.md"
        for game in GAMES
        for lang in LANGUAGES
        if not (ROOT / game / "summary" / f"{lang}.md").is_file()
    ]
    assert not missing, f"no summary of groups and scoring yet: {missing}"


def _shape(game: str, lang: str) -> tuple[list[str], list[int], list[list[str]]]:
    text = (ROOT / game / "summary" / f"{lang}.md").read_text(encoding="utf-8")
    tokens = MD.parse(text)
    blocks = [t.tag for t in tokens if t.nesting == 1 and t.tag in {"h3", "p", "li", "table"}]
    rows = [t for t in tokens if t.type == "tr_open"]
    return blocks, [len(rows)], [m.split() for m in CARDS.findall(text)]


@pytest.mark.parametrize("game", [g for g in GAMES if (ROOT / g / "summary" / "en.md").is_file()])
def test_summaries_say_the_same_in_every_language(game: str) -> None:
    english = _shape(game, "en")
    assert english[2], "a summary shows the cards it speaks of"
    for lang in LANGUAGES:
        if (ROOT / game / "summary" / f"{lang}.md").is_file():
            assert _shape(game, lang) == english, f"{game}/summary/{lang}.md differs from en.md"


def test_the_summary_is_at_the_top_of_the_rules_page(client: TestClient) -> None:
    html = client.get("/zh/games/sisepai/rules").text
    summary, contents, rules = (
        html.index('data-testid="rules-summary"'),
        html.index('data-testid="rules-toc"'),
        html.index('class="rules"'),
    )
    assert contents < summary < rules
    assert '<a href="#summary">' in html and 'href="#legal-groups"' in html
    assert 'src="/cards/sisepai/rK.svg?lang=zh"' in html[summary:rules]


def test_a_game_without_a_summary_still_renders(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    page = rules_page("chuopai", "en")
    assert page is not None
    bare = RulesPage(page.title, page.summary, page.players, page.html, page.toc, None)
    monkeypatch.setattr(pages, "rules_page", lambda game, lang: bare)
    for path in ("/en/games/chuopai/rules", "/en/games/chuopai/table"):
        r = client.get(path)
        assert r.status_code == 200, path
        assert 'data-testid="rules-summary"' not in r.text
    assert 'href="#the-deal"' in client.get("/en/games/chuopai/rules").text
    assert content.summary_html("no-such-game", "en") is None


def test_the_table_holds_the_rules_drawer(client: TestClient) -> None:
    html = client.get("/ru/games/nantong/table").text
    drawer = html[html.index('data-testid="rules-drawer"') :]
    assert html.index('id="main"') < html.index('data-testid="rules-open"') < html.index("</main>")
    # the drawer outside <main>, where the table's shortcut keys do not listen
    assert html.index("</main>") < html.index('data-testid="rules-drawer"')
    assert drawer.index('data-testid="rules-summary"') < drawer.index('class="rules"')
    assert 'id="base-hu"' in drawer and "Базовые ху" in drawer


def test_the_drawers_pictures_load_only_once_it_is_opened(client: TestClient) -> None:
    """The table page holds the whole rules in its closed drawer: their pictures are lazy there,
    while the rules page draws its own at once."""
    table = client.get("/en/games/chuopai/table").text
    drawer = table[table.index('data-testid="rules-drawer"') :]
    assert drawer.count('<img class="card" loading="lazy" ') == drawer.count('<img class="card"')
    assert 'loading="lazy"' not in client.get("/en/games/chuopai/rules").text
