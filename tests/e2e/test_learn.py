"""The guided first deal (docs/learn.md, issue 24 item 8) in a real browser: a game's guided
deal clicked through to its end sheet in zh and ru, at phone and desktop sizes, each step's
lesson shown with its rules link and only the lesson's move enabled (another move is refused
with the note why); every game's page opens on its first lesson and is clicked to its end; the
rules page offers the guided deal to a visitor who has not played the game here; the
accessibility scan is clean."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from cardavia.games.registry import GAMES
from cardavia.table.learn import load, texts
from tests.e2e.conftest import ARTIFACTS, DESKTOP, PHONE, SIDEWAYS
from tests.e2e.helpers import TIMEOUT, expect_accessible, new_page

CLICKED = "sisepai"  # the game clicked through to its end (every game's script is checked in
# tests/table/test_learn.py; every game's page opens below)
LOOKED_AT = Path("/work/shots-learn")  # where the screenshots were looked at, if it is there


# The lesson's top on the screen, and the move it asks for too where both fit (usability walk
# of 2026-12-06: on a phone the next lesson and its Pong button were above the screen).
IN_SIGHT = """() => {
  const box = document.querySelector("[data-role=lesson]").getBoundingClientRect();
  const move = document.querySelector("[data-intended]");
  const to = move ? move.getBoundingClientRect() : box;
  const height = window.innerHeight;
  const fits = Math.max(box.top, to.bottom) - Math.min(box.top, to.top) + 16 <= height;
  return box.top >= -1 && box.top < height && (!fits || (to.top >= -1 && to.bottom <= height + 1));
}"""


def _shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"learn-{name}.png"
    page.screenshot(path=str(path), full_page=True)
    if LOOKED_AT.is_dir():
        shutil.copy(path, LOOKED_AT / path.name)


def _at_step(page: Page, n: int) -> None:
    expect(page.locator(f"#table[data-step='{n}']:not([data-state=waiting])")).to_have_count(
        1, timeout=TIMEOUT
    )


@pytest.mark.parametrize("lang", ["zh", "ru"])
@pytest.mark.parametrize(("size", "viewport"), [("phone", PHONE), ("desktop", DESKTOP)])
def test_a_guided_deal_clicked_through_to_its_end(
    browser: Browser, base_url: str, lang: str, size: str, viewport: dict[str, int]
) -> None:
    deal = load(CLICKED)
    words = texts(CLICKED, lang)
    page = new_page(browser, base_url, viewport, touch=size == "phone")
    page.goto(f"/{lang}/games/{CLICKED}/learn")
    lesson = page.locator("[data-testid=lesson]")
    for n, taught in enumerate(deal.lessons):
        _at_step(page, n)
        expect(lesson.locator("[data-testid=lesson-do]")).to_have_text(words[taught.key]["do"])
        expect(lesson.locator("[data-testid=lesson-why]")).to_have_text(words[taught.key]["why"])
        rules = lesson.locator("[data-testid=lesson-rules]")
        expect(rules).to_have_attribute("href", f"/{lang}/games/{CLICKED}/rules#{taught.section}")
        # one move enabled: the lesson's, on a hand card or an answer button
        intended = page.locator("[data-intended=true]")
        expect(intended).to_have_count(1)
        expect(intended).to_have_attribute("aria-disabled", "false")
        enabled = page.locator(
            "[data-testid=hand] button[aria-disabled=false], "
            "[data-role=actions] button[aria-disabled=false]"
        )
        expect(enabled).to_have_count(1)
        if n == 0:
            expect(lesson.locator("[data-testid=lesson-intro]")).to_have_text(words["intro"])
            _shot(page, f"{CLICKED}-{lang}-{size}-first")
            expect_accessible(page, f"{lang} {size} step 0")
            # another move is refused, with the note why, and the step stays
            other = page.locator("[data-testid=hand] button[aria-disabled=true]").first
            other.click(force=True)  # aria-disabled: a tap still reaches it
            expect(page.locator("[data-role=notice]")).to_be_visible()
            assert page.locator("[data-role=notice]").inner_text().strip()
            _at_step(page, 0)
        else:
            # what happened since the last decision: the AI seats' moves in between
            # (folded when there are many: the log beside has them too)
            since = lesson.locator("[data-testid=lesson-since]")
            expect(since).to_be_visible()
            count = lesson.locator("[data-testid=since-line]").count()
            assert count > 0
            # folded when long, it says how many moves it holds
            heading = since.locator("[data-role=since-heading]").inner_text()
            assert since.evaluate("d => d.open") == (count <= 8), (count, heading)
            assert heading.endswith(f"({count})") == (count > 8), (count, heading)
        intended.click()
    last = len(deal.lessons)
    _at_step(page, last)
    result = page.locator("[data-testid=result]")
    expect(result).to_be_visible()
    expect(result.locator("[data-testid=learn-end]")).to_have_text(words["end"])
    expect(result.locator("[data-testid=learn-play]")).to_have_attribute(
        "href", f"/{lang}/games/{CLICKED}/table"
    )
    expect(page.locator("[data-intended=true]")).to_have_count(0)
    _shot(page, f"{CLICKED}-{lang}-{size}-end")
    expect_accessible(page, f"{lang} {size} end")
    # a reload keeps the step (?step=N in the URL)
    page.reload()
    _at_step(page, last)
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize("viewport", [PHONE, SIDEWAYS], ids=["phone", "sideways"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_games_guided_deal_opens_and_plays_to_its_end(
    browser: Browser, base_url: str, game: str, viewport: dict[str, int]
) -> None:
    """On an upright phone and on one held sideways (a touch screen, 844×390), where the table's
    own plays go in a row swiped sideways and the lessons' do not: nothing scrolls the page
    sideways at any step."""
    deal = load(game)
    page = new_page(browser, base_url, viewport, touch=viewport is SIDEWAYS)
    page.goto(f"/en/games/{game}/learn")
    _at_step(page, 0)
    first = deal.lessons[0]
    expect(page.locator("[data-testid=lesson-do]")).to_have_text(texts(game, "en")[first.key]["do"])
    expect(page.locator("[data-testid=lesson-rules]")).to_have_attribute(
        "href", f"/en/games/{game}/rules#{first.section}"
    )
    expect(page.locator("[data-intended=true]")).to_have_count(1)
    _shot(page, f"{game}-en-{'sideways' if viewport is SIDEWAYS else 'phone'}-first")
    expect_accessible(page, game)
    # every lesson's move is on the table, enabled, and leads to the next lesson, then the end;
    # after each move the next lesson is in sight, with its move where both fit
    for n in range(len(deal.lessons)):
        _at_step(page, n)
        expect(page.locator("[data-intended=true]")).to_have_count(1)
        if n:
            page.wait_for_function(IN_SIGHT, timeout=TIMEOUT)
        wide = page.evaluate("document.documentElement.scrollWidth")
        assert wide <= viewport["width"], (n, wide)
        page.locator("[data-intended=true]").click()
    _at_step(page, len(deal.lessons))
    expect(page.locator("[data-testid=learn-end]")).to_have_text(texts(game, "en")["end"])
    assert not page.errors  # type: ignore[attr-defined]


def test_the_rules_page_offers_the_guided_deal_to_a_first_time_visitor(
    browser: Browser, base_url: str
) -> None:
    page = new_page(browser, base_url, PHONE)
    page.goto("/es/games/chuopai/rules")
    offer = page.locator("[data-testid=learn-offer]")
    expect(offer).to_be_visible()
    expect(page.locator("[data-testid=learn-tab]")).to_have_attribute(
        "href", "/es/games/chuopai/learn"
    )
    _shot(page, "offer-chuopai-es-phone")
    expect_accessible(page, "rules page with the offer")
    # once this browser has a deal of the game, the box goes; the tab stays
    played = {"d1": {"game": "chuopai", "at": 1, "seat": 0, "level": "easy", "over": True}}
    page.evaluate(f"localStorage.setItem('cardavia.history', {json.dumps(json.dumps(played))})")
    page.reload()
    expect(page.locator("[data-testid=learn-tab]")).to_be_visible()
    expect(offer).to_have_attribute("data-checked", "true")  # the script has decided
    expect(offer).to_be_hidden()
    # another game's rules still offer its own
    page.goto("/es/games/sisepai/rules")
    expect(offer).to_be_visible()
    offer.locator("[data-testid=learn-offer-link]").click()
    page.wait_for_url("**/es/games/sisepai/learn")
    _at_step(page, 0)
    # its guided deal played to the end, the rules page no longer offers it
    last = len(load("sisepai").lessons)
    page.goto(f"/es/games/sisepai/learn?step={last}")
    _at_step(page, last)
    expect(page.locator("[data-testid=learn-end]")).to_be_visible()
    page.goto("/es/games/sisepai/rules")
    expect(page.locator("[data-testid=learn-tab]")).to_be_visible()
    expect(offer).to_have_attribute("data-checked", "true")  # the script has decided
    expect(offer).to_be_hidden()
    assert not page.errors  # type: ignore[attr-defined]


def test_the_moves_in_between_are_shown_one_by_one(browser: Browser, base_url: str) -> None:
    """Between two lessons the other seats' moves are shown as the table shows them, one by one
    (the log growing, the moving seat marked), unless the learner clicks or presses a key."""
    context = browser.new_context(base_url=base_url, viewport=DESKTOP)  # type: ignore[arg-type]
    page = context.new_page()
    page.goto(f"/en/games/{CLICKED}/learn?step=1")
    _at_step(page, 1)
    page.locator("[data-intended=true]").click()
    expect(page.locator("#table[data-state=animating]")).to_have_count(1, timeout=TIMEOUT)
    shown = page.locator("[data-testid=log] li").count()
    expect(page.locator("[data-intended=true]")).to_have_count(0)  # nothing to take meanwhile
    page.keyboard.press("Escape")  # the rest at once
    _at_step(page, 2)
    assert page.locator("[data-testid=log] li").count() > shown
    expect(page.locator("[data-intended=true]")).to_have_count(1)
    context.close()
