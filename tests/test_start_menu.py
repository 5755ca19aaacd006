"""The start menu (bare ``okey``): spoken choices, keys, and the command each one runs."""

from __future__ import annotations

import argparse
import asyncio
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from test_daily import _saved_daily

from okey import cli
from okey.commands import daily as daily_command
from okey.commands import menu as command
from okey.commands import play as play_command
from okey.daily import save_name
from okey.messages import Catalogue, Verbosity, load_catalogue
from okey.rules import load_rules
from okey.speech import Speaker, SpeechMode
from okey.startmenu import Choice, StartMenu, run_start_menu
from okey.table.keys import spoken_key
from okey.table.state.persist import DiskSaver
from okey.table.state.session import new_session
from okey.table.state.settings import TableSettings

EN = load_catalogue("en")

CHOICES = [Choice("play", "first"), Choice("daily", "second"), Choice(None, "last")]
DAY = date(2026, 11, 30)
text = EN.text


def unknown(key: str) -> str:
    return EN.variant("start.unknown_key", Verbosity.DETAILED, key=key)


def item(label: str, position: int) -> str:
    return text("start.item", label=label, position=position, count=len(CHOICES))


def menu_and_said() -> tuple[StartMenu, list[str]]:
    said: list[str] = []
    speaker = Speaker(SpeechMode.OFF, printer=said.append, catalogue=EN)
    return StartMenu(CHOICES, speaker), said


def test_it_opens_on_the_first_choice_and_reads_each_one_with_its_place() -> None:
    menu, said = menu_and_said()
    menu.open()
    assert said == [text("start.welcome", item=item("first", 1))]
    for key in ("down", "down", "down", "up", "home", "end"):
        menu.press(key)
    assert said[1:] == [
        item("second", 2),
        item("last", 3),
        item("last", 3),  # the end of the list: said again, nothing wraps
        item("second", 2),
        item("first", 1),
        item("last", 3),
    ]
    assert not menu.done


@pytest.mark.parametrize(
    ("keys", "chosen"),
    [
        (["enter"], "play"),
        (["c-m"], "play"),
        (["down", "enter"], "daily"),
        (["2"], "daily"),
        (["3"], None),
        (["down", "down", "enter"], None),
        (["q"], None),
        (["escape"], None),
    ],
)
def test_a_choice_or_leaving_ends_the_menu(keys: list[str], chosen: str | None) -> None:
    menu, _ = menu_and_said()
    menu.open()
    for key in keys:
        menu.press(key)
    assert menu.done
    assert (menu.chosen.command if menu.chosen else None) == chosen


def test_help_history_and_other_keys() -> None:
    menu, said = menu_and_said()
    menu.open()
    menu.press("h")
    assert said[-1] == text("start.help", count=3)
    menu.press("x")
    assert said[-1] == unknown("X")
    menu.press("9")
    assert said[-1] == unknown("9")
    menu.press(",")
    assert said[-1] == unknown("9")
    menu.press(",")
    assert said[-1] == unknown("X")
    for key in ("right", "left", "tab", "d"):  # the table's keys that mean nothing here
        menu.press(key)
        assert said[-1] == unknown(spoken_key(key, catalogue=EN))
    assert not menu.done
    assert "> 1. first" in menu.screen()


def test_the_menu_runs_in_a_terminal_by_keys() -> None:
    menu, _ = menu_and_said()

    async def main() -> Choice | None:
        with create_pipe_input() as pipe:
            task = asyncio.create_task(run_start_menu(menu, input=pipe, output=DummyOutput()))
            await asyncio.sleep(0.05)
            pipe.send_text("\x1b[B")  # Down
            await asyncio.sleep(0.05)
            pipe.send_text("\r")
            return await asyncio.wait_for(task, 10)

    chosen = asyncio.run(main())
    assert chosen == CHOICES[1]


def _args(tmp_path: Path) -> argparse.Namespace:
    return cli.build_parser(catalogue=EN).parse_args(
        ["menu", "--saves", str(tmp_path), "--speech", "off"]
    )


def test_the_choices_follow_the_saves(tmp_path: Path) -> None:
    labels = [choice.label for choice, _ in command.choices(_args(tmp_path), DAY, catalogue=EN)]
    when = daily_command.spoken_date(DAY, catalogue=EN)
    assert labels == [
        text("start.play", rules="classic", level="medium"),
        text("start.daily", date=when),
        text("start.story", number=1, count=5, title=text("story.title.newcomer")),
        text("start.tasks", left=3, count=3, score=0),
        text("start.tutorial"),
        text("start.online"),
        text("start.quit"),
    ]
    settings = TableSettings(names=["You", "A", "B", "C"], levels=["", "easy", "easy", "easy"])
    session = new_session(load_rules("short"), settings)
    session.start_round()
    DiskSaver(session, tmp_path).save("evening")
    items = command.choices(_args(tmp_path), DAY, catalogue=EN)
    assert items[1][0].label == text("start.resume", rules="short", number=1)
    assert items[1][1] == ["resume", "evening"]


def test_todays_hand_says_whether_it_was_started_or_played(tmp_path: Path) -> None:
    _saved_daily(tmp_path, finish=False)
    items = command.choices(_args(tmp_path), DAY, catalogue=EN)
    daily = next(choice for choice, line in items if line == ["daily"])
    when = daily_command.spoken_date(DAY, catalogue=EN)
    assert daily.label == text("start.daily.started", date=when)
    (tmp_path / f"{save_name(DAY)}.json").unlink()
    _saved_daily(tmp_path, finish=True)
    items = command.choices(_args(tmp_path), DAY, catalogue=EN)
    daily = next(choice for choice, line in items if line == ["daily"])
    assert daily.label == text("start.daily.done", date=when)


def test_the_choice_runs_as_if_typed_with_the_same_speech(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ran: list[argparse.Namespace] = []
    wanted: list[str] = []

    async def choose(menu: StartMenu, **_: Any) -> Choice | None:
        menu.chosen = next(c for c in menu.choices if c.command == wanted[-1])
        return menu.chosen

    def record(args: argparse.Namespace, catalogue: Catalogue) -> int:
        assert catalogue is EN  # the menu hands the command its own catalogue
        ran.append(args)
        return 0

    monkeypatch.setattr(command, "needs_terminal", lambda catalogue: None)
    monkeypatch.setattr(command, "run_start_menu", choose)
    monkeypatch.setattr(daily_command, "run", record)
    monkeypatch.setattr(play_command, "run", record)
    parser = cli.build_parser(EN, {"level": "hard", "rules": "short", "sounds": False})
    line = ["menu", "--saves", str(tmp_path), "--speech", "off", "--verbosity", "brief"]
    for name in ("daily", "play"):
        wanted.append(name)
        args = parser.parse_args([*line, "--sounds"])
        args.parser = parser
        assert command.run(args, catalogue=EN) == 0
    daily, play = ran
    for chosen in (daily, play):
        assert (chosen.speech, chosen.verbosity, chosen.sounds) == ("off", "brief", True)
        assert chosen.saves == str(tmp_path)
        assert chosen.announced  # the menu already said how speech goes
    assert daily.command == "daily"
    assert (play.command, play.rules, play.level) == ("play", "short", "hard")


def test_todays_hand_is_not_offered_twice(tmp_path: Path) -> None:
    _saved_daily(tmp_path, finish=False)
    lines = [line for _, line in command.choices(_args(tmp_path), DAY, catalogue=EN)]
    assert ["daily"] in lines
    assert not any(line[:1] == ["resume"] for line in lines)


def test_leaving_the_menu_is_printed_once_the_screen_is_gone(
    capsys: pytest.CaptureFixture[str],
) -> None:
    said: list[str] = []
    speaker = Speaker(SpeechMode.OFF, printer=said.append, catalogue=EN)
    menu = StartMenu(CHOICES, speaker)

    async def main() -> Choice | None:
        with create_pipe_input() as pipe:
            task = asyncio.create_task(run_start_menu(menu, input=pipe, output=DummyOutput()))
            await asyncio.sleep(0.05)
            pipe.send_text("q")
            return await asyncio.wait_for(task, 10)

    assert asyncio.run(main()) is None
    speaker.event("start.goodbye")
    assert capsys.readouterr().out.splitlines()[-1] == text("start.goodbye")


def test_keys_are_named_as_a_player_knows_them() -> None:
    assert [
        spoken_key(k, catalogue=EN) for k in ("c-i", "c-h", "c-m", "c-x", "<bracketed-paste>")
    ] == [
        text("key.tab"),
        text("key.backspace"),
        text("key.enter"),
        text("key.ctrl", name="X"),
        text("key.paste"),
    ]


def test_bare_okey_opens_the_menu_and_options_alone_still_play() -> None:
    assert cli.with_default_command([]) == ["menu"]
    assert cli.with_default_command(["--seed", "3"]) == ["play", "--seed", "3"]
    assert cli.with_default_command(["--help"]) == ["--help"]
