"""The page's HTTP side, without a browser: its files and words with their policy, the
Origin a browser's seat must come from, the link that keeps the code out of requests, and
a page's seat that hears its table's lines from the catalogue."""

from __future__ import annotations

import asyncio
import json
import urllib.request
from typing import Any

import pytest
from web_support import CODE, EN, serving
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from okey.web.link import page_link
from okey.web.page import PAGE_KEYS


def _get(url: str) -> tuple[int, dict[str, str], bytes]:
    with urllib.request.urlopen(url, timeout=10) as answer:
        return answer.status, dict(answer.headers), answer.read()


def test_the_link_keeps_the_code_in_its_fragment() -> None:
    assert page_link("ws", "192.168.1.5:7011", "K7QF-2M9X") == "http://192.168.1.5:7011/#K7QF-2M9X"
    assert page_link("wss", "okey.example:7011", "K7QF").startswith("https://")


def test_the_page_and_its_words_are_served_with_a_policy() -> None:
    with serving() as server:
        status, headers, body = _get(server.origin + "/")
        assert status == 200 and b'<script type="module" src="/okey.js">' in body
        assert "default-src 'none'" in headers["Content-Security-Policy"]
        for name in ("/okey.js", "/okey.css"):
            assert _get(server.origin + name)[0] == 200
        words = json.loads(_get(server.origin + "/words/tr.json")[2])
        assert words["web.join.sit"] == "Otur"
        assert set(PAGE_KEYS) <= set(words)
        with pytest.raises(urllib.error.HTTPError) as missing:
            _get(server.origin + "/etc/passwd")
        assert missing.value.code == 404


async def _hello(url: str, origin: str | None, hello: dict[str, Any]) -> list[dict[str, Any]]:
    heard: list[dict[str, Any]] = []
    async with connect(url + "/play", origin=origin) as socket:  # type: ignore[arg-type]
        await socket.send(json.dumps(hello))
        while not any(m["t"] == "state" or m["t"] == "refused" for m in heard):
            heard.extend(json.loads(await asyncio.wait_for(socket.recv(), 10)))
    return heard


def test_a_seat_is_refused_to_another_sites_page() -> None:
    with serving() as server:
        hello = {"t": "hello", "code": CODE, "name": "Deniz", "lang": "en"}
        for origin in ("http://evil.example", None):
            with pytest.raises(InvalidStatus):
                server.run(_hello(server.ws_url, origin, hello))

        async def terminal_from(origin: str) -> None:  # the terminal clients' path
            async with connect(server.ws_url, origin=origin):  # type: ignore[arg-type]
                pass

        with pytest.raises(InvalidStatus):
            server.run(terminal_from("http://evil.example"))
        server.run(terminal_from(server.origin))


def test_a_page_hears_its_table_in_its_language_and_a_wrong_code_is_refused() -> None:
    with serving() as server:
        hello = {"t": "hello", "code": CODE, "name": "Deniz", "lang": "en"}
        heard = server.run(_hello(server.ws_url, server.origin, hello))
        assert heard[0]["t"] == "seated"
        lines = [m["text"] for m in heard if m["t"] == "line"]
        assert lines[0].startswith("Online table: classic rules, 4 seats")
        wrong = {**hello, "code": "NOPE-NOPE"}
        refused = server.run(_hello(server.ws_url, server.origin, wrong))
        assert refused[-1] == {"t": "refused", "text": EN.text("net.reason.wrong_code")}
