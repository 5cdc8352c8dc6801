"""The Full rules page on a phone (site.md: readable on a phone in portrait): a table wider than
the screen scrolls sideways inside its frame, and the frame shades the side that has more to
show, so a cut-off column does not pass for the whole table."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from cardavia.traditions import DECKS
from cardavia.web.content import rules_page
from tests.e2e.conftest import ARTIFACTS, DESKTOP, PHONE
from tests.e2e.helpers import new_page

# every game whose full rules are written, with or without a table yet
WRITTEN = sorted(g.id for d in DECKS for g in d.games if rules_page(g.id, "en") is not None)


def test_a_wide_rules_table_says_there_is_more_to_swipe(browser: Browser, base_url: str) -> None:
    page = new_page(browser, base_url, PHONE)
    page.goto("/ru/games/nantong/rules")
    frames = page.locator(".table-frame")
    assert frames.count() >= 3
    wide = [
        i
        for i in range(frames.count())
        if frames.nth(i).evaluate(
            "f => f.querySelector('table').scrollWidth > f.querySelector('table').clientWidth + 1"
        )
    ]
    assert wide, "no table wider than a phone: the test would show nothing"
    frame = frames.nth(wide[0])
    frame.scroll_into_view_if_needed()
    expect(frame).to_have_class("table-frame more-right")
    page.screenshot(path=str(ARTIFACTS / "rules-table-phone.png"))
    frame.evaluate("f => { const t = f.querySelector('table'); t.scrollLeft = t.scrollWidth; }")
    expect(frame).to_have_class("table-frame more-left")
    # a table that fits shades neither side
    narrow = [i for i in range(frames.count()) if i not in wide]
    if narrow:
        expect(frames.nth(narrow[0])).to_have_class("table-frame")
    assert not page.errors  # type: ignore[attr-defined]


def test_rules_tables_fit_a_desktop(browser: Browser, base_url: str) -> None:
    page = new_page(browser, base_url, DESKTOP)
    page.goto("/en/games/chuopai/rules")
    frames = page.locator(".table-frame")
    assert frames.count() >= 1
    for i in range(frames.count()):
        expect(frames.nth(i)).to_have_class("table-frame")


def test_english_rules_tables_fit_a_phone(browser: Browser, base_url: str) -> None:
    """On a phone a table's text is a little smaller and its cells tighter: every English rules
    table, Chuo Pai's card table with its five columns too, fits a 360 px screen whole."""
    page = new_page(browser, base_url, PHONE)
    assert "erqishi" in WRITTEN
    for game in WRITTEN:
        page.goto(f"/en/games/{game}/rules")
        wide = page.evaluate(
            "() => [...document.querySelectorAll('.rules table')]"
            ".filter((t) => t.scrollWidth > t.clientWidth + 1).length"
        )
        assert wide == 0, game
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize("lang", ["zh", "ru"])
def test_two_seven_tens_rules_show_the_sites_own_cards(
    browser: Browser, base_url: str, lang: str, viewport: dict[str, int]
) -> None:
    """Issue 22: Two Seven Ten's full rules draw every worked example with the site's card
    pictures (named in the page's language), and nothing on the page is wider than the screen
    but a table in its frame."""
    page = new_page(browser, base_url, viewport)
    page.goto(f"/{lang}/games/erqishi/rules")
    html = rules_page("erqishi", lang)
    assert html is not None
    codes = re.findall(r'src="/cards/erqishi/([^.]+)\.svg', html.html)
    cards = page.locator("article.rules img.card")  # the full rules, not the summary above
    assert cards.count() == len(codes) > 100
    cards.last.scroll_into_view_if_needed()
    drawn = page.evaluate(
        "() => [...document.querySelectorAll('article.rules img.card')]"
        ".filter((i) => i.complete && i.naturalWidth > 0).length"
    )
    assert drawn == len(codes)
    names = cards.evaluate_all("(imgs) => imgs.map((i) => i.alt)")
    assert all(names) and len(set(names)) == 20  # the 20 cards, each named
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    size = "phone" if viewport is PHONE else "desktop"
    page.goto(f"/{lang}/games/erqishi/rules")
    page.screenshot(path=str(ARTIFACTS / f"rules-erqishi-{lang}-{size}.png"), full_page=True)
    assert not page.errors  # type: ignore[attr-defined]
