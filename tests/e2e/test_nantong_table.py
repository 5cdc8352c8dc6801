"""The Nantong long cards table in Debian's chromium (issue: the Nantong table): whole deals
through the UI with the opening phase as its own step, the scoring sheet checked against the
deal record, Next deal (the dealer passes on, the running total shows) and Restart (a new match),
by mouse and by keyboard only, and screenshots of the scoring screen at phone and desktop sizes.

The human plays like the greedy agent (the test asks it, from the human's own view, then clicks
or presses keys for that choice), except that in the opening phase it takes the first opening
declaration offered, else finishes setup. The seeds were picked by simulating exactly that with
the engine: the human gets an opening declaration and the deal ends with a win.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from cardavia.ai.games.nantong import GreedyNantong
from tests.e2e.conftest import DESKTOP, PHONE
from tests.e2e.helpers import (
    ENABLED,
    api_view,
    check_answers_in_the_log,
    deal_id,
    expect_accessible,
    new_page,
    wait_for_turn,
)

PLAYERS = 3
DECLARATIONS = ("four", "three", "hezi")
ORDER = [f"{r}{s}" for s in "MSC" for r in range(1, 10)] + ["T", "W", "R"]

# seed: you deal, an opening four of 9S; pong 8C, then an added kong with a replacement from the
# back of the stock; a self-drawn win.
SEED_YOU_DEAL = 16
# seed: AI 2 deals, your opening four of T after its setup; pong and kong of W; a win on a
# discard.
SEED_AI_DEALS = 397
# seed: AI 1 deals, your opening four of 9M; pongs, a kong; a win on a discard (keyboard only).
SEED_KEYBOARD = 26


def open_table(page: Page, seed: int) -> None:
    response = page.goto(f"/en/games/nantong/table?seed={seed}&level=greedy")
    assert response is not None and response.ok, "the Nantong table is not playable (traditions.py)"


def current_view(page: Page) -> dict[str, Any]:
    view: dict[str, Any] = api_view(page, deal_id(page))
    return view


def choose(view: dict[str, Any], agent: GreedyNantong) -> str:
    legal: list[str] = view["legal_actions"]
    if view["table"]["phase"] == "opening":
        declarations = [a for a in legal if a.split()[0] in DECLARATIONS]
        return declarations[0] if declarations else "finish"
    return agent.act(view["table"], legal)


def hand_codes(page: Page) -> list[str]:
    codes: list[str] = page.locator("[data-testid=hand-card]").evaluate_all(
        "els => els.map(e => e.dataset.code)"
    )
    return codes


def check_hand_order(page: Page) -> None:
    """By suit (Myriads, Strings, Coins, then T W R) and rank; the drawn card set apart last."""
    codes = hand_codes(page)
    drawn = page.locator("[data-testid=hand-card][data-drawn]")
    if drawn.count():
        assert drawn.get_attribute("data-code") == codes[-1]
        codes = codes[:-1]
    assert codes == sorted(codes, key=ORDER.index), codes


def press_for(page: Page, target: Locator) -> None:
    """Keyboard only: a button's shortcut key, or the arrow keys to a hand card and Enter."""
    key = target.get_attribute("aria-keyshortcuts")
    if key:
        page.keyboard.press(key.lower())
        return
    cards = page.locator("[data-testid=hand-card]")
    index = int(target.evaluate("el => [...el.parentElement.children].indexOf(el)"))
    for _ in range(80):  # Tab into the hand (one tab stop: the roving card)
        if page.evaluate("document.activeElement.dataset.testid") == "hand-card":
            break
        page.keyboard.press("Tab")
    else:
        raise AssertionError("Tab never reached the hand")
    page.keyboard.press("Home")
    for _ in range(index):
        page.keyboard.press("ArrowRight")
    assert cards.nth(index).evaluate("el => el === document.activeElement")
    page.keyboard.press("Enter")


def play_deal(page: Page, keyboard: bool = False, max_steps: int = 400) -> list[str]:
    """Play the deal to its end through the UI; returns the human's choices in order."""
    agent = GreedyNantong(random.Random(0))
    made: list[str] = []
    for _ in range(max_steps):
        if wait_for_turn(page) == "over":
            return made
        view = current_view(page)
        expect(page.locator("[data-testid=indicators]:visible")).to_have_count(1)
        check_hand_order(page)
        # the status offers a win only when one is among the choices
        status = page.locator("[data-testid=turn-status]").inner_text().lower()
        if view["table"]["phase"] == "turn":
            offered = re.search(r"\bwin\b", status) is not None
            assert offered == ("win" in view["legal_actions"]), status
        action = choose(view, agent)
        target = page.locator(f'#table [data-action="{action}"]{ENABLED}').first
        expect(target).to_be_visible()
        if view["table"]["phase"] == "opening":
            assert target.get_attribute("data-testid") == "opening-option"
        if keyboard:
            press_for(page, target)
        else:
            target.click()
        made.append(action)
        page.wait_for_timeout(30)  # let the choice hand over
    raise AssertionError("the deal did not end")


def wait_for_new_deal(page: Page, old: str) -> None:
    """Until another deal than `old` is shown (your turn, the AI seats playing, or over)."""
    page.wait_for_function(
        "old => !location.search.includes(old) && ['your-turn', 'waiting', 'over'].includes("
        "document.querySelector('[data-testid=table]').dataset.state)",
        arg=old,
        timeout=30_000,
    )


def signed(n: int) -> str:
    """As the sheet writes a result: a sign, and a true minus (U+2212) like its formulas."""
    return f"{n:+d}".replace("-", "\u2212") if n else "0"


def check_sheet(page: Page) -> dict[str, Any]:
    """The scoring sheet shows the deal record's result, line by line; returns the record."""
    href = page.get_attribute("[data-testid=download-record]", "href")
    assert href is not None
    record: dict[str, Any] = page.request.get(href).json()
    result = record["result"]
    breakdown = result["breakdown"]
    assert result["winner"] is not None
    sheet = page.get_by_test_id("scoring-sheet")
    expect(sheet).to_be_visible()
    for player in breakdown["players"]:
        seat = player["seat"]
        section = sheet.locator(f'[data-testid=sheet-player][data-player="{seat}"]')
        expect(section).to_be_visible()
        # every scoring unit with its value (doublings applied), then the rounded total
        values = section.get_by_test_id("scoring-unit").evaluate_all(
            "els => els.map(e => Number(e.dataset.value))"
        )
        assert values == [u["value"] for u in player["units"]]
        rounded = section.get_by_test_id("rounded-total")
        assert rounded.get_attribute("data-value") == str(player["rounded"])
        expect(rounded).to_contain_text(str(player["rounded"]))
        if seat == result["winner"]:
            bonuses = section.get_by_test_id("bonus").evaluate_all(
                "els => els.map(e => Number(e.dataset.value))"
            )
            assert bonuses == [b["hu"] for b in player["bonuses"]]
            expect(section.get_by_test_id("multiplier")).to_have_count(len(player["multipliers"]))
            expect(section).to_contain_text(f"= {player['total']}")
        # the pairwise settlement: this deal's result per player
        net = sheet.locator(f'tr[data-player="{seat}"] [data-testid=settlement]')
        assert net.get_attribute("data-value") == str(result["scores"][seat])
        expect(net).to_have_text(signed(result["scores"][seat]))
    assert sum(result["scores"]) == 0
    return record


def check_you_in_the_log(page: Page) -> int:
    """Inside a sentence you are "your": another seat's claim or win on your discard or kong
    reads "AI 1 claimed your …", never "… from You"; the same in the sheet's labels. Returns
    how many such claims the deal had."""
    log: list[dict[str, Any]] = current_view(page)["log"]
    mine = [e for e in log if e.get("from") == 0 and e.get("seat") not in (0, None)]
    lines = page.get_by_test_id("log").locator("li").all_inner_texts()
    assert not [x for x in lines if re.search(r"\b(from|by|of) You\b", x)], lines
    labels = page.locator("[aria-label]").evaluate_all("els => els.map(e => e.ariaLabel)")
    assert not [x for x in labels if re.search(r"\b(from|by|of) You\b", x)], labels
    yours = [x for x in lines if x.startswith("AI\u00a0") and " your " in x]
    assert len(yours) == len(mine), (yours, mine)
    return len(mine)


@pytest.mark.parametrize(
    ("name", "viewport", "seed"),
    [
        ("desktop", DESKTOP, SEED_YOU_DEAL),
        ("phone", PHONE, SEED_AI_DEALS),
    ],
)
def test_whole_deal_then_next_deal(
    browser: Browser,
    base_url: str,
    screenshots: Path,
    name: str,
    viewport: dict[str, int],
    seed: int,
) -> None:
    page = new_page(browser, base_url, viewport)
    open_table(page, seed)
    wait_for_turn(page)
    expect(page.get_by_test_id("indicators")).to_be_visible()
    expect(page.get_by_test_id("indicators").locator(".card")).to_have_count(2)

    made = play_deal(page)
    # the opening phase was its own step, and a declaration became a group of your seat
    declared = [a for a in made if a.split()[0] in DECLARATIONS]
    assert declared, made
    kinds = page.locator("[data-testid=seat-0] .group").evaluate_all(
        "els => els.map(e => e.dataset.kind)"
    )
    assert declared[0].split()[0] in kinds

    expect(page.get_by_test_id("result")).to_be_visible()
    record = check_sheet(page)
    expect_accessible(page)
    assert check_you_in_the_log(page) > 0  # the seeds have an AI claim on your discard
    assert check_answers_in_the_log(page) > 0
    first = deal_id(page)
    dealer = current_view(page)["table"]["dealer"]
    scores = record["result"]["scores"]
    # the running total of a first deal is its result
    for seat in range(PLAYERS):
        cell = page.locator(f'tr[data-player="{seat}"] [data-testid=match-total]')
        assert cell.get_attribute("data-value") == str(scores[seat])
    page.screenshot(path=str(screenshots / f"nantong-scoring-{name}.png"), full_page=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= viewport["width"]

    # Next deal: the same match, the dealer passes on, the running total shows
    expect(page.get_by_test_id("new-deal")).to_be_hidden()  # Next deal and Restart replace it
    page.get_by_test_id("next-deal").click()
    wait_for_new_deal(page, first)
    view = current_view(page)
    assert view["match"]["previous"] == first
    assert view["match"]["totals_before"] == scores
    assert view["table"]["dealer"] == (dealer + 1) % PLAYERS
    expect(
        page.locator(f"[data-testid=seat-{view['table']['dealer']}] [data-role=dealer]")
    ).to_be_visible()
    running = page.get_by_test_id("match-totals")
    expect(running).to_be_visible()
    for n in scores:
        expect(running).to_contain_text(signed(n))
    assert not page.errors  # type: ignore[attr-defined]


def test_keyboard_only_deal_and_restart(browser: Browser, base_url: str) -> None:
    """site.md: everything by keyboard: the opening declaration, claims, kongs and discards
    with no mouse until the scoring sheet; then Restart starts a new match."""
    page = new_page(browser, base_url, DESKTOP)
    open_table(page, SEED_KEYBOARD)
    made = play_deal(page, keyboard=True)
    assert any(a.split()[0] in DECLARATIONS for a in made), made
    assert any(a.startswith("discard ") for a in made), made
    assert any(a.split()[0] in ("pong", "kong", "win") for a in made), made
    check_sheet(page)
    finished = deal_id(page)

    page.get_by_test_id("restart").focus()
    page.keyboard.press("Enter")
    wait_for_new_deal(page, finished)
    view = current_view(page)
    assert view["match"]["previous"] is None
    assert view["match"]["totals_before"] == [0] * PLAYERS
    expect(page.get_by_test_id("match-totals")).to_be_hidden()
    assert not page.errors  # type: ignore[attr-defined]


# Seed 31 at greedy, your moves as a player took them (the Hint's each time): you win on AI 2's
# 7 of Coins with the runs 5-6-7 and 6-7-8 of Coins, its +10 as the middle card of 6-7-8.
SEED_TWO_RUNS = 31
MOVES_TWO_RUNS = [
    "discard 9M",
    "discard 1C",
    "discard 8C",
    "discard 1S",
    "pass",
    "discard 8C",
    "discard 3S",
    "discard 3C",
    "discard 7M",
    "discard 1M",
    "win",
]


def test_the_winning_card_is_framed_where_it_earns_its_bonus(
    browser: Browser, base_url: str
) -> None:
    """NT§4.9, NT A-18: the sheet frames the winning card in the run where it takes its bonus
    role (the middle of 6-7-8), not in the first run that holds a copy (5-6-7)."""
    page = new_page(browser, base_url, PHONE)
    page.goto(f"/en/games/nantong/table?seed={SEED_TWO_RUNS}&level=greedy")
    for action in MOVES_TWO_RUNS:
        assert wait_for_turn(page) == "your-turn", action
        page.locator(f'#table [data-action="{action}"]{ENABLED}').first.click()
    assert wait_for_turn(page) == "over"
    view = api_view(page, deal_id(page))
    me = next(p for p in view["result"]["breakdown"]["players"] if p["seat"] == 0)
    assert view["result"]["winner"] == 0 and me["winning_card_role"] == "middle"
    assert me["split"][me["winning_card_group"]] == ["6C", "7C", "8C"]
    assert ["5C", "6C", "7C"] in me["split"]
    framed = page.locator(".nt-winning-card")
    expect(framed).to_have_count(1)
    group = framed.locator("xpath=..")
    codes = [c.get_attribute("data-code") for c in group.locator(".card").all()]
    assert codes == ["6C", "7C", "8C"], codes
    assert framed.get_attribute("data-code") == "7C"
    assert not page.errors  # type: ignore[attr-defined]
