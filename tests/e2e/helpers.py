"""Driving the Sì Sè Pái table in a browser, as a player does."""

from __future__ import annotations

import json
import re
from collections import deque
from typing import Any
from urllib.parse import parse_qs, urlparse

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

ENABLED = '[aria-disabled="false"]'
TIMEOUT = 30_000


def new_page(
    browser: Browser,
    base_url: str,
    viewport: dict[str, int],
    touch: bool = False,
    motion: bool = False,
) -> Page:
    """A page in a fresh context with reduced motion (a touch screen's, with `touch`; smooth
    scrolls and paced moves, with `motion`); the page's JS errors collect in `page.errors`
    (each test ends with `assert not page.errors`)."""
    context = browser.new_context(
        base_url=base_url,
        viewport=viewport,  # type: ignore[arg-type]
        reduced_motion="no-preference" if motion else "reduce",
        has_touch=touch,
        is_mobile=touch,
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.errors = errors  # type: ignore[attr-defined]
    # the API's last answers, for a failure's message (table_shows)
    answers: deque[str] = deque(maxlen=16)
    page.on("request", lambda r: _note_api(answers, r.method, r.url, "sent"))
    page.on("response", lambda r: _note_api(answers, r.request.method, r.url, str(r.status)))
    page.api_answers = answers  # type: ignore[attr-defined]
    return page


def _note_api(answers: deque[str], method: str, url: str, what: str) -> None:
    """An API request sent or answered (its status), in the order they came."""
    parts = urlparse(url)
    if parts.path.startswith("/api/"):
        answers.append(f"{method} {parts.path}{'?' + parts.query if parts.query else ''} {what}")


def open_table(page: Page, game: str, name: str, seed: int) -> None:
    """Open the English table of `game` (shown as `name`) on a fixed seed; it must be served."""
    response = page.goto(f"/en/games/{game}/table?seed={seed}&level=greedy")
    assert response is not None and response.status == 200, (
        f"the {name} table is not served: is {game} playable in traditions.py?"
    )


def turn_status(page: Page) -> str:
    return page.locator("[data-testid=turn-status]").inner_text()


def download_record(page: Page) -> dict[str, Any]:
    """The deal record behind the end sheet's download link."""
    href = page.get_attribute("[data-testid=download-record]", "href")
    assert href is not None
    record: dict[str, Any] = json.loads(page.request.get(href).text())
    return record


def wait_for_turn(page: Page) -> str:
    """Wait until the table hands over to the human or the deal is over; return the state."""
    try:
        page.wait_for_function(
            "() => ['your-turn', 'over'].includes("
            "document.querySelector('[data-testid=table]').dataset.state)",
            timeout=TIMEOUT,
        )
    except PlaywrightTimeoutError:
        raise AssertionError(f"not your turn nor over: {table_shows(page)}") from None
    return str(page.get_attribute("[data-testid=table]", "data-state"))


def answer_in_place(page: Page) -> None:
    """Make the decision with the first enabled answer button, else the first enabled hand card,
    by a dispatched click (unlike a real one it neither scrolls nor moves the focus), and wait
    for its line in the log."""
    button = page.locator(f"[data-role=actions] button{ENABLED}")
    target = (
        button.first
        if button.count()
        else (page.locator(f"[data-testid=hand-card]{ENABLED}").first)
    )
    logged = log_length(page)
    target.dispatch_event("click")
    wait_for_log_past(page, logged)


def pass_else_answer(page: Page) -> None:
    """Pass when passing is offered (Paohuzi: the card turns stale for the claims passed up),
    else answer in place; wait for the move's line in the log."""
    logged = log_length(page)
    passing = page.locator(f"[data-testid=pass]{ENABLED}")
    if passing.count():
        passing.dispatch_event("click")
    else:
        answer_in_place(page)
    if log_length(page) == logged:
        wait_for_log_past(page, logged)


def log_length(page: Page) -> int:
    return page.locator("[data-testid=log] li").count()


def wait_for_log_past(page: Page, logged: int) -> None:
    """Wait until the log has more than `logged` lines: the decision just made has landed; if
    it does not, fail with what the table shows (a rare timeout is then worth reading)."""
    try:
        page.wait_for_function(
            "n => document.querySelectorAll('[data-testid=log] li').length > n",
            arg=logged,
            timeout=TIMEOUT,
        )
    except PlaywrightTimeoutError:
        raise AssertionError(f"no new log line past {logged}: {table_shows(page)}") from None


def table_shows(page: Page) -> dict[str, Any]:
    """The table's state, version, notice, status, answers and last log lines, and the API's
    last answers (for a failure)."""
    api = list(getattr(page, "api_answers", []))
    try:
        shown = page.evaluate(
            """() => {
                const text = (s) => {
                    const e = document.querySelector(s);
                    return e ? e.textContent.trim() : null;
                };
                const table = document.querySelector('[data-testid=table]');
                return {
                    url: location.href,
                    state: table && table.dataset.state,
                    version: table && table.dataset.version,
                    notice: text('[data-role=notice]'),
                    status: text('[data-testid=turn-status]'),
                    answers: [...document.querySelectorAll('[data-role=actions] button')].map(
                        (b) => `${b.dataset.action}:${b.getAttribute('aria-disabled')}`),
                    log: [...document.querySelectorAll('[data-testid=log] li')]
                        .slice(-4).map((l) => l.textContent.trim()),
                };
            }"""
        )
    except PlaywrightError as error:  # the page crashed or closed: its error, not this one
        shown = {"page": str(error)}
    return {"api": api, **shown}


def discarding(page: Page) -> bool:
    return page.locator(f"[data-testid=hand-card]{ENABLED}").count() > 0


def play_deal_by_clicking(page: Page, claim: bool = True, max_steps: int = 300) -> dict[str, int]:
    """Play one whole deal with the mouse: win when allowed, claim (or pass), discard the first
    discardable card. Returns how many of each decision were made."""
    made = {"win": 0, "claim": 0, "pass": 0, "discard": 0}
    for _ in range(max_steps):
        if wait_for_turn(page) == "over":
            return made
        win = page.locator(f"[data-testid=win]{ENABLED}")
        claims = page.locator(f"[data-testid=claim-option]{ENABLED}")
        if win.count():
            win.first.click()
            made["win"] += 1
        elif discarding(page):
            page.locator(f"[data-testid=hand-card]{ENABLED}").first.click()
            made["discard"] += 1
        elif claim and claims.count():
            claims.first.click()
            made["claim"] += 1
        else:
            page.locator(f"[data-testid=pass]{ENABLED}").click()
            made["pass"] += 1
        page.wait_for_timeout(50)  # let the click hand the decision over
    raise AssertionError("the deal did not end")


def expect_result(page: Page) -> None:
    result = page.locator("[data-testid=result]")
    expect(result).to_be_visible(timeout=TIMEOUT)
    expect(page.locator("[data-testid=new-deal]")).to_be_visible()
    expect(page.locator("[data-testid=download-record]")).to_be_visible()


def deal_id(page: Page) -> str:
    """The deal the table shows (it writes `?deal=` into the URL once the deal exists)."""
    page.wait_for_url(re.compile(r"[?&]deal="), timeout=TIMEOUT)
    return parse_qs(urlparse(page.url).query)["deal"][0]


def seat_token(page: Page, deal: str) -> str | None:
    """The seat token the page's browser keeps for `deal` (core/state.js)."""
    token = page.evaluate(
        "id => (JSON.parse(localStorage.getItem('cardavia.tokens') || '{}'))[id] || null", deal
    )
    return str(token) if token else None


def api_view(page: Page, deal: str) -> dict[str, Any]:
    """The deal's view as the page's seat sees it (with the seat token the page keeps)."""
    token = seat_token(page, deal)
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    # asked now and then, on a kept-alive connection the server may be closing as it idles out
    # (uvicorn's 5 s): a GET reset so is asked again, as a browser does (a CI run's one failure)
    answer = page.request.get(f"/api/games/{deal}", headers=headers, max_retries=2)
    view: dict[str, Any] = answer.json()["view"]
    return view


def share_seat(source: Page, target: Page, deal: str) -> None:
    """Give `target`'s browser the seat token `source` holds for `deal` (the same player on a
    second device), before `target` opens the deal."""
    token = seat_token(source, deal)
    assert token, "the source page holds no token for the deal"
    target.add_init_script(
        f"localStorage.setItem('cardavia.tokens', JSON.stringify({{{deal!r}: {token!r}}}))"
    )


def check_answers_in_the_log(page: Page) -> int:
    """Each of your claim answers (shown to you only) has its line in the page's log (English):
    "You passed", "You called a win" or "You called: <group>". Returns how many there were."""
    view = api_view(page, deal_id(page))
    answers = [e["action"] for e in view["log"] if e["kind"] == "answer" and e.get("seat") == 0]
    lines = page.get_by_test_id("log").locator("li").all_inner_texts()
    said = [x for x in lines if x.startswith(("You passed", "You called"))]
    assert len(said) == len(answers), (said, answers)
    for action, line in zip(answers, said, strict=True):
        if action == "pass":
            assert line == "You passed", (action, line)
        elif action == "win":
            assert line == "You called a win", (action, line)
        else:
            assert line.startswith("You called: ") and len(line) > len("You called: "), line
    check_lapsed_claims(page, view["log"])
    return len(answers)


# Events that are nobody's move (the table's `actor` is null for them).
NO_ACTOR = {"answer", "stale", "unclaimed", "deal", "hand", "exhausted", "drawn", "drew"}


def check_lapsed_claims(page: Page, log: list[dict[str, Any]]) -> int:
    """A claim of yours that another seat's claim outranked says so: the first move after your
    claim is the award, and when it is another seat's the log adds "AI 2's claim came first,
    so yours lapsed". Returns how many lapsed."""
    expected, out = [], False
    for e in log:
        seat = None if e["kind"] in NO_ACTOR else e.get("seat")
        if out and seat is not None:
            out = False
            if seat != 0:
                expected.append(f"AI\u00a0{seat}'s claim came first, so yours lapsed")
        if e["kind"] == "answer" and e.get("seat") == 0:
            out = e["action"] != "pass"
    shown = page.locator("[data-testid=log] li[data-kind=lapsed]").all_inner_texts()
    assert shown == expected, (shown, expected)
    return len(expected)


def expect_accessible(page: Page, where: str = "") -> None:
    """axe-core finds no violation on the page as it is now (test_accessibility.py)."""
    found = Axe().run(page).response["violations"]
    said = [f"{v['impact']} {v['id']}: {v['help']} at {v['nodes'][0]['target']}" for v in found]
    assert not found, [where, *said]


def finished_deal(page: Page, game: str, seed: int) -> tuple[str, str]:
    """A deal of `game` played to its end through the API (greedy AI seats; seat 0 plays its
    last legal action, or a win), whose seat token the page's browser then keeps, as the table
    does: (deal id, token). The page must be on the site."""
    made = page.request.post("/api/games", data={"game": game, "seed": seed, "level": "greedy"})
    assert made.status == 201, made.text()
    body = made.json()
    deal, token = body["id"], body["token"]
    auth = {"Authorization": f"Bearer {token}"}
    view = body["view"]
    for _ in range(400):
        if view["over"]:
            break
        legal = view["legal_actions"]
        if legal:
            action = "win" if "win" in legal else legal[-1]
            r = page.request.post(
                f"/api/games/{deal}/actions",
                data={"action": action, "version": view["version"]},
                headers=auth,
            )
        else:
            r = page.request.get(f"/api/games/{deal}?wait={view['version']}", headers=auth)
        assert r.ok, r.text()
        view = r.json()["view"]
    assert view["over"], "the deal did not end"
    page.evaluate(
        """([id, token]) => {
            const kept = JSON.parse(localStorage.getItem('cardavia.tokens') || '{}');
            localStorage.setItem('cardavia.tokens', JSON.stringify({...kept, [id]: token}));
        }""",
        [deal, token],
    )
    return deal, token


def replay_step(page: Page) -> int:
    """The step the replay page shows, once it shows one."""
    page.wait_for_selector("[data-testid=table][data-state=replay]", timeout=TIMEOUT)
    return int(page.get_attribute("[data-testid=table]", "data-step") or "-1")


def swipe_felt(page: Page, dx: int) -> None:
    """A finger's swipe across the middle of the felt (pointer events, as a touch screen sends)."""
    page.evaluate(
        """dx => {
            const felt = document.querySelector('[data-role=felt]');
            const box = felt.getBoundingClientRect();
            const x = box.left + box.width / 2, y = box.top + Math.min(box.height / 2, 200);
            const at = (type, px) => felt.dispatchEvent(new PointerEvent(type, {
                pointerId: 7, pointerType: 'touch', clientX: px, clientY: y, bubbles: true}));
            at('pointerdown', x - dx / 2);
            at('pointerup', x + dx / 2);
        }""",
        dx,
    )


def broken_words(page: Page, selector: str) -> list[str]:
    """The words in the elements `selector` matches that run over two lines or more, except at a
    soft hyphen (U+00AD, where a translation allows a long word to break)."""
    found: list[str] = page.evaluate(
        """selector => {
          const out = [];
          for (const el of document.querySelectorAll(selector)) {
            const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              const text = node.textContent;
              for (const m of text.matchAll(/\\S+/g)) {
                // each letter's line (its own box: the last of its range's, as a range that
                // starts after a soft hyphen also holds the hyphen drawn at the line's end)
                let last = null;
                for (let k = m.index; k < m.index + m[0].length; k++) {
                  if (text[k] === "\u00ad") continue;
                  const range = document.createRange();
                  range.setStart(node, k);
                  range.setEnd(node, k + 1);
                  const boxes = [...range.getClientRects()];
                  if (!boxes.length) continue;
                  const top = Math.round(boxes[boxes.length - 1].top);
                  if (last !== null && top !== last && text[k - 1] !== "\u00ad") {
                    out.push(m[0].replaceAll("\u00ad", ""));
                    break;
                  }
                  last = top;
                }
              }
            }
          }
          return out;
        }""",
        selector,
    )
    return found
