"""The table core's language helpers (static/table/core.js, `Cardavia.ctx`), in chromium: card
lists and sentences in a row as each of the six languages writes them."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from tests.e2e.conftest import DESKTOP
from tests.e2e.helpers import new_page

CARDS = ["большая 3 (參)", "большая 4 (肆)", "большая 5 (伍)"]


@pytest.mark.parametrize(("lang", "listed", "said"), [
    ("en", ", ", "Ready. It waits for the end. Done!"),
    ("ru", ", ", "Ready. It waits for the end. Done!"),
    ("uk", ", ", "Ready. It waits for the end. Done!"),
    ("cs", ", ", "Ready. It waits for the end. Done!"),
    ("es", ", ", "Ready. It waits for the end. Done!"),
    ("zh", "、", "Ready。It waits for the end.Done!"),
])
def test_lists_and_sentences(browser: Browser, base_url: str, lang: str, listed: str,
                             said: str) -> None:
    page = new_page(browser, base_url, DESKTOP)
    page.goto(f"/{lang}/games/paohuzi/table?seed=1&level=greedy")
    page.wait_for_function("window.Cardavia && window.Cardavia.ctx")
    # every card name stays apart, whatever Intl's list patterns of the language would do
    assert page.evaluate("c => Cardavia.ctx.joinList(c)", CARDS) == listed.join(CARDS)
    # a label gets its full stop; empty parts drop out; Chinese puts no space between
    got = page.evaluate(
        "() => Cardavia.ctx.sentences('Ready', '', 'It waits for the end.', 'Done!')")
    assert got == said
    assert page.evaluate("() => Cardavia.ctx.sentences('更近。', '还差 1 张。')") == (
        "更近。还差 1 张。" if lang == "zh" else "更近。 还差 1 张。")
    assert not page.errors  # type: ignore[attr-defined]
