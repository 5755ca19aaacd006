"""Helpers for the web page's tests: a real table server on 127.0.0.1 in a thread of its
own (Playwright's sync API runs in the test's thread), Debian's chromium driven by
Playwright, the npm packages axe-core and @guidepup/virtual-screen-reader, and a player
that plays the seat's turns by keys or by clicks.

Where chromium, Playwright or the npm packages are missing the browser tests skip, saying
why; under CI (which installs them: .ci/run) they fail instead. CI runs them on one Python
(``OKEY_BROWSER_PYTHON``, the oldest it has): a browser is slow to start, and the page is
the same on every interpreter. (No tests here; pytest collects nothing from it.)
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
import threading
import time
from collections.abc import Callable, Coroutine, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import pytest

from okey.messages import load_catalogue
from okey.net.client import Client
from okey.net.seat import NetSeat, Online, net_seat, welcome_lines
from okey.net.server import Limits, TableServer
from okey.net.table import TableConfig, online_rules
from okey.rules import load_rules
from okey.speech import Speaker, SpeechMode
from okey.speech.transcript import Transcript
from okey.table.controller import Table
from okey.table.input import chatting
from okey.table.input.router import possible_now
from okey.table.keys import Command
from okey.table.state.seat import Step
from okey.web.door import web_door

T = TypeVar("T")
CODE = "WEBT-ABLE"
EN = load_catalogue("en")
CHROMIUM = os.environ.get("OKEY_CHROMIUM", "/usr/bin/chromium")
WAIT_MS = 20_000  # any one step in the page, before it is a failure
MOST_TURNS = 60


def npm_modules() -> Path | None:
    """Where axe-core and the virtual screen reader are installed (.ci/run's cache)."""
    for place in (os.environ.get("OKEY_NPM_MODULES"), "/tmp/okey-npm/node_modules"):
        if place and (Path(place) / "axe-core" / "axe.min.js").is_file():
            return Path(place)
    return None


def need(missing: str | None) -> None:
    """Skip (fail under CI) when something the browser tests need is missing."""
    wanted = os.environ.get("OKEY_BROWSER_PYTHON")
    here = f"{sys.version_info[0]}.{sys.version_info[1]}"
    if wanted and wanted != here:
        pytest.skip(f"the browser tests run on Python {wanted} only (this is {here})")
    if missing is None:
        return
    if os.environ.get("CI"):
        pytest.fail(f"{missing}, and CI installs it (.ci/run)")
    pytest.skip(missing)


def need_browser() -> None:
    try:
        import playwright  # noqa: F401
    except ImportError:
        need("Playwright for Python is not installed")
    need(None if Path(CHROMIUM).is_file() else f"chromium is not installed ({CHROMIUM})")


@pytest.fixture(scope="module", name="browser")
def browser_fixture() -> Iterator[Any]:
    """Debian's chromium, one for a test module (``browser``: a module imports this and
    ``page_fixture`` to have them)."""
    need_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield launched
        launched.close()


@pytest.fixture(name="page")
def page_fixture(browser: Any) -> Iterator[Any]:
    """A page of its own (a desktop's window); the test fails on an error in its script."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    made = context.new_page()
    errors: list[str] = []
    made.on("pageerror", lambda error: errors.append(str(error)))
    yield made
    context.close()
    assert not errors, errors


class ServerThread:
    """A table server with one table, running in an event loop of its own thread."""

    def __init__(self, rules: str = "classic", *, seed: int = 7, timer: int = 0) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.server = TableServer(Limits(), web=web_door())
        config = TableConfig(online_rules(load_rules(rules), timer), CODE, seed=seed)
        self.server.add_table(config)
        host, port = self.run(self.server.start("127.0.0.1", 0))
        self.origin = f"http://{host}:{port}"
        self.ws_url = f"ws://{host}:{port}"

    @property
    def link(self) -> str:
        return f"{self.origin}/#{CODE}"

    def run(self, job: Coroutine[Any, Any, T], timeout: float = 30.0) -> T:
        return asyncio.run_coroutine_threadsafe(job, self.loop).result(timeout)

    def call(self, job: Callable[[], T]) -> T:
        async def wrapped() -> T:
            return job()

        return self.run(wrapped())

    def close(self) -> None:
        self.run(self.server.stop())
        self.run(_settle())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()


async def _settle() -> None:
    """End what the tables left running (a review being worked out in a thread)."""
    here = asyncio.current_task()
    left = [task for task in asyncio.all_tasks() if task is not here]
    for task in left:
        task.cancel()
    await asyncio.gather(*left, return_exceptions=True)


@contextmanager
def serving(rules: str = "classic", *, seed: int = 7) -> Iterator[ServerThread]:
    server = ServerThread(rules, seed=seed)
    try:
        yield server
    finally:
        server.close()


class WebPlayer:
    """A person at the page, playing by keys only or by clicks only."""

    def __init__(self, page: Any, *, by: str = "keys") -> None:
        self.page = page
        self.by = by

    def step(self) -> str:
        return str(self.page.get_attribute("body", "data-step") or "")

    def join(self, name: str) -> None:
        page = self.page
        page.locator("#sit:not(:empty)").wait_for(timeout=WAIT_MS)
        page.fill("#name", name)
        if self.by == "keys":
            page.press("#name", "Enter")
        else:
            page.click("#sit")
        page.locator("#play").wait_for(state="visible", timeout=WAIT_MS)
        page.locator("body[data-step]").wait_for(state="attached", timeout=WAIT_MS)

    def do(self, key: str, command: str) -> None:
        """A key at the rack, or the click of the button that does the same."""
        if self.by == "keys":
            self.focus_rack()
            self.page.keyboard.press(key)
        else:
            self.page.click(f'#moves button[data-cmd="{command}"]')

    def focus_rack(self) -> None:
        page = self.page
        if not page.locator("#rack li:focus, #rack:focus").count():
            target = page.locator('#rack li[aria-selected="true"]')
            (target if target.count() else page.locator("#rack")).first.focus()

    def start(self) -> None:
        """The host starts the match: everyone is dealt."""
        self.do("Enter", "enter")
        self.page.locator("#rack li").nth(13).wait_for(timeout=WAIT_MS)

    def lines(self) -> list[str]:
        return [str(t) for t in self.page.locator("#log p").all_inner_texts()]

    def count(self, *prefixes: str) -> int:
        return sum(1 for line in self.lines() if line.startswith(prefixes))

    def wait(self, check: Callable[[], bool], what: str) -> None:
        deadline = self.page.evaluate("performance.now()") + WAIT_MS
        while not check():
            if self.page.evaluate("performance.now()") > deadline:
                tail = "\n".join(self.lines()[-15:])
                raise AssertionError(f"waited for {what}; the log ends:\n{tail}")
            self.page.wait_for_timeout(20)

    def until_turn_or_end(self) -> bool:
        """Wait for the seat's turn (True) or the round's end (False)."""
        self.wait(lambda: self.step() in ("player", "round_over", "match_over"), "a turn")
        return self.step() == "player"

    def turn(self) -> None:
        """Draw (or decline with the pile out), then throw the tile drawn back; an okey
        is kept (N), and the first tile goes instead."""
        page = self.page
        moves = page.locator("#moves")
        if moves.locator('[data-cmd="draw"]').count():
            self.do("p", "draw")
            self.wait(lambda: not moves.locator('[data-cmd="draw"]').count(), "the draw")
        elif moves.locator('[data-cmd="decline"]').count():
            self.do("x", "decline")
            return
        gone = ("You discard", "You win", "Zeynep wins", "Mehmet wins", "Ayşe wins")
        before = self.count(*gone)
        self.discard()
        question = page.locator("#question")
        self.wait(lambda: self.count(*gone) > before or question.is_visible(), "the discard")
        if self.count(*gone) == before:  # the okey: keep it, throw the first tile
            if self.by == "keys":
                page.keyboard.press("n")
            else:
                page.click("#no")
            self.wait(lambda: not question.is_visible(), "the okey kept")
            if self.by == "keys":
                page.keyboard.press("Home")
            else:
                page.click("#rack li >> nth=0")
            self.discard()
            self.wait(lambda: self.count(*gone) > before, "the discard")

    def discard(self) -> None:
        if self.by == "keys":
            self.focus_rack()
            self.page.keyboard.press("Enter")
        else:
            self.page.click('#rack li[aria-selected="true"]')
            self.page.click('#moves button[data-cmd="enter"]')

    def play_round(self) -> int:
        """Play the seat's turns until the round is over; the turns played."""
        for turns in range(MOST_TURNS):
            if not self.until_turn_or_end():
                return turns
            self.turn()
        raise AssertionError("the round did not end")


def poll(check: Callable[[], bool], what: str, seconds: float = WAIT_MS / 1000) -> None:
    """Wait until ``check()`` holds, looking again every 20 ms."""
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited for {what}")
        time.sleep(0.02)


class TerminalSeat:
    """A terminal seat at the same table: ``okey join``'s table (a headless client, its
    NetSeat and Online) in the server's loop, its lines in a transcript, playing its turns
    by the table's keys as :class:`WebPlayer` does (P or X, Enter; N, Home, Enter at an
    okey)."""

    def __init__(self, server: ServerThread, name: str, transcript: Path) -> None:
        self.server = server
        self.path = transcript
        self.playing = False
        self.table, self.task = server.run(self._sit(name))

    async def _sit(self, name: str) -> tuple[Table, asyncio.Task[None]]:
        client = Client(self.server.ws_url, CODE, name, retry_delays=())
        seated = await client.join()
        seat = net_seat(seated, name)
        speaker = Speaker(
            SpeechMode.OFF,
            printer=lambda _: None,
            transcript=Transcript.open(self.path),
            catalogue=EN,
        )
        table = Table(seat, speaker)
        online = Online(table, seat, client, address="here", welcome=welcome_lines(seat))
        loop = asyncio.get_running_loop()

        async def run() -> None:
            player = loop.create_task(self._play(table))
            try:
                await online.run()
            finally:
                player.cancel()
                await client.close()

        return table, loop.create_task(run())

    async def _play(self, table: Table) -> None:
        seat = table.seat
        assert isinstance(seat, NetSeat)
        kept = False
        while True:
            await asyncio.sleep(0.01)
            if not self.playing or table.state.step is not Step.PLAYER or seat.awaiting:
                continue
            if table.asking is not None:
                table.press("n")
                kept = True
            elif kept:
                table.press("home")
                table.press("enter")
                kept = False
            elif possible_now(table, Command.DRAW):
                table.press("p")
            elif possible_now(table, Command.DECLINE):
                table.press("x")
            else:
                table.press("enter")

    def lines(self) -> list[str]:
        return self.path.read_text(encoding="utf-8").splitlines()

    def press(self, key: str) -> None:
        self.server.call(lambda: self.table.press(key))

    def say(self, text: str) -> None:
        def chat() -> None:
            self.table.run(Command.CHAT)
            chatting.send(self.table, text)

        self.server.call(chat)

    def step(self) -> Step:
        return self.server.call(lambda: self.table.state.step)

    def close(self) -> None:
        async def leave() -> None:
            self.table.leave(force=True)
            self.task.cancel()  # as the terminal's front end ends its far side
            with contextlib.suppress(asyncio.CancelledError):
                await self.task

        self.server.run(leave())
        self.table.speaker.close()


def vendor(page: Any, modules: Path) -> None:
    """Serve axe-core and the virtual screen reader to the page from its own origin
    (/vendor/...), as its policy allows scripts from nowhere else."""
    files = {
        "axe.js": modules / "axe-core" / "axe.min.js",
        "vsr.js": modules / "@guidepup" / "virtual-screen-reader" / "lib/esm/index.browser.js",
    }

    def serve(path: Path) -> Callable[[Any], None]:
        return lambda route: route.fulfill(path=str(path), content_type="text/javascript")

    for name, path in files.items():
        page.route(f"**/vendor/{name}", serve(path))


def axe_violations(page: Any) -> list[dict[str, Any]]:
    """What axe-core finds wrong in the page as it is now (WCAG 2.1 AA and best practice)."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(url="/vendor/axe.js")
    found: list[dict[str, Any]] = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
        ".map(v => ({id: v.id, help: v.help, nodes: v.nodes.map(n => n.html).slice(0, 3)}))"
    )
    return found


def need_npm() -> Path:
    modules = npm_modules()
    need(None if modules is not None else "axe-core and the virtual screen reader are missing")
    assert modules is not None
    return modules
