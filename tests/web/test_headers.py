"""Security headers (security test L2) and redirects that never echo the Host header (L5):
every kind of answer carries nosniff, same-origin referrers and no framing by other sites; the
pages a strict Content-Security-Policy that their HTML keeps to (no inline script or style);
API answers are never stored; a redirect's Location is a path on this site."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

import cardavia
from cardavia.traditions import DECKS
from cardavia.web.headers import relative_location
from tests.seated import SeatedClient

PLAYABLE = [g.id for d in DECKS for g in d.games if g.playable]
STATIC = Path(cardavia.__file__).parent / "web" / "static"
COMING = [g.id for d in DECKS for g in d.games if not g.playable]
PAGES = [
    "/en/",
    "/zh/",
    *(f"/en/decks/{d.id}" for d in DECKS),
    *(f"/uk/games/{g}/rules" for g in PLAYABLE + COMING),
    *(f"/en/games/{g}/table" for g in PLAYABLE),
    "/ru/games/sisepai/table?seed=3&level=hard",
]
NOT_FOUND = [
    "/en/nowhere",
    "/en/decks/nowhere",
    "/es/games/nowhere/rules",
    *(f"/cs/games/{g}/table" for g in COMING),
    "/xx/",
]
EVIL = "evil.example"
Answer = Any  # the test client's response (httpx2 or httpx, as Starlette has it)
# Not executed, so no CSP question: a data block such as the table's config.
DATA_TYPES = {"application/json", "application/ld+json"}


def csp(response: Answer) -> dict[str, list[str]]:
    """The Content-Security-Policy header as {directive: sources}."""
    policy = response.headers.get("content-security-policy")
    assert policy, f"no Content-Security-Policy on {response.request.url}"
    directives: dict[str, list[str]] = {}
    for part in policy.split(";"):
        if part.strip():
            name, *sources = part.split()
            assert name not in directives, policy
            directives[name.lower()] = sources
    return directives


def check_common(response: Answer) -> None:
    """What every answer carries, whatever its kind."""
    h = response.headers
    assert h.get("x-content-type-options") == "nosniff", response.request.url
    assert h.get("referrer-policy") == "same-origin", response.request.url
    assert h.get("x-frame-options") == "SAMEORIGIN", response.request.url


def check_page_csp(response: Answer) -> None:
    assert response.headers["content-type"].startswith("text/html")
    policy = csp(response)
    assert policy["default-src"] == ["'self'"]
    assert policy["script-src"] == ["'self'"]  # no inline script, no eval, no other origin
    assert policy["object-src"] == ["'none'"]
    assert policy["base-uri"] == ["'none'"]
    assert policy["form-action"] == ["'self'"]
    assert policy["frame-ancestors"] == ["'self'"]
    assert policy["style-src"] == ["'self'"]
    assert policy["connect-src"] == ["'self'"]  # the table's fetch() of /api
    assert set(policy["img-src"]) <= {"'self'", "data:"}  # cards, favicon, the grain's noise
    for sources in policy.values():
        assert not {"'unsafe-inline'", "'unsafe-eval'", "*", "http:", "https:"} & {
            s.lower() for s in sources
        }, policy


def check_nothing_runs(response: Answer) -> None:
    """An SVG or any other answer opened on its own: nothing may load or run in it."""
    policy = csp(response)
    assert policy["default-src"] == ["'none'"]
    assert "script-src" not in policy and "script-src-elem" not in policy
    assert policy["frame-ancestors"] == ["'self'"]


class _Inline(HTMLParser):
    """What a strict CSP would block in a page's own HTML."""

    def __init__(self) -> None:
        super().__init__()
        self.blocked: list[str] = []
        self.scripts: list[dict[str, str | None]] = []
        self._in_script: dict[str, str | None] | None = None
        self.head_scripts: list[dict[str, str | None]] = []
        self._in_head = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        for name, value in attrs:
            if name.startswith("on"):
                self.blocked.append(f"<{tag} {name}=…> (inline event handler)")
            if name == "style":
                self.blocked.append(f"<{tag} style={value!r}> (inline style)")
            if name in ("href", "src", "action", "formaction") and (
                value or ""
            ).strip().lower().startswith("javascript:"):
                self.blocked.append(f"<{tag} {name}={value!r}> (javascript: URL)")
        if tag == "style":
            self.blocked.append("<style> element (inline style)")
        if tag == "head":
            self._in_head = True
        if tag == "script":
            self._in_script = a
            self.scripts.append(a)
            if self._in_head:
                self.head_scripts.append(a)

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in_script = None
        if tag == "head":
            self._in_head = False

    def handle_data(self, data: str) -> None:
        a = self._in_script
        if a is None or not data.strip():
            return
        kind = (a.get("type") or "").split(";")[0].strip().lower()
        if a.get("src") is not None or kind not in DATA_TYPES:
            self.blocked.append(f"inline <script type={kind!r}>: {data.strip()[:60]!r}")


def inline(html: str) -> _Inline:
    parser = _Inline()
    parser.feed(html)
    parser.close()
    return parser


@pytest.mark.parametrize("path", PAGES)
def test_pages(client: TestClient, path: str) -> None:
    r = client.get(path)
    assert r.status_code == 200, path
    check_common(r)
    check_page_csp(r)
    found = inline(r.text)
    assert found.blocked == [], (path, found.blocked)
    for script in found.scripts:  # an external script comes from this site
        src = script.get("src")
        assert src is None or src.startswith("/static/"), (path, src)


@pytest.mark.parametrize("path", NOT_FOUND)
def test_the_404_page(client: TestClient, path: str) -> None:
    r = client.get(path)
    assert r.status_code == 404, path
    check_common(r)
    check_page_csp(r)
    assert inline(r.text).blocked == []


@pytest.mark.parametrize("game", PLAYABLE)
def test_the_table_loads_its_plugin_as_one_module_script(client: TestClient, game: str) -> None:
    """The table's client is ES modules: the page loads the game's plugin as its one module
    script (which imports the core and the shared widgets, from this site: script-src 'self')."""
    found = inline(client.get(f"/en/games/{game}/table").text)
    modules = [s for s in found.scripts if s.get("type") == "module"]
    assert [s.get("src") for s in modules] == [f"/static/table/{game}.js"], found.scripts
    classic = [s.get("src") or "" for s in found.scripts if s not in modules]
    assert not any(src.startswith("/static/table/") for src in classic), classic


def test_the_look_applies_before_first_paint_without_inline_script(client: TestClient) -> None:
    """The saved look is set on <html> by a script in <head> that is neither deferred nor
    async (it runs before the body is painted), served as a file under the CSP."""
    found = inline(client.get("/en/").text)
    early = [s for s in found.head_scripts if s.get("src") == "/static/look-early.js"]
    assert len(early) == 1, found.head_scripts
    assert "defer" not in early[0] and "async" not in early[0]
    assert "window.cardaviaLook" in client.get("/static/look-early.js").text


@pytest.mark.parametrize(
    "path",
    [
        "/static/css/base.css",
        "/static/css/pages.css",
        "/static/css/rules.css",
        "/static/css/table.css",
        *(f"/static/table/{g}.css" for g in PLAYABLE),
        # every script: the site's, each game's plugin and the table's modules (core/, shared/)
        *sorted(f"/static/{p.relative_to(STATIC).as_posix()}" for p in STATIC.rglob("*.js")),
    ],
)
def test_static_files(client: TestClient, path: str) -> None:
    r = client.get(path)
    assert r.status_code == 200, path
    check_common(r)
    check_nothing_runs(r)
    assert "no-store" not in r.headers.get("cache-control", "")
    if path.endswith(".js"):
        # a JavaScript MIME type, which module scripts need (with nosniff, classic ones too)
        assert r.headers["content-type"].split(";")[0] == "text/javascript", (path, r.headers)
    if path.endswith(".js"):  # what the CSP would block (el.style.x = … is allowed)
        for blocked in (
            "eval(",
            "new Function",
            "javascript:",
            'setAttribute("style"',
            "style=",
            "<style",
            "<script",
            "cssText",
        ):
            assert blocked not in r.text, (path, blocked)


@pytest.mark.parametrize(
    "path", ["/static/favicon.svg", "/cards/sisepai/back.svg", "/cards/paohuzi/back.svg?lang=zh"]
)
def test_svg_opened_on_its_own_runs_nothing(client: TestClient, path: str) -> None:
    r = client.get(path)
    assert r.status_code == 200, path
    assert r.headers["content-type"].startswith("image/svg+xml")
    check_common(r)
    check_nothing_runs(r)


def test_card_faces(client: TestClient) -> None:
    table = client.get("/en/games/nantong/table").text
    start = table.index('"/cards/nantong/') + 1
    url = table[start : table.index('"', start)]
    r = client.get(url)
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
    check_common(r)
    check_nothing_runs(r)
    assert r.headers["cache-control"] == "public, max-age=86400"  # pictures stay cacheable


def check_api(r: Answer, status: int | None) -> None:
    """`status` None: any refusal (4xx)."""
    if status is None:
        assert 400 <= r.status_code < 500, (r.request.url, r.status_code, r.text)
    else:
        assert r.status_code == status, (r.request.url, r.status_code, r.text)
    assert r.headers["content-type"].startswith("application/json")
    check_common(r)
    assert r.headers.get("cache-control") == "no-store", r.request.url
    check_nothing_runs(r)


def test_api_answers(client: TestClient) -> None:
    r = client.post("/api/games", json={"game": "sisepai", "level": "easy", "seed": 4})
    check_api(r, 201)
    deal = r.json()["id"]
    view = r.json()["view"]
    check_api(client.get(f"/api/games/{deal}"), 200)
    check_api(client.get(f"/api/games/{deal}?wait={view['version'] - 1}"), 200)  # at once
    check_api(client.get(f"/api/games/{deal}/record"), 409)  # in progress
    check_api(
        client.post(f"/api/games/{deal}/actions", json={"action": "nonsense", "version": -5}), 409
    )
    check_api(
        client.post(
            f"/api/games/{deal}/actions", content=b"[", headers={"content-type": "application/json"}
        ),
        None,
    )
    check_api(client.post("/api/games", json={"game": "nowhere"}), None)
    check_api(client.get("/api/games/no-such-deal"), 404)
    check_api(client.get("/api/nowhere"), 404)
    check_api(client.get("/api/games"), 405)


# (path, where it leads): Starlette's slash redirects and the site's own
REDIRECTS = [
    ("/en", "/en/"),
    ("/zh/games/paohuzi/rules/", "/zh/games/paohuzi/rules"),
    ("/en/decks/sichuan-cards/?x=1", "/en/decks/sichuan-cards?x=1"),
    ("/", "/en/"),
    ("/en/decks", "/en/"),
    ("/ru/games", "/ru/"),
    ("/es/games/sisepai", "/es/games/sisepai/rules"),
    ("/uk/games/nantong/table/?seed=3&level=easy", "/uk/games/nantong/table?seed=3&level=easy"),
]


@pytest.mark.parametrize(("path", "target"), REDIRECTS)
@pytest.mark.parametrize("host", [EVIL, f"{EVIL}:8443", "127.0.0.1:8000"])
def test_redirects_never_echo_the_host(
    client: TestClient, path: str, target: str, host: str
) -> None:
    r = client.get(path, headers={"Host": host, "Accept-Language": "en"}, follow_redirects=False)
    assert r.status_code in (307, 308), (path, r.status_code)
    location = r.headers["location"]
    assert location == target, (path, location)
    assert EVIL not in location and host not in location
    check_common(r)


def test_redirects_under_https(client: TestClient) -> None:
    other = SeatedClient(client.app, base_url=f"https://{EVIL}")  # the app runs in `client`
    r = other.get("/en", follow_redirects=False)
    assert r.headers["location"] == "/en/"


def test_the_language_cookie_is_secure_over_https(client: TestClient) -> None:
    """Reliability review I7: `Secure` once the site is served over HTTPS, not before (a
    browser would drop a Secure cookie set over plain HTTP, and the language with it)."""
    plain = client.get("/ru/").headers["set-cookie"]
    assert plain.startswith("cardavia_lang=ru;") and "secure" not in plain.lower()
    https = SeatedClient(client.app, base_url="https://cardavia.example")
    cookie = https.get("/ru/").headers["set-cookie"]
    assert cookie.startswith("cardavia_lang=ru;") and "; secure" in cookie.lower(), cookie
    assert "samesite=lax" in cookie.lower()


def test_relative_location() -> None:
    scope = {
        "type": "http",
        "scheme": "http",
        "server": ("127.0.0.1", 8000),
        "headers": [(b"host", b"Evil.Example")],
    }
    assert relative_location("http://evil.example/en/?a=1", scope) == "/en/?a=1"
    assert relative_location("https://EVIL.example", scope) == "/"
    assert relative_location("http://127.0.0.1:8000/zh/", scope) == "/zh/"
    # never a protocol-relative URL to another host
    assert relative_location("http://evil.example//other.example/x", scope) == "/other.example/x"
    assert relative_location("http://evil.example/\\other.example", scope) == "/other.example"
    # already relative, or off-site (the site makes none, but it would be chosen, not echoed)
    assert relative_location("/en/", scope) == "/en/"
    assert relative_location("https://en.wikipedia.org/wiki/X", scope) == (
        "https://en.wikipedia.org/wiki/X"
    )
