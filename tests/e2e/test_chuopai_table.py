"""The Chuo Pai table in Debian's chromium (issue: the Chuo Pai table): whole deals by clicking,
with plays chosen both by selecting hand cards and pressing Play and by the play buttons, and by
keyboard only; the starting bonus, the piles and the winner shown are checked against the deal
record; screenshots at phone and desktop sizes, mid-deal and at the end."""

from __future__ import annotations

import re
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import DESKTOP, PHONE
from tests.e2e.helpers import (
    ENABLED,
    download_record,
    expect_accessible,
    expect_result,
    new_page,
    open_table,
    turn_status,
    wait_for_turn,
)

# Seed 4: you lead the first round and all three seats get the starting bonus (Nail + Two Reds),
# so the opening shows in the centre at your first decision; seed 5: AI 1 leads first.
BONUS_SEED = 4
OTHER_SEED = 5


def _open(page: Page, seed: int) -> None:
    open_table(page, "chuopai", "Chuo Pai", seed)


def _options(page: Page) -> list[str]:
    """The legal plays offered as buttons (the selection is empty: all of them)."""
    buttons = page.locator(f"[data-testid=play-option]{ENABLED}")
    return [str(buttons.nth(i).get_attribute("data-action")) for i in range(buttons.count())]


def play_by_selection(page: Page, action: str) -> None:
    """Select the cards of `action` in the hand, one click each, then press Play."""
    for code in action.split()[1:]:
        card = page.locator(
            f'[data-testid=hand-card][data-code="{code}"][aria-pressed="false"]{ENABLED}'
        ).first
        card.click()
    play = page.locator("[data-testid=play-selected]")
    expect(play).to_have_attribute("data-action", action)
    expect(play).to_have_attribute("aria-disabled", "false")
    # the play buttons narrow to the plays that use the selected cards
    for shown in _options(page):
        assert all(c in shown.split() for c in action.split()[1:]), (shown, action)
    play.click()


def play_deal(
    page: Page, shots: dict[int, str] | None = None, max_steps: int = 120
) -> dict[str, Any]:
    """Play one whole deal with the mouse: every third decision by selecting cards and pressing
    Play, the others by a play button. `shots` maps a decision number to a screenshot path."""
    made: dict[str, Any] = {"selected": 0, "button": 0, "statuses": set()}
    for step in range(max_steps):
        if wait_for_turn(page) == "over":
            return made
        status = turn_status(page)
        made["statuses"].add(
            "lead"
            if status.startswith("Your lead: ")
            else "beat"
            if status.startswith("You must beat ")
            else status
        )
        if shots and step in shots:
            page.screenshot(path=shots[step], full_page=True)
        options = _options(page)
        assert options, status
        # no plain pass: the engine passes for you when nothing beats (CP§3.2)
        assert page.locator("[data-testid=pass]").count() == 0
        choice = options[step % len(options)]
        if step % 3 == 0:
            play_by_selection(page, choice)
            made["selected"] += 1
        else:
            page.locator(f'[data-testid=play-option][data-action="{choice}"]').click()
            made["button"] += 1
        page.wait_for_timeout(30)
    raise AssertionError("the deal did not end")


def check_result_against_record(page: Page, seed: int) -> dict[str, Any]:
    """The end sheet's piles, points, winner or tie are those of the downloaded deal record."""
    record = download_record(page)
    assert record["format"] == "cardavia-deal/1" and record["game"] == "chuopai"
    assert record["seed"] == seed
    result = record["result"]
    bd = result["breakdown"]
    rows = page.locator("[data-testid=cp-score]")
    assert rows.count() == 3
    points = [int(str(rows.nth(i).get_attribute("data-points"))) for i in range(3)]
    assert points == sorted(points, reverse=True)  # the piles compared, biggest first
    names = {0: "You", 1: "AI\u00a01", 2: "AI\u00a02"}  # a no-break space keeps "AI 2" whole
    for s in bd["seats"]:
        row = page.locator(f'[data-testid=cp-score][data-player="{s["seat"]}"]')
        expect(row).to_have_attribute("data-points", str(s["points"]))
        text = row.inner_text()
        assert names[s["seat"]] in text and f"{s['points']} point" in text, text
        # every scored card is drawn: the bonus cards and each won play
        codes = [str(c.get_attribute("data-code")) for c in row.locator(".card").all()]
        assert sorted(codes) == sorted(s["bonus"] + [c for w in s["banked"] for c in w]), codes
        if s["unplayed"]:
            assert f"Left in hand, not scored: {len(s['unplayed'])} card" in text, text
        chip = page.locator(f"[data-testid=seat-{s['seat']}] [data-testid=pile-count]")
        expect(chip).to_have_attribute("data-points", str(s["points"]))
    title = page.locator("#result-heading").inner_text()
    status = page.locator("[data-testid=turn-status]")
    winner = result["winner"]
    if winner is None:
        assert title.startswith("Tie"), title
        expect(status).to_contain_text("Tie")
        for seat in bd["tied"]:
            expect(page.locator(f'[data-testid=cp-score][data-player="{seat}"]')).to_have_attribute(
                "data-tied", "true"
            )
    else:
        assert title == ("You won!" if winner == 0 else f"AI\u00a0{winner} won"), title
        expect(status).to_have_text("You won!" if winner == 0 else f"AI {winner} won")
        expect(page.locator(f'[data-testid=cp-score][data-player="{winner}"]')).to_have_attribute(
            "data-winner", "true"
        )
        assert page.locator("[data-testid=cp-score][data-winner]").count() == 1
    return record


@pytest.mark.parametrize(
    ("name", "viewport", "seed"),
    [
        ("1366", DESKTOP, BONUS_SEED),
        ("360", PHONE, OTHER_SEED),
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
    # the starting bonus, as dealt: remembered here, checked against the record at the end
    bonus = {
        int(str(e.get_attribute("data-player"))): sorted(str(e.get_attribute("data-code")).split())
        for e in page.locator("[data-testid=trick-play][data-kind=bonus]").all()
    }
    bonus_lines = page.locator("[data-testid=log] li", has_text="Starting bonus").count()
    if seed == BONUS_SEED:
        assert len(bonus) == 3 and bonus_lines == 3, bonus
        expect(page.locator("[data-role=centre]")).to_contain_text("Starting bonus")
    hand = page.locator("[data-testid=hand-card]")
    families = [str(hand.nth(i).get_attribute("data-family")) for i in range(hand.count())]
    order = ["main", "yao", "black", "red"]
    assert families == sorted(families, key=order.index)  # the hand grouped by family
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]

    # every text the trick's note shows while the AI seats answer (it changes between turns)
    page.evaluate("""() => {
      const note = document.querySelector("[data-testid=trick-note]");
      window.trickNotes = [];
      new MutationObserver(() => window.trickNotes.push(note.textContent))
        .observe(note, { childList: true, characterData: true, subtree: true });
    }""")
    made = play_deal(page, shots={3: str(screenshots / f"chuopai-{name}-mid.png")})
    assert made["selected"] >= 1 and made["button"] >= 1, made
    expect_result(page)
    # you are "your" inside a sentence, never "by You" (the note, the sheet's pile labels)
    notes = page.evaluate("window.trickNotes")
    assert any(n.startswith("Current highest play: your ") for n in notes), notes
    labels = page.locator("[aria-label]").evaluate_all("els => els.map(e => e.ariaLabel)")
    assert "Your scored pile" in labels, labels
    assert not [x for x in notes + labels if re.search(r"\b(by|of|from) You\b", x)]
    page.screenshot(path=str(screenshots / f"chuopai-{name}-over.png"), full_page=True)
    # you lead ("Your lead: …") and are told what you must beat ("You must beat Man 4-4 …")
    assert made["statuses"] <= {"lead", "beat"}, made["statuses"]
    assert "lead" in made["statuses"]
    assert "beat" in made["statuses"] or seed != OTHER_SEED
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]

    record = check_result_against_record(page, seed)
    expect_accessible(page)
    shown_bonus = {
        s["seat"]: sorted(s["bonus"]) for s in record["result"]["breakdown"]["seats"] if s["bonus"]
    }
    assert bonus == shown_bonus or seed != BONUS_SEED, (bonus, shown_bonus)
    assert not page.errors  # type: ignore[attr-defined]


def test_whole_deal_by_keyboard(browser: Browser, base_url: str) -> None:
    """Everything from the keyboard: number keys for the play buttons; when you lead, the
    focused hand card is selected with Enter and played with P."""
    page = new_page(browser, base_url, DESKTOP)
    _open(page, OTHER_SEED)
    made = {"number": 0, "selected": 0}
    for _ in range(120):
        if wait_for_turn(page) == "over":
            break
        focused_card = page.evaluate(
            "document.activeElement && document.activeElement.dataset.testid === 'hand-card'"
            " && document.activeElement.getAttribute('aria-disabled') === 'false'"
        )
        if turn_status(page).startswith("Your lead") and focused_card:
            page.keyboard.press("ArrowRight")
            page.keyboard.press("ArrowLeft")
            page.keyboard.press("Enter")
            expect(page.locator("[data-testid=play-selected]")).to_have_attribute(
                "aria-disabled", "false"
            )
            page.keyboard.press("p")
            made["selected"] += 1
        else:
            page.keyboard.press("1")
            made["number"] += 1
        page.wait_for_timeout(30)
    expect_result(page)
    assert made["selected"] >= 1 and made["number"] >= 1, made
    assert not page.errors  # type: ignore[attr-defined]


def test_a_selection_that_is_no_play_says_why_in_plain_sight(
    browser: Browser, base_url: str
) -> None:
    """On a phone a tooltip is out of reach: two cards that share no play (CP§3.1) get the
    disabled Play's reason as a line under the buttons, in place of the unrelated plays, and
    the hand below does not move."""
    page = new_page(browser, base_url, PHONE)
    _open(page, OTHER_SEED)
    for _ in range(40):
        assert wait_for_turn(page) != "over", "no lead came"
        if turn_status(page).startswith("Your lead: "):
            break
        page.locator(f"[data-testid=play-option]{ENABLED}").first.click()
    plays = [a.split()[1:] for a in _options(page)]
    codes = [
        str(c.get_attribute("data-code")) for c in page.locator("[data-testid=hand-card]").all()
    ]
    apart = next(
        (a, b) for a in codes for b in codes if a != b and not any(a in p and b in p for p in plays)
    )
    hand_top = "() => document.querySelector('[data-testid=hand]').getBoundingClientRect().top"
    before = page.evaluate(hand_top)
    why = page.locator("[data-testid=action-why]")
    for code in apart:
        page.locator(f'[data-testid=hand-card][data-code="{code}"]').first.click()
    play = page.locator("[data-testid=play-selected]")
    expect(play).to_have_attribute("aria-disabled", "true")
    expect(why).to_be_visible()
    expect(why).to_have_text(str(play.get_attribute("aria-description")))
    expect(why).to_contain_text("not a play")
    assert page.locator("[data-testid=play-option]").count() == 0
    assert abs(page.evaluate(hand_top) - before) <= 1, "the hand moved"
    # a tap on Play says why as a notice; it was about that selection, so Clear takes it away
    notice = page.locator("[data-role=notice]")
    play.click(force=True)  # aria-disabled: Playwright would wait for it to be enabled
    expect(notice).to_contain_text("not a play")
    page.locator("[data-testid=clear-selection]").click()
    expect(why).to_have_count(0)
    expect(notice).to_be_hidden()
    assert len(_options(page)) == len(plays)
    # a selection that is a play says nothing more: Play is enabled
    page.locator(f'[data-testid=hand-card][data-code="{apart[0]}"]').first.click()
    expect(play).to_have_attribute("aria-disabled", "false")
    expect(why).to_have_count(0)
    page.locator("[data-testid=clear-selection]").click()
    # part of a bigger play but not a play itself: the row narrows to those plays, with no line
    # that would push the hand down
    part = next(
        list(two)
        for p in plays
        if len(p) >= 3
        for two in combinations(p, 2)
        if sorted(two) not in map(sorted, plays)
    )
    for code in part:
        page.locator(
            f'[data-testid=hand-card][data-code="{code}"][aria-pressed="false"]'
        ).first.click()
    expect(play).to_have_attribute("aria-disabled", "true")
    expect(page.locator("[data-testid=play-option]")).not_to_have_count(0)
    expect(why).to_have_count(0)
    assert abs(page.evaluate(hand_top) - before) <= 1, "the hand moved"
    assert not page.errors  # type: ignore[attr-defined]


def test_news_of_a_forced_move_goes_with_its_round(browser: Browser, base_url: str) -> None:
    """CP§3.2: the engine passes or plays for you when you have no choice, and a notice says so,
    politely (a status, not an alert: it is no error), and not read out (its log line is). That
    is news of its round: at your next lead (a new round) it is gone, rather than sitting under
    the new prompt and contradicting it. The log keeps it."""
    page = new_page(browser, base_url, PHONE)
    _open(page, OTHER_SEED)
    notice = page.locator("[data-role=news]")
    log = page.locator("[data-testid=log]")
    # every text put in either notice region, with the region's role (a round that ends at once
    # clears it in the same task under reduced motion, so the texts come from the mutation
    # records)
    page.evaluate("""() => { window.__notices = [];
      for (const n of document.querySelectorAll('[data-role=notice], [data-role=news]')) {
        new MutationObserver((records) => { for (const r of records) for (const a of r.addedNodes)
          window.__notices.push([n.getAttribute('role'), a.textContent,
                                 n.getAttribute('aria-live')]); }
        ).observe(n, { childList: true }); } }""")
    checked = 0  # leads of yours that came after a forced move of yours
    for _ in range(120):
        if wait_for_turn(page) == "over":
            break
        if turn_status(page).startswith("Your lead: "):
            assert not notice.is_visible(), notice.inner_text()
            text = log.inner_text()
            checked += text.count("so you passed") + text.count("the only play you could") > 0
        page.locator(f"[data-testid=play-option]{ENABLED}").first.dispatch_event("click")
    assert checked, "no lead of yours came after a forced move: pick another seed"
    notices = page.evaluate("window.__notices")
    assert notices, "no forced-move notice came: pick another seed"
    assert all(role == "status" for role, _, _ in notices), notices  # news, not an error
    # shown, not read out: its log line says the same (a screen reader heard both, audit)
    assert all(live == "off" for _, _, live in notices), notices
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize("viewport", [PHONE, {"width": 390, "height": 844}, DESKTOP])
def test_a_six_card_play_stays_in_its_column(
    browser: Browser, base_url: str, viewport: dict[str, int]
) -> None:
    """CP§3.9: seed 1's first decision shows a finished round of two six-card plays (AI 2's Di
    Ba and your Tian Jiu, both three pairs). Each play's cards stay inside its own column of the
    trick, and the columns inside the felt: on a phone they narrow to fit instead of covering the
    next play."""
    page = new_page(browser, base_url, viewport)
    _open(page, 1)
    assert wait_for_turn(page) == "your-turn"
    boxes = page.evaluate("""() => [...document.querySelectorAll('[data-testid=trick] .cp-play')]
      .map((p) => { const col = p.getBoundingClientRect();
        const cards = [...p.querySelectorAll('.card')].map((c) => c.getBoundingClientRect());
        return { col: [col.left, col.right], n: cards.length,
          cards: cards.length ? [Math.min(...cards.map((c) => c.left)),
                                 Math.max(...cards.map((c) => c.right))] : null }; })""")
    felt = page.locator("[data-testid=trick]").bounding_box()
    assert felt is not None and max(b["n"] for b in boxes) == 6, boxes
    for box in boxes:
        left, right = box["col"]
        assert felt["x"] - 0.5 <= left and right <= felt["x"] + felt["width"] + 0.5, (box, felt)
        if box["cards"]:
            assert left - 0.5 <= box["cards"][0] and box["cards"][1] <= right + 0.5, box
    for a, b in combinations(boxes, 2):  # no two columns overlap
        assert a["col"][1] <= b["col"][0] + 0.5 or b["col"][1] <= a["col"][0] + 0.5, (a, b)
    assert not page.errors  # type: ignore[attr-defined]


def test_while_the_ai_seats_play_the_status_names_the_seat_to_play(
    browser: Browser, base_url: str
) -> None:
    """CP§3.4: with moves shown one by one (no reduced motion), "AI n is playing…" names the
    seat the To play badge is on; at a round's end that is the next leader (the round's winner),
    not the seat that passed last."""
    context = browser.new_context(
        base_url=base_url,
        viewport=PHONE,  # type: ignore[arg-type]
        reduced_motion="no-preference",
    )
    page = context.new_page()
    page.goto("/en/games/chuopai/table?seed=5&level=greedy")
    page.evaluate("""() => { const status = document.querySelector('[data-testid=turn-status]');
      window.__seen = [];
      const watch = new MutationObserver(() => {
        const on = document.querySelector('.seat.is-active');
        window.__seen.push([status.textContent, on ? on.dataset.seat : null]); });
      watch.observe(status, { childList: true, characterData: true, subtree: true });
      for (const seat of document.querySelectorAll('.seat')) {
        watch.observe(seat, { attributes: true, attributeFilter: ['class'] }); } }""")
    rounds = 0
    for _ in range(6):
        if wait_for_turn(page) == "over":
            break
        rounds += 1
        page.locator(f"[data-testid=play-option]{ENABLED}").first.dispatch_event("click")
        page.wait_for_function(
            "() => document.querySelector('[data-testid=table]').dataset.state !== 'your-turn'"
        )
    seen = page.evaluate("window.__seen")
    playing = [(text, on) for text, on in seen if text.endswith("is playing…")]
    assert rounds >= 3 and len(playing) >= 5, seen
    for text, on in playing:
        if on not in (None, "0"):  # your own lead is next: the decision's status comes at once
            assert text == f"AI\u00a0{on} is playing…", (text, on, seen)
    context.close()


def test_a_seats_pile_chip_stays_clear_of_its_cards_on_a_phone(
    browser: Browser, base_url: str
) -> None:
    """On a phone a seat's head is narrow: its pile chip ("Зачёт: 3 карты") wraps inside it
    rather than run under the cards drawn beside the head (QA: the word was cut off)."""
    page = new_page(browser, base_url, PHONE)
    page.goto("/ru/games/chuopai/table?seed=5&level=greedy")
    wait_for_turn(page)
    overlaps = page.evaluate(
        """() => [...document.querySelectorAll('.cp-pile-chip')].flatMap((chip) => {
          const c = chip.getBoundingClientRect();
          return [...chip.closest('.seat').querySelectorAll('.card')]
            .map((card) => card.getBoundingClientRect())
            .filter((r) => r.left < c.right && c.left < r.right && r.top < c.bottom
                           && c.top < r.bottom)
            .map(() => chip.textContent);
        })"""
    )
    assert page.locator(".cp-pile-chip").count() >= 2
    assert not overlaps, overlaps
    assert not page.errors  # type: ignore[attr-defined]


# Every word of a round's plays, its effective opacity and its contrast (WCAG 2) against its
# play's ground laid on the felt's lightest green (#2a6a4f, the centre of its gradient): axe
# cannot judge text on the felt's gradient, so it is measured here.
_WORDS_CONTRAST = """() => {
    const rgba = (c) => {
        const v = c.match(/[\\d.]+/g).map(Number);
        return [v[0], v[1], v[2], v.length > 3 ? v[3] : 1];
    };
    const over = (top, under) =>
        top.slice(0, 3).map((x, i) => x * top[3] + under[i] * (1 - top[3]));
    const lin = (v) => (v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    const lum = (rgb) => {
        const [r, g, b] = rgb.map(lin);
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const felt = [42, 106, 79];
    const words = '.cp-play-who, .cp-play-who strong, .cp-play-kind, .cp-play-tag';
    const found = [];
    for (const play of document.querySelectorAll('.cp-trick .cp-play')) {
        const ground = over(rgba(getComputedStyle(play).backgroundColor), felt);
        for (const el of play.querySelectorAll(words)) {
            if (!el.textContent.trim() || !el.getClientRects().length) continue;
            let opacity = 1;
            for (let a = el; a && a !== document.body; a = a.parentElement) {
                opacity *= Number(getComputedStyle(a).opacity);
            }
            const ink = rgba(getComputedStyle(el).color);
            const shown = over([ink[0], ink[1], ink[2], ink[3] * opacity], ground);
            const [x, y] = [lum(shown), lum(ground)].sort((p, q) => q - p);
            found.push({
                text: el.textContent.trim(),
                high: play.classList.contains('is-high'),
                done: !!play.closest('[data-kind="done"]'),
                ratio: (x + 0.05) / (y + 0.05),
            });
        }
    }
    return found;
}"""


def test_the_words_of_a_round_read_at_4_5_to_1(browser: Browser, base_url: str) -> None:
    """The highest play's gold tag ("Highest", "Wins the round") and words, and a finished
    round's other plays, were 3.4–4.3:1 on the felt (accessibility audit): a gold-tinted
    ground and the whole play dimmed. Each word of each round shown over a deal reads at
    4.5:1 or more, the highest play's and a finished round's included."""
    page = new_page(browser, base_url, DESKTOP)
    _open(page, OTHER_SEED)
    seen = {"high": 0, "done": 0}
    for _ in range(60):
        if wait_for_turn(page) == "over":
            break
        for word in page.evaluate(_WORDS_CONTRAST):
            assert word["ratio"] >= 4.5, word
            seen["high"] += word["high"]
            seen["done"] += word["done"] and not word["high"]
        page.locator(f"[data-testid=play-option]{ENABLED}").first.dispatch_event("click")
    assert seen["high"] and seen["done"], seen
    assert not page.errors  # type: ignore[attr-defined]
