"""The page in a real browser, coming back and looking back: a reloaded page and a lost
connection take the same seat again (told what was missed, and play on); J reads the
master's review; a partners table and a duel table (a terminal seat across) are played in
the page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from web_support import (  # noqa: F401  (the fixtures)
    EN,
    ServerThread,
    TerminalSeat,
    WebPlayer,
    browser_fixture,
    page_fixture,
    serving,
)

from okey.net.protocol import SeatKind
from okey.table.state.seat import Step
from okey.web.http import WEB_PATH

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
MISSED = ("While you were away",)
REVIEWED = ("You and the master", "You made no decisions", "The game made all")


def people(server: ServerThread) -> list[tuple[int, bool]]:
    """Each person's seat at the table, and whether it is connected now."""

    def seats() -> list[tuple[int, bool]]:
        (hosted,) = server.server.tables.values()
        return [
            (number, seat.connected)
            for number, seat in enumerate(hosted.table.seats)
            if seat.kind is SeatKind.PERSON
        ]

    return server.call(seats)


def lose_the_page(server: ServerThread) -> None:
    """The page's connection is lost, as a network failure would lose it."""

    def cut() -> int:
        assert server.server._server is not None
        pages = [
            connection
            for connection in server.server._server.connections
            if connection.request is not None and connection.request.path == WEB_PATH
        ]
        for connection in pages:
            connection.transport.abort()
        return len(pages)

    assert server.call(cut) == 1


def dealt(player: WebPlayer) -> None:
    player.join("Deniz")
    player.start()
    assert player.until_turn_or_end()
    player.turn()


def test_a_reloaded_page_takes_its_seat_back(page: Any) -> None:
    with serving("classic", seed=11) as server:
        page.goto(server.link)
        player = WebPlayer(page)
        dealt(player)
        page.reload()  # the tab keeps its seat's token: it sits down again by itself
        page.locator("#play").wait_for(state="visible")
        player.wait(lambda: player.count(*MISSED) == 1, "what was missed")
        assert people(server) == [(0, True)]
        assert page.locator("#rack li").count() in (14, 15)
        assert player.until_turn_or_end()
        player.turn()
        assert player.count("You discard") >= 1
        assert people(server) == [(0, True)]


def test_a_lost_connection_comes_back_to_the_same_seat(page: Any) -> None:
    with serving("classic", seed=12) as server:
        page.goto(server.link)
        player = WebPlayer(page)
        dealt(player)
        before = player.count("You discard")
        lose_the_page(server)
        player.wait(lambda: player.count(*MISSED) == 1, "back at the table")
        assert people(server) == [(0, True)]
        assert page.locator("#join").is_hidden()  # no second sitting down
        assert player.until_turn_or_end()
        player.turn()
        player.wait(lambda: player.count("You discard") > before, "a turn after coming back")
        assert player.lines().count(player.lines()[0]) == 1  # the welcome was not said again


def test_j_reads_the_masters_review_at_the_end(page: Any) -> None:
    with serving("one-round", seed=3) as server:
        page.goto(server.link)
        player = WebPlayer(page)
        player.join("Deniz")
        player.start()
        player.play_round()
        player.wait(lambda: player.step() == Step.MATCH_OVER.value, "the match's end")
        player.focus_rack()
        page.keyboard.press("j")
        player.wait(lambda: player.count(*REVIEWED) > 0, "the review")
        assert player.count(*REVIEWED) == 1
        assert player.count("Turn ") >= 1  # its decisions, turn by turn


def test_a_partners_table_in_the_page(page: Any) -> None:
    with serving("partners", seed=4) as server:
        page.goto(server.link)
        player = WebPlayer(page)
        dealt(player)
        partner = EN.text("table.where.partner")  # "your partner, across"
        assert any(
            line.startswith("The match begins") and partner in line for line in player.lines()
        )
        player.wait(lambda: player.count(f"Mehmet, {partner}") > 0, "the partner's move")
        assert player.until_turn_or_end()
        player.turn()
        assert player.count("You discard") >= 2


def test_a_duel_table_in_the_page_with_a_terminal_rival(page: Any, tmp_path: Path) -> None:
    with serving("duel", seed=6) as server:
        page.goto(server.link)
        player = WebPlayer(page)
        player.join("Deniz")
        terminal = TerminalSeat(server, "Kerem", tmp_path / "kerem.txt")
        try:
            across = EN.text("table.where.across")
            player.wait(
                lambda: any("Kerem" in line and across in line for line in player.lines()),
                "Kerem sitting down across",
            )
            assert [seat for seat, _ in people(server)] == [0, 2]  # the rivals face each other
            terminal.playing = True
            player.start()
            assert player.count("Online table: duel rules") == 1
            for _ in range(2):
                assert player.until_turn_or_end()
                player.turn()
            player.wait(lambda: player.count("Kerem, ") > 0, "Kerem's move in the page")
            player.wait(
                lambda: any(line.startswith("Deniz, ") for line in terminal.lines()),
                "Deniz's move at the terminal",
            )
        finally:
            terminal.close()
