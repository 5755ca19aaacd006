"""A mixed table: a terminal seat (okey join's table on a headless client) and a seat in
the browser hear each other's moves and chat."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from web_support import CHROMIUM, TerminalSeat, WebPlayer, need_browser, serving


@pytest.fixture
def page() -> Iterator[Any]:
    need_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield browser.new_page()
        browser.close()


def test_a_terminal_seat_and_a_browser_seat_hear_each_other(page: Any, tmp_path: Path) -> None:
    with serving("classic", seed=5) as server:
        terminal = TerminalSeat(server, "Kerem", tmp_path / "kerem.txt")
        try:
            page.goto(server.link)
            web = WebPlayer(page)
            web.join("Deniz")
            web.wait(lambda: any("Deniz" in line for line in terminal.lines()), "Deniz seated")
            terminal.playing = True
            terminal.press("enter")  # the host starts
            page.locator("#rack li").nth(13).wait_for()
            for _ in range(2):
                assert web.until_turn_or_end()
                web.turn()
            web.wait(lambda: web.count("Kerem, ") > 0, "Kerem's move heard in the page")
            web.wait(
                lambda: any(line.startswith("Deniz, ") for line in terminal.lines()),
                "Deniz's move heard at the terminal",
            )
            web.focus_rack()
            page.keyboard.press("/")
            page.locator("#chat-line:focus").wait_for()
            page.keyboard.type("merhaba")
            page.keyboard.press("Enter")
            web.wait(
                lambda: any(line.endswith("says: merhaba") for line in terminal.lines()),
                "the page's chat at the terminal",
            )
            terminal.say("selam")
            web.wait(
                lambda: any(line.endswith("says: selam") for line in web.lines()),
                "the terminal's chat in the page",
            )
            assert "You say: merhaba" in web.lines()
        finally:
            terminal.close()
