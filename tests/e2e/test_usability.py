"""Findings of the usability review (../shared/reviews/usability.md), each as the player met it:
M3, the focus ring looked like the hint and a mouse click moved the focus into the hand."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page

from tests.e2e.conftest import ARTIFACTS, DESKTOP, PHONE
from tests.e2e.helpers import ENABLED, log_length, new_page, wait_for_log_past, wait_for_turn

GOLD = "rgb(233, 196, 106)"  # --gold, the hint's colour


def _active_testid(page: Page) -> str | None:
    testid: str | None = page.evaluate("() => document.activeElement?.dataset?.testid ?? null")
    return testid


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_m3_a_mouse_click_leaves_the_focus_alone_and_the_hint_is_no_focus_ring(
    browser: Browser, base_url: str, size: str
) -> None:
    page = new_page(browser, base_url, DESKTOP if size == "desktop" else PHONE)
    page.goto("/en/games/chuopai/table?level=easy&seed=42")
    clicks = 0
    for _ in range(4):  # decisions made with the mouse, as a newcomer does
        if wait_for_turn(page) == "over":
            break
        logged = log_length(page)
        page.locator(f"[data-role=actions] button[data-action]{ENABLED}").first.click()
        clicks += 1
        wait_for_log_past(page, logged)
        if wait_for_turn(page) == "over":
            break
        # the review: "after any mouse click on a play, focus moves to the first hand card"
        assert _active_testid(page) != "hand-card"
    assert clicks >= 2
    assert wait_for_turn(page) == "your-turn"
    page.keyboard.press("h")
    hinted = page.locator(".is-hinted").first
    hinted.wait_for()
    # the hinted move wears a badge (a bulb) besides its gold ring ...
    badge = hinted.evaluate("el => getComputedStyle(el, '::after').backgroundImage")
    assert "svg" in badge
    # ... and keyboard focus is another colour: a hand card focused by the keyboard
    page.locator("[data-testid=hand-card]").first.focus()
    page.keyboard.press("ArrowRight")
    assert _active_testid(page) == "hand-card"
    ring = page.evaluate("() => getComputedStyle(document.activeElement).outlineColor")
    assert ring != GOLD and ring == "rgb(255, 255, 255)"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"m3-hint-and-focus-{size}.png"))
    assert not page.errors  # type: ignore[attr-defined]
