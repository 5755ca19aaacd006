"""The per-table keys: no key gives two commands offered at one table (every rule set of
``rules/``), the Escape menu and the help list only what a table plays, and any key at
any moment of a 101 table gets an answer, never a crash."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from test_table101_moves import OPENER, make_table101

from okey.rules import load_rules
from okey.table.keys import Command, Topic, clashes, help_topics, keymap, menu_commands
from okey.table.state.seat import Step

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


KEYS = [
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
        rig.press(rng.choice(KEYS))
        assert len(rig.heard) > before or rig.table.leaving
    assert "table.error" not in rig.keys
