"""The Two Seven Ten table in Debian's chromium (issue 22): whole deals through the UI, by
clicking, in English at desktop and phone sizes and in Chinese and Russian; the end sheet's
payment in units (band, who pays: the discarder alone, 3u, for a win on a discard) checked
against the downloaded deal record; Win!'s label with its points, units and payer; the dealt ti
face up; passed-card marks; screenshots mid-deal and at the end, and the accessibility scan.

The human follows `play_deal_by_clicking` (tests/e2e/helpers.py): win when allowed, else the
first claim offered, else discard the first card that may be discarded. The AI seats play the
deterministic greedy agent. The seeds were picked by simulating exactly that with the engine
(`Erqishi().new_deal(seed)`, greedy agents for seats 1 and 2).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import DESKTOP, PHONE
from tests.e2e.helpers import (
    ENABLED,
    api_view,
    deal_id,
    download_record,
    expect_accessible,
    new_page,
    wait_for_turn,
)

# seed 45: you win on AI 1's discard with 24 huxi, 4 units: AI 1 alone pays 12 (ER-15).
SEED_YOU_WIN = 45
# seed 9: AI 2 wins on your discard with 16 huxi, 2 units: you alone pay 6; a pao on the way.
SEED_YOU_PAY = 9
NAMES = {0: "You", 1: "AI\u00a01", 2: "AI\u00a02"}


def _open(page: Page, seed: int, lang: str = "en") -> None:
    response = page.goto(f"/{lang}/games/erqishi/table?seed={seed}&level=greedy")
    assert response is not None and response.status == 200


def play(page: Page, shot: str | None = None, max_steps: int = 120) -> dict[str, Any]:
    """One whole deal by clicking; `shot`: a screenshot at the first claim offered."""
    made: dict[str, Any] = {"actions": [], "win_labels": [], "shot": False}
    for _ in range(max_steps):
        if wait_for_turn(page) == "over":
            return made
        win = page.locator(f"[data-testid=win]{ENABLED}")
        claims = page.locator(f"[data-testid=claim-option]{ENABLED}")
        cards = page.locator(f"[data-testid=hand-card]{ENABLED}")
        if shot and not made["shot"] and (claims.count() or win.count()):
            page.screenshot(path=shot, full_page=True)
            made["shot"] = True
        if win.count():
            made["win_labels"].append(win.first.inner_text())
            target = win.first
        elif cards.count():
            target = cards.first
        elif claims.count():
            target = claims.first
        else:
            target = page.locator(f"[data-testid=pass]{ENABLED}")
        made["actions"].append(target.get_attribute("data-action"))
        target.click()
        page.wait_for_timeout(50)
    raise AssertionError("the deal did not end")


def check_result(page: Page, seed: int) -> dict[str, Any]:
    """The end sheet against the deal record: winning card (discarded by …), units by band,
    who pays, and every seat's payment."""
    expect(page.locator("[data-testid=result]")).to_be_visible()
    record = download_record(page)
    assert record["game"] == "erqishi" and record["seed"] == seed
    result = record["result"]
    bd, winner = result["breakdown"], result["winner"]
    assert winner is not None and bd["source"] == "discard"
    note = page.locator("[data-testid=phz-winning-card]")
    expect(note).to_have_attribute("data-code", bd["winning_card"])
    said = "which you discarded" if bd["from"] == 0 else f"discarded by {NAMES[bd['from']]}"
    assert said in note.inner_text()
    units = page.locator("[data-testid=erq-units]")
    expect(units).to_have_attribute("data-units", str(bd["units"]))
    assert f"{bd['band']} huxi: {bd['units']} unit" in units.inner_text()
    assert "10–14 huxi: 1 · 15–20: 2" in units.inner_text()
    who = page.locator("[data-testid=erq-who-pays]")
    expect(who).to_have_attribute("data-source", "discard")
    assert f"3 × {bd['units']} = {3 * bd['units']} units" in who.inner_text()
    said = "you pay for the table alone" if bd["from"] == 0 else "pays for the table alone"
    assert said in who.inner_text(), who.inner_text()
    for seat, amount in enumerate(bd["payments"]):
        line = page.locator(f'[data-testid=phz-payment][data-player="{seat}"]')
        expect(line).to_have_attribute("data-amount", str(amount))
        # a row of the payments' table: the signed change of the player's score (m6); the
        # third player's is 0 (the discarder pays alone, said in "who pays" above)
        change = line.locator("td").inner_text()
        assert change == (f"+{amount}" if amount > 0 else f"−{-amount}" if amount else "0")
    assert bd["payments"][winner] == 3 * bd["units"] == -bd["payments"][bd["from"]]
    assert sorted(bd["payments"])[1] == 0  # the third player pays nothing
    return record


@pytest.mark.parametrize(
    ("name", "viewport", "seed"),
    [("1366", DESKTOP, SEED_YOU_WIN), ("360", PHONE, SEED_YOU_PAY)],
)
def test_whole_deal_in_english(
    browser: Browser,
    base_url: str,
    screenshots: Path,
    name: str,
    viewport: dict[str, int],
    seed: int,
) -> None:
    page = new_page(browser, base_url, viewport)
    _open(page, seed)
    wait_for_turn(page)
    for seat in range(3):
        chip = page.locator(f"[data-testid=seat-{seat}] [data-testid=huxi-count]")
        expect(chip).to_have_count(1)
    # no group lies face down in this game (A-ER-17)
    expect(page.locator(".group[data-face=down]")).to_have_count(0)
    made = play(page, shot=str(screenshots / f"erqishi-en-{name}-mid.png"))
    page.screenshot(path=str(screenshots / f"erqishi-en-{name}-over.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    record = check_result(page, seed)
    if seed == SEED_YOU_WIN:
        # Win! named its points, units and who pays (ER-15)
        (label,) = made["win_labels"]
        bd = record["result"]["breakdown"]
        assert f"{bd['huxi']} huxi" in label and f"{bd['units']} units" in label, label
        assert "AI\u00a01 alone pays 12" in label.replace(" 1 alone", "\u00a01 alone"), label
    # passed-card marks: every seat that has discarded shows them (ER-14)
    order = [f"s{n}" for n in range(1, 11)] + [f"L{n}" for n in range(1, 11)]
    for seat in range(3):
        discarded = {
            a["action"].split()[1]
            for a in record["actions"]
            if a["seat"] == seat and a["action"].startswith("discard")
        }
        mark = page.locator(f"[data-testid=seat-{seat}] [data-testid=passed-mark]")
        expect(mark).to_have_count(1 if discarded else 0)
        if discarded:
            cards = sorted(discarded, key=order.index)
            expect(mark).to_have_attribute("data-cards", " ".join(cards))
            assert mark.inner_text().startswith("Passed:")
            assert mark.locator(".card").count() == len(cards)
            # each card legible: the top of its face, its numeral, 18 px wide (a whole face
            # 8 px wide was a sliver: usability walk)
            for box in mark.locator(".card").evaluate_all(
                "cs => cs.map(c => [c.getBoundingClientRect().width,"
                " c.getBoundingClientRect().height, c.querySelector('img').naturalWidth])"
            ):
                assert box[0] >= 16 and box[1] < 2 * box[0] and box[2] > 0, box
    mine = [a["action"] for a in record["actions"] if a["seat"] == 0]
    assert mine == made["actions"], (mine, made["actions"])
    expect_accessible(page)
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", ["zh", "ru"])
@pytest.mark.parametrize(("name", "viewport"), [("360", PHONE), ("1366", DESKTOP)])
def test_whole_deal_in_chinese_and_russian(
    browser: Browser,
    base_url: str,
    screenshots: Path,
    lang: str,
    name: str,
    viewport: dict[str, int],
) -> None:
    """The same deal in zh and ru: it plays to the end, nothing overflows, the words are the
    language's own (no English msgid left on the end sheet), and axe finds nothing."""
    page = new_page(browser, base_url, viewport)
    _open(page, SEED_YOU_PAY, lang)
    play(page, shot=str(screenshots / f"erqishi-{lang}-{name}-mid.png"))
    page.screenshot(path=str(screenshots / f"erqishi-{lang}-{name}-over.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    sheet = page.locator("[data-testid=result]").inner_text()
    for english in ("units", "Who pays", "pays for the table", "Winning card"):
        assert english not in sheet, (lang, english, sheet)
    who = page.locator("[data-testid=erq-who-pays]").inner_text()
    assert ("包三家" if lang == "zh" else "за весь стол один") in who, who
    expect_accessible(page, lang)
    assert not page.errors  # type: ignore[attr-defined]


ORDER = [f"s{n}" for n in range(1, 11)] + [f"L{n}" for n in range(1, 11)]


@pytest.mark.parametrize("seed", [SEED_YOU_PAY])
def test_your_passed_mark_names_the_chis_you_passed_up(
    browser: Browser, base_url: str, screenshots: Path, seed: int
) -> None:
    """ER-14: a chi passed up bars chi and win with that card for the rest of the deal, as a
    discard does; your own passed mark shows both (usability walk: it showed your discards
    alone while the table's notes named the others). Another seat's mark shows its discards
    only: what it passed up is its own (ER-17). Played passing every claim."""
    page = new_page(browser, base_url, PHONE)
    response = page.goto(f"/es/games/erqishi/table?seed={seed}&level=greedy")
    assert response is not None and response.status == 200
    deal = deal_id(page)
    declined = False
    for _ in range(150):
        if wait_for_turn(page) == "over":
            break
        view = api_view(page, deal)
        table = view["table"]
        for seat in range(3):
            own = set(table["seats"][seat]["passed"])
            shown = own | set(table["stale"]["chi"]) if seat == 0 else own
            mark = page.locator(f"[data-testid=seat-{seat}] [data-testid=passed-mark]")
            expect(mark).to_have_count(1 if shown else 0)
            if shown:
                codes = " ".join(sorted(shown, key=ORDER.index))
                expect(mark).to_have_attribute("data-cards", codes)
        if set(table["stale"]["chi"]) - set(table["seats"][0]["passed"]) and not declined:
            declined = True
            page.screenshot(path=str(screenshots / "erqishi-es-360-passed-chi.png"), full_page=True)
        passing = page.locator(f"[data-testid=pass]{ENABLED}")
        cards = page.locator(f"[data-testid=hand-card]{ENABLED}")
        win = page.locator(f"[data-testid=win]{ENABLED}")
        target = passing if passing.count() else cards.first if cards.count() else win.first
        if not (passing.count() or cards.count() or win.count()):
            target = page.locator(f"[data-testid=claim-option]{ENABLED}").first
        before = view["version"]
        target.click()
        page.wait_for_function(
            "v => Number(document.querySelector('[data-testid=table]').dataset.version) > v",
            arg=before,
            timeout=30_000,
        )
    assert declined, "no chi passed up in this deal: another seed"
    assert not page.errors  # type: ignore[attr-defined]
