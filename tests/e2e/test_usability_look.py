"""Findings of the usability review (../shared/reviews/usability.md) about the look of the site
and the table, each as the player met it: m5 (the look sliders), m6 (payments read against you),
m7 (a phone held sideways), m11 (screen-reader noise) and p7 (the log far down on a phone).
Screenshots go to artifacts/screenshots/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import DESKTOP, SIDEWAYS
from tests.e2e.helpers import (
    broken_words,
    expect_accessible,
    finished_deal,
    new_page,
    wait_for_turn,
)

PHONE_390 = {"width": 390, "height": 844}
PHONE_360 = {"width": 360, "height": 740}


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def _card_filter(page: Page, selector: str) -> str:
    return str(page.locator(selector).first.evaluate("el => getComputedStyle(el).filter"))


# ------------------------------------------------------------------ m5: the look


@pytest.mark.parametrize(("lang", "viewport"), [("zh", PHONE_390), ("ru", PHONE_360)])
def test_m5_the_look_is_one_button_on_a_phone_with_a_reset(
    browser: Browser, base_url: str, screenshots: Path, lang: str, viewport: dict[str, int]
) -> None:
    page = new_page(browser, base_url, viewport)
    page.goto(f"/{lang}/")
    header = page.locator(".site-header")
    # the review: at 390 px the sliders took the header's 2nd and 3rd rows (113 px)
    height = header.evaluate("el => el.getBoundingClientRect().height")
    if viewport["width"] >= 390:
        assert height <= 80, height
    # the Look button adds no row: it sits on the brand's
    brand, toggle = (
        page.locator(s).evaluate("el => el.getBoundingClientRect().top")
        for s in (".brand", "[data-testid=look-toggle]")
    )
    assert abs(brand - toggle) < 12, (brand, toggle)
    expect(page.locator("[data-testid=look-panel]")).to_be_hidden()
    page.screenshot(path=str(screenshots / f"m5-header-{lang}-{viewport['width']}.png"))
    page.get_by_test_id("look-toggle").click()
    panel = page.get_by_test_id("look-panel")
    expect(panel).to_be_visible()
    box = panel.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
    contrast = page.locator("#look-contrast")
    contrast.fill("0")
    contrast.dispatch_event("input")
    page.screenshot(path=str(screenshots / f"m5-panel-{lang}-{viewport['width']}.png"))
    expect_accessible(page, f"home {lang}, look open")
    saved = page.evaluate("() => JSON.parse(localStorage.getItem('cardavia.look'))")
    assert saved["contrast"] == 0
    page.get_by_test_id("look-reset").click()
    assert page.evaluate("() => JSON.parse(localStorage.getItem('cardavia.look'))") == {
        "contrast": 50,
        "grain": 50,
        "temperature": 50,
    }
    assert contrast.input_value() == "50"
    page.keyboard.press("Escape")
    expect(panel).to_be_hidden()
    expect_accessible(page, f"home {lang}, look closed")
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize("path", ["/zh/", "/ru/decks/four-colour-cards", "/ru/games/sisepai/rules"])
def test_m5_the_look_changes_card_pictures_everywhere_and_persists(
    browser: Browser, base_url: str, screenshots: Path, path: str
) -> None:
    """The review: the rules' card pictures rendered identically at 0 % and 100 %."""
    page = new_page(browser, base_url, DESKTOP)
    page.goto(path)
    card = "img.card"

    def look() -> tuple[str, str, str]:
        """A card picture's contrast, and its wrapper's tint and grain."""
        pic = page.locator(".card-pic").first
        return (
            _card_filter(page, card),
            str(pic.evaluate("el => getComputedStyle(el, '::before').backgroundColor")),
            str(pic.evaluate("el => getComputedStyle(el, '::after').opacity")),
        )

    before = look()
    page.get_by_test_id("look-toggle").click()
    for name, value in (("contrast", "100"), ("grain", "90"), ("temperature", "10")):
        slider = page.locator(f"#look-{name}")
        slider.fill(value)
        slider.dispatch_event("input")
    after = look()
    assert all(a != b for a, b in zip(after, before, strict=True)), (before, after)
    page.reload()
    assert look() == after  # the saved look, applied again
    slug = path.strip("/").replace("/", "-")
    page.screenshot(path=str(screenshots / f"m5-cards-{slug}.png"))
    assert not page.errors  # type: ignore[attr-defined]


def test_m5_cards_stay_readable_at_zero_contrast(browser: Browser, base_url: str) -> None:
    """At 0 % the white and green cards were grey on grey (contrast 0.55): now never below 0.8,
    on the table's cards as on the pages'."""
    page = new_page(browser, base_url, DESKTOP)
    page.goto("/en/games/sisepai/table?seed=3&level=greedy")
    wait_for_turn(page)
    page.get_by_test_id("look-toggle").click()
    contrast = page.locator("#look-contrast")
    contrast.fill("0")
    contrast.dispatch_event("input")
    value = float(
        page.evaluate(
            "() => getComputedStyle(document.documentElement).getPropertyValue('--look-contrast')"
        )
    )
    assert value >= 0.8, value
    assert _card_filter(page, ".surface [data-testid=hand-card] img") == f"contrast({value:g})"
    assert not page.errors  # type: ignore[attr-defined]


# ------------------------------------------------------------------ m6: payments


def _won_deal(page: Page, game: str) -> dict[str, Any]:
    """A deal of `game` that somebody won (not drawn), played through the API."""
    for seed in range(1, 30):
        deal, token = finished_deal(page, game, seed)
        view = page.request.get(
            f"/api/games/{deal}", headers={"Authorization": f"Bearer {token}"}
        ).json()["view"]
        if view["result"]["winner"] is not None:
            return {"id": deal, "result": view["result"]}
    raise AssertionError(f"no won {game} deal in 29 seeds")


@pytest.mark.parametrize(
    ("game", "lang", "viewport"),
    [
        ("paohuzi", "zh", DESKTOP),
        ("paohuzi", "ru", PHONE_390),
        ("erqishi", "uk", PHONE_360),
        ("erqishi", "ru", PHONE_360),
        ("erqishi", "zh", DESKTOP),
    ],
)
def test_m6_payments_are_a_table_of_signed_changes(
    browser: Browser,
    base_url: str,
    screenshots: Path,
    game: str,
    lang: str,
    viewport: dict[str, int],
) -> None:
    """PHZ-13, ER-15: a Player / Change row per seat, each the server's signed payment."""
    page = new_page(browser, base_url, viewport)
    page.goto(f"/{lang}/")
    deal = _won_deal(page, game)
    page.goto(f"/{lang}/games/{game}/table?deal={deal['id']}")
    assert wait_for_turn(page) == "over"
    table = page.get_by_test_id("phz-payments")
    expect(table).to_be_visible()
    assert table.locator("thead th").count() == 2
    payments = deal["result"]["breakdown"]["payments"]
    rows = table.locator("tbody tr")
    assert rows.count() == len(payments) == 3
    for seat, amount in enumerate(payments):
        row = rows.nth(seat)
        expect(row).to_have_attribute("data-amount", str(amount))
        assert row.locator("td").inner_text() == _signed(amount)
    winner = deal["result"]["winner"]
    expect(rows.nth(winner)).to_have_class("phz-payment is-winner")
    # the sheet's words whole on a phone ("Последовательность" of a group broke mid-word)
    broken = broken_words(page, "[data-testid=result]")
    assert not broken, broken
    table.scroll_into_view_if_needed()
    page.screenshot(path=str(screenshots / f"m6-{game}-{lang}-{viewport['width']}.png"))
    expect_accessible(page, f"{game} end sheet")
    assert not page.errors  # type: ignore[attr-defined]


# ------------------------------------------------------------------ m7: sideways


@pytest.mark.parametrize(
    ("game", "lang", "seed", "players"),
    [
        ("sisepai", "zh", 3, 4),
        ("sisepai", "ru", 3, 4),
        ("paohuzi", "ru", 5, 3),
        ("nantong", "uk", 5, 3),
    ],
)
def test_m7_sideways_the_claim_shows_the_public_card_and_opponents(
    browser: Browser,
    base_url: str,
    screenshots: Path,
    game: str,
    lang: str,
    seed: int,
    players: int,
) -> None:
    """At 844×390 the first decision of these deals is a claim of a discard (Sì Sè Pái: AI 3's,
    Paohuzi and Nantong: AI 2's): its card (whole), every opponent and the answers are on the
    screen at once."""
    page = new_page(browser, base_url, SIDEWAYS)
    page.goto(f"/{lang}/games/{game}/table?seed={seed}&level=greedy")
    assert wait_for_turn(page) == "your-turn"
    assert page.locator("[data-testid=claim-option]").count() >= 1
    page.wait_for_timeout(300)
    wanted = ["[data-testid=public-card] .card", "[data-role=actions]"]
    wanted += [f"[data-testid=seat-{seat}] h2" for seat in range(1, players)]
    boxes: dict[str, float] = page.evaluate(
        """(wanted) => Object.fromEntries(wanted.map((s) =>
          [s, document.querySelector(s).getBoundingClientRect().top]))""",
        wanted,
    )
    page.screenshot(path=str(screenshots / f"m7-sideways-{game}-{lang}.png"))
    for what, top in boxes.items():
        assert 0 <= top < SIDEWAYS["height"] - 20, (what, boxes)
    # the card under claim whole, not cut off at the screen's foot
    card = page.locator("[data-testid=public-card] .card").bounding_box()
    assert card is not None and card["y"] + card["height"] <= SIDEWAYS["height"], card
    # the card's caption in whole words (squeezed beside the stock, "сбрас/ывает" broke)
    broken = broken_words(page, "[data-role=public-caption]")
    assert not broken, broken
    if game == "sisepai":  # all twenty cards of the hand in one row
        tops = page.locator("[data-testid=hand-card]").evaluate_all(
            "els => els.map((el) => Math.round(el.getBoundingClientRect().top))"
        )
        assert len(tops) == 20 and len(set(tops)) == 1, tops
    assert not page.errors  # type: ignore[attr-defined]


# ------------------------------------------------------------------ m11: screen readers


@pytest.mark.parametrize(("lang", "stop", "colon"), [("en", ".", ":"), ("zh", "。", "：")])
def test_m11_no_disabled_win_and_labels_that_stop(
    browser: Browser, base_url: str, lang: str, stop: str, colon: str
) -> None:
    page = new_page(browser, base_url, DESKTOP)
    page.goto(f"/{lang}/games/sisepai/table?seed=3&level=easy")
    assert wait_for_turn(page) == "your-turn"
    # a claim with no win: no disabled Win! to announce
    assert page.locator("[data-testid=claim-option]").count() >= 1
    assert page.locator("[data-testid=win]").count() == 0
    # the header holds no live region for the sliders' values
    assert page.locator(".site-header [role=status], .site-header output").count() == 0
    # "AI level: Easy. Dealer. 16 cards in hand", not run together
    badge = page.locator("[data-testid=seat-1] [data-testid=level-badge] .visually-hidden")
    assert badge.inner_text().endswith(stop)
    dealer = page.locator("[data-testid=seat-1] [data-role=dealer]")
    assert dealer.evaluate("el => el.textContent").endswith(stop)
    # "Discarded by AI 3: yellow Advisor"
    how = page.locator("[data-role=public-caption] .caption-how")
    assert how.evaluate("el => el.textContent").endswith(colon)
    expect_accessible(page, f"sisepai claim {lang}")
    assert not page.errors  # type: ignore[attr-defined]


# ------------------------------------------------------------------ p7: the log on a phone


@pytest.mark.parametrize(("lang", "viewport"), [("ru", PHONE_390), ("zh", PHONE_360)])
def test_p7_a_phone_player_reaches_the_log_from_above_the_table(
    browser: Browser, base_url: str, screenshots: Path, lang: str, viewport: dict[str, int]
) -> None:
    page = new_page(browser, base_url, viewport)
    page.goto(f"/{lang}/games/sisepai/table?seed=3&level=greedy")
    assert wait_for_turn(page) == "your-turn"
    link = page.get_by_test_id("log-jump")
    # above the felt, so that it never moves the hand
    assert link.evaluate(
        "el => el.getBoundingClientRect().bottom"
        " <= document.querySelector('[data-role=felt]').getBoundingClientRect().top"
    )
    page.evaluate("() => window.scrollTo(0, 0)")
    link.click()
    page.wait_for_timeout(300)
    top = page.evaluate("() => document.querySelector('.log-panel').getBoundingClientRect().top")
    assert 0 <= top < viewport["height"] / 2, top
    page.screenshot(path=str(screenshots / f"p7-log-{lang}-{viewport['width']}.png"))
    # and back up to the answers
    page.get_by_test_id("log-back").click()
    page.wait_for_timeout(300)
    top = page.evaluate("() => document.querySelector('#controls').getBoundingClientRect().top")
    assert 0 <= top < viewport["height"] / 2, top
    # on a desktop the log sits beside the table: no link
    desk = new_page(browser, base_url, DESKTOP)
    desk.goto(f"/{lang}/games/sisepai/table?seed=3&level=greedy")
    expect(desk.get_by_test_id("log-jump")).to_be_hidden()
    expect(desk.get_by_test_id("log-back")).to_be_hidden()
    assert not page.errors  # type: ignore[attr-defined]


# ------------------------------------------------------------------ a game's tabs on a phone


@pytest.mark.parametrize("page_of", ["table", "rules"])
def test_a_games_tabs_are_one_line_each_on_a_phone_in_every_language(
    browser: Browser, base_url: str, page_of: str
) -> None:
    """Table, Full rules, Learn: in the longer languages ("Полные правила", "Reglas completas")
    each tab is still one line on a 360px phone, and the row fits the screen."""
    page = new_page(browser, base_url, PHONE_360)
    for lang in ("en", "zh", "uk", "es", "cs", "ru"):
        page.goto(f"/{lang}/games/nantong/{page_of}")
        found = page.evaluate("""() => {
          const tabs = [...document.querySelectorAll('.tabs a, .tabs [aria-current]')];
          const line = (a) => parseFloat(getComputedStyle(a).lineHeight);
          return {lines: tabs.map((a) => Math.round(
                    (a.getBoundingClientRect().height - 16) / line(a))),
                  wide: document.querySelector('.tabs ul').scrollWidth,
                  room: document.querySelector('.tabs ul').clientWidth};
        }""")
        assert found["lines"] and set(found["lines"]) == {1}, (lang, found)
        assert found["wide"] <= found["room"], (lang, found)
    assert not page.errors  # type: ignore[attr-defined]
