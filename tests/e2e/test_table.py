"""The Sì Sè Pái table in Debian's chromium: whole deals by clicking (English, Ukrainian) and by
keyboard, the sliders, and screenshots at phone and desktop sizes (issue: the site)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import DESKTOP, PHONE
from tests.e2e.helpers import (
    ENABLED,
    check_answers_in_the_log,
    download_record,
    expect_accessible,
    expect_result,
    new_page,
    play_deal_by_clicking,
    wait_for_turn,
)


# Seeds 4 and 11 end in an AI win when the human plays as play_deal_by_clicking does, so the
# end screen shows a winner's groups and score lines.
@pytest.mark.parametrize(
    ("lang", "viewport", "seed", "words"),
    [
        ("en", DESKTOP, 4, ("stock", "Game log")),
        ("uk", PHONE, 11, ("колод", "Журнал")),
    ],
)
def test_whole_deal_by_clicking(
    browser: Browser,
    base_url: str,
    screenshots: Path,
    lang: str,
    viewport: dict[str, int],
    seed: int,
    words: tuple[str, str],
) -> None:
    page = new_page(browser, base_url, viewport)
    page.goto(f"/{lang}/games/sisepai/table?seed={seed}&level=greedy")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    wait_for_turn(page)
    body = page.locator("body").inner_text()
    assert all(w.lower() in body.lower() for w in words), body[:400]
    made = play_deal_by_clicking(page)
    assert sum(made.values()) > 0
    expect_result(page)
    expect_accessible(page)
    page.screenshot(
        path=str(screenshots / f"sisepai-{lang}-{viewport['width']}-over.png"), full_page=True
    )
    # the deal record downloads and replays to the shown result
    record = download_record(page)
    assert record["format"] == "cardavia-deal/1" and record["seed"] == seed
    result = record["result"]
    shown = page.locator("[data-testid=result]").inner_text()
    # the status line names the same outcome as the end sheet's heading (one msgid each way)
    heading = page.locator("#result-heading").inner_text()
    expect(page.locator("[data-testid=turn-status]")).to_have_text(heading)
    if result["winner"] is not None:
        total = result["breakdown"]["total"]
        assert str(total) in shown
        # every scoring group is listed, line by line
        groups = result["breakdown"]["groups"]
        assert page.locator("[data-testid=result] img").count() >= sum(
            len(g["cards"]) for g in groups
        )
        # the winning card is framed where it joined the hand, and the sheet says how it came
        bd = result["breakdown"]
        framed = page.locator("[data-testid=result] .is-winning-card")
        expect(framed).to_have_count(1)
        assert framed.get_attribute("data-code") == bd["winning_card"]
        if lang == "en":
            who = "you" if bd["from"] == 0 else f"AI\u00a0{bd['from']}"
            how = (
                "drawn from the stock"
                if bd["self_drawn"]
                else f"{'drawn' if bd['drawn'] else 'discarded'} by {who}"
            )
            assert f", {how}" in shown, (how, shown)
    assert not page.errors  # type: ignore[attr-defined]


def test_keyboard_only_discard_and_claim(browser: Browser, base_url: str) -> None:
    """site.md: everything can be done from the keyboard: here at least one claim and one
    discard with no mouse, until the deal ends."""
    page = new_page(browser, base_url, DESKTOP)
    page.goto("/en/games/sisepai/table?seed=7&level=greedy")
    made = {"claim": 0, "discard": 0, "other": 0}
    for _ in range(300):
        if wait_for_turn(page) == "over":
            break
        if page.locator(f"[data-testid=hand-card]{ENABLED}").count():
            # focus is on the hand: move with the arrow keys, discard with Enter
            page.keyboard.press("ArrowRight")
            page.keyboard.press("ArrowLeft")
            page.keyboard.press("Enter")
            made["discard"] += 1
        elif page.locator(f"[data-testid=win]{ENABLED}").count():
            page.keyboard.press("w")
            made["other"] += 1
        elif page.locator(f"[data-testid=claim-option]{ENABLED}").count():
            page.keyboard.press("1")
            made["claim"] += 1
        else:
            page.keyboard.press("p")
            made["other"] += 1
        page.wait_for_timeout(50)
    expect_result(page)
    assert made["claim"] >= 1 and made["discard"] >= 1, made
    assert check_answers_in_the_log(page) >= made["claim"]
    assert not page.errors  # type: ignore[attr-defined]


def test_sliders_change_the_table_and_persist(browser: Browser, base_url: str) -> None:
    page = new_page(browser, base_url, DESKTOP)
    page.goto("/en/games/sisepai/table?seed=3&level=greedy")
    wait_for_turn(page)
    surface = page.locator(".surface").first
    card = page.locator(".surface [data-testid=hand-card] img").first

    def look() -> tuple[str, str, str, str]:
        """The felt's contrast filter and tint, its grain opacity and a card's filter."""
        return (
            str(surface.evaluate("el => getComputedStyle(el, '::before').filter")),
            str(surface.evaluate("el => getComputedStyle(el, '::before').backgroundImage")),
            str(surface.evaluate("el => getComputedStyle(el, '::after').opacity")),
            str(card.evaluate("el => getComputedStyle(el).filter")),
        )

    before = look()
    page.get_by_test_id("look-toggle").click()  # the sliders are in the header's Look panel
    for label, value in (("Contrast", "80"), ("Grain", "90"), ("Color temperature", "20")):
        slider = page.get_by_label(label)
        slider.fill(value)
        slider.dispatch_event("input")
    after = look()
    assert all(a != b for a, b in zip(after, before, strict=True)), (before, after)
    page.reload()
    wait_for_turn(page)
    assert page.get_by_label("Contrast").input_value() == "80"
    assert page.get_by_label("Grain").input_value() == "90"
    assert page.get_by_label("Color temperature").input_value() == "20"
    assert look() == after  # applied again from the saved values
    # only the table surface changes: the text UI keeps its contrast
    assert page.locator("header").first.evaluate("el => getComputedStyle(el).filter") == "none"


@pytest.mark.parametrize(("name", "viewport"), [("phone", PHONE), ("desktop", DESKTOP)])
def test_screenshots(
    browser: Browser, base_url: str, screenshots: Path, name: str, viewport: dict[str, int]
) -> None:
    page = new_page(browser, base_url, viewport)
    for path, shot in (
        ("/en/", "index"),
        ("/en/decks/four-colour-cards", "deck"),
        ("/en/games/sisepai/rules", "rules"),
    ):
        page.goto(path)
        page.screenshot(path=str(screenshots / f"{shot}-{name}.png"), full_page=True)
    page.goto("/en/games/sisepai/table?seed=11&level=greedy")
    wait_for_turn(page)
    page.screenshot(path=str(screenshots / f"table-{name}.png"))
    # the hand fits the viewport's width: readable on a 360-px phone, no horizontal scroll
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= viewport["width"]
    assert not page.errors  # type: ignore[attr-defined]


# Records, in order, each log entry the table appends (with its seat) and each text the status
# line takes, from the moment it is installed.
WATCH_STATUS_AND_LOG = """() => {
  window.__seq = [];
  new MutationObserver((records) => {
    for (const r of records) {
      for (const n of r.addedNodes) {
        if (r.target.matches && r.target.matches('[data-testid=turn-status]')) {
          window.__seq.push(['status', n.textContent]);
        } else if (n.nodeType === 1 && n.matches('li[data-kind]')) {
          window.__seq.push(['log', n.dataset.seat]);
        }
      }
    }
  }).observe(document.body, {childList: true, subtree: true});
}"""


def test_status_line_while_your_own_move_replays(browser: Browser, base_url: str) -> None:
    """Once your move shows in the log, the status line no longer says an AI seat is playing
    (it said so for the AI move before yours): it says you are waiting for the others, until an
    AI move shows."""
    page = new_page(browser, base_url, DESKTOP)
    page.goto("/en/games/sisepai/table?seed=4&level=greedy")
    wait_for_turn(page)
    page.evaluate(WATCH_STATUS_AND_LOG)
    play_deal_by_clicking(page)
    seq = page.evaluate("window.__seq")
    status = ""
    checked = 0
    for i, (kind, value) in enumerate(seq):
        if kind == "status":
            status = value
            continue
        if value != "0":
            continue
        # the status after your entry, before the next log entry
        after = status
        for later_kind, later in seq[i + 1 :]:
            if later_kind == "log":
                break
            after = later
        assert "is playing" not in after, (after, seq[max(0, i - 3) : i + 4])
        checked += 1
    assert checked >= 3
    assert not page.errors  # type: ignore[attr-defined]
