"""The AI level on the pages (issue 7): every Start game offers easy / normal / hard (normal
checked) as a GET form to the table (`?level=`), in every language; the table page has a level
badge slot by every AI seat, the Hint button and the translated strings the script needs."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from typing import Any

import pytest
from starlette.testclient import TestClient

from cardavia.games.registry import GAMES
from cardavia.traditions import DECKS

LEVELS = ["easy", "normal", "hard"]
NAMES = {
    "en": ["Easy", "Normal", "Hard"],
    "zh": ["简单", "普通", "困难"],
    "ru": ["Лёгкий", "Обычный", "Сложный"],
    "cs": ["Lehká", "Normální", "Těžká"],
}
START = {"en": "Start game", "zh": "开始游戏", "ru": "Начать игру", "cs": "Začít hru"}
PLAYABLE = [g.id for d in DECKS for g in d.games if g.playable]


class _Forms(HTMLParser):
    """The Start game forms of a page: action, method, radios (value, id, checked), labels by
    `for`, legend and submit button texts."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict[str, Any]] = []
        self._text: list[str] | None = None
        self._into: tuple[str, str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "form" and "start-form" in (a.get("class") or ""):
            self.forms.append(
                {
                    "action": a.get("action"),
                    "method": a.get("method"),
                    "radios": [],
                    "labels": {},
                    "legend": "",
                    "submit": "",
                }
            )
        if not self.forms or self.forms[-1].get("closed"):
            return
        form = self.forms[-1]
        if tag == "input" and a.get("type") == "radio":
            form["radios"].append(
                {
                    "name": a.get("name"),
                    "value": a.get("value"),
                    "id": a.get("id"),
                    "checked": "checked" in a,
                }
            )
        elif tag == "label":
            self._text, self._into = [], ("labels", str(a.get("for")))
        elif tag == "legend":
            self._text, self._into = [], ("legend", "")
        elif tag == "button" and a.get("type") == "submit":
            self._text, self._into = [], ("submit", "")

    def handle_data(self, data: str) -> None:
        if self._text is not None:
            self._text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("label", "legend", "button") and self._text is not None and self._into:
            text = "".join(self._text).strip()
            kind, key = self._into
            if kind == "labels":
                self.forms[-1]["labels"][key] = text
            else:
                self.forms[-1][kind] = text
            self._text, self._into = None, None
        if tag == "form" and self.forms:
            self.forms[-1]["closed"] = True


def _forms(client: TestClient, url: str) -> list[dict[str, Any]]:
    r = client.get(url)
    assert r.status_code == 200, url
    parser = _Forms()
    parser.feed(r.text)
    return parser.forms


def _check_form(form: dict[str, Any], lang: str, game: str) -> None:
    assert form["action"] == f"/{lang}/games/{game}/table"
    assert (form["method"] or "get").lower() == "get"
    assert [r["value"] for r in form["radios"]] == LEVELS
    assert {r["name"] for r in form["radios"]} == {"level"}
    assert [r["value"] for r in form["radios"] if r["checked"]] == ["normal"]
    # each radio has its own label, in the page's language
    assert [form["labels"][r["id"]] for r in form["radios"]] == NAMES[lang]
    assert form["submit"] == START[lang]


@pytest.mark.parametrize("lang", ["en", "zh", "ru", "cs"])
@pytest.mark.parametrize("game", PLAYABLE)
def test_rules_page_offers_the_levels(client: TestClient, lang: str, game: str) -> None:
    forms = _forms(client, f"/{lang}/games/{game}/rules")
    assert len(forms) == 1
    _check_form(forms[0], lang, game)
    assert forms[0]["legend"]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_deck_pages_and_index_offer_the_levels(client: TestClient, lang: str) -> None:
    for deck in DECKS:
        playable = [g.id for g in deck.games if g.playable]
        forms = _forms(client, f"/{lang}/decks/{deck.id}")
        assert [f["action"] for f in forms] == [f"/{lang}/games/{g}/table" for g in playable]
        for form, game in zip(forms, playable, strict=True):
            _check_form(form, lang, game)
    forms = _forms(client, f"/{lang}/")
    assert [f["action"].split("/")[3] for f in forms] == PLAYABLE
    for form, game in zip(forms, PLAYABLE, strict=True):
        _check_form(form, lang, game)


def test_radio_ids_are_unique_on_every_page(client: TestClient) -> None:
    for url in ["/en/", *(f"/en/decks/{d.id}" for d in DECKS)]:
        ids = [r["id"] for f in _forms(client, url) for r in f["radios"]]
        assert len(ids) == len(set(ids)), url


def test_the_levels_are_explained(client: TestClient) -> None:
    html = client.get("/en/games/sisepai/rules").text
    assert "Easy: makes mistakes · Normal: thinks ahead · Hard: thinks longest" in html
    html = client.get("/zh/games/sisepai/rules").text
    assert "简单：会犯错" in html


@pytest.mark.parametrize(
    ("lang", "hint", "hard"),
    [
        ("en", "Hint", "Hard"),
        ("zh", "提示", "困难"),
        ("uk", "Підказка", "Складний"),
        ("es", "Pista", "Difícil"),
    ],
)
@pytest.mark.parametrize("game", sorted(GAMES))
def test_table_page_has_level_badges_and_hint(
    client: TestClient, lang: str, hint: str, hard: str, game: str
) -> None:
    html = client.get(f"/{lang}/games/{game}/table?level=hard").text
    assert html.count('data-testid="level-badge"') == GAMES[game].players - 1  # the AI seats
    button = re.search(r'<button[^>]*data-testid="hint-button"[^>]*>(.*?)</button>', html, re.S)
    assert button is not None and button.group(1).startswith(hint)
    assert 'aria-keyshortcuts="H"' in button.group(0)
    line = re.search(r'<p[^>]*data-testid="hint-line"[^>]*>', html)
    assert line is not None and 'aria-live="polite"' in line.group(0)
    script = re.search(
        r'<script type="application/json" id="cardavia-config">(.*?)</script>', html, re.S
    )
    assert script is not None
    config = json.loads(script.group(1))
    strings = config["strings"]
    assert strings["level_hard"] == hard
    for key in (
        "level_easy",
        "level_normal",
        "level_badge",
        "hint_busy",
        "hint_line",
        "hint_line_reason",
        "hint_forced",
        "hint_win",
        "hint_discard",
    ):
        assert strings[key].strip(), key
    # the reasons with numbers are plural strings, one form per plural form of the language
    forms = {"en": 2, "zh": 1, "uk": 3, "es": 2}[lang]
    for key in ("hint_search", "hint_greedy"):
        assert len(config["plural_forms"][key]) == forms
        assert all("%(share)s" in f and "%(n)s" in f for f in config["plural_forms"][key])
