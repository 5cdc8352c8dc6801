"""Rules at hand and cards on the first pages (usability review M4, M5 and m4; issue 24), in a
real browser: the Full rules page has contents that reach every section (beside the text on a
desktop, folded at the top of a phone's), its summary of groups and scoring comes first; the
table opens the rules, summary first, in a drawer over the deal, by keyboard too (Escape closes
it, the focus returns); the card traditions and deck pages show their cards; and a deal of
another game opened at a table leads to that game's table."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from cardavia.render.decks import codes
from tests.e2e.conftest import ARTIFACTS, DESKTOP, PHONE
from tests.e2e.helpers import TIMEOUT, new_page, wait_for_turn

SHOTS = ARTIFACTS


def _in_view(page: Page, selector: str) -> bool:
    return bool(
        page.evaluate(
            """(s) => { const r = document.querySelector(s).getBoundingClientRect();
                return r.top >= -1 && r.top < window.innerHeight; }""",
            selector,
        )
    )


def test_desktop_rules_have_contents_beside_the_text(browser: Browser, base_url: str) -> None:
    page = new_page(browser, base_url, DESKTOP)
    page.goto("/en/games/nantong/rules")
    toc = page.locator("[data-testid=rules-toc]")
    expect(toc.locator("details")).to_have_attribute("open", "")
    # the summary of groups and scoring comes first, on the first screen
    summary = page.locator("[data-testid=rules-summary]")
    expect(summary).to_be_visible()
    assert _in_view(page, "[data-testid=rules-summary]")
    assert summary.locator("img.card").count() >= 10
    # a subsection's link: the section at the top of the window, its anchor in the URL
    toc.get_by_role("link", name="Base hu").click()
    page.wait_for_url("**/rules#base-hu")
    assert _in_view(page, "#base-hu")
    # the contents stay beside the text, wherever one is in it
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    assert (
        page.evaluate(
            "document.querySelector('[data-testid=rules-toc]').getBoundingClientRect().top"
        )
        < 100
    )
    page.screenshot(path=str(SHOTS / "rules-contents-desktop.png"))
    # the same anchor in another language reaches the same section
    page.goto("/zh/games/nantong/rules#base-hu")
    expect(page.locator("#base-hu")).to_contain_text("底胡")
    assert _in_view(page, "#base-hu")
    assert not page.errors  # type: ignore[attr-defined]


def test_phone_rules_fold_their_contents_at_the_top(browser: Browser, base_url: str) -> None:
    page = new_page(browser, base_url, PHONE)
    page.goto("/ru/games/nantong/rules")
    details = page.locator("[data-testid=rules-toc] details")
    expect(details).not_to_have_attribute("open", "")
    # the summary, not twenty screens of text, follows the heading
    top = page.evaluate(
        "document.querySelector('[data-testid=rules-summary]').getBoundingClientRect().top"
    )
    assert top < PHONE["height"], top
    details.locator("summary").click()
    details.get_by_role("link", name="Расчёт").click()
    page.wait_for_url("**/rules#settlement")
    assert _in_view(page, "#settlement")
    # and from the end of the page, back to the contents
    page.locator("[data-testid=to-contents]").click()
    assert _in_view(page, "#contents")
    expect(details).to_have_attribute("open", "")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=str(SHOTS / "rules-contents-phone.png"))
    assert not page.errors  # type: ignore[attr-defined]


def _open_table(page: Page, lang: str, game: str) -> None:
    page.goto(f"/{lang}/games/{game}/table?seed=3&level=greedy")
    assert wait_for_turn(page) == "your-turn"


def test_the_table_opens_the_rules_in_a_drawer_by_keyboard(browser: Browser, base_url: str) -> None:
    page = new_page(browser, base_url, DESKTOP)
    _open_table(page, "en", "paohuzi")
    url = page.url
    opener = page.locator("[data-testid=rules-open]")
    # a disclosure from the first (it had no aria-expanded until opened once: audit)
    expect(opener).to_have_attribute("aria-expanded", "false")
    opener.focus()
    page.keyboard.press("Enter")
    drawer = page.locator("[data-testid=rules-drawer]")
    expect(drawer).to_be_visible()
    # summary first, in view; the focus inside the drawer
    assert _in_view(page, "#rules-drawer [data-testid=rules-summary]")
    expect(drawer.locator("[data-testid=rules-summary] h2")).to_be_in_viewport()
    assert page.evaluate("document.getElementById('rules-drawer').contains(document.activeElement)")
    # a key typed in the drawer is not a move at the table: H asks no hint
    page.keyboard.press("h")
    expect(page.locator("[data-testid=hint-line]")).to_be_empty()
    # the full rules are there too, a section's link scrolls the drawer and keeps the deal's URL
    drawer.get_by_role("link", name="4. Scoring and end").click()
    expect(drawer.locator("#scoring-and-end")).to_be_in_viewport()
    assert page.url == url
    page.screenshot(path=str(SHOTS / "rules-drawer-desktop.png"))
    page.keyboard.press("Escape")
    expect(drawer).to_be_hidden()
    expect(opener).to_be_focused()
    # the deal goes on where it was
    assert page.url == url and wait_for_turn(page) == "your-turn"
    assert not page.errors  # type: ignore[attr-defined]


def test_on_a_phone_the_rules_drawer_is_a_full_height_sheet(
    browser: Browser, base_url: str
) -> None:
    page = new_page(browser, base_url, PHONE)
    _open_table(page, "zh", "sisepai")
    page.locator("[data-testid=rules-open]").click()
    drawer = page.locator("[data-testid=rules-drawer]")
    expect(drawer).to_be_visible()
    box = drawer.bounding_box()
    assert box is not None
    assert box["width"] >= PHONE["width"] - 1 and box["height"] >= PHONE["height"] - 1, box
    expect(drawer.locator("[data-testid=rules-summary] h2")).to_have_text("一览：牌组与计分")
    page.screenshot(path=str(SHOTS / "rules-drawer-phone-zh.png"))
    page.locator("[data-testid=rules-close]").click()
    expect(drawer).to_be_hidden()
    expect(page.locator("[data-testid=rules-open]")).to_be_focused()
    assert not page.errors  # type: ignore[attr-defined]


def _loaded(page: Page, selector: str) -> int:
    return int(
        page.evaluate(
            """(s) => [...document.querySelectorAll(s)]
                .filter((i) => i.complete && i.naturalWidth > 0).length""",
            selector,
        )
    )


def test_the_first_pages_show_each_traditions_cards(browser: Browser, base_url: str) -> None:
    for viewport, name in ((PHONE, "phone"), (DESKTOP, "desktop")):
        page = new_page(browser, base_url, viewport)
        page.goto("/zh/")
        fans = page.locator("[data-testid=card-fan]")
        expect(fans).to_have_count(4)
        for i in range(4):
            fan = fans.nth(i)
            expect(fan.locator("img").first).to_be_visible()
            assert fan.locator("img").count() >= 6
            # the cards stay inside their tile at any width
            assert fan.evaluate("f => f.scrollWidth <= f.clientWidth + 1")
        page.wait_for_load_state("networkidle")
        assert (
            _loaded(page, "[data-testid=card-fan] img")
            == page.locator("[data-testid=card-fan] img").count()
        )
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        page.screenshot(path=str(SHOTS / f"home-cards-{name}.png"), full_page=True)
        page.goto("/ru/decks/sichuan-cards")
        gallery = page.locator("[data-testid=deck-cards] img")
        expect(gallery).to_have_count(len(codes("chuopai")))
        gallery.last.scroll_into_view_if_needed()
        expect(gallery.first).to_have_attribute("alt", "Небо 6-6")
        page.wait_for_load_state("networkidle")
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        page.wait_for_function(
            "() => [...document.querySelectorAll('[data-testid=deck-cards] img')]"
            ".every((i) => i.complete && i.naturalWidth > 0)",
            timeout=TIMEOUT,
        )
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        page.screenshot(path=str(SHOTS / f"deck-cards-{name}.png"), full_page=True)
        assert not page.errors  # type: ignore[attr-defined]


def test_a_deal_of_another_game_opens_at_its_own_table(browser: Browser, base_url: str) -> None:
    page = new_page(browser, base_url, DESKTOP)
    page.goto("/en/")
    deal = page.request.post("/api/games", data={"game": "nantong", "seed": 5}).json()["id"]
    page.goto(f"/en/games/sisepai/table?deal={deal}")
    assert page.url.endswith(f"/en/games/nantong/table?deal={deal}")
    # shown (watched: its seat token is the request's, not this browser's), not stuck dealing
    expect(page.locator("h1")).to_have_text("Nantong long cards")
    expect(page.locator("[data-testid=seat-1] [data-role=count]")).not_to_be_empty()
    expect(page.locator("[data-testid=turn-status]")).not_to_have_text("Dealing the cards…")
    # nothing of it lands in the Sì Sè Pái table's slot
    assert page.evaluate("localStorage.getItem('cardavia.deal.sisepai')") is None
    assert not page.errors  # type: ignore[attr-defined]
