"""On a phone the AI seats and the centre fill the screen above your prompt and hand: when a
decision is yours the table scrolls so that the prompt and your cards are in view (site.md: the
hand readable on a phone in portrait), at the first decision and at later ones, in every game."""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Route, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from cardavia.games.registry import GAMES as REGISTERED
from tests.e2e.conftest import PHONE, SIDEWAYS
from tests.e2e.helpers import (
    ENABLED,
    answer_in_place,
    log_length,
    new_page,
    wait_for_log_past,
    wait_for_turn,
)

GAMES = sorted(REGISTERED)


def _discard_with_the_prompt_above(
    page: Page, which: str = "", wanted: Callable[[], int] = lambda: 1
) -> None:
    """Answer in place until a discard (`wanted` truthy for it) comes with the prompt above a
    phone held sideways."""
    for _ in range(30):
        assert wait_for_turn(page) == "your-turn", f"no discard {which} came"
        page.wait_for_timeout(100)  # the decision's scroll (instant: reduced motion)
        discard = not page.locator(f"[data-role=actions] button{ENABLED}").count()
        if discard and wanted() and _in_view(page)["top"] < 0:
            return
        answer_in_place(page)
    pytest.fail(f"no discard {which} came with the prompt above the screen")


def _in_view(page: Page) -> dict[str, float]:
    box: dict[str, float] = page.evaluate(
        """() => {
          const c = document.querySelector('[data-role=controls]').getBoundingClientRect();
          const h = document.querySelector('.hand-area').getBoundingClientRect();
          const card = document.querySelector('[data-testid=hand-card]').getBoundingClientRect();
          return {top: c.top, bottom: h.bottom, card: card.top, height: window.innerHeight,
                  scrolled: window.scrollY};
        }"""
    )
    return box


def _check(where: str, box: dict[str, float]) -> None:
    assert box["top"] >= 0, f"{where}: the prompt starts above the screen: {box}"
    assert box["card"] < box["height"] - 40, f"{where}: your cards are below the screen: {box}"
    if box["bottom"] - box["top"] <= box["height"] - 16:
        assert box["bottom"] <= box["height"], f"{where}: the hand is cut off: {box}"


@pytest.mark.parametrize("game", GAMES)
def test_your_decision_is_in_view_on_a_phone(
    browser: Browser, base_url: str, game: str, screenshots: Path
) -> None:
    page = new_page(browser, base_url, PHONE)
    page.goto(f"/en/games/{game}/table?seed=11&level=greedy")
    assert wait_for_turn(page) == "your-turn"
    first = _in_view(page)
    assert first["scrolled"] > 0, "the first decision did not bring the table into view"
    _check("first decision", first)
    page.screenshot(path=str(screenshots / f"phone-decision-{game}.png"))
    # later decisions: the player scrolled up to read the seats, then answered (a dispatched
    # click, which unlike a real one does not scroll); the next decision comes back into view
    for step in range(8):
        page.evaluate("() => window.scrollTo(0, 0)")
        answer_in_place(page)
        if wait_for_turn(page) == "over":
            break
        _check(f"decision {step + 2}", _in_view(page))
    assert not page.errors  # type: ignore[attr-defined]


def test_the_first_decision_waits_for_the_familys_styles(browser: Browser, base_url: str) -> None:
    """Two Seven Ten's table is drawn with Paohuzi's styles. Slow to come, they still shape the
    layout the first decision is scrolled by (linked by the plugin, they came after it: under
    load the prompt ended 190 px above the screen once they did)."""
    page = new_page(browser, base_url, PHONE)

    def slow(route: Route) -> None:
        time.sleep(1.5)
        route.continue_()

    page.route("**/static/table/paohuzi.css", slow)
    page.goto("/en/games/erqishi/table?seed=11&level=greedy")
    assert wait_for_turn(page) == "your-turn"
    _check("first decision", _in_view(page))
    assert not page.errors  # type: ignore[attr-defined]


def test_a_player_reading_the_log_is_not_pulled_back(browser: Browser, base_url: str) -> None:
    """Scrolled past the prompt, down to the log: the next decision leaves the log where the
    reader has it on the screen, however the table above grows or shrinks meanwhile."""
    page = new_page(browser, base_url, PHONE)
    page.goto("/en/games/paohuzi/table?seed=11&level=greedy")
    panel = "() => document.querySelector('.log-panel').getBoundingClientRect().top"
    for _ in range(6):
        assert wait_for_turn(page) == "your-turn"
        page.evaluate("() => document.querySelector('.log-panel').scrollIntoView()")
        at = page.evaluate(panel)
        answer_in_place(page)
        if wait_for_turn(page) == "over":
            break
        page.wait_for_timeout(200)
        assert abs(page.evaluate(panel) - at) <= 2, "the log moved under the reader"
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize(("lang", "game"), [("cs", "chuopai"), ("uk", "nantong")])
def test_the_end_sheet_opens_at_its_title(
    browser: Browser, base_url: str, lang: str, game: str
) -> None:
    """The end sheet, taller than a phone's screen, is shown from its title (who won), not
    scrolled to its end with the title above the screen."""
    page = new_page(browser, base_url, PHONE)
    page.goto(f"/{lang}/games/{game}/table?seed=5&level=greedy")
    for _ in range(200):
        if wait_for_turn(page) == "over":
            break
        answer_in_place(page)
    assert wait_for_turn(page) == "over"
    page.wait_for_timeout(300)
    top = page.evaluate("document.querySelector('#result-heading').getBoundingClientRect().top")
    assert 0 <= top < PHONE["height"] / 2, top
    # with a little room above its red edge (it was scrolled flush with the screen's top)
    edge = page.get_by_test_id("result").evaluate("e => e.getBoundingClientRect().top")
    assert edge >= 4, edge
    assert not page.errors  # type: ignore[attr-defined]


REFUSED = '[aria-disabled="true"][aria-description]'


@pytest.mark.parametrize("game", ["erqishi", "nantong"])
def test_a_refusal_keeps_the_prompt_and_its_notice_on_a_phone(
    browser: Browser, base_url: str, game: str
) -> None:
    """The decision scrolled so that the prompt's top is at the screen's top: a refused tap's
    notice, which comes inside the prompt, does not push the prompt (and itself) above the
    screen to keep the hand where it was."""
    page = new_page(browser, base_url, PHONE)
    page.goto(f"/en/games/{game}/table?seed=11&level=greedy")
    for _ in range(30):
        assert wait_for_turn(page) == "your-turn", "no decision with a refused card came"
        if page.locator(REFUSED).count() and _in_view(page)["top"] < 20:
            break
        page.evaluate("() => window.scrollTo(0, 0)")
        answer_in_place(page)
    else:
        pytest.fail("no decision with a refused card came scrolled to its prompt")
    page.locator(REFUSED).first.dispatch_event("click")
    notice = page.locator("[data-role=notice]")
    expect(notice).to_be_visible()
    box = notice.bounding_box()
    assert box is not None and box["y"] >= 0, f"the notice is above the screen: {box}"
    expect(page.get_by_test_id("notice-float")).to_be_hidden()  # seen where it is: no copy
    _check("after the refusal", _in_view(page))
    assert not page.errors  # type: ignore[attr-defined]


# Half way through the decision's smooth scroll, a notice comes: a refused card's, by a click
# (as a notice of the network, or the end of an earlier one's time, would come).
NOTICE_MID_SCROLL = """(() => {
  const watch = (from, to) => {
    const glide = (window.__glide = { from, to, poked: null });
    const half = () => {
      if (window.scrollY < from + (to - from) / 2) return;
      window.removeEventListener("scroll", half);
      const card = document.querySelector('__REFUSED__');
      if (card) {
        glide.poked = window.scrollY;
        card.click();
      }
    };
    window.addEventListener("scroll", half);
  };
  const smooth = (o) => o && o.behavior === "smooth" && !window.__glide;
  const [scrollTo, scrollBy] = [window.scrollTo.bind(window), window.scrollBy.bind(window)];
  window.scrollTo = (o) => {
    if (smooth(o)) watch(window.scrollY, o.top);
    scrollTo(o);
  };
  window.scrollBy = (o) => {
    if (smooth(o)) watch(window.scrollY, window.scrollY + o.top);
    scrollBy(o);
  };
})();""".replace("__REFUSED__", REFUSED)


def test_a_notice_during_the_decisions_smooth_scroll_neither_cuts_it_nor_hides_the_prompt(
    browser: Browser, base_url: str
) -> None:
    """With motion, the decision scrolls smoothly into view; a notice coming meanwhile is
    placed as if it came once the scroll ended (the page goes on to where it was going, moved
    as the notice needs), not by an instant scroll from midway, which left the prompt above the
    screen or the hand short of where it was going."""
    page = new_page(browser, base_url, PHONE, motion=True)
    page.add_init_script(NOTICE_MID_SCROLL)
    page.goto("/en/games/erqishi/table?seed=11&level=greedy")  # the prompt limits its scroll
    assert wait_for_turn(page) == "your-turn"
    page.wait_for_function("() => window.__glide && window.__glide.poked !== null")
    glide = page.evaluate("() => window.__glide")
    assert glide["poked"] < glide["to"] - 1, f"the notice came once the scroll was over: {glide}"
    with contextlib.suppress(PlaywrightTimeoutError):  # (if not, the assertions below say where)
        page.wait_for_function(
            "to => Math.abs(window.scrollY - to) <= 1", arg=glide["to"], timeout=3000
        )
    page.wait_for_timeout(300)  # and stays there
    box = _in_view(page)
    _check("after a notice during the scroll", box)
    notice = page.locator("[data-role=notice]").bounding_box()
    assert notice is not None and notice["y"] >= 0, f"the notice is above the screen: {notice}"
    # the prompt at the margin where the scroll was going: the notice moves the hand down
    assert abs(box["scrolled"] - glide["to"]) <= 1, f"not where it was going: {glide}, {box}"
    assert abs(box["top"] - 8) <= 1, f"the prompt is not where it was going: {box}"
    # the notice goes (after its 6 s): the hand comes back up, the page stays
    expect(page.locator("[data-role=notice]")).to_be_hidden(timeout=10_000)
    after = _in_view(page)
    assert abs(after["scrolled"] - glide["to"]) <= 1, f"the page moved: {glide}, {after}"
    assert abs(after["top"] - 8) <= 1, f"the prompt moved: {after}"
    assert not page.errors  # type: ignore[attr-defined]


def _settle(page: Page) -> None:
    """Wait until the page stops scrolling (a smooth scroll's end)."""
    at = page.evaluate("window.scrollY")
    for _ in range(20):
        page.wait_for_timeout(300)
        now = page.evaluate("window.scrollY")
        if now == at:
            return
        at = now


@pytest.mark.parametrize("motion", [False, True])
def test_a_keyboard_players_focus_comes_back_into_view_on_a_phone(
    browser: Browser, base_url: str, motion: bool
) -> None:
    """Answering from the keyboard on a phone, the focus moves on to the next decision
    (focusDecision, without a scroll of its own) and is on the screen once the decision has
    scrolled into view (revealFocus would scroll it in if it were not; with motion, reckoned
    where the decision's smooth scroll is going, which goes on to show it)."""
    page = new_page(browser, base_url, PHONE, motion=motion)
    page.goto("/en/games/erqishi/table?seed=11&level=greedy")  # a hand taller than the screen
    shown = 0
    for _ in range(6):
        if wait_for_turn(page) == "over":
            break
        logged = log_length(page)
        buttons = page.locator(f"[data-role=actions] button{ENABLED}")
        # a discard: the hand's last card it may play
        target = (
            buttons.first
            if buttons.count()
            else page.locator(f"[data-testid=hand-card]{ENABLED}").last
        )
        target.focus()
        page.evaluate("() => window.scrollTo(0, 0)")
        page.keyboard.press("Enter")
        wait_for_log_past(page, logged)
        if wait_for_turn(page) == "over":
            break
        if motion:
            _settle(page)
        box = page.evaluate("""() => { const a = document.activeElement;
          if (!a || !document.querySelector('[data-testid=table]').contains(a)) return null;
          const r = a.getBoundingClientRect(); return {top: r.top, bottom: r.bottom}; }""")
        if box is None:  # the focus was not moved on (nothing of the table had it)
            continue
        shown += 1
        # (within a pixel: a scroll lands on whole pixels)
        assert box["top"] >= -1 and box["bottom"] <= PHONE["height"] + 1, box
    assert shown, "the focus never moved on to a decision"
    assert not page.errors  # type: ignore[attr-defined]


def test_the_table_shrinking_above_the_prompt_does_not_leave_it_above_the_screen(
    browser: Browser, base_url: str
) -> None:
    """The decision placed at the prompt's top, the player not scrolling: when the table above
    shrinks while the others move (a claim's card leaving the centre), the prompt rises above
    the screen. That is not a player reading the log below, so the next decision brings the
    prompt back (it was left 30 px above the screen in Nantong)."""
    page = new_page(browser, base_url, PHONE)
    page.add_init_script(
        """window.__ups = 0; const scrollTo = window.scrollTo.bind(window);
        window.scrollTo = (o) => {
          if (o && o.top < window.scrollY - 1) window.__ups++;
          scrollTo(o);
        };"""
    )
    page.goto("/uk/games/nantong/table?seed=1&level=normal")
    for step in range(8):
        if wait_for_turn(page) == "over":
            break
        _check(f"decision {step + 1}", _in_view(page))
        answer_in_place(page)
    assert page.evaluate("window.__ups"), "the table never shrank under the prompt: no case tried"
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("game", "lang", "viewport", "seed"),
    [
        ("paohuzi", "cs", {"width": 667, "height": 375}, 7),  # a phone held sideways, narrow
        ("nantong", "es", PHONE, 18),  # a hand taller than the room under the prompt
    ],
)
def test_a_player_who_scrolled_down_to_a_card_gets_the_next_prompt_back(
    browser: Browser, base_url: str, game: str, lang: str, viewport: dict[str, int], seed: int
) -> None:
    """Where the hand is taller than the screen under the prompt, a player scrolls down to
    reach its last cards and plays one: that is playing, not reading the log, so the next
    decision brings its prompt back onto the screen (QA: it stayed above the screen for the
    rest of the deal, the claim's buttons with it)."""
    page = new_page(browser, base_url, viewport, touch=True)
    page.goto(f"/{lang}/games/{game}/table?seed={seed}&level=easy")
    scrolled_down = 0
    for step in range(10):
        if wait_for_turn(page) == "over":
            break
        _check(f"decision {step + 1}", {**_in_view(page), "card": 0})
        # down to the last card that may be played, as a finger would, then play it
        last = page.locator(f"[data-testid=hand-card]{ENABLED}").last
        button = page.locator(f"[data-role=actions] button{ENABLED}")
        target = last if not button.count() else button.first
        target.evaluate("e => e.scrollIntoView({block: 'end'})")
        if page.evaluate(
            "document.querySelector('[data-role=controls]').getBoundingClientRect().top < 0"
        ):
            scrolled_down += 1
        logged = log_length(page)
        target.dispatch_event("click")
        wait_for_log_past(page, logged)
    assert scrolled_down, "the prompt never had to leave the screen: no case tried"
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize(("game", "lang"), [("sisepai", "ru"), ("erqishi", "zh")])
def test_sideways_a_discard_shows_the_hand_and_a_claim_its_prompt(
    browser: Browser, base_url: str, screenshots: Path, game: str, lang: str
) -> None:
    """At 844×390 the prompt shares a band as high as the screen with the opponents, and the
    hand lies below it (usability review m7). A discard, answered in the hand, brings the cards
    onto the screen: whole, with the prompt above it, where none would show under the prompt
    (they stayed below, under a prompt asking for a card out of sight); the next claim,
    answered by the prompt's buttons, brings the prompt back."""
    page = new_page(browser, base_url, SIDEWAYS)
    page.goto(f"/{lang}/games/{game}/table?seed=3&level=greedy")
    seen = {"discard": 0, "claim": 0}
    for step in range(14):
        if wait_for_turn(page) == "over":
            break
        page.wait_for_timeout(100)  # the decision's scroll (instant: reduced motion)
        box = _in_view(page)
        if page.locator(f"[data-role=actions] button{ENABLED}").count():
            seen["claim"] += 1
            assert box["top"] >= 0, f"decision {step + 1}: the claim's prompt is above: {box}"
        else:
            seen["discard"] += 1
            cards = page.locator(f"[data-testid=hand-card]{ENABLED}").evaluate_all(
                "els => els.map((el) => [el.getBoundingClientRect().top,"
                " el.getBoundingClientRect().bottom])"
            )
            # under the prompt, or whole with the prompt above the screen
            foot = SIDEWAYS["height"]
            shown = box["top"] >= 0 or all(bottom <= foot for _, bottom in cards)
            assert cards and shown and all(0 <= top < foot - 40 for top, _ in cards), (
                f"decision {step + 1}: the cards to discard are off the screen: {box}, {cards}"
            )
            if seen["discard"] == 1:
                page.screenshot(path=str(screenshots / f"sideways-discard-{game}-{lang}.png"))
        answer_in_place(page)  # a dispatched click: it does not scroll, as a finger's tap
    assert seen["discard"] and seen["claim"], seen
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize(("game", "lang", "seed"), [("erqishi", "zh", 0), ("paohuzi", "uk", 0)])
def test_sideways_a_refused_card_says_why_on_the_screen(
    browser: Browser, base_url: str, screenshots: Path, game: str, lang: str, seed: int
) -> None:
    """Sideways, a discard brings the hand up whole and the prompt goes above the screen: a tap
    on a locked card (a kan) gives its reason where the player looks, in a copy of the notice at
    the screen's top (the reason came in the prompt, out of sight, and the tap seemed to do
    nothing). The copy is not read out twice, and goes once the page is scrolled to the
    notice."""
    page = new_page(browser, base_url, SIDEWAYS)
    page.goto(f"/{lang}/games/{game}/table?seed={seed}&level=greedy")
    locked = page.locator(f"[data-testid=hand-card]{REFUSED}")
    _discard_with_the_prompt_above(page, "with a locked card", locked.count)
    copy = page.get_by_test_id("notice-float")
    expect(copy).to_be_hidden()
    locked.first.dispatch_event("click")
    notice = page.locator("[data-role=notice]")
    expect(notice).to_have_text(locked.first.get_attribute("aria-description") or "?")
    expect(copy).to_be_visible()
    expect(copy).to_have_text(notice.text_content() or "?")
    assert copy.get_attribute("aria-hidden") == "true"
    box = copy.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= SIDEWAYS["height"]
    assert _in_view(page)["top"] < 0, "the tap moved the page to the prompt"
    page.screenshot(path=str(screenshots / f"sideways-refusal-{game}-{lang}.png"))
    notice.scroll_into_view_if_needed()
    expect(copy).to_be_hidden()
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", ["ru", "zh"])
def test_sideways_a_hint_leaves_the_hand_on_the_screen(
    browser: Browser, base_url: str, screenshots: Path, lang: str
) -> None:
    """Sideways, Chuo Pai's lead shows Play, its plays and Hint in one row above the hand: the
    hint's line (its level, the move and why) comes in a smaller type there, one line high for
    a short reason, so that the hand stays on the screen (in the full size its two or three
    lines in Russian pushed most of the hand below)."""
    page = new_page(browser, base_url, SIDEWAYS, touch=True)
    page.goto(f"/{lang}/games/chuopai/table?seed=2&level=greedy")
    plays = page.get_by_test_id("play-option")
    for _ in range(30):
        assert wait_for_turn(page) == "your-turn", "no lead of ten plays or more came"
        if plays.count() >= 10:
            break
        answer_in_place(page)
    else:
        pytest.fail("no lead of ten plays or more came")
    page.wait_for_timeout(100)  # the decision's scroll (instant: reduced motion)
    before = _in_view(page)
    page.get_by_test_id("hint-button").dispatch_event("click")
    line = page.get_by_test_id("hint-line")
    expect(line).not_to_have_class(re.compile(r"is-thinking"))
    expect(line).to_contain_text("—")  # the move and why (greedy: no level named)
    page.screenshot(path=str(screenshots / f"sideways-hint-chuopai-{lang}.png"))
    box = _in_view(page)
    _check("with the hint", box)
    grew = box["bottom"] - before["bottom"]
    assert grew <= 36, f"the hint took more than a line: {grew} px ({before} → {box})"
    assert not page.errors  # type: ignore[attr-defined]


def test_a_decision_scrolls_into_view_after_a_smooth_scroll_cut_short(
    browser: Browser, base_url: str
) -> None:
    """A decision's smooth scroll cut short before it moved (by an instant scroll: here the
    page's own, as the keyboard test above makes it; a jump to the log) no longer passes for
    one still going: the next decision, within the two seconds a smooth scroll is given,
    scrolls into view. It was held off as "there, or going there", and the page stayed at its
    top (the keyboard test failed so now and then on a busy machine, where the smooth scroll
    had not yet moved when the test scrolled to the top)."""
    page = new_page(browser, base_url, PHONE, motion=True)
    # at the first decision, cut its smooth scroll short before it has moved a pixel
    page.add_init_script(
        """document.addEventListener('DOMContentLoaded', () => {
            const table = document.querySelector('[data-testid=table]');
            const watch = new MutationObserver(() => {
                if (table.dataset.state !== 'your-turn') return;
                watch.disconnect();
                window.scrollTo(0, 0);
            });
            watch.observe(table, { attributes: true, attributeFilter: ['data-state'] });
        })"""
    )
    page.goto("/en/games/erqishi/table?seed=11&level=greedy")
    assert wait_for_turn(page) == "your-turn"
    assert page.evaluate("window.scrollY") == 0
    logged = log_length(page)
    page.locator(f"[data-role=actions] button{ENABLED}").first.focus()
    page.keyboard.press("Enter")  # a peng: your discard is asked at once
    wait_for_log_past(page, logged)
    assert wait_for_turn(page) == "your-turn"
    _settle(page)
    _check("the next decision", _in_view(page))
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize(("game", "lang"), [("sisepai", "zh"), ("nantong", "ru")])
def test_sideways_a_raised_card_says_how_to_play_it_on_the_screen(
    browser: Browser, base_url: str, screenshots: Path, game: str, lang: str
) -> None:
    """Sideways, a discard brings the hand up whole and the prompt, with the line saying to tap
    a raised card again, lies above the screen: a first tap's line is copied at the screen's
    top unless the raised card's Discard button shows (usability walk: after a tap nothing on
    the screen said what to do next), hidden from screen readers; the second tap plays it."""
    page = new_page(browser, base_url, SIDEWAYS, touch=True)
    page.goto(f"/{lang}/games/{game}/table?seed=3&level=greedy")
    _discard_with_the_prompt_above(page)
    copy = page.get_by_test_id("notice-float")
    expect(copy).to_be_hidden()
    card = page.locator(f"[data-testid=hand-card]{ENABLED}").first
    card.tap()
    hint = page.locator("[data-role=hint]")
    play = page.get_by_test_id("play-raised")
    expect(play).to_be_attached()
    page.screenshot(path=str(screenshots / f"sideways-raised-{game}-{lang}.png"))
    button = play.bounding_box()
    assert button is not None
    shown = min(button["y"] + button["height"], SIDEWAYS["height"]) - max(button["y"], 0)
    if shown >= button["height"] / 2:  # the Discard button shows: what to do is in sight
        expect(copy).to_be_hidden()
    else:
        expect(copy).to_be_visible()
        expect(copy).to_have_text(hint.text_content() or "?")
        assert copy.get_attribute("aria-hidden") == "true"
        box = copy.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= SIDEWAYS["height"]
    logged = log_length(page)
    card.tap()
    wait_for_log_past(page, logged)
    expect(copy).to_be_hidden()
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize(("game", "lang", "seed"), [("sisepai", "zh", 42), ("paohuzi", "cs", 5)])
def test_a_phone_turned_while_a_decision_waits_shows_it(
    browser: Browser, base_url: str, screenshots: Path, game: str, lang: str, seed: int
) -> None:
    """A phone turned sideways while a decision waits, and back: the decision is brought into
    view for the new shape, as a new one is (usability walk: after the turn neither the prompt
    nor the hand was on the screen)."""
    page = new_page(browser, base_url, PHONE, touch=True)
    page.goto(f"/{lang}/games/{game}/table?seed={seed}&level=greedy")
    assert wait_for_turn(page) == "your-turn"
    for turned, foot in ((SIDEWAYS, SIDEWAYS["height"]), (PHONE, PHONE["height"])):
        page.set_viewport_size(turned)  # type: ignore[arg-type]
        page.wait_for_timeout(300)  # the turn's layout, then the decision's (instant) scroll
        box = _in_view(page)
        claim = page.locator(f"[data-role=actions] button{ENABLED}").count() > 0
        cards = page.locator(f"[data-testid=hand-card]{ENABLED}").evaluate_all(
            "els => els.map((el) => el.getBoundingClientRect().bottom)"
        )
        if claim or box["top"] >= 0:
            assert 0 <= box["top"] < foot - 40, (turned, box)  # the prompt on the screen
        else:  # a discard sideways: the hand whole on the screen, the prompt above
            assert cards and all(bottom <= foot for bottom in cards), (turned, box, cards)
        name = "sideways" if turned is SIDEWAYS else "upright"
        page.screenshot(path=str(screenshots / f"turned-{name}-{game}-{lang}.png"))
    assert not page.errors  # type: ignore[attr-defined]
