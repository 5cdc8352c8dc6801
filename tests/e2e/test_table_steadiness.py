"""The table keeps still under the player's eyes and hands: the log keeps a reader's place,
the hand does not jump while a selection narrows the choices (Chuo Pai on a phone, upright or
held sideways, where a lead's many plays take one row swiped sideways), and after a keyboard
discard the next decision, a claim, has the focus rather than a disabled card."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import DESKTOP, PHONE, SIDEWAYS
from tests.e2e.helpers import (
    ENABLED,
    answer_in_place,
    log_length,
    new_page,
    wait_for_log_past,
    wait_for_turn,
)


def _log_gap(page: Page) -> dict[str, float]:
    gap: dict[str, float] = page.evaluate("""() => {
        const l = document.querySelector('[data-testid=log]');
        return {top: l.scrollTop, below: l.scrollHeight - l.scrollTop - l.clientHeight,
                scrolls: l.scrollHeight - l.clientHeight}; }""")
    return gap


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
    page.evaluate(
        "() => { const l = document.querySelector('[data-testid=log]');"
        " l.scrollTo({top: l.scrollHeight, behavior: 'instant'}); }"
    )
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


_HAND_TOP = "() => document.querySelector('[data-testid=hand]').getBoundingClientRect().top"


@pytest.mark.parametrize(("viewport", "lang"), [(PHONE, "en"), (SIDEWAYS, "en"), (SIDEWAYS, "ru")])
def test_the_hand_stays_put_while_a_selection_narrows_the_plays(
    browser: Browser, base_url: str, viewport: dict[str, int], lang: str
) -> None:
    # a phone held sideways is wider than 700 px: touch, as a phone's, is what hides the keys' help
    page = new_page(browser, base_url, viewport, touch=viewport is SIDEWAYS)
    page.goto(f"/{lang}/games/chuopai/table?seed=11&level=greedy")
    checked = 0
    for _ in range(40):
        if wait_for_turn(page) == "over" or checked >= 2:
            break
        options = page.locator(f"[data-testid=play-option]{ENABLED}").count()
        cards = page.locator(f"[data-testid=hand-card][aria-pressed=false]{ENABLED}")
        if options >= 6 and cards.count() >= 2:
            before = page.evaluate(_HAND_TOP)
            cards.first.dispatch_event("click")
            page.wait_for_timeout(100)
            assert page.locator(f"[data-testid=play-option]{ENABLED}").count() < options
            moved = page.evaluate(_HAND_TOP) - before
            assert abs(moved) <= 1, "the hand moved as the plays narrowed"
            page.locator("[data-testid=clear-selection]").dispatch_event("click")
            page.wait_for_timeout(100)
            moved = page.evaluate(_HAND_TOP) - before
            assert abs(moved) <= 1, "the hand moved as the plays widened"
            checked += 1
        answer_in_place(page)
    assert checked, "no decision with a choice of plays came"
    assert not page.errors  # type: ignore[attr-defined]


def _first_lead_with_many_plays(page: Page) -> int:
    for _ in range(40):
        if wait_for_turn(page) == "over":
            break
        options = page.locator("[data-testid=play-option]").count()
        if options >= 12:
            return options
        answer_in_place(page)
    raise AssertionError("no decision with a dozen plays came")


def _swipe_marks(page: Page) -> list[str]:
    """The strip's class at every decision with a dozen plays or more, to the end of the deal."""
    marks = []
    for _ in range(60):
        if wait_for_turn(page) == "over":
            break
        if page.locator("[data-testid=play-option]").count() >= 12:
            marks.append(page.locator("[data-testid=action-strip]").get_attribute("class") or "")
        answer_in_place(page)
    return marks


_OPTION_ROWS = """() => new Set([...document.querySelectorAll('[data-testid=play-option]')]
    .map((b) => Math.round(b.getBoundingClientRect().top))).size"""


def test_a_phone_shows_many_plays_in_one_row_swiped_sideways(
    browser: Browser, base_url: str
) -> None:
    page = new_page(browser, base_url, PHONE)
    page.goto("/en/games/chuopai/table?seed=7&level=greedy")
    _first_lead_with_many_plays(page)
    strip = page.locator("[data-testid=action-strip]")
    assert page.evaluate(_OPTION_ROWS) == 1, "the plays wrapped into several rows"
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert strip.evaluate("(s) => s.scrollWidth > s.clientWidth + 100")
    assert strip.get_attribute("class") == "action-strip more-right"  # swipe for more
    strip.evaluate("(s) => { s.scrollLeft = s.scrollWidth; }")
    page.wait_for_function(
        "() => document.querySelector('.action-strip.more-left:not(.more-right)')"
    )
    # tiles that fit, with only the strip's padding over its edge: no fade on the last tile
    # (usability walk: 4 px over, and the fourth play was faded)
    padded = strip.evaluate(
        """(s) => {
          s.scrollLeft = 0;
          const right = s.getBoundingClientRect().right;
          const end = () => s.lastElementChild.getBoundingClientRect().right;
          while (end() > right) s.lastElementChild.remove();
          s.style.paddingRight = `${right - end() + 4}px`;
          window.dispatchEvent(new Event("resize"));
          return s.scrollWidth - s.clientWidth;
        }"""
    )
    assert padded > 1
    expect(strip).to_have_class("action-strip")
    # the hand begins within the second screen, not two screens down
    hand_top = page.evaluate(
        "document.querySelector('[data-testid=hand]').getBoundingClientRect().top + window.scrollY"
    )
    assert hand_top < 2 * PHONE["height"]
    # every later lead, shown after the AI seats played (the buttons hidden meanwhile), is
    # marked too
    answer_in_place(page)
    later = _swipe_marks(page)
    assert later, "no later lead with a dozen plays came"
    assert all(mark == "action-strip more-right" for mark in later), later
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", ["zh", "ru"])
def test_a_phone_held_sideways_shows_the_prompt_the_plays_and_the_hand_at_once(
    browser: Browser, base_url: str, screenshots: Path, lang: str
) -> None:
    """Held sideways (844×390), a lead's thirty plays wrapped into rows filled the screen and put
    the hand a screen below the prompt: there Play, the plays in one row swiped sideways and Hint
    share a row, the pace is set in the Look panel, and the prompt, the plays and nearly all of
    every hand card's height are on the screen together."""
    page = new_page(browser, base_url, SIDEWAYS, touch=True)
    page.goto(f"/{lang}/games/chuopai/table?seed=7&level=greedy")
    _first_lead_with_many_plays(page)
    page.wait_for_timeout(300)  # the decision's scroll into view (reduced motion: at once)
    assert page.evaluate(_OPTION_ROWS) == 1, "the plays wrapped into several rows"
    assert page.evaluate("document.documentElement.scrollWidth") <= SIDEWAYS["width"]
    strip = page.locator("[data-testid=action-strip]")
    assert strip.evaluate("(s) => s.scrollWidth > s.clientWidth + 100")
    assert strip.get_attribute("class") == "action-strip more-right"
    assert page.get_by_test_id("pace").is_hidden()
    page.screenshot(path=str(screenshots / f"sideways-chuopai-lead-{lang}.png"))
    boxes = page.evaluate("""() => Object.fromEntries(
        ['turn-status', 'play-selected', 'action-strip', 'hint-button'].map((id) => {
            const r = document.querySelector(`[data-testid=${id}]`).getBoundingClientRect();
            return [id, [r.top, r.bottom]]; }))""")
    for what, (top, bottom) in boxes.items():
        assert top >= 0 and bottom <= SIDEWAYS["height"], (what, boxes)
    # one row: the middles of Play and Hint lie within the plays' height, not above or below
    strip_top, strip_bottom = boxes["action-strip"]
    for what in ("play-selected", "hint-button"):
        assert strip_top < sum(boxes[what]) / 2 < strip_bottom, (what, boxes)
    shown = page.evaluate("""() => [...document.querySelectorAll('[data-testid=hand-card]')]
        .map((c) => { const r = c.getBoundingClientRect();
            return (Math.min(r.bottom, innerHeight) - Math.max(r.top, 0)) / r.height; })""")
    assert shown and min(shown) >= 0.9, shown
    # two cards that make no play: the reason takes the plays' place, and the hand stays put
    before = page.evaluate(_HAND_TOP)
    cards = page.locator(f"[data-testid=hand-card]{ENABLED}")
    for i in range(1, 8):
        cards.nth(0).dispatch_event("click")
        cards.nth(i).dispatch_event("click")
        if page.locator("[data-testid=play-option]").count() == 0:
            break
        page.get_by_test_id("clear-selection").dispatch_event("click")
    expect(page.locator("[data-role=actions] .action-why")).to_be_visible()
    assert abs(page.evaluate(_HAND_TOP) - before) <= 1, "the reason moved the hand"
    page.get_by_test_id("clear-selection").dispatch_event("click")
    # the pace, gone from under the answers, is in the Look panel, kept as anywhere
    page.get_by_test_id("look-toggle").click()
    phone_pace = page.get_by_test_id("pace-phone")
    expect(phone_pace).to_be_visible()
    phone_pace.select_option("fast")
    assert page.evaluate("localStorage.getItem('cardavia.pace')") == "fast"
    assert not page.errors  # type: ignore[attr-defined]


def test_a_phone_held_sideways_keeps_a_dealt_hand_of_28_in_one_row(
    browser: Browser, base_url: str
) -> None:
    """At 24 px a card the 28th card of a dealt Chuo Pai hand went alone onto a second row, a
    card's height further down a 390 px screen."""
    page = new_page(browser, base_url, SIDEWAYS, touch=True)
    page.goto("/ru/games/chuopai/table?seed=2&level=greedy")
    assert wait_for_turn(page) == "your-turn"
    tops = page.evaluate("""() => [...document.querySelectorAll('[data-testid=hand-card]')]
        .map((c) => Math.round(c.getBoundingClientRect().top))""")
    assert len(tops) == 28, len(tops)
    assert len(set(tops)) == 1, tops
    assert not page.errors  # type: ignore[attr-defined]


def test_a_desktop_wraps_many_plays(browser: Browser, base_url: str) -> None:
    page = new_page(browser, base_url, DESKTOP)
    page.goto("/en/games/chuopai/table?seed=7&level=greedy")
    _first_lead_with_many_plays(page)
    assert page.evaluate(_OPTION_ROWS) > 1
    strip = page.locator("[data-testid=action-strip]")
    assert strip.evaluate("(s) => getComputedStyle(s).display") == "contents"
    assert not page.errors  # type: ignore[attr-defined]


def test_a_notice_does_not_move_the_hand_under_the_finger(browser: Browser, base_url: str) -> None:
    """Tapping a card you may not discard (a general, SSP-4) shows why above the answers; the
    page scrolls with it, so the hand stays where the finger is, but for what it takes to keep
    the prompt, and the notice in it, on the screen; when the notice goes, the hand is back
    where it was."""
    page = new_page(browser, base_url, PHONE)
    page.goto("/en/games/sisepai/table?seed=7&level=greedy")
    where = """() => [document.querySelector('[data-testid=hand]').getBoundingClientRect().top,
      document.querySelector('[data-role=controls]').getBoundingClientRect().top]"""
    notice = page.locator("[data-role=notice]")
    for _ in range(60):
        assert wait_for_turn(page) == "your-turn", "no decision with a locked card came"
        locked = page.locator("[data-testid=hand-card].is-locked")
        if page.locator(f"[data-testid=hand-card]{ENABLED}").count() and locked.count():
            break
        answer_in_place(page)
    page.wait_for_timeout(800)  # the decision's own scroll into view is over
    hand, prompt = page.evaluate(where)
    locked.first.dispatch_event("click")
    expect(notice).to_be_visible()
    box = notice.bounding_box()
    assert box is not None and box["y"] >= 0, "the notice is above the screen"
    hand_now, prompt_now = page.evaluate(where)
    grown = box["height"] + notice.evaluate("(n) => parseFloat(getComputedStyle(n).marginTop)")
    # the page scrolled with the notice as far as the prompt's top may go (8 px below the
    # screen's top): the hand moved down by the rest, none if the prompt was low enough
    assert prompt >= 0, "the decision's own scroll left its prompt above the screen"
    expected = max(0.0, grown - max(0.0, prompt - 8))
    assert abs(hand_now - hand - expected) <= 1, (hand, hand_now, prompt, prompt_now, grown)
    assert prompt_now >= 0
    expect(notice).to_be_hidden(timeout=8_000)
    assert abs(page.evaluate(where)[0] - hand) <= 1, "the hand is not back as the notice went"
    assert not page.errors  # type: ignore[attr-defined]


def test_a_hint_does_not_push_the_hand_down(browser: Browser, base_url: str) -> None:
    """On a desktop the hint's line (a few lines with its reason) comes above the hand; the page
    scrolls with it, so the hand stays where it was on the screen."""
    page = new_page(browser, base_url, {"width": 1366, "height": 640})
    page.goto("/en/games/sisepai/table?seed=7&level=normal")
    assert wait_for_turn(page) == "your-turn"
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # the hand in view
    page.wait_for_timeout(300)
    before = page.evaluate(_HAND_TOP)
    page.keyboard.press("h")
    expect(page.locator("[data-testid=hint-line]")).not_to_be_empty(timeout=30_000)
    page.wait_for_function(
        "() => !document.querySelector('[data-testid=hint-line]')"
        ".classList.contains('is-thinking')",
        timeout=30_000,
    )
    assert abs(page.evaluate(_HAND_TOP) - before) <= 1, "the hint pushed the hand down"
    assert not page.errors  # type: ignore[attr-defined]


TABLET = {"width": 768, "height": 1024}
# Everything a seat shows (groups, discards, a "no groups" note, cards) stays inside its panel.
SPILLS = """() => { const out = [];
  for (const seat of document.querySelectorAll('.seat')) { const r = seat.getBoundingClientRect();
    for (const el of seat.querySelectorAll('.card, .groups, .discards, .empty-note')) {
      const q = el.getBoundingClientRect();
      if (q.width && (q.left < r.left - 1 || q.right > r.right + 1)) {
        out.push([seat.dataset.seat, el.className]); } } }
  return out; }"""


@pytest.mark.parametrize(
    ("lang", "seed", "viewport"),
    [("ru", 5, TABLET), ("es", 3, TABLET), ("ru", 5, DESKTOP), ("ru", 5, PHONE)],
)
def test_the_seat_across_the_table_keeps_its_cards_in_its_panel(
    browser: Browser, base_url: str, lang: str, seed: int, viewport: dict[str, int]
) -> None:
    """Sì Sè Pái's seat across the table (AI 2) on a tablet: a long "no groups" note in Russian
    or Spanish left its cards too narrow a column, and its discards ran into AI 1's panel. Now
    the cards go under the name when they do not fit beside it."""
    page = new_page(browser, base_url, viewport)
    page.goto(f"/{lang}/games/sisepai/table?seed={seed}&level=greedy")
    assert wait_for_turn(page) == "your-turn"
    assert page.evaluate(SPILLS) == []
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize(("touch", "shown"), [(True, False), (False, True)])
def test_key_help_only_where_there_are_keys(
    browser: Browser, base_url: str, touch: bool, shown: bool
) -> None:
    """On a touch-only tablet the keys on the buttons and the keyboard help are noise: they go,
    as on a phone; with a mouse at the same width they stay."""
    context = browser.new_context(
        base_url=base_url,
        viewport=TABLET,  # type: ignore[arg-type]
        is_mobile=touch,
        has_touch=touch,
        reduced_motion="reduce",
    )
    page = context.new_page()
    page.goto("/en/games/chuopai/table?seed=5&level=greedy")
    assert wait_for_turn(page) == "your-turn"
    expect(page.locator("[data-role=hint]")).to_be_visible(visible=shown)
    expect(page.locator("[data-role=actions] kbd").first).to_be_visible(visible=shown)
    context.close()


@pytest.mark.parametrize(("game", "lang"), [("nantong", "en"), ("sisepai", "zh")])
def test_paced_moves_go_into_the_log_once(
    browser: Browser, base_url: str, game: str, lang: str
) -> None:
    """With motion the others' moves are shown one by one at the pace; meanwhile the watch at
    your turn brings the same moves as your move's answer does. Each went into the log twice,
    walked side by side from the same older view (QA, Nantong and Sì Sè Pái at 1366)."""
    page = new_page(browser, base_url, DESKTOP, motion=True)
    page.goto(f"/{lang}/games/{game}/table?seed=11&level=greedy")
    page.evaluate("() => localStorage.setItem('cardavia.pace', 'fast')")
    page.reload()
    for _ in range(6):
        if wait_for_turn(page) == "over":
            break
        answer_in_place(page)
    wait_for_turn(page)
    lines = page.locator("[data-testid=log] li").evaluate_all(
        "els => els.map((el) => [el.dataset.kind, el.dataset.v || '', el.textContent])"
    )
    events = [tuple(line) for line in lines if line[1]]
    assert len(events) > 10, lines
    twice = [line for i, line in enumerate(events) if line in events[:i]]
    assert not twice, twice
    assert not page.errors  # type: ignore[attr-defined]
