"""Accessibility (site.md: a table that works for everyone): axe-core, the checker the field
uses, finds no violation of WCAG 2.x A/AA or best practice on the site's pages, at phone and
desktop sizes, including each game's table with your turn and a hint showing."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import DESKTOP, PHONE
from tests.e2e.helpers import TIMEOUT, expect_accessible, new_page, wait_for_turn

PAGES = ["/en/", "/zh/", "/en/decks/chinese-number-cards", "/en/games/sisepai/rules",
         "/ru/games/nantong/rules", "/zh/games/paohuzi/rules"]
GAMES = ["sisepai", "nantong", "chuopai", "paohuzi"]


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_pages(browser: Browser, base_url: str, viewport: dict[str, int]) -> None:
    page = new_page(browser, base_url, viewport)
    for path in PAGES:
        page.goto(path)
        expect_accessible(page, path)


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
@pytest.mark.parametrize("game", GAMES)
def test_table_with_a_hint(browser: Browser, base_url: str, game: str,
                           viewport: dict[str, int]) -> None:
    page = new_page(browser, base_url, viewport)
    page.goto(f"/en/games/{game}/table?seed=3&level=greedy")
    assert wait_for_turn(page) == "your-turn"
    page.keyboard.press("h")
    expect(page.locator("[data-testid=hint-line]")).not_to_be_empty(timeout=TIMEOUT)
    expect_accessible(page)
    assert not page.errors  # type: ignore[attr-defined]
