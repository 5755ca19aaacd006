"""The lobby by ear without a terminal: typed lines become salon requests in English and
Turkish, the arrow keys read the cards, and every piece of news is said from the
catalogue in both languages."""

from __future__ import annotations

import re

import pytest

from okey.engine.events import MatchOver, Standing
from okey.messages import load_catalogue
from okey.salon import messages as m
from okey.salon.lobby import Lobby, Quit, Say, Send
from okey.salon.words import CONDUCT_RULES, card_line, news_lines

CARD = m.Card(
    3,
    "okey",
    "classic",
    20,
    (m.CardSeat("person", "Ayşe", 1040), m.CardSeat("bot"), m.CardSeat("open"), m.CardSeat("open")),
    50,
    1000,
    False,
    2,
)
WELCOME = m.Welcome("Veli", 1000, "token", True, True, (m.GameRating("okey", 1040, 3),))
NEWS: tuple[m.SalonNews, ...] = (
    WELCOME,
    m.Tables((CARD,)),
    m.Changed((CARD,), (4,)),
    m.Online(("Ayşe", "Veli")),
    m.LobbySaid("Ayşe", "selam"),
    m.Ticket(3, "CODE", "token", 1),
    m.Watching(3, CARD.seats, 0, ()),
    m.Spectated(3, 1, (MatchOver((Standing(1, (0,), 20),), (20, 0, 0, 0)),)),
    m.Watchers(3, ("Cem",)),
    m.Watchers(3, ()),
    m.Forfeited(3, "Bora", 50),
    m.Forfeited(3, "Veli", 50),
    m.Settled(3, 50, 1050, 1080),
    m.Settled(3, -50, 950, None),
    m.Settled(3, 0, 1000, None),
    m.Reported("Bora"),
    m.ReportHeard("Ayşe", "Bora", "rude", ("Bora: x",), ("Bora: discard r5",)),
    *(m.Sanctioned("Bora", s, 5) for s in m.Sanction),
    m.Board("okey", (m.BoardLine("Ayşe", 1080, 1),)),
    m.Board("101", ()),
    *(m.Declined(p) for p in m.Problem),
    *(m.Declined(m.Problem.NOT_LOGGED_IN, login) for login in ("wrong", "banned", "too_many")),
    *(m.Closing(sanction=s) for s in m.Sanction),
    m.Closing(problem=m.Problem.LOGGED_IN),
    m.Closing(problem=m.Problem.TOO_FAST),
    m.Closing(),
)


@pytest.mark.parametrize("language", ["en", "tr"])
def test_every_piece_of_news_is_said_from_the_catalogue(language: str) -> None:
    catalogue = load_catalogue(language)
    lobby = Lobby(catalogue)
    for news in NEWS:
        for line in lobby.hear(news):
            assert line and not re.search(r"salon\.\w", line) and "{" not in line, (news, line)
    assert len(lobby.hear(WELCOME)) >= CONDUCT_RULES + 2  # the conduct rules, first time


def test_a_card_is_one_line() -> None:
    en = card_line(CARD, load_catalogue("en"))
    assert en == (
        "Table 3, classic, 20 points, Ayşe 1040; a bot; free seat; free seat, stake 50 chips,"
        " rating 1000 or more, waiting for players, 2 watching."
    )
    tr = card_line(CARD, load_catalogue("tr"))
    assert tr.startswith("Masa 3, klasik, 20 puan, Ayşe 1040; bir bot; boş yer")


@pytest.mark.parametrize("language", ["en", "tr"])
def test_typed_lines_become_requests(language: str) -> None:
    catalogue = load_catalogue(language)
    lobby = Lobby(catalogue)
    lobby.hear(WELCOME)
    lobby.hear(m.Tables((CARD, m.Card(4, "101", "101", 0, (), 0, 0, True))))
    word = {k: catalogue.text(f"salon.word.{k}") for k in ("open", "stake", "points", "say")}
    opened = lobby.typed(f"{word['open']} classic {word['stake']} 50 {word['points']} 12")
    assert opened == Send(m.OpenTable("classic", 12, 50, 0))
    assert lobby.typed("open salon stake 5") == Send(m.OpenTable("salon", 0, 5, 0))  # English too
    assert lobby.typed(f"{word['say']}  iyi   oyunlar") == Send(m.LobbyChat("iyi   oyunlar"))
    assert lobby.typed("sit 4") == Send(m.Sit(4))
    assert lobby.move(1) == card_line(CARD, catalogue)
    assert lobby.move(1).startswith(catalogue.text("salon.card.number", number=4, rules="101")[:6])
    assert lobby.move(1).startswith(catalogue.text("salon.card.number", number=4, rules="101")[:6])
    assert lobby.move(-1) == card_line(CARD, catalogue)
    assert lobby.typed("") == Send(m.Sit(3))  # Enter sits at the card read
    assert lobby.typed("w") == Send(m.Watch(3))
    assert lobby.typed("quick 101") == Send(m.QuickSeat("101"))
    assert lobby.typed("report Bora keeps stalling") == Send(m.Report("Bora", "keeps stalling"))
    assert lobby.typed("ban Bora") == Send(m.Moderate("Bora", m.Sanction.BAN, 10))
    assert lobby.typed("mute Bora 30") == Send(m.Moderate("Bora", m.Sanction.MUTE, 30))
    assert lobby.typed("top 101") == Send(m.AskBoard("101"))
    assert lobby.typed("quit") == Quit()
    for refused in ("open", "open nothing", "open classic stake lots", "frobnicate", "sit x"):
        assert isinstance(lobby.typed(refused), Say), refused
    assert lobby.agrees(catalogue.text("salon.word.yes").upper())


def test_only_a_moderator_has_the_moderators_commands() -> None:
    lobby = Lobby(load_catalogue("en"))
    lobby.hear(m.Welcome("Veli", 1000, "token", False, False))
    assert isinstance(lobby.typed("ban Bora"), Say)
    assert not any("ban" in line for line in news_lines(WELCOME, load_catalogue("en"), None)[:1])


def test_a_new_table_is_said_and_a_table_put_away_leaves_the_list() -> None:
    catalogue = load_catalogue("en")
    lobby = Lobby(catalogue)
    assert lobby.hear(m.Tables(())) == [
        catalogue.text("salon.lobby.none"),
        catalogue.text("salon.lobby.hint"),
    ]
    said = lobby.hear(m.Changed((CARD,)))
    assert said == [catalogue.text("salon.opened", line=card_line(CARD, catalogue))]
    later = m.Card(2, "101", "101", 0, (), 0, 0, True)
    assert len(lobby.hear(m.Changed((later,)))) == 1
    assert [card.number for card in lobby.cards] == [2, 3]
    assert lobby.hear(m.Changed((), (2,))) == []
    assert [card.number for card in lobby.cards] == [3]


def test_chips_said_after_a_forfeit_and_a_match_are_the_salon_s_figures() -> None:
    # Played by ear: after walking out of a stake match, `chips` still said the welcome's 1000.
    lobby = Lobby(load_catalogue("en"))
    lobby.hear(WELCOME)
    lobby.hear(m.Forfeited(1, "Veli", 50))
    assert lobby.typed("chips") == Say(("You have 950 chips.",))
    lobby.hear(m.Forfeited(2, "Ayşe", 50))  # someone else's stake
    assert lobby.typed("chips") == Say(("You have 950 chips.",))
    lobby.hear(m.Settled(3, 150, 1100, 1012))
    assert lobby.typed("chips") == Say(("You have 1100 chips.",))


def test_a_watcher_hears_the_bots_by_the_names_the_players_hear() -> None:
    # Played by ear: a watcher heard "seat 2 deals" where the players heard "Mehmet".
    from okey.net.protocol import Lobby as Seating
    from okey.net.protocol import SeatInfo, SeatKind
    from okey.net.seat import seat_names
    from okey.salon.lobby import people

    catalogue = load_catalogue("en")
    seats = (m.CardSeat("person", "Ayşe", 1000), m.CardSeat("bot"), m.CardSeat("bot"))
    kinds = (SeatKind.PERSON, SeatKind.BOT, SeatKind.BOT)
    names = ("Ayşe", "", "")
    seating = Seating(tuple(SeatInfo(n, kinds[n], names[n], True) for n in range(3)), 0, True)
    heard_at_the_table = seat_names(seating, catalogue)
    assert people(seats, catalogue) == heard_at_the_table
    assert all(heard_at_the_table) and len(set(heard_at_the_table)) == 3
    assert people((*seats[:2], m.CardSeat("open")), catalogue)[2] == ""
