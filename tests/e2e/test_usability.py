"""Findings of the usability review (../shared/reviews/usability.md), each as the player met it:
M3, the focus ring looked like the hint and a mouse click moved the focus into the hand."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.e2e.conftest import ARTIFACTS, DESKTOP, PHONE
from tests.e2e.helpers import (
    ENABLED,
    answer_in_place,
    expect_accessible,
    log_length,
    new_page,
    wait_for_log_past,
    wait_for_turn,
)

GOLD = "rgb(233, 196, 106)"  # --gold, the hint's colour


def _badge(hinted: Locator) -> str:
    """The background of a hinted move's bulb badge: a button's ::after, a hand card's span."""
    badge: str = hinted.evaluate(
        "el => getComputedStyle(el.querySelector('.hint-badge') || el, "
        "el.querySelector('.hint-badge') ? null : '::after').backgroundImage"
    )
    return badge


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
    assert "svg" in _badge(hinted)
    # ... and keyboard focus is another colour: a hand card focused by the keyboard
    page.locator("[data-testid=hand-card]").first.focus()
    page.keyboard.press("ArrowRight")
    assert _active_testid(page) == "hand-card"
    ring = page.evaluate("() => getComputedStyle(document.activeElement).outlineColor")
    assert ring != GOLD and ring == "rgb(255, 255, 255)"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"m3-hint-and-focus-{size}.png"))
    assert not page.errors  # type: ignore[attr-defined]


def test_m3_a_hinted_hand_card_wears_the_badge_inside_its_face(
    browser: Browser, base_url: str
) -> None:
    """Nantong, the review's steps: the dealer's first discard, hinted; the badge sits inside the
    card (the hand's row clips anything above it) and the focus ring stays another colour."""
    page = new_page(browser, base_url, PHONE)
    page.goto("/en/games/nantong/table?level=easy&seed=21")
    assert wait_for_turn(page) == "your-turn"
    page.keyboard.press("h")
    card = page.locator("[data-testid=hand-card].is-hinted")
    card.wait_for()
    assert "svg" in _badge(card)
    inside = card.evaluate(
        """el => { const b = el.querySelector('.hint-badge').getBoundingClientRect();
        const c = el.getBoundingClientRect();
        return b.width > 0 && b.top >= c.top && b.bottom <= c.bottom && b.right <= c.right; }"""
    )
    assert inside
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "m3-hinted-hand-card-phone.png"))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_m2_plays_and_hints_name_their_cards_in_words(
    browser: Browser, base_url: str, lang: str
) -> None:
    """Chuo Pai, the review's steps (seed 42, H): every play says its cards in plain sight, two
    plays of one kind read differently, and the hint names its cards too."""
    page = new_page(browser, base_url, DESKTOP)
    page.goto(f"/{lang}/games/chuopai/table?level=easy&seed=42")
    assert wait_for_turn(page) == "your-turn"
    plays = page.locator("[data-testid=play-option]")
    assert plays.count() >= 2
    names = plays.locator(".action-names").all_inner_texts()
    labels = plays.locator(".action-label").all_inner_texts()
    assert len(names) == plays.count() and all(n.strip() for n in names)
    assert len(set(zip(labels, names, strict=True))) == len(names)  # no two look alike
    assert len(set(labels)) < len(labels)  # (while their kinds alone repeat: Single, Single…)
    page.keyboard.press("h")
    line = page.locator("[data-testid=hint-line] .hint-action")
    line.wait_for()
    shown = line.locator(":scope > span:not(.visually-hidden)").last.inner_text()
    assert " · " in shown and shown.split(" · ", 1)[1] in names


@pytest.mark.parametrize("game", ["nantong", "sisepai", "paohuzi"])
def test_m1_a_tap_raises_a_card_and_a_second_tap_plays_it(
    browser: Browser, base_url: str, game: str
) -> None:
    """The review's steps on a touch phone (390 px): a tap only raises the card, with a Discard
    button; tapping another card moves the raise; the second tap on it discards. Every card
    shows at least 40 px at 360 px wide."""
    page = new_page(browser, base_url, {"width": 360, "height": 740}, touch=True)
    page.goto(f"/en/games/{game}/table?level=easy&seed=21")
    for _ in range(30):  # on to a discard of yours
        if wait_for_turn(page) == "over":
            pytest.fail("the deal ended before a discard of yours")
        if page.locator(f"[data-testid=hand-card]{ENABLED}").count() >= 2:
            break
        # claim when offered (in Sì Sè Pái a claim is what leads to a discard), else the last
        # answer (pass)
        claim = page.locator(f"[data-testid=claim-option]{ENABLED}")
        answers = page.locator(f"[data-role=actions] button[data-action]{ENABLED}")
        logged = log_length(page)
        (claim.first if claim.count() else answers.last).tap()
        wait_for_log_past(page, logged)
    shown = page.evaluate(
        """() => [...document.querySelectorAll('[data-testid=hand-card]')].map((c, i, all) => {
          const r = c.getBoundingClientRect(), next = all[i + 1]?.getBoundingClientRect();
          return next && next.top === r.top ? next.left - r.left : r.width; })"""
    )
    assert min(shown) >= 40, (
        shown,
        page.evaluate(
            "() => { const s = getComputedStyle(document.querySelector('[data-testid=hand-card]'));"
            " return [s.width, s.marginLeft, s.getPropertyValue('--card-w')]; }"
        ),
    )
    enabled = page.locator(f"[data-testid=hand-card]{ENABLED}")
    logged = log_length(page)
    enabled.nth(0).tap()
    assert page.locator("[data-testid=hand-card].is-raised").count() == 1
    assert page.locator("[data-testid=play-raised]").is_visible()
    assert not page.locator("[data-testid=confirm-plays]").is_visible()  # a mouse's setting
    enabled.nth(1).tap()  # another card: the raise moves, still nothing played
    raised = page.locator("[data-testid=hand-card].is-raised")
    assert raised.count() == 1 and raised.get_attribute("data-code") == enabled.nth(
        1
    ).get_attribute("data-code")
    assert log_length(page) == logged
    name = raised.get_attribute("title")  # the card's name, as the log words it
    raised.tap()
    wait_for_log_past(page, logged)
    assert name and name in page.locator("[data-testid=log] li").nth(logged).inner_text()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"m1-tap-{game}-phone.png"), full_page=True)
    assert not page.errors  # type: ignore[attr-defined]


def test_m1_desktop_plays_on_one_click_unless_the_confirm_setting_is_on(
    browser: Browser, base_url: str
) -> None:
    page = new_page(browser, base_url, DESKTOP)
    page.goto("/en/games/nantong/table?level=easy&seed=21")  # you deal: a discard first
    assert wait_for_turn(page) == "your-turn"
    setting = page.locator("[data-testid=confirm-plays]")
    assert setting.is_visible() and not setting.is_checked()
    setting.check()
    card = page.locator(f"[data-testid=hand-card]{ENABLED}").first
    logged = log_length(page)
    card.click()
    assert page.locator("[data-testid=hand-card].is-raised").count() == 1
    assert log_length(page) == logged
    page.locator("[data-testid=play-raised]").click()
    wait_for_log_past(page, logged)
    # remembered in this browser; off again, one click plays
    page.reload()
    assert wait_for_turn(page) in ("your-turn", "over")
    assert page.locator("[data-testid=confirm-plays]").is_checked()
    page.locator("[data-testid=confirm-plays]").uncheck()
    if (
        wait_for_turn(page) == "your-turn"
        and page.locator(f"[data-testid=hand-card]{ENABLED}").count()
    ):
        logged = log_length(page)
        page.locator(f"[data-testid=hand-card]{ENABLED}").first.click()
        wait_for_log_past(page, logged)
    assert not page.errors  # type: ignore[attr-defined]


def test_m1_the_others_pace_is_a_setting_with_a_skip_while_their_moves_show(
    browser: Browser, base_url: str
) -> None:
    """Usability review m1: the pace of the other seats' moves is chosen and kept in this
    browser; while their moves are being shown (slowly here), Skip is offered, and after it the
    table is yours again."""
    context = browser.new_context(base_url=base_url, viewport=DESKTOP)  # type: ignore[arg-type]  # paced
    page = context.new_page()
    page.goto("/en/games/sisepai/table?seed=7&level=greedy")
    assert wait_for_turn(page) == "your-turn"
    pace = page.locator("[data-testid=pace]")
    assert pace.input_value() == "normal"
    pace.select_option("slow")
    page.reload()
    assert wait_for_turn(page) == "your-turn"
    assert page.locator("[data-testid=pace]").input_value() == "slow"  # kept in this browser
    skip = page.locator("[data-testid=skip-replay]")
    assert skip.is_hidden()
    seen = False
    for _ in range(6):  # a few answers, until the others' moves are caught being shown
        logged = log_length(page)
        answer_in_place(page)
        # past the wait for the others (on a loaded machine they may not have answered yet)
        page.wait_for_function(
            "() => document.querySelector('[data-testid=table]').dataset.state !== 'waiting'"
        )
        if page.get_attribute("[data-testid=table]", "data-state") == "animating":
            seen = skip.is_visible()
            skip.dispatch_event("click")
        if wait_for_turn(page) == "over" or seen:
            break
        assert log_length(page) > logged
    assert seen
    assert wait_for_turn(page) in ("your-turn", "over")
    assert skip.is_hidden()
    context.close()


def test_m1_on_a_phone_the_pace_is_in_the_look_panel_and_a_tap_on_the_table_skips(
    browser: Browser, base_url: str
) -> None:
    """Usability review m1 on a phone: no settings row under the answers (it moved the hand),
    the pace is set in the Look panel instead, kept as at any width, and a tap on the table while
    the others' moves are shown skips to the end of them."""
    context = browser.new_context(base_url=base_url, viewport=PHONE)  # type: ignore[arg-type]
    page = context.new_page()
    page.goto("/ru/games/sisepai/table?seed=7&level=greedy")
    assert wait_for_turn(page) == "your-turn"
    assert page.locator("[data-testid=pace]").is_hidden()
    phone_pace = page.locator("[data-testid=pace-phone]")
    assert phone_pace.is_hidden()  # until the panel opens
    page.locator("[data-testid=look-toggle]").click()
    expect(phone_pace).to_be_visible()
    phone_pace.select_option("slow")
    page.reload()
    assert wait_for_turn(page) == "your-turn"
    assert phone_pace.input_value() == "slow"
    assert page.locator("[data-testid=pace]").input_value() == "slow"  # one setting
    expect_accessible(page)
    tapped = False
    for _ in range(6):  # a few answers, until the others' moves are caught being shown
        answer_in_place(page)
        # past the wait for the others (on a loaded machine they may not have answered yet)
        page.wait_for_function(
            "() => document.querySelector('[data-testid=table]').dataset.state !== 'waiting'"
        )
        if page.get_attribute("[data-testid=table]", "data-state") == "animating":
            page.locator("[data-role=centre]").dispatch_event("click")
            tapped = True
        if wait_for_turn(page) == "over" or tapped:
            break
    assert tapped
    assert wait_for_turn(page) in ("your-turn", "over")
    context.close()


@pytest.mark.parametrize(("game", "side"), [("chuopai", "left"), ("sisepai", "right")])
def test_p5_the_table_says_which_way_play_passes(
    browser: Browser, base_url: str, game: str, side: str
) -> None:
    """Usability review p5: AI 1 sits on your left in Chuo Pai (clockwise) and on your right in
    the others; the line under the heading says which way play passes, and it is that side."""
    page = new_page(browser, base_url, DESKTOP)
    page.goto(f"/uk/games/{game}/table?seed=3&level=greedy")
    assert wait_for_turn(page) in ("your-turn", "over")
    said = page.locator("[data-testid=direction]")
    expect(said).to_be_visible()
    expect(said).to_contain_text("ліворуч" if side == "left" else "праворуч")
    seat = page.locator("[data-testid=seat-1]").bounding_box()
    felt = page.locator("[data-role=felt]").bounding_box()
    assert seat is not None and felt is not None
    middle = seat["x"] + seat["width"] / 2
    assert (middle < felt["x"] + felt["width"] / 2) == (side == "left"), (seat, felt)


def test_chuo_pai_offers_no_setting_for_a_click_that_plays(browser: Browser, base_url: str) -> None:
    """Chuo Pai's cards are chosen, then played by a button: the "click a card twice" setting
    would do nothing there, so it is not shown (it was: usability walk, uk desktop)."""
    page = new_page(browser, base_url, DESKTOP)
    page.goto("/uk/games/chuopai/table?level=easy&seed=3")
    assert wait_for_turn(page) == "your-turn"
    assert page.locator("[data-testid=confirm-plays]").is_hidden()
    assert not page.errors  # type: ignore[attr-defined]
