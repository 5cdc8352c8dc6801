"""The Paohuzi table in Debian's chromium (issue: the Paohuzi table): whole deals through the UI
by clicking and by keyboard only, with chi choices that carry their bi groups, the hand order and
its locked kans, the opponents' face-down groups, the dead hand explained, and the end sheet (each
group's huxi, the total, tun and the payments) checked against the downloaded deal record;
screenshots at phone and desktop sizes, mid-deal with a chi/bi choice on screen and at the end.

The human follows one fixed policy, by clicks or keys: win when allowed; discard the first
card that may be discarded (the smallest free card); take the first chi that has bi groups, else
the first claim offered (pao, peng, then chi), else pass. The AI seats play the greedy agent,
which is deterministic. The seeds were picked by simulating exactly that with the engine
(`Paohuzi().new_deal(seed)`, greedy agents for seats 1 and 2, as `table/live.py` seats them).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.e2e.conftest import DESKTOP, PHONE
from tests.e2e.helpers import (
    ENABLED,
    check_answers_in_the_log,
    download_record,
    expect_accessible,
    new_page,
    open_table,
    pass_else_answer,
    play_deal_by_clicking,
    turn_status,
    wait_for_turn,
)

# seed 98: AI 1 deals; your first answer is five chi choices on a discard of small 3, four of
# them with a bi group; then peng, pao, and you win with 24 huxi (4 tun).
SEED_DESKTOP = 98
# seed 11: AI 2 deals, AI 1 holds an opening ti (face down); you peng, then meet nine chi
# choices with bi on small 7; AI 2 wins with 24 huxi.
SEED_PHONE = 11
# seed 57: you hold an opening ti; chi, discards, then a compulsory wei completes your hand:
# win or pass (keyboard only).
SEED_KEYBOARD = 57
# seed 1082: a compulsory wei leaves you nothing to discard and no win: your hand is dead; AI 2
# wins later.
SEED_DEAD = 1082

NAMES = {0: "You", 1: "AI\u00a01", 2: "AI\u00a02"}  # a no-break space keeps "AI 2" whole
SMALL_FIRST = [f"s{n}" for n in range(1, 11)] + [f"L{n}" for n in range(1, 11)]


def _open(page: Page, seed: int) -> None:
    open_table(page, "paohuzi", "Paohuzi", seed)


def _codes(locator: Locator) -> list[str]:
    return [str(locator.nth(i).get_attribute("data-code")) for i in range(locator.count())]


def check_hand(page: Page) -> None:
    """Small then large, by rank; each kan after them, locked, with the reason."""
    cards = page.locator("[data-testid=hand-card]")
    codes = _codes(cards)
    kans = [cards.nth(i).get_attribute("data-kan") == "true" for i in range(cards.count())]
    free = [c for c, k in zip(codes, kans, strict=True) if not k]
    locked = [c for c, k in zip(codes, kans, strict=True) if k]
    assert codes == free + locked, codes  # kans last
    assert free == sorted(free, key=SMALL_FIRST.index), free
    assert locked == sorted(locked, key=SMALL_FIRST.index) and all(
        locked.count(c) == 3 for c in locked
    ), locked
    for i, kan in enumerate(kans):
        if kan:
            card = cards.nth(i)
            expect(card).to_have_attribute("aria-disabled", "true")
            expect(card).to_have_class(re.compile(r"\bis-locked\b"))
            assert "kan" in str(card.get_attribute("aria-description")), codes


def check_chi_buttons(page: Page) -> list[str]:
    """Every chi choice shows all the cards of its chi and bi groups; returns the bi actions."""
    found = []
    options = page.locator(f"[data-testid=claim-option]{ENABLED}")
    for i in range(options.count()):
        button = options.nth(i)
        action = str(button.get_attribute("data-action"))
        if not action.startswith("chi "):
            continue
        cards = [c for c in action.split()[1:] if c != "bi"]
        assert _codes(button.locator(".card")) == cards, action
        groups = button.locator(".phz-claim-group")
        assert groups.count() == action.count(" bi ") + 1, action
        label = str(button.get_attribute("aria-label"))
        if " bi " in action:
            found.append(action)
            assert label.startswith("Chi + bi: ") and "bi: " in label[10:], label
            expect(groups.nth(1)).to_have_attribute("data-kind", "bi")
        else:
            assert label.startswith("Chi: "), label
    return found


def decide(page: Page) -> tuple[str, Locator]:
    """The policy of this file: what to do now, and the control that does it."""
    win = page.locator(f"[data-testid=win]{ENABLED}")
    if win.count():
        return "win", win.first
    cards = page.locator(f"[data-testid=hand-card]{ENABLED}")
    if cards.count():
        return str(cards.first.get_attribute("data-action")), cards.first
    bi = page.locator(f'[data-testid=claim-option][data-action*=" bi "]{ENABLED}')
    if bi.count():
        return str(bi.first.get_attribute("data-action")), bi.first
    claims = page.locator(f"[data-testid=claim-option]{ENABLED}")
    if claims.count():
        return str(claims.first.get_attribute("data-action")), claims.first
    return "pass", page.locator(f"[data-testid=pass]{ENABLED}")


def press_for(page: Page, action: str, target: Locator) -> None:
    """The keyboard way to do what `target` does: Home then Enter in the hand (the first card
    that may be discarded), else the button's key."""
    if action.startswith("discard "):
        page.keyboard.press("Home")
        focused = page.evaluate("document.activeElement.dataset.action || ''")
        assert focused == action, (focused, action)
        page.keyboard.press("Enter")
    else:
        key = str(target.get_attribute("aria-keyshortcuts"))
        assert len(key) == 1, (action, key)
        page.keyboard.press(key.lower())


def play_deal(
    page: Page, shot: str | None = None, keyboard: bool = False, max_steps: int = 80
) -> dict[str, Any]:
    """Play one whole deal with the policy above; `shot`: screenshot path for the first answer
    that offers a chi with bi groups."""
    made: dict[str, Any] = {"actions": [], "bi_offered": 0, "statuses": []}
    for _ in range(max_steps):
        if wait_for_turn(page) == "over":
            return made
        made["statuses"].append(turn_status(page))
        bis = check_chi_buttons(page)
        if bis:
            made["bi_offered"] += 1
            if shot and made["bi_offered"] == 1:
                page.screenshot(path=shot, full_page=True)
        action, target = decide(page)
        if keyboard:
            press_for(page, action, target)
        else:
            target.click()
        made["actions"].append(action)
        page.wait_for_timeout(30)
    raise AssertionError("the deal did not end")


def check_result_against_record(page: Page, seed: int) -> dict[str, Any]:
    """The end sheet (winner, winning card, groups with huxi, total, tun with its rule,
    payments) is that of the downloaded deal record."""
    result_el = page.locator("[data-testid=result]")
    expect(result_el).to_be_visible()
    expect(page.locator("[data-testid=new-deal]")).to_be_visible()
    record = download_record(page)
    assert record["format"] == "cardavia-deal/1" and record["game"] == "paohuzi"
    assert record["seed"] == seed
    result = record["result"]
    bd = result["breakdown"]
    winner = result["winner"]
    title = page.locator("#result-heading").inner_text()
    status = page.locator("[data-testid=turn-status]")
    if winner is None:
        assert title.startswith("Drawn game"), title
        expect(status).to_contain_text("Drawn game")
        expect(page.locator("[data-testid=phz-drawn]")).to_be_visible()
        return record
    assert title == ("You won!" if winner == 0 else f"{NAMES[winner]} won"), title
    expect(status).to_have_text("You won!" if winner == 0 else f"{NAMES[winner]} won")
    if not bd["heavenly"]:
        note = page.locator("[data-testid=phz-winning-card]")
        expect(note).to_have_attribute("data-code", bd["winning_card"])
        assert (
            "which you revealed" if bd["from"] == 0 else f"revealed by {NAMES[bd['from']]}"
        ) in note.inner_text()
        mark = page.locator("[data-testid=phz-winning-mark]")
        expect(mark).to_have_count(1)
        expect(mark).to_have_attribute("data-code", bd["winning_card"])
    rows = page.locator("[data-testid=phz-result-group]")
    assert rows.count() == len(bd["groups"])
    for i, g in enumerate(bd["groups"]):
        row = rows.nth(i)
        expect(row).to_have_attribute("data-kind", g["kind"])
        expect(row).to_have_attribute("data-huxi", str(g["huxi"]))
        assert _codes(row.locator(".card")) == g["cards"], (g, i)
        assert f"{g['huxi']} huxi" in row.inner_text()
    assert sum(g["huxi"] for g in bd["groups"]) == bd["huxi"]
    total = page.locator("[data-testid=phz-total]")
    expect(total).to_have_attribute("data-huxi", str(bd["huxi"]))
    assert f"{bd['huxi']} huxi" in total.inner_text()
    tun = page.locator("[data-testid=phz-tun]")
    expect(tun).to_have_attribute("data-tun", str(bd["tun"]))
    tun_text = tun.inner_text()
    assert "tun = ⌊(huxi − 15) / 3⌋ + 1" in tun_text, tun_text
    assert f"⌊({bd['huxi']} − 15) / 3⌋ + 1 = {bd['tun']} tun" in tun_text, tun_text
    assert bd["tun"] == (bd["huxi"] - 15) // 3 + 1
    payments = page.locator("[data-testid=phz-payment]")
    assert payments.count() == 3
    for seat, amount in enumerate(bd["payments"]):
        line = page.locator(f'[data-testid=phz-payment][data-player="{seat}"]')
        expect(line).to_have_attribute("data-amount", str(amount))
        # a row of the payments' table: the signed change of the player's score (m6)
        change = line.locator("td").inner_text()
        assert change == (f"+{amount}" if amount > 0 else f"−{-amount}"), change
        if seat == winner:
            assert amount == 2 * bd["tun"], bd
        else:
            assert amount == -bd["tun"], bd
    assert bd["payments"] == result["scores"]
    return record


@pytest.mark.parametrize(
    ("name", "viewport", "seed"),
    [
        ("1366", DESKTOP, SEED_DESKTOP),
        ("360", PHONE, SEED_PHONE),
    ],
)
def test_whole_deal_by_clicking(
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
    check_hand(page)
    # the dealer's shown card, and in the log
    shown = page.locator("[data-testid=shown-card], [data-testid=public-card][data-how=shown]")
    assert shown.count() >= 1
    expect(page.locator("[data-testid=log]")).to_contain_text("The dealer's shown card is")
    # every seat shows its visible huxi
    for seat in range(3):
        chip = page.locator(f"[data-testid=seat-{seat}] [data-testid=huxi-count]")
        expect(chip).to_have_count(1)
        assert chip.inner_text().endswith(" huxi")
    if seed == SEED_PHONE:
        # AI 1's opening ti lies face down: four backs, no card named
        ti = page.locator("[data-testid=seat-1] .group[data-kind=ti][data-face=down]")
        expect(ti).to_have_count(1)
        assert _codes(ti.locator(".card")) == ["", "", "", ""]
        assert "face down" in ti.inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]

    made = play_deal(page, shot=str(screenshots / f"paohuzi-{name}-mid.png"))
    assert made["bi_offered"] >= 1, made
    taken = [a for a in made["actions"] if " bi " in a]
    assert taken, made["actions"]
    assert any(s.endswith(": your answer?") for s in made["statuses"]), made["statuses"]
    page.screenshot(path=str(screenshots / f"paohuzi-{name}-over.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]

    record = check_result_against_record(page, seed)
    expect_accessible(page)
    assert check_answers_in_the_log(page) > 0
    # the record holds the very actions clicked, in order, the chi with its bi among them
    mine = [a["action"] for a in record["actions"] if a["seat"] == 0]
    assert mine == made["actions"], (mine, made["actions"])
    # the chi and its bi groups lie among your exposed groups
    groups = page.locator("[data-testid=seat-0] [data-role=exposed] .group")
    exposed = [" ".join(_codes(groups.nth(i).locator(".card"))) for i in range(groups.count())]
    chi, *bis = taken[0][len("chi ") :].split(" bi ")
    assert bis and chi in exposed and all(bi in exposed for bi in bis), (exposed, taken[0])
    assert not page.errors  # type: ignore[attr-defined]


def test_whole_deal_by_keyboard(browser: Browser, base_url: str) -> None:
    """Everything from the keyboard: Home + Enter discards, the number keys claim, W wins."""
    page = new_page(browser, base_url, DESKTOP)
    _open(page, SEED_KEYBOARD)
    wait_for_turn(page)
    # your opening ti: face down, its faces shown only to you, 9 huxi under it
    ti = page.locator("[data-testid=seat-0] .group[data-kind=ti][data-face=down]")
    expect(ti).to_have_count(1)
    assert _codes(ti.locator(".card")) == ["s4"] * 4
    expect(ti).to_have_attribute("data-huxi", "9")
    made = play_deal(page, keyboard=True)
    kinds = {a.split()[0] for a in made["actions"]}
    assert {"discard", "chi", "win"} <= kinds, made["actions"]
    assert any(s.startswith("Your compulsory wei of ") for s in made["statuses"]), made
    record = check_result_against_record(page, SEED_KEYBOARD)
    assert record["result"]["winner"] == 0
    assert not page.errors  # type: ignore[attr-defined]


def test_dead_hand_explained(browser: Browser, base_url: str) -> None:
    page = new_page(browser, base_url, DESKTOP)
    _open(page, SEED_DEAD)
    play_deal(page)
    log = page.locator("[data-testid=log]")
    expect(log).to_contain_text("You made a wei of")
    expect(log).to_contain_text("Your hand is dead")
    mark = page.locator("[data-testid=seat-0] [data-testid=dead-mark]")
    expect(mark).to_have_text("Dead hand")
    assert str(mark.get_attribute("title")).startswith(
        "Your hand is dead: you can no longer take cards or win"
    )
    note = page.locator("[data-testid=dead-note]")
    assert note.text_content() == mark.get_attribute("title")
    assert "You keep revealing on your turns" in str(note.text_content())
    check_result_against_record(page, SEED_DEAD)
    # New deal: a fresh deal at the same table, nothing dead any more
    old_url = page.url
    page.locator("[data-testid=new-deal]").click()
    page.wait_for_function("(old) => window.location.href !== old", arg=old_url)
    assert wait_for_turn(page) in ("your-turn", "over")
    expect(page.locator("[data-testid=log] li").first).to_contain_text("New deal.")
    expect(page.locator("[data-testid=seat-0] [data-testid=dead-mark]")).to_have_count(0)
    check_hand(page)
    assert not page.errors  # type: ignore[attr-defined]


def test_long_group_names_stay_in_their_column(browser: Browser, base_url: str) -> None:
    """PHZ-11 (the winner's groups on the end sheet): a one-word kind longer than its column,
    Russian "Последовательность", breaks inside it (at the catalogue's soft hyphen) instead of
    running under the huxi."""
    page = new_page(browser, base_url, DESKTOP)
    page.goto("/ru/games/paohuzi/table?seed=2&level=greedy")
    play_deal_by_clicking(page)
    kinds = page.locator("[data-testid=result] .result-kind-name")
    assert "Последовательность" in [k.replace("\u00ad", "") for k in kinds.all_inner_texts()]
    spilled = page.evaluate("""() => [...document.querySelectorAll(
        '[data-testid=result] .result-kind, [data-testid=result] .result-kind *')]
        .filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent)""")
    assert spilled == []
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize("seed", [2, 7])
def test_a_stale_card_notice_names_a_card_that_is_stale(
    browser: Browser, base_url: str, seed: int
) -> None:
    """PHZ-12, decision A-PHZ-6: a chi or peng you pass up makes the card stale only if no
    higher claim took it first. The notice that says a card is now stale comes from the engine
    when the card goes, so it names only a card the stale list beside it holds too (on seed 2 a
    pass of your own revealed small 1 was called stale though AI 1 pengs it)."""
    page = new_page(browser, base_url, DESKTOP)
    page.goto(f"/en/games/paohuzi/table?seed={seed}&level=greedy")
    notice = page.locator("[data-role=news]")  # news of the deal: a polite status
    stale_list = page.locator("[data-testid=stale-list]")
    checked = 0
    for _ in range(200):
        state = wait_for_turn(page)
        text = notice.inner_text() if notice.is_visible() else ""
        found = re.search(r"passed up a (?:chi|peng|chi and a peng) of (.+?): it is now", text)
        if found and state == "your-turn":
            checked += 1
            assert stale_list.count() and found[1] in stale_list.inner_text(), (
                text,
                stale_list.all_inner_texts(),
            )
        if state == "over":
            break
        pass_else_answer(page)
    assert checked, "no stale-card notice came: pick another seed"
    assert not page.errors  # type: ignore[attr-defined]
