"""The salon in a web browser: ``okey salon --serve``'s port serves the page; a browser
logs in (claiming its name, agreeing to the conduct rules), hears the lobby as the terminal
says it, opens a table and plays at it with the table page; axe-core finds nothing wrong
in the lobby; the page's sockets refuse another site's origin. The lobby's socket is
also spoken to without a browser (fast, on every Python)."""

from __future__ import annotations

import asyncio
import json
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_salon_support import PASSWORD, salon_config
from web_support import (
    EN,
    WAIT_MS,
    WebPlayer,
    _settle,
    axe_violations,
    browser_fixture,
    need_npm,
    page_fixture,
    vendor,
)
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from okey.messages import load_catalogue
from okey.net.server import Limits
from okey.rules import load_rules
from okey.salon.server import Salon
from okey.salon.store import Store
from okey.salon.words import card_line
from okey.web.salon_door import LOBBY_PATH, salon_door

__all__ = ["browser_fixture", "page_fixture"]  # the browser and a page of its own

TR = "tr"


class SalonThread:
    """A salon with its page, in an event loop of its own thread (Playwright's sync API
    runs in the test's)."""

    def __init__(self, path: Path) -> None:
        import threading

        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.store, self.salon = self.run(_open(path))  # (SQLite: in the loop's thread)
        host, port = self.run(self.salon.start("127.0.0.1", 0))
        self.origin = f"http://{host}:{port}"
        self.ws_url = f"ws://{host}:{port}"

    def run(self, job: Any, timeout: float = 30.0) -> Any:
        return asyncio.run_coroutine_threadsafe(job, self.loop).result(timeout)

    def close(self) -> None:
        self.run(self.salon.stop())
        self.run(_settle())
        self.run(_close(self.store))
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()


async def _open(path: Path) -> tuple[Store, Salon]:
    store = Store.open(path)
    return store, Salon(store, salon_config(timer=0), limits=Limits(), web=salon_door)


async def _close(store: Store) -> None:
    store.close()


@pytest.fixture
def salon(tmp_path: Path) -> Iterator[SalonThread]:
    running = SalonThread(tmp_path / "salon.db")
    try:
        yield running
    finally:
        running.close()


def log_in(page: Any, name: str) -> WebPlayer:
    """A new name claimed in the page, and the conduct rules agreed to."""
    page.locator("#enter:not(:empty)").wait_for(timeout=WAIT_MS)
    page.fill("#account", name)
    page.fill("#password", PASSWORD)
    page.press("#password", "Enter")
    player = WebPlayer(page)
    player.wait(lambda: player.count("No account has this name") > 0, "the claim question")
    page.click("#ask-yes")
    player.wait(lambda: player.count("Everyone in the salon is a guest") > 0, "the rules")
    page.click("#ask-yes")
    page.locator("#lobby").wait_for(state="visible", timeout=WAIT_MS)
    return player


def test_a_browser_comes_into_the_salon_opens_a_table_and_plays(
    salon: SalonThread, page: Any
) -> None:
    page.goto(salon.origin + "/")
    player = log_in(page, "Deniz")
    player.wait(lambda: player.count("Thank you, and welcome in.") > 0, "the welcome in")
    lobby = player.lines()
    said = EN.text
    welcome = said("salon.welcome", name="Deniz", chips=1000)
    assert lobby.index(welcome) < lobby.index(said("salon.conduct.title"))
    # The lobby as the terminal hears it: after the rules agreed to, its overview.
    assert lobby[-3:] == [
        said("salon.conduct.agreed"),
        said("salon.lobby.none"),
        said("salon.lobby.hint"),
    ]
    assert said("salon.conduct.ask") not in lobby  # (the page asks with its buttons)
    page.click("#who")
    player.wait(lambda: player.count("Online, 1 person: Deniz.") > 0, "who is here")
    page.select_option("#rules", "classic")
    page.click("#open")
    page.locator("#play").wait_for(state="visible", timeout=WAIT_MS)
    assert page.locator("#lobby").is_hidden()
    player.wait(lambda: player.count("You are the host") > 0, "the table's welcome")
    assert said("salon.ticket", number=1) in player.lines()
    player.start()
    assert player.until_turn_or_end()
    player.turn()
    player.wait(lambda: player.count("You discard") > 0, "a discard")
    # The lobby's list, from the same catalogue entries as the terminal's.
    card = salon.run(_card_line(salon.salon, 1))
    assert page.locator("#tables li span").first.inner_text() == card


async def _card_line(salon: Salon, number: int) -> str:
    """A table's line as a terminal's lobby reads it now."""
    return card_line(salon._card(salon.tables[number]), EN)


def test_axe_finds_nothing_wrong_in_the_salon(salon: SalonThread, page: Any) -> None:
    """The log-in form, the rules' question, and the lobby with a table listed (back from
    it), at a desktop's width and a phone's."""
    vendor(page, need_npm())
    page.goto(salon.origin + "/")
    page.locator("#enter:not(:empty)").wait_for(timeout=WAIT_MS)
    assert axe_violations(page) == []
    player = log_in(page, "Ayşe")
    page.fill("#command", "open classic stake 10")
    page.press("#command", "Enter")
    page.locator("#play").wait_for(state="visible", timeout=WAIT_MS)
    player.wait(lambda: player.count("You are the host") > 0, "the table's welcome")
    player.focus_rack()
    page.keyboard.press("q")  # leaving before the deal: the seat is freed, asked first
    page.locator("#question").wait_for(state="visible", timeout=WAIT_MS)
    page.click("#yes")
    page.locator("#lobby").wait_for(state="visible", timeout=WAIT_MS)
    player.wait(lambda: player.count(EN.text("salon.back")) > 0, "back in the lobby")
    page.reload()  # the tab's session comes back in, without the password
    page.locator("#lobby").wait_for(state="visible", timeout=WAIT_MS)
    player.wait(lambda: player.count(EN.text("salon.lobby.hint")) > 0, "the lobby again")
    assert player.lines()[0] == EN.text("salon.welcome", name="Ayşe", chips=1000)
    salon.run(_open_table(salon.salon))  # someone else's, listed with its buttons
    page.locator("#tables li button").first.wait_for(timeout=WAIT_MS)
    for width in (1280, 360):
        page.set_viewport_size({"width": width, "height": 740})
        assert axe_violations(page) == [], width
    watch = page.locator("#tables li button").last
    at = watch.get_attribute("data-at")
    watch.focus()
    tables = page.locator("#tables li").count()
    salon.run(_open_table(salon.salon))  # the list changes: the focus stays
    page.locator("#tables li").nth(tables).wait_for(timeout=WAIT_MS)
    assert page.evaluate("document.activeElement.dataset.at") == at


async def _open_table(salon: Salon) -> None:
    salon.open_table(load_rules("101"), stake=20)


async def _refused(url: str, path: str, origin: str | None) -> bool:
    try:
        async with connect(url + path, origin=origin):  # type: ignore[arg-type]
            return False
    except InvalidStatus as refused:
        return refused.response.status_code == 403


def test_the_pages_sockets_refuse_another_sites_origin(salon: SalonThread) -> None:
    for path in (LOBBY_PATH, "/play"):
        assert salon.run(_refused(salon.ws_url, path, "http://evil.example"))
        assert salon.run(_refused(salon.ws_url, path, None))
        assert not salon.run(_refused(salon.ws_url, path, salon.origin))
    # The terminal's salon path still takes a client without an Origin.
    assert not salon.run(_refused(salon.ws_url, "/salon", None))


def _get(url: str) -> tuple[dict[str, str], bytes]:
    with urllib.request.urlopen(url, timeout=10) as answer:
        return dict(answer.headers), answer.read()


def test_the_salon_serves_its_page_and_words(salon: SalonThread) -> None:
    headers, body = _get(salon.origin + "/")
    assert b'src="/okey.js"' in body
    assert "default-src 'none'" in headers["Content-Security-Policy"]
    assert _get(salon.origin + "/salon.js")[1].startswith(b"// The salon's page")
    words = json.loads(_get(salon.origin + f"/words/{TR}.json")[1])
    assert words["salon"] is True and words["web.salon.enter"] == "Giriş yap"
    assert {"name": "classic", "text": "klasik"} in words["rules"]
    with pytest.raises(urllib.error.HTTPError):
        _get(salon.origin + "/salon.db")


# -- the lobby's socket, without a browser ----------------------------------------------


async def _lines(socket: Any, until: str) -> list[dict[str, Any]]:
    """The page's messages up to (and with) the first of kind ``until``."""
    heard: list[dict[str, Any]] = []
    while not heard or heard[-1]["t"] != until:
        heard.append(json.loads(await asyncio.wait_for(socket.recv(), 10)))
    return heard


def _said(heard: list[dict[str, Any]]) -> list[str]:
    return [m["text"] for m in heard if m["t"] == "line"]


def test_the_lobby_socket_is_the_salons_own_visitor(salon: SalonThread) -> None:
    """A page's lobby: the claim question, the rules, typed commands in its language, a
    bad message refused in words, and the ticket of a table opened."""
    salon.run(_visit(salon.salon, salon.ws_url, salon.origin))


async def _visit(salon: Salon, url: str, origin: str) -> None:
    tr = load_catalogue(TR).text
    async with connect(url + LOBBY_PATH, origin=origin) as socket:  # type: ignore[arg-type]
        hello = {"t": "login", "name": "Veli", "password": PASSWORD, "lang": TR}
        await socket.send(json.dumps(hello))
        asked = await _lines(socket, "ask")
        assert _said(asked) == [tr("web.salon.ask.claim", name="Veli")]
        await socket.send(json.dumps({"t": "answer", "yes": True}))
        rules = await _lines(socket, "ask")
        assert rules[0] == {"t": "welcome", "session": rules[0]["session"], "name": "Veli"}
        assert _said(rules)[-1] == tr("web.salon.conduct.ask")
        assert tr("salon.lobby.none") not in _said(rules)  # (heard once agreed)
        await socket.send(json.dumps({"t": "line", "text": "evet"}))  # typed, as at okey salon
        agreed = await _lines(socket, "lobby")
        assert _said(agreed) == [
            tr("salon.conduct.agreed"),
            tr("salon.lobby.none"),
            tr("salon.lobby.hint"),
        ]
        await socket.send(json.dumps({"t": "cmd", "cmd": "mute", "arg": "Veli"}))
        refused = await _lines(socket, "line")
        assert refused[-1]["text"] == tr("salon.problem.bad_message")
        await socket.send(json.dumps({"t": "line", "text": "aç klasik ortaya 10"}))
        ticket = await _lines(socket, "ticket")
        assert tr("salon.ticket", number=1) in _said(ticket)
        assert salon.table_of_code(ticket[-1]["code"]) is salon.tables[1]
        cards = (await _lines(socket, "tables"))[-1]["cards"]  # (the table opened)
        assert cards[0]["line"] == card_line(salon._card(salon.tables[1]), load_catalogue(TR))


def test_a_private_tables_ticket_says_its_code_and_link(salon: SalonThread) -> None:
    salon.run(_private(salon.ws_url, salon.origin))


async def _private(url: str, origin: str) -> None:
    async with connect(url + LOBBY_PATH, origin=origin) as socket:  # type: ignore[arg-type]
        await socket.send(json.dumps({"t": "login", "name": "Ayla", "password": PASSWORD}))
        await _lines(socket, "ask")
        await socket.send(json.dumps({"t": "answer", "yes": True}))
        await _lines(socket, "ask")
        await socket.send(json.dumps({"t": "answer", "yes": True}))
        await _lines(socket, "lobby")
        await socket.send(json.dumps({"t": "line", "text": "private classic"}))
        heard = await _lines(socket, "ticket")
        code, address = heard[-1]["code"], origin.removeprefix("http://")
        assert _said(heard)[-3:] == [
            EN.text("salon.private", address=address, code=code),
            EN.text("salon.private.spelled", spelled=", ".join(c for c in code if c.isalnum())),
            EN.text("web.link", url=f"{origin}/#{code}"),
        ]


def test_a_screen_reader_hears_each_lobby_line_once(salon: SalonThread, page: Any) -> None:
    """The virtual screen reader hears the log-in and the lobby line for line as the log
    holds them, nothing twice; a table read with the Down arrow is said once, not logged."""
    vendor(page, need_npm())
    page.goto(salon.origin + "/")
    page.locator("#enter:not(:empty)").wait_for(timeout=WAIT_MS)
    page.evaluate(
        "async () => { const {virtual} = await import('/vendor/vsr.js');"
        " window.virtualReader = virtual; await virtual.start({container: document.body}); }"
    )
    salon.run(_open_table(salon.salon))
    player = log_in(page, "Deniz")
    player.wait(lambda: player.count(EN.text("salon.lobby.hint")) > 0, "the lobby")
    page.press("#command", "ArrowDown")
    card = salon.run(_card_line(salon.salon, 1))
    page.locator("#alert p").wait_for(timeout=WAIT_MS)
    page.wait_for_timeout(300)
    spoken: list[str] = page.evaluate("async () => await window.virtualReader.spokenPhraseLog()")
    heard = [
        phrase.split(": ", 1)[1]
        for phrase in spoken
        if phrase.startswith(("polite: ", "assertive: ")) and phrase.split(": ", 1)[1].strip()
    ]
    assert heard == [*player.lines(), card]
