"""Findings of an accessibility audit (2026-12-05): the end sheet's focus ring and the Tab key's
stops at a deal's end, the skip link and Chuo Pai's plays at a large text size, the replay's
steps on a phone and on a desktop, the review's status read once while it is made, and the
guided deal's Tab stops. Each test fails on the code before its fix."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from tests.e2e.conftest import DESKTOP, PHONE
from tests.e2e.helpers import TIMEOUT, finished_deal, new_page, replay_step

# The contrast of two colours (WCAG 2), in the page: a ring needs 3:1 against what it lies on.
CONTRAST = """([a, b]) => {
    const rgb = (c) => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
    const lum = (c) => {
        const [r, g, b] = rgb(c).map((v) => {
            v /= 255;
            return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
}"""


def _large_text(page: Page) -> None:
    """The browser's text size at 200 % (Chrome's Settings, Font size; the page's zoom stays)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Page.enable")
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})


@pytest.mark.parametrize("lang", ["zh", "ru"])
def test_at_a_deals_end_the_tab_key_stops_only_where_it_shows_and_the_sheets_ring_shows(
    browser: Browser, base_url: str, lang: str
) -> None:
    page = new_page(browser, base_url, DESKTOP)
    page.goto(f"/{lang}/")
    deal, _ = finished_deal(page, "nantong", 4)
    page.goto(f"/{lang}/games/nantong/table?deal={deal}")
    result = page.get_by_test_id("result")
    expect(result).to_be_visible(timeout=TIMEOUT)
    # your cards give no reason not to play them: the deal is over (accessibility audit: "you
    # discard only after claiming a card" read as if it went on)
    assert page.locator("[data-testid=hand-card]").count() > 0
    expect(page.locator("[data-testid=hand-card][aria-description]")).to_have_count(0)
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    reached = None
    for _ in range(40):
        page.keyboard.press("Tab")
        stop = page.evaluate(
            """() => {
                const e = document.activeElement;
                // what of it shows: its box cut by every ancestor that clips (the controls are
                // hidden at the end as .visually-hidden is, a 1 px box)
                const box = e.getBoundingClientRect();
                let [left, top, right, bottom] = [box.left, box.top, box.right, box.bottom];
                for (let a = e.parentElement; a; a = a.parentElement) {
                    const style = getComputedStyle(a);
                    if (style.overflow === 'visible' && style.clipPath === 'none') continue;
                    const r = a.getBoundingClientRect();
                    left = Math.max(left, r.left); top = Math.max(top, r.top);
                    right = Math.min(right, r.right); bottom = Math.min(bottom, r.bottom);
                }
                return {
                    tag: e.tagName, text: (e.textContent || '').trim().slice(0, 30),
                    width: right - left, height: bottom - top,
                    inSheet: !!e.closest('[data-testid=result]') && e.tagName !== 'SECTION',
                };
            }"""
        )
        # the settings for play (hidden with the controls at the end) were two stops unseen
        assert stop["width"] >= 8 and stop["height"] >= 8, stop
        if stop["inSheet"]:
            reached = stop
            break
    assert reached is not None, "Tab never reached the end sheet's buttons"
    # the ring of the focused button is seen on the cream sheet (it was white: 1.04:1)
    ring, paper = page.evaluate(
        """() => [getComputedStyle(document.activeElement).outlineColor,
                  getComputedStyle(document.querySelector('[data-testid=result]')).backgroundColor]"""
    )
    assert page.evaluate(CONTRAST, [ring, paper]) >= 3, (ring, paper)
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_skip_link_stays_above_the_screen_at_a_large_text_size(
    browser: Browser, base_url: str, viewport: dict[str, int]
) -> None:
    page = new_page(browser, base_url, viewport)
    _large_text(page)
    page.goto("/ru/games/nantong/table?level=easy")
    expect(page.get_by_test_id("table")).to_have_attribute(
        "data-state", re.compile("your-turn|waiting|animating|over"), timeout=TIMEOUT
    )
    link = page.locator(".skip-link").first
    box = link.bounding_box()
    assert box is not None and box["height"] > 60  # the text is large: the link is tall
    assert box["y"] + box["height"] <= 0, box  # it peeked in at the top (top: -60 px)
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    page.keyboard.press("Tab")
    expect(link).to_be_focused()
    box = link.bounding_box()
    assert box is not None and box["y"] >= 0, box  # focused, it shows
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", ["ru", "uk", "cs", "es"])
def test_chuo_pais_plays_keep_their_words_in_their_tiles_at_a_large_text_size(
    browser: Browser, base_url: str, lang: str, screenshots: Path
) -> None:
    page = new_page(browser, base_url, PHONE, touch=True)
    _large_text(page)
    page.goto(f"/{lang}/games/chuopai/table?level=easy&seed=5")
    table = page.get_by_test_id("table")
    expect(table).to_have_attribute("data-state", "your-turn", timeout=TIMEOUT)
    plays = page.get_by_test_id("play-option")
    expect(plays.first).to_be_visible()
    spills = page.evaluate(
        """() => {
            const out = [];
            for (const b of document.querySelectorAll('[data-testid=play-option]')) {
                const tile = b.getBoundingClientRect();
                for (const e of b.querySelectorAll('.action-text *')) {
                    if (e.children.length) continue;
                    const r = e.getBoundingClientRect();
                    // its words wider than its box, or its box past the tile's edge
                    const over = e.scrollWidth - e.clientWidth;
                    const out_of_tile = r.right > tile.right + 1 || r.left < tile.left - 1;
                    if (r.width && (over > 1 || out_of_tile)) {
                        out.push([e.textContent.trim(), over, Math.round(r.right - tile.right)]);
                    }
                }
            }
            return out;
        }"""
    )
    plays.first.scroll_into_view_if_needed()
    page.screenshot(path=screenshots / f"chuopai-plays-200-text-{lang}.png")
    assert not spills, spills  # "Одиночная" ran into the next tile
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize(("lang", "large"), [("zh", False), ("uk", True), ("ru", True)])
def test_on_a_phone_the_replays_steps_stay_at_the_screens_foot(
    browser: Browser, base_url: str, screenshots: Path, lang: str, large: bool
) -> None:
    # (a large text size without a mobile viewport: pages wider than the phone at 200 % text,
    # the tabs for one, would have it zoom out; that is not this test's matter)
    page = new_page(browser, base_url, PHONE, touch=not large)
    if large:
        _large_text(page)
    page.goto(f"/{lang}/")
    deal, _ = finished_deal(page, "sisepai", 11)
    page.goto(f"/{lang}/games/sisepai/replay/{deal}")
    assert replay_step(page) == 0
    forward = page.get_by_test_id("replay-forward")
    # at the page's top, by the others' hands, the steps are on the screen (they were some
    # 1,200 px down, under three hands)
    page.evaluate("() => window.scrollTo(0, 0)")
    box = forward.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], box
    forward.click()
    expect(page.get_by_test_id("table")).to_have_attribute("data-step", "1")
    assert page.evaluate("() => window.scrollY") == 0  # stepping moved nothing
    # the counter keeps room for its words, also at a large text size (squeezed to nothing,
    # they ran over Forward)
    counter = page.get_by_test_id("replay-counter")
    assert page.evaluate("e => e.scrollWidth <= e.clientWidth + 1", counter.element_handle())
    bar = page.locator("[data-role=replay-bar]").bounding_box()
    assert bar is not None and bar["height"] < PHONE["height"] / 3, bar
    page.screenshot(path=screenshots / f"replay-steps-at-the-foot-{lang}-{large}-360.png")
    # at the page's end the bar covers nothing: the last button and the footer clear it
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    bar = page.locator("[data-role=replay-bar]").bounding_box()
    assert bar is not None
    for below in (page.get_by_test_id("open-record-button"), page.locator(".site-footer")):
        box = below.bounding_box()
        assert box is not None and box["y"] + box["height"] <= bar["y"] + 1, (box, bar)
    # a control the keyboard reaches is scrolled clear of the bar, not under it
    page.evaluate("() => window.scrollTo(0, 0)")
    page.get_by_test_id("record-file").focus()
    box = page.get_by_test_id("record-file").bounding_box()
    bar = page.locator("[data-role=replay-bar]").bounding_box()
    assert box is not None and bar is not None and box["y"] + box["height"] <= bar["y"], (box, bar)
    assert not page.errors  # type: ignore[attr-defined]


def test_on_a_short_screen_the_replays_steps_scroll_with_the_page(
    browser: Browser, base_url: str
) -> None:
    """A phone held sideways (or a desktop zoomed to 200 %): fixed, the bar took a third of it."""
    page = new_page(browser, base_url, {"width": 667, "height": 375}, touch=True)
    page.goto("/ru/")
    deal, _ = finished_deal(page, "sisepai", 11)
    page.goto(f"/ru/games/sisepai/replay/{deal}")
    assert replay_step(page) == 0
    bar = page.locator("[data-role=replay-bar]")
    assert bar.evaluate("e => getComputedStyle(e).position") == "static"
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", ["ru", "zh"])
def test_on_a_desktop_the_replays_last_button_is_not_a_row_of_its_own(
    browser: Browser, base_url: str, lang: str
) -> None:
    page = new_page(browser, base_url, DESKTOP)
    page.goto(f"/{lang}/")
    deal, _ = finished_deal(page, "nantong", 4)
    page.goto(f"/{lang}/games/nantong/replay/{deal}?step=10")
    assert replay_step(page) == 10

    def middle(testid: str) -> float:
        box = page.get_by_test_id(testid).bounding_box()
        assert box is not None
        return box["y"] + box["height"] / 2

    # Back, the counter and Forward on one row; First and Last at the slider's ends
    assert abs(middle("replay-back") - middle("replay-forward")) < 4
    assert abs(middle("replay-first") - middle("replay-slider")) < 4
    assert abs(middle("replay-last") - middle("replay-slider")) < 4
    # in the order Tab reaches them
    page.get_by_test_id("replay-back").focus()
    order = []
    for _ in range(4):
        page.keyboard.press("Tab")
        order.append(page.evaluate("() => document.activeElement.dataset.testid"))
    assert order == ["replay-forward", "replay-first", "replay-slider", "replay-last"]
    assert not page.errors  # type: ignore[attr-defined]


def test_the_reviews_status_is_written_once_while_it_is_made(
    browser: Browser, base_url: str
) -> None:
    page = new_page(browser, base_url, DESKTOP)
    page.goto("/ru/")
    deal, _ = finished_deal(page, "sisepai", 11)
    pending = {"left": 3}

    def hold(route: Route) -> None:
        # the review is "being made" for three asks, then the real answer
        if pending["left"] > 0:
            pending["left"] -= 1
            route.fulfill(
                status=202,
                headers={"Retry-After": "1", "content-type": "application/json"},
                body=json.dumps({"status": "pending", "retry_after": 1}),
            )
        else:
            route.continue_()

    page.route(re.compile(r".*/api/games/[^/]+/review$"), hold)
    page.add_init_script(
        """window.summaryWrites = [];
        document.addEventListener('DOMContentLoaded', () => {
            const summary = document.querySelector('[data-testid=review-summary]');
            new MutationObserver(() => window.summaryWrites.push(summary.textContent))
                .observe(summary, {childList: true, characterData: true, subtree: true});
        });"""
    )
    page.goto(f"/ru/games/sisepai/replay/{deal}")
    # a review is made by the test server's AI worker, beside other tests: a minute at most
    expect(page.get_by_test_id("review")).to_have_attribute("data-status", "ready", timeout=90_000)
    assert pending["left"] == 0
    writes = page.evaluate("() => window.summaryWrites")
    # loading, being made, ready: each said once (a polite live region reads every write)
    assert len(writes) == len(set(writes)), writes
    assert not page.errors  # type: ignore[attr-defined]


def test_the_guided_deals_play_is_a_few_tab_presses_from_its_lesson(
    browser: Browser, base_url: str
) -> None:
    page = new_page(browser, base_url, DESKTOP)
    page.goto("/zh/games/chuopai/learn?step=1")
    intended = page.locator("[data-intended=true]")
    expect(intended).to_have_count(1, timeout=TIMEOUT)
    assert page.get_by_test_id("play-option").count() > 10  # a lead: many plays offered
    page.get_by_test_id("lesson").focus()
    presses = 0
    while not page.evaluate("() => document.activeElement.dataset.intended === 'true'"):
        presses += 1
        assert presses <= 4, "the lesson's play is not within 4 presses of Tab"  # it was 23
        page.keyboard.press("Tab")
    assert not page.errors  # type: ignore[attr-defined]


def test_the_next_lesson_is_said_once_when_the_keyboard_takes_its_move(
    browser: Browser, base_url: str
) -> None:
    """A guided deal's move made by the keyboard takes the focus to the next lesson, whose name
    and what to do its focus reads: the status line then says it quietly (both read it aloud,
    accessibility audit)."""
    page = new_page(browser, base_url, DESKTOP)
    page.goto("/en/games/paohuzi/learn")
    lesson = page.get_by_test_id("lesson")
    intended = page.locator("[data-intended=true]")
    expect(intended).to_have_count(1, timeout=TIMEOUT)
    intended.focus()
    page.keyboard.press("Enter")
    expect(lesson).to_be_focused(timeout=TIMEOUT)
    described = page.evaluate(
        "() => document.getElementById("
        "document.querySelector('[data-testid=lesson]').getAttribute('aria-describedby'))"
        ".textContent"
    )
    assert described and described == page.get_by_test_id("lesson-do").inner_text()
    status = page.get_by_test_id("turn-status")
    expect(status).to_contain_text(described)
    expect(status).to_have_attribute("aria-live", "off")
    assert not page.errors  # type: ignore[attr-defined]
