"""The master's hint (U): the master's move in the player's place, three a match, in the
words of the table's game (every game's hint worded in both languages; Okey 101's own
reasons are in test_master101)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from test_table_rig import make_rig

from okey.bots import make_bot, master_of
from okey.bots.hard import HardBot
from okey.engine.actions import DrawFromPile
from okey.engine.match import Match
from okey.engine.view import TableView
from okey.hand.notation import parse_tile
from okey.messages import Verbosity, load_catalogue
from okey.rules import load_rules
from okey.saves import SaveError
from okey.table.lines import Joined, Line, Name
from okey.table.output.hint import hint_line, master_move
from okey.table.output.words import Words
from okey.table.state.seats import Seats
from okey.table.state.settings import HINTS, TableSettings

EN = load_catalogue("en")

NAMES = ("Can", "Ayse", "Mehmet", "Zeynep")
WINNING = "r1 r2 r3 b4 b5 b6 k7 k8 k9 k10 y10 y11 y12 y13"


def test_the_hint_is_the_hard_bots_move_and_counts_down() -> None:
    rig = make_rig(dealer=0, seed=5)
    table = rig.table
    table.begin()
    view = table.state.view
    assert view is not None
    move = HardBot(random.Random(0)).choose(view)
    assert master_move(view) == move
    expected = hint_line(view, move)
    assert expected.key.startswith("table.hint.")
    table.press("u")
    assert rig.last() == Joined((expected, Line("table.hint.left", count=2)))
    assert table.session.match.view(0) == view  # a hint changes nothing at the table
    table.press("u")
    assert rig.last() == Joined((expected, Line("table.hint.left", count=1)))
    table.press("U")
    assert rig.last() == Joined((expected, Line("table.hint.left", count=0)))
    table.press("u")
    assert rig.last() == Line("table.hint.used_up")
    assert table.settings.hints_left == 0


def test_the_master_finishes_when_the_hand_can() -> None:
    rig = make_rig(dealer=0, hands={0: f"{WINNING} b12"}, indicator="r5")
    table = rig.table
    table.begin()
    table.press("u")
    finish = Line("table.hint.finish", tile=parse_tile("b12"))
    assert rig.last() == Joined((finish, Line("table.hint.left", count=2)))


def test_no_hint_on_someone_elses_turn() -> None:
    rig = make_rig(dealer=1, seed=2)
    table = rig.table
    table.begin()
    table.press("u")
    assert rig.last() == Line("table.hint.not_now")
    assert table.settings.hints_left == HINTS


def test_hints_left_travel_with_the_settings() -> None:
    settings = TableSettings(hints_left=1)
    assert TableSettings.from_dict(settings.to_dict()).hints_left == 1
    assert TableSettings.from_dict({}).hints_left == HINTS  # saves from before hints
    for bad in (-1, HINTS + 1, "2", 1.5, True, None):
        with pytest.raises(ValueError):
            TableSettings.from_dict({"hints_left": bad})


def test_a_save_with_a_bad_hint_count_is_a_save_error() -> None:
    from dataclasses import replace

    from okey.table.state.persist import DiskSaver, session_from_save

    rig = make_rig(dealer=0, seed=5)
    rig.table.begin()
    data = DiskSaver(rig.table.session, Path(".")).data()
    assert session_from_save(data, catalogue=EN).settings.hints_left == HINTS
    broken = replace(data, settings={**data.settings, "hints_left": "many"})
    with pytest.raises(SaveError, match="does not restore"):
        session_from_save(broken, catalogue=EN)


def test_the_master_names_the_tile_to_take_and_whose_it_is() -> None:
    from bots_support import make_view

    from okey.engine.actions import TakeDiscard
    from okey.engine.view import Phase

    hand = "r1 r2 r3 r4 b4 b5 b6 b7 k7 k8 k9 r9 r11 y1"  # waits on r10; r12 widens it
    view = make_view(hand, indicator="k5", phase=Phase.DRAW, discards=("", "k6 r10", "k6", "r12"))
    assert master_move(view) == TakeDiscard()
    assert hint_line(view, TakeDiscard()) == Line(
        "table.hint.take", tile=parse_tile("r12"), name=Name(view.previous)
    )
    assert hint_line(view, DrawFromPile()) == Line("table.hint.draw")


def _played_views(rules_name: str, seed: int) -> list[TableView]:
    """Every view seat 0 had in a round of hard bots of the rule set's game."""
    rules = load_rules(rules_name)
    match = Match(rules, random.Random(seed))
    players = rules.table.players
    bots = [make_bot("hard", random.Random(seat), rules.game) for seat in range(players)]
    match.start_round()
    found = []
    while not match.round_over:
        seat = match.turn
        view = match.table_view(seat)
        if seat == 0:
            found.append(view)
        match.apply(seat, bots[seat].choose(view))
    return found


@pytest.mark.parametrize("language", ["en", "tr"])
@pytest.mark.parametrize(
    ("rules_name", "keys"),
    [
        ("classic", {"table.hint.draw", "table.hint.discard"}),
        ("101", {"table.hint.draw", "table.hint101.open", "table.hint101.discard"}),
    ],
)
def test_every_hint_of_a_played_round_is_worded_in_both_languages(
    rules_name: str, keys: set[str], language: str
) -> None:
    rules = load_rules(rules_name)
    master = master_of(rules.game)
    said = set()
    for seed in (3, 8, 11):
        for view in _played_views(rules_name, seed):
            line = hint_line(view, master.choose(view))
            seats = Seats(rules.table, 0, NAMES[: rules.table.players])
            words = Words(seats, Verbosity.DETAILED, load_catalogue(language))
            words.okey = view.okey
            text = words.say(line)
            assert text and "{" not in text and not text.startswith("table.")
            said.add(line.key)
    assert keys <= said
