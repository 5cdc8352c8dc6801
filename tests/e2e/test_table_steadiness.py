"""The table keeps still under the player's eyes and hands: the log keeps a reader's place,
the hand does not jump while a selection narrows the choices (Chuo Pai on a phone), and after
a keyboard discard the next decision, a claim, has the focus rather than a disabled card."""

from __future__ import annotations

from playwright.sync_api import Browser, Page

from tests.e2e.conftest import DESKTOP, PHONE
from tests.e2e.helpers import (
    ENABLED,
    answer_in_place,
    log_length,
    new_page,
    wait_for_log_past,
    wait_for_turn,
)


def _log_gap(page: Page) -> dict[str, float]:
    return page.evaluate("""() => { const l = document.querySelector('[data-testid=log]');
        return {top: l.scrollTop, below: l.scrollHeight - l.scrollTop - l.clientHeight,
                scrolls: l.scrollHeight - l.clientHeight}; }""")


def test_the_log_keeps_a_readers_place(browser: Browser, base_url: str) -> None:
    page = new_page(browser, base_url, DESKTOP)
    page.goto("/en/games/paohuzi/table?seed=4&level=greedy")
    for _ in range(60):
        if wait_for_turn(page) == "over" or _log_gap(page)["scrolls"] > 150:
            break
        answer_in_place(page)
    assert _log_gap(page)["scrolls"] > 150, "the log never grew long enough to scroll"
    assert _log_gap(page)["below"] < 24, "the log does not follow its newest line"
    # reading older lines: new ones do not pull the reader down
    page.evaluate("() => { document.querySelector('[data-testid=log]').scrollTop = 0; }")
    assert wait_for_turn(page) == "your-turn"
    answer_in_place(page)
    wait_for_turn(page)
    assert _log_gap(page)["top"] < 2
    # back at the end: it follows again
    page.evaluate("() => { const l = document.querySelector('[data-testid=log]');"
                  " l.scrollTo({top: l.scrollHeight, behavior: 'instant'}); }")
    if wait_for_turn(page) == "your-turn":
        answer_in_place(page)
        wait_for_turn(page)
        assert _log_gap(page)["below"] < 24
    assert not page.errors  # type: ignore[attr-defined]


def test_a_claim_after_a_keyboard_discard_has_the_focus(browser: Browser, base_url: str) -> None:
    page = new_page(browser, base_url, DESKTOP)
    page.goto("/en/games/sisepai/table?seed=7&level=greedy")
    seen = 0
    discarded = False
    for _ in range(200):
        if wait_for_turn(page) == "over" or seen >= 2:
            break
        cards = page.locator(f"[data-testid=hand-card]{ENABLED}").count()
        if discarded and not cards:
            # the decision is a claim: the focus left the (disabled) hand for an answer
            focused = page.evaluate("""() => { const a = document.activeElement;
                return !!a && !!a.closest('[data-role=actions]')
                    && a.getAttribute('aria-disabled') === 'false'; }""")
            assert focused, "the focus stayed on a disabled hand card"
            seen += 1
        discarded = False
        logged = log_length(page)
        if page.locator(f"[data-testid=win]{ENABLED}").count():
            page.keyboard.press("w")
        elif cards:
            page.keyboard.press("Enter")  # the focus is in the hand: discard the focused card
            discarded = True
        elif page.locator(f"[data-testid=claim-option]{ENABLED}").count():
            page.keyboard.press("1")  # claim, so that a discard follows
        else:
            page.keyboard.press("p")
        wait_for_log_past(page, logged)
    assert seen, "no claim came right after a discard: pick another seed"
    assert not page.errors  # type: ignore[attr-defined]


def test_the_hand_stays_put_while_a_selection_narrows_the_plays(browser: Browser,
                                                               base_url: str) -> None:
    page = new_page(browser, base_url, PHONE)
    page.goto("/en/games/chuopai/table?seed=11&level=greedy")
    checked = 0
    for _ in range(40):
        if wait_for_turn(page) == "over" or checked >= 2:
            break
        options = page.locator(f"[data-testid=play-option]{ENABLED}").count()
        cards = page.locator(f"[data-testid=hand-card][aria-pressed=false]{ENABLED}")
        if options >= 6 and cards.count() >= 2:
            where = "() => document.querySelector('[data-testid=hand]').getBoundingClientRect().top"
            before = page.evaluate(where)
            cards.first.dispatch_event("click")
            page.wait_for_timeout(100)
            assert page.locator(f"[data-testid=play-option]{ENABLED}").count() < options
            assert abs(page.evaluate(where) - before) <= 1, "the hand moved as the plays narrowed"
            page.locator("[data-testid=clear-selection]").dispatch_event("click")
            page.wait_for_timeout(100)
            assert abs(page.evaluate(where) - before) <= 1, "the hand moved as the plays widened"
            checked += 1
        answer_in_place(page)
    assert checked, "no decision with a choice of plays came"
    assert not page.errors  # type: ignore[attr-defined]
