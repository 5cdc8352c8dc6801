"""Browser tests: the real site under uvicorn in a thread, driven by Playwright in Debian's
chromium (never a downloaded browser). Screenshots go to artifacts/screenshots/.

Any Content-Security-Policy violation (web/headers.py) in a page of a test fails that test:
every browser context is watched, whether it comes from pytest-playwright's `context`/`page`
fixtures, a test's own `browser.new_context(...)` (helpers.new_page) or `browser.new_page()`."""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage
from playwright.sync_api import Error as PlaywrightError

from tests.live import LiveServer, free_port

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"
PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1366, "height": 768}
SIDEWAYS = {"width": 844, "height": 390}  # a phone held sideways (usability review m7)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run scripts/setup --browser (as root)")
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
        ],
    }


# Reports the page's `securitypolicyviolation` events to CspWatch (chromium also logs each
# violation to the console: "Refused to … because it violates the following Content Security
# Policy directive …"; both are caught).
CSP_REPORTER = """document.addEventListener("securitypolicyviolation", (e) => {
  const report = window.__cardaviaCspViolation;
  if (typeof report === "function") report(`${e.effectiveDirective} blocked `
    + `${e.blockedURI || "?"} in ${e.sourceFile || document.URL}:${e.lineNumber} `
    + `${e.sample || ""}`);
}, true);"""


class CspWatch:
    """CSP violations, by the test during which their context was made."""

    def __init__(self) -> None:
        self.test = ""
        self.creating = False  # inside a wrapped browser.new_context/new_page: it watches
        self.found: dict[str, list[str]] = {}
        self.contexts: dict[str, list[BrowserContext]] = {}
        self.calling = False  # inside a test's own body (not a fixture's setup)
        self.made: list[BrowserContext] = []  # contexts the running test's body made

    def close_made(self) -> None:
        """Close the contexts the test's body made (helpers.new_page and the like): left open,
        every page of the session kept its renderer, and a few hundred of them took the
        machine's memory (the browser tests then crawled and timed out)."""
        made, self.made = self.made, []
        for context in made:
            with contextlib.suppress(PlaywrightError):  # closed by the test already
                context.close()

    def on_context(self, context: BrowserContext) -> None:
        if not self.creating:
            self.watch(context)

    def watch(self, context: BrowserContext) -> None:
        if getattr(context, "_csp_watched", False):
            return
        context._csp_watched = True  # type: ignore[attr-defined]
        test = self.test
        if self.calling:
            self.made.append(context)
        self.contexts.setdefault(test, []).append(context)

        def note(what: str) -> None:
            self.found.setdefault(test, []).append(what)

        def console(message: ConsoleMessage) -> None:
            if "Content Security Policy" in message.text:
                note(f"console: {message.text} ({message.location.get('url')})")

        context.on("console", console)
        context.expose_function(
            "__cardaviaCspViolation", lambda text: note(f"securitypolicyviolation: {text}")
        )
        context.add_init_script(CSP_REPORTER)

    def check(self, test: str) -> None:
        """Fail `test` on any violation in its contexts; a round trip to each page still open
        first, so that a violation just before the test ended has been delivered."""
        for context in self.contexts.pop(test, []):
            for page in context.pages:
                with contextlib.suppress(PlaywrightError):  # closing or navigating: no more
                    page.evaluate("0")
        found = self.found.pop(test, [])
        assert not found, "CSP violations:\n" + "\n".join(found)

    def forget(self, test: str) -> None:
        self.contexts.pop(test, None)
        self.found.pop(test, None)


CSP = CspWatch()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Generator[None, None, None]:
    CSP.test = item.nodeid  # before the fixtures: pytest-playwright's `context` counts too
    return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, None, None]:
    CSP.calling = True
    try:
        try:
            result = yield
        except BaseException:  # failed already: its own error says more
            CSP.forget(item.nodeid)
            raise
        CSP.check(item.nodeid)  # raised here, it fails the test itself
        return result
    finally:
        CSP.calling = False
        CSP.close_made()


@pytest.fixture(scope="session")
def browser(browser: Browser) -> Browser:
    """pytest-playwright's browser, each of whose contexts CSP watches (before the context's
    first page loads anything). Never `bypass_csp`."""
    new_context, new_page = browser.new_context, browser.new_page

    def made(create: Any, *args: Any, **kwargs: Any) -> Any:
        assert not kwargs.get("bypass_csp"), "the tests run under the site's CSP"
        CSP.creating = True
        try:
            result = create(*args, **kwargs)
        finally:
            CSP.creating = False
        CSP.watch(result if isinstance(result, BrowserContext) else result.context)
        return result

    browser.new_context = functools.partial(made, new_context)  # type: ignore[method-assign]
    browser.new_page = functools.partial(made, new_page)  # type: ignore[method-assign]
    browser.on("context", CSP.on_context)  # any other way to a context
    return browser


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    server = LiveServer(tmp_path_factory.mktemp("e2e") / "deals.db", free_port())
    server.start()
    yield server.url
    server.stop()


@pytest.fixture(scope="session")
def base_url(live_server: str) -> str:
    return live_server


@pytest.fixture(scope="session")
def screenshots() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
