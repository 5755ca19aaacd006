"""The page's files over plain HTTP, on the table server's port (websockets'
``process_request``): a browser's GET is answered here, a WebSocket upgrade goes on to the
table server (the browser's seat only from the page's own origin).

Every answer carries a Content-Security-Policy that allows nothing but this server: the
page's own script, style and WebSocket. The join code is never in a request: it stays in
the link's fragment (``http://HOST:PORT/#CODE``), which a browser does not send.
"""

from __future__ import annotations

import json
import mimetypes
from functools import cache
from importlib import resources
from urllib.parse import urlsplit

from websockets.asyncio.server import ServerConnection
from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from okey.messages import LANGUAGES

WEB_PATH = "/play"
"""Where the page opens its WebSocket (the terminal clients' is ``/``)."""

POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
    "img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
FILES = {"/": "index.html", "/okey.js": "okey.js", "/okey.css": "okey.css"}
_TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8"}


@cache
def static_file(name: str) -> bytes:
    """One of the page's files, as the package ships it."""
    return resources.files("okey.web").joinpath("static", name).read_bytes()


def _headers(content_type: str, length: int) -> Headers:
    return Headers(
        [
            ("Content-Type", content_type),
            ("Content-Length", str(length)),
            ("Content-Security-Policy", POLICY),
            ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "no-referrer"),
            ("Cache-Control", "no-cache"),
        ]
    )


def _ok(body: bytes, content_type: str) -> Response:
    return Response(200, "OK", _headers(content_type, len(body)), body)


def _refuse(status: int, reason: str) -> Response:
    body = reason.encode()
    return Response(status, reason, _headers("text/plain; charset=utf-8", len(body)), body)


def same_origin(request: Request) -> bool:
    """Whether a browser's WebSocket comes from a page this server gave (its Origin is
    this very host and port); a terminal client sends no Origin and never asks here."""
    origin = request.headers.get("Origin")
    host = request.headers.get("Host")
    if origin is None or host is None:
        return False
    parts = urlsplit(origin)
    return parts.scheme in ("http", "https") and parts.netloc == host and not parts.path


def words_body(language: str) -> bytes:
    """The page's own words (its headings, buttons, labels) in ``language``."""
    from okey.web.page import page_words  # the catalogue, loaded only when asked

    return json.dumps(page_words(language), ensure_ascii=False).encode()


def answer(connection: ServerConnection, request: Request) -> Response | None:
    """The answer to a plain HTTP request; None lets a WebSocket handshake go on."""
    del connection
    path = request.path.split("?", 1)[0]
    upgrade = request.headers.get("Upgrade", "").lower() == "websocket"
    if upgrade:
        # The page's seat only from the page's own origin; no other site's page may
        # speak to the table at all (a terminal client sends no Origin).
        foreign = "Origin" in request.headers and not same_origin(request)
        if foreign or (path == WEB_PATH and not same_origin(request)):
            return _refuse(403, "Forbidden")
        return None
    if path in FILES:
        name = FILES[path]
        kind = _TYPES.get(name[name.rfind(".") :]) or mimetypes.guess_type(name)[0] or ""
        return _ok(static_file(name), kind)
    if path == "/favicon.ico":
        return Response(204, "No Content", _headers("image/x-icon", 0), b"")
    if path.startswith("/words/") and path.endswith(".json"):
        language = path[len("/words/") : -len(".json")]
        if language in LANGUAGES:
            return _ok(words_body(language), "application/json; charset=utf-8")
    return _refuse(404, "Not Found")
