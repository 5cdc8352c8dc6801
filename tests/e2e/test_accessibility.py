"""Accessibility (site.md: a table that works for everyone): axe-core, the checker the field
uses, finds no violation of WCAG 2.x A/AA or best practice on the site's pages, at phone and
desktop sizes, including each game's table with your turn and a hint showing."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Browser, expect

from cardavia.games.registry import GAMES as REGISTERED
from tests.e2e.conftest import DESKTOP, PHONE
from tests.e2e.helpers import (
    ENABLED,
    TIMEOUT,
    answer_in_place,
    expect_accessible,
    finished_deal,
    new_page,
    replay_step,
    wait_for_turn,
)

PAGES = [
    "/en/",
    "/zh/",
    "/en/decks/chinese-number-cards",
    "/en/games/sisepai/rules",
    "/ru/games/nantong/rules",
    "/zh/games/paohuzi/rules",
    "/zh/games/erqishi/rules",
    "/ru/games/erqishi/rules",
    "/ru/games/chuopai/replay",  # the form that opens a record
    "/zh/history",
    # the deck's cards (M5), a summary and contents in zh and ru (M4)
    "/ru/decks/nantong-long-cards",
    "/zh/decks/four-colour-cards",
    "/zh/games/chuopai/rules",
    "/ru/games/sisepai/rules",
]
GAMES = sorted(REGISTERED)


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_pages(browser: Browser, base_url: str, viewport: dict[str, int]) -> None:
    page = new_page(browser, base_url, viewport)
    for path in PAGES:
        page.goto(path)
        expect_accessible(page, path)


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
@pytest.mark.parametrize("game", GAMES)
def test_table_with_a_hint(
    browser: Browser, base_url: str, game: str, viewport: dict[str, int]
) -> None:
    page = new_page(browser, base_url, viewport)
    page.goto(f"/en/games/{game}/table?seed=3&level=greedy")
    assert wait_for_turn(page) == "your-turn"
    page.keyboard.press("h")
    expect(page.locator("[data-testid=hint-line]")).not_to_be_empty(timeout=TIMEOUT)
    expect_accessible(page)
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_rules_drawer_over_a_table(
    browser: Browser, base_url: str, viewport: dict[str, int]
) -> None:
    page = new_page(browser, base_url, viewport)
    page.goto("/ru/games/nantong/table?seed=3&level=greedy")
    assert wait_for_turn(page) == "your-turn"
    page.locator("[data-testid=rules-open]").click()
    expect(page.locator("[data-testid=rules-drawer]")).to_be_visible()
    expect_accessible(page, "the rules drawer")
    assert not page.errors  # type: ignore[attr-defined]


def test_a_finger_gets_44px_targets_on_a_touch_screen(browser: Browser, base_url: str) -> None:
    """On a touch screen the back link, the tabs, the buttons and the level picker are 44px tall
    to a finger (the table's buttons already are); the languages grow what the header has room
    for, 32px."""
    context = browser.new_context(
        base_url=base_url,
        viewport=PHONE,  # type: ignore[arg-type]
        is_mobile=True,
        has_touch=True,
    )
    page = context.new_page()
    page.goto("/uk/games/paohuzi/rules")
    heights = page.evaluate("""() => Object.fromEntries(['.back-link a', '.tabs a',
        '.languages a', '.button', '.level-options'].map((s) => [s, Math.min(
            ...[...document.querySelectorAll(s)].map((e) => e.getBoundingClientRect().height))]))
    """)
    assert all(
        heights[s] >= 44 for s in (".back-link a", ".tabs a", ".button", ".level-options")
    ), heights
    assert heights[".languages a"] >= 32, heights
    # the back link's bigger hit area takes no room: the heading still follows it closely
    gap = page.evaluate("""() => document.querySelector('h1').getBoundingClientRect().top
        - document.querySelector('.back-link').getBoundingClientRect().bottom""")
    assert gap < 20, gap
    page.goto("/cs/decks/sichuan-cards")
    wiki = page.evaluate("document.querySelector('.deck-meta a').getBoundingClientRect().height")
    assert wiki >= 40, wiki
    # the table's links down to the log and back up (a line of small text, 16 px, before), and
    # the replay's slider (its 16 px track): a finger's height too (usability walk-through)
    page.goto("/uk/games/paohuzi/table?seed=3&level=greedy")
    assert wait_for_turn(page) in ("your-turn", "over")
    for link in ("log-jump", "log-back"):
        box = page.get_by_test_id(link).bounding_box()
        assert box is not None and box["height"] >= 40, (link, box)
    # an answer of one character, zh 过 (Pass), is 44 px wide too (usability walk: 37 px)
    page.goto("/zh/games/paohuzi/table?seed=5&level=greedy")
    answers = page.locator(f"[data-role=actions] button{ENABLED}")
    for _ in range(30):
        assert wait_for_turn(page) == "your-turn", "no claim to answer came"
        if answers.count():
            break
        answer_in_place(page)
    sizes = answers.evaluate_all(
        "els => els.map((e) => [e.textContent, e.getBoundingClientRect().width,"
        " e.getBoundingClientRect().height])"
    )
    assert any(text.strip().startswith("过") for text, _, _ in sizes), sizes
    assert all(w >= 44 and h >= 44 for _, w, h in sizes), sizes
    deal, _ = finished_deal(page, "chuopai", 5)
    page.goto(f"/uk/games/chuopai/replay/{deal}")
    slider = page.get_by_test_id("replay-slider")
    expect(slider).to_be_visible()
    box = slider.bounding_box()
    assert box is not None and box["height"] >= 40, box
    context.close()


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_replay_and_the_history(
    browser: Browser, base_url: str, viewport: dict[str, int]
) -> None:
    """axe-core on the replay page (mid-deal and at the end), the record form and the history."""
    page = new_page(browser, base_url, viewport)
    page.goto("/en/")
    deal, _ = finished_deal(page, "nantong", 6)
    page.goto(f"/ru/games/nantong/replay/{deal}?step=8")
    assert replay_step(page) == 8
    expect_accessible(page, "replay mid-deal")
    page.keyboard.press("End")
    expect(page.get_by_test_id("result")).to_be_visible()
    expect_accessible(page, "replay at the end")
    page.goto("/zh/games/nantong/replay")
    page.get_by_test_id("record-text").fill("{")
    page.get_by_test_id("open-record-button").click()
    expect(page.get_by_test_id("record-error")).to_be_visible()
    expect_accessible(page, "record form with an error")
    page.goto("/zh/history")
    page.wait_for_selector("[data-testid=history][data-state=ready]", timeout=TIMEOUT)
    expect_accessible(page, "history")
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize("game", ["paohuzi", "chuopai", "nantong"])
def test_the_shortcut_keys_can_be_turned_off(browser: Browser, base_url: str, game: str) -> None:
    """WCAG 2.1.4 (accessibility audit): single keys answer at the table (H, a digit, P), so a
    setting turns them off, kept in this browser: then a key does nothing, the buttons show no
    key and announce none (aria-keyshortcuts), and the keyboard line speaks of Tab instead."""
    page = new_page(browser, base_url, DESKTOP)
    page.goto(f"/en/games/{game}/table?seed=3&level=greedy")
    assert wait_for_turn(page) == "your-turn"
    setting = page.get_by_test_id("key-shortcuts")
    expect(setting).to_be_visible()
    expect(setting).to_be_checked()  # on unless turned off
    hint = page.get_by_test_id("hint-button")
    expect(hint).to_have_attribute("aria-keyshortcuts", "H")
    setting.uncheck()
    expect(hint).not_to_have_attribute("aria-keyshortcuts", "H")
    expect(hint.locator("kbd")).to_be_hidden()
    expect(page.locator("button.action[aria-keyshortcuts]")).to_have_count(0)
    line = page.locator("[data-role=hint]")  # the keyboard line names no single key now
    expect(line).not_to_contain_text("press")
    expect(line).not_to_contain_text(re.compile(r"\b[A-Z] (plays|wins|for)\b"))
    if game == "chuopai":
        expect(line).to_contain_text("Tab reaches Play")
    page.evaluate("document.activeElement.blur()")  # the keys go to the table, not the box
    page.keyboard.press("h")
    page.keyboard.press("1")
    time.sleep(1)
    expect(page.get_by_test_id("hint-line")).to_be_empty()
    assert wait_for_turn(page) == "your-turn"
    before = page.get_by_test_id("log").inner_text()
    # kept in this browser: a reload finds it off
    page.reload()
    assert wait_for_turn(page) == "your-turn"
    expect(page.get_by_test_id("key-shortcuts")).not_to_be_checked()
    assert page.get_by_test_id("log").inner_text() == before  # the keys played nothing
    page.get_by_test_id("key-shortcuts").check()
    if game == "chuopai":
        expect(page.locator("[data-role=hint]")).to_contain_text("P plays")
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("h")
    expect(page.get_by_test_id("hint-line")).not_to_be_empty(timeout=TIMEOUT)
    assert not page.errors  # type: ignore[attr-defined]
