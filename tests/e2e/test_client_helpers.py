"""The table core's language helpers (static/table/core/strings.js, also in every hook's `ctx`),
in chromium: card lists and sentences in a row as each of the six languages writes them. The
module is imported in the page, where it is the one the table runs (a module loads once per
page), reading the page's language from its config."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from tests.e2e.conftest import DESKTOP
from tests.e2e.helpers import new_page

CARDS = ["большая 3 (參)", "большая 4 (肆)", "большая 5 (伍)"]
STRINGS = "/static/table/core/strings.js"


def helper(name: str) -> str:
    """A function for page.evaluate that calls the strings module's `name` with its argument."""
    return f"async (arg) => (await import({STRINGS!r}))[{name!r}](...arg)"


@pytest.mark.parametrize(
    ("lang", "listed", "said"),
    [
        ("en", ", ", "Ready. It waits for the end. Done!"),
        ("ru", ", ", "Ready. It waits for the end. Done!"),
        ("uk", ", ", "Ready. It waits for the end. Done!"),
        ("cs", ", ", "Ready. It waits for the end. Done!"),
        ("es", ", ", "Ready. It waits for the end. Done!"),
        ("zh", "、", "Ready。It waits for the end.Done!"),
    ],
)
def test_lists_and_sentences(
    browser: Browser, base_url: str, lang: str, listed: str, said: str
) -> None:
    page = new_page(browser, base_url, DESKTOP)
    page.goto(f"/{lang}/games/paohuzi/table?seed=1&level=greedy")
    page.locator("[data-testid=log] li").first.wait_for(state="attached")  # the table runs
    # every card name stays apart, whatever Intl's list patterns of the language would do
    assert page.evaluate(helper("joinList"), [CARDS]) == listed.join(CARDS)
    # a label gets its full stop; empty parts drop out; Chinese puts no space between
    got = page.evaluate(helper("sentences"), ["Ready", "", "It waits for the end.", "Done!"])
    assert got == said
    assert page.evaluate(helper("sentences"), ["更近。", "还差 1 张。"]) == (
        "更近。还差 1 张。" if lang == "zh" else "更近。 还差 1 张。"
    )
    # a chi and its bi in a log line, a card's reason in its tooltip: Chinese punctuation in
    # Chinese (the log read "…小写三; 比：…", the tooltip "小写五: 属于…": usability walk)
    chinese = lang == "zh"
    assert page.evaluate(helper("joinParts"), [["a, b", "bi: c"]]) == (
        "a, b；bi: c" if chinese else "a, b; bi: c"
    )
    assert page.evaluate(helper("labelled"), ["小写五", "属于你的坎"]) == (
        "小写五：属于你的坎" if chinese else "小写五: 属于你的坎"
    )
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("lang", "two", "three"),
    [
        ("en", "AI 1 and AI 2", "You, AI 1, and AI 2"),
        ("es", "AI 1 y AI 2", "You, AI 1 y AI 2"),
        ("zh", "AI 1 和 AI 2", "You、AI 1 和 AI 2"),
        ("ru", "AI 1 и AI 2", "You, AI 1 и AI 2"),
    ],
)
def test_names_joined_by_and(
    browser: Browser, base_url: str, lang: str, two: str, three: str
) -> None:
    """Tied seats in Chuo Pai's end line: the language's "and"; Chinese spaces Latin names off
    its words as its catalog does ("AI 1 和 AI 2", not "AI 1和AI 2")."""
    page = new_page(browser, base_url, DESKTOP)
    page.goto(f"/{lang}/games/chuopai/table?seed=1&level=greedy")
    page.locator("[data-testid=log] li").first.wait_for(state="attached")  # the table runs
    assert page.evaluate(helper("joinAnd"), [["AI 1", "AI 2"]]) == two
    assert page.evaluate(helper("joinAnd"), [["You", "AI 1", "AI 2"]]) == three
    if lang == "zh":
        assert page.evaluate(helper("joinAnd"), [["你", "AI 2"]]) == "你和 AI 2"
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("lang", "loss", "low", "high"),
    [
        ("en", "0.8", "0.2", "-1.3"),
        ("zh", "0.8", "0.2", "-1.3"),
        ("ru", "0,8", "0,2", "-1,3"),
        ("uk", "0,8", "0,2", "-1,3"),
        ("cs", "0,8", "0,2", "-1,3"),
        ("es", "0,8", "0,2", "-1,3"),
    ],
)
def test_decimals_in_a_sentence_as_the_language_writes_them(
    browser: Browser, base_url: str, lang: str, loss: str, low: str, high: str
) -> None:
    """The review's and the hint's sentences carry decimals the server writes as text ("0.8"):
    the page writes them as its language does (a decimal comma in ru, uk, cs, es); counts and
    names are left as they are."""
    page = new_page(browser, base_url, DESKTOP)
    page.goto(f"/{lang}/games/sisepai/table?seed=1&level=greedy")
    page.locator("[data-testid=log] li").first.wait_for(state="attached")  # the table runs
    params = {"loss": "0.8", "low": "0.2", "high": "-1.3", "better": 61, "card": "AI 2", "x": 0.25}
    got = page.evaluate(helper("localNumbers"), [params])
    assert {k: got[k] for k in ("loss", "low", "high")} == {"loss": loss, "low": low, "high": high}
    assert got["better"] == 61 and got["card"] == "AI 2"
    assert got["x"] in ("0.3", "0,3")  # a number not whole: one decimal
    assert not page.errors  # type: ignore[attr-defined]
