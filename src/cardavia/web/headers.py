"""Security headers on every answer, and redirects that never echo the Host header.

A pure ASGI middleware (not BaseHTTPMiddleware, which gets in the way of streamed answers and
the API's long polls): it only edits the headers of `http.response.start`, and bodies pass
through untouched.

- every answer: `X-Content-Type-Options: nosniff`, `Referrer-Policy: same-origin` (the table's
  URL carries `?deal=`), `X-Frame-Options: SAMEORIGIN` (`frame-ancestors` for old browsers);
- HTML pages: the site's `Content-Security-Policy` (`PAGE_CSP`): no inline script, no inline
  style, nothing from other origins, framed only by the site itself;
- SVG (card pictures, the favicon) and every other typed answer: `NOTHING_CSP`, so that a card
  opened on its own cannot run script (a policy on an <img>'s picture is ignored by browsers,
  so the pictures in pages are not affected);
- `/api/…`: `Cache-Control: no-store` (an answer carries the player's hand);
- an absolute `Location` on the request's own host becomes a relative one (path and query):
  Starlette's slash redirects build theirs from the Host header, which must never be echoed
  (the site makes no off-site redirects; one would pass unchanged).
"""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

# Each source is there because the site uses it (tests/web/test_headers.py, docs/table-client.md):
PAGE_CSP = "; ".join(
    [
        "default-src 'self'",  # anything not named below (fonts: the site has none of its own)
        "script-src 'self'",  # /static/*.js only: no inline script, no eval
        "style-src 'self'",  # /static/css/*.css, /static/table/<game>.css; the scripts
        # style through el.style (CSSOM)
        "img-src 'self' data:",  # /cards/*.svg, /static/favicon.svg; data: is the grain's noise,
        # an SVG in css/base.css (--grain), which cannot run script
        "connect-src 'self'",  # the table client's fetch() of /api/games…
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",  # the Start game form (GET …/table)
        "frame-ancestors 'self'",
    ]
)
# SVG and other non-HTML answers: nothing may load or run (the card SVGs have no style).
NOTHING_CSP = "default-src 'none'; frame-ancestors 'self'"


def relative_location(location: str, scope: Scope) -> str:
    """`location` as a path on this site (path and query) when it names the request's own
    authority: the Host header (which Starlette's slash redirects and `request.url` copy), or
    the server's address. A leading `//` or `/\\` collapses, so the answer is never a
    protocol-relative URL to another host. An off-site location is returned as it is."""
    parts = urlsplit(location)
    if not parts.scheme and not parts.netloc:
        return location
    own = {
        value.decode("latin-1").lower() for key, value in scope.get("headers", []) if key == b"host"
    }
    server = scope.get("server")
    if server:
        host = f"[{server[0]}]" if ":" in str(server[0]) else str(server[0])
        own.add(f"{host}:{server[1]}".lower())
        if server[1] in (80, 443):
            own.add(host.lower())
    if parts.netloc.lower() not in own:
        return location
    return "/" + parts.path.lstrip("/\\") + (f"?{parts.query}" if parts.query else "")


class SecurityHeaders:
    """The middleware; `Starlette(middleware=[Middleware(SecurityHeaders)])`."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                secure(MutableHeaders(scope=message), scope)
            await send(message)

        await self.app(scope, receive, send_with_headers)


def secure(headers: MutableHeaders, scope: Scope) -> None:
    """Set the headers above on one answer (also used for the 500 page, which Starlette sends
    from outside the middleware stack)."""
    path = str(scope.get("path", ""))
    headers["X-Content-Type-Options"] = "nosniff"
    headers["Referrer-Policy"] = "same-origin"
    headers["X-Frame-Options"] = "SAMEORIGIN"
    media = headers.get("content-type", "").split(";")[0].strip().lower()
    if media == "text/html":
        headers["Content-Security-Policy"] = PAGE_CSP
    elif media:
        headers["Content-Security-Policy"] = NOTHING_CSP
    if path == "/api" or path.startswith("/api/"):
        headers["Cache-Control"] = "no-store"
    if "location" in headers:
        headers["Location"] = relative_location(headers["location"], scope)
