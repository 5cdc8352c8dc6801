"""The long rules prose: `content/rules/<game>/<lang>.md`, rendered to HTML with card pictures.

A line `{{cards: rK rA rE}}` becomes a row of card images whose accessible names are in the
page's language.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from html import escape
from importlib.resources import files

from markdown_it import MarkdownIt

from cardavia.render.decks import renderer

_CARDS = re.compile(r"\{\{\s*cards:\s*([^}]*)\}\}")
_FRONT = re.compile(r"\A---\n(.*?)\n---\n", re.S)


@dataclass(frozen=True)
class RulesPage:
    title: str
    summary: str
    players: str
    html: str


def _cards_html(game: str, codes: str, lang: str) -> str:
    module = renderer(game)
    if module is None:
        return f'<span class="card-row">{escape(codes)}</span>'
    imgs = "".join(
        f'<img class="card" src="/cards/{game}/{escape(code)}.svg?lang={lang}" '
        f'alt="{escape(module.card_name(code, lang))}">'
        for code in codes.split()
    )
    return f'<span class="card-row" role="group">{imgs}</span>'


_HEADING_LEAD_OR_TABLE = re.compile(
    r"<h[2-4][^>]*>(?P<heading>.*?)</h[2-4]>|<p><strong>(?P<lead>[^<]*)</strong>|<table>", re.S
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


def _chinese_tagged(html: str) -> str:
    """Chinese characters in another language's page, marked `lang="zh"` so that a screen
    reader reads them with a Chinese voice rather than as noise (text only, not attributes)."""
    parts = _TAG.split(html)
    for i in range(0, len(parts), 2):  # the even parts are text between tags
        parts[i] = _HAN.sub(lambda m: f'<span lang="zh">{m.group(0)}</span>', parts[i])
    return "".join(parts)


@cache
def rules_page(game: str, lang: str) -> RulesPage | None:
    path = files("cardavia") / "content" / "rules" / game / f"{lang}.md"
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    meta: dict[str, str] = {}
    front = _FRONT.match(text)
    if front:
        for line in front.group(1).splitlines():
            key, _, value = line.partition(":")
            meta[key.strip()] = value.strip().strip('"')
        text = text[front.end() :]
    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    html = _framed_tables(md.render(text))
    if lang != "zh":
        html = _chinese_tagged(html)
    html = _CARDS.sub(lambda m: _cards_html(game, m.group(1), lang), html)
    return RulesPage(
        meta.get("title", game), meta.get("summary", ""), meta.get("players", ""), html
    )
