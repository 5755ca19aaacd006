"""Golden transcripts of the table's wording beyond ``test_golden.py``: the seats of a duel
and of a two-seat table, brief messages, the tutorial (its wrong keys, Tab, help and
leaving) and the start menu. The table's other tests assert on lines (catalogue keys and
their fields); the words said are checked here, once.

When the wording changes on purpose, write the files anew and read the difference::

    OKEY_GOLDEN_WRITE=1 uv run pytest tests/test_table_golden.py
"""

from __future__ import annotations

import argparse
from datetime import date
from pathlib import Path

import pytest
from golden_table import Recorder, new_table, play_by_keys
from test_tutorial_lesson import KEYS_BY_STEP

from okey import cli
from okey.commands import menu as menu_command
from okey.messages import Verbosity, load_catalogue
from okey.speech import Speaker, SpeechMode
from okey.startmenu import StartMenu
from okey.table.state.session import Step
from okey.tutorial.build import tutorial_table

EN = load_catalogue("en")

GOLDEN = Path(__file__).parent / "golden"
WRITE = __import__("os").environ.get("OKEY_GOLDEN_WRITE") == "1"

# name: (rules, seed)
TABLES = {"duel": ("duel", 4), "two-player": ("two-player", 6)}

EXTRA_KEYS = {2: ["p", "9", "h", "h"], 3: ["q", "n"], 8: ["c-s"], 10: ["u"], 19: ["h"]}
"""Keys pressed before a step's own: wrong ones, help, a question, the hint."""
INSTEAD = {5: ["tab"], 7: ["end", "enter", "left", "left", "left", "enter"]}
"""Steps played otherwise: skipped, or Enter on the wrong tile first."""
TUTORIAL_KEYS = [
    EXTRA_KEYS.get(number, []) + INSTEAD.get(number, keys)
    for number, keys in enumerate(KEYS_BY_STEP, start=1)
]

START_KEYS = ["down", "down", "down", "down", "up", "home", "end", "h", "x", "9", ",", ","]
START_KEYS += [".", "<", ">", "right", "tab", "q"]


def _check(name: str, transcript: str) -> None:
    path = GOLDEN / f"table-{name}.txt"
    if WRITE:
        path.write_text(transcript, encoding="utf-8")
        return
    assert transcript == path.read_text(encoding="utf-8")


def _lines(output: Recorder) -> str:
    said = [f"{'>' if interrupt else '-'} {text}" for text, interrupt in output.spoken]
    return "\n".join(said) + "\n"


@pytest.mark.parametrize("name", sorted(TABLES))
def test_a_seeded_table_of_other_seats_says_the_same(name: str) -> None:
    rules, seed = TABLES[name]
    played = new_table(rules, seed, ("medium", "easy", "hard"))
    play_by_keys(played, rounds=1, seed=seed)
    _check(name, played.transcript())


def test_a_seeded_table_in_brief_messages_says_the_same() -> None:
    played = new_table("classic", 9, ("easy", "medium", "hard"))
    played.table.press("v")  # brief from the start: the welcome is detailed, the rest brief
    play_by_keys(played, rounds=1, seed=9)
    _check("brief", played.transcript())


def test_the_tutorial_by_keys_says_the_same() -> None:
    output = Recorder()
    speaker = Speaker(SpeechMode.AUTO, output, printer=lambda _: None, catalogue=EN)
    table = tutorial_table(speaker, pace=0)
    table.begin()

    def settle() -> None:
        while table.session.step() is Step.BOT:
            table.play_bot()

    for keys in TUTORIAL_KEYS:
        for key in keys:
            settle()
            table.press(key)
    settle()
    assert table.leaving
    output.speak(table.farewell(), interrupt=False)
    _check("tutorial", _lines(output))


def test_the_start_menu_by_keys_says_the_same(tmp_path: Path) -> None:
    said: list[str] = []
    args: argparse.Namespace = cli.build_parser(catalogue=EN).parse_args(
        ["menu", "--saves", str(tmp_path), "--speech", "off"]
    )
    choices = [choice for choice, _ in menu_command.choices(args, date(2026, 11, 30), catalogue=EN)]
    speaker = Speaker(
        SpeechMode.OFF, printer=said.append, verbosity=Verbosity.DETAILED, catalogue=EN
    )
    menu = StartMenu(choices, speaker)
    menu.open()
    for key in START_KEYS:
        menu.press(key)
    assert menu.done and menu.chosen is None
    _check("start-menu", "\n".join([*said, menu.screen()]) + "\n")


DICE = [(5, 2, 2), (5, 2, 3), (5, 2, 4), (3, 6, 1), (4, 5, 1), (1, 6, 2), (6, 6, 6)]
"""Throws (stack, tile) and where the indicator came from: every variant of the story."""


@pytest.mark.parametrize("verbosity", list(Verbosity))
def test_the_dice_are_told_the_same(verbosity: Verbosity) -> None:
    from okey.engine.events import DiceThrown, Event, IndicatorTurned, RoundStarted
    from okey.engine.traditional import Dice
    from okey.hand.notation import parse_tile
    from okey.rules import TableRules
    from okey.table.lines import Line
    from okey.table.output.narration import TableNarrator
    from okey.table.output.words import Words
    from okey.table.state.seats import Seats, default_names

    seats = Seats(TableRules(), 0, default_names(4, 0, "You", ["Ayşe", "Mehmet", "Zeynep"]))
    words = Words(seats, verbosity, catalogue=EN)
    said = []
    for stack, tile, position in DICE:
        for thrower in (0, 3):
            events: list[Event] = [
                RoundStarted(2, (thrower + 1) % 4, ()),
                DiceThrown(thrower, Dice(stack, tile), position),
                IndicatorTurned(parse_tile("r4"), parse_tile("r5"), 48, turned_back=position - 1),
            ]
            lines = TableNarrator(seats).lines(events, lambda _: (0, 0), Line("list.empty"))
            said += [words.say(line) for line in lines]
    _check(f"dice-{verbosity.value}", "\n".join(said) + "\n")
