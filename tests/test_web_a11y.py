"""The page as a screen reader and axe-core find it: the virtual screen reader's log of a
seeded round holds the terminal seat's transcript of the same round, line for line, in
order; axe-core finds nothing wrong in the lobby, the round, its end and the match's end;
and the page at a desktop's size and a phone's (the screenshots are kept for a look)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from web_support import (
    CHROMIUM,
    EN,
    TerminalSeat,
    WebPlayer,
    axe_violations,
    need_browser,
    need_npm,
    poll,
    serving,
    vendor,
)

from okey.speech.transcript import one_line
from okey.table.state.seat import Step

SEED = 3
SHOTS = Path(os.environ.get("OKEY_WEB_SHOTS", "")) if os.environ.get("OKEY_WEB_SHOTS") else None


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    need_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield launched
        launched.close()


def _round_told(lines: list[str]) -> list[str]:
    """The lines up to the round's end (the first standings)."""
    for index, line in enumerate(lines):
        if line.startswith("Round 1 over"):
            return lines[: index + 1]
    raise AssertionError(f"the round did not end: {lines[-5:]}")


def test_the_screen_reader_hears_what_the_terminal_says(browser: Any, tmp_path: Path) -> None:
    modules = need_npm()
    page = browser.new_page()
    vendor(page, modules)
    with serving("classic", seed=SEED) as server:
        page.goto(server.link)
        page.locator("#sit:not(:empty)").wait_for()
        page.evaluate(
            "async () => { const {virtual} = await import('/vendor/vsr.js');"
            " window.virtualReader = virtual; await virtual.start({container: document.body}); }"
        )
        player = WebPlayer(page)
        player.join("Deniz")
        player.start()
        player.play_round()
        player.wait(lambda: player.count("Round 1 over") > 0, "the round's end")
        _check(page, "round-over")
        spoken: list[str] = page.evaluate(
            "async () => await window.virtualReader.spokenPhraseLog()"
        )
    page.close()
    # What the live regions said (the join form's status says the page's own words).
    heard = [
        one_line(phrase.split(": ", 1)[1])
        for phrase in spoken
        if phrase.startswith(("polite: ", "assertive: "))
        and phrase.split(": ", 1)[1].strip() not in ("", EN.text("web.connecting"))
    ]
    with serving("classic", seed=SEED) as server:
        terminal = TerminalSeat(server, "Deniz", tmp_path / "deniz.txt")
        try:
            terminal.playing = True
            terminal.press("enter")
            poll(
                lambda: any(line.startswith("Round 1 over") for line in terminal.lines()),
                "the terminal's round",
            )
        finally:
            terminal.close()
    said = terminal.lines()
    assert _round_told(heard) == _round_told(said)


SIZES = ((1280, 800), (390, 844))  # a desktop's window, a phone's


def _check(page: Any, what: str, sizes: tuple[tuple[int, int], ...] = ((1280, 800),)) -> None:
    """axe-core at each size (and a screenshot, where OKEY_WEB_SHOTS names a folder)."""
    for width, height in sizes:
        page.set_viewport_size({"width": width, "height": height})
        found = axe_violations(page)
        assert found == [], f"axe-core on {what} at {width}x{height}: {found}"
        if SHOTS is not None:
            SHOTS.mkdir(parents=True, exist_ok=True)
            shot = SHOTS / f"{what}-{width}x{height}.png"
            page.screenshot(path=str(shot), full_page=True)


def test_axe_finds_nothing_wrong_at_any_phase(browser: Any) -> None:
    modules = need_npm()
    context = browser.new_context()
    page = context.new_page()
    vendor(page, modules)
    size = SIZES
    with serving("one-round", seed=SEED) as server:
        page.goto(server.link)
        page.locator("#sit:not(:empty)").wait_for()
        _check(page, "join", size)
        player = WebPlayer(page)
        player.join("Deniz")
        player.wait(lambda: player.count("You are the host") > 0, "the lobby")
        _check(page, "lobby", size)
        player.start()
        assert player.until_turn_or_end()
        _check(page, "turn", size)
        page.keyboard.press("Escape")  # the menu
        page.locator("#menu").wait_for()
        _check(page, "menu", size)
        page.keyboard.press("Escape")
        player.play_round()
        player.wait(lambda: player.step() == Step.MATCH_OVER.value, "the match's end")
        _check(page, "match-over", size)
    context.close()
