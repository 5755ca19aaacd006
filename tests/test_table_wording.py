"""The rough edges a blind player heard (issue 16), each said better: keys named in
words, the menu offering only what can be done, the help's second part alone, one
Enter after a round under autopilot, the game's own draw said without a place, false
jokers counted as such, partners' costs, Turkish names for tables and levels, and the
start menu wrapped on screen."""

from __future__ import annotations

import contextlib
import io
import tomllib
from dataclasses import replace
from pathlib import Path

import pytest
from test_table_rig import keys_in, make_rig

from okey.cli import main
from okey.messages import Verbosity, load_catalogue
from okey.rules import available_rule_sets, load_rules
from okey.rules_words import explain, level_name, rule_messages, rules_description, rules_name
from okey.speech import Speaker, SpeechMode
from okey.startmenu import Choice, StartMenu
from okey.table.controller import Table
from okey.table.keys import Command, KeyNames
from okey.table.lines import Face, Joined, Line
from okey.table.output import prompts, status
from okey.table.state.seat import Step

RULES = Path(__file__).resolve().parents[1] / "rules"
EN = load_catalogue("en")
WINNING = "r1 r2 r3 b4 b5 b6 k7 k8 k9 k10 y10 y11 y12 y13"


def test_punctuation_keys_are_said_by_name() -> None:
    assert KeyNames(EN)[Command.OLDER] == "Comma"
    assert KeyNames(EN)[Command.NEWER] == "Period"
    assert KeyNames(EN)[Command.RULES] == "Question mark"
    assert KeyNames(EN)[Command.FIND] == "Ctrl+F"
    rig = make_rig()
    table = rig.table
    table.begin()
    table.press("escape")
    assert table.menu is not None
    older = [o for o in table.menu.options if o.command is Command.OLDER]
    assert older and older[0].key(EN) == "Comma"


def _menu_after_a_finish(rules: str, step: Step) -> Table:
    """A table where the player has just finished (``step`` follows), its menu open."""
    table = make_rig(rules=rules, hands={0: WINNING + " k1"}, dealer=0).table
    table.begin()
    table.press("f")
    assert table.state.step is step
    table.press("escape")
    assert table.menu is not None
    return table


def test_after_the_match_the_menu_offers_only_what_can_be_done() -> None:
    table = _menu_after_a_finish("one-round", Step.MATCH_OVER)
    assert table.menu is not None
    offered = {option.command for option in table.menu.options}
    moves = {Command.CHOOSE, Command.DRAW, Command.TAKE, Command.ENTER, Command.FINISH}
    assert not offered & moves and Command.HINT not in offered
    assert {Command.REVIEW, Command.SCORES, Command.QUIT} <= offered


def test_help_pressed_twice_says_the_rest_not_the_first_again() -> None:
    rig = make_rig(dealer=0)
    table = rig.table
    table.begin()
    table.press("h")
    first = keys_in(rig.last())
    table.press("h")
    rest = keys_in(rig.last())
    assert first[0] == "table.help.discard" and "table.help.more" in first
    assert rest[0] == "table.help.moves"
    assert "F3 and F4: softer and louder" in rig.said[-1]  # the volume keys are said too
    assert not {"table.help.discard", "table.help.tiles", "table.help.more"} & set(rest)


def test_one_enter_after_a_round_under_autopilot_takes_the_seat_and_deals() -> None:
    clock = [0.0]
    rig = make_rig(rules="salon", dealer=0, seed=8, now=lambda: clock[0])
    table = rig.table
    table.begin()
    for _ in range(3000):
        step = table.state.step
        if step is Step.ROUND_OVER:
            break
        if step is Step.BOT:
            table.play_bot()
        elif step is Step.AUTOPILOT:
            table.play_autopilot()
        else:
            table.tick()
            clock[0] += 1000.0
            table.tick()
    assert table.state.step is Step.ROUND_OVER
    view = table.state.view
    assert view is not None and 0 in view.autopilot
    table.press("escape")  # the menu names what Enter does now
    assert table.menu is not None
    labels = [o.label for o in table.menu.options if o.command is Command.ENTER]
    assert labels == [Line("table.action.enter.resume")]
    table.press("escape")
    table.press("enter")  # once
    assert "table.autopilot_off.you" in rig.keys[-12:]
    assert table.state.round_number == 2 and table.state.step is not Step.ROUND_OVER
    assert table.state.view is not None and 0 not in table.state.view.autopilot


def test_the_games_own_draw_is_said_without_a_place_in_the_rack() -> None:
    clock = [0.0]
    rig = make_rig(rules="salon", dealer=3, seed=9, now=lambda: clock[0])
    table = rig.table
    table.begin()
    while table.state.step is Step.BOT:
        table.play_bot()
    table.tick()
    clock[0] += 1000.0
    table.tick()
    told = [key for key in rig.keys if key.startswith("table.you_")]
    assert told[-2] in ("table.you_draw_gone", "table.you_take_gone")
    assert told[-1] == "table.you_discard"
    draw = EN.variant("table.you_draw", Verbosity.BRIEF, tile="black 3", position=6, count=15)
    assert draw.startswith("Drew black 3")  # the player's own draw, brief: a draw


def test_z_on_a_false_joker_counts_the_false_jokers() -> None:
    rig = make_rig(hands={0: "fj r1 r2"}, indicator="y5", dealer=0)
    table = rig.table
    table.begin()
    view = table.state.view
    assert view is not None
    joker = next(tile for tile in view.hand if tile.is_false_joker)
    said = status.copies(view, joker, table.seats)
    assert said.key == "table.copies.false_jokers" and said.fields["face"] == Face(view.okey)


def test_partners_rules_say_the_other_team_loses() -> None:
    keys = [key for key, _ in rule_messages(load_rules("partners"))]
    assert "rules.normal.partners" in keys and "rules.normal" not in keys
    assert "rules.show.partners" in keys
    text = " ".join(explain(load_rules("partners"), EN))
    assert "every other player" not in text


@pytest.mark.parametrize("name", available_rule_sets())
def test_each_rule_set_has_its_name_and_description_in_the_catalogue(name: str) -> None:
    rules = load_rules(name)
    with (RULES / f"{name}.toml").open("rb") as file:
        source = tomllib.load(file)["description"]
    english, turkish = load_catalogue("en"), load_catalogue("tr")
    described = rules_description(rules)
    assert described.render(english) == source == rules.description  # the TOML is the source
    assert described.render(turkish) != source
    assert rules_name(rules).render(english) == name


def test_a_custom_description_is_said_as_written() -> None:
    custom = replace(load_rules("salon"), description="My own salon, 30 points.")
    assert rules_description(custom).render(load_catalogue("tr")) == "My own salon, 30 points."
    assert level_name("plugin-bot").render(load_catalogue("tr")) == "plugin-bot"


def test_okey_rules_in_turkish_names_and_describes_every_table_in_turkish() -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["--language", "tr", "rules"]) == 0
    listed = out.getvalue()
    assert "klasik: Dört oyuncu, herkese 20 puan" in listed
    assert "geleneksel: " in listed and "Classic" not in listed and "players" not in listed


def test_the_start_menu_wraps_its_lines_on_screen() -> None:
    speaker = Speaker(SpeechMode.OFF, printer=lambda _: None, catalogue=EN)
    long = "A new match: " + "salon table, medium bots, " * 6
    menu = StartMenu([Choice("play", long), Choice(None, "Quit")], speaker)
    menu.open()
    lines = menu.screen().splitlines()
    assert max(len(line) for line in lines) <= 80
    assert "".join(lines).replace(" ", "").count("salontable") == 6 * 2  # nothing cut


def test_turned_back_false_jokers_are_explained() -> None:
    english = load_catalogue("en")
    one = english.text("table.turned_back", count=1)
    assert "(1)" not in one and "indicator" in one
    assert english.text("table.turned_back", count=2).startswith("2 false jokers")


def test_the_welcome_names_the_bot_levels_weakest_first() -> None:
    rig = make_rig()
    said = prompts.welcome(
        "classic", ["hard", "my-plugin", "easy", "medium", "easy"], rig.table.seats
    )
    levels = said.fields["level"]
    assert isinstance(levels, Joined)
    assert levels.parts == tuple(level_name(n) for n in ("easy", "medium", "hard", "my-plugin"))


def test_brief_messages_say_the_new_status_lines_briefly() -> None:
    rig = make_rig(
        hands={0: WINNING[:-4] + " y5 k1"},
        indicator="b12",
        dealer=0,
        seed=2,
        verbosity=Verbosity.BRIEF,
    )
    rig.table.begin()
    rig.table.press("0")
    assert rig.said[-1].startswith("1 tile from runs and sets, 7 tiles from pairs. ")
    rig.table.press("home")
    rig.table.press("up")
    assert rig.said[-1].startswith("First group. ")
    rig.table.press("end")
    rig.table.press("down")
    assert rig.said[-1].startswith("Last group. ")
    rig.table.press("c-f")
    assert rig.said[-1] == "Find: a number, a colour letter or o; Escape stops."
    rig.table.press("escape")
    brief = EN.variant("table.discards.kept", Verbosity.BRIEF, name="Ayşe", tiles="red 5", count=1)
    detailed = EN.variant(
        "table.discards.kept", Verbosity.DETAILED, name="Ayşe", tiles="red 5", count=1
    )
    assert brief == "Took and holds red 5." and len(brief) < len(detailed)


def test_between_rounds_the_menu_offers_the_next_round() -> None:
    table = _menu_after_a_finish("classic", Step.ROUND_OVER)
    assert table.menu is not None
    enter = [o for o in table.menu.options if o.command is Command.ENTER]
    assert [o.label for o in enter] == [Line("table.action.enter.next_round")]
    while table.menu.current.command is not Command.ENTER:
        table.press("down")
    table.press("enter")
    assert table.menu is None and table.state.round_number == 2


def test_the_score_story_names_the_player_in_lower_case_mid_sentence() -> None:
    rig = make_rig(hands={0: WINNING + " k1"}, dealer=0)
    table = rig.table
    table.begin()
    table.press("f")
    table.press("c")
    table.press("c")  # twice: where the points went
    assert "Round 1: you finished, 2 each." in rig.said[-1]
    assert "You finished" not in rig.said[-1]
