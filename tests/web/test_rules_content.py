"""The full rules of every game say the same in all six languages, structurally: the same
sections and subsections, paragraphs, list items, tables of the same size and the same card
pictures in the same order as the English text (content/rules/<game>/<lang>.md). A section
left out, or a worked example with other cards, in one translation fails here."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from importlib.resources import files
from typing import Any

import pytest
from markdown_it import MarkdownIt

from cardavia.games.paohuzi import options
from cardavia.render.decks import renderer
from cardavia.web.content import rules_page
from cardavia.web.i18n import LANGUAGES

ROOT = files("cardavia") / "content" / "rules"
GAMES = sorted(p.name for p in ROOT.iterdir() if p.is_dir())
FRONT = re.compile(r"\A---\n(.*?)\n---\n", re.S)
CARDS = re.compile(r"\{\{\s*cards:\s*([^}]*)\}\}")
MD = MarkdownIt("commonmark").enable("table")


def _shape(game: str, lang: str) -> dict[str, Any]:
    text = (ROOT / game / f"{lang}.md").read_text(encoding="utf-8")
    front = FRONT.match(text)
    assert front, f"{game}/{lang}.md has no front matter"
    keys = {line.partition(":")[0].strip() for line in front.group(1).splitlines()}
    tokens = MD.parse(text[front.end() :])
    tables: list[int] = []
    for token in tokens:
        if token.type == "table_open":
            tables.append(0)
        elif token.type == "tr_open":
            tables[-1] += 1
    return {
        "front": keys,
        "blocks": [
            t.tag
            for t in tokens
            if t.nesting == 1
            and t.tag in {"h1", "h2", "h3", "h4", "p", "li", "table", "blockquote", "pre"}
        ],
        "tables": tables,
        "cards": [m.split() for m in CARDS.findall(text)],
    }


@pytest.mark.parametrize("game", GAMES)
def test_every_language_has_the_english_structure(game: str) -> None:
    english = _shape(game, "en")
    assert {"title", "summary", "players"} <= english["front"]
    assert english["blocks"].count("h2") >= 4 and english["cards"]
    for lang in LANGUAGES:
        if lang == "en":
            continue
        shape = _shape(game, lang)
        for part in ("front", "blocks", "tables", "cards"):
            assert shape[part] == english[part], f"{game}/{lang}.md differs from en.md in {part}"


@pytest.mark.parametrize("game", GAMES)
def test_card_pictures_name_real_cards(game: str) -> None:
    module = renderer(game)
    assert module is not None
    for row in _shape(game, "en")["cards"]:
        for code in row:
            assert module.card_name(code, "en"), code  # raises on an unknown code


def test_paohuzi_page_says_what_the_engine_does_with_a_wei_and_your_own_reveal() -> None:
    """docs/rules-notes.md: the seed wins over decision A-PHZ-3, so a wei plus the card you
    reveal yourself is an optional pao, not a compulsory ti. The page must say what is played."""
    page = (ROOT / "paohuzi" / "en.md").read_text(encoding="utf-8")
    seed_reading = "A wei of it does not: you may make it a pao instead"
    assert (seed_reading in page) == (options.WEI_PLUS_OWN_REVEAL == "pao")
    assert "or have a wei of it, the four cards become a **ti**" not in page


class _Lang(HTMLParser):
    """The text of a page with the `lang` of the element it is in, and every table's name."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str | None] = []
        self.text: list[tuple[str | None, str]] = []
        self.tables: list[str | None] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        given = dict(attrs)
        if tag == "table":
            self.tables.append(given.get("aria-label"))
        if tag not in ("img", "br", "hr"):
            self.stack.append(given.get("lang") or (self.stack[-1] if self.stack else None))

    def handle_endtag(self, tag: str) -> None:
        if tag not in ("img", "br", "hr"):
            self.stack.pop()

    def handle_data(self, data: str) -> None:
        self.text.append((self.stack[-1] if self.stack else None, data))


HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "zh"])
def test_chinese_in_a_rules_page_is_marked_and_tables_are_named(game: str, lang: str) -> None:
    """A screen reader reads the Chinese terms with a Chinese voice (`lang="zh"`), not as noise,
    and each focusable (sideways-scrolling) table has a name of its own: its section's heading
    and the bold lead of the paragraph before it."""
    page = rules_page(game, lang)
    assert page is not None
    found = _Lang()
    found.feed(page.html)
    chinese = [(where, text) for where, text in found.text if HAN.search(text)]
    assert chinese, "no Chinese term on the page: nothing was checked"
    assert all(where == "zh" for where, _ in chinese), [c for c in chinese if c[0] != "zh"][:3]
    assert found.tables and all(found.tables), found.tables
    assert len(set(found.tables)) == len(found.tables), found.tables  # told apart by name


@pytest.mark.parametrize("lang", ["en", "cs", "zh"])
def test_a_range_of_numbers_stays_on_one_line(lang: str) -> None:
    """Two Seven Ten's payment bands ("10–14"), in the full rules and the summary: a browser
    broke the line after the dash in a narrow column (usability walk, cs)."""
    page = rules_page("erqishi", lang)
    assert page is not None and page.summary_html is not None
    for html in (page.html, page.summary_html):
        assert '<span class="nowrap">10–14</span>' in html
        unwrapped = re.sub(r'<span class="nowrap">[^<]*</span>', "", html)
        assert not re.search(r"\d+–\d+", unwrapped)
