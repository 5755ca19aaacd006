"""The one key table, and any key at any moment at every table: an answer, never a crash;
nothing said twice. No key gives two commands one table offers (every rule set), and
the Escape menu and the help list only what a table plays: 101's keys at 101 only."""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

import pytest
from test_table_play import OPENER, make_table101
from test_table_rig import make_rig, no_repeats

from okey import kits
from okey.messages import LANGUAGES, Verbosity, load_catalogue
from okey.rules import load_rules
from okey.table.input.router import HANDLERS
from okey.table.keys import (
    BINDINGS,
    KEYMAP,
    Command,
    KeyNames,
    Topic,
    clashes,
    command_for,
    help_topics,
    keymap,
    menu_commands,
)
from okey.table.kit import TablePart
from okey.table.state.seat import Step

KEYS = [*sorted(set(KEYMAP) - {"c-c", "q", "Q", "c-s"}), "z", "f5", "c-x", "tab"]
TABLES = ["classic", "partners", "duel", "two-player", "salon", "short"]

EN = load_catalogue("en")


@pytest.mark.parametrize("rules", TABLES)
def test_random_keys_at_random_moments(rules: str) -> None:
    clock = [0.0]
    rig = make_rig(rules=rules, seed=TABLES.index(rules), dealer=0, now=lambda: clock[0])
    table = rig.table
    rng = random.Random(rules)
    table.begin()
    for _ in range(400):
        step = table.state.step
        if step is Step.MATCH_OVER:
            break
        if step is Step.BOT and rng.random() < 0.7:
            table.play_bot()
            continue
        if step is Step.AUTOPILOT and rng.random() < 0.5:
            table.play_autopilot()
            continue
        clock[0] += rng.choice([0.1, 1.0, 5.0])
        table.tick()
        before = len(rig.said)
        table.press(rng.choice(KEYS))
        assert len(rig.said) > before or table.leaving, rig.said[-3:]
    events = [text for text, interrupt in rig.output.spoken if not interrupt]
    assert no_repeats(events) == []
    assert "table.error" not in rig.keys


def test_every_command_is_bound_once_and_handled() -> None:
    assert Counter(b.command for b in BINDINGS) == Counter(set(Command))
    for rules in [*TABLES, "101", "101-long"]:  # a key gives one command at a table
        assert clashes(load_rules(rules)) == {}, rules
    games = (kits.part(game, "table", TablePart) for game in kits.game_names())
    handled = set(HANDLERS).union(*(game.handlers for game in games))  # a game's own keys
    assert set(Command) - handled == {Command.SKIP}  # the tutorial's guide answers Tab


def test_the_key_map_names_and_menu_come_from_the_one_table() -> None:
    assert KEYMAP["p"] is KEYMAP["P"] is Command.DRAW
    assert KEYMAP["f1"] is KEYMAP["h"] is Command.HELP
    assert KeyNames(EN)[Command.HELP] == "H"  # the first key is the one said
    assert KeyNames(EN)[Command.SAVE] == "Ctrl+S"
    assert Command.OKEY_WARNING not in KeyNames(EN)  # the menu says it has no key
    classic = menu_commands(load_rules("classic"))
    assert classic[:5] == [
        Command.CHOOSE,
        Command.DRAW,
        Command.TAKE,
        Command.ENTER,
        Command.FINISH,
    ]
    assert classic[-2:] == [Command.SAVE, Command.QUIT]
    assert Command.TIME not in classic and Command.PAIRS not in classic
    salon = menu_commands(load_rules("salon"))
    assert {Command.TIME, Command.PAIRS, Command.TURN_TO_OKEY} <= set(salon)
    assert len(classic) == 32  # with Ctrl+F, 1 and 0 (issue 16)


def test_the_help_says_a_line_only_for_keys_the_table_plays() -> None:
    assert help_topics(load_rules("classic")) == [
        Topic.MOVES,
        Topic.HINT,
        Topic.STATUS,
        Topic.SPEECH,
    ]
    assert Topic.PAIRS in help_topics(load_rules("salon"))
    assert Topic.TIME in help_topics(load_rules("salon"))


def test_the_start_menu_reads_the_same_keys() -> None:
    assert command_for("down") is Command.NEXT_GROUP
    assert command_for("c-m") is command_for("c-j") is Command.ENTER
    assert command_for(" ") is Command.DISCARD
    assert command_for("c-i") is Command.SKIP
    assert command_for("c-x") is None


_NAMED = {"enter", "space", "escape"}  # named the same in the help as in the key names


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_each_help_line_names_the_keys_of_its_commands(language: str) -> None:
    """The help's sentences are the translators' (they spell out ',' or Ctrl+S in words);
    a letter, a digit, a function key or a named key they name must be the table's."""
    catalogue = load_catalogue(language)
    for binding in BINDINGS:
        if binding.topic is None:
            continue
        key = binding.keys[0]
        if (len(key) == 1 and key.isalnum()) or re.fullmatch(r"f\d+", key):
            said = key.upper()
        elif key in _NAMED:
            said = catalogue.text(f"key.{key}")
        else:
            continue  # arrows and signs are said in words
        line = catalogue.variant(f"table.help.{binding.topic.value}", Verbosity.DETAILED, count=3)
        assert re.search(rf"(?<!\w){re.escape(said)}(?!\w)", line), (language, binding.command)


# -- the keys of each table: Okey 101's only at 101 ----------------------------------------
RULE_SETS = sorted(path.stem for path in (Path(__file__).parents[1] / "rules").glob("*.toml"))
OKEY_101 = {Command.MARK, Command.LAY, Command.ADD, Command.BROWSE}
CLASSIC_ONLY = {Command.SHOW, Command.TURN_TO_OKEY, Command.DECLINE, Command.OKEY_WARNING}


@pytest.mark.parametrize("name", RULE_SETS)
def test_no_key_gives_two_commands_a_table_offers(name: str) -> None:
    assert clashes(load_rules(name)) == {}


def test_g_k_x_are_101s_at_a_101_table_and_classics_elsewhere() -> None:
    at_101 = keymap(load_rules("101"))
    assert (at_101["g"], at_101["K"], at_101["x"], at_101["3"]) == (
        Command.LAY,
        Command.MARK,
        Command.ADD,
        Command.BROWSE,
    )
    salon = keymap(load_rules("salon"))
    assert (salon["g"], salon["k"]) == (Command.SHOW, Command.TURN_TO_OKEY)


@pytest.mark.parametrize("name", ["101", "101-long"])
def test_the_menu_and_help_at_101_list_101s_keys_only(name: str) -> None:
    rules = load_rules(name)
    menu = menu_commands(rules)
    assert set(menu) >= OKEY_101 | {Command.PAIRS, Command.FINISH}
    assert not set(menu) & CLASSIC_ONLY
    topics = help_topics(rules)
    assert Topic.LAYING in topics and Topic.PAIRS not in topics


@pytest.mark.parametrize("name", [n for n in RULE_SETS if not n.startswith("101")])
def test_a_classic_table_lists_none_of_101s_keys(name: str) -> None:
    rules = load_rules(name)
    assert not set(menu_commands(rules)) & OKEY_101
    assert Topic.LAYING not in help_topics(rules)


def test_the_escape_menu_at_101_offers_the_moves_possible_now() -> None:
    rig = make_table101({0: OPENER})
    rig.press("escape")
    menu = rig.table.menu
    assert menu is not None
    offered = {option.command for option in menu.options}
    assert {Command.MARK, Command.LAY, Command.PAIRS, Command.BROWSE} <= offered
    assert Command.ADD not in offered  # nothing can be added before opening
    assert Command.TAKE not in offered


KEYS_101 = [
    "p",
    "t",
    "d",
    "g",
    "k",
    "x",
    "2",
    "3",
    "f",
    "enter",
    "space",
    "y",
    "n",
    "escape",
    "left",
    "right",
    "up",
    "down",
    "home",
    "end",
    "s",
    "c",
    "1",
    "0",
    "w",
    "h",
    "a",
]


def test_random_keys_at_a_101_table_always_answer() -> None:
    rig = make_table101(seed=4)
    rng = random.Random(4)
    for _ in range(500):
        step = rig.table.state.step
        if step is Step.MATCH_OVER:
            break
        if step is Step.BOT:
            rig.table.play_bot()
            continue
        before = len(rig.heard)
        rig.press(rng.choice(KEYS_101))
        assert len(rig.heard) > before or rig.table.leaving
    assert "table.error" not in rig.keys
