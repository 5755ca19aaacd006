"""The first words come before the screen library: said once, kept and written once."""

from __future__ import annotations

import argparse
import asyncio
import json
import subprocess
import sys
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from test_table_rig import FakeOutput, Player, make_rig, play

from okey.commands import play as play_command
from okey.messages import load_catalogue
from okey.speech import Speaker, SpeechMode
from okey.speech.transcript import Transcript
from okey.startmenu import Choice, StartMenu, run_start_menu
from okey.table.controller import Table

EN = load_catalogue("en")

LOADED = """
import json, sys
import okey.commands.play, okey.commands.menu, okey.commands.tutorial
import okey.table.controller, okey.table.state.persist, okey.table.state.session
import okey.table.input.leaving
print(json.dumps(sorted(sys.modules)))
"""

BEFORE_THE_WELCOME = """
import json, sys
import okey.cli, okey.preferences, okey.commands.play
print(json.dumps(sorted(sys.modules)))
"""


def _loaded(script: str) -> list[str]:
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=True
    )
    modules: list[str] = json.loads(result.stdout)
    return modules


def test_the_commands_that_start_a_game_load_without_the_screen_library() -> None:
    modules = _loaded(LOADED)
    assert "okey.table.controller" in modules
    assert not [
        name for name in modules if name.startswith(("prompt_toolkit", "okey.table.terminal.app"))
    ]


def test_okey_play_reaches_its_welcome_without_the_engine_the_bots_or_the_table() -> None:
    """What ``okey play`` loads before it says its welcome: the command line, the
    settings file and the command itself; the rest loads once the welcome is said."""
    modules = _loaded(BEFORE_THE_WELCOME)
    heavy = ("okey.engine", "okey.bots", "okey.hand.solver", "okey.table.controller")
    assert not [name for name in modules if name.startswith(heavy)]
    assert not [name for name in modules if name.startswith(("okey.saves.codec", "prompt_toolkit"))]


def _seat(monkeypatch: pytest.MonkeyPatch, table: Table, *, resumed: bool = False) -> list[str]:
    """Seat the player at ``table`` as ``okey play`` does, the screen being a stand-in
    that begins the match as the screen does; what was spoken before it opened."""
    before: list[str] = []
    output = table.speaker._owned_output
    assert isinstance(output, FakeOutput)

    def screen(table: Table, **options: object) -> int:
        before.extend(text for text, _ in output.spoken)
        table.reopen() if resumed else table.begin()
        return 0

    monkeypatch.setattr(play_command, "needs_terminal", lambda catalogue: None)
    monkeypatch.setattr(play_command, "speaker_from_args", lambda *args: table.speaker)
    monkeypatch.setattr(play_command, "play", screen)
    args = argparse.Namespace(sounds=False, transcript=None)
    play_command.seat_player(args, lambda speaker: table, EN, pace=0, resumed=resumed)
    return before


def test_a_new_match_says_its_welcome_before_the_screen_opens_and_only_then(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    rig = make_rig(seed=3)
    path = tmp_path / "transcript.txt"
    rig.table.speaker._transcript = Transcript.open(path)
    before = _seat(monkeypatch, rig.table)
    spoken = [text for text, _ in rig.output.spoken]
    welcome = spoken[0]
    assert welcome.startswith("Okey, classic table:")
    assert before == [welcome]
    assert spoken.count(welcome) == 1
    assert rig.table.speaker.history.entries.count(welcome) == 1
    assert len(spoken) > 1  # the deal came after it
    rig.table.speaker.close()
    assert path.read_text(encoding="utf-8").splitlines().count(welcome) == 1


def test_a_resumed_match_says_nothing_before_the_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    rig = make_rig(seed=4)
    rig.table.begin()
    rig.output.spoken.clear()
    assert _seat(monkeypatch, rig.table, resumed=True) == []
    assert rig.output.spoken[0][0].startswith("Welcome back to the classic table")


def test_the_welcome_said_ahead_is_not_said_again_by_the_running_table() -> None:
    rig = make_rig(seed=5)
    speaker = rig.table.speaker
    with speaker.ahead():
        rig.table.voice.event(play_command.first_words(rig.table))
    welcome = rig.output.spoken[0][0]

    async def look(player: Player) -> None:
        del player

    play(rig, look)
    spoken = [text for text, _ in rig.output.spoken]
    assert spoken.count(welcome) == 1
    assert speaker.history.entries.count(welcome) == 1


def test_the_start_menu_said_before_its_screen_is_not_said_again() -> None:
    output = FakeOutput()
    said: list[str] = []
    speaker = Speaker(SpeechMode.AUTO, output, printer=said.append, catalogue=EN)
    menu = StartMenu([Choice("play", "first"), Choice(None, "last")], speaker)
    menu.open()

    async def main() -> Choice | None:
        with create_pipe_input() as pipe:
            task = asyncio.create_task(run_start_menu(menu, input=pipe, output=DummyOutput()))
            await asyncio.sleep(0.05)
            pipe.send_text("q")
            return await asyncio.wait_for(task, 10)

    assert asyncio.run(main()) is None
    welcome = EN.text(
        "start.welcome", item=EN.text("start.item", label="first", position=1, count=2)
    )
    assert [text for text, _ in output.spoken] == [welcome]
    assert said == [welcome]
    assert list(menu.said) == [welcome]


RULE_SETS = ("classic", "partners", "duel", "two-player", "101", "short")


@pytest.mark.parametrize("rules", RULE_SETS)
@pytest.mark.parametrize("language", ["en", "tr"])
def test_okey_play_says_its_welcome_before_loading_the_table_and_the_table_not_again(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, rules: str, language: str
) -> None:
    """``okey play`` words its welcome itself (:func:`say_welcome`), before the engine and
    the table load: the running table's own welcome must be the same words, or the
    player would hear it twice."""
    from okey.cli import build_parser

    catalogue = load_catalogue(language)
    output = FakeOutput()
    speaker = Speaker(SpeechMode.AUTO, output, printer=lambda line: None, catalogue=catalogue)
    before: list[str] = []

    def screen(table: Table, **options: object) -> int:
        before.extend(text for text, _ in output.spoken)
        table.begin()
        table.speaker.close()
        return 0

    monkeypatch.setattr(play_command, "needs_terminal", lambda catalogue: None)
    monkeypatch.setattr(play_command, "speaker_from_args", lambda *args: speaker)
    monkeypatch.setattr(play_command, "play", screen)
    argv = ["play", "--rules", rules, "--seed", "8", "--name", "Kaan", "--saves", str(tmp_path)]
    args = build_parser(catalogue).parse_args(argv)
    assert play_command.run(args, catalogue) == 0
    spoken = [text for text, _ in output.spoken]
    welcome = spoken[0]
    assert before == [welcome]
    assert spoken.count(welcome) == 1
    assert speaker.history.entries.count(welcome) == 1
    assert len(spoken) > 1  # the deal came after it


def test_a_table_that_cannot_open_after_the_welcome_closes_its_speaker(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The saves folder refusing the match (its autosave held by another okey) is
    reported after the welcome, and the speech worker is closed, not left running."""
    from okey.cli import build_parser
    from okey.saves import SaveError
    from okey.table.state.persist import DiskSaver

    def held(self: DiskSaver, *names: str | None) -> None:
        raise SaveError("locked", path=tmp_path / "autosave.json", pid=1)

    output = FakeOutput()
    speaker = Speaker(SpeechMode.AUTO, output, printer=lambda line: None, catalogue=EN)
    closed: list[bool] = []
    real_close = speaker.close

    def close() -> None:
        closed.append(True)
        real_close()

    monkeypatch.setattr(speaker, "close", close)
    monkeypatch.setattr(play_command, "needs_terminal", lambda catalogue: None)
    monkeypatch.setattr(play_command, "speaker_from_args", lambda *args: speaker)
    monkeypatch.setattr(play_command, "play", lambda table, **options: 0)
    monkeypatch.setattr(DiskSaver, "open", held)
    args = build_parser(EN).parse_args(["play", "--saves", str(tmp_path)])
    assert play_command.run(args, EN) != 0
    assert closed == [True]
    assert output.spoken[0][0].startswith("Okey, classic table:")
