"""The long rules prose: `content/rules/<game>/<lang>.md`, rendered to HTML with card pictures.

A line `{{cards: rK rA rE}}` becomes a row of card images whose accessible names are in the
page's language.

Each section (`## 2. Setup`) and each subsection (a paragraph that opens with a bold sentence,
`**The deal.**`) gets an id and an entry in the page's table of contents. The ids come from the
English page, by position, so `#base-hu` is the same place in all six languages (their
structure is the same: tests/web/test_rules_content.py). The one-screen summary of groups and
scoring is `content/rules/<game>/summary/<lang>.md`, in the same Markdown; a game without one
still renders (tests/web/test_rules_outline.py names it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from html import escape, unescape
from importlib.resources import files
from importlib.resources.abc import Traversable

from markdown_it import MarkdownIt

from cardavia.render.decks import renderer

_CARDS = re.compile(r"\{\{\s*cards:\s*([^}]*)\}\}")
_FRONT = re.compile(r"\A---\n(.*?)\n---\n", re.S)


@dataclass(frozen=True)
class TocEntry:
    id: str
    text: str
    children: tuple[TocEntry, ...] = ()


@dataclass(frozen=True)
class RulesPage:
    title: str
    summary: str
    players: str
    html: str
    toc: tuple[TocEntry, ...] = ()
    # the one-screen summary of groups and scoring (None: not written yet)
    summary_html: str | None = None


def _cards_html(game: str, codes: str, lang: str) -> str:
    module = renderer(game)
    if module is None:
        return f'<span class="card-row">{escape(codes)}</span>'
    # each picture in a .card-pic, which the table look tints and grains (css/base.css)
    imgs = "".join(
        f'<span class="card-pic"><img class="card" src="/cards/{game}/{escape(code)}.svg'
        f'?lang={lang}" alt="{escape(module.card_name(code, lang))}"></span>'
        for code in codes.split()
    )
    return f'<span class="card-row" role="group">{imgs}</span>'


_HEADING_LEAD_OR_TABLE = re.compile(
    r"<h[2-4][^>]*>(?P<heading>.*?)</h[2-4]>|<p[^>]*><strong>(?P<lead>[^<]*)</strong>|<table>",
    re.S,
)
_TAG = re.compile(r"(<[^>]+>)")
_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")


def _framed_tables(html: str) -> str:
    """A wide table scrolls sideways on a phone (css/rules.css), inside a frame whose edges
    shade while there is more to see (rules.js). It is focusable, to scroll by keyboard, so it
    needs a name: its section's heading, and the bold lead of the paragraph before it ("Base
    hu"), numbered if two tables would still share a name."""
    heading = lead = ""
    names: dict[str, int] = {}

    def frame(m: re.Match[str]) -> str:
        nonlocal heading, lead
        if m.group("heading") is not None:
            # a card row in a heading would put markup in the attribute: its words only
            heading, lead = _TAG.sub("", _CARDS.sub("", m.group("heading"))).strip(), ""
            return m.group(0)
        if m.group("lead") is not None:
            lead = m.group("lead").strip().rstrip(".:")
            return m.group(0)
        name = f"{heading} · {lead}" if lead else heading
        names[name] = names.get(name, 0) + 1
        if names[name] > 1:
            name = f"{name} ({names[name]})"
        return f'<div class="table-frame"><table tabindex="0" aria-label="{name}">'

    return _HEADING_LEAD_OR_TABLE.sub(frame, html).replace("</table>", "</table></div>")


_RANGE = re.compile(r"\d+–\d+\+?")


def _in_text(html: str, pattern: re.Pattern[str], wrap: str) -> str:
    """Each match of `pattern` in the text between tags (never in a tag's attributes) put in
    `wrap`'s `{}`."""
    parts = _TAG.split(html)
    for i in range(0, len(parts), 2):  # the even parts are text between tags
        parts[i] = pattern.sub(lambda m: wrap.format(m.group(0)), parts[i])
    return "".join(parts)


def _ranges_whole(html: str) -> str:
    """A range of numbers ("10–14") on one line: a browser may break after the dash, and a
    narrow table column then read "10–" over "14" (usability walk, cs payment table)."""
    return _in_text(html, _RANGE, '<span class="nowrap">{}</span>')


def _chinese_tagged(html: str) -> str:
    """Chinese characters in another language's page, marked `lang="zh"` so that a screen
    reader reads them with a Chinese voice rather than as noise (text only, not attributes)."""
    return _in_text(html, _HAN, '<span lang="zh">{}</span>')


# A section's heading, or a subsection's lead: a paragraph opening with a bold sentence (its
# last character a full stop, or its Chinese name and a full stop after it: "**Chi** (吃).",
# "**必须跑**（滚子）。");
# a bold term ending in a colon is a definition, not a section
_OUTLINE = re.compile(
    r"<h2>(?P<h2>.*?)</h2>"
    r"|<p><strong>(?P<lead>[^<]*[.。]|[^<]*(?=</strong> ?[(（][^)）<]*[)）][.。]))</strong>",
    re.S,
)
_NUMBER = re.compile(r"^\d+(\.\d+)*\.?\s+")


def _plain(html: str) -> str:
    """A heading's words, its section number included: no card row, no tags."""
    return unescape(_TAG.sub("", _CARDS.sub("", html))).strip()


def _outline(html: str) -> list[tuple[int, str]]:
    """(level, words) of each section (2) and subsection (3), in order."""
    return [
        (2, _plain(m.group("h2"))) if m.group("h2") is not None else (3, _plain(m.group("lead")))
        for m in _OUTLINE.finditer(html)
    ]


def _slug(words: str) -> str:
    words = _NUMBER.sub("", words).rstrip(".。").lower()
    return re.sub(r"[^\w]+", "-", words).strip("-") or "section"


def _ids(outline: list[tuple[int, str]], english: list[tuple[int, str]] | None) -> list[str]:
    """One unique id per entry: the English page's words where the outlines match level by
    level (the same anchors in every language), else the page's own."""
    if english is None or [lvl for lvl, _ in english] != [lvl for lvl, _ in outline]:
        english = outline
    ids: list[str] = []
    for _, words in english:
        slug = base = _slug(words)
        n = 1
        while slug in ids or slug in _RESERVED:
            n += 1
            slug = f"{base}-{n}"
        ids.append(slug)
    return ids


# ids the rules page and the table's drawer already use
_RESERVED = {"main", "summary", "contents", "table", "rules"}


def _anchored(html: str, ids: list[str]) -> str:
    it = iter(ids)

    def anchor(m: re.Match[str]) -> str:
        id_ = next(it)
        if m.group("h2") is not None:
            return f'<h2 id="{id_}">{m.group("h2")}</h2>'
        return f'<p id="{id_}"><strong>{m.group("lead")}</strong>'

    return _OUTLINE.sub(anchor, html)


def _toc(outline: list[tuple[int, str]], ids: list[str]) -> tuple[TocEntry, ...]:
    sections: list[tuple[str, str, list[TocEntry]]] = []
    for (level, words), id_ in zip(outline, ids, strict=True):
        if level == 2 or not sections:
            sections.append((id_, words, []))
        else:
            sections[-1][2].append(TocEntry(id_, words.rstrip(".。")))
    return tuple(TocEntry(id_, words, tuple(kids)) for id_, words, kids in sections)


_MD = MarkdownIt("commonmark", {"html": False}).enable("table")


def _read(path: Traversable) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None


def _markdown(game: str, lang: str, html: str) -> str:
    """Rendered Markdown's `{{cards: …}}` rows as pictures, its tables framed, ranges of
    numbers kept on a line, and Chinese in another language's page tagged."""
    html = _ranges_whole(_framed_tables(html))
    if lang != "zh":
        html = _chinese_tagged(html)
    return _CARDS.sub(lambda m: _cards_html(game, m.group(1), lang), html)


@cache
def _english_outline(game: str) -> list[tuple[int, str]] | None:
    text = _read(files("cardavia") / "content" / "rules" / game / "en.md")
    if text is None:
        return None
    front = _FRONT.match(text)
    return _outline(_MD.render(text[front.end() :] if front else text))


def summary_html(game: str, lang: str) -> str | None:
    """The game's one-screen summary of groups and scoring, or None if not written yet."""
    text = _read(files("cardavia") / "content" / "rules" / game / "summary" / f"{lang}.md")
    if text is None:
        return None
    # each `###` part in a box of its own, so that a wide screen sets them side by side
    intro, *parts = re.split(r"(?=<h3>)", _markdown(game, lang, _MD.render(text)))
    boxes = "".join(f'<div class="summary-part">{part}</div>' for part in parts)
    return f'{intro}<div class="summary-parts">{boxes}</div>' if parts else intro


@cache
def rules_page(game: str, lang: str) -> RulesPage | None:
    text = _read(files("cardavia") / "content" / "rules" / game / f"{lang}.md")
    if text is None:
        return None
    meta: dict[str, str] = {}
    front = _FRONT.match(text)
    if front:
        for line in front.group(1).splitlines():
            key, _, value = line.partition(":")
            meta[key.strip()] = value.strip().strip('"')
        text = text[front.end() :]
    raw = _MD.render(text)
    outline = _outline(raw)
    ids = _ids(outline, _english_outline(game))
    return RulesPage(
        meta.get("title", game),
        meta.get("summary", ""),
        meta.get("players", ""),
        _markdown(game, lang, _anchored(raw, ids)),
        _toc(outline, ids),
        summary_html(game, lang),
    )
