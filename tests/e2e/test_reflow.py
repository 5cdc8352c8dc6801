"""Findings of an accessibility audit (WCAG 1.4.4 resize text, 1.4.10 reflow): on a phone
(360 × 740, a mobile viewport, device scale factor 2) with the browser's text at 200 %, no page
of the site is wider than the screen, so that none scrolls sideways: the game tabs, the home
page's levels, the rules' tables (each scrolls in its own frame, which WCAG allows a data
table), Nantong's centre row, the guided deal's lesson. Russian and Ukrainian have the longest
words, Chinese the shortest: each of their pages but the history (Chinese: the replay's) was
373 to 594 px wide before the fix. And on a phone the
table's "Rules at a glance" book is never alone on a row of its own: beside the tabs, or with
its name where it has the row to itself (ru, uk, es; zh under its long heading)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from cardavia.table.learn import has_guided_deal
from cardavia.traditions import DECKS
from tests.e2e.conftest import PHONE
from tests.e2e.helpers import TIMEOUT, finished_deal, wait_for_turn
from tests.e2e.test_keyboard_and_large_text import _large_text

GAMES = [game.id for deck in DECKS for game in deck.games if game.playable]
GUIDED = [game for game in GAMES if has_guided_deal(game)]
PAGES: list[tuple[str, str]] = [
    ("home", "/{lang}/"),
    *((f"deck-{deck.id}", f"/{{lang}}/decks/{deck.id}") for deck in DECKS),
    *((f"rules-{game}", f"/{{lang}}/games/{game}/rules") for game in GAMES),
    # greedy AI seats: the same deal, and the same round in the centre, at every run
    *((f"table-{game}", f"/{{lang}}/games/{game}/table?seed=5&level=greedy") for game in GAMES),
    *((f"learn-{game}", f"/{{lang}}/games/{game}/learn") for game in GUIDED),
    ("history", "/{lang}/history"),
    ("replay-open", "/{lang}/games/sisepai/replay"),
    ("replay", "/{lang}/games/sisepai/replay/{deal}"),
]
CASES = [
    pytest.param(lang, name, path, id=f"{lang}-{name}")
    for lang in ("zh", "ru", "uk")
    for name, path in PAGES
] + [
    # Czech's long chips ("+15 huxi v tvých kanech") on the zipai tables and lesson
    pytest.param("cs", name, path, id=f"cs-{name}")
    for name, path in PAGES
    if name in ("table-paohuzi", "table-erqishi", "learn-erqishi")
]

# The elements past the screen's right edge that are not inside a box of their own that
# scrolls or clips (a rules table's frame): where the page's width comes from.
STICKING_OUT = """() => {
    const width = document.documentElement.clientWidth;
    const out = [];
    for (const e of document.body.querySelectorAll('*')) {
        const box = e.getBoundingClientRect();
        if (!box.width || box.right <= width + 1) continue;
        if (!e.checkVisibility({visibilityProperty: true})) continue;
        let inner = false;
        for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
            if (getComputedStyle(a).overflowX !== 'visible') { inner = true; break; }
        }
        const parent = e.parentElement && e.parentElement.getBoundingClientRect();
        if (inner || (parent && parent.right > width + 1)) continue;  // its parent's said
        const name = e.tagName.toLowerCase() + (typeof e.className === 'string' && e.className
            ? '.' + e.className.trim().split(/\\s+/).join('.') : '');
        const words = (e.textContent || '').trim().slice(0, 40);
        out.push(`${name} to ${Math.round(box.right)} px: ${words}`);
    }
    return out;
}"""


def _phone(browser: Browser, base_url: str, large: bool) -> Page:
    """A phone's page: a mobile viewport of 360 × 740 at device scale factor 2, the text at
    200 % with `large` (Chrome's font size setting; the page's zoom stays)."""
    context = browser.new_context(
        base_url=base_url,
        viewport=PHONE,  # type: ignore[arg-type]
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        reduced_motion="reduce",
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.errors = errors  # type: ignore[attr-defined]
    if large:
        _large_text(page)
    return page


def _settled(page: Page, name: str) -> None:
    """Wait until the page has drawn what its script draws (a deal, a lesson, a step)."""
    if name.startswith("table-"):
        assert wait_for_turn(page) in ("your-turn", "over")
    elif name.startswith("learn-"):
        expect(page.locator("#table[data-step='0']:not([data-state=waiting])")).to_have_count(
            1, timeout=TIMEOUT
        )
        expect(page.get_by_test_id("lesson-do")).not_to_be_empty()
    elif name == "replay":
        page.wait_for_selector("[data-testid=table][data-state=replay]", timeout=TIMEOUT)


@pytest.mark.parametrize(("lang", "name", "path"), CASES)
def test_on_a_phone_at_200_percent_text_no_page_scrolls_sideways(
    browser: Browser, base_url: str, screenshots: Path, lang: str, name: str, path: str
) -> None:
    page = _phone(browser, base_url, large=True)
    deal = ""
    if name == "replay":
        page.goto(f"/{lang}/")
        deal, _ = finished_deal(page, "sisepai", 11)
    response = page.goto(path.format(lang=lang, deal=deal))
    assert response is not None and response.status == 200, path
    assert page.evaluate("getComputedStyle(document.documentElement).fontSize") == "32px"
    _settled(page, name)
    width, client = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    if width > client + 1 or name in ("home", "table-nantong", "learn-nantong"):
        page.screenshot(path=screenshots / f"reflow-200-text-{lang}-{name}.png")
    assert client == PHONE["width"]
    # the page as wide as the screen: the tabs and the levels wrap, the long words break,
    # a wide table scrolls in its frame (it was up to 594 px wide, in Ukrainian)
    assert width <= client + 1, page.evaluate(STICKING_OUT)
    assert not page.errors  # type: ignore[attr-defined]


# where the book is: its row (the tabs' or its own) and whether its name shows beside it
BOOK = """() => {
    const button = document.querySelector('[data-testid=rules-open]');
    const icon = button.querySelector('.rules-open-icon').getBoundingClientRect();
    const name = button.querySelector('.rules-open-long').getBoundingClientRect();
    const tabs = document.querySelector('.game-head .tabs').getBoundingClientRect();
    const box = button.getBoundingClientRect();
    return {
        besideTabs: box.top < tabs.bottom - 1,
        named: name.width > 0 && name.top < icon.bottom && icon.top < name.bottom,
        inScreen: box.left >= 0 && box.right <= document.documentElement.clientWidth,
    };
}"""


@pytest.mark.parametrize(
    ("lang", "large", "book"),
    [
        ("en", False, "beside the tabs"),
        ("zh", False, "named"),
        ("ru", False, "named"),
        ("uk", False, "named"),
        ("cs", False, "beside the tabs"),
        ("es", False, "named"),
        ("ru", True, "named"),
        ("zh", True, "named"),
    ],
)
def test_on_a_phone_the_rules_book_is_beside_the_tabs_or_has_its_name(
    browser: Browser, base_url: str, screenshots: Path, lang: str, large: bool, book: str
) -> None:
    page = _phone(browser, base_url, large)
    page.goto(f"/{lang}/games/sisepai/table?seed=5&level=greedy")
    assert wait_for_turn(page) == "your-turn"
    opener = page.get_by_test_id("rules-open")
    expect(opener).to_be_visible()
    where = page.evaluate(BOOK)
    page.screenshot(path=screenshots / f"rules-book-{lang}-{'200' if large else '100'}.png")
    # on a row of its own the book was alone (its name only for screen readers)
    assert where["besideTabs"] or where["named"], where
    assert where["besideTabs" if book == "beside the tabs" else "named"], where
    assert where["inScreen"], where
    # its name for a screen reader is the one it shows, or the short one with the book alone
    # (never both run together)
    shown = "rules-open-long" if where["named"] else "rules-open-short"
    expect(opener).to_have_accessible_name(opener.locator(f".{shown}").text_content() or "?")
    assert not page.errors  # type: ignore[attr-defined]
