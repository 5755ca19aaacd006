"""The page in a real browser (Debian's chromium, driven by Playwright): a classic round
by keys and by clicks, a 101 opening by keys, the Origin and the policy it is served with.
"""

from __future__ import annotations

from typing import Any

import pytest
from web_support import EN, WebPlayer, browser_fixture, page_fixture, serving  # noqa: F401  (the fixtures)

from okey.messages import load_catalogue

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.mark.parametrize("by", ["keys", "clicks"])
def test_a_classic_round_played_in_the_page(page: Any, by: str) -> None:
    with serving("classic") as server:
        page.goto(server.link)
        player = WebPlayer(page, by=by)
        player.join("Deniz")
        player.start()
        turns = player.play_round()
        lines = player.lines()
    assert turns >= 3
    assert any(line.startswith("Round 1 over") for line in lines), lines[-5:]
    assert sum(line.startswith("You discard") for line in lines) >= 3


def test_a_101_opening_by_keys(page: Any) -> None:
    with serving("101") as server:
        page.goto(server.link)
        player = WebPlayer(page)
        player.join("Deniz")
        player.start()
        for _ in range(3):
            assert player.until_turn_or_end()
            page.keyboard.press("g")  # lay the best opening: asked first, or told why not
            player.wait(lambda: bool(player.lines()), "the laying's answer")
            if page.locator("#question").is_visible():
                page.keyboard.press("n")
            player.turn()
        lines = player.lines()
    assert sum(line.startswith("You discard") for line in lines) >= 2, lines[-10:]


def test_the_page_is_served_with_a_policy(page: Any) -> None:
    with serving() as server:
        answer = page.goto(server.link)
        assert answer is not None
        policy = answer.headers["content-security-policy"]
        assert "default-src 'none'" in policy and "script-src 'self'" in policy
        page.locator("#sit:not(:empty)").wait_for()
        assert page.inner_text("#sit") == EN.text("web.join.sit")
        assert page.input_value("#code") == "WEBT-ABLE"


def test_the_language_changes_in_the_page_and_the_seat_is_kept(page: Any) -> None:
    tr = load_catalogue("tr")
    with serving() as server:
        page.goto(server.link)
        player = WebPlayer(page)
        player.join("Deniz")
        player.wait(lambda: player.count("You are the host") > 0, "the lobby")
        page.select_option("#lang", "tr")
        player.wait(lambda: page.inner_text("#rack-heading") == tr.text("web.rack"), "Turkish")
        player.wait(lambda: player.count("Masada") > 0, "the table's words in Turkish")
        table = next(iter(server.server.tables.values())).table
        people = server.call(lambda: [s.name for s in table.seats if s.name])
    assert people == ["Deniz"]
